/**
 * A small synchronous TIFF/BigTIFF directory parser for the lean raster reader.
 *
 * Why not geotiff.js here: the reader runs inside worker threads over dozens of files per request, and needs only
 * the first image directory, read synchronously with a file descriptor it already holds; geotiff.js's async
 * source/deferred-array machinery costs more than the whole header. geotiff.js remains the fallback decoder for
 * compressions this reader does not inflate itself (see reader.ts).
 *
 * Sources: TIFF 6.0 specification (Adobe, 1992), section 2 (header, IFD entries, field types); BigTIFF design
 * (Aware Systems, 2008: magic 43, 8-byte offsets, 20-byte entries); GeoTIFF 1.1 (OGC 19-008r4) for the GeoKey
 * directory layout (tag 34735: header of 4 shorts, then 4 shorts per key).
 */
import fs from 'node:fs'

/** Byte size of each TIFF field type (index = type code). */
const TYPE_SIZE: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
  16: 8,
  17: 8,
  18: 8,
}

/** Tag numbers the reader uses. */
export const Tag = {
  NewSubfileType: 254,
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  Photometric: 262,
  StripOffsets: 273,
  SamplesPerPixel: 277,
  RowsPerStrip: 278,
  StripByteCounts: 279,
  PlanarConfiguration: 284,
  Predictor: 317,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  SampleFormat: 339,
  JPEGTables: 347,
  LercParameters: 50674,
  ModelPixelScale: 33550,
  ModelTiepoint: 33922,
  ModelTransformation: 34264,
  GeoKeyDirectory: 34735,
  GeoDoubleParams: 34736,
  GeoAsciiParams: 34737,
  GdalMetadata: 42112,
  GdalNodata: 42113,
} as const

export type TagValue = number[] | string

export interface Ifd {
  /** Tag number -> values (numbers) or text (ASCII fields, trailing NULs removed). */
  tags: Map<number, TagValue>
  littleEndian: boolean
}

/** Names of the GeoKeys that georef.ts reads; other keys keep their numeric id as name. */
const GEOKEY_NAMES: Record<number, string> = {
  1024: 'GTModelTypeGeoKey',
  1025: 'GTRasterTypeGeoKey',
  1026: 'GTCitationGeoKey',
  2048: 'GeographicTypeGeoKey',
  2049: 'GeogCitationGeoKey',
  2050: 'GeogGeodeticDatumGeoKey',
  2054: 'GeogAngularUnitsGeoKey',
  3072: 'ProjectedCSTypeGeoKey',
  3073: 'PCSCitationGeoKey',
  3074: 'ProjectionGeoKey',
  3075: 'ProjCoordTransGeoKey',
  3076: 'ProjLinearUnitsGeoKey',
  4096: 'VerticalCSTypeGeoKey',
}

/**
 * A TIFF this reader will not read. `message` is a clause about the file ('its RowsPerStrip is 0'); `kind` says
 * whether the file is damaged or uses a feature RSure does not read. `tiffProblem` makes the sentence.
 */
export class TiffFormatError extends Error {
  constructor(
    message: string,
    readonly kind: 'corrupt' | 'unsupported' = 'corrupt',
  ) {
    super(message)
    this.name = 'TiffFormatError'
  }
}

/** One sentence about a TIFF problem, naming the file: "'a.tif' is a corrupt TIFF file: its RowsPerStrip is 0." */
export function tiffProblem(name: string, err: TiffFormatError): string {
  const m = err.message.replace(/[.\s]+$/, '')
  return err.kind === 'unsupported' ? `${name} ${m}.` : `${name} is a corrupt TIFF file: ${m}.`
}

/** Most image directories followed in one file (GDAL pyramids have a few dozen at most). */
export const MAX_IFDS = 256
/** Most entries in one directory (TIFF files carry a few dozen tags). */
export const MAX_IFD_ENTRIES = 4096
/** Largest tag value read, in bytes (4 M BigTIFF offsets: a tile table for 4 M tiles). */
export const MAX_TAG_BYTES = 32 * 1024 * 1024
/** Largest total of tag values read from one file's directories (so 4096 tags of 64 MB each cannot add up). */
export const MAX_HEADER_BYTES = 96 * 1024 * 1024

/** An open file and its size: every offset read is checked against the size before anything is allocated. */
export interface TiffSource {
  fd: number
  size: number
}

function readAt(src: TiffSource, offset: number, length: number, what: string): Buffer {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > src.size) {
    throw new TiffFormatError(`its ${what} lies outside the file (bytes ${offset} to ${offset + length} of a ${src.size}-byte file)`)
  }
  const buf = Buffer.allocUnsafe(length)
  const n = fs.readSync(src.fd, buf, 0, length, offset)
  if (n !== length) throw new TiffFormatError(`the file ends at byte ${offset + n} inside its ${what}`)
  return buf
}

function readValues(buf: Buffer, type: number, count: number, le: boolean): TagValue {
  if (type === 2) {
    let end = count
    while (end > 0 && buf[end - 1] === 0) end--
    return buf.toString('latin1', 0, end)
  }
  const out = new Array<number>(count)
  for (let i = 0; i < count; i++) {
    switch (type) {
      case 1:
      case 7:
        out[i] = buf[i]
        break
      case 6:
        out[i] = buf.readInt8(i)
        break
      case 3:
        out[i] = le ? buf.readUInt16LE(i * 2) : buf.readUInt16BE(i * 2)
        break
      case 8:
        out[i] = le ? buf.readInt16LE(i * 2) : buf.readInt16BE(i * 2)
        break
      case 4:
      case 13:
        out[i] = le ? buf.readUInt32LE(i * 4) : buf.readUInt32BE(i * 4)
        break
      case 9:
        out[i] = le ? buf.readInt32LE(i * 4) : buf.readInt32BE(i * 4)
        break
      case 11:
        out[i] = le ? buf.readFloatLE(i * 4) : buf.readFloatBE(i * 4)
        break
      case 12:
        out[i] = le ? buf.readDoubleLE(i * 8) : buf.readDoubleBE(i * 8)
        break
      case 5:
      case 10: {
        const rd = type === 5 ? (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o)) : (o: number) => (le ? buf.readInt32LE(o) : buf.readInt32BE(o))
        out[i] = rd(i * 8) / rd(i * 8 + 4)
        break
      }
      case 16:
      case 18:
        out[i] = Number(le ? buf.readBigUInt64LE(i * 8) : buf.readBigUInt64BE(i * 8))
        break
      case 17:
        out[i] = Number(le ? buf.readBigInt64LE(i * 8) : buf.readBigInt64BE(i * 8))
        break
      default:
        throw new TiffFormatError(`unknown TIFF field type ${type}`)
    }
  }
  return out
}

/**
 * A 64-bit BigTIFF offset or count as a number: exact up to 2^53 - 1 (8 PiB, far past any file); a larger one
 * cannot point inside a real file, so it is a corrupt value, named as such.
 */
export function offset64(v: bigint, what: string): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new TiffFormatError(`its ${what} lies at byte ${v}, far beyond the end of any file`)
  return Number(v)
}

/** The file header: byte order, BigTIFF or not, and where the first directory is. */
interface Header {
  le: boolean
  big: boolean
  first: number
}

function readHeader(src: TiffSource): Header {
  if (src.size < 8) throw new TiffFormatError(`the file has only ${src.size} bytes, fewer than a TIFF header`)
  const head = readAt(src, 0, Math.min(16, src.size), 'header')
  const order = head.toString('latin1', 0, 2)
  if (order !== 'II' && order !== 'MM') {
    // A picture under a TIFF name gets its own sentence: the raster tools read pictures by their extension
    // (engines/raster/picture-raster.ts), so the fix is the name.
    const picture = head[0] === 0x89 && head.toString('latin1', 1, 4) === 'PNG' ? 'PNG' : head[0] === 0xff && head[1] === 0xd8 ? 'JPEG' : null
    if (picture)
      throw new TiffFormatError(
        `is a ${picture} picture under a TIFF name: the raster tools read pictures by their extension, so give it its .${picture === 'PNG' ? 'png' : 'jpg'} name`,
        'unsupported',
      )
    throw new TiffFormatError('is not a TIFF file (it does not start with a TIFF byte-order mark, II or MM); RSure computes on GeoTIFF files', 'unsupported')
  }
  const le = order === 'II'
  const magic = le ? head.readUInt16LE(2) : head.readUInt16BE(2)
  const big = magic === 43
  if (magic !== 42 && !big) throw new TiffFormatError(`the TIFF magic number is ${magic}, not 42 (TIFF) or 43 (BigTIFF)`)
  if (big && head.length < 16) throw new TiffFormatError('its BigTIFF header is cut short')
  if (big) {
    // BigTIFF design: bytes 4-5 hold the byte size of offsets, always 8; bytes 6-7 are reserved and always 0.
    const offsetSize = le ? head.readUInt16LE(4) : head.readUInt16BE(4)
    const reserved = le ? head.readUInt16LE(6) : head.readUInt16BE(6)
    if (offsetSize !== 8) throw new TiffFormatError(`its BigTIFF header says offsets are ${offsetSize} bytes, but BigTIFF offsets are always 8 bytes`)
    if (reserved !== 0) throw new TiffFormatError(`its BigTIFF header has ${reserved} in the reserved field, which must be 0`)
  }
  const first = big
    ? offset64(le ? head.readBigUInt64LE(8) : head.readBigUInt64BE(8), 'first image directory')
    : le
      ? head.readUInt32LE(4)
      : head.readUInt32BE(4)
  return { le, big, first }
}

/** Parse the directory at `offset`; returns it and the offset of the next one (0 = none). */
function readIfdAt(src: TiffSource, h: Header, offset: number, total = { bytes: 0 }): { ifd: Ifd; next: number } {
  const { le, big } = h
  const countBuf = readAt(src, offset, big ? 8 : 2, 'image directory')
  const count = big
    ? offset64(le ? countBuf.readBigUInt64LE(0) : countBuf.readBigUInt64BE(0), 'image directory entry count')
    : le
      ? countBuf.readUInt16LE(0)
      : countBuf.readUInt16BE(0)
  if (count === 0 || count > MAX_IFD_ENTRIES) throw new TiffFormatError(`an image directory claims ${count} entries (a valid one has 1 to ${MAX_IFD_ENTRIES})`)
  const entrySize = big ? 20 : 12
  const entriesAt = offset + (big ? 8 : 2)
  const entries = readAt(src, entriesAt, count * entrySize, 'image directory')
  const nextBuf = readAt(src, entriesAt + count * entrySize, big ? 8 : 4, 'next-directory pointer')
  const next = big
    ? offset64(le ? nextBuf.readBigUInt64LE(0) : nextBuf.readBigUInt64BE(0), 'next image directory')
    : le
      ? nextBuf.readUInt32LE(0)
      : nextBuf.readUInt32BE(0)
  const tags = new Map<number, TagValue>()
  const inline = big ? 8 : 4
  for (let e = 0; e < count; e++) {
    const o = e * entrySize
    const tag = le ? entries.readUInt16LE(o) : entries.readUInt16BE(o)
    const type = le ? entries.readUInt16LE(o + 2) : entries.readUInt16BE(o + 2)
    const n = big
      ? offset64(le ? entries.readBigUInt64LE(o + 4) : entries.readBigUInt64BE(o + 4), `tag ${tag} value count`)
      : le
        ? entries.readUInt32LE(o + 4)
        : entries.readUInt32BE(o + 4)
    const size = TYPE_SIZE[type]
    if (size === undefined) continue // unknown field types are skipped, as TIFF 6.0 asks readers to do
    const bytes = size * n
    if (bytes > MAX_TAG_BYTES)
      throw new TiffFormatError(`tag ${tag} claims ${n} values (${bytes} bytes), more than RSure reads from one tag (${MAX_TAG_BYTES} bytes)`)
    total.bytes += bytes
    if (total.bytes > MAX_HEADER_BYTES) throw new TiffFormatError(`its directories hold more than ${MAX_HEADER_BYTES} bytes of tag values`)
    const valueAt = o + (big ? 12 : 8)
    let data: Buffer
    if (bytes <= inline) {
      data = entries.subarray(valueAt, valueAt + bytes)
    } else {
      const off = big
        ? offset64(le ? entries.readBigUInt64LE(valueAt) : entries.readBigUInt64BE(valueAt), `tag ${tag} value`)
        : le
          ? entries.readUInt32LE(valueAt)
          : entries.readUInt32BE(valueAt)
      data = readAt(src, off, bytes, `tag ${tag}`)
    }
    tags.set(tag, readValues(data, type, n, le))
  }
  return { ifd: { tags, littleEndian: le }, next }
}

/**
 * Every image directory of an open TIFF or BigTIFF file, in file order: the full-resolution image first, then
 * overviews and masks. The chain is followed with cycle detection (a next-pointer back to an earlier directory is a
 * corrupt file, not an endless list) and a cap of MAX_IFDS directories.
 */
export function readIfdChain(src: TiffSource, max = MAX_IFDS): Ifd[] {
  const h = readHeader(src)
  const seen = new Set<number>()
  const out: Ifd[] = []
  const total = { bytes: 0 }
  let at = h.first
  while (at !== 0) {
    if (seen.has(at)) throw new TiffFormatError(`its chain of image directories loops back to byte ${at}`)
    if (out.length >= max) throw new TiffFormatError(`it has more than ${max} image directories`)
    seen.add(at)
    const { ifd, next } = readIfdAt(src, h, at, total)
    out.push(ifd)
    at = next
  }
  if (out.length === 0) throw new TiffFormatError('it has no image directory')
  return out
}

/** Parse the first image directory (the full-resolution image) of an open TIFF or BigTIFF file. */
export function readFirstIfd(src: TiffSource): Ifd {
  const h = readHeader(src)
  return readIfdAt(src, h, h.first).ifd
}

export function numbers(ifd: Ifd, tag: number): number[] | undefined {
  const v = ifd.tags.get(tag)
  return Array.isArray(v) ? v : undefined
}

export function text(ifd: Ifd, tag: number): string | undefined {
  const v = ifd.tags.get(tag)
  return typeof v === 'string' ? v : undefined
}

/** The GeoKey directory (34735) with its double (34736) and ASCII (34737) parameter tags, as stored. */
export interface GeoKeyTags {
  directory: number[]
  doubles: number[] | null
  ascii: string | null
}

/** The raw GeoKey tags of `ifd` (null without a GeoKey directory), so written artifacts can carry the CRS verbatim. */
export function geoKeyTags(ifd: Ifd): GeoKeyTags | null {
  const dir = numbers(ifd, Tag.GeoKeyDirectory)
  return dir ? { directory: dir, doubles: numbers(ifd, Tag.GeoDoubleParams) ?? null, ascii: text(ifd, Tag.GeoAsciiParams) ?? null } : null
}

/** The GeoKey directory as a name -> value record (the shape georef.ts's crsFromGeoKeys expects). */
export function geoKeys(ifd: Ifd): Record<string, unknown> | null {
  const dir = numbers(ifd, Tag.GeoKeyDirectory)
  if (!dir || dir.length < 4) return null
  const doubles = numbers(ifd, Tag.GeoDoubleParams) ?? []
  const ascii = text(ifd, Tag.GeoAsciiParams) ?? ''
  const keys: Record<string, unknown> = {}
  const n = dir[3]
  for (let k = 0; k < n; k++) {
    const [id, location, count, offset] = dir.slice(4 + k * 4, 8 + k * 4)
    const name = GEOKEY_NAMES[id] ?? String(id)
    if (location === 0) keys[name] = offset
    else if (location === Tag.GeoDoubleParams) keys[name] = count === 1 ? doubles[offset] : doubles.slice(offset, offset + count)
    else if (location === Tag.GeoAsciiParams) keys[name] = ascii.slice(offset, offset + count).replace(/\|$/, '')
    else if (location === Tag.GeoKeyDirectory) keys[name] = count === 1 ? dir[offset] : dir.slice(offset, offset + count)
  }
  return keys
}
