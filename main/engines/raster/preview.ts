/**
 * 8-bit PNG previews of image files, made in the main process (Node) and shown by the renderer.
 *
 * - GeoTIFF/COG: the smallest overview that still covers the requested size is read (never a bigger level than
 *   needed), in row windows of at most `WINDOW_BYTES`, sampled by nearest neighbour, so a big stack is never held
 *   whole in memory. One band gives grey, three bands give RGB (1-based band numbers, GDAL's order).
 * - PNG/JPEG: decoded whole (they have no overviews) and sampled down the same way.
 * - Stretch: `percentile` maps the low..high percentiles of the valid preview pixels (linear interpolation between
 *   order statistics, numpy's default) to 0..255 per band; `minmax` maps min..max; `none` maps the data type's own
 *   range (0..255 for uint8, 0..65535 for uint16...). `auto` is `none` for plain 8-bit pictures (up to three uint8
 *   bands) and a 2-98 % percentile stretch for multi-band and 16-bit or float data. Percentiles are computed on
 *   the preview's pixels (an overview, when one is used), so they approximate full-resolution percentiles.
 * - Nodata (the file's GDAL_NODATA, by the one rule of source.ts), NaN and infinite pixels are transparent and left
 *   out of the statistics. GeoTIFFs are read through RasterSource (source.ts), as analysis and map tiles read them.
 */
import path from 'node:path'
import { PNG } from 'pngjs'
import { budget } from './budget'
import { FileFormatError, readHead, sniffFormat, type Dtype } from './describe'
import { decodeImageFile } from './image-file'
import { RasterSource } from './source'
import { TiffFormatError } from './tiff/ifd'
import { readProblem } from './tiff/reader'
import { errorName } from '../../domain/errors'

export type Stretch =
  | { kind: 'auto' }
  | { kind: 'none' }
  | { kind: 'minmax' }
  /** Percentiles in 0..100, low < high. */
  | { kind: 'percentile'; low: number; high: number }

export interface PreviewOptions {
  /** 1-based band numbers: one (grey) or three (red, green, blue). Default: 1-2-3 when the file has three or more bands, else 1. */
  bands?: number[]
  stretch?: Stretch
  /** Longest side of the preview in pixels (default 1024); the preview is never larger than the image. */
  maxSize?: number
  /** Largest source window read at once, in bytes of decoded samples (default WINDOW_BYTES). */
  windowBytes?: number
}

export interface BandRange {
  band: number
  /** Data values mapped to 0 and 255. */
  min: number
  max: number
}

export interface PreviewResult {
  /** PNG bytes, 8-bit RGBA. */
  png: Uint8Array
  width: number
  height: number
  /** Full-resolution size of the image. */
  sourceWidth: number
  sourceHeight: number
  bands: number[]
  /** The stretch applied (`auto` resolved). */
  stretch: Exclude<Stretch, { kind: 'auto' }>
  ranges: BandRange[]
  /** Pyramid level read: 0 = full resolution, k = k-th overview (largest first). */
  level: number
  /** Size of the level read. */
  levelWidth: number
  levelHeight: number
  /** Preview pixels that are valid (not nodata, not NaN) in every selected band. */
  validPixels: number
}

/** A request the file cannot satisfy (a band it does not have, an impossible stretch); one sentence. */
export class PreviewError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PreviewError'
  }
}

export const DEFAULT_MAX_SIZE = 1024
/** Largest source window read at once, in bytes of decoded samples. */
export const WINDOW_BYTES = 64 * 1024 * 1024

const DTYPE_RANGE: Partial<Record<Dtype, [number, number]>> = {
  uint8: [0, 255],
  int8: [-128, 127],
  uint16: [0, 65535],
  int16: [-32768, 32767],
  uint32: [0, 4294967295],
  int32: [-2147483648, 2147483647],
}

/** Output size: the longest side is at most maxSize, aspect kept, at least 1 pixel. */
export function previewSize(width: number, height: number, maxSize: number): { width: number; height: number } {
  const s = Math.min(1, maxSize / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * s)), height: Math.max(1, Math.round(height * s)) }
}

/** Source index sampled for output index i (nearest neighbour, pixel centres aligned). */
function sourceIndex(i: number, outLen: number, srcLen: number): number {
  return Math.min(srcLen - 1, Math.floor(((i + 0.5) * srcLen) / outLen))
}

/** The p-th percentile (0..100) of sorted values, interpolating linearly between order statistics. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN
  const pos = (p / 100) * (sorted.length - 1)
  const lo = Math.floor(pos)
  const hi = Math.min(sorted.length - 1, lo + 1)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo)
}

function resolveBands(requested: number[] | undefined, count: number, name: string): number[] {
  const bands = requested ?? (count >= 3 ? [1, 2, 3] : [1])
  if (bands.length !== 1 && bands.length !== 3) {
    throw new PreviewError(`A preview shows one band (grey) or three (RGB), not ${bands.length}; choose 1 or 3 bands.`)
  }
  for (const b of bands) {
    if (!Number.isInteger(b) || b < 1 || b > count) {
      throw new PreviewError(`Band ${b} does not exist in ${name}: it has ${count} band${count === 1 ? '' : 's'} (numbered from 1).`)
    }
  }
  return bands
}

function resolveStretch(stretch: Stretch | undefined, dtype: Dtype, bandCount: number): Exclude<Stretch, { kind: 'auto' }> {
  const s = stretch ?? { kind: 'auto' }
  if (s.kind === 'percentile' && !(s.low >= 0 && s.high <= 100 && s.low < s.high)) {
    throw new PreviewError(`Percentile stretch ${s.low}-${s.high} is impossible: use 0 <= low < high <= 100.`)
  }
  if (s.kind !== 'auto') return s
  return dtype === 'uint8' && bandCount <= 3 ? { kind: 'none' } : { kind: 'percentile', low: 2, high: 98 }
}

/** Value range mapped to 0..255 for one band, over its valid pixels. */
function bandRange(values: Float64Array, valid: Uint8Array, stretch: Exclude<Stretch, { kind: 'auto' }>, dtype: Dtype): [number, number] {
  const natural = DTYPE_RANGE[dtype]
  if (stretch.kind === 'none' && natural) return natural
  const picked: number[] = []
  for (let i = 0; i < values.length; i++) if (valid[i]) picked.push(values[i])
  if (picked.length === 0) return natural ?? [0, 1]
  const sorted = Float64Array.from(picked).sort()
  if (stretch.kind === 'percentile') return [percentile(sorted, stretch.low), percentile(sorted, stretch.high)]
  return [sorted[0], sorted[sorted.length - 1]]
}

/** Stretch the sampled bands into an RGBA PNG. */
function compose(
  planes: Float64Array[],
  valid: Uint8Array,
  width: number,
  height: number,
  bands: number[],
  stretch: Exclude<Stretch, { kind: 'auto' }>,
  dtype: Dtype,
): { png: Uint8Array; ranges: BandRange[]; validPixels: number } {
  const ranges = planes.map((p, k) => {
    const [min, max] = bandRange(p, valid, stretch, dtype)
    return { band: bands[k], min, max }
  })
  const rgba = new Uint8Array(width * height * 4)
  let validPixels = 0
  const scaled = planes.map((p, k) => {
    const { min, max } = ranges[k]
    const span = max > min ? max - min : 1
    const out = new Uint8Array(p.length)
    for (let i = 0; i < p.length; i++) {
      const v = Math.round(((p[i] - min) / span) * 255)
      out[i] = v < 0 ? 0 : v > 255 ? 255 : v
    }
    return out
  })
  const [r, g, b] = scaled.length === 3 ? scaled : [scaled[0], scaled[0], scaled[0]]
  for (let i = 0; i < width * height; i++) {
    const o = i * 4
    rgba[o] = r[i]
    rgba[o + 1] = g[i]
    rgba[o + 2] = b[i]
    rgba[o + 3] = valid[i] ? 255 : 0
    validPixels += valid[i]
  }
  const png = new PNG({ width, height, colorType: 6, inputColorType: 6, bitDepth: 8 })
  png.data = Buffer.from(rgba.buffer)
  const bytes = PNG.sync.write(png, { colorType: 6, inputColorType: 6 })
  return { png: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), ranges, validPixels }
}

/**
 * Sample `bands` of one pyramid level at out size, reading row windows of at most WINDOW_BYTES; returns one
 * Float64Array per band and the validity mask (the source's one nodata rule: source.ts).
 */
async function sampleLevel(
  source: RasterSource,
  level: number,
  bands: number[],
  out: { width: number; height: number },
  windowBytes: number,
): Promise<{ planes: Float64Array[]; valid: Uint8Array }> {
  const { width: w, height: h } = source.levels[level]
  const planes = bands.map(() => new Float64Array(out.width * out.height))
  const valid = new Uint8Array(out.width * out.height)
  const cols = Array.from({ length: out.width }, (_, i) => sourceIndex(i, out.width, w))
  // Window rows are read as float64 planes, one per band.
  const maxRows = Math.max(1, Math.floor(windowBytes / (w * 8 * bands.length)))
  let r = 0
  while (r < out.height) {
    const y0 = sourceIndex(r, out.height, h)
    let rEnd = r + 1
    while (rEnd < out.height && sourceIndex(rEnd, out.height, h) - y0 + 1 <= maxRows) rEnd++
    const y1 = sourceIndex(rEnd - 1, out.height, h) + 1
    const read = await source.readWindow(level, bands, { col: 0, row: y0, width: w, height: y1 - y0 })
    for (let orow = r; orow < rEnd; orow++) {
      const srow = (sourceIndex(orow, out.height, h) - y0) * w
      for (let c = 0; c < out.width; c++) {
        const o = orow * out.width + c
        valid[o] = read.valid[srow + cols[c]]
        for (let k = 0; k < bands.length; k++) planes[k][o] = read.planes[k][srow + cols[c]]
      }
    }
    r = rEnd
  }
  return { planes, valid }
}

async function previewTiff(file: string, opts: PreviewOptions): Promise<PreviewResult> {
  const name = `'${path.basename(file)}'`
  let source: RasterSource
  try {
    source = RasterSource.open(file)
  } catch (err) {
    throw new FileFormatError(readProblem(file, err))
  }
  try {
    const bands = resolveBands(opts.bands, source.bandCount, name)
    const dtype: Dtype = source.sampleType
    const stretch = resolveStretch(opts.stretch, dtype, source.bandCount)
    const out = previewSize(source.width, source.height, opts.maxSize ?? DEFAULT_MAX_SIZE)
    // Smallest level that still has at least the output's pixels in both directions.
    const levels = source.levels
    let level = 0
    for (let i = levels.length - 1; i >= 0; i--) {
      if (levels[i].width >= out.width && levels[i].height >= out.height) {
        level = i
        break
      }
    }
    const chosen = levels[level]
    const cap = budget().maxPreviewPixels
    if (chosen.width * chosen.height > cap) {
      throw new PreviewError(
        `${name} has ${chosen.width} x ${chosen.height} pixels and no overview small enough to preview within ${cap} pixels (RSURE_MAX_PREVIEW_PIXELS); build overviews (gdaladdo) or preview a smaller extract.`,
      )
    }
    const { planes, valid } = await sampleLevel(source, level, bands, out, opts.windowBytes ?? WINDOW_BYTES)
    const { png, ranges, validPixels } = compose(planes, valid, out.width, out.height, bands, stretch, dtype)
    return {
      png,
      width: out.width,
      height: out.height,
      sourceWidth: source.width,
      sourceHeight: source.height,
      bands,
      stretch,
      ranges,
      level,
      levelWidth: chosen.width,
      levelHeight: chosen.height,
      validPixels,
    }
  } catch (err) {
    // A file that changed or was cut short since it was described ends here; the analyst needs the file named.
    if (err instanceof PreviewError || err instanceof FileFormatError) throw err
    if (err instanceof TiffFormatError || errorName(err) === 'BudgetError') throw new FileFormatError(readProblem(file, err))
    throw new FileFormatError(`${name} could not be decoded; it may be damaged or still being written, so copy or download it again.`)
  } finally {
    source.release()
  }
}

async function previewPicture(file: string, opts: PreviewOptions): Promise<PreviewResult> {
  const img = await decodeImageFile(file)
  const bands = resolveBands(opts.bands, 3, `'${path.basename(file)}'`)
  const stretch = resolveStretch(opts.stretch, 'uint8', 3)
  const out = previewSize(img.width, img.height, opts.maxSize ?? DEFAULT_MAX_SIZE)
  const planes = bands.map(() => new Float64Array(out.width * out.height))
  const valid = new Uint8Array(out.width * out.height)
  for (let r = 0; r < out.height; r++) {
    const sr = sourceIndex(r, out.height, img.height)
    for (let c = 0; c < out.width; c++) {
      const s = (sr * img.width + sourceIndex(c, out.width, img.width)) * 4
      const o = r * out.width + c
      for (let k = 0; k < bands.length; k++) planes[k][o] = img.rgba[s + bands[k] - 1]
      valid[o] = img.rgba[s + 3] > 0 ? 1 : 0
    }
  }
  const { png, ranges, validPixels } = compose(planes, valid, out.width, out.height, bands, stretch, 'uint8')
  return {
    png,
    width: out.width,
    height: out.height,
    sourceWidth: img.width,
    sourceHeight: img.height,
    bands,
    stretch,
    ranges,
    level: 0,
    levelWidth: img.width,
    levelHeight: img.height,
    validPixels,
  }
}

/** Make an 8-bit RGBA PNG preview of a GeoTIFF/COG, PNG or JPEG file (see the module comment). */
export async function renderPreview(file: string, opts: PreviewOptions = {}): Promise<PreviewResult> {
  const maxSize = opts.maxSize ?? DEFAULT_MAX_SIZE
  if (!Number.isInteger(maxSize) || maxSize < 1 || maxSize > 8192) {
    throw new PreviewError(`Preview size ${maxSize} is impossible: use a whole number of pixels from 1 to 8192.`)
  }
  const { head } = await readHead(file)
  const format = sniffFormat(head)
  if (format === 'tiff') return previewTiff(file, opts)
  if (format === 'png' || format === 'jpeg') return previewPicture(file, opts)
  throw new FileFormatError(`'${path.basename(file)}' is not a GeoTIFF, PNG or JPEG file (unrecognised signature); RSure previews only those formats.`)
}
