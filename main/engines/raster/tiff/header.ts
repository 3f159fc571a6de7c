/**
 * The checked header of one TIFF image: size, bands, sample type, compression, predictor and the tile or strip
 * layout, with the offset and byte-count tables checked against the file's size, all before a byte of pixel data
 * is read. Every impossible or unsupported value is a TiffFormatError with a sentence of its own.
 * Split from reader.ts (TIFF 6.0: ImageWidth, SamplesPerPixel, BitsPerSample, SampleFormat, Compression, Predictor,
 * PlanarConfiguration, TileWidth/TileLength or RowsPerStrip, and their offset/byte-count tables).
 */
import { budget } from '../budget'
import { COMPRESSION_NAMES, READABLE_COMPRESSIONS } from './chunk-decode'
import { numbers, Tag, TiffFormatError, type Ifd } from './ifd'
import { BYTES, sampleType, type SampleType } from './samples'

/** Most bands one file may declare (GDAL's own limit is 65535; hyperspectral cubes have a few hundred). */
export const MAX_BANDS = 4096
/** Largest width or height a header may declare (2^24: far beyond any scene; the pixel budget bounds reads). */
export const MAX_SIDE = 2 ** 24

export interface ImageHeader {
  width: number
  height: number
  bandCount: number
  sampleType: SampleType
  compression: number
  predictor: number
  /** PhotometricInterpretation (262): 1 min-is-black, 2 RGB, 6 YCbCr. */
  photometric: number
  planar: number
  tiled: boolean
  chunkWidth: number
  chunkHeight: number
  /** Chunks across and down one plane. */
  across: number
  down: number
  offsets: number[]
  byteCounts: number[]
}

type One = (tag: number, dflt?: number) => number

function tagReader(ifd: Ifd): One {
  return (tag, dflt) => {
    const v = numbers(ifd, tag)?.[0] ?? dflt
    if (v === undefined) throw new TiffFormatError(`the required TIFF tag ${tag} is missing`)
    if (!Number.isSafeInteger(v) || v < 0) throw new TiffFormatError(`TIFF tag ${tag} holds the impossible value ${v}`)
    return v
  }
}

/** Size, bands, sample type, compression, predictor, photometric and planar configuration. */
function readSamples(ifd: Ifd, one: One): Omit<ImageHeader, 'tiled' | 'chunkWidth' | 'chunkHeight' | 'across' | 'down' | 'offsets' | 'byteCounts'> {
  const width = one(Tag.ImageWidth)
  const height = one(Tag.ImageLength)
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new TiffFormatError(`it declares an impossible size of ${width} x ${height} pixels`)
  }
  const bandCount = one(Tag.SamplesPerPixel, 1)
  if (bandCount < 1 || bandCount > MAX_BANDS) {
    throw new TiffFormatError(`it declares ${bandCount} bands per pixel (SamplesPerPixel); RSure reads 1 to ${MAX_BANDS}`)
  }
  const bits = numbers(ifd, Tag.BitsPerSample) ?? [1]
  const formats = numbers(ifd, Tag.SampleFormat) ?? [1]
  for (const [name, list] of [
    ['BitsPerSample', bits],
    ['SampleFormat', formats],
  ] as const) {
    if (list.length !== 1 && list.length !== bandCount) {
      throw new TiffFormatError(`its ${name} table has ${list.length} entries for ${bandCount} band${bandCount === 1 ? '' : 's'}`)
    }
  }
  if (bits.some((b) => b !== bits[0]) || formats.some((f) => f !== formats[0])) {
    throw new TiffFormatError(
      'has bands with different sample types, which RSure cannot read as one raster; split the bands into separate files',
      'unsupported',
    )
  }
  const type = sampleType(bits[0], formats[0])
  const compression = one(Tag.Compression, 1)
  if (!READABLE_COMPRESSIONS.has(compression)) {
    const name = COMPRESSION_NAMES[compression]
    throw new TiffFormatError(
      `uses ${name ? `${name} compression` : `the unknown compression code ${compression}`}, which RSure cannot decode; convert it with DEFLATE, LZW or no compression`,
      'unsupported',
    )
  }
  const predictor = one(Tag.Predictor, 1)
  if (predictor < 1 || predictor > 3) throw new TiffFormatError(`its Predictor tag is ${predictor}, not 1, 2 or 3`)
  // The floating-point predictor (Adobe TIFF Technical Note 3) is defined for IEEE floats only; on integers GDAL
  // and libtiff refuse it, and undoing it would scramble the bytes into other numbers.
  if (predictor === 3 && formats[0] !== 3)
    throw new TiffFormatError(`its Predictor tag is 3 (floating point) on ${type} samples, which is defined only for floating-point data`)
  const photometric = one(Tag.Photometric, bandCount >= 3 ? 2 : 1)
  const planar = one(Tag.PlanarConfiguration, 1)
  if (planar !== 1 && planar !== 2) throw new TiffFormatError(`its PlanarConfiguration is ${planar}, not 1 (pixel interleaved) or 2 (band interleaved)`)
  return { width, height, bandCount, sampleType: type, compression, predictor, photometric, planar }
}

/** Samples per pixel in one chunk: every band when pixel-interleaved (PlanarConfiguration 1), one when planar. */
export function pixelStride(h: Pick<ImageHeader, 'planar' | 'bandCount'>): number {
  return h.planar === 2 ? 1 : h.bandCount
}

/** Rows of the chunks in chunk row `ty` (the last strip of a plane may be shorter; tiles are always whole). */
export function bandRows(h: Pick<ImageHeader, 'tiled' | 'chunkHeight' | 'height'>, ty: number): number {
  return h.tiled ? h.chunkHeight : Math.min(h.chunkHeight, h.height - ty * h.chunkHeight)
}

/** Rows of chunk `index` (bandRows of its chunk row). */
export function chunkRows(h: ImageHeader, index: number): number {
  return bandRows(h, Math.floor(index / h.across) % h.down)
}

/** Decoded bytes chunk `index` must hold. */
function chunkBytes(h: ImageHeader, index: number): number {
  return h.chunkWidth * chunkRows(h, index) * pixelStride(h) * BYTES[h.sampleType]
}

/** Check the tile or strip size and the offset and byte-count tables against the file's size. */
function readChunks(ifd: Ifd, one: One, s: ReturnType<typeof readSamples>, fileSize: number): ImageHeader {
  const tiled = ifd.tags.has(Tag.TileWidth)
  const chunkWidth = tiled ? one(Tag.TileWidth) : s.width
  const chunkHeight = tiled ? one(Tag.TileLength) : Math.min(one(Tag.RowsPerStrip, s.height), s.height)
  if (chunkWidth < 1 || chunkHeight < 1) {
    throw new TiffFormatError(tiled ? `its tiles are ${chunkWidth} x ${chunkHeight} pixels (TileWidth/TileLength 0)` : 'its RowsPerStrip is 0')
  }
  const bytes = chunkWidth * chunkHeight * pixelStride(s) * BYTES[s.sampleType]
  if (bytes > budget().maxChunkBytes) {
    throw new TiffFormatError(
      `has ${tiled ? 'tiles' : 'strips'} that decode to ${Math.ceil(bytes / 2 ** 20)} MiB, more than the ${budget().maxChunkBytes / 2 ** 20} MiB RSure decodes at once; rewrite it with smaller tiles or strips`,
      'unsupported',
    )
  }
  const across = Math.ceil(s.width / chunkWidth)
  const down = Math.ceil(s.height / chunkHeight)
  const expected = across * down * (s.planar === 2 ? s.bandCount : 1)
  const offsets = numbers(ifd, tiled ? Tag.TileOffsets : Tag.StripOffsets) ?? []
  const byteCounts = numbers(ifd, tiled ? Tag.TileByteCounts : Tag.StripByteCounts) ?? []
  const what = tiled ? 'tile' : 'strip'
  if (offsets.length === 0 || offsets.length !== byteCounts.length) {
    throw new TiffFormatError(`the ${what} offset and byte-count tables are missing or disagree`)
  }
  if (offsets.length !== expected) {
    throw new TiffFormatError(`its ${what} table has ${offsets.length} entries but its size, ${what} size and PlanarConfiguration need ${expected}`)
  }
  const h: ImageHeader = { ...s, tiled, chunkWidth, chunkHeight, across, down, offsets, byteCounts }
  for (let i = 0; i < expected; i++) {
    const o = offsets[i]
    const c = byteCounts[i]
    if (c === 0) continue // never written (sparse): read as nodata or zeros
    if (!(o >= 0) || !(c > 0) || o + c > fileSize) {
      throw new TiffFormatError(
        `${what} ${i} lies outside the file (bytes ${o} to ${o + c} of ${fileSize}); it is truncated or damaged, so copy or download it again`,
      )
    }
    if (s.compression === 1 && c < chunkBytes(h, i)) {
      throw new TiffFormatError(`${what} ${i} holds ${c} bytes but needs ${chunkBytes(h, i)} for its pixels`)
    }
  }
  return h
}

/** The checked header of `ifd` in a file of `fileSize` bytes (see the module comment); throws TiffFormatError. */
export function readImageHeader(ifd: Ifd, fileSize: number): ImageHeader {
  const one = tagReader(ifd)
  return readChunks(ifd, one, readSamples(ifd, one), fileSize)
}
