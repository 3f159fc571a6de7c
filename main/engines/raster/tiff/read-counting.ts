/**
 * The content profile side of the lean reader's reads (reader.ts): the row converters a read picks, the histogram
 * state one file's reads share (samples-histogram.ts), and the profiling of stored samples that readSamples gives
 * without converting them, to the last bit what readBand computes of the same window converted.
 * Split from reader.ts: the reader walks the chunks, this is what a read counts on the way.
 */
import type { ContentAccumulator } from '../stats'
import type { SampleProfile, StoredSamples } from './read-options'
import { CONVERTERS, nodataCanMatch, UNMASKED_CONVERTERS, UNMASKED_VALUE_CONVERTERS, VALUE_CONVERTERS, type ChunkRows, type SampleType } from './samples'
import {
  clearCounting,
  histogramEligible,
  HISTOGRAM_CONVERTERS,
  HISTOGRAM_LAYOUT,
  newCounting,
  rowFirstValues,
  rowShapes,
  SAMPLE_PROFILERS,
  touchedExtremes,
  UNMASKED_HISTOGRAM_CONVERTERS,
  type Counting,
} from './samples-histogram'

/** The `out` a sample profiler is given: it writes no values. */
const NO_VALUES = new Float64Array(0)

/**
 * The row converters of a read of `type` samples: with statistics or values only (nobody takes statistics of it: no
 * running sum to wait on), and without the nodata test when no sample can equal `nodata` (same values, about 3x faster).
 */
export function readConverters(type: SampleType, nodata: number, withStats: boolean) {
  const unmasked = !nodataCanMatch(type, nodata)
  const values = (unmasked ? UNMASKED_VALUE_CONVERTERS[type] : undefined) ?? VALUE_CONVERTERS[type]
  const all = (unmasked ? UNMASKED_CONVERTERS[type] : undefined) ?? CONVERTERS[type]
  return {
    convert: withStats ? all : values,
    convertCounting: ((unmasked ? UNMASKED_HISTOGRAM_CONVERTERS[type] : undefined) ?? HISTOGRAM_CONVERTERS[type])!,
  }
}

/** Rows `rows` x `width` of `samples` from `start`, profiled by ReadCounting.profileChunk, to the content profile. */
export function profileRows(samples: StoredSamples, start: number, width: number, rows: number, counting: Counting, profile: SampleProfile): void {
  const n = rows * width
  // The fingerprint hashes 16-bit words: 16-bit samples as they lie, narrower ones widened as readBand copies them.
  let raw: Uint16Array
  if (samples.BYTES_PER_ELEMENT === 2) raw = new Uint16Array(samples.buffer, samples.byteOffset + start * 2, n)
  else {
    if (counting.raw.length < n) counting.raw = new Uint16Array(n)
    raw = counting.raw.subarray(0, n)
    raw.set(samples.subarray(start, start + n))
  }
  addCountedRows(profile.content, counting, raw, width, rows, profile.scale, profile.offset, profile.nodata)
}

/**
 * The `rows` x `width` rows of one row of chunks, counted on the way (their first values and sameness in `counting`;
 * `raw`: their raw samples, 16 bits each, in image order, for the fingerprint), to the content profile.
 */
export function addCountedRows(
  content: ContentAccumulator,
  counting: Counting,
  raw: Uint16Array,
  width: number,
  rows: number,
  scale: number,
  offset: number,
  nodata: number,
): void {
  const firsts = rowFirstValues(counting, rows, scale, offset)
  content.addRowShapes(firsts, width, rows, rowShapes(counting, rows, nodata), { samples: raw, scale, offset, nodata })
}

/** The histogram state of one file's reads (one per TiffFile, for its sample type and chunk height). */
export class ReadCounting {
  constructor(
    private readonly sampleType: SampleType,
    private readonly chunkHeight: number,
  ) {}

  /** The histogram state of this file's reads (one, emptied as each read starts, so a failed read leaves nothing), or null when `scale`/`offset` do not allow one. */
  private counting: Counting | null = null
  /** histogramEligible's answer for the last scale and offset asked (it walks all 65536 raw values of 16-bit samples). */
  private eligible: { scale: number; offset: number; ok: boolean } | null = null
  /** The shared histogram is in a read that has not finished (a read that failed leaves it so: later reads get their own). */
  private countingBusy = false

  /** histogramEligible for this file's sample type, remembered for the last scale and offset asked. */
  histogramFits(scale: number, offset: number): boolean {
    if (this.eligible?.scale !== scale || this.eligible.offset !== offset) {
      this.eligible = { scale, offset, ok: histogramEligible(this.sampleType, scale, offset) }
    }
    return this.eligible.ok
  }

  /** The histogram state for a read with `scale` and `offset`, emptied; null when they do not allow one. */
  countingFor(scale: number, offset: number): Counting | null {
    if (!this.histogramFits(scale, offset)) return null
    // Two reads of this file at once (none in analysis, which reads each file in turn) each get their own.
    if (this.countingBusy) return newCounting(this.sampleType, this.chunkHeight)
    this.counting ??= newCounting(this.sampleType, this.chunkHeight)
    clearCounting(this.counting)
    this.countingBusy = true
    return this.counting
  }

  /** A counting read's extremes (from its histogram) into `acc` and `content`; the shared histogram is free again. */
  endCounting(counting: Counting, scale: number, offset: number, acc: Float64Array, content: ContentAccumulator): void {
    const bias = HISTOGRAM_LAYOUT[this.sampleType]!.bias
    const [min, minCount, max, maxCount] = touchedExtremes(counting, bias, scale, offset)
    if (min < acc[2]) acc[2] = min
    if (max > acc[3]) acc[3] = max
    content.addExtremes(min, minCount, max, maxCount)
    if (counting === this.counting) this.countingBusy = false
  }

  /**
   * Profile one chunk's part of a stored-sample read (the samples `at` places in `out`: ChunkRows' `d`, `outRow`,
   * `n` and `rows`), as readBand converts it chunk by chunk: the running sum then adds the values in the same order.
   * `first`: the part starts each row of the window, so it gives the rows' first samples.
   */
  profileChunk(out: StoredSamples, at: ChunkRows, first: boolean, counting: Counting, profile: SampleProfile): void {
    if (first) for (let k = 0; k < at.rows; k++) counting.rowFirst[k] = out[at.d + k * at.outRow]
    const part: ChunkRows = { s: at.d, srcRow: at.outRow, stride: 1, d: 0, outRow: 0, n: at.n, rows: at.rows }
    SAMPLE_PROFILERS[this.sampleType]!(out, part, NO_VALUES, profile.nodata, profile.scale, profile.offset, profile.running, counting)
  }
}
