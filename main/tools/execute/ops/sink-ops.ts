/**
 * Operators that reduce rasters to numbers, evaluated inside the raster workers: raster.summarize,
 * raster.batch_reduce, threshold_fraction, spatial.query.
 */
import { z } from 'zod'
import { StatName } from '../../../engines/raster/stats'
import type { SinkOp } from './spec'
import { CompileError, info, need, onlyInputs } from './types'

const finite = z.number().refine(Number.isFinite, 'must be a finite number')
const minValid = z.number().int().min(1, 'min_valid is at least 1').default(1)

// ---- raster.summarize ----------------------------------------------------------------------------------------

const SummarizeParams = z.strictObject({
  stats: z
    .array(StatName)
    .min(1, 'stats lists at least one statistic')
    .refine((s) => new Set(s).size === s.length, 'stats lists each statistic once'),
  min_valid: minValid,
  ddof: z.number().int().min(0).max(1).default(0),
})

export const rasterSummarize: SinkOp<z.infer<typeof SummarizeParams>> = {
  op: 'raster.summarize',
  kind: 'sink',
  params: SummarizeParams,
  detail: (p) => p.stats.join('+'),
  sink: (p) => ({ kind: 'summarize', stats: p.stats, min_valid: p.min_valid, ddof: p.ddof }),
  infer(ctx) {
    onlyInputs(ctx, ['data'])
    const d = ctx.inputs.data
    if (d?.info.type === 'rasters')
      throw new CompileError(ctx.node, `node '${ctx.node}' summarizes one raster, but '${d.ref}' is a collection; use raster.batch_reduce for per-asset values`)
    const data = need(ctx, 'data', ['raster'])
    return info('table', data.info.unit)
  },
}

// ---- raster.batch_reduce -------------------------------------------------------------------------------------

/** A percentile p0..p100 ('p90'), numpy's linear interpolation (see engines/raster/stats.ts). */
const Percentile = z.string().regex(/^p(100(\.0+)?|[0-9]{1,2}(\.[0-9]+)?)$/, "a percentile is written p<N> with 0 <= N <= 100, e.g. 'p90'")
const ReduceStat = z.union([z.enum(['mean', 'median', 'min', 'max', 'std', 'sum', 'count', 'valid_fraction']), Percentile])
const BatchParams = z.strictObject({ stat: ReduceStat.default('mean'), min_valid: minValid })

export const rasterBatchReduce: SinkOp<z.infer<typeof BatchParams>> = {
  op: 'raster.batch_reduce',
  kind: 'sink',
  params: BatchParams,
  detail: (p) => p.stat,
  sink: (p) => ({ kind: 'reduce', stat: p.stat, min_valid: p.min_valid }),
  infer(ctx, p) {
    onlyInputs(ctx, ['data'])
    const data = need(ctx, 'data', ['rasters'])
    const unit = p.stat === 'count' ? 'count' : p.stat === 'valid_fraction' ? 'dimensionless' : data.info.unit
    return info('series', unit)
  },
}

// ---- threshold_fraction --------------------------------------------------------------------------------------

const ThresholdParams = z
  .strictObject({
    op: z.enum(['>', '>=', '<', '<=', 'between']),
    value: finite.optional(),
    low: finite.optional(),
    high: finite.optional(),
    as: z.enum(['fraction', 'percent']).default('fraction'),
    min_valid: minValid,
  })
  .refine(
    (p) => (p.op === 'between' ? p.low !== undefined && p.high !== undefined : p.value !== undefined),
    "give value for a comparison, or low and high for 'between'",
  )
  .refine((p) => p.op !== 'between' || p.low! <= p.high!, 'low must not exceed high')

export const thresholdFraction: SinkOp<z.infer<typeof ThresholdParams>> = {
  op: 'threshold_fraction',
  kind: 'sink',
  params: ThresholdParams,
  detail: (p) => `${p.op === 'between' ? 'between' : { '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le' }[p.op]}`,
  sink: (p) => ({ kind: 'threshold', op: p.op, value: p.value, low: p.low, high: p.high, as: p.as, min_valid: p.min_valid }),
  infer(ctx, p) {
    onlyInputs(ctx, ['data'])
    const data = need(ctx, 'data', ['raster', 'rasters'])
    return info(data.info.type === 'rasters' ? 'series' : 'scalar', p.as === 'percent' ? 'percent' : 'dimensionless')
  },
}

// ---- spatial.query -------------------------------------------------------------------------------------------

const Crs = z.enum(['map', 'pixel']).default('map')
/** true: the pixels outside the area (its complement on the grid). */
const Outside = z.boolean().optional()
/** An area of the grid (also what `raster.pooled_reduce` pools within). */
export const Geometry = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('point'), x: finite, y: finite, crs: Crs }),
  /** A half or quadrant of the grid (north = top rows of a north-up grid; see engines/raster/spatial.ts). */
  z.strictObject({
    type: z.literal('part'),
    part: z.enum(['north', 'south', 'east', 'west', 'northeast', 'northwest', 'southeast', 'southwest']),
    outside: Outside,
  }),
  /** `srs`: the CRS the corners are written in when not the raster's own ('EPSG:4326' lon/lat, 'EPSG:3857', a proj4 string). */
  z.strictObject({
    type: z.literal('bbox'),
    bbox: z.tuple([finite, finite, finite, finite]).refine((b) => b[0] < b[2] && b[1] < b[3], 'bbox is [minx, miny, maxx, maxy] with min < max'),
    crs: Crs,
    srs: z.string().min(1).optional(),
    outside: Outside,
  }),
  /** Rows and columns as fractions of the grid (thirds, the centre): a pixel whose centre lies in [rows) x [cols). */
  z.strictObject({
    type: z.literal('grid'),
    rows: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
    cols: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
    outside: Outside,
  }),
  z.strictObject({
    type: z.literal('polygon'),
    coordinates: z.array(z.tuple([finite, finite])).min(3, 'a polygon needs at least three vertices'),
    crs: Crs,
    outside: Outside,
  }),
])

const QueryParams = z
  .strictObject({
    geometry: Geometry,
    stat: z.union([z.enum(['value', 'mean', 'min', 'max', 'sum', 'count', 'median', 'std']), Percentile]).default('mean'),
    min_valid: minValid,
  })
  .refine((p) => p.stat !== 'value' || p.geometry.type === 'point', "stat 'value' reads one pixel, so it needs a point geometry")

export const spatialQuery: SinkOp<z.infer<typeof QueryParams>> = {
  op: 'spatial.query',
  kind: 'sink',
  params: QueryParams,
  detail: (p) => `${p.geometry.type}-${p.stat}`,
  sink: (p) => ({ kind: 'query', geometry: p.geometry, stat: p.stat, min_valid: p.min_valid }),
  infer(ctx, p) {
    onlyInputs(ctx, ['data'])
    const data = need(ctx, 'data', ['raster', 'rasters'])
    return info(data.info.type === 'rasters' ? 'series' : 'scalar', p.stat === 'count' ? 'count' : data.info.unit)
  },
}
