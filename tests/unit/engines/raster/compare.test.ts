/** The one comparison of the DAG's comparison ops (engines/raster/compare.ts): thresholds and inclusive / exclusive ranges. */
import { describe, expect, it } from 'vitest'
import { comparator, compare, type ComparisonOp } from '../../../../main/engines/raster/compare'
import { evalRaster, parseExpr } from '../../../../main/engines/raster/expr'
import { applyMask } from '../../../../main/engines/raster/mask'

describe('compare', () => {
  // Values 1..5 against 3 and the range [2, 4], written out by hand.
  const cases: [ComparisonOp, number[]][] = [
    ['>', [4, 5]],
    ['>=', [3, 4, 5]],
    ['<', [1, 2]],
    ['<=', [1, 2, 3]],
    ['between', [2, 3, 4]],
    ['outside', [1, 5]],
  ]
  for (const [op, expected] of cases) {
    it(`${op} keeps ${expected.join(', ')}`, () => {
      expect([1, 2, 3, 4, 5].filter((v) => compare(op, v, { value: 3, low: 2, high: 4 }))).toEqual(expected)
      expect([1, 2, 3, 4, 5].filter(comparator(op, { value: 3, low: 2, high: 4 }))).toEqual(expected)
    })
  }
  it('NaN meets no comparison', () => {
    for (const [op] of cases) expect(compare(op, NaN, { value: 3, low: 2, high: 4 })).toBe(false)
  })

  it('meets a decimal bound with a scaled integer that float64 rounding moved off it, in every comparison site', () => {
    // Every stored DN of 0..10000 times 0.0001 (how a scale tag is applied) against the same DN / 10000 (correctly
    // rounded, as numpy's reference computes it): the two must fall on the same side of each bound.
    const bounds = [0.15, 0.35, 0.6, 1]
    let moved = 0
    for (let dn = 0; dn <= 10000; dn++) {
      const scaled = dn * 0.0001
      const exact = dn / 10000
      if (scaled !== exact) moved++
      for (const b of bounds)
        for (const op of ['>', '>=', '<', '<='] as const) expect(compare(op, scaled, { value: b }), `${dn} ${op} ${b}`).toBe(compare(op, exact, { value: b }))
      expect(compare('outside', scaled, { low: 0.15, high: 0.35 })).toBe(exact < 0.15 || exact > 0.35)
    }
    // The case that matters is real: DN 3500 lands above 0.35 when multiplied.
    expect(3500 * 0.0001).toBeGreaterThan(0.35)
    expect(moved).toBeGreaterThan(100)
    // The expression language and the mask's valid range agree.
    const data = Float64Array.from([1500, 3500, 3501].map((dn) => dn * 0.0001))
    const out = evalRaster(parseExpr('where(x > 0.35, 1, 0)'), { x: data }, 3)
    expect(Array.from(out)).toEqual([0, 0, 1])
    expect(Array.from(applyMask(data, { max: 0.35 }).data).map((v) => Number.isNaN(v))).toEqual([false, false, true])
  })

  it('keeps values that really differ apart (a float32 0.35 lies below 0.35)', () => {
    expect(compare('<', Math.fround(0.35), { value: 0.35 })).toBe(true)
    expect(compare('>', 0.35 + 1e-12, { value: 0.35 })).toBe(true)
    expect(compare('<', -Infinity, { value: 0 })).toBe(true)
  })
})
