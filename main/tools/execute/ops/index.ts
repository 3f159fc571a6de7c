/**
 * The operator registry of the execute tool. `raster.read` consults the catalogs built during compilation (to
 * check roles and units before any pixel is read), so the registry is made per compilation.
 */
import { assetCatalog, rasterAlgebra, rasterMask, rasterProduct, rasterRead, type CatalogLookup } from './raster-ops'
import { scalarOps } from './scalar-ops'
import { rasterPooledReduce } from './pooled-op'
import { rasterBatchReduce, rasterSummarize, spatialQuery, thresholdFraction } from './sink-ops'
import type { OpSpec } from './spec'

export function operatorRegistry(lookup: CatalogLookup): Map<string, OpSpec> {
  const ops: OpSpec[] = [
    assetCatalog,
    rasterRead(lookup),
    rasterAlgebra,
    rasterProduct,
    rasterMask,
    rasterSummarize,
    rasterBatchReduce,
    rasterPooledReduce,
    thresholdFraction,
    spatialQuery,
    ...scalarOps,
  ]
  return new Map(ops.map((o) => [o.op, o]))
}

/** Every operator name, for messages and the README check in the tests. */
export const OPERATOR_NAMES = [...operatorRegistry(() => null).keys()]
