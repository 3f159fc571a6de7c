/**
 * Co-registration of a change pair, calibrated on the LEVIR-CD pair of the shared fixtures (a co-registered pair:
 * no misregistration may be reported) and on copies shifted here by known amounts (5, 8 and 12 px must be flagged
 * with the shift that was applied). The shifts are the test's own; nothing is taken from the code under test.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadBandStack, type BandStack } from '../../../../main/engines/classical/band-stack'
import { ChangeInputError, detectChange } from '../../../../main/engines/classical/change'

const A = '/work/shared/fixtures/levircd/A/test_2_0000_0000.png'
const B = '/work/shared/fixtures/levircd/B/test_2_0000_0000.png'
const have = fs.existsSync(A) && fs.existsSync(B)

/** The stack with its content moved by (dx, dy) px (edge pixels repeated), optionally brightened and noised. */
function moved(s: BandStack, dx: number, dy: number, gain = 1, noise = 0): BandStack {
  const { width: w, height: h } = s.grid
  let seed = 7
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 2 * noise
  const bands: Record<string, Float64Array> = {}
  for (const [r, b] of Object.entries(s.bands)) {
    const o = new Float64Array(w * h)
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const sx = Math.min(w - 1, Math.max(0, x - dx))
      const sy = Math.min(h - 1, Math.max(0, y - dy))
      o[y * w + x] = b[sy * w + sx] * gain + rnd()
    }
    bands[r] = o
  }
  return { ...s, bands }
}

/** `base` with rows [0, rows) taken from `other`: a partly changed scene. */
function partlyChanged(base: BandStack, other: BandStack, rows: number): BandStack {
  const w = base.grid.width
  const bands: Record<string, Float64Array> = {}
  for (const [r, b] of Object.entries(base.bands)) {
    const o = Float64Array.from(b)
    o.set(other.bands[r].subarray(0, rows * w), 0)
    bands[r] = o
  }
  return { ...base, bands }
}

describe.skipIf(!have)('change co-registration on LEVIR-CD', () => {
  it('raises no misregistration on the co-registered pair, and says whether it could be judged', async () => {
    const [a, b] = await Promise.all([loadBandStack(A), loadBandStack(B)])
    const r = detectChange(a, b)
    expect(r.registration.misregistered).toBe(false)
    expect(r.registration.search_px).toBeGreaterThanOrEqual(12)
    expect(typeof r.registration.assessable).toBe('boolean')
    // The same date against itself with a gain and noise (a radiometric difference, not a shift): no flag.
    const same = detectChange(a, moved(a, 0, 0, 1.2, 6))
    expect(same.registration.misregistered).toBe(false)
    expect(same.registration.best_shift_px).toEqual([0, 0])
  })

  it.each([
    [5, 0],
    [0, -5],
    [8, 0],
    [8, 4],
    [-12, 6],
    [12, 12],
  ])('flags a copy shifted by (%i, %i) px', async (dx, dy) => {
    const a = await loadBandStack(A)
    expect(() => detectChange(a, moved(a, dx, dy, 0.9, 4))).toThrow(ChangeInputError)
    expect(() => detectChange(a, moved(a, dx, dy, 0.9, 4))).toThrow(`shifted by (${dx}, ${dy}) px`)
  })

  it('flags a partly changed scene shifted by 8 px, and not the same scene unshifted', async () => {
    const [a, b] = await Promise.all([loadBandStack(A), loadBandStack(B)])
    const after = partlyChanged(a, b, 80)
    expect(detectChange(a, after).registration.misregistered).toBe(false)
    expect(() => detectChange(a, moved(after, 8, 0))).toThrow('shifted by (8, 0) px')
  })
  it.each([
    [8, 8],
    [5, 5],
    [12, 12],
    [-5, 0],
    [0, 6],
  ])('flags the other date moved by (%i, %i) px and padded at its border, where correlation cannot judge the pair', async (dx, dy) => {
    const [a, b] = await Promise.all([loadBandStack(A), loadBandStack(B)])
    // The two dates share too little structure for correlation (the first test): only the padding can show it.
    expect(detectChange(a, b).registration.assessable).toBe(false)
    expect(() => detectChange(a, moved(b, dx, dy))).toThrow(`shifted by (${dx}, ${dy}) px`)
    // The first date padded instead: the opposite shift.
    expect(() => detectChange(moved(a, dx, dy), b)).toThrow(`shifted by (${-dx}, ${-dy}) px`)
  })

  it('counts no padding on the fixtures\' own images, and the padding both dates share is no shift', async () => {
    const [a, b] = await Promise.all([loadBandStack(A), loadBandStack(B)])
    const r = detectChange(a, b)
    expect(r.registration.padding_px).toEqual({ before: { top: 0, bottom: 0, left: 0, right: 0 }, after: { top: 0, bottom: 0, left: 0, right: 0 } })
    const both = detectChange(moved(a, 6, 0), moved(b, 6, 0))
    expect(both.registration.misregistered).toBe(false)
    expect(both.registration.padding_shift_px).toEqual([0, 0])
  })
})
