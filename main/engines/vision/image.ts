/**
 * Every image path of perception goes through sharp: decoding PNG and JPEG into 8-bit RGB, resizing, crops and
 * tiles, and PNG encoding of crops for the verifier and the viewer. TIFFs are the exception: their pixels are read by
 * the engines' one raster source (the lean TIFF reader and its decoders) and keep their georeferencing
 * (engines/raster/georef.ts); as MODELS.md section 6 advises, their first three bands (or their one band, as grey)
 * are used as they are when 8-bit, else stretched to 8 bits between their 2nd and 98th percentiles.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import type { Crs, GeoTransform } from '../raster/georef'
import { openRegularFile } from '../raster/regular-file'
import { RasterSource } from '../raster/source'
import { readProblem } from '../raster/tiff/reader'
import { VisionError } from './errors'

/** Interleaved 8-bit RGB, row-major, (0,0) = top-left. */
export interface RgbImage {
  data: Uint8Array
  width: number
  height: number
}

export interface Georeferencing {
  geoTransform: GeoTransform
  crs: Crs | null
}

export type ImageInput = string | { data: Uint8Array; width: number; height: number; channels: 1 | 2 | 3 | 4 }

export interface LoadedImage extends RgbImage {
  georef: Georeferencing | null
  /** File name (no folder) when loaded from a path. */
  name: string | null
}

/** Large scenes are allowed (sharp's default cap is 0x3FFF²); the cap here only stops absurd headers. */
const MAX_PIXELS = 1_500_000_000

async function rawRgb(img: Sharp): Promise<RgbImage> {
  const { data, info } = await img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  if (info.channels === 3) return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
  // Grey input: repeat the channel.
  const out = new Uint8Array(info.width * info.height * 3)
  for (let i = 0, j = 0; i < info.width * info.height; i++, j += info.channels) out[3 * i] = out[3 * i + 1] = out[3 * i + 2] = data[j]
  return { data: out, width: info.width, height: info.height }
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))
  return sorted[i]
}

/** Stretch up to three bands to 8-bit RGB between their 2nd and 98th percentiles (nodata and NaN left black). */
function stretchBands(bands: ArrayLike<number>[], width: number, height: number, nodata: number | null): RgbImage {
  const n = width * height
  const out = new Uint8Array(n * 3)
  const use = bands.length >= 3 ? bands.slice(0, 3) : [bands[0], bands[0], bands[0]]
  use.forEach((band, c) => {
    const step = Math.max(1, Math.floor(n / 200_000))
    const sample: number[] = []
    for (let i = 0; i < n; i += step) {
      const v = band[i]
      if (Number.isFinite(v) && v !== nodata) sample.push(v)
    }
    const sorted = Float64Array.from(sample).sort()
    const lo = percentile(sorted, 0.02)
    const hi = percentile(sorted, 0.98)
    const span = hi > lo ? hi - lo : 1
    for (let i = 0; i < n; i++) {
      const v = band[i]
      out[3 * i + c] = Number.isFinite(v) && v !== nodata ? Math.max(0, Math.min(255, Math.round(((v - lo) / span) * 255))) : 0
    }
  })
  return { data: out, width, height }
}

/**
 * A TIFF's pixels through the engines' one raster source (raster/source.ts), so perception reads what analysis,
 * previews and tiles read: the lean reader's decoders (JPEG-in-TIFF, YCbCr included, by libjpeg with the file's
 * JPEGTables, tiff/codecs.ts), its decode budget and its nodata rule (NaN where invalid, black here).
 */
async function loadTiff(file: string): Promise<{ rgb: RgbImage; georef: Georeferencing | null }> {
  const source = RasterSource.open(file)
  try {
    const { width, height, georef: g } = source
    const georef = g.geoTransform ? { geoTransform: g.geoTransform, crs: g.crs } : null
    const { planes } = await source.readWindow(0, source.bandCount >= 3 ? [1, 2, 3] : [1], { col: 0, row: 0, width, height })
    if (source.sampleType === 'uint8') {
      // 8-bit unsigned bands are shown as they are (nodata pixels black).
      const use = planes.length >= 3 ? planes : [planes[0], planes[0], planes[0]]
      const out = new Uint8Array(width * height * 3)
      for (let i = 0; i < width * height; i++) for (let c = 0; c < 3; c++) out[3 * i + c] = use[c][i]
      return { rgb: { data: out, width, height }, georef }
    }
    return { rgb: stretchBands(planes, width, height, null), georef }
  } finally {
    source.release()
  }
}

/** Decode an image file or raw pixels into 8-bit RGB (with georeferencing for GeoTIFFs). */
export async function loadImage(input: ImageInput): Promise<LoadedImage> {
  if (typeof input !== 'string') {
    const { data, width, height, channels } = input
    if (data.length !== width * height * channels)
      throw new VisionError(`The raw image holds ${data.length} bytes, not ${width}x${height}x${channels}.`, 'invalid')
    if (channels === 3) return { data, width, height, georef: null, name: null }
    return { ...(await rawRgb(sharp(data, { raw: { width, height, channels } }))), georef: null, name: null }
  }
  const name = path.basename(input)
  if (!fs.existsSync(input)) throw new VisionError(`The image '${name}' does not exist.`, 'invalid')
  const head = Buffer.alloc(4)
  // A folder (a scene's band files) or a device is named in one sentence, not as the errno a read of it gives (EISDIR).
  let fd: number
  try {
    fd = openRegularFile(input, 'one image file (PNG, JPEG or GeoTIFF)').fd
  } catch (err) {
    throw new VisionError(err instanceof Error ? err.message : String(err), 'invalid')
  }
  try {
    fs.readSync(fd, head, 0, 4, 0)
  } finally {
    fs.closeSync(fd)
  }
  const isTiff = (head[0] === 0x49 && head[1] === 0x49) || (head[0] === 0x4d && head[1] === 0x4d)
  try {
    if (isTiff) {
      const { rgb, georef } = await loadTiff(input).catch((err: unknown) => {
        // The reader's one sentence (damaged, unsupported codec by name, over the decode budget).
        throw new VisionError(readProblem(input, err), 'invalid')
      })
      return { ...rgb, georef, name }
    }
    return { ...(await rawRgb(sharp(input, { limitInputPixels: MAX_PIXELS }))), georef: null, name }
  } catch (err) {
    if (err instanceof VisionError) throw err
    throw new VisionError(`The image '${name}' could not be decoded as PNG, JPEG or TIFF.`, 'invalid')
  }
}

function rawSharp(img: RgbImage): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 }, limitInputPixels: MAX_PIXELS })
}

/** A rectangle of the image (clipped by the caller to lie inside it). */
export async function cropImage(img: RgbImage, x: number, y: number, width: number, height: number): Promise<RgbImage> {
  if (x === 0 && y === 0 && width === img.width && height === img.height) return img
  return rawRgb(rawSharp(img).extract({ left: x, top: y, width, height }))
}

/**
 * Resize to exactly width x height. `kernel` 'linear' is bilinear (Ultralytics and SAM use OpenCV's INTER_LINEAR),
 * 'cubic' bicubic (CLIP's transform).
 */
export async function resizeImage(img: RgbImage, width: number, height: number, kernel: 'linear' | 'cubic' = 'linear'): Promise<RgbImage> {
  if (width === img.width && height === img.height) return img
  return rawRgb(rawSharp(img).resize(width, height, { fit: 'fill', kernel }))
}

/** Scale so the image covers width x height (short side fits), then cut the centre: CLIP's resize + centre crop. */
export async function coverImage(img: RgbImage, width: number, height: number, kernel: 'linear' | 'cubic' = 'cubic'): Promise<RgbImage> {
  if (width === img.width && height === img.height) return img
  return rawRgb(rawSharp(img).resize(width, height, { fit: 'cover', position: 'centre', kernel }))
}

/** Add a border of a constant grey value (the letterbox padding). */
export async function padImage(img: RgbImage, pad: { top: number; bottom: number; left: number; right: number }, value: number): Promise<RgbImage> {
  if (pad.top === 0 && pad.bottom === 0 && pad.left === 0 && pad.right === 0) return img
  return rawRgb(rawSharp(img).extend({ ...pad, background: { r: value, g: value, b: value } }))
}

/** PNG bytes of an RGB image (crops for the verifier and the viewer). */
export async function encodePng(img: RgbImage): Promise<Buffer> {
  return rawSharp(img).png().toBuffer()
}

export interface Normalisation {
  scale: number
  mean: [number, number, number]
  std: [number, number, number]
}

/** Interleaved RGB -> planar CHW float32 with `(v·scale − mean[c]) / std[c]`. */
export function toChw(img: RgbImage, norm: Normalisation): Float32Array {
  const n = img.width * img.height
  const out = new Float32Array(3 * n)
  for (let c = 0; c < 3; c++) {
    const k = norm.scale / norm.std[c]
    const b = norm.mean[c] / norm.std[c]
    const base = c * n
    for (let i = 0; i < n; i++) out[base + i] = img.data[3 * i + c] * k - b
  }
  return out
}

/**
 * A PNG of a region of the image for the verifier and the viewer: the box (source pixels) grown by `margin` of its
 * size on each side, clipped to the image, and shrunk so its longer side is at most `maxSide` pixels.
 */
export async function cropToPng(
  img: RgbImage,
  box: [number, number, number, number],
  opts: { margin?: number; maxSide?: number } = {},
): Promise<{ png: Buffer; window: [number, number, number, number]; scale: number }> {
  const margin = opts.margin ?? 0.1
  const maxSide = opts.maxSide ?? 512
  const mw = (box[2] - box[0]) * margin
  const mh = (box[3] - box[1]) * margin
  const x0 = Math.max(0, Math.floor(box[0] - mw))
  const y0 = Math.max(0, Math.floor(box[1] - mh))
  const x1 = Math.min(img.width, Math.ceil(box[2] + mw))
  const y1 = Math.min(img.height, Math.ceil(box[3] + mh))
  if (x1 <= x0 || y1 <= y0) throw new VisionError('The region to crop lies outside the image.', 'invalid')
  const crop = await cropImage(img, x0, y0, x1 - x0, y1 - y0)
  const scale = Math.min(1, maxSide / Math.max(crop.width, crop.height))
  const out = scale < 1 ? await resizeImage(crop, Math.max(1, Math.round(crop.width * scale)), Math.max(1, Math.round(crop.height * scale)), 'linear') : crop
  return { png: await encodePng(out), window: [x0, y0, x1, y1], scale }
}
