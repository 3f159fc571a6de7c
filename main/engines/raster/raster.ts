/**
 * The in-memory raster of the DAG engine: one band on one grid as float64, invalid pixels stored as NaN, with the
 * unit of its values. Collections are never stacked: the engine holds one asset's rasters at a time per worker.
 */
import { crsDefinition, definitionLabel, sameDefinition } from './crs-definition'
import type { Crs, GeoTransform } from './georef'
import type { ContentProfile } from './stats'
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
  /** The content profile when the producer computed it on the way (the reader, during conversion). */
  content?: ContentProfile
}

/**
 * What differs between two grids, in words, or null when they are the same grid: the size; whether both are
 * georeferenced (a georeferenced and a non-georeferenced input are never combined); the origin (within 1e-6 of a
 * pixel); the pixel size and rotation (within 1e-9 relative); and the CRS, compared as definitions
 * (crs-definition.ts), so two different custom CRSs are told apart and an EPSG code equals its own parameters.
 */
export function gridDifference(a: Grid, b: Grid): string | null {
  if (a.width !== b.width || a.height !== b.height) return `size (${a.width}x${a.height} px against ${b.width}x${b.height} px)`
  const ga = a.geoTransform
  const gb = b.geoTransform
  if (!ga !== !gb) return `georeferencing (one input is georeferenced, the other is not)`
  if (ga && gb) {
    const px = Math.max(Math.abs(ga[1]), Math.abs(ga[5]))
    if ([0, 3].some((i) => !(Math.abs(ga[i] - gb[i]) <= 1e-6 * px))) return `origin ((${ga[0]}, ${ga[3]}) against (${gb[0]}, ${gb[3]}))`
    if ([1, 2, 4, 5].some((i) => !(Math.abs(ga[i] - gb[i]) <= 1e-9 * px))) return `pixel size (${ga[1]} x ${ga[5]} against ${gb[1]} x ${gb[5]})`
  }
  const da = crsDefinition(a.geoKeyTags)
  const db = crsDefinition(b.geoKeyTags)
  if (!da !== !db) return `CRS (${definitionLabel(da)} against ${definitionLabel(db)})`
  if (da && db && !sameDefinition(da, db)) return `CRS (${definitionLabel(da)} against ${definitionLabel(db)})`
  if (!a.geoKeyTags && !b.geoKeyTags && a.crs?.epsg && b.crs?.epsg && a.crs.epsg !== b.crs.epsg) return `CRS (EPSG:${a.crs.epsg} against EPSG:${b.crs.epsg})`
  return null
}

/** True when two grids are the same grid (see gridDifference). */
export function sameGrid(a: Grid, b: Grid): boolean {
  return gridDifference(a, b) === null
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
