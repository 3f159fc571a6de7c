/**
 * The in-memory raster of the DAG engine: one band on one grid as float64, invalid pixels stored as NaN, with the
 * unit of its values. Collections are never stacked: the engine holds one asset's rasters at a time per worker.
 */
import type { Crs, GeoTransform } from './georef'
import type { GeoKeyTags } from './tiff/reader'
import type { Unit } from './units'

export interface Grid {
  width: number
  height: number
  /** GDAL order, origin at the pixel corner (see georef.ts); null for files without georeferencing. */
  geoTransform: GeoTransform | null
  crs: Crs | null
  /** The source file's GeoKey tags, carried so written artifacts keep the CRS verbatim. */
  geoKeyTags: GeoKeyTags | null
}

export interface Raster {
  grid: Grid
  data: Float64Array
  unit: Unit
  /** Calibration constants carried from the catalog (e.g. Landsat K1/K2 for brightness temperature). */
  meta?: Record<string, number>
  /** [count, sum, min, max] of the valid pixels when the producer computed them on the way (reader, TVDI). */
  stats?: Float64Array
}

/**
 * True when two grids have the same size, the same geotransform (origins within 1e-6 of a pixel, pixel sizes
 * within 1e-9 relative) and no conflicting EPSG codes.
 */
export function sameGrid(a: Grid, b: Grid): boolean {
  if (a.width !== b.width || a.height !== b.height) return false
  const ga = a.geoTransform
  const gb = b.geoTransform
  if (ga && gb) {
    const px = Math.max(Math.abs(ga[1]), Math.abs(ga[5]))
    for (const i of [0, 3]) if (Math.abs(ga[i] - gb[i]) > 1e-6 * px) return false
    for (const i of [1, 2, 4, 5]) if (Math.abs(ga[i] - gb[i]) > 1e-9 * px) return false
  }
  if (a.crs?.epsg && b.crs?.epsg && a.crs.epsg !== b.crs.epsg) return false
  return true
}

/** Describe a grid for messages: '2599x2573 px'. */
export function gridLabel(g: Grid): string {
  return `${g.width}x${g.height} px`
}

/** Number of non-NaN pixels. */
export function countValid(data: Float64Array): number {
  let n = 0
  for (let i = 0; i < data.length; i++) if (data[i] === data[i]) n++
  return n
}
