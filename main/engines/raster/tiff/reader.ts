/**
 * The lean GeoTIFF band reader: reads one band (or a pixel window of it) straight into a Float64Array with
 * nodata -> NaN and `value = DN * scale + offset` applied, one tile or strip at a time.
 *
 * Why hand-written: reading dominates raster pipelines (the Earth-Bench TVDI set is 46 DEFLATE-tiled files).
 * geotiff.js decodes with a JavaScript inflate and builds per-band typed arrays we would copy again; this reader
 * reads each tile with one positioned fs.readSync, inflates it with Node's native zlib (C), undoes the predictor
 * in place and converts samples directly into the output window.
 *
 * This module is TiffFile: opening a file and checking its header, and the two reads, which walk a window's chunks
 * and convert or copy them. The pieces it uses: window.ts (the read checks and the walk over a window's chunks),
 * chunk-store.ts (where each decoded chunk comes from: last chunk, cache, chunk budget), chunk-decode.ts (reading
 * and decompressing one tile or strip), read-counting.ts (the converters a read picks, its histogram and the
 * profile of stored samples), samples.ts (sample types, the per-pixel conversion), header.ts (the checked image
 * header), gdal-tags.ts (GDAL_METADATA, GDAL_NODATA), read-errors.ts (one sentence per failure), ifd.ts (the
 * directory parser).
 *
 * Sources: TIFF 6.0 (strips, tiles, PlanarConfiguration, SampleFormat); GDAL GTiff driver for the GDAL_NODATA
 * (42113, ASCII) and GDAL_METADATA (42112, XML with per-band `scale`/`offset` items) tags.
 */
import fs from 'node:fs'
import { readGeoref, type Georef, type GeorefSource, type ModelTag } from '../georef'
import { openRegularFile } from '../regular-file'
import { ChunkStore } from './chunk-store'
import { parseGdalMetadata, parseNodata } from './gdal-tags'
import { readImageHeader, type ImageHeader } from './header'
import { geoKeys, geoKeyTags, numbers, readIfdChain, Tag, text, TiffFormatError, type GeoKeyTags, type Ifd, type TiffSource } from './ifd'
import { asTiffError } from './read-errors'
import { addCountedRows, profileRows, readConverters, ReadCounting } from './read-counting'
import { nodataCanMatch, typedView, type SampleType } from './samples'
import { bandLayout, checkRead, windowBands, windowChunks } from './window'

export type { SampleType } from './samples'
export type { BandReadOptions, PixelWindow, SampleProfile, SampleReadOptions, StoredSamples } from './read-options'
import { SAMPLE_ARRAYS, type BandReadOptions, type SampleReadOptions, type StoredSamples } from './read-options'
export { COMPRESSION_NAMES } from './chunk-decode'
export { MAX_METADATA_CHARS, MAX_METADATA_ITEMS, parseGdalMetadata, parseNodata } from './gdal-tags'
export { asTiffError, readProblem } from './read-errors'
export { MAX_BANDS, MAX_SIDE } from './header'
export type { GeoKeyTags } from './ifd'

/** A reduced-resolution image (NewSubfileType bit 1) that is not a transparency mask (bit 4). */
function isOverview(ifd: Ifd): boolean {
  const sub = numbers(ifd, Tag.NewSubfileType)?.[0] ?? 0
  return (sub & 1) === 1 && (sub & 4) === 0
}

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
  /** Size (bytes) and modification time (ms) when opened: a read that finds either changed is refused. */
  private stamp: { size: number; mtimeMs: number } | null = null
  private readonly ifd: Ifd
  /** The checked header: with the fields above, the chunk grid (chunks across and down one plane) and its tables. */
  private readonly header: ImageHeader
  private readonly chunks: ChunkStore
  private readonly readCounting: ReadCounting

  private constructor(
    readonly path: string,
    private fd: number,
    fileSize: number,
    ifd: Ifd,
  ) {
    this.ifd = ifd
    const h = readImageHeader(ifd, fileSize)
    this.header = h
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
    this.nodata = parseNodata(text(ifd, Tag.GdalNodata))
    const meta = parseGdalMetadata(text(ifd, Tag.GdalMetadata))
    this.metadataTruncated = meta.truncated
    this.metadataScale = meta.scale
    this.metadataOffset = meta.offset
    this.metadataItems = meta.items
    this.geoKeys = geoKeys(ifd)
    this.geoKeyTags = geoKeyTags(ifd)
    this.georef = readGeoref(this.georefSource())
    this.chunks = new ChunkStore({ ...h, path: this.path, ifd, littleEndian: ifd.littleEndian, nodata: this.nodata })
    this.readCounting = new ReadCounting(h.sampleType, h.chunkHeight)
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
        if (!isOverview(ifd) || (numbers(ifd, Tag.SamplesPerPixel)?.[0] ?? 1) !== main.bandCount) continue
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
        if (i === 0 || isOverview(ifd)) new TiffFile(path, -1, size, ifd)
      })
    } catch (err) {
      throw asTiffError(err)
    } finally {
      fs.closeSync(fd)
    }
  }

  close(): void {
    this.chunks.clear()
    if (this.fd >= 0) fs.closeSync(this.fd)
    this.fd = -1
  }

  /**
   * Keep up to `maxBytes` of decoded tiles/strips for later reads (map tiles and previews read neighbouring windows
   * that share internal tiles, so each is inflated once); 0 turns the cache off. Analysis reads each chunk once and
   * leaves it off.
   */
  cacheChunks(maxBytes: number): void {
    this.chunks.cacheChunks(maxBytes)
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

  /** Read one band (or a window of it) as float64: nodata and non-finite samples -> NaN, then DN*scale+offset. */
  async readBand(opts: BandReadOptions): Promise<Float64Array> {
    return this.chunks.reading(() => this.readBandOnce(opts))
  }

  private async readBandOnce(opts: BandReadOptions): Promise<Float64Array> {
    const win = checkRead(this, opts)
    const pixels = win.width * win.height
    const out = opts.into && opts.into.length === pixels ? opts.into : new Float64Array(pixels)
    const layout = bandLayout(this.header, opts.band)
    const acc = opts.running ?? Float64Array.of(0, 0, Infinity, -Infinity)
    // NaN never equals itself: no nodata test then. Float32 samples are compared with the nodata value rounded to
    // float32, as GDAL's nodata mask does (GDALNoDataMaskBand): a tag of -9999.9 marks the stored -9999.900390625.
    const nodata = opts.nodata === null ? NaN : this.sampleType === 'float32' ? Math.fround(opts.nodata) : opts.nodata
    const content = opts.content
    const counting = content ? this.readCounting.countingFor(opts.scale, opts.offset) : null
    const withStats = opts.stats !== undefined || content !== undefined || opts.running !== undefined
    const { convert, convertCounting } = readConverters(this.sampleType, nodata, withStats)
    // Chunk by chunk (this order fixes the order of the running sum, so the mean is the same to the last bit); once a
    // row of chunks is converted, its image rows are whole and go to the content profile.
    for (const band of windowBands(this.header, win)) {
      const { r0, r1 } = band
      if (counting) {
        counting.rowDiff.fill(0)
        if (counting.raw.length < (r1 - r0) * win.width) counting.raw = new Uint16Array(Math.min(this.chunkHeight, win.height) * win.width)
        counting.rawBase = (r0 - win.row) * win.width
      }
      for (const { index, part, first } of windowChunks(this.header, win, band, layout)) {
        const src = typedView(await this.chunks.cachedChunk(this.fd, index, band.rows, layout.stride), this.sampleType)
        if (!counting) convert(src, part, out, nodata, opts.scale, opts.offset, acc)
        else {
          if (first) for (let k = 0; k < part.rows; k++) counting.rowFirst[k] = src[part.s + k * part.srcRow]
          convertCounting(src, part, out, nodata, opts.scale, opts.offset, acc, counting)
        }
      }
      if (!content) continue
      if (!counting) content.add(out.subarray((r0 - win.row) * win.width, (r1 - win.row) * win.width), win.width)
      else addCountedRows(content, counting, counting.raw.subarray(0, (r1 - r0) * win.width), win.width, r1 - r0, opts.scale, opts.offset, nodata)
    }
    if (counting) this.readCounting.endCounting(counting, opts.scale, opts.offset, acc, content!)
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
    const win = checkRead(this, { band: opts.band, window: opts.window, nodata: null, scale: 1, offset: 0 })
    const pixels = win.width * win.height
    const out = opts.into?.length === pixels && opts.into.constructor === Kind ? opts.into : new Kind(pixels)
    // One band per chunk (samplesReadable): a stride of 1, so each row of a chunk's part is one contiguous copy.
    const layout = bandLayout(this.header, opts.band)
    const counting = profile ? this.readCounting.countingFor(profile.scale, profile.offset) : null
    await this.chunks.reading(async () => {
      for (const band of windowBands(this.header, win)) {
        if (counting) counting.rowDiff.fill(0)
        for (const { index, part, first } of windowChunks(this.header, win, band, layout)) {
          const src = typedView(await this.chunks.cachedChunk(this.fd, index, band.rows, layout.stride), this.sampleType) as StoredSamples
          for (let k = 0; k < part.rows; k++) {
            const s = part.s + k * part.srcRow
            out.set(src.subarray(s, s + part.n), part.d + k * part.outRow)
          }
          if (counting && profile) this.readCounting.profileChunk(out, part, first, counting, profile)
        }
        if (counting && profile) profileRows(out, (band.r0 - win.row) * win.width, win.width, band.r1 - band.r0, counting, profile)
      }
      if (counting && profile) this.readCounting.endCounting(counting, profile.scale, profile.offset, profile.running, profile.content)
    })
    this.checkUnchanged()
    return out
  }

  /**
   * Whether readSamples can profile this file's samples for values `v * scale + offset` with `nodata` (NaN: none):
   * samples it gives, no sample equal to nodata, and a scale and offset that keep distinct samples distinct values.
   */
  profilesSamples(scale: number, offset: number, nodata: number): boolean {
    return this.samplesReadable && !nodataCanMatch(this.sampleType, nodata) && this.readCounting.histogramFits(scale, offset)
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
}
