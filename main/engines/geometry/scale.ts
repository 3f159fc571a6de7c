/**
 * How pixels become ground units. In order of authority: the geotransform of a projected CRS in metres (pixel
 * width and height in metres); a geographic CRS (degrees: areas and lengths are geodesic, computed with
 * @turf/area and @turf/distance on the WGS 84 mean-radius sphere, R = 6371008.8 m); a GSD given by the caller
 * (metres per pixel); else none, and metre-based metrics are refused.
 */
import turfArea from '@turf/area'
import turfDistance from '@turf/distance'
import type { GeoTransform } from '../raster/georef'
import type { Grid } from '../raster/raster'

export type PixelScale =
  | { kind: 'projected'; source: 'geotransform'; sx: number; sy: number; unit: string }
  | { kind: 'geographic'; source: 'geotransform'; gt: GeoTransform }
  | { kind: 'gsd'; source: 'argument'; gsd: number }
  | { kind: 'none'; source: 'none' }

const METRE_UNITS: Record<string, number> = { metre: 1, meter: 1, foot: 0.3048, 'US survey foot': 1200 / 3937 }

/** The scale of a grid: its geotransform when it has one in a known unit, else the caller's GSD, else none. */
export function pixelScale(grid: Grid, gsd?: number | null): PixelScale {
  const gt = grid.geoTransform
  if (gt && grid.crs?.kind === 'geographic') return { kind: 'geographic', source: 'geotransform', gt }
  if (gt && grid.crs?.kind === 'projected') {
    const k = METRE_UNITS[grid.crs.units ?? 'metre']
    if (k !== undefined) {
      return { kind: 'projected', source: 'geotransform', sx: Math.hypot(gt[1], gt[4]) * k, sy: Math.hypot(gt[2], gt[5]) * k, unit: 'm' }
    }
  }
  if (gsd !== undefined && gsd !== null && Number.isFinite(gsd) && gsd > 0) return { kind: 'gsd', source: 'argument', gsd }
  return { kind: 'none', source: 'none' }
}

/** Pixel (x, y) (corner coordinates, fractional allowed) -> map coordinates by the geotransform. */
export function toMap(gt: GeoTransform, x: number, y: number): [number, number] {
  return [gt[0] + x * gt[1] + y * gt[2], gt[3] + x * gt[4] + y * gt[5]]
}

/** Ground area of one pixel of row `y`, in m², or null without a scale. Geodesic rows differ by latitude. */
export function rowPixelArea(scale: PixelScale, y: number): number | null {
  switch (scale.kind) {
    case 'projected':
      return scale.sx * scale.sy
    case 'gsd':
      return scale.gsd * scale.gsd
    case 'geographic': {
      const gt = scale.gt
      const ring = [toMap(gt, 0, y), toMap(gt, 1, y), toMap(gt, 1, y + 1), toMap(gt, 0, y + 1)]
      return turfArea({ type: 'Polygon', coordinates: [[...ring, ring[0]]] })
    }
    case 'none':
      return null
  }
}

/** Ground distance in metres between two points in pixel coordinates, or null without a scale. */
export function groundDistance(scale: PixelScale, a: [number, number], b: [number, number]): number | null {
  switch (scale.kind) {
    case 'projected':
      return Math.hypot((a[0] - b[0]) * scale.sx, (a[1] - b[1]) * scale.sy)
    case 'gsd':
      return Math.hypot(a[0] - b[0], a[1] - b[1]) * scale.gsd
    case 'geographic':
      return turfDistance(toMap(scale.gt, a[0], a[1]), toMap(scale.gt, b[0], b[1]), { units: 'meters' })
    case 'none':
      return null
  }
}

/** Ground area (m²) of a polygon given in pixel coordinates (outer ring then holes), or null without a scale. */
export function polygonGroundArea(scale: PixelScale, rings: [number, number][][]): number | null {
  if (scale.kind === 'none') return null
  if (scale.kind === 'geographic') {
    return turfArea({ type: 'Polygon', coordinates: rings.map((r) => r.map(([x, y]) => toMap(scale.gt, x, y))) })
  }
  let s = 0
  for (const [i, r] of rings.entries()) {
    let a = 0
    for (let k = 0; k + 1 < r.length; k++) a += r[k][0] * r[k + 1][1] - r[k + 1][0] * r[k][1]
    s += i === 0 ? Math.abs(a) / 2 : -Math.abs(a) / 2
  }
  return s * (scale.kind === 'projected' ? scale.sx * scale.sy : scale.gsd * scale.gsd)
}

export function describeScale(scale: PixelScale): Record<string, unknown> {
  switch (scale.kind) {
    case 'projected':
      return { gsd_source: 'geotransform', crs: 'projected', pixel_width_m: scale.sx, pixel_height_m: scale.sy, pixel_area_m2: scale.sx * scale.sy }
    case 'geographic':
      return {
        gsd_source: 'geotransform',
        crs: 'geographic',
        method: 'geodesic (@turf/area, @turf/distance; sphere R = 6371008.8 m)',
        pixel_size_deg: [Math.abs(scale.gt[1]), Math.abs(scale.gt[5])],
      }
    case 'gsd':
      return { gsd_source: 'argument', gsd_m: scale.gsd, pixel_area_m2: scale.gsd * scale.gsd }
    case 'none':
      return { gsd_source: 'none' }
  }
}
