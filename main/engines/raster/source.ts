/**
 * The one raster source of the engines: a GeoTIFF/COG opened on the lean TIFF reader (tiff/reader.ts) with its
 * pyramid, read by analysis, previews and map tiles alike, so all three see the same pixels as valid.
 *
 * - `levels`: the full resolution first, then the overviews from largest to smallest (GDAL's order).
 * - `readWindow`: raw sample values (no scale/offset) of some bands over a window of one level, as float64 planes,
 *   plus the valid mask (1 = valid in every band read).
 * - One nodata rule (the reader's, after GDAL's GDALNoDataMaskBand): a pixel is invalid when its sample equals the
 *   file's GDAL_NODATA value (for float32 samples the value rounded to float32, so a tag of -9999.9 marks the stored
 *   -9999.900390625), or when it is NaN or infinite. Never-written (sparse) tiles read as the nodata value.
 * - Handles are reference-counted: `retain` for each user, `release` when done; the files close at the last release,
 *   so a cache can evict a source while a read still holds it.
 *
 * geotiff.js remains only as the decoder of compressions other than none and DEFLATE (inside the reader).
 */
import path from 'node:path'
import type { Georef } from './georef'
import { TiffFile, type PixelWindow, type SampleType } from './tiff/reader'

export interface SourceLevel {
  width: number
  height: number
  /** Full-resolution pixels per pixel of this level, along x and y (1 for the full resolution). */
  fx: number
  fy: number
}

export interface WindowRead {
  /** One plane per band read, row-major over the window; invalid pixels hold NaN. */
  planes: Float64Array[]
  /** 1 where the pixel is valid in every band read. */
  valid: Uint8Array
  /** Valid pixels in the window (the number of 1s in `valid`). */
  validCount: number
}

/** Decoded chunks each level keeps for neighbouring reads (map tiles, preview row windows). */
export const SOURCE_CHUNK_CACHE_BYTES = 32 * 1024 * 1024

export class RasterSource {
  readonly name: string
  readonly width: number
  readonly height: number
  readonly bandCount: number
  readonly sampleType: SampleType
  /** The GDAL_NODATA value of the full-resolution image (NaN allowed), null when absent; applies to every level. */
  readonly nodata: number | null
  readonly georef: Georef
  readonly levels: SourceLevel[]
  private readonly files: TiffFile[]
  private refs = 1

  private constructor(
    readonly file: string,
    files: TiffFile[],
  ) {
    this.files = files
    const main = files[0]
    this.name = path.basename(file)
    this.width = main.width
    this.height = main.height
    this.bandCount = main.bandCount
    this.sampleType = main.sampleType
    this.nodata = main.nodata
    this.georef = main.georef
    this.levels = files.map((f) => ({ width: f.width, height: f.height, fx: main.width / f.width, fy: main.height / f.height }))
  }

  /**
   * Open a GeoTIFF and its overviews; throws what TiffFile.open throws (TiffFormatError, SpecialFileError).
   * `cacheBytes` decoded chunks are kept per level (default 0: each chunk is decoded for each read).
   */
  static open(file: string, opts: { cacheBytes?: number } = {}): RasterSource {
    const files = TiffFile.openPyramid(file)
    if (opts.cacheBytes) for (const f of files) f.cacheChunks(opts.cacheBytes)
    return new RasterSource(file, files)
  }

  /** One more user of this handle; pair with release(). */
  retain(): this {
    if (this.refs <= 0) throw new Error(`the raster source of ${this.name} was already closed`)
    this.refs++
    return this
  }

  /** One user fewer; the files close when the last user releases. */
  release(): void {
    if (--this.refs === 0) for (const f of this.files) f.close()
  }

  /** Read `bands` (1-based) of pyramid level `level` over `win` (pixels of that level). */
  async readWindow(level: number, bands: number[], win: PixelWindow): Promise<WindowRead> {
    const f = this.files[level]
    if (!f) throw new RangeError(`level ${level} does not exist in ${this.name}: it has ${this.files.length}`)
    const planes: Float64Array[] = []
    for (const band of bands) planes.push(await f.readBand({ band, window: win, nodata: this.nodata, scale: 1, offset: 0 }))
    const { valid, validCount } = validMask(planes, win.width * win.height)
    return { planes, valid, validCount }
  }
}

/** The valid mask of planes whose invalid pixels are NaN: 1 where every plane holds a number. */
export function validMask(planes: Float64Array[], pixels: number): { valid: Uint8Array; validCount: number } {
  const valid = new Uint8Array(pixels).fill(1)
  for (const p of planes) for (let i = 0; i < pixels; i++) if (p[i] !== p[i]) valid[i] = 0
  let validCount = 0
  for (let i = 0; i < pixels; i++) validCount += valid[i]
  return { valid, validCount }
}
