/**
 * The lean GeoTIFF band reader: reads one band (or a pixel window of it) straight into a Float64Array with
 * nodata -> NaN and `value = DN * scale + offset` applied, one tile or strip at a time.
 *
 * Why hand-written: reading dominates raster pipelines (the Earth-Bench TVDI set is 46 DEFLATE-tiled files).
 * geotiff.js decodes with a JavaScript inflate and builds per-band typed arrays we would copy again; this reader
 * reads each tile with one positioned fs.readSync, inflates it with Node's native zlib (C), undoes the predictor
 * in place and converts samples directly into the output window. Compressions other than none/DEFLATE (LZW,
 * PackBits, ZSTD, LERC, JPEG, WebP) are decoded per tile by geotiff.js's decoders, with our predictor code.
 *
 * Sources: TIFF 6.0 (strips, tiles, PlanarConfiguration, SampleFormat); GDAL GTiff driver for the GDAL_NODATA
 * (42113, ASCII) and GDAL_METADATA (42112, XML with per-band `scale`/`offset` items) tags.
 */
import fs from 'node:fs'
import nodePath from 'node:path'
import zlib from 'node:zlib'
import { readGeoref, type Georef, type GeorefSource, type ModelTag } from '../georef'
import { budget, BudgetError } from '../budget'
import { openRegularFile } from '../regular-file'
import { geoKeys, numbers, readIfdChain, Tag, text, TiffFormatError, tiffProblem, type Ifd, type TiffSource } from './ifd'
import { DecodeLimitError, jpegFrameSize, lzwDecode, packbitsDecode, ycbcrToRgb, zstdDecode } from './codecs'
import { decodeLerc } from './lerc'
import { swapBytes, undoFloatingPoint, undoHorizontal } from './predictor'
import { BYTES, CONVERTERS, sampleType, typedView, type SampleType } from './samples'

export type { SampleType } from './samples'

/** The GeoKey directory (34735) with its double (34736) and ASCII (34737) parameter tags, as stored. */
export interface GeoKeyTags {
  directory: number[]
  doubles: number[] | null
  ascii: string | null
}

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
  /** Receives [count, sum, min, max] of the valid values read (computed during conversion). */
  stats?: Float64Array
}

const DEFLATE = new Set([8, 32946])
const LERC = 34887

/** TIFF compression codes by name (TIFF 6.0 and the registered extensions GDAL writes), for describe and messages. */
export const COMPRESSION_NAMES: Record<number, string> = {
  1: 'none',
  2: 'CCITT RLE',
  3: 'CCITT G3',
  4: 'CCITT G4',
  5: 'LZW',
  6: 'JPEG (old)',
  7: 'JPEG',
  8: 'DEFLATE',
  32773: 'PackBits',
  32946: 'DEFLATE',
  34712: 'JPEG 2000',
  34887: 'LERC',
  34925: 'LZMA',
  50000: 'ZSTD',
  50001: 'WEBP',
  50002: 'JPEG XL',
}
/**
 * Compressions this reader decodes (none and DEFLATE itself, the others through codecs.ts and geotiff.js's decoders);
 * any other is refused by name before a byte of pixel data is read.
 */
const READABLE_COMPRESSIONS = new Set([1, 5, 7, 8, 32773, 32946, 34887, 50000, 50001])

/** Most bands one file may declare (GDAL's own limit is 65535; hyperspectral cubes have a few hundred). */
export const MAX_BANDS = 4096
/** Largest width or height a header may declare (2^24: far beyond any scene; the pixel budget bounds reads). */
export const MAX_SIDE = 2 ** 24

/** Most characters of a GDAL_METADATA string scanned (GDAL writes a few KiB); the rest is noted as truncated. */
export const MAX_METADATA_CHARS = 64 * 1024
/** Most <Item> elements read from one GDAL_METADATA string. */
export const MAX_METADATA_ITEMS = 4096

/** `name="value"` pairs of one start tag, in one linear pass (no regex: a long word cannot make it quadratic). */
function tagAttributes(s: string): Record<string, string> {
  const out: Record<string, string> = {}
  let i = 0
  const n = s.length
  while (i < n) {
    while (i < n && !/\w/.test(s[i])) i++
    const start = i
    while (i < n && /\w/.test(s[i])) i++
    const key = s.slice(start, i)
    while (i < n && s[i] === ' ') i++
    if (s[i] !== '=') continue
    i++
    while (i < n && s[i] === ' ') i++
    if (s[i] !== '"') continue
    const close = s.indexOf('"', i + 1)
    if (close < 0) break
    if (key) out[key] = s.slice(i + 1, close)
    i = close + 1
  }
  return out
}

/**
 * Per-band scale/offset items of a GDAL_METADATA XML string (band numbers 1-based). One forward scan with indexOf
 * (linear in the input), over at most MAX_METADATA_CHARS characters and MAX_METADATA_ITEMS items; `truncated` says
 * the string was longer or had more items than that, or ended inside an item.
 */
export function parseGdalMetadata(xml: string | undefined): {
  scale: Map<number, number>
  offset: Map<number, number>
  items: Record<string, string>
  truncated: boolean
} {
  const scale = new Map<number, number>()
  const offset = new Map<number, number>()
  const items: Record<string, string> = {}
  if (!xml) return { scale, offset, items, truncated: false }
  let truncated = xml.length > MAX_METADATA_CHARS
  const s = truncated ? xml.slice(0, MAX_METADATA_CHARS) : xml
  let at = 0
  let count = 0
  for (;;) {
    const open = s.indexOf('<Item', at)
    if (open < 0) break
    const after = s[open + 5]
    if (after !== undefined && after !== '>' && !/\s/.test(after)) {
      at = open + 5
      continue
    }
    if (count >= MAX_METADATA_ITEMS) {
      truncated = true
      break
    }
    const gt = s.indexOf('>', open + 5)
    if (gt < 0) {
      truncated = true
      break
    }
    const end = s.indexOf('</Item', gt + 1)
    if (end < 0) {
      truncated = true
      break
    }
    const endGt = s.indexOf('>', end + 6)
    if (endGt < 0) {
      truncated = true
      break
    }
    at = endGt + 1
    count++
    const body = s.slice(gt + 1, end)
    if (body.includes('<')) continue // not a plain text item
    const attrs = tagAttributes(s.slice(open + 5, gt))
    const value = body.trim()
    const band = attrs.sample !== undefined ? Number(attrs.sample) + 1 : null
    const role = (attrs.role ?? attrs.name ?? '').toLowerCase()
    if (band !== null && (role === 'scale' || role === 'offset') && Number.isFinite(Number(value))) {
      ;(role === 'scale' ? scale : offset).set(band, Number(value))
    } else if (attrs.name) {
      items[attrs.name] = value
    }
  }
  return { scale, offset, items, truncated }
}

/** A decimal number as GDAL writes GDAL_NODATA ('-9999', '-9999.9', '-3.4028234663852886e+38'); nothing else. */
const NODATA_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * The GDAL_NODATA tag's value, parsed strictly: a decimal number, 'nan', or 'inf'/'-inf'; null when the tag is
 * absent. Anything else ('-9999 junk', '-9999,5', '', '0x10', '1e999') is refused, since reading it as some number
 * would count fill pixels as data.
 */
export function parseNodata(raw: string | undefined): number | null {
  if (raw === undefined) return null
  const s = raw.trim()
  const low = s.toLowerCase()
  if (low === 'nan' || low === '+nan' || low === '-nan') return NaN
  if (low === 'inf' || low === '+inf' || low === 'infinity' || low === '+infinity') return Infinity
  if (low === '-inf' || low === '-infinity') return -Infinity
  const v = NODATA_NUMBER.test(s) ? Number(s) : NaN
  if (!Number.isFinite(v)) {
    const shown = raw.length > 40 ? `${raw.slice(0, 40)}...` : raw
    throw new TiffFormatError(
      `its GDAL_NODATA tag "${shown}" is not a number (a nodata value is a plain decimal number such as -9999, or nan); correct the tag with gdal_edit.py -a_nodata`,
    )
  }
  return v
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
  private readonly offsets: number[]
  private readonly byteCounts: number[]
  /** Size (bytes) and modification time (ms) when opened: a read that finds either changed is refused. */
  private stamp: { size: number; mtimeMs: number } | null = null
  private readonly littleEndian: boolean
  private readonly ifd: Ifd

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
    const one = (tag: number, dflt?: number): number => {
      const v = numbers(ifd, tag)?.[0] ?? dflt
      if (v === undefined) throw new TiffFormatError(`the required TIFF tag ${tag} is missing`)
      if (!Number.isSafeInteger(v) || v < 0) throw new TiffFormatError(`TIFF tag ${tag} holds the impossible value ${v}`)
      return v
    }
    this.littleEndian = ifd.littleEndian
    this.width = one(Tag.ImageWidth)
    this.height = one(Tag.ImageLength)
    if (this.width < 1 || this.height < 1 || this.width > MAX_SIDE || this.height > MAX_SIDE) {
      throw new TiffFormatError(`it declares an impossible size of ${this.width} x ${this.height} pixels`)
    }
    this.bandCount = one(Tag.SamplesPerPixel, 1)
    if (this.bandCount < 1 || this.bandCount > MAX_BANDS) {
      throw new TiffFormatError(`it declares ${this.bandCount} bands per pixel (SamplesPerPixel); RSure reads 1 to ${MAX_BANDS}`)
    }
    const bits = numbers(ifd, Tag.BitsPerSample) ?? [1]
    const formats = numbers(ifd, Tag.SampleFormat) ?? [1]
    for (const [name, list] of [
      ['BitsPerSample', bits],
      ['SampleFormat', formats],
    ] as const) {
      if (list.length !== 1 && list.length !== this.bandCount) {
        throw new TiffFormatError(`its ${name} table has ${list.length} entries for ${this.bandCount} band${this.bandCount === 1 ? '' : 's'}`)
      }
    }
    if (bits.some((b) => b !== bits[0]) || formats.some((f) => f !== formats[0])) {
      throw new TiffFormatError(
        'has bands with different sample types, which RSure cannot read as one raster; split the bands into separate files',
        'unsupported',
      )
    }
    this.sampleType = sampleType(bits[0], formats[0])
    this.compression = one(Tag.Compression, 1)
    if (!READABLE_COMPRESSIONS.has(this.compression)) {
      const name = COMPRESSION_NAMES[this.compression]
      throw new TiffFormatError(
        `uses ${name ? `${name} compression` : `the unknown compression code ${this.compression}`}, which RSure cannot decode; convert it with DEFLATE, LZW or no compression`,
        'unsupported',
      )
    }
    this.predictor = one(Tag.Predictor, 1)
    if (this.predictor < 1 || this.predictor > 3) throw new TiffFormatError(`its Predictor tag is ${this.predictor}, not 1, 2 or 3`)
    // The floating-point predictor (Adobe TIFF Technical Note 3) is defined for IEEE floats only; on integers GDAL
    // and libtiff refuse it, and undoing it would scramble the bytes into other numbers.
    if (this.predictor === 3 && formats[0] !== 3)
      throw new TiffFormatError(`its Predictor tag is 3 (floating point) on ${this.sampleType} samples, which is defined only for floating-point data`)
    this.photometric = one(Tag.Photometric, this.bandCount >= 3 ? 2 : 1)
    this.planar = one(Tag.PlanarConfiguration, 1)
    if (this.planar !== 1 && this.planar !== 2)
      throw new TiffFormatError(`its PlanarConfiguration is ${this.planar}, not 1 (pixel interleaved) or 2 (band interleaved)`)
    this.tiled = ifd.tags.has(Tag.TileWidth)
    this.chunkWidth = this.tiled ? one(Tag.TileWidth) : this.width
    this.chunkHeight = this.tiled ? one(Tag.TileLength) : Math.min(one(Tag.RowsPerStrip, this.height), this.height)
    if (this.chunkWidth < 1 || this.chunkHeight < 1) {
      throw new TiffFormatError(this.tiled ? `its tiles are ${this.chunkWidth} x ${this.chunkHeight} pixels (TileWidth/TileLength 0)` : 'its RowsPerStrip is 0')
    }
    const stride = this.planar === 2 ? 1 : this.bandCount
    const chunkBytes = this.chunkWidth * this.chunkHeight * stride * BYTES[this.sampleType]
    if (chunkBytes > budget().maxChunkBytes) {
      throw new TiffFormatError(
        `has ${this.tiled ? 'tiles' : 'strips'} that decode to ${Math.ceil(chunkBytes / 2 ** 20)} MiB, more than the ${budget().maxChunkBytes / 2 ** 20} MiB RSure decodes at once; rewrite it with smaller tiles or strips`,
        'unsupported',
      )
    }
    this.across = Math.ceil(this.width / this.chunkWidth)
    this.down = Math.ceil(this.height / this.chunkHeight)
    const expected = this.across * this.down * (this.planar === 2 ? this.bandCount : 1)
    this.offsets = numbers(ifd, this.tiled ? Tag.TileOffsets : Tag.StripOffsets) ?? []
    this.byteCounts = numbers(ifd, this.tiled ? Tag.TileByteCounts : Tag.StripByteCounts) ?? []
    const what = this.tiled ? 'tile' : 'strip'
    if (this.offsets.length === 0 || this.offsets.length !== this.byteCounts.length) {
      throw new TiffFormatError(`the ${what} offset and byte-count tables are missing or disagree`)
    }
    if (this.offsets.length !== expected) {
      throw new TiffFormatError(`its ${what} table has ${this.offsets.length} entries but its size, ${what} size and PlanarConfiguration need ${expected}`)
    }
    for (let i = 0; i < expected; i++) {
      const o = this.offsets[i]
      const c = this.byteCounts[i]
      if (c === 0) continue // never written (sparse): read as nodata or zeros
      if (!(o >= 0) || !(c > 0) || o + c > fileSize) {
        throw new TiffFormatError(
          `${what} ${i} lies outside the file (bytes ${o} to ${o + c} of ${fileSize}); it is truncated or damaged, so copy or download it again`,
        )
      }
      if (this.compression === 1 && c < this.chunkBytes(i)) {
        throw new TiffFormatError(`${what} ${i} holds ${c} bytes but needs ${this.chunkBytes(i)} for its pixels`)
      }
    }
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
  }

  /** Rows of chunk `index` (the last strip of a plane may be shorter; tiles are always whole). */
  private chunkRows(index: number): number {
    if (this.tiled) return this.chunkHeight
    const ty = Math.floor(index / this.across) % this.down
    return Math.min(this.chunkHeight, this.height - ty * this.chunkHeight)
  }

  /** Decoded bytes chunk `index` must hold. */
  private chunkBytes(index: number): number {
    const stride = this.planar === 2 ? 1 : this.bandCount
    return this.chunkWidth * this.chunkRows(index) * stride * BYTES[this.sampleType]
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

  /** Read one band (or a window of it) as float64: nodata and non-finite samples -> NaN, then DN*scale+offset. */
  async readBand(opts: BandReadOptions): Promise<Float64Array> {
    const { band } = opts
    if (!Number.isInteger(band) || band < 1 || band > this.bandCount) {
      throw new RangeError(`band ${band} does not exist in ${nodePath.basename(this.path)}: it has ${this.bandCount} band(s), numbered from 1`)
    }
    if (!Number.isFinite(opts.scale) || !Number.isFinite(opts.offset)) throw new RangeError('scale and offset must be finite numbers')
    const win = opts.window ?? { col: 0, row: 0, width: this.width, height: this.height }
    if (win.col < 0 || win.row < 0 || win.width < 1 || win.height < 1 || win.col + win.width > this.width || win.row + win.height > this.height) {
      throw new RangeError(`the window ${JSON.stringify(win)} lies outside the ${this.width}x${this.height} image ${nodePath.basename(this.path)}`)
    }
    const pixels = win.width * win.height
    if (pixels > budget().maxPixels) {
      throw new BudgetError(
        `a read of ${win.width} x ${win.height} pixels from ${nodePath.basename(this.path)} is more than the ${budget().maxPixels} pixels one operation may read (RSURE_MAX_PIXELS); read a window or a smaller region, or use an overview`,
      )
    }
    const out = opts.into && opts.into.length === pixels ? opts.into : new Float64Array(pixels)
    const cw = this.chunkWidth
    const ch = this.chunkHeight
    const across = Math.ceil(this.width / cw)
    const down = Math.ceil(this.height / ch)
    const stride = this.planar === 2 ? 1 : this.bandCount
    const sample = this.planar === 2 ? 0 : band - 1
    const planeBase = this.planar === 2 ? (band - 1) * across * down : 0
    const convertRow = CONVERTERS[this.sampleType]
    const acc = Float64Array.of(0, 0, Infinity, -Infinity)
    // NaN never equals itself: no nodata test then. Float32 samples are compared with the nodata value rounded to
    // float32, as GDAL's nodata mask does (GDALNoDataMaskBand): a tag of -9999.9 marks the stored -9999.900390625.
    const nodata = opts.nodata === null ? NaN : this.sampleType === 'float32' ? Math.fround(opts.nodata) : opts.nodata
    for (let ty = Math.floor(win.row / ch); ty <= Math.floor((win.row + win.height - 1) / ch); ty++) {
      for (let tx = Math.floor(win.col / cw); tx <= Math.floor((win.col + win.width - 1) / cw); tx++) {
        const index = planeBase + ty * across + tx
        const rows = this.tiled ? ch : Math.min(ch, this.height - ty * ch)
        const bytes = await this.cachedChunk(index, rows, stride)
        const src = typedView(bytes, this.sampleType)
        // Overlap of this chunk with the window, in image pixels.
        const c0 = Math.max(win.col, tx * cw)
        const c1 = Math.min(win.col + win.width, (tx + 1) * cw, this.width)
        const r0 = Math.max(win.row, ty * ch)
        const r1 = Math.min(win.row + win.height, ty * ch + rows)
        const n = c1 - c0
        const nd = nodata
        for (let r = r0; r < r1; r++) {
          const s = ((r - ty * ch) * cw + (c0 - tx * cw)) * stride + sample
          const d = (r - win.row) * win.width + (c0 - win.col)
          convertRow(src, s, stride, out, d, n, nd, opts.scale, opts.offset, acc)
        }
      }
    }
    // Read through the same descriptor, so a file overwritten in place (or growing) shows in its size or mtime.
    this.checkUnchanged()
    opts.stats?.set(acc)
    return out
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
  /** Chunks decoded since the file was opened (budget().maxChunks bounds them). */
  private decodedChunks = 0

  /** Read, decompress and un-predict one tile or strip (at most once in a row); returns little-endian sample bytes. */
  private async chunk(index: number, rows: number, stride: number): Promise<Uint8Array> {
    if (this.lastChunk?.index === index) return this.lastChunk.bytes
    if (++this.decodedChunks > budget().maxChunks) {
      throw new BudgetError(
        `'${nodePath.basename(this.path)}' needs more than ${budget().maxChunks} ${this.tiled ? `tiles of ${this.chunkWidth} x ${this.chunkHeight} pixels` : `strips of ${this.chunkHeight} rows`} decoded for this read, more than one file may cost (RSURE_MAX_CHUNKS); rewrite it with larger tiles (gdal_translate -co TILED=YES -co BLOCKXSIZE=256 -co BLOCKYSIZE=256) or read a window`,
      )
    }
    const bytes = await this.decodeChunk(index, rows, stride)
    this.lastChunk = { index, bytes }
    return bytes
  }

  private rawBuffer: Buffer | null = null

  /** A reused buffer of `count` bytes for compressed chunk bytes that are decoded synchronously. */
  private readBuffer(count: number): Buffer {
    if (!this.rawBuffer || this.rawBuffer.length < count) this.rawBuffer = Buffer.allocUnsafe(Math.max(count, 1 << 16))
    return this.rawBuffer.subarray(0, count)
  }

  private async decodeChunk(index: number, rows: number, stride: number): Promise<Uint8Array> {
    const offset = this.offsets[index]
    const count = this.byteCounts[index]
    if (offset === undefined) throw new TiffFormatError(`tile/strip ${index} is missing from the offset table`)
    const bytesPerSample = BYTES[this.sampleType]
    const expected = this.chunkWidth * rows * stride * bytesPerSample
    const what = `${this.tiled ? 'tile' : 'strip'} ${index}`
    const file = nodePath.basename(this.path)
    if (count === 0) return this.sparseChunk(expected)
    // DEFLATE chunks are read into one reused buffer (inflate copies out of it at once); the others' raw bytes may
    // be kept (uncompressed chunks are returned as they are), so each gets its own.
    const deflate = DEFLATE.has(this.compression)
    const raw = deflate ? this.readBuffer(count) : Buffer.allocUnsafe(count)
    const got = fs.readSync(this.fd, raw, 0, count, offset)
    if (got !== count) throw new TiffFormatError(`${what} of ${file} is truncated: ${got} of ${count} bytes present`)
    let bytes: Uint8Array
    const cname = COMPRESSION_NAMES[this.compression] ?? `compression ${this.compression}`
    try {
      // Every decoder writes at most the chunk's declared size (a decompression bomb stops there, it never fills
      // memory): zlib's maxOutputLength, and the bounded LZW, PackBits and ZSTD decoders of codecs.ts.
      if (this.compression === 1) bytes = raw
      // chunkSize: the whole output in one piece (zlib's default 16 KiB pieces are concatenated afterwards: a copy).
      else if (deflate) bytes = zlib.inflateSync(raw, { maxOutputLength: Math.max(expected, 1), chunkSize: Math.max(expected, 64) })
      else if (this.compression === 5) bytes = lzwDecode(raw, expected)
      else if (this.compression === 32773) bytes = packbitsDecode(raw, expected)
      else if (this.compression === 50000) bytes = await zstdDecode(raw, expected)
      else if (this.compression === 7) bytes = await this.jpegDecode(raw, rows, stride, what, file)
      else bytes = await this.foreignDecode(raw, rows, stride)
    } catch (err) {
      if (err instanceof TiffFormatError) throw err
      if (err instanceof DecodeLimitError || (err as NodeJS.ErrnoException)?.code === 'ERR_BUFFER_TOO_LARGE') {
        throw new TiffFormatError(
          `${what} of ${file} ${err instanceof DecodeLimitError ? err.message : `inflates to more than the ${expected} bytes its pixels need`} (${cname}; a decompression bomb or a damaged file), so RSure stopped decoding it`,
        )
      }
      throw new TiffFormatError(`${what} of ${file} cannot be decompressed (${cname}); the file is damaged, so copy or download it again`)
    }
    // A chunk that decodes short would leave pixels unread: an error naming the chunk, never a mean over fewer pixels.
    if (bytes.byteLength < expected) {
      throw new TiffFormatError(`${what} of ${file} decodes to ${bytes.byteLength} bytes, but its ${this.chunkWidth} x ${rows} pixels need ${expected}`)
    }
    if (!this.littleEndian && bytesPerSample > 1 && this.predictor !== 3) {
      if (bytes === raw) bytes = new Uint8Array(raw)
      swapBytes(bytes, bytesPerSample)
    }
    if (this.predictor === 2) undoHorizontal(bytes, bytesPerSample * 8, this.chunkWidth, rows, stride)
    else if (this.predictor === 3) undoFloatingPoint(bytes, bytesPerSample, this.chunkWidth, rows, stride)
    return bytes
  }

  /**
   * A tile or strip that was never written (byte count 0, GDAL's SPARSE_OK): GDAL reads it as the file's nodata
   * value when the file has one, else as zeros (GTiff driver, "sparse files"); so do we, before any nodata test.
   */
  private sparseChunk(bytes: number): Uint8Array {
    const out = new Uint8Array(bytes)
    const nd = this.nodata
    if (nd === null || nd === 0) return out
    const view = typedView(out, this.sampleType)
    const isFloat = this.sampleType === 'float32' || this.sampleType === 'float64'
    // An integer band cannot hold NaN, a fraction or an out-of-range value: then the zeros stay.
    if (isFloat || Number.isInteger(nd)) {
      view.fill(nd)
      if (!isFloat && view[0] !== nd) out.fill(0)
    }
    return out
  }

  /**
   * A JPEG tile or strip (compression 7): its frame header must declare the chunk's own size and sample count before
   * anything is decoded (a 256-pixel tile declaring 30000 x 30000 is refused unread); YCbCr data (photometric 6, as
   * GDAL writes RGB by default) is converted to RGB as libjpeg does, so band 1 is red, not luma.
   */
  private async jpegDecode(raw: Buffer, rows: number, stride: number, what: string, file: string): Promise<Uint8Array> {
    if (this.sampleType !== 'uint8')
      throw new TiffFormatError(
        `uses JPEG compression on ${this.sampleType} samples (12-bit or wider JPEG), which RSure cannot decode; convert it with DEFLATE or LZW`,
        'unsupported',
      )
    const frame = jpegFrameSize(raw)
    if (!frame) throw new TiffFormatError(`${what} of ${file} holds no JPEG frame header`)
    if (frame.width > this.chunkWidth || frame.height > Math.max(rows, this.chunkHeight) || frame.components !== stride) {
      throw new TiffFormatError(
        `${what} of ${file} holds a JPEG frame of ${frame.width} x ${frame.height} pixels and ${frame.components} components where its header declares ${this.chunkWidth} x ${rows} and ${stride}`,
      )
    }
    const bytes = await this.foreignDecode(raw, rows, stride)
    if (this.photometric === 6 && stride === 3) ycbcrToRgb(bytes)
    else if (this.photometric === 6)
      throw new TiffFormatError(
        `uses JPEG with YCbCr colour in band-interleaved planes, which RSure cannot decode; convert it with gdal_translate -co PHOTOMETRIC=RGB`,
        'unsupported',
      )
    return bytes
  }

  private async foreignDecode(raw: Buffer, rows: number, stride: number): Promise<Uint8Array> {
    if (this.compression === LERC) {
      const bytes = this.chunkWidth * rows * stride * BYTES[this.sampleType]
      return decodeLerc(raw, numbers(this.ifd, Tag.LercParameters), this.sampleType, this.chunkWidth * rows, stride, this.planar === 1, bytes)
    }
    let decoder
    try {
      // geotiff.js is loaded only for these compressions, so workers reading DEFLATE files never pay for it.
      const { getDecoder } = await import('geotiff')
      decoder = await getDecoder(this.compression, {
        tileWidth: this.chunkWidth,
        tileHeight: rows,
        predictor: 1,
        bitsPerSample: BYTES[this.sampleType] * 8,
        planarConfiguration: this.planar,
        samplesPerPixel: stride,
        ...(this.compression === 7 ? { JPEGTables: numbers(this.ifd, Tag.JPEGTables) } : {}),
      } as Parameters<typeof getDecoder>[1])
    } catch {
      throw new TiffFormatError(`uses ${COMPRESSION_NAMES[this.compression] ?? `compression ${this.compression}`}, which RSure cannot decode`, 'unsupported')
    }
    const ab = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)
    return new Uint8Array(await decoder.decodeBlock(ab))
  }
}

/** Any failure while parsing a header as a TiffFormatError with a sentence of our own (never a raw RangeError). */
export function asTiffError(err: unknown): Error {
  if (err instanceof TiffFormatError || (err as Error)?.name === 'SpecialFileError' || err instanceof BudgetError) return err as Error
  return new TiffFormatError('its header could not be parsed (a field holds an impossible value)')
}

/**
 * One sentence for any failure to open or read `file`: a damaged or unsupported TIFF, a special file, a budget
 * refusal, or a band/window the file does not have. Unknown errors never pass their JavaScript text through.
 */
export function readProblem(file: string, err: unknown): string {
  const name = `'${nodePath.basename(file)}'`
  if (err instanceof TiffFormatError) return tiffProblem(name, err)
  const e = err as Error
  if (e?.name === 'SpecialFileError' || e?.name === 'BudgetError' || e instanceof RangeError) {
    const m = String(e.message).replace(/[.\s]+$/, '')
    return `${m.charAt(0).toUpperCase()}${m.slice(1)}.`
  }
  return `${name} could not be read; it may be damaged or still being written, so copy or download it again.`
}
