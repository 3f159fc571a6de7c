/**
 * What a read of the lean TIFF reader is asked for (reader.ts): the window, the conversion of samples to values, the
 * statistics and content profile it feeds, and the stored-sample reads that skip the conversion.
 */
import type { ContentAccumulator } from '../stats'
import type { SampleType } from './samples'

/** A pixel window: top-left column and row, width and height, in pixels of the full-resolution image. */
export interface PixelWindow {
  col: number
  row: number
  width: number
  height: number
}

export interface BandReadOptions {
  /** 1-based band number. */
  band: number
  window?: PixelWindow
  /** Raw value marking invalid pixels (compared before scaling); null = none. NaN marks NaN pixels invalid. */
  nodata: number | null
  scale: number
  offset: number
  /** A buffer of exactly the window's size to fill (reused between reads to spare allocation and page faults). */
  into?: Float64Array
  /** Receives [count, sum, min, max] of the valid values read (computed during conversion; without it or `content`, none are). */
  stats?: Float64Array
  /** Receives the rows read, in order, for their content profile (computed during conversion where it can be). */
  content?: ContentAccumulator
  /**
   * [count, sum, min, max] carried on from earlier reads: this read's valid values are added to it one by one, so
   * reads of consecutive windows of whole chunk rows sum as one read of their union does, to the last bit.
   */
  running?: Float64Array
}

/** The samples of one band (or window) as stored, in the typed array of the file's sample type. */
export interface SampleReadOptions {
  band: number
  window?: PixelWindow
  /** A buffer of the window's size and the file's sample type to fill (reused between reads). */
  into?: StoredSamples
  /** The statistics and content profile readBand would give of these samples converted (TiffFile.profilesSamples). */
  profile?: SampleProfile
}

/**
 * What a stored-sample read also computes, as readBand computes it of the same window converted with `scale`,
 * `offset` and `nodata` (NaN for none; no sample may equal it): `running` [count, sum, min, max] of the values,
 * carried on from earlier reads and summed in readBand's order (equal to the last bit), and the rows for `content`.
 */
export interface SampleProfile {
  scale: number
  offset: number
  nodata: number
  running: Float64Array
  content: ContentAccumulator
}

/** A typed-array class of stored samples: by length, or as a view of a backing store. */
export interface SampleArray {
  new (length: number): StoredSamples
  new (buffer: ArrayBuffer): StoredSamples
  readonly BYTES_PER_ELEMENT: number
}

/** The typed array of each sample type readSamples gives. */
export const SAMPLE_ARRAYS: Partial<Record<SampleType, SampleArray>> = {
  uint8: Uint8Array,
  int8: Int8Array,
  uint16: Uint16Array,
  int16: Int16Array,
}

/** Samples readSamples gives: integers of 16 bits or fewer. */
export type StoredSamples = Uint8Array | Int8Array | Uint16Array | Int16Array
