/**
 * The input of the weight-free engines: co-registered bands of one image with their roles (red, green, nir, swir1,
 * ...) on one grid, and the mask of pixels valid in every band. Three sources:
 * - a folder (or list) of Landsat / Sentinel-2 band files: the raster catalog binds roles from the names and
 *   calibrates to top-of-atmosphere reflectance from the MTL (so indices use reflectance, not DN);
 * - one GeoTIFF: bands in file order; roles from `bandRoles` (1-based), or red/green/blue for a 3-band file;
 * - a PNG or JPEG, decoded with sharp: red, green, blue, 8-bit values as stored.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { buildCatalog, type BandRef } from '../raster/catalog/catalog'
import { sniffFormat, readHead } from '../raster/describe'
import { describeImageFile, plausibleSize } from '../raster/image-file'
import type { Grid } from '../raster/raster'
import { TiffFile } from '../raster/tiff/reader'
import { emptyMask, pixelGrid, type Mask } from '../geometry/mask'
import { errorMessage } from '../../domain/errors'

export interface BandStack {
  grid: Grid
  bands: Record<string, Float64Array>
  valid: Mask
  /** For the evidence: what was read, how each role was bound and calibrated. */
  source: { kind: 'catalog' | 'geotiff' | 'picture'; files: string[]; band_mapping: Record<string, Record<string, unknown>>; sensor?: string }
}

export class InputImageError extends Error {
  override name = 'InputImageError'
}

const REFLECTANCE_ROLES = ['coastal', 'blue', 'green', 'red', 'nir', 'swir1', 'swir2']

/**
 * Largest image the weight-free engines hold in memory (pixels): bands are float64, so 50 Mpx of six bands is 2.4 GB.
 * Larger scenes are refused with a sentence rather than exhausting memory.
 */
export const MAX_STACK_PIXELS = 50_000_000

function checkSize(width: number, height: number, name: string): void {
  if (width * height > MAX_STACK_PIXELS) {
    throw new InputImageError(
      `${name} is ${width} x ${height} px (${((width * height) / 1e6).toFixed(0)} Mpx); the weight-free engines read at most ${MAX_STACK_PIXELS / 1e6} Mpx at once, so clip it to the area of interest or use a coarser overview.`,
    )
  }
}

async function readRef(ref: BandRef): Promise<{ data: Float64Array; grid: Grid }> {
  const tif = TiffFile.open(ref.path)
  try {
    checkSize(tif.width, tif.height, path.basename(ref.path))
    const data = await tif.readBand({ band: ref.band, nodata: ref.nodata ?? tif.nodata, scale: ref.scale, offset: ref.offset })
    return { data, grid: { width: tif.width, height: tif.height, geoTransform: tif.georef.geoTransform, crs: tif.georef.crs, geoKeyTags: tif.geoKeyTags } }
  } finally {
    tif.close()
  }
}

function validOf(grid: Grid, bands: Float64Array[]): Mask {
  const m = emptyMask(grid.width, grid.height)
  for (let i = 0; i < m.data.length; i++) m.data[i] = bands.every((b) => b[i] === b[i]) ? 1 : 0
  return m
}

async function fromCatalog(files: string[], dir: string | null): Promise<BandStack> {
  const cat = buildCatalog(dir ? { dir, calibration: 'toa', sun_correction: true } : { files, calibration: 'toa', sun_correction: true }, process.cwd())
  if (cat.assets.length === 0)
    throw new InputImageError('No band files with Landsat or Sentinel-2 names were found in the input; pass the band files of one scene.')
  if (cat.assets.length > 1) throw new InputImageError(`The input holds ${cat.assets.length} scenes; pass the bands of one scene per image.`)
  const asset = cat.assets[0]
  const bands: Record<string, Float64Array> = {}
  const mapping: Record<string, Record<string, unknown>> = {}
  let grid: Grid | null = null
  for (const role of REFLECTANCE_ROLES) {
    const ref = asset.bands[role]
    if (!ref) continue
    const r = await readRef(ref)
    if (grid && (r.grid.width !== grid.width || r.grid.height !== grid.height)) {
      throw new InputImageError(
        `Band ${ref.name} is ${r.grid.width}x${r.grid.height} px while the other bands are ${grid.width}x${grid.height} px; resample them to one grid first.`,
      )
    }
    grid ??= r.grid
    bands[role] = r.data
    mapping[role] = {
      file: path.basename(ref.path),
      band: ref.band,
      name: ref.name,
      scale: ref.scale,
      offset: ref.offset,
      unit: ref.unit,
      nodata: ref.nodata ?? null,
      scale_source: ref.scaleSource,
    }
  }
  if (!grid) throw new InputImageError('The scene has no reflective bands (blue, green, red, NIR, SWIR).')
  return {
    grid,
    bands,
    valid: validOf(grid, Object.values(bands)),
    source: { kind: 'catalog', files: Object.values(mapping).map((m) => String(m.file)), band_mapping: mapping, sensor: asset.sensor },
  }
}

async function fromGeoTiff(file: string, roles: Record<string, number> | undefined): Promise<BandStack> {
  const tif = TiffFile.open(file)
  try {
    checkSize(tif.width, tif.height, path.basename(file))
    const grid: Grid = { width: tif.width, height: tif.height, geoTransform: tif.georef.geoTransform, crs: tif.georef.crs, geoKeyTags: tif.geoKeyTags }
    const binding = roles ?? (tif.bandCount === 3 ? { red: 1, green: 2, blue: 3 } : tif.bandCount === 1 ? { gray: 1 } : null)
    if (!binding) {
      throw new InputImageError(
        `${path.basename(file)} has ${tif.bandCount} bands and their roles are not known; declare them with band_roles, e.g. {"red": 1, "green": 2, "blue": 3, "nir": 4}.`,
      )
    }
    const bands: Record<string, Float64Array> = {}
    const mapping: Record<string, Record<string, unknown>> = {}
    for (const [role, band] of Object.entries(binding)) {
      if (!Number.isInteger(band) || band < 1 || band > tif.bandCount)
        throw new InputImageError(`band_roles names band ${band} for ${role}, but ${path.basename(file)} has bands 1 to ${tif.bandCount}.`)
      const scale = tif.metadataScale.get(band) ?? 1
      const offset = tif.metadataOffset.get(band) ?? 0
      bands[role] = await tif.readBand({ band, nodata: tif.nodata, scale, offset })
      mapping[role] = {
        file: path.basename(file),
        band,
        scale,
        offset,
        nodata: tif.nodata,
        scale_source: roles ? 'band_roles argument' : 'three bands read as red, green, blue',
      }
    }
    return { grid, bands, valid: validOf(grid, Object.values(bands)), source: { kind: 'geotiff', files: [path.basename(file)], band_mapping: mapping } }
  } finally {
    tif.close()
  }
}

/** Decode a PNG or JPEG with sharp to red, green, blue bands (alpha dropped; grey images give three equal bands). */
export async function fromPicture(file: string): Promise<BandStack> {
  const name = path.basename(file)
  // The header, parsed by hand, decides before any decode: its size within the budget and within what the file's
  // bytes could hold (a 256 x 192 JPEG declaring 30000 x 30000, a PNG whose IDAT holds 4 of 30000 rows).
  const { head, size } = await readHead(file)
  let header
  try {
    header = await describeImageFile(file, head)
  } catch (err) {
    throw new InputImageError(errorMessage(err))
  }
  checkSize(header.width, header.height, name)
  if (!plausibleSize(header, size)) {
    throw new InputImageError(
      `'${name}' declares ${header.width} x ${header.height} px in a ${size}-byte file, more than its bytes can hold, so it is damaged or hostile and is not decoded.`,
    )
  }
  let decoded
  try {
    decoded = await sharp(file, { limitInputPixels: MAX_STACK_PIXELS, failOn: 'error', sequentialRead: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new InputImageError(`'${name}' could not be decoded as a ${header.format} picture: its image data is damaged or truncated.`)
  }
  const { data, info } = decoded
  const n = info.width * info.height
  const ch = info.channels
  const bands = { red: new Float64Array(n), green: new Float64Array(n), blue: new Float64Array(n) }
  for (let i = 0; i < n; i++) {
    bands.red[i] = data[i * ch]
    bands.green[i] = data[i * ch + Math.min(1, ch - 1)]
    bands.blue[i] = data[i * ch + Math.min(2, ch - 1)]
  }
  const grid = pixelGrid(info.width, info.height)
  const valid = emptyMask(info.width, info.height)
  valid.data.fill(1)
  const m = (band: number) => ({
    file: path.basename(file),
    band,
    scale: 1,
    offset: 0,
    unit: 'dn (8-bit as stored)',
    decoder: `sharp ${sharp.versions.sharp ?? ''}`.trim(),
  })
  return { grid, bands, valid, source: { kind: 'picture', files: [path.basename(file)], band_mapping: { red: m(1), green: m(2), blue: m(3) } } }
}

/**
 * Load one image: a folder or several files of one scene (catalog), a GeoTIFF, or a PNG/JPEG. Throws an
 * InputImageError with one sentence when the input cannot be read as an image.
 */
export async function loadBandStack(input: string | string[], opts: { bandRoles?: Record<string, number> } = {}): Promise<BandStack> {
  const list = Array.isArray(input) ? input : [input]
  if (list.length === 0) throw new InputImageError('No image was given.')
  for (const f of list) if (!fs.existsSync(f)) throw new InputImageError(`The image '${path.basename(f)}' does not exist.`)
  if (list.length === 1 && fs.statSync(list[0]).isDirectory()) return fromCatalog([], list[0])
  if (list.length > 1) return fromCatalog(list, null)
  const { head } = await readHead(list[0])
  const format = sniffFormat(head)
  if (format === 'tiff') {
    // A Landsat/Sentinel band file alone is one band of a scene: read its whole scene from the folder.
    if (/^(L[CTOE]0\d_|T\d{2}[A-Z]{3}_|S2[AB]_)/i.test(path.basename(list[0]))) return fromCatalog([], path.dirname(list[0]))
    return fromGeoTiff(list[0], opts.bandRoles)
  }
  if (format === 'png' || format === 'jpeg') return fromPicture(list[0])
  throw new InputImageError(`'${path.basename(list[0])}' is not a GeoTIFF, PNG or JPEG image.`)
}
