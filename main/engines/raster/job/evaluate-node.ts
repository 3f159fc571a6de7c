/**
 * Evaluation of one non-read node of a raster job (algebra, mask, product) over the values computed before it, and
 * the running statistics and report of a raster. Shared by whole-raster and strip-by-strip evaluation.
 */
import { parseExpr, evalRaster } from '../expr'
import { applyMask, type MaskParams } from '../mask'
import { PRODUCTS, type ProductInput } from '../products'
import { gridDifference, type Raster } from '../raster'
import { contentProfile, summarize } from '../stats'
import type { BufferRecycler } from './recycler'
import type { JobNode, NodeReport } from './types'
import { RasterJobError } from './types'

/** A node's value: a raster, or the reason it has none. */
export type Value = { raster: Raster } | { insufficient: string }

/** [count, sum, min, max] of a raster's valid pixels: from its producer when it computed them, else one pass. */
export function quickStats(r: Raster): Float64Array {
  if (!r.stats) {
    const s = summarize(r.data, ['count', 'sum', 'min', 'max'])
    r.stats = Float64Array.of(s.values.count, s.values.sum, s.values.min, s.values.max)
  }
  return r.stats
}

export function report(r: Raster, extra: Partial<NodeReport> = {}): NodeReport {
  const [count, sum, min, max] = quickStats(r)
  return {
    status: 'ok',
    unit: r.unit,
    width: r.grid.width,
    height: r.grid.height,
    valid: count,
    total: r.data.length,
    min: count ? min : NaN,
    max: count ? max : NaN,
    mean: count ? sum / count : NaN,
    content: r.content ?? contentProfile(r.data, r.grid.width, extra.band !== undefined),
    ...extra,
  }
}

export function inputRasters(
  node: JobNode,
  values: Map<string, Value>,
): { rasters: Record<string, Raster>; scalars: Record<string, number>; insufficient?: string } {
  const rasters: Record<string, Raster> = {}
  const scalars: Record<string, number> = {}
  for (const [name, ref] of Object.entries(node.inputs)) {
    if ('value' in ref) {
      scalars[name] = ref.value
      continue
    }
    const v = values.get(ref.node)
    if (!v) throw new RasterJobError(node.id, `node '${node.id}' input '${name}' refers to '${ref.node}', which has no value in this job`)
    if ('insufficient' in v) return { rasters, scalars, insufficient: `input '${name}' (node '${ref.node}') has no value: ${v.insufficient}` }
    rasters[name] = v.raster
  }
  const list = Object.entries(rasters)
  for (const [name, r] of list.slice(1)) {
    const diff = gridDifference(list[0][1].grid, r.grid)
    if (diff) {
      throw new RasterJobError(
        node.id,
        `node '${node.id}' combines inputs '${list[0][0]}' and '${name}' on different grids: they differ in ${diff}; read them on one grid (same size, georeferencing, origin, pixel size and CRS)`,
      )
    }
  }
  return { rasters, scalars }
}

/**
 * Evaluate `node` over `values`. `lastUse(id)` says that nothing reads node `id`'s raster after this node: a product
 * that `overwrites` such an input writes its output into that buffer, and `consumed` names the input, whose buffer
 * the caller must then neither recycle nor read.
 */
export function evaluateNode(
  node: JobNode,
  values: Map<string, Value>,
  recycler: BufferRecycler,
  lastUse?: (id: string) => boolean,
): { value: Value; report: NodeReport; consumed?: string } {
  const { rasters, scalars, insufficient } = inputRasters(node, values)
  if (insufficient) return { value: { insufficient }, report: { status: 'insufficient', reason: insufficient, unit: node.unit } }
  const first = Object.values(rasters)[0]
  if (!first) throw new RasterJobError(node.id, `node '${node.id}' has no raster input`)
  const grid = first.grid
  const n = grid.width * grid.height
  if (node.kind === 'algebra') {
    const expr = parseExpr(String(node.params.expr))
    const vars: Record<string, number | Float64Array> = { ...scalars }
    for (const [k, r] of Object.entries(rasters)) vars[k] = r.data
    const raster: Raster = { grid, data: evalRaster(expr, vars, n, recycler.alloc), unit: node.unit }
    return { value: { raster }, report: report(raster) }
  }
  if (node.kind === 'mask') {
    const { data: src } = rasters.data
    const out = applyMask(src, node.params as MaskParams, rasters.qa?.data, recycler.alloc)
    const raster: Raster = { grid, data: out.data, unit: node.unit, ...(rasters.data.meta ? { meta: rasters.data.meta } : {}) }
    return { value: { raster }, report: report(raster, { dropped: out.dropped }) }
  }
  // product
  const { product, ...params } = node.params as { product: string } & Record<string, unknown>
  const def = PRODUCTS.get(product)
  if (!def) throw new RasterJobError(node.id, `node '${node.id}' names unknown product '${product}'`)
  const inputs: Record<string, ProductInput> = {}
  for (const [k, r] of Object.entries(rasters)) inputs[k] = { data: r.data, unit: r.unit, grid: r.grid, ...(r.meta ? { meta: r.meta } : {}) }
  const ref = def.overwrites !== undefined ? node.inputs[def.overwrites] : undefined
  const reuse = ref && 'node' in ref && lastUse?.(ref.node) ? rasters[def.overwrites!].data : undefined
  const res = def.compute(inputs, params, n, reuse ? (len) => (len === reuse.length ? reuse : recycler.alloc(len)) : recycler.alloc)
  const consumed = reuse && res.data === reuse && ref && 'node' in ref ? { consumed: ref.node } : {}
  if (!res.data) {
    const reason = res.insufficient ?? 'the product gave no value'
    return { value: { insufficient: reason }, report: { status: 'insufficient', reason, unit: node.unit, ...(res.details ? { details: res.details } : {}) } }
  }
  const raster: Raster = { grid, data: res.data, unit: node.unit, ...(res.stats ? { stats: res.stats } : {}) }
  return { value: { raster }, report: report(raster, res.details ? { details: res.details } : {}), ...consumed }
}
