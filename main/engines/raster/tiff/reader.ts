/**
 * The lean GeoTIFF band reader: reads one band (or a pixel window of it) straight into a Float64Array with
 * nodata -> NaN and `value = DN * scale + offset` applied, one tile or strip at a time.
 *
 * Why hand-written: reading dominates raster pipelines (the Earth-Bench TVDI set is 46 DEFLATE-tiled files).
 * geotiff.js decodes with a JavaScript inflate and builds per-band typed arrays we would copy again; this reader
 * reads each tile with one positioned fs.readSync, inflates it with Node's native zlib (C), undoes the predictor
 * in place and converts samples directly into the output window.
 *
 * This module is the header checks and the window layout; the pieces it uses: chunk-decode.ts (reading and
 * decompressing one tile or strip), samples.ts (sample types, the per-pixel conversion), gdal-tags.ts
 * (GDAL_METADATA, GDAL_NODATA), read-errors.ts (one sentence per failure), ifd.ts (the directory parser).
 *
 * Sources: TIFF 6.0 (strips, tiles, PlanarConfiguration, SampleFormat); GDAL GTiff driver for the GDAL_NODATA
 * (42113, ASCII) and GDAL_METADATA (42112, XML with per-band `scale`/`offset` items) tags.
 */
import fs from 'node:fs'
import nodePath from 'node:path'
import { readGeoref, type Georef, type GeorefSource, type ModelTag } from '../georef'
import { budget, BudgetError } from '../budget'
import { openRegularFile } from '../regular-file'
import { ChunkDecoder } from './chunk-decode'
import { parseGdalMetadata, parseNodata } from './gdal-tags'
import { readImageHeader } from './header'
import { geoKeys, numbers, readIfdChain, Tag, text, TiffFormatError, type Ifd, type TiffSource } from './ifd'
import { asTiffError } from './read-errors'
import {
  CONVERTERS,
  nodataCanMatch,
  typedView,
  UNMASKED_CONVERTERS,
  UNMASKED_VALUE_CONVERTERS,
  VALUE_CONVERTERS,
  type ChunkRows,
  type SampleType,
} from './samples'
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

export type { SampleType } from './samples'
export type { BandReadOptions, PixelWindow, SampleProfile, SampleReadOptions, StoredSamples } from './read-options'
import { SAMPLE_ARRAYS, type BandReadOptions, type PixelWindow, type SampleProfile, type SampleReadOptions, type StoredSamples } from './read-options'
import type { ContentAccumulator } from '../stats'
export { COMPRESSION_NAMES } from './chunk-decode'
export { MAX_METADATA_CHARS, MAX_METADATA_ITEMS, parseGdalMetadata, parseNodata } from './gdal-tags'
export { asTiffError, readProblem } from './read-errors'
export { MAX_BANDS, MAX_SIDE } from './header'

/** The GeoKey directory (34735) with its double (34736) and ASCII (34737) parameter tags, as stored. */
export interface GeoKeyTags {
  directory: number[]
  doubles: number[] | null
  ascii: string | null
}

/** The `out` a sample profiler is given: it writes no values. */
const NO_VALUES = new Float64Array(0)

/** An open GeoTIFF: its first (full-resolution) image directory and how to read its bands. */
export class TiffFile {
  readonly width: number
  readonly height: number
  readonly bandCount: number
  readonly sampleType: SampleType
  readonly compression: number
  readonly predictor: number
  readonly planar: number
  readonly tiled: boolean
  readonly chunkWidth: number
  readonly chunkHeight: number
  /** PhotometricInterpretation (262): 1 min-is-black, 2 RGB, 6 YCbCr (JPEG data is converted to RGB on read). */
  readonly photometric: number
  /** The GDAL_NODATA tag as a number (NaN allowed), null when absent. */
  readonly nodata: number | null
  /** Per-band scale/offset from GDAL_METADATA (1-based band -> value). */
  readonly metadataScale: Map<number, number>
  readonly metadataOffset: Map<number, number>
  readonly metadataItems: Record<string, string>
  /** True when GDAL_METADATA was longer than MAX_METADATA_CHARS / MAX_METADATA_ITEMS and only its start was read. */
  readonly metadataTruncated: boolean
  readonly georef: Georef
  readonly geoKeys: Record<string, unknown> | null
  /** The raw GeoKey tags, so written artifacts can carry the CRS verbatim. */
  readonly geoKeyTags: GeoKeyTags | null
  private readonly offsets: number[]
  private readonly byteCounts: number[]
  /** Size (bytes) and modification time (ms) when opened: a read that finds either changed is refused. */
  private stamp: { size: number; mtimeMs: number } | null = null
  private readonly littleEndian: boolean
  private readonly ifd: Ifd
  private readonly decoder: ChunkDecoder

  /** Pixel data tables: chunks across and down one plane. */
  private readonly across: number
  private readonly down: number
  /** Decoded chunks kept for reuse (keyed by chunk index), least recently used first; off unless enabled. */
  private chunkCache: Map<number, Uint8Array> | null = null
  private chunkCacheBytes = 0
  private chunkCacheMax = 0

  private constructor(
    readonly path: string,
    private fd: number,
    fileSize: number,
    ifd: Ifd,
  ) {
    this.ifd = ifd
    this.littleEndian = ifd.littleEndian
    const h = readImageHeader(ifd, fileSize)
    this.width = h.width
    this.height = h.height
    this.bandCount = h.bandCount
    this.sampleType = h.sampleType
    this.compression = h.compression
    this.predictor = h.predictor
    this.photometric = h.photometric
    this.planar = h.planar
    this.tiled = h.tiled
    this.chunkWidth = h.chunkWidth
    this.chunkHeight = h.chunkHeight
    this.across = h.across
    this.down = h.down
    this.offsets = h.offsets
    this.byteCounts = h.byteCounts
    this.nodata = parseNodata(text(ifd, Tag.GdalNodata))
    const meta = parseGdalMetadata(text(ifd, Tag.GdalMetadata))
    this.metadataTruncated = meta.truncated
    this.metadataScale = meta.scale
    this.metadataOffset = meta.offset
    this.metadataItems = meta.items
    this.geoKeys = geoKeys(ifd)
    const dir = numbers(ifd, Tag.GeoKeyDirectory)
    this.geoKeyTags = dir ? { directory: dir, doubles: numbers(ifd, Tag.GeoDoubleParams) ?? null, ascii: text(ifd, Tag.GeoAsciiParams) ?? null } : null
    this.georef = readGeoref(this.georefSource())
    this.decoder = new ChunkDecoder({
      path: this.path,
      ifd,
      littleEndian: this.littleEndian,
      compression: this.compression,
      predictor: this.predictor,
      sampleType: this.sampleType,
      planar: this.planar,
      photometric: this.photometric,
      tiled: this.tiled,
      chunkWidth: this.chunkWidth,
      chunkHeight: this.chunkHeight,
      nodata: this.nodata,
      offsets: this.offsets,
      byteCounts: this.byteCounts,
    })
  }

  /**
   * Open a file and parse and check its header; throws a TiffFormatError (or a SpecialFileError for FIFOs, devices,
   * folders and missing files). Every image directory of the file is walked (cycles and absurd chains refused) and
   * `image` (0 = full resolution, default) is checked against the file's size before anything is allocated.
   */
  static open(path: string, opts: { image?: number } = {}): TiffFile {
    const { fd, size } = openRegularFile(path)
    try {
      const src: TiffSource = { fd, size }
      const chain = readIfdChain(src)
      const ifd = chain[opts.image ?? 0]
      if (!ifd) throw new RangeError(`image ${opts.image} does not exist in ${path}: it has ${chain.length}`)
      const tif = new TiffFile(path, fd, size, ifd)
      tif.stamp = { size, mtimeMs: fs.fstatSync(fd).mtimeMs }
      return tif
    } catch (err) {
      fs.closeSync(fd)
      throw asTiffError(err)
    }
  }

  /**
   * Open the full-resolution image and its reduced-resolution overviews (NewSubfileType bit 1, not masks, with the
   * main image's band count), largest first, as GDAL lists them. Each level holds its own descriptor; close each.
   */
  static openPyramid(path: string): TiffFile[] {
    const { fd, size } = openRegularFile(path)
    const levels: TiffFile[] = []
    try {
      const chain = readIfdChain({ fd, size })
      const main = new TiffFile(path, fd, size, chain[0])
      levels.push(main)
      for (const ifd of chain.slice(1)) {
        const sub = numbers(ifd, Tag.NewSubfileType)?.[0] ?? 0
        if ((sub & 1) !== 1 || (sub & 4) !== 0 || (numbers(ifd, Tag.SamplesPerPixel)?.[0] ?? 1) !== main.bandCount) continue
        levels.push(new TiffFile(path, fs.openSync(path, 'r'), size, ifd))
      }
    } catch (err) {
      if (levels.length === 0) fs.closeSync(fd)
      for (const level of levels) level.close()
      throw asTiffError(err)
    }
    return levels.sort((a, b) => b.width - a.width)
  }

  /**
   * Check a whole file before a library that trusts its headers (geotiff.js, for describe and previews) reads it:
   * the directory chain, and the layout of the full-resolution image and of every overview, as `open` checks one.
   * Masks and other pages are left alone. Throws what `open` throws.
   */
  static validate(path: string): void {
    const { fd, size } = openRegularFile(path)
    try {
      const chain = readIfdChain({ fd, size })
      chain.forEach((ifd, i) => {
        const sub = numbers(ifd, Tag.NewSubfileType)?.[0] ?? 0
        if (i === 0 || ((sub & 1) === 1 && (sub & 4) === 0)) new TiffFile(path, -1, size, ifd)
      })
    } catch (err) {
      throw asTiffError(err)
    } finally {
      fs.closeSync(fd)
    }
  }

  close(): void {
    this.lastChunk = null
    if (this.fd >= 0) fs.closeSync(this.fd)
    this.fd = -1
    this.chunkCache = null
  }

  /**
   * Keep up to `maxBytes` of decoded tiles/strips for later reads (map tiles and previews read neighbouring windows
   * that share internal tiles, so each is inflated once); 0 turns the cache off. Analysis reads each chunk once and
   * leaves it off.
   */
  cacheChunks(maxBytes: number): void {
    this.chunkCacheMax = Math.max(0, maxBytes)
    this.chunkCache = this.chunkCacheMax > 0 ? new Map() : null
    this.chunkCacheBytes = 0
  }

  private cachedChunk(index: number, rows: number, stride: number): Promise<Uint8Array> | Uint8Array {
    const cache = this.chunkCache
    if (!cache) return this.chunk(index, rows, stride)
    const hit = cache.get(index)
    if (hit) {
      cache.delete(index)
      cache.set(index, hit)
      return hit
    }
    return this.chunk(index, rows, stride).then((bytes) => {
      if (bytes.byteLength > this.chunkCacheMax || this.chunkCache !== cache) return bytes
      cache.set(index, bytes)
      this.chunkCacheBytes += bytes.byteLength
      for (const [k, v] of cache) {
        if (this.chunkCacheBytes <= this.chunkCacheMax) break
        cache.delete(k)
        this.chunkCacheBytes -= v.byteLength
      }
      return bytes
    })
  }

  /** What georef.ts reads: the GeoKeys and the three model tags. */
  private georefSource(): GeorefSource {
    const tags: Record<ModelTag, number> = {
      ModelTransformation: Tag.ModelTransformation,
      ModelTiepoint: Tag.ModelTiepoint,
      ModelPixelScale: Tag.ModelPixelScale,
    }
    return { geoKeys: () => this.geoKeys, modelTag: (name) => numbers(this.ifd, tags[name]) }
  }

  /** The window a read covers, after checking its band, scale, offset, window and size (RangeError, BudgetError). */
  private checkRead(opts: BandReadOptions): PixelWindow {
    const { band } = opts
    if (!Number.isInteger(band) || band < 1 || band > this.bandCount) {
      throw new RangeError(`band ${band} does not exist in ${nodePath.basename(this.path)}: it has ${this.bandCount} band(s), numbered from 1`)
    }
    if (!Number.isFinite(opts.scale) || !Number.isFinite(opts.offset)) throw new RangeError('scale and offset must be finite numbers')
    const win = opts.window ?? { col: 0, row: 0, width: this.width, height: this.height }
    if (win.col < 0 || win.row < 0 || win.width < 1 || win.height < 1 || win.col + win.width > this.width || win.row + win.height > this.height) {
      throw new RangeError(`the window ${JSON.stringify(win)} lies outside the ${this.width}x${this.height} image ${nodePath.basename(this.path)}`)
    }
    if (win.width * win.height > budget().maxPixels) {
      throw new BudgetError(
        `a read of ${win.width} x ${win.height} pixels from ${nodePath.basename(this.path)} is more than the ${budget().maxPixels} pixels one operation may read (RSURE_MAX_PIXELS); read a window or a smaller region, or use an overview`,
      )
    }
    return win
  }

  /** Read one band (or a window of it) as float64: nodata and non-finite samples -> NaN, then DN*scale+offset. */
  async readBand(opts: BandReadOptions): Promise<Float64Array> {
    this.readsInFlight++
    try {
      return await this.readBandOnce(opts)
    } finally {
      this.readsInFlight--
    }
  }

  /** Reads of this file not finished yet: with one alone and no chunk cache, a decoded chunk's buffer is reused. */
  private readsInFlight = 0

  private async readBandOnce(opts: BandReadOptions): Promise<Float64Array> {
    const { band } = opts
    const win = this.checkRead(opts)
    const pixels = win.width * win.height
    const out = opts.into && opts.into.length === pixels ? opts.into : new Float64Array(pixels)
    const cw = this.chunkWidth
    const ch = this.chunkHeight
    const stride = this.planar === 2 ? 1 : this.bandCount
    const sample = this.planar === 2 ? 0 : band - 1
    const planeBase = this.planar === 2 ? (band - 1) * this.across * this.down : 0
    const acc = opts.running ?? Float64Array.of(0, 0, Infinity, -Infinity)
    // NaN never equals itself: no nodata test then. Float32 samples are compared with the nodata value rounded to
    // float32, as GDAL's nodata mask does (GDALNoDataMaskBand): a tag of -9999.9 marks the stored -9999.900390625.
    const nodata = opts.nodata === null ? NaN : this.sampleType === 'float32' ? Math.fround(opts.nodata) : opts.nodata
    const content = opts.content
    const counting = content ? this.countingFor(opts.scale, opts.offset) : null
    const { convert, convertCounting } = this.converters(nodata, opts.stats !== undefined || content !== undefined || opts.running !== undefined)
    // Chunk by chunk (this order fixes the order of the running sum, so the mean is the same to the last bit); once a
    // row of chunks is converted, its image rows are whole and go to the content profile.
    for (let ty = Math.floor(win.row / ch); ty <= Math.floor((win.row + win.height - 1) / ch); ty++) {
      const rows = this.tiled ? ch : Math.min(ch, this.height - ty * ch)
      const r0 = Math.max(win.row, ty * ch)
      const r1 = Math.min(win.row + win.height, ty * ch + rows)
      if (counting) {
        counting.rowDiff.fill(0)
        if (counting.raw.length < (r1 - r0) * win.width) counting.raw = new Uint16Array(Math.min(ch, win.height) * win.width)
        counting.rawBase = (r0 - win.row) * win.width
      }
      for (let tx = Math.floor(win.col / cw); tx <= Math.floor((win.col + win.width - 1) / cw); tx++) {
        const index = planeBase + ty * this.across + tx
        const src = typedView(await this.cachedChunk(index, rows, stride), this.sampleType)
        // Overlap of this chunk with the window, in image pixels.
        const c0 = Math.max(win.col, tx * cw)
        const c1 = Math.min(win.col + win.width, (tx + 1) * cw, this.width)
        // The rows of this chunk inside the window: where they start in the chunk and in the output, and their steps.
        const part: ChunkRows = {
          s: (c0 - tx * cw) * stride + sample + (r0 - ty * ch) * cw * stride,
          srcRow: cw * stride,
          stride,
          d: c0 - win.col + (r0 - win.row) * win.width,
          outRow: win.width,
          n: c1 - c0,
          rows: r1 - r0,
        }
        if (!counting) convert(src, part, out, nodata, opts.scale, opts.offset, acc)
        else {
          if (c0 === win.col) for (let k = 0; k < part.rows; k++) counting.rowFirst[k] = src[part.s + k * part.srcRow]
          convertCounting(src, part, out, nodata, opts.scale, opts.offset, acc, counting)
        }
      }
      if (!content) continue
      if (!counting) content.add(out.subarray((r0 - win.row) * win.width, (r1 - win.row) * win.width), win.width)
      else {
        const raw = { samples: counting.raw.subarray(0, (r1 - r0) * win.width), scale: opts.scale, offset: opts.offset, nodata }
        const firsts = rowFirstValues(counting, r1 - r0, opts.scale, opts.offset)
        content.addRowShapes(firsts, win.width, r1 - r0, rowShapes(counting, r1 - r0, nodata), raw)
      }
    }
    if (counting) this.endCounting(counting, opts.scale, opts.offset, acc, content!)
    // Read through the same descriptor, so a file overwritten in place (or growing) shows in its size or mtime.
    this.checkUnchanged()
    opts.stats?.set(acc)
    return out
  }

  /** Whether readSamples gives this file's samples: integers of 16 bits or fewer, one band per chunk (or planar). */
  get samplesReadable(): boolean {
    return SAMPLE_ARRAYS[this.sampleType] !== undefined && (this.planar === 2 || this.bandCount === 1)
  }

  /**
   * The samples of a band or window as stored (no nodata, scale or offset applied), or null when they are not
   * 16-bit-or-narrower integers that no conversion needs to test (floats, or interleaved bands: use readBand).
   * With `profile` the read also gives what readBand would give of the same window converted with its scale, offset
   * and nodata (which no sample may equal): the running statistics and the content profile, to the last bit, without
   * converting (`profilesSamples` says whether it can; null when it cannot).
   */
  async readSamples(opts: SampleReadOptions): Promise<StoredSamples | null> {
    const Kind = SAMPLE_ARRAYS[this.sampleType]
    const profile = opts.profile
    if (!this.samplesReadable || !Kind || (profile && !this.profilesSamples(profile.scale, profile.offset, profile.nodata))) return null
    const win = this.checkRead({ band: opts.band, window: opts.window, nodata: null, scale: 1, offset: 0 })
    const pixels = win.width * win.height
    const out = opts.into?.length === pixels && opts.into.constructor === Kind ? opts.into : new Kind(pixels)
    const cw = this.chunkWidth
    const ch = this.chunkHeight
    const planeBase = this.planar === 2 ? (opts.band - 1) * this.across * this.down : 0
    const counting = profile ? this.countingFor(profile.scale, profile.offset) : null
    this.readsInFlight++
    try {
      for (let ty = Math.floor(win.row / ch); ty <= Math.floor((win.row + win.height - 1) / ch); ty++) {
        const rows = this.tiled ? ch : Math.min(ch, this.height - ty * ch)
        const r0 = Math.max(win.row, ty * ch)
        const r1 = Math.min(win.row + win.height, ty * ch + rows)
        if (counting) counting.rowDiff.fill(0)
        for (let tx = Math.floor(win.col / cw); tx <= Math.floor((win.col + win.width - 1) / cw); tx++) {
          const src = typedView(await this.cachedChunk(planeBase + ty * this.across + tx, rows, 1), this.sampleType) as StoredSamples
          const c0 = Math.max(win.col, tx * cw)
          const c1 = Math.min(win.col + win.width, (tx + 1) * cw, this.width)
          const d = (r0 - win.row) * win.width + c0 - win.col
          for (let r = r0; r < r1; r++) {
            const s = (r - ty * ch) * cw + (c0 - tx * cw)
            out.set(src.subarray(s, s + c1 - c0), d + (r - r0) * win.width)
          }
          if (counting && profile) this.profileChunk(out, d, win.width, c1 - c0, r1 - r0, c0 === win.col, counting, profile)
        }
        if (counting && profile) this.profileRows(out, (r0 - win.row) * win.width, win.width, r1 - r0, counting, profile)
      }
      if (counting && profile) this.endCounting(counting, profile.scale, profile.offset, profile.running, profile.content)
    } finally {
      this.readsInFlight--
    }
    this.checkUnchanged()
    return out
  }

  /**
   * Whether readSamples can profile this file's samples for values `v * scale + offset` with `nodata` (NaN: none):
   * samples it gives, no sample equal to nodata, and a scale and offset that keep distinct samples distinct values.
   */
  profilesSamples(scale: number, offset: number, nodata: number): boolean {
    return this.samplesReadable && !nodataCanMatch(this.sampleType, nodata) && this.histogramFits(scale, offset)
  }

  /** histogramEligible for this file's sample type, remembered for the last scale and offset asked. */
  private histogramFits(scale: number, offset: number): boolean {
    if (this.eligible?.scale !== scale || this.eligible.offset !== offset) {
      this.eligible = { scale, offset, ok: histogramEligible(this.sampleType, scale, offset) }
    }
    return this.eligible.ok
  }

  /**
   * Profile one chunk's part of a stored-sample read (`n` x `rows` samples from `d`, rows `width` apart), as readBand
   * converts it chunk by chunk: the running sum then adds the values in the same order. `first`: the part starts
   * each row of the window, so it gives the rows' first samples.
   */
  private profileChunk(
    out: StoredSamples,
    d: number,
    width: number,
    n: number,
    rows: number,
    first: boolean,
    counting: Counting,
    profile: SampleProfile,
  ): void {
    if (first) for (let k = 0; k < rows; k++) counting.rowFirst[k] = out[d + k * width]
    const part: ChunkRows = { s: d, srcRow: width, stride: 1, d: 0, outRow: 0, n, rows }
    SAMPLE_PROFILERS[this.sampleType]!(out, part, NO_VALUES, profile.nodata, profile.scale, profile.offset, profile.running, counting)
  }

  /** Rows `rows` x `width` of `samples` from `start`, profiled by profileChunk, to the content profile. */
  private profileRows(samples: StoredSamples, start: number, width: number, rows: number, counting: Counting, profile: SampleProfile): void {
    const n = rows * width
    // The fingerprint hashes 16-bit words: 16-bit samples as they lie, narrower ones widened as readBand copies them.
    let raw: Uint16Array
    if (samples.BYTES_PER_ELEMENT === 2) raw = new Uint16Array(samples.buffer, samples.byteOffset + start * 2, n)
    else {
      if (counting.raw.length < n) counting.raw = new Uint16Array(n)
      raw = counting.raw.subarray(0, n)
      raw.set(samples.subarray(start, start + n))
    }
    const firsts = rowFirstValues(counting, rows, profile.scale, profile.offset)
    const rawRows = { samples: raw, scale: profile.scale, offset: profile.offset, nodata: profile.nodata }
    profile.content.addRowShapes(firsts, width, rows, rowShapes(counting, rows, profile.nodata), rawRows)
  }

  /** A counting read's extremes (from its histogram) into `acc` and `content`; the shared histogram is free again. */
  private endCounting(counting: Counting, scale: number, offset: number, acc: Float64Array, content: ContentAccumulator): void {
    const bias = HISTOGRAM_LAYOUT[this.sampleType]!.bias
    const [min, minCount, max, maxCount] = touchedExtremes(counting, bias, scale, offset)
    if (min < acc[2]) acc[2] = min
    if (max > acc[3]) acc[3] = max
    content.addExtremes(min, minCount, max, maxCount)
    if (counting === this.counting) this.countingBusy = false
  }

  /**
   * The row converters of a read: with statistics or values only (nobody takes statistics of it: no running sum to
   * wait on), and without the nodata test when no sample can equal `nodata` (same values, about 3x faster).
   */
  private converters(nodata: number, withStats: boolean) {
    const t = this.sampleType
    const unmasked = !nodataCanMatch(t, nodata)
    const values = (unmasked ? UNMASKED_VALUE_CONVERTERS[t] : undefined) ?? VALUE_CONVERTERS[t]
    const all = (unmasked ? UNMASKED_CONVERTERS[t] : undefined) ?? CONVERTERS[t]
    return {
      convert: withStats ? all : values,
      convertCounting: ((unmasked ? UNMASKED_HISTOGRAM_CONVERTERS[t] : undefined) ?? HISTOGRAM_CONVERTERS[t])!,
    }
  }

  /** The histogram state of this file's reads (one, emptied as each read starts, so a failed read leaves nothing), or null when `scale`/`offset` do not allow one. */
  private counting: Counting | null = null
  /** histogramEligible's answer for the last scale and offset asked (it walks all 65536 raw values of 16-bit samples). */
  private eligible: { scale: number; offset: number; ok: boolean } | null = null
  /** The shared histogram is in a read that has not finished (a read that failed leaves it so: later reads get their own). */
  private countingBusy = false

  private countingFor(scale: number, offset: number): Counting | null {
    if (!this.histogramFits(scale, offset)) return null
    // Two reads of this file at once (none in analysis, which reads each file in turn) each get their own.
    if (this.countingBusy) return newCounting(this.sampleType, this.chunkHeight)
    this.counting ??= newCounting(this.sampleType, this.chunkHeight)
    clearCounting(this.counting)
    this.countingBusy = true
    return this.counting
  }

  /** Refuse the read when the file changed since it was opened (size or modification time; fstat, same inode). */
  private checkUnchanged(): void {
    if (!this.stamp || this.fd < 0) return
    const st = fs.fstatSync(this.fd)
    if (st.size !== this.stamp.size || st.mtimeMs !== this.stamp.mtimeMs) {
      throw new TiffFormatError(
        `changed while it was being read (${st.size !== this.stamp.size ? `its size went from ${this.stamp.size} to ${st.size} bytes` : 'its modification time moved'}), so its values could mix two versions; read it again once it is completely written`,
        'unsupported',
      )
    }
  }

  /**
   * The last chunk decoded, kept so reads of consecutive row windows (the strip-by-strip evaluation of a DAG) decode
   * a tall strip or a row of tiles once, not once per window: a 16384-row single strip read in 64-row windows would
   * otherwise inflate its 256 MiB 256 times.
   */
  private lastChunk: { index: number; bytes: Uint8Array } | null = null
  /** Chunks decoded since the file was opened, and the bound of the budget in force when it was (budget().maxChunks). */
  private decodedChunks = 0
  private readonly maxChunks = budget().maxChunks

  /** Read, decompress and un-predict one tile or strip (at most once in a row); returns little-endian sample bytes. */
  private async chunk(index: number, rows: number, stride: number): Promise<Uint8Array> {
    if (this.lastChunk?.index === index) return this.lastChunk.bytes
    if (++this.decodedChunks > this.maxChunks) {
      throw new BudgetError(
        `'${nodePath.basename(this.path)}' needs more than ${this.maxChunks} ${this.tiled ? `tiles of ${this.chunkWidth} x ${this.chunkHeight} pixels` : `strips of ${this.chunkHeight} rows`} decoded for this read, more than one file may cost (RSURE_MAX_CHUNKS); rewrite it with larger tiles (gdal_translate -co TILED=YES -co BLOCKXSIZE=256 -co BLOCKYSIZE=256) or read a window`,
      )
    }
    // The last chunk's buffer is read by no one once the next is asked for, when this is the only read of the file and
    // nothing keeps chunks: the next is decoded into it (no fresh 128 KiB per tile for the allocator and the GC).
    const spare = this.readsInFlight === 1 && !this.chunkCache ? this.lastChunk?.bytes : undefined
    this.lastChunk = null
    const bytes = await this.decoder.decode(this.fd, index, rows, stride, spare)
    this.lastChunk = { index, bytes }
    return bytes
  }
}
