/**
 * `info` for an image file: what an analyst checks before using it. For GeoTIFF/COG: size, bands and their data
 * types, nodata, CRS, the geotransform with its origin at the pixel corner (PixelIsPoint files are shifted by half
 * a pixel, see georef.ts, and the file's own convention is named), pixel size, overviews, compression, tiling. For
 * PNG/JPEG: width, height, channels. Reads headers only (plus the tile/strip tables to catch truncated files).
 *
 * Sources: TIFF 6.0 (tags 254 NewSubfileType, 259 Compression, 262 Photometric, 284 PlanarConfiguration,
 * 317 Predictor, 339 SampleFormat); GDAL's GDAL_NODATA tag (42113); GeoTIFF 1.1 (OGC 19-008r4) for georeferencing;
 * GDAL's COG driver for the "ghost area" that marks a file written as a cloud-optimised GeoTIFF.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff'
import { geotiffGeorefSource, pixelSize, readGeoref, type Crs, type GeoTransform, type RasterType } from './georef'
import { describeImageFile, ImageFileError, isJpeg, isPng, plausibleSize, type ImageFileInfo } from './image-file'
import { fileKind } from './regular-file'
import { COMPRESSION_NAMES, readProblem, TiffFile } from './tiff/reader'

export { ImageFileError as FileFormatError }

export type Dtype = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'float64' | 'uint64' | 'int64'

/** A nodata value; NaN and infinities are named as strings so they survive JSON. */
export type NoData = number | 'NaN' | 'Infinity' | '-Infinity'

export interface BandInfo {
  /** 1-based band number, as GDAL counts. */
  band: number
  dtype: Dtype
  nodata: NoData | null
}

export interface OverviewInfo {
  width: number
  height: number
  /** Decimation factor relative to the full-resolution image (rounded width ratio). */
  factor: number
}

export interface RasterInfo {
  kind: 'raster'
  format: 'GeoTIFF' | 'TIFF'
  path: string
  /** File size in bytes. */
  fileSize: number
  width: number
  height: number
  bandCount: number
  /** The bands' common data type, or 'mixed' when they differ. */
  dtype: Dtype | 'mixed'
  bands: BandInfo[]
  /** The dataset's nodata value (GDAL stores one for all bands), null when the file declares none. */
  nodata: NoData | null
  crs: (Crs & { definition: string | null }) | null
  /** GDAL order [originX, pixelWidth, rowRotation, originY, columnRotation, pixelHeight], origin at the pixel corner, CRS units. */
  geoTransform: GeoTransform | null
  /** The top-left corner of pixel (0, 0) in CRS units. */
  origin: { x: number; y: number; convention: 'corner' } | null
  /** The file's own raster-space convention (GTRasterTypeGeoKey); the geotransform above is always corner-based. */
  rasterType: RasterType
  /** The tiepoint as stored in the file, before any half-pixel shift. */
  rawTiepoint: [number, number] | null
  /** Signed pixel size in CRS units (x = geoTransform[1], y = geoTransform[5], negative for north-up). */
  pixelSize: { x: number; y: number } | null
  /** Absolute ground sample distance in CRS units. */
  gsd: { x: number; y: number } | null
  bounds: { minX: number; minY: number; maxX: number; maxY: number } | null
  overviews: OverviewInfo[]
  compression: string
  predictor: 'none' | 'horizontal' | 'floating-point' | null
  tiled: boolean
  /** Tile size when tiled, else strip width x rows per strip. */
  blockSize: { width: number; height: number }
  interleave: 'pixel' | 'band'
  photometric: string
  /** True when GDAL's COG ghost header says LAYOUT=COG. */
  cloudOptimized: boolean
}

export interface PictureInfo extends ImageFileInfo {
  kind: 'image'
  path: string
  fileSize: number
}

export type FileInfo = RasterInfo | PictureInfo

const PHOTOMETRIC: Record<number, string> = {
  0: 'min-is-white',
  1: 'min-is-black',
  2: 'RGB',
  3: 'palette',
  4: 'mask',
  5: 'CMYK',
  6: 'YCbCr',
  8: 'CIELab',
}

/** Data type of a band from SampleFormat (1 unsigned, 2 signed, 3 IEEE float) and BitsPerSample. */
export function dtypeOf(sampleFormat: number, bits: number, name = 'The file'): Dtype {
  const key = `${sampleFormat}:${bits}`
  const map: Record<string, Dtype> = {
    '1:8': 'uint8',
    '2:8': 'int8',
    '1:16': 'uint16',
    '2:16': 'int16',
    '1:32': 'uint32',
    '2:32': 'int32',
    '3:32': 'float32',
    '3:64': 'float64',
    '1:64': 'uint64',
    '2:64': 'int64',
  }
  const dtype = map[key]
  if (!dtype) {
    const kind = sampleFormat === 3 ? 'float' : sampleFormat === 2 ? 'signed' : sampleFormat >= 5 ? 'complex' : 'unsigned'
    throw new ImageFileError(`${name} uses ${bits}-bit ${kind} samples, which RSure cannot read; convert it to 8/16/32-bit integers or 32/64-bit floats.`)
  }
  return dtype
}

export function noDataValue(v: number | null): NoData | null {
  if (v === null || v === undefined) return null
  if (Number.isNaN(v)) return 'NaN'
  if (v === Infinity) return 'Infinity'
  if (v === -Infinity) return '-Infinity'
  return v
}

function tag(image: GeoTIFFImage, name: string): unknown {
  return image.getFileDirectory().getValue(name as never)
}

function first(v: unknown, fallback: number): number {
  if (v === undefined || v === null) return fallback
  if (typeof v === 'number') return v
  const arr = v as ArrayLike<number>
  return arr.length > 0 ? Number(arr[0]) : fallback
}

function perSample(v: unknown, n: number, fallback: number): number[] {
  if (v === undefined || v === null) return Array(n).fill(fallback)
  if (typeof v === 'number') return Array(n).fill(v)
  const arr = Array.from(v as ArrayLike<number>, Number)
  return Array.from({ length: n }, (_, i) => arr[i] ?? arr[0] ?? fallback)
}

/** NewSubfileType bits: 1 = reduced-resolution (overview), 4 = transparency mask. */
function subfileType(image: GeoTIFFImage): number {
  return first(tag(image, 'NewSubfileType'), 0)
}

/** Full-resolution image and its overviews (masks and unrelated pages left out), overviews largest first. */
export async function openPyramid(tiff: GeoTIFF): Promise<{ main: GeoTIFFImage; overviews: GeoTIFFImage[] }> {
  const count = await tiff.getImageCount()
  const main = await tiff.getImage(0)
  const overviews: GeoTIFFImage[] = []
  for (let i = 1; i < count; i++) {
    const img = await tiff.getImage(i)
    const t = subfileType(img)
    if ((t & 1) === 1 && (t & 4) === 0 && img.getSamplesPerPixel() === main.getSamplesPerPixel()) overviews.push(img)
  }
  overviews.sort((a, b) => b.getWidth() - a.getWidth())
  return { main, overviews }
}

/** Reject files whose strip/tile table points past the end of the file (a truncated download, typically). */
async function checkNotTruncated(image: GeoTIFFImage, fileSize: number, name: string): Promise<void> {
  const fd = image.getFileDirectory()
  const tiled = fd.hasTag('TileOffsets')
  const offsets = (await fd.loadValue(tiled ? 'TileOffsets' : 'StripOffsets')) as ArrayLike<number> | number | undefined
  const counts = (await fd.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts')) as ArrayLike<number> | number | undefined
  if (offsets === undefined || counts === undefined) {
    throw new ImageFileError(`${name} is a corrupt TIFF file: it has no ${tiled ? 'tile' : 'strip'} table.`)
  }
  const o = typeof offsets === 'number' ? [offsets] : Array.from(offsets, Number)
  const c = typeof counts === 'number' ? [counts] : Array.from(counts, Number)
  let end = 0
  for (let i = 0; i < o.length; i++) if (c[i] > 0) end = Math.max(end, o[i] + c[i])
  if (end > fileSize) {
    throw new ImageFileError(`${name} is truncated: its pixel data needs ${end} bytes but the file has ${fileSize}; copy or download it again.`)
  }
}

function crsWithDefinition(crs: Crs | null): RasterInfo['crs'] {
  if (!crs) return null
  const definition = crs.epsg !== null ? `EPSG:${crs.epsg}` : (crs.proj4 ?? crs.name)
  return { ...crs, definition }
}

/** Validate a TIFF with the lean reader's checks before geotiff.js, which trusts headers, reads it. */
export function validateTiff(file: string): void {
  try {
    TiffFile.validate(file)
  } catch (err) {
    throw new ImageFileError(readProblem(file, err))
  }
}

async function describeTiff(file: string, fileSize: number): Promise<RasterInfo> {
  const name = `'${path.basename(file)}'`
  validateTiff(file)
  let tiff: GeoTIFF
  try {
    tiff = await fromFile(file)
  } catch {
    // The lean reader's checks passed, so this is geotiff.js disagreeing; its text is internal, the fact is not.
    throw new ImageFileError(`${name} is a corrupt TIFF file: its header could not be parsed.`)
  }
  try {
    let pyramid: Awaited<ReturnType<typeof openPyramid>>
    try {
      pyramid = await openPyramid(tiff)
    } catch {
      throw new ImageFileError(`${name} is a corrupt TIFF file: its header could not be parsed.`)
    }
    const { main, overviews } = pyramid
    await checkNotTruncated(main, fileSize, name)
    const width = main.getWidth()
    const height = main.getHeight()
    const n = main.getSamplesPerPixel()
    const formats = perSample(tag(main, 'SampleFormat'), n, 1)
    const bits = perSample(tag(main, 'BitsPerSample'), n, 1)
    const nodata = noDataValue(main.getGDALNoData())
    const bands: BandInfo[] = formats.map((f, i) => ({ band: i + 1, dtype: dtypeOf(f, bits[i], name), nodata }))
    const dtype = bands.every((b) => b.dtype === bands[0].dtype) ? bands[0].dtype : 'mixed'
    const georef = readGeoref(geotiffGeorefSource(main))
    const gt = georef.geoTransform
    const hasGeo = gt !== null || georef.crs !== null
    let bounds: RasterInfo['bounds'] = null
    if (gt) {
      const xs = [0, width].flatMap((c) => [0, height].map((r) => gt[0] + c * gt[1] + r * gt[2]))
      const ys = [0, width].flatMap((c) => [0, height].map((r) => gt[3] + c * gt[4] + r * gt[5]))
      bounds = { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) }
    }
    const compressionCode = first(tag(main, 'Compression'), 1)
    const predictorCode = tag(main, 'Predictor')
    const predictor =
      predictorCode === undefined ? null : (({ 1: 'none', 2: 'horizontal', 3: 'floating-point' } as const)[first(predictorCode, 1) as 1 | 2 | 3] ?? null)
    const ghost = await tiff.getGhostValues().catch(() => null)
    return {
      kind: 'raster',
      format: hasGeo ? 'GeoTIFF' : 'TIFF',
      path: file,
      fileSize,
      width,
      height,
      bandCount: n,
      dtype,
      bands,
      nodata,
      crs: crsWithDefinition(georef.crs),
      geoTransform: gt,
      origin: gt ? { x: gt[0], y: gt[3], convention: 'corner' } : null,
      rasterType: georef.rasterType,
      rawTiepoint: georef.rawTiepoint,
      pixelSize: gt ? { x: gt[1], y: gt[5] } : null,
      gsd: gt ? pixelSize(gt) : null,
      bounds,
      overviews: overviews.map((o) => ({ width: o.getWidth(), height: o.getHeight(), factor: Math.round(width / o.getWidth()) })),
      compression: COMPRESSION_NAMES[compressionCode] ?? `code ${compressionCode}`,
      predictor,
      tiled: main.isTiled,
      blockSize: { width: main.getTileWidth(), height: main.getTileHeight() },
      interleave: first(tag(main, 'PlanarConfiguration'), 1) === 2 ? 'band' : 'pixel',
      photometric: PHOTOMETRIC[first(tag(main, 'PhotometricInterpretation'), 1)] ?? 'unknown',
      cloudOptimized: ghost?.LAYOUT === 'COG',
    }
  } finally {
    await closeQuietly(tiff)
  }
}

export async function closeQuietly(tiff: GeoTIFF): Promise<void> {
  try {
    await tiff.close()
  } catch {
    // closing a file we only read cannot lose data
  }
}

/** TIFF (II*\0, MM\0*) or BigTIFF (II+\0, MM\0+) signature. */
export function isTiff(head: Uint8Array): boolean {
  if (head.length < 4) return false
  const le = head[0] === 0x49 && head[1] === 0x49 && (head[2] === 42 || head[2] === 43) && head[3] === 0
  const be = head[0] === 0x4d && head[1] === 0x4d && head[2] === 0 && (head[3] === 42 || head[3] === 43)
  return le || be
}

/** Kind of image file by its first bytes, or null when it is none RSure reads. */
export function sniffFormat(head: Uint8Array): 'tiff' | 'png' | 'jpeg' | null {
  if (isTiff(head)) return 'tiff'
  if (isPng(head)) return 'png'
  if (isJpeg(head)) return 'jpeg'
  return null
}

/** Read the first bytes of a file, with one clear sentence when it is missing or not a regular file. */
export async function readHead(file: string, length = 64 * 1024): Promise<{ head: Uint8Array; size: number }> {
  let stat: fs.Stats
  try {
    stat = await fs.promises.stat(file)
  } catch {
    throw new ImageFileError(`'${path.basename(file)}' does not exist or cannot be read; check the path.`)
  }
  if (!stat.isFile())
    throw new ImageFileError(`'${path.basename(file)}' is ${fileKind(stat)}, not an image file; give the path of a GeoTIFF, PNG or JPEG image.`)
  if (stat.size === 0) throw new ImageFileError(`'${path.basename(file)}' is empty (0 bytes); copy or download it again.`)
  // Non-blocking: should the path have become a FIFO since the stat, the open still returns at once.
  const fh = await fs.promises.open(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0))
  try {
    const head = new Uint8Array(Math.min(length, stat.size))
    await fh.read(head, 0, head.length, 0)
    return { head, size: stat.size }
  } finally {
    await fh.close()
  }
}

/** Describe a GeoTIFF/COG, PNG or JPEG file; throws `FileFormatError` with one sentence for anything else. */
export async function describeFile(file: string): Promise<FileInfo> {
  const { head, size } = await readHead(file)
  const format = sniffFormat(head)
  if (format === 'tiff') return describeTiff(file, size)
  if (format === 'png' || format === 'jpeg') {
    const info = await describeImageFile(file, head)
    if (!plausibleSize(info, size)) {
      throw new ImageFileError(
        `'${path.basename(file)}' is a corrupt ${info.format} file: its header declares ${info.width} x ${info.height} pixels, more than its ${size} bytes can hold.`,
      )
    }
    return { kind: 'image', path: file, fileSize: size, ...info }
  }
  throw new ImageFileError(`'${path.basename(file)}' is not a GeoTIFF, PNG or JPEG file (unrecognised signature); RSure reads only those formats.`)
}
