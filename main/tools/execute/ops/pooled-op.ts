/**
 * `raster.pooled_reduce`: one statistic over the valid pixels of every asset of a collection taken together as ONE
 * sample ("pooling every valid pixel of the July acquisitions"), not a statistic of per-asset values. Each asset's
 * job gives its moments and, for an order statistic, a histogram pass; the run combines them and runs further
 * passes until the value is exact (engines/raster/pooled.ts says how, and why memory stays bounded).
 */
import { z } from 'zod'
import { firstPass } from '../../../engines/raster/pooled'
import { Geometry } from './sink-ops'
import type { SinkOp } from './spec'
import { CompileError, info, need, onlyInputs } from './types'

/** A percentile p0..p100 ('p90'), numpy's linear interpolation over the pooled values. */
const Percentile = z.string().regex(/^p(100(\.0+)?|[0-9]{1,2}(\.[0-9]+)?)$/, "a percentile is written p<N> with 0 <= N <= 100, e.g. 'p90'")
export const PooledStat = z.union([z.enum(['mean', 'median', 'std', 'variance', 'min', 'max', 'sum', 'count']), Percentile])

const PooledParams = z.strictObject({
  stat: PooledStat,
  /** Fewer valid pixels over all assets together -> insufficient. */
  min_valid: z.number().int().min(1, 'min_valid is at least 1').default(1),
  /** Pool only the pixels inside this area of each asset (the same geometries as spatial.query). */
  geometry: Geometry.optional(),
})

export const rasterPooledReduce: SinkOp<z.infer<typeof PooledParams>> = {
  op: 'raster.pooled_reduce',
  kind: 'sink',
  params: PooledParams,
  detail: (p) => (p.geometry ? `${p.geometry.type}-${p.stat}` : p.stat),
  sink: (p) => ({ kind: 'pool', stat: p.stat, min_valid: p.min_valid, pass: firstPass(p.stat), ...(p.geometry ? { geometry: p.geometry } : {}) }),
  infer(ctx, p) {
    onlyInputs(ctx, ['data'])
    const data = need(ctx, 'data', ['rasters'])
    const unit = data.info.unit
    if (p.stat === 'variance' && unit !== 'dimensionless')
      throw new CompileError(
        ctx.node,
        `node '${ctx.node}' takes the variance of '${data.ref}', whose unit is ${unit ?? 'unknown'}: a variance is only given for dimensionless layers (its unit would be ${unit} squared); ask for 'std'`,
      )
    return info('scalar', p.stat === 'count' ? 'count' : unit)
  },
}
