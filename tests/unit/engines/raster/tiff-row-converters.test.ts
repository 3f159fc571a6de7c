/**
 * The reader's per-type row converters (tiff/samples.ts CONVERTERS) and their counting twins (samples-histogram.ts
 * HISTOGRAM_CONVERTERS), called directly: each sample type, a chunk with interleaved samples (stride 2), a window
 * that starts inside the chunk and skips a column, nodata, NaN, values whose scaled result overflows, and running
 * accumulators carried in. Expected values are a plain loop over the definition written here (nodata and NaN ->
 * NaN; floats also when v * scale + offset is not finite; [count, sum, min, max] over the written values; the
 * histogram of raw valid values at v + bias; per row the OR of v ^ first), plus a case worked out by hand. The
 * values-only twins (VALUE_CONVERTERS, for reads nobody takes statistics of) must write the same values.
 */
import { describe, expect, it } from 'vitest'
import {
  CONVERTERS,
  nodataCanMatch,
  typedView,
  UNMASKED_CONVERTERS,
  UNMASKED_VALUE_CONVERTERS,
  VALUE_CONVERTERS,
  type ChunkRows,
  type SampleType,
  type Typed,
} from '../../../../main/engines/raster/tiff/samples'
import {
  clearCounting,
  HISTOGRAM_CONVERTERS,
  HISTOGRAM_LAYOUT,
  histogramExtremes,
  newCounting,
  touchedExtremes,
  UNMASKED_HISTOGRAM_CONVERTERS,
} from '../../../../main/engines/raster/tiff/samples-histogram'

const ARRAYS: Record<SampleType, (xs: number[]) => Typed> = {
  uint8: (xs) => Uint8Array.from(xs),
  int8: (xs) => Int8Array.from(xs),
  uint16: (xs) => Uint16Array.from(xs),
  int16: (xs) => Int16Array.from(xs),
  uint32: (xs) => Uint32Array.from(xs),
  int32: (xs) => Int32Array.from(xs),
  float32: (xs) => Float32Array.from(xs),
  float64: (xs) => Float64Array.from(xs),
}
const FLOAT = new Set<SampleType>(['float32', 'float64'])

/** Raw values per type: in range, with the nodata value 7 (and for signed types negatives) among them. */
function rawValues(type: SampleType, n: number): number[] {
  const span = type === 'uint8' || type === 'int8' ? 50 : 3000
  const signed = type.startsWith('int') || FLOAT.has(type)
  return Array.from({ length: n }, (_, i) => {
    if (i % 5 === 3) return 7
    if (FLOAT.has(type) && i % 11 === 4) return NaN
    const v = (i * 37) % span
    return signed ? v - Math.floor(span / 2) : v
  })
}

/** Geometry: a chunk of 6 rows x 5 pixels x 2 samples; the window takes sample 1 of pixels 1..3 of rows 1..4. */
const CHUNK_W = 5
const SPP = 2
const g: ChunkRows = { s: (1 * CHUNK_W + 1) * SPP + 1, srcRow: CHUNK_W * SPP, stride: SPP, d: 2, outRow: 4, n: 3, rows: 4 }

function reference(type: SampleType, src: Typed, nodata: number, scale: number, offset: number, acc0: number[]) {
  const out = new Float64Array(2 + 4 * g.outRow).fill(-1)
  let [count, sum, min, max] = acc0
  const bias = HISTOGRAM_LAYOUT[type]?.bias ?? 0
  const hist = new Map<number, number>()
  const rowDiff: number[] = []
  for (let r = 0; r < g.rows; r++) {
    const first = src[g.s + r * g.srcRow]
    let diff = 0
    for (let k = 0; k < g.n; k++) {
      const v = src[g.s + r * g.srcRow + k * g.stride]
      diff |= v ^ first
      const x = v * scale + offset
      const invalid = Number.isNaN(v) || v === nodata || (FLOAT.has(type) && !Number.isFinite(x))
      out[g.d + r * g.outRow + k] = invalid ? NaN : x
      if (invalid) continue
      count++
      sum += x
      min = Math.min(min, x)
      max = Math.max(max, x)
      hist.set(v + bias, (hist.get(v + bias) ?? 0) + 1)
    }
    rowDiff.push(diff)
  }
  return { out, acc: [count, sum, min, max], hist, rowDiff }
}

const TYPES = Object.keys(ARRAYS) as SampleType[]

describe('row converters (one per sample type)', () => {
  for (const type of TYPES) {
    it(`${type}: nodata and NaN out, v * scale + offset in, accumulators carried on`, () => {
      const src = ARRAYS[type](rawValues(type, 6 * CHUNK_W * SPP))
      for (const [scale, offset] of [
        [1, 0],
        [0.5, -3],
        [-2, 100],
      ]) {
        const acc0 = [10, 1000, -5000, 5000]
        const want = reference(type, src, 7, scale, offset, acc0)
        const out = new Float64Array(want.out.length).fill(-1)
        const acc = Float64Array.from(acc0)
        CONVERTERS[type](src, g, out, 7, scale, offset, acc)
        expect(Array.from(out)).toEqual(Array.from(want.out))
        expect(acc[0]).toBe(want.acc[0])
        expect(acc[1]).toBeCloseTo(want.acc[1], 9)
        expect([acc[2], acc[3]]).toEqual([want.acc[2], want.acc[3]])
      }
    })
  }

  for (const type of TYPES) {
    it(`${type}: the values-only twin writes the same values and leaves the accumulators alone`, () => {
      const src = ARRAYS[type](rawValues(type, 6 * CHUNK_W * SPP))
      const want = reference(type, src, 7, 0.5, -3, [0, 0, Infinity, -Infinity])
      const out = new Float64Array(want.out.length).fill(-1)
      const acc = Float64Array.from([1, 2, 3, 4])
      VALUE_CONVERTERS[type](src, g, out, 7, 0.5, -3, acc)
      expect(Array.from(out)).toEqual(Array.from(want.out))
      expect(Array.from(acc)).toEqual([1, 2, 3, 4])
    })
  }

  it('floats: a value whose scaled result overflows is invalid; integers are converted as they are', () => {
    const g1: ChunkRows = { s: 0, srcRow: 2, stride: 1, d: 0, outRow: 2, n: 2, rows: 1 }
    const f = new Float64Array(2)
    const acc = Float64Array.from([0, 0, Infinity, -Infinity])
    CONVERTERS.float64(Float64Array.from([1e300, 2]), g1, f, -1, 1e10, 0, acc)
    expect(Array.from(f)).toEqual([NaN, 2e10])
    expect(Array.from(acc)).toEqual([1, 2e10, 2e10, 2e10])
  })

  it('a case worked out by hand (uint8, nodata 0, scale 2, offset 1)', () => {
    const g1: ChunkRows = { s: 0, srcRow: 4, stride: 1, d: 0, outRow: 4, n: 4, rows: 1 }
    const out = new Float64Array(4)
    const acc = Float64Array.from([0, 0, Infinity, -Infinity])
    CONVERTERS.uint8(Uint8Array.from([1, 2, 0, 3]), g1, out, 0, 2, 1, acc)
    expect(Array.from(out)).toEqual([3, 5, NaN, 7])
    expect(Array.from(acc)).toEqual([3, 15, 3, 7])
  })

  it('typedView reads the bytes as the type (an unaligned view is copied)', () => {
    const bytes = new Uint8Array([0, 1, 0, 2, 0])
    expect(Array.from(typedView(bytes.subarray(1), 'uint16'))).toEqual([1, 2])
  })
})

describe('counting converters (8- and 16-bit)', () => {
  for (const type of TYPES.filter((t) => HISTOGRAM_CONVERTERS[t])) {
    it(`${type}: the same values, a histogram of raw valid values at v + bias, and per row the OR of v ^ first`, () => {
      const src = ARRAYS[type](rawValues(type, 6 * CHUNK_W * SPP))
      const acc0 = [3, 50, Infinity, -Infinity]
      const want = reference(type, src, 7, 0.5, -3, acc0)
      const c = newCounting(type, g.rows)
      for (let r = 0; r < g.rows; r++) c.rowFirst[r] = src[g.s + r * g.srcRow]
      const out = new Float64Array(want.out.length).fill(-1)
      const acc = Float64Array.from(acc0)
      HISTOGRAM_CONVERTERS[type]!(src, g, out, 7, 0.5, -3, acc, c)
      expect(Array.from(out)).toEqual(Array.from(want.out))
      expect(acc[0]).toBe(want.acc[0])
      expect(acc[1]).toBeCloseTo(want.acc[1], 9)
      const hist = new Map<number, number>()
      c.hist.forEach((n, b) => n && hist.set(b, n))
      expect(hist).toEqual(want.hist)
      expect(Array.from(c.rowDiff)).toEqual(want.rowDiff)
    })
  }

  it('a run of one value and a constant row, by hand (int8, bias 128)', () => {
    const g1: ChunkRows = { s: 0, srcRow: 3, stride: 1, d: 0, outRow: 3, n: 3, rows: 2 }
    const c = newCounting('int8', 2)
    c.rowFirst[0] = -1
    c.rowFirst[1] = 4
    const out = new Float64Array(6)
    const acc = Float64Array.from([0, 0, Infinity, -Infinity])
    HISTOGRAM_CONVERTERS.int8!(Int8Array.from([-1, -1, -1, 4, 9, 4]), g1, out, 9, 1, 0, acc, c)
    expect(Array.from(out)).toEqual([-1, -1, -1, 4, NaN, 4])
    expect([acc[0], acc[1]]).toEqual([5, 5])
    expect([c.hist[127], c.hist[132], c.hist[137]]).toEqual([3, 2, 0])
    expect(Array.from(c.rowDiff)).toEqual([0, 4 ^ 9])
  })

  it('keeps the range of bins it touched, bin 0 included, so the extremes and the clearing look only there (uint8)', () => {
    const g1: ChunkRows = { s: 0, srcRow: 4, stride: 1, d: 0, outRow: 4, n: 4, rows: 1 }
    const c = newCounting('uint8', 1)
    const acc = Float64Array.from([0, 0, Infinity, -Infinity])
    // A first pixel in bin 0, a run of 200s, nodata 255 left out.
    HISTOGRAM_CONVERTERS.uint8!(Uint8Array.from([0, 200, 200, 255]), g1, new Float64Array(4), 255, 2, 1, acc, c)
    expect([c.lo, c.hi, c.hist[0], c.hist[200], c.hist[255]]).toEqual([0, 200, 1, 2, 0])
    // Values 0 * 2 + 1 = 1 (one pixel) and 200 * 2 + 1 = 401 (two), found in the touched range alone.
    expect(histogramExtremes(c.hist, 0, 2, 1, c.lo, c.hi)).toEqual([1, 1, 401, 2])
    clearCounting(c)
    expect([c.lo, c.hi, c.hist.some((n) => n !== 0)]).toEqual([256, -1, false])
  })
})

describe('unmasked converters (integer samples no nodata value can match)', () => {
  const INTEGER = TYPES.filter((t) => !FLOAT.has(t))

  it('nodataCanMatch: only an integer inside the sample type range can equal an integer sample; floats always test', () => {
    expect([nodataCanMatch('int16', NaN), nodataCanMatch('int16', 0.5), nodataCanMatch('int16', 40000), nodataCanMatch('int16', -32768)]).toEqual([
      false,
      false,
      false,
      true,
    ])
    expect([nodataCanMatch('uint8', -1), nodataCanMatch('uint8', 255), nodataCanMatch('uint16', 65536), nodataCanMatch('uint32', 2 ** 32 - 1)]).toEqual([
      false,
      true,
      false,
      true,
    ])
    expect([nodataCanMatch('int8', -129), nodataCanMatch('int32', -(2 ** 31)), nodataCanMatch('float32', NaN), nodataCanMatch('float64', 1e300)]).toEqual([
      false,
      true,
      true,
      true,
    ])
  })

  for (const type of INTEGER) {
    it(`${type}: with nodata none (NaN) or out of range, the same values, accumulators, histogram and row ORs as the masked ones`, () => {
      const src = ARRAYS[type](rawValues(type, 6 * CHUNK_W * SPP))
      for (const nodata of [NaN, 0.5, 1e10]) {
        const acc0 = [10, 1000, -5000, 5000]
        const want = reference(type, src, nodata, 0.5, -3, acc0)
        const out = new Float64Array(want.out.length).fill(-1)
        const acc = Float64Array.from(acc0)
        UNMASKED_CONVERTERS[type]!(src, g, out, nodata, 0.5, -3, acc)
        expect(Array.from(out)).toEqual(Array.from(want.out))
        // The same additions in the same order: the sum to the last bit.
        expect(Array.from(acc)).toEqual(want.acc)
        const values = new Float64Array(want.out.length).fill(-1)
        const untouched = Float64Array.from([1, 2, 3, 4])
        UNMASKED_VALUE_CONVERTERS[type]!(src, g, values, nodata, 0.5, -3, untouched)
        expect(Array.from(values)).toEqual(Array.from(want.out))
        expect(Array.from(untouched)).toEqual([1, 2, 3, 4])
        const counted = UNMASKED_HISTOGRAM_CONVERTERS[type]
        if (!counted) continue
        const c = newCounting(type, g.rows)
        for (let r = 0; r < g.rows; r++) c.rowFirst[r] = src[g.s + r * g.srcRow]
        const hOut = new Float64Array(want.out.length).fill(-1)
        const hAcc = Float64Array.from(acc0)
        counted(src, g, hOut, nodata, 0.5, -3, hAcc, c)
        expect(Array.from(hOut)).toEqual(Array.from(want.out))
        expect([hAcc[0], hAcc[1]]).toEqual([want.acc[0], want.acc[1]])
        const hist = new Map<number, number>()
        c.hist.forEach((n, b) => n && hist.set(b, n))
        expect(hist).toEqual(want.hist)
        expect(Array.from(c.rowDiff)).toEqual(want.rowDiff)
      }
    })
  }
})

describe('touchedExtremes (a read whose scale makes distinct raw values distinct values)', () => {
  it('equals the walk over the touched bins, for rising and falling scales, runs, nodata and an empty read', () => {
    const g1: ChunkRows = { s: 0, srcRow: 40, stride: 1, d: 0, outRow: 40, n: 40, rows: 3 }
    for (const [scale, offset] of [
      [0.0001, 0],
      [0.02, 0],
      [-0.5, 3],
    ]) {
      for (const values of [Array.from({ length: 120 }, (_, i) => ((i * 7919) % 3001) - 1500), Array.from({ length: 120 }, () => 7)]) {
        const c = newCounting('int16', 3)
        const src = Int16Array.from(values)
        for (let r = 0; r < 3; r++) c.rowFirst[r] = src[r * 40]
        HISTOGRAM_CONVERTERS.int16!(src, g1, new Float64Array(120), 7, scale, offset, Float64Array.of(0, 0, Infinity, -Infinity), c)
        expect(touchedExtremes(c, 32768, scale, offset)).toEqual(histogramExtremes(c.hist, 32768, scale, offset, c.lo, c.hi))
      }
    }
  })
})
