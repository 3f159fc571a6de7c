/**
 * Georeferencing of a GeoTIFF image: the affine geotransform in GDAL's order with the origin at the **corner** of
 * the top-left pixel, and the coordinate reference system.
 *
 * Conventions (GeoTIFF 1.1, OGC 19-008r4):
 * - GTRasterTypeGeoKey = 1 (PixelIsArea): a tiepoint at raster (0, 0) names the top-left corner of pixel (0, 0).
 * - GTRasterTypeGeoKey = 2 (PixelIsPoint): the tiepoint names the centre of pixel (0, 0); the corner lies half a
 *   pixel up-left. GDAL shifts by half a pixel (unless GTIFF_POINT_GEO_IGNORE), and so do we; the output names the
 *   convention of the file and the one reported (always 'corner').
 * - ModelTransformationTag, when present, gives the full affine (rotation allowed) and is used instead of
 *   tiepoint + scale.
 * Units of the geotransform are those of the CRS (metres for projected CRSs such as UTM, degrees for geographic).
 */

export type RasterType = 'PixelIsArea' | 'PixelIsPoint'

/** GDAL order: [originX, pixelWidth, rowRotation, originY, columnRotation, pixelHeight]; origin = pixel corner. */
export type GeoTransform = [number, number, number, number, number, number]

export interface Crs {
  /** EPSG code where the file names one (ProjectedCSTypeGeoKey or GeographicTypeGeoKey), else null. */
  epsg: number | null
  kind: 'projected' | 'geographic' | 'geocentric' | 'unknown'
  /** Citation text from the file, e.g. 'WGS 84 / UTM zone 17N'. */
  name: string | null
  /** Linear unit of a projected CRS ('metre' for EPSG 9001), angular for geographic. */
  units: string | null
  /** A proj4 definition when one could be formed without an EPSG database (user-defined CRSs), else null. */
  proj4: string | null
}

export interface Georef {
  /** null when the file carries no georeferencing at all. */
  geoTransform: GeoTransform | null
  /** Convention of the stored tiepoint. */
  rasterType: RasterType
  /** The geotransform's origin convention; always the pixel corner. */
  origin: 'corner'
  /** Raw tiepoint model coordinates as stored (before any half-pixel shift), when present. */
  rawTiepoint: [number, number] | null
  crs: Crs | null
}

const LINEAR_UNITS: Record<number, string> = { 9001: 'metre', 9002: 'foot', 9003: 'US survey foot' }
const ANGULAR_UNITS: Record<number, string> = { 9101: 'radian', 9102: 'degree' }
const USER_DEFINED = 32767

type Keys = Record<string, unknown>

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

/** The model tags georeferencing reads (GeoTIFF 1.1, section 7). */
export type ModelTag = 'ModelTransformation' | 'ModelTiepoint' | 'ModelPixelScale'

/**
 * What georeferencing reads of an image: its GeoKeys and three model tags. Both readers provide it: the lean reader
 * (tiff/reader.ts) and geotiff.js's GeoTIFFImage (through `geotiffGeorefSource`).
 */
export interface GeorefSource {
  geoKeys(): Keys | null
  modelTag(name: ModelTag): ArrayLike<number> | undefined
}

/** A geotiff.js image as a GeorefSource. */
export function geotiffGeorefSource(image: { getGeoKeys(): unknown; fileDirectory: { getValue(name: ModelTag): unknown } }): GeorefSource {
  return {
    geoKeys: () => {
      const keys = image.getGeoKeys()
      return keys && typeof keys === 'object' ? { ...keys } : null
    },
    modelTag: (name) => {
      const v = image.fileDirectory.getValue(name)
      return Array.isArray(v) || ArrayBuffer.isView(v) ? (v as ArrayLike<number>) : undefined
    },
  }
}

function tagArray(image: GeorefSource, name: ModelTag): number[] | null {
  const v = image.modelTag(name)
  return v === undefined ? null : Array.from(v)
}

/** The CRS described by the GeoKey directory, or null when the file has none. */
export function crsFromGeoKeys(keys: Keys | null | undefined): Crs | null {
  if (!keys || Object.keys(keys).length === 0) return null
  const model = num(keys.GTModelTypeGeoKey)
  const projected = num(keys.ProjectedCSTypeGeoKey)
  const geographic = num(keys.GeographicTypeGeoKey)
  const citation = (keys.GTCitationGeoKey ?? keys.PCSCitationGeoKey ?? keys.GeogCitationGeoKey ?? null) as string | null
  if (model === 1 || (projected !== null && projected !== USER_DEFINED)) {
    const unit = num(keys.ProjLinearUnitsGeoKey)
    return {
      epsg: projected !== null && projected !== USER_DEFINED ? projected : null,
      kind: 'projected',
      name: citation,
      units: unit !== null ? (LINEAR_UNITS[unit] ?? `EPSG unit ${unit}`) : 'metre',
      proj4: null,
    }
  }
  if (model === 2 || (geographic !== null && geographic !== USER_DEFINED)) {
    const unit = num(keys.GeogAngularUnitsGeoKey)
    const epsg = geographic !== null && geographic !== USER_DEFINED ? geographic : null
    return {
      epsg,
      kind: 'geographic',
      name: citation,
      units: unit !== null ? (ANGULAR_UNITS[unit] ?? `EPSG unit ${unit}`) : 'degree',
      proj4: epsg === 4326 || epsg === null ? '+proj=longlat +datum=WGS84 +no_defs' : null,
    }
  }
  if (model === 3) return { epsg: null, kind: 'geocentric', name: citation, units: 'metre', proj4: null }
  return { epsg: null, kind: 'unknown', name: citation, units: null, proj4: null }
}

/** Read the georeferencing of one GeoTIFF image (see the module comment for conventions). */
export function readGeoref(image: GeorefSource): Georef {
  const keys = image.geoKeys()
  const rasterType: RasterType = num(keys?.GTRasterTypeGeoKey) === 2 ? 'PixelIsPoint' : 'PixelIsArea'
  const crs = crsFromGeoKeys(keys)
  const transform = tagArray(image, 'ModelTransformation')
  const tie = tagArray(image, 'ModelTiepoint')
  const scale = tagArray(image, 'ModelPixelScale')

  let gt: GeoTransform | null = null
  let rawTiepoint: [number, number] | null = null
  if (transform && transform.length >= 16) {
    // Row-major 4x4: x = a*i + b*j + d, y = e*i + f*j + h (i = column, j = row).
    gt = [transform[3], transform[0], transform[1], transform[7], transform[4], transform[5]]
    rawTiepoint = [transform[3], transform[7]]
  } else if (tie && tie.length >= 6 && scale && scale.length >= 2) {
    const [i, j, , x, y] = tie
    const sx = scale[0]
    const sy = -scale[1]
    rawTiepoint = [x, y]
    gt = [x - i * sx, sx, 0, y - j * sy, 0, sy]
  }
  if (gt && rasterType === 'PixelIsPoint') {
    // The stored point is a pixel centre: move half a pixel along both pixel axes to reach the corner.
    gt = [gt[0] - 0.5 * gt[1] - 0.5 * gt[2], gt[1], gt[2], gt[3] - 0.5 * gt[4] - 0.5 * gt[5], gt[4], gt[5]]
  }
  return { geoTransform: gt, rasterType, origin: 'corner', rawTiepoint, crs }
}

/** Map coordinates of a pixel position (col, row may be fractional; (0, 0) is the top-left corner). */
export function pixelToMap(gt: GeoTransform, col: number, row: number): [number, number] {
  return [gt[0] + col * gt[1] + row * gt[2], gt[3] + col * gt[4] + row * gt[5]]
}

/** Pixel position (fractional col, row) of map coordinates; throws on a singular transform. */
export function mapToPixel(gt: GeoTransform, x: number, y: number): [number, number] {
  const det = gt[1] * gt[5] - gt[2] * gt[4]
  if (det === 0) throw new Error('The geotransform is singular: the pixel size is zero, so map coordinates cannot be placed.')
  const dx = x - gt[0]
  const dy = y - gt[3]
  return [(gt[5] * dx - gt[2] * dy) / det, (-gt[4] * dx + gt[1] * dy) / det]
}

/** Ground sample distance along x and y in CRS units (absolute pixel size), ignoring rotation terms. */
export function pixelSize(gt: GeoTransform): { x: number; y: number } {
  return { x: Math.hypot(gt[1], gt[4]), y: Math.hypot(gt[2], gt[5]) }
}
