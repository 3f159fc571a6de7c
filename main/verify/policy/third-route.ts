/**
 * A third route to an execute quantity, for a tie between two routes that disagree under a low prior
 * (corroboration.ts): the files the run read, named in its evidence's band mapping, are decoded again by another
 * reader (geotiff.js, window by window in blocks of rows, never the engine's TIFF reader), the scale, offset and
 * nodata the evidence states are applied, the per-pixel product is recomputed by its published formula and the
 * statistic is reduced by the loops below, never by the engine's reduction sinks or region queries. So a defect in
 * the engine's reader, reducers or region queries cannot reach this value.
 *
 * It follows the call's DAG from its output back to the reads and knows only the shapes the planner's statistics
 * take: a read (or a normalized difference of two reads, or brightness temperature of one), reduced per date
 * (`raster.batch_reduce`, or a whole-grid `spatial.query`) and over the dates (`timeseries.aggregate`), or
 * summarized once (`raster.summarize`, a whole-grid `spatial.query`),
 * optionally followed by one affine step (`x - 273.15`). Anything else is `unsupported`, said in words. Files are
 * read only when the call's own catalog or read names them.
 */
import { fromFile } from 'geotiff'
import path from 'node:path'
import type { Evidence } from '../../tools/protocol'
import { dagOf, isRec, linkTarget, num, type ActionNode } from '../../tools/execute/evidence-reader'

export type ThirdRoute = { value: number; route: string } | { unsupported: string }

/** Rows decoded at a time: bounded memory on any grid. */
const BLOCK_ROWS = 256
/** Most values an order statistic (median, percentile) may hold at once. */
const MAX_ORDER_VALUES = 2 ** 27

interface Mapped {
  date: string | null
  path: string
  band: number
  nodata: number | null
  scale: number
  offset: number
  window: { col: number; row: number; width: number; height: number }
}

/** One read node's band-mapping entries, as the evidence states them (one per date for a collection). */
function mappingOf(evidence: Evidence, id: string): Mapped[] | null {
  const bm = isRec(evidence.source) && isRec(evidence.source.band_mapping) ? evidence.source.band_mapping[id] : undefined
  const list = Array.isArray(bm) ? bm : isRec(bm) ? [bm] : []
  const out: Mapped[] = []
  for (const e of list) {
    const w = isRec(e) && isRec(e.window) ? e.window : null
    const [col, row, width, height] = w ? [num(w.col), num(w.row), num(w.width), num(w.height)] : []
    if (!isRec(e) || typeof e.path !== 'string' || col === undefined || row === undefined || !width || !height) return null
    out.push({
      date: typeof e.date === 'string' ? e.date : null,
      path: e.path,
      band: num(e.band) ?? 1,
      nodata: num(e.nodata) ?? null,
      scale: num(e.scale) ?? 1,
      offset: num(e.offset) ?? 0,
      window: { col, row, width, height },
    })
  }
  return out.length ? out : null
}

/** Whether the call itself names a file: listed by its catalog or a read, or inside its catalog's folder. */
function namedByCall(nodes: ActionNode[], file: string, baseDir: string): boolean {
  const abs = (p: string) => path.resolve(baseDir, p)
  const target = path.resolve(file)
  return nodes.some((n) => {
    const p = n.params
    if (typeof p.path === 'string' && abs(p.path) === target) return true
    if (Array.isArray(p.files) && p.files.some((f) => typeof f === 'string' && abs(f) === target)) return true
    return typeof p.dir === 'string' && path.dirname(target) === abs(p.dir)
  })
}

/** A per-pixel computation over one date: the reads it needs and how a pixel is made from their values. */
interface PixelPlan {
  reads: Mapped[]
  /** A pixel from the values of its reads, which start at `at` in `v`. */
  pixel: (v: number[], at: number) => number
  what: string
}

type Plans = { byDate: Map<string, PixelPlan>; what: string } | { unsupported: string }

function pixelPlans(nodes: ActionNode[], id: string, evidence: Evidence): Plans {
  const node = nodes.find((n) => n.id === id)
  if (!node) return { unsupported: `node ${id} is not in the call` }
  const { params: p, inputs } = node
  if (node.op === 'raster.read') {
    const mapped = mappingOf(evidence, id)
    if (!mapped) return { unsupported: `the evidence gives no band mapping for ${id}` }
    return { byDate: new Map(mapped.map((m) => [m.date ?? '', { reads: [m], pixel: (v, at) => v[at], what: 'read' }])), what: `${id} read` }
  }
  if (node.op === 'raster.product' && p.product === 'normalized_difference') {
    const [a, b] = [pixelPlans(nodes, linkTarget(inputs.a) ?? '', evidence), pixelPlans(nodes, linkTarget(inputs.b) ?? '', evidence)]
    if ('unsupported' in a) return a
    if ('unsupported' in b) return b
    const eps = num(p.epsilon) ?? 0
    const byDate = new Map<string, PixelPlan>()
    for (const [date, pa] of a.byDate) {
      const pb = b.byDate.get(date)
      if (!pb) return { unsupported: `the two inputs of ${id} do not share the date ${date}` }
      const k = pa.reads.length
      byDate.set(date, { reads: [...pa.reads, ...pb.reads], pixel: (v, at) => normDiff(pa.pixel(v, at), pb.pixel(v, at + k), eps), what: '' })
    }
    return { byDate, what: `(a - b) / (a + b${eps ? ` + ${eps}` : ''}) of ${a.what} and ${b.what}` }
  }
  if (node.op === 'raster.product' && p.product === 'brightness_temperature') {
    const inner = pixelPlans(nodes, linkTarget(inputs.data) ?? '', evidence)
    if ('unsupported' in inner) return inner
    const byDate = new Map<string, PixelPlan>()
    for (const [date, pl] of inner.byDate) {
      const k = thermalConstants(evidence, id, date, p)
      if (!k) return { unsupported: `the evidence gives no K1/K2 for ${id}` }
      byDate.set(date, { reads: pl.reads, pixel: (v, at) => brightness(pl.pixel(v, at), k.k1, k.k2), what: '' })
    }
    return { byDate, what: `K2 / ln(K1 / L + 1) of ${inner.what}` }
  }
  return { unsupported: `the operator ${node.op}${typeof p.product === 'string' ? ` (${p.product})` : ''} of ${id} has no independent formula here` }
}

const normDiff = (a: number, b: number, eps: number) => (a - b) / (a + b + eps)
const brightness = (l: number, k1: number, k2: number) => (l > 0 ? k2 / Math.log(k1 / l + 1) : NaN)

function thermalConstants(evidence: Evidence, id: string, date: string, p: ActionNode['params']): { k1: number; k2: number } | null {
  if (num(p.k1) !== undefined && num(p.k2) !== undefined) return { k1: num(p.k1)!, k2: num(p.k2)! }
  const products = isRec(evidence.intermediate) && isRec(evidence.intermediate.products) ? evidence.intermediate.products[id] : undefined
  const list = Array.isArray(products) ? products.filter(isRec) : []
  const hit = list.find((e) => (e.date ?? '') === date) ?? (list.length === 1 ? list[0] : undefined)
  return hit && num(hit.k1) !== undefined && num(hit.k2) !== undefined ? { k1: num(hit.k1)!, k2: num(hit.k2)! } : null
}

/** Streaming statistics over the valid pixels; order statistics keep their values. */
class Accumulator {
  n = 0
  private sum = 0
  private comp = 0
  private mean = 0
  private m2 = 0
  min = Infinity
  max = -Infinity
  private values: number[] | null

  constructor(order: boolean) {
    this.values = order ? [] : null
  }

  add(v: number): void {
    this.n += 1
    // Neumaier-compensated sum, Welford's variance.
    const t = this.sum + v
    this.comp += Math.abs(this.sum) >= Math.abs(v) ? this.sum - t + v : v - t + this.sum
    this.sum = t
    const d = v - this.mean
    this.mean += d / this.n
    this.m2 += d * (v - this.mean)
    if (v < this.min) this.min = v
    if (v > this.max) this.max = v
    if (this.values) {
      if (this.values.length >= MAX_ORDER_VALUES) throw new Error('too many values for an order statistic')
      this.values.push(v)
    }
  }

  stat(stat: string): number {
    if (this.n === 0) return NaN
    if (stat === 'count') return this.n
    if (stat === 'sum') return this.sum + this.comp
    if (stat === 'mean') return (this.sum + this.comp) / this.n
    if (stat === 'min') return this.min
    if (stat === 'max') return this.max
    if (stat === 'std') return Math.sqrt(this.m2 / this.n)
    const q = orderQuantile(stat)
    if (q === null || !this.values) return NaN
    return quantile(Float64Array.from(this.values).sort(), q)
  }
}

/** 'median' -> 0.5, 'p90' -> 0.9, {percentile: 90} -> 0.9. */
function orderQuantile(stat: unknown): number | null {
  if (stat === 'median') return 0.5
  if (typeof stat === 'string' && /^p\d+(\.\d+)?$/.test(stat)) return Number(stat.slice(1)) / 100
  if (isRec(stat) && num(stat.percentile) !== undefined) return num(stat.percentile)! / 100
  return null
}

/** Linear interpolation between closest ranks (Hyndman & Fan type 7, numpy's default) on sorted values. */
function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q
  const lo = Math.floor(h)
  return lo + 1 < sorted.length ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo]
}

/** A region query over the whole grid (follow-ups.ts's second route): the same pixels as a per-date reduction. */
function wholeGrid(node: ActionNode | undefined): boolean {
  const g = node?.params.geometry
  const span = (v: unknown) => Array.isArray(v) && v[0] === 0 && v[1] === 1
  return node?.op === 'spatial.query' && isRec(g) && g.type === 'grid' && g.outside !== true && span(g.rows) && span(g.cols)
}

const statName = (s: unknown): string | null => (typeof s === 'string' ? s : orderQuantile(s) !== null ? `p${orderQuantile(s)! * 100}` : null)
const KNOWN = /^(count|sum|mean|min|max|std|median|p\d+(\.\d+)?)$/

/** Reduce one date's pixels, decoding the reads block by block. */
async function reduceDate(plan: PixelPlan, stat: string): Promise<{ value: number; valid: number }> {
  const w = plan.reads[0].window
  if (plan.reads.some((r) => r.window.width !== w.width || r.window.height !== w.height)) throw new Error('the reads of one date are on different grids')
  const acc = new Accumulator(orderQuantile(stat) !== null)
  const tiffs = await Promise.all(plan.reads.map((r) => fromFile(r.path)))
  try {
    const images = await Promise.all(tiffs.map((t) => t.getImage()))
    const v: number[] = new Array(plan.reads.length)
    for (let r0 = 0; r0 < w.height; r0 += BLOCK_ROWS) {
      const h = Math.min(BLOCK_ROWS, w.height - r0)
      const blocks = await Promise.all(
        plan.reads.map(async (r, i) => {
          const win = [r.window.col, r.window.row + r0, r.window.col + r.window.width, r.window.row + r0 + h]
          const [data] = await images[i].readRasters({ window: win, samples: [r.band - 1], interleave: false })
          return data
        }),
      )
      for (let k = 0; k < w.width * h; k++) {
        let ok = true
        for (let i = 0; i < plan.reads.length; i++) {
          const raw = blocks[i][k]
          const r = plan.reads[i]
          if (Number.isNaN(raw) || raw === r.nodata) ok = false
          v[i] = raw * r.scale + r.offset
        }
        if (!ok) continue
        const x = plan.pixel(v, 0)
        if (Number.isFinite(x)) acc.add(x)
      }
    }
  } finally {
    await Promise.all(tiffs.map((t) => t.close()))
  }
  return { value: acc.stat(stat), valid: acc.n }
}

/** The value of a scalar node of the call, recomputed by this route. */
async function scalarOf(nodes: ActionNode[], id: string, evidence: Evidence): Promise<ThirdRoute> {
  const node = nodes.find((n) => n.id === id)
  if (!node) return { unsupported: `node ${id} is not in the call` }
  const { params: p, inputs } = node
  if (node.op === 'math.expr') {
    const m = /^\s*x\s*([-+*/])\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*$/i.exec(String(p.expr ?? ''))
    const inner = m ? await scalarOf(nodes, linkTarget(inputs.x) ?? '', evidence) : null
    if (!m || !inner) return { unsupported: `the expression of ${id} is not one affine step of x` }
    if ('unsupported' in inner) return inner
    const c = Number(m[2])
    const value = m[1] === '+' ? inner.value + c : m[1] === '-' ? inner.value - c : m[1] === '*' ? inner.value * c : inner.value / c
    return { value, route: `${inner.route}, then x ${m[1]} ${m[2]}` }
  }
  if ((node.op === 'raster.summarize' && Array.isArray(p.stats) && p.stats.length === 1) || wholeGrid(node)) {
    const stat = statName(node.op === 'spatial.query' ? (p.stat ?? 'mean') : Array.isArray(p.stats) ? p.stats[0] : undefined)
    const plans = pixelPlans(nodes, linkTarget(inputs.data) ?? '', evidence)
    if ('unsupported' in plans) return plans
    if (!stat || !KNOWN.test(stat) || plans.byDate.size !== 1) return { unsupported: `the summary ${id} is not one statistic of one raster` }
    const r = await reduceDate([...plans.byDate.values()][0], stat)
    return Number.isFinite(r.value) ? { value: r.value, route: `the ${stat} of ${plans.what} over ${r.valid} valid pixels` } : { unsupported: 'no valid pixel' }
  }
  if (node.op === 'timeseries.aggregate' && (p.by ?? 'all') === 'all') {
    const stat = statName(p.stat ?? 'mean')
    const reduce = nodes.find((n) => n.id === linkTarget(inputs.data))
    const rp = reduce?.params ?? {}
    const perDate = statName(rp.stat ?? 'mean')
    if (!stat || !KNOWN.test(stat) || (reduce?.op !== 'raster.batch_reduce' && !wholeGrid(reduce)) || !perDate || !KNOWN.test(perDate))
      return { unsupported: `${id} does not aggregate a per-date reduction` }
    const plans = pixelPlans(nodes, linkTarget(reduce!.inputs.data) ?? '', evidence)
    if ('unsupported' in plans) return plans
    const minValid = num(rp.min_valid) ?? 1
    const over = new Accumulator(orderQuantile(stat) !== null)
    for (const plan of plans.byDate.values()) {
      const r = await reduceDate(plan, perDate)
      if (r.valid >= minValid && Number.isFinite(r.value)) over.add(r.value)
    }
    const value = over.stat(stat)
    return Number.isFinite(value)
      ? { value, route: `the ${stat} over ${over.n} date(s) of the per-date ${perDate} of ${plans.what}` }
      : { unsupported: 'no date with valid pixels' }
  }
  return { unsupported: `the output ${id} (${node.op}) is not a statistic this route recomputes` }
}

/**
 * The call's output recomputed by the independent reader, from the files its evidence says were read. `args` is the
 * call whose quantity is recomputed, `evidence` a run of it (or of a route that reads the same nodes).
 */
export async function thirdRoute(args: unknown, evidence: Evidence): Promise<ThirdRoute> {
  const { nodes, output } = dagOf(args)
  if (!output) return { unsupported: 'the call is not a DAG with an output' }
  const baseDir = isRec(evidence.source) && typeof evidence.source.base_dir === 'string' ? evidence.source.base_dir : process.cwd()
  const holder = isRec(args) && isRec(args.dag) ? args.dag : args
  const dagBase = isRec(holder) && typeof holder.base_dir === 'string' ? holder.base_dir : baseDir
  for (const n of nodes.filter((x) => x.op === 'raster.read'))
    for (const m of mappingOf(evidence, n.id) ?? [])
      if (!namedByCall(nodes, m.path, dagBase)) return { unsupported: `${path.basename(m.path)} is not a file the call names` }
  try {
    const r = await scalarOf(nodes, output, evidence)
    return 'unsupported' in r ? r : { value: r.value, route: `geotiff.js decoding the same windows: ${r.route}` }
  } catch (err) {
    return { unsupported: `the files could not be read again (${err instanceof Error ? err.message : String(err)})` }
  }
}
