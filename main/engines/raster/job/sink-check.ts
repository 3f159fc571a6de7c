/**
 * The last check on a sink's result: a statistic that came out NaN or infinite while its pixels were valid (a sum
 * of float64 values near 1.7e308 overflows) is not a value, so it becomes an error naming the node instead of an
 * "ok" whose number JSON would print as null.
 */
import type { Grid } from '../raster'
import { GeometryError, selectPixels, type Geometry } from '../spatial'
import { RasterJobError, type SinkResult } from './types'

/** The pixels (row-major indices) a sink's geometry selects on the grid; a geometry that selects none names the node. */
export function sinkPixels(sink: string, grid: Grid, geometry: Geometry): number[] {
  try {
    return selectPixels(grid, geometry)
  } catch (err) {
    if (err instanceof GeometryError) throw new RasterJobError(sink, `node '${sink}': ${err.message}`)
    throw err
  }
}

/**
 * The result of a sink with fewer valid pixels than its min_valid (both evaluators, whole rasters and strips):
 * `counts` are the figures reported with it (valid and total, or numerator and denominator); `inside` names the
 * pixels a spatial query selected.
 */
export function tooFewPixels(sink: string, valid: number, min: number, counts: Omit<SinkResult, 'status' | 'reason'>, inside?: number): SinkResult {
  const what = inside === undefined ? `only ${valid} valid pixels` : `${inside} pixel(s) inside the geometry, ${valid} valid`
  return { status: 'insufficient', reason: `${what}; node '${sink}' needs at least ${min}`, ...counts }
}

export function checkFinite(sink: string, r: SinkResult): SinkResult {
  if (r.status !== 'ok' || r.value === undefined) return r
  const values = typeof r.value === 'number' ? { value: r.value } : r.value
  const bad = Object.entries(values).filter(([, v]) => !Number.isFinite(v))
  if (bad.length === 0) return r
  const names = bad.map(([k]) => k).join(', ')
  throw new RasterJobError(
    sink,
    `node '${sink}' computed a non-finite ${names} from ${r.valid ?? 'its'} valid pixels (float64 overflow: the values are too large to sum); rescale the layer first (params.scale on the read)`,
  )
}
