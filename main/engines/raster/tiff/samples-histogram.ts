/**
 * Conversion of 8- and 16-bit integer samples to float64 that also counts each raw value (a histogram of at most
 * 65536 bins) and tells whether a row holds one value, so a read's content profile (stats.ts: pixels at the minimum
 * and at the maximum, constant rows) comes out of the conversion instead of a second pass over 50 MB of float64.
 *
 * Exact, not approximate: a bin's value is computed as the pixel's is (v * scale + offset), so the minimum, the
 * maximum and the counts of pixels equal to them are the ones a pass over the output finds. A row is constant when
 * its raw values are all equal and valid; that equals "all its float64 values are equal" only when distinct raw
 * values give distinct values, which `histogramEligible` checks over the type's whole range (a scale of 0, or one
 * below the precision of the offset, is refused and the reader profiles the output instead).
 *
 * One compiled function per array type from one source, as in samples.ts (perTypeKernel: one literal per type keeps
 * V8's feedback monomorphic).
 */
import { perTypeKernel, type ChunkRows, type SampleType, type Typed } from './samples'

/** Bin of raw value v is v + bias (int8 and int16 are shifted to start at 0). */
export const HISTOGRAM_LAYOUT: Partial<Record<SampleType, { bins: number; bias: number }>> = {
  uint8: { bins: 256, bias: 0 },
  int8: { bins: 256, bias: 128 },
  uint16: { bins: 65536, bias: 0 },
  int16: { bins: 65536, bias: 32768 },
}

/**
 * Convert like samples.ts's RowConverter (nodata -> NaN, else v * scale + offset, [count, sum] into acc[0..1]; min
 * and max come from the histogram afterwards), add each valid raw value to `c.hist`, OR `v ^ c.rowFirst[r]`
 * over the samples of row r into `c.rowDiff[r]` (0: every sample of the row equals its first), and copy each raw
 * value to `c.raw` at its output position less `c.rawBase` (the rows of one row of chunks in image order, for the
 * read's fingerprint: two bytes a pixel to hash instead of the eight of its float64).
 */
export type HistogramConverter<T> = (
  src: T,
  g: ChunkRows,
  out: Float64Array,
  nodata: number,
  scale: number,
  offset: number,
  acc: Float64Array,
  c: Counting,
) => void

/**
 * The counting row loop, once; `bias` is written into each type's copy as a literal. `masked: false` leaves the
 * nodata test out (no sample can equal it: samples.ts nodataCanMatch) and counts a row's samples at once.
 */
function histogramConverter(name: string, type: SampleType, masked = true, write = true): HistogramConverter<Typed> {
  const bin = HISTOGRAM_LAYOUT[type]!.bias ? `v + ${HISTOGRAM_LAYOUT[type]!.bias}` : 'v'
  return perTypeKernel(
    name,
    ['src', 'g', 'out', 'nodata', 'scale', 'offset', 'acc', 'c'],
    `let count = acc[0]
  let sum = acc[1]
  const hist = c.hist
  const { stride, n } = g
  // Runs of one value (fill, water, clipped areas) are counted in a register and added to their bin once: an
  // increment of the same bin per pixel would chain every pixel to the previous one through memory.
  let bin = -1
  let run = 0
  // The range of bins touched, so the extremes and the clearing for the next read look at those bins only.
  let lo = c.lo
  let hi = c.hi
  const raw = c.raw
  for (let r = 0; r < g.rows; r++) {
    const d = g.d + r * g.outRow
    const rd = d - c.rawBase
    let s = g.s + r * g.srcRow
    const first = c.rowFirst[r]
    let diff = 0
    for (let k = 0; k < n; k++, s += stride) {
      const v = src[s]
      ${write ? 'raw[rd + k] = v' : ''}
      diff |= v ^ first
      ${masked ? 'if (v === nodata) {\n        out[d + k] = NaN\n        continue\n      }' : ''}
      const x = v * scale + offset
      ${write ? 'out[d + k] = x' : ''}
      ${masked ? 'count++' : ''}
      sum += x
      if (${bin} === bin) run++
      else {
        if (run > 0) hist[bin] += run
        bin = ${bin}
        run = 1
        if (bin < lo) lo = bin
        if (bin > hi) hi = bin
      }
    }
    c.rowDiff[r] |= diff
    ${masked ? '' : 'count += n'}
  }
  if (run > 0) hist[bin] += run
  c.lo = lo
  c.hi = hi
  acc[0] = count
  acc[1] = sum`,
  )
}

export const HISTOGRAM_CONVERTERS: Partial<Record<SampleType, HistogramConverter<Typed>>> = {
  uint8: histogramConverter('histU8', 'uint8'),
  int8: histogramConverter('histI8', 'int8'),
  uint16: histogramConverter('histU16', 'uint16'),
  int16: histogramConverter('histI16', 'int16'),
}

/** HISTOGRAM_CONVERTERS for reads whose nodata no sample can equal (samples.ts UNMASKED_CONVERTERS says why). */
export const UNMASKED_HISTOGRAM_CONVERTERS: Partial<Record<SampleType, HistogramConverter<Typed>>> = {
  uint8: histogramConverter('histAllU8', 'uint8', false),
  int8: histogramConverter('histAllI8', 'int8', false),
  uint16: histogramConverter('histAllU16', 'uint16', false),
  int16: histogramConverter('histAllI16', 'int16', false),
}

/**
 * The profile of stored samples without converting them (reader.ts readSamples with `profile`): what
 * UNMASKED_HISTOGRAM_CONVERTERS computes ([count, sum], histogram, rows' sameness) over samples already copied in
 * image order, with no float64 written and no raw copy made (`out` and `c.raw` are not touched). The sum runs in the
 * order the converter's does when called chunk by chunk, so the two agree to the last bit. Without the two stores a
 * 16-bit sample costs about half (task 46: 13 ms against 23 per 6.7 M samples).
 */
export const SAMPLE_PROFILERS: Partial<Record<SampleType, HistogramConverter<Typed>>> = {
  uint8: histogramConverter('profileU8', 'uint8', false, false),
  int8: histogramConverter('profileI8', 'int8', false, false),
  uint16: histogramConverter('profileU16', 'uint16', false, false),
  int16: histogramConverter('profileI16', 'int16', false, false),
}

/**
 * True when `type` has a histogram layout and v -> v * scale + offset is strictly monotonic over all its raw values
 * (so distinct raw values give distinct float64 values and "raw values equal" means "values equal").
 */
export function histogramEligible(type: SampleType, scale: number, offset: number): boolean {
  const layout = HISTOGRAM_LAYOUT[type]
  if (!layout) return false
  let prev = -layout.bias * scale + offset
  const up = scale > 0
  if (!(scale !== 0) || !Number.isFinite(prev)) return false
  for (let b = 1; b < layout.bins; b++) {
    const x = (b - layout.bias) * scale + offset
    if (!Number.isFinite(x) || (up ? !(x > prev) : !(x < prev))) return false
    prev = x
  }
  return true
}

/**
 * [min, minCount, max, maxCount] of the values the histogram's raw values convert to (Infinity, 0, -Infinity, 0 when
 * empty), looking at bins `lo`..`hi` only (every non-empty bin must lie there; by default all).
 */
export function histogramExtremes(
  hist: Float64Array,
  bias: number,
  scale: number,
  offset: number,
  lo = 0,
  hi = hist.length - 1,
): [number, number, number, number] {
  let min = Infinity
  let max = -Infinity
  let minCount = 0
  let maxCount = 0
  for (let b = Math.max(0, lo); b <= hi && b < hist.length; b++) {
    const c = hist[b]
    if (c === 0) continue
    const x = (b - bias) * scale + offset
    if (x < min) {
      min = x
      minCount = c
    } else if (x === min) minCount += c
    if (x > max) {
      max = x
      maxCount = c
    } else if (x === max) maxCount += c
  }
  return [min, minCount, max, maxCount]
}

/**
 * histogramExtremes of a counting read without the walk: the lowest and highest bins touched (`c.lo`, `c.hi`) each
 * hold a value (a bin enters the range only as it is counted), and a scale `histogramEligible` accepted makes the
 * value strictly monotonic in the bin, so the extremes are the end bins (swapped for a falling scale). The walk over
 * the NDVI range of task 46 (some 10 000 bins) cost 7 ms per date once the reads came in strips, 22 a date.
 */
export function touchedExtremes(c: Counting, bias: number, scale: number, offset: number): [number, number, number, number] {
  if (c.hi < c.lo) return [Infinity, 0, -Infinity, 0]
  const atLo: [number, number] = [(c.lo - bias) * scale + offset, c.hist[c.lo]]
  const atHi: [number, number] = [(c.hi - bias) * scale + offset, c.hist[c.hi]]
  if (c.lo === c.hi) return [atLo[0], atLo[1], atLo[0], atLo[1]]
  const [lo, hi] = scale > 0 ? [atLo, atHi] : [atHi, atLo]
  return [lo[0], lo[1], hi[0], hi[1]]
}

/**
 * The histogram of one read, the range of its bins touched so far (`lo` > `hi` when none), the raw samples of the
 * current row of chunks and, per image row of it, its first raw value and OR of (v ^ first). A reader reuses one for its reads (a 65536-bin
 * histogram is 512 KiB: allocating and scanning it whole per read cost more than converting a strip of 16 rows).
 */
export interface Counting {
  /** The raw samples of the current row of chunks in image row order (16 bits each, int8/int16 as their bit pattern). */
  raw: Uint16Array
  /** The output index of `raw[0]`. */
  rawBase: number
  hist: Float64Array
  lo: number
  hi: number
  rowFirst: Float64Array
  /** rowFirst converted (rowFirstValues). */
  rowFirstValue: Float64Array
  rowDiff: Int32Array
  rowConstant: Uint8Array
}

export function newCounting(type: SampleType, chunkHeight: number): Counting {
  const bins = HISTOGRAM_LAYOUT[type]!.bins
  return {
    raw: new Uint16Array(0),
    rawBase: 0,
    hist: new Float64Array(bins),
    lo: bins,
    hi: -1,
    rowFirst: new Float64Array(chunkHeight),
    rowFirstValue: new Float64Array(chunkHeight),
    rowDiff: new Int32Array(chunkHeight),
    rowConstant: new Uint8Array(chunkHeight),
  }
}

/** Empty the histogram for the next read (only the bins touched). */
export function clearCounting(c: Counting): void {
  if (c.hi >= c.lo) c.hist.fill(0, c.lo, c.hi + 1)
  c.lo = c.hist.length
  c.hi = -1
}

/** The value of each of the first `rows` rows' first sample (rowFirst[k] * scale + offset, as the conversion computes it). */
export function rowFirstValues(c: Counting, rows: number, scale: number, offset: number): Float64Array {
  for (let k = 0; k < rows; k++) c.rowFirstValue[k] = c.rowFirst[k] * scale + offset
  return c.rowFirstValue
}

/** 1 for each of the first `rows` rows whose raw values were all equal and valid (not nodata), else 0. */
export function rowShapes(c: Counting, rows: number, nodata: number): Uint8Array {
  for (let k = 0; k < rows; k++) c.rowConstant[k] = c.rowDiff[k] === 0 && c.rowFirst[k] !== nodata ? 1 : 0
  return c.rowConstant
}
