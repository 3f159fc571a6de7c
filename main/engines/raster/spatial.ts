/**
 * `spatial.query`: pixels inside a point, bounding box or polygon, given in map coordinates (the raster's CRS
 * units) or pixel coordinates (column, row; pixel corners at integers, so pixel (c, r) spans [c, c+1) x [r, r+1)).
 * A pixel belongs to a box or polygon when its centre does (GDAL's default rasterisation rule); polygons use the
 * even-odd rule. Points select the one pixel that contains them.
 */
import { mapToPixel, pixelToMap } from './georef'
import type { Grid } from './raster'

export type Geometry =
  | { type: 'point'; x: number; y: number; crs: 'map' | 'pixel' }
  | { type: 'bbox'; bbox: [number, number, number, number]; crs: 'map' | 'pixel' }
  | { type: 'polygon'; coordinates: [number, number][]; crs: 'map' | 'pixel' }

export class GeometryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GeometryError'
  }
}

function toPixel(grid: Grid, crs: 'map' | 'pixel', x: number, y: number): [number, number] {
  if (crs === 'pixel') return [x, y]
  if (!grid.geoTransform) throw new GeometryError('the raster has no georeferencing, so map coordinates cannot be placed; give the geometry in pixel coordinates')
  return mapToPixel(grid.geoTransform, x, y)
}

function inPolygon(px: number, py: number, poly: [number, number][]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]
    const [xj, yj] = poly[j]
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** Indices (row * width + col) of the pixels selected by a geometry; throws GeometryError when none can be. */
export function selectPixels(grid: Grid, g: Geometry): number[] {
  const { width, height } = grid
  if (g.type === 'point') {
    const [c, r] = toPixel(grid, g.crs, g.x, g.y)
    const col = Math.floor(c)
    const row = Math.floor(r)
    if (col < 0 || row < 0 || col >= width || row >= height) throw new GeometryError(`the point (${g.x}, ${g.y}) lies outside the ${width}x${height} raster`)
    return [row * width + col]
  }
  let poly: [number, number][]
  if (g.type === 'bbox') {
    const [x0, y0, x1, y1] = g.bbox
    if (!(x0 < x1 && y0 < y1)) throw new GeometryError('a bbox is [minx, miny, maxx, maxy] with min < max on both axes')
    poly = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y]) => toPixel(grid, g.crs, x, y))
  } else {
    if (g.coordinates.length < 3) throw new GeometryError('a polygon needs at least three vertices')
    poly = g.coordinates.map(([x, y]) => toPixel(grid, g.crs, x, y))
  }
  const xs = poly.map((p) => p[0])
  const ys = poly.map((p) => p[1])
  const c0 = Math.max(0, Math.floor(Math.min(...xs)))
  const c1 = Math.min(width - 1, Math.ceil(Math.max(...xs)))
  const r0 = Math.max(0, Math.floor(Math.min(...ys)))
  const r1 = Math.min(height - 1, Math.ceil(Math.max(...ys)))
  const out: number[] = []
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (inPolygon(c + 0.5, r + 0.5, poly)) out.push(r * width + c)
  return out
}

/** Map coordinates of a pixel centre, for the evidence. */
export function pixelCentre(grid: Grid, index: number): [number, number] | null {
  if (!grid.geoTransform) return null
  return pixelToMap(grid.geoTransform, (index % grid.width) + 0.5, Math.floor(index / grid.width) + 0.5)
}
