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
 * One function per array type on purpose, as in samples.ts (one literal per type keeps V8's feedback monomorphic).
 */
import type { SampleType, Typed } from './samples'

/** Bin of raw value v is v + bias (int8 and int16 are shifted to start at 0). */
export const HISTOGRAM_LAYOUT: Partial<Record<SampleType, { bins: number; bias: number }>> = {
  uint8: { bins: 256, bias: 0 },
  int8: { bins: 256, bias: 128 },
  uint16: { bins: 65536, bias: 0 },
  int16: { bins: 65536, bias: 32768 },
}

/**
 * Convert like samples.ts's RowConverter (nodata -> NaN, else v * scale + offset, [count, sum] into acc[0..1]; min
 * and max come from the histogram afterwards), add each valid raw value to `hist`, and return the OR of
 * `v ^ first` over the samples (0: every sample equals `first`).
 */
export type HistogramConverter<T> = (
  src: T,
  s: number,
  stride: number,
  out: Float64Array,
  d: number,
  n: number,
  nodata: number,
  scale: number,
  offset: number,
  acc: Float64Array,
  hist: Float64Array,
  first: number,
) => number

function histU8(
  src: Uint8Array,
  s: number,
  stride: number,
  out: Float64Array,
  d: number,
  n: number,
  nodata: number,
  scale: number,
  offset: number,
  acc: Float64Array,
  hist: Float64Array,
  first: number,
): number {
  let count = acc[0]
  let sum = acc[1]
  let diff = 0
  // Runs of one value (fill, water, clipped areas) are counted in a register and added to their bin once: an
  // increment of the same bin per pixel would chain every pixel to the previous one through memory.
  let bin = 0
  let run = 0
  for (let k = 0; k < n; k++, s += stride) {
    const v = src[s]
    diff |= v ^ first
    if (v === nodata) {
      out[d + k] = NaN
      continue
    }
    const x = v * scale + offset
    out[d + k] = x
    count++
    sum += x
    if (v === bin) run++
    else {
      hist[bin] += run
      bin = v
      run = 1
    }
  }
  hist[bin] += run
  acc[0] = count
  acc[1] = sum
  return diff
}

function histI8(
  src: Int8Array,
  s: number,
  stride: number,
  out: Float64Array,
  d: number,
  n: number,
  nodata: number,
  scale: number,
  offset: number,
  acc: Float64Array,
  hist: Float64Array,
  first: number,
): number {
  let count = acc[0]
  let sum = acc[1]
  let diff = 0
  // Runs of one value (fill, water, clipped areas) are counted in a register and added to their bin once: an
  // increment of the same bin per pixel would chain every pixel to the previous one through memory.
  let bin = 0
  let run = 0
  for (let k = 0; k < n; k++, s += stride) {
    const v = src[s]
    diff |= v ^ first
    if (v === nodata) {
      out[d + k] = NaN
      continue
    }
    const x = v * scale + offset
    out[d + k] = x
    count++
    sum += x
    if (v + 128 === bin) run++
    else {
      hist[bin] += run
      bin = v + 128
      run = 1
    }
  }
  hist[bin] += run
  acc[0] = count
  acc[1] = sum
  return diff
}

function histU16(
  src: Uint16Array,
  s: number,
  stride: number,
  out: Float64Array,
  d: number,
  n: number,
  nodata: number,
  scale: number,
  offset: number,
  acc: Float64Array,
  hist: Float64Array,
  first: number,
): number {
  let count = acc[0]
  let sum = acc[1]
  let diff = 0
  // Runs of one value (fill, water, clipped areas) are counted in a register and added to their bin once: an
  // increment of the same bin per pixel would chain every pixel to the previous one through memory.
  let bin = 0
  let run = 0
  for (let k = 0; k < n; k++, s += stride) {
    const v = src[s]
    diff |= v ^ first
    if (v === nodata) {
      out[d + k] = NaN
      continue
    }
    const x = v * scale + offset
    out[d + k] = x
    count++
    sum += x
    if (v === bin) run++
    else {
      hist[bin] += run
      bin = v
      run = 1
    }
  }
  hist[bin] += run
  acc[0] = count
  acc[1] = sum
  return diff
}

function histI16(
  src: Int16Array,
  s: number,
  stride: number,
  out: Float64Array,
  d: number,
  n: number,
  nodata: number,
  scale: number,
  offset: number,
  acc: Float64Array,
  hist: Float64Array,
  first: number,
): number {
  let count = acc[0]
  let sum = acc[1]
  let diff = 0
  // Runs of one value (fill, water, clipped areas) are counted in a register and added to their bin once: an
  // increment of the same bin per pixel would chain every pixel to the previous one through memory.
  let bin = 0
  let run = 0
  for (let k = 0; k < n; k++, s += stride) {
    const v = src[s]
    diff |= v ^ first
    if (v === nodata) {
      out[d + k] = NaN
      continue
    }
    const x = v * scale + offset
    out[d + k] = x
    count++
    sum += x
    if (v + 32768 === bin) run++
    else {
      hist[bin] += run
      bin = v + 32768
      run = 1
    }
  }
  hist[bin] += run
  acc[0] = count
  acc[1] = sum
  return diff
}

export const HISTOGRAM_CONVERTERS: Partial<Record<SampleType, HistogramConverter<Typed>>> = {
  uint8: histU8 as HistogramConverter<Typed>,
  int8: histI8 as HistogramConverter<Typed>,
  uint16: histU16 as HistogramConverter<Typed>,
  int16: histI16 as HistogramConverter<Typed>,
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

/** [min, minCount, max, maxCount] of the values the histogram's raw values convert to (Infinity, 0, -Infinity, 0 when empty). */
export function histogramExtremes(hist: Float64Array, bias: number, scale: number, offset: number): [number, number, number, number] {
  let min = Infinity
  let max = -Infinity
  let minCount = 0
  let maxCount = 0
  for (let b = 0; b < hist.length; b++) {
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
