/**
 * The content fingerprint of raw 16-bit rows (stats.ts ContentAccumulator.addRowShapes with `raw`): four FNV-1a
 * lanes over the stream's 32-bit words (samples 2k and 2k+1 as low and high half; word j to lane j % 4), folded
 * with the conversion key, the sample count and the odd sample left. The reference below is written from that
 * definition, not from the accumulator; the rows are fed in one call and in calls split at odd places, so views
 * that start at a halfword (not word) boundary take the slow path and aligned ones the fast path: both must agree.
 */
import { describe, expect, it } from 'vitest'
import { ContentAccumulator } from '../../../../main/engines/raster/stats'

const PRIME = 0x01000193
const BASIS = 0x811c9dc5

function reference(samples: Uint16Array, key: [number, number, number]): string {
  const lanes = [BASIS, BASIS, BASIS, BASIS]
  const words = Math.floor(samples.length / 2)
  for (let j = 0; j < words; j++) {
    const word = samples[2 * j] + samples[2 * j + 1] * 65536
    lanes[j % 4] = Math.imul(lanes[j % 4] ^ word, PRIME) >>> 0
  }
  let h = BASIS
  for (const lane of lanes) h = Math.imul(h ^ lane, PRIME) >>> 0
  const odd = samples.length % 2 ? samples[samples.length - 1] : 0xffffffff
  for (const w of [...new Uint32Array(Float64Array.of(...key).buffer), samples.length, odd]) h = Math.imul(h ^ w, PRIME) >>> 0
  return h.toString(16).padStart(8, '0')
}

/** The fingerprint of `samples` fed as rows of `width`, in calls cut at `cuts` (row counts). */
function fingerprint(samples: Uint16Array, width: number, cuts: number[]): string | undefined {
  const acc = new ContentAccumulator(true)
  let row = 0
  for (const rows of cuts) {
    const part = samples.subarray(row * width, (row + rows) * width)
    acc.addRowShapes(new Float64Array(rows), width, rows, new Uint8Array(rows), { samples: part, scale: 0.02, offset: 0, nodata: NaN })
    row += rows
  }
  return acc.result().fingerprint
}

describe('content fingerprint of raw 16-bit rows', () => {
  // A pseudo-random stream (values over the whole 16-bit range, high halves set as often as not).
  const width = 37
  const height = 29
  const samples = new Uint16Array(width * height)
  let seed = 12345
  for (let i = 0; i < samples.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    samples[i] = seed >>> 16
  }
  const want = reference(samples, [0.02, 0, NaN])

  it('is the four-lane FNV-1a of the samples as words, fed whole or in rows split at odd places', () => {
    expect(fingerprint(samples, width, [height])).toBe(want)
    // 37-pixel rows: each cut after an odd number of rows starts the next view at a halfword boundary.
    expect(fingerprint(samples, width, [1, 2, 3, 5, 7, 11])).toBe(want)
    expect(fingerprint(samples, width, [4, 1, 1, 8, 15])).toBe(want)
    expect(fingerprint(samples, width, Array.from({ length: height }, () => 1))).toBe(want)
  })

  it('changes with one sample', () => {
    const changed = samples.slice()
    changed[width * 13 + 5] ^= 1
    expect(fingerprint(changed, width, [height])).not.toBe(want)
    expect(fingerprint(changed, width, [height])).toBe(reference(changed, [0.02, 0, NaN]))
  })
})
