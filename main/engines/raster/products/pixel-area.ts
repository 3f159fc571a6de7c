/**
 * The ground area of each pixel of a raster's grid, in square metres: what an area ("how many km² are ...") sums
 * over the pixels it keeps, so areas are right on grids whose pixels are not all the same size on the ground.
 *
 * - Web Mercator (EPSG:3857, and its older codes 900913 and 3785): the projection scales both axes by sec(latitude)
 *   on the sphere of radius 6378137 m, so a pixel of sx x sy map metres covers sx * sy * cos²(latitude) m², the
 *   latitude that of the pixel row's centre, lat = 2 atan(exp(y / R)) - pi / 2 (EPSG Guidance Note 7-2, 1.3.3.2).
 *   Exact per row to the curvature inside one pixel (a relative 1e-9 for 30 m pixels).
 * - A geographic grid (longitude and latitude in degrees): the area of the cell on the WGS 84 ellipsoid, exactly:
 *   (b² dlon / 2) |q(lat2) - q(lat1)| with q(p) = sin p / (1 - e² sin² p) + ln((1 + e sin p) / (1 - e sin p)) / (2e)
 *   (the authalic-latitude integral; Snyder 1987, Map Projections - A Working Manual, eq. 3-12). Another datum's
 *   ellipsoid differs from it by far less than the pixel's own precision.
 * - Any other projected grid: the nominal pixel area |det| of the geotransform in the CRS's linear unit, converted
 *   to m² (feet: 0.3048 m, US survey feet: 1200/3937 m). The scale error of the projection is not applied (UTM:
 *   within 0.1 % inside its zone), which is how GIS software states the area of a projected pixel.
 * A grid without georeferencing, without a CRS, with rotated rows on a Mercator or geographic grid, or in a CRS
 * whose unit is not known gives no value, saying which.
 */
import { z } from 'zod'
import type { Grid } from '../raster'
import type { ProductDef } from './product'

/** EPSG:3857's sphere (WGS 84's semi-major axis), metres. */
const MERCATOR_RADIUS = 6378137
/** WGS 84: semi-minor axis b (m) and first eccentricity e, from a = 6378137 m and 1/f = 298.257223563. */
const WGS84_F = 1 / 298.257223563
const WGS84_B = 6378137 * (1 - WGS84_F)
const WGS84_E = Math.sqrt(WGS84_F * (2 - WGS84_F))

/** Snyder's q of latitude `p` (radians) on WGS 84: the ellipsoid's area from the equator to p is pi b² q(p) over 360°. */
function authalicQ(p: number): number {
  const es = WGS84_E * Math.sin(p)
  return Math.sin(p) / (1 - es * es) + Math.log((1 + es) / (1 - es)) / (2 * WGS84_E)
}
const WEB_MERCATOR = new Set([3857, 900913, 3785, 102100, 102113])
/** Geographic CRS codes some writers put in the projected CRS key: such grids are in degrees all the same. */
export const GEOGRAPHIC_EPSG = new Set([4326, 4269, 4258, 4283])
/** Metres per linear unit of a projected CRS (georef.ts names them). */
const METRES: Record<string, number> = { metre: 1, foot: 0.3048, 'US survey foot': 1200 / 3937 }

type Method = { kind: 'mercator' | 'geographic' | 'nominal'; note: string } | { insufficient: string }

/** How a grid's pixel areas are computed, or why they cannot be. */
export function pixelAreaMethod(grid: Grid): Method {
  const gt = grid.geoTransform
  if (!gt) return { insufficient: 'the raster has no georeferencing, so its pixels have no ground area' }
  const crs = grid.crs
  if (!crs || crs.kind === 'unknown' || crs.kind === 'geocentric')
    return { insufficient: 'the raster names no projected or geographic CRS, so the ground area of its pixels is not known' }
  const rotated = gt[2] !== 0 || gt[4] !== 0
  if (crs.epsg !== null && WEB_MERCATOR.has(crs.epsg)) {
    if (rotated) return { insufficient: 'the Web Mercator grid is rotated, so its rows are not lines of latitude' }
    return { kind: 'mercator', note: `Web Mercator: ${Math.abs(gt[1])} x ${Math.abs(gt[5])} m pixels x cos²(latitude of the row) on the 6378137 m sphere` }
  }
  if (crs.kind === 'geographic' || (crs.epsg !== null && GEOGRAPHIC_EPSG.has(crs.epsg))) {
    if (rotated) return { insufficient: 'the geographic grid is rotated, so its rows are not lines of latitude' }
    if (crs.kind === 'geographic' && crs.units !== null && crs.units !== 'degree')
      return { insufficient: `the geographic grid is in ${crs.units}, not degrees` }
    return { kind: 'geographic', note: 'longitude/latitude cells on the WGS 84 ellipsoid' }
  }
  const perUnit = METRES[crs.units ?? 'metre']
  if (perUnit === undefined) return { insufficient: `the CRS's unit (${crs.units}) is not one whose length in metres is known` }
  const side = Math.sqrt(Math.abs(gt[1] * gt[5] - gt[2] * gt[4])) * perUnit
  if (!(side >= 1e-3)) return { insufficient: `its pixels would be ${side} m across: the grid is likely in degrees under a projected CRS's name` }
  return { kind: 'nominal', note: `nominal ${side.toPrecision(6)} m pixels of the projected grid (projection scale error not applied)` }
}

/** Ground area (m²) of one pixel of each row of `grid` (every pixel of a row has the same area here). */
export function rowAreas(grid: Grid): Float64Array | { insufficient: string } {
  const method = pixelAreaMethod(grid)
  if ('insufficient' in method) return method
  const gt = grid.geoTransform!
  const out = new Float64Array(grid.height)
  if (method.kind === 'nominal') {
    const perUnit = METRES[grid.crs?.units ?? 'metre']
    out.fill(Math.abs(gt[1] * gt[5] - gt[2] * gt[4]) * perUnit * perUnit)
    return out
  }
  const rad = Math.PI / 180
  for (let r = 0; r < grid.height; r++) {
    if (method.kind === 'mercator') {
      const lat = 2 * Math.atan(Math.exp((gt[3] + (r + 0.5) * gt[5]) / MERCATOR_RADIUS)) - Math.PI / 2
      out[r] = Math.abs(gt[1] * gt[5]) * Math.cos(lat) ** 2
    } else {
      const top = (gt[3] + r * gt[5]) * rad
      const bottom = (gt[3] + (r + 1) * gt[5]) * rad
      out[r] = ((WGS84_B * WGS84_B * Math.abs(gt[1] * rad)) / 2) * Math.abs(authalicQ(top) - authalicQ(bottom))
    }
  }
  return out
}

export const pixelArea: ProductDef<Record<string, never>> = {
  name: 'pixel_area',
  summary: "ground area of each pixel of the input's grid, m² (Web Mercator and longitude/latitude grids per row)",
  inputs: [{ name: 'like', unit: 'any' }],
  params: z.strictObject({}),
  outputUnit: () => 'm2',
  formula: () => 'area = sx * sy * cos²(lat) (Web Mercator); b² dlon |q(lat2) - q(lat1)| / 2 on WGS 84 (lon/lat); |det(geotransform)| (projected)',
  convention: () =>
    'every pixel of the grid, valid or not in the input; the latitude of a Web Mercator row is that of its centre; lon/lat cells on the WGS 84 ellipsoid; projected grids nominal',
  check: () => null,
  compute: (inputs, _p, n, alloc) => {
    const grid = inputs.like.grid
    if (!grid) return { data: null, insufficient: "the raster's grid is not known here" }
    const rows = rowAreas(grid)
    if ('insufficient' in rows) return { data: null, insufficient: rows.insufficient }
    const out = alloc ? alloc(n) : new Float64Array(n)
    const w = grid.width
    for (let r = 0; r < grid.height; r++) out.fill(rows[r], r * w, (r + 1) * w)
    return { data: out, details: { method: (pixelAreaMethod(grid) as { note: string }).note } }
  },
}
