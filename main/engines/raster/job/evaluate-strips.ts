/**
 * Strip-by-strip evaluation of a raster job, so a large raster never has to fit in memory whole: when every node
 * is pixel-local (reads, algebra, masks, products other than TVDI) and all reads cover one grid, the job runs over
 * horizontal strips of rows. Each strip is read (tile by tile), pushed through the nodes and fed to the sinks, whose
 * accumulators carry running counts and sums; median and percentiles keep only the valid values of the one node
 * they summarise; exports are written strip by strip. Node reports come out the same as whole-raster evaluation.
 */
import { checkMemory } from '../budget'
import type { Raster } from '../raster'
import { ContentAccumulator, summarize } from '../stats'
import { GeoTiffStripWriter } from '../tiff/writer'
import { comparator } from '../compare'
import { evaluateNode, quickStats, type Value } from './evaluate-node'
import { applySweeps, openSweeps, overwritable, prepareSweeps, SampleSweep, sweepable, sweepsScanSamples } from './evaluate-sweeps'
import { prepareRead, readRows, type PreparedRead } from './read-node'
import type { BufferRecycler } from './recycler'
import { checkFinite, sinkPixels, tooFewPixels } from './sink-check'
import { RasterJobError, type JobNode, type JobResult, type JobSink, type NodeReport, type RasterJob, type SinkResult } from './types'
import { errorMessage } from '../../../domain/errors'
import { PoolAccumulator } from '../pooled'

/** Buffers of one strip (all nodes together) stay under this many bytes. */
export const STRIP_BUDGET_BYTES = 96 * 1024 * 1024

/**
 * A job with a product that runs in sweeps (TVDI) whose inputs must be converted to float64 in each sweep (computed
 * inputs, float or nodata-tested samples) is evaluated whole up to this many bytes of buffers: in strips its inputs
 * are read and converted once per sweep, which costs more than the product itself (task 46, one thread, load ~10:
 * 3.8 s whole against 7.5-8.2 s in strips). Larger rasters (a 10000 x 10000 TVDI would need 2.4 GB whole) stream in
 * strips. A product that scans its reads' stored samples (evaluate-sweeps.ts sweepsScanSamples: task 46's int16
 * files) converts them once, in the final sweep, so such jobs take the strip budget as any other (task 46, two
 * workers: peak memory 441 MB whole against ~250 MB in strips).
 */
export const SWEPT_WHOLE_BYTES = 256 * 1024 * 1024

/** Whether a job can run in strips: pixel-local nodes, and non-local products that run in sweeps (evaluate-sweeps.ts). */
export function stripEligible(job: RasterJob): boolean {
  return sweepable(job)
}

/**
 * A growable list of numbers (the valid values a median or percentile needs). An order statistic's list starts at
 * the raster's size, from the worker's recycler: growing by doubling allocated and paged in about three times that
 * for each date, and fresh 50 MB arrays cost more than the statistic itself (recycler.ts).
 */
class Values {
  length = 0
  constructor(public data: Float64Array = new Float64Array(1024)) {}
  pushValid(src: Float64Array): void {
    if (this.length + src.length > this.data.length) {
      const next = new Float64Array(Math.max(this.data.length * 2, this.length + src.length))
      next.set(this.data.subarray(0, this.length))
      this.data = next
    }
    // Locals, not fields, in the loop: V8 reloads a field after every store into a typed array (3x slower).
    const data = this.data
    let n = this.length
    for (let i = 0; i < src.length; i++) {
      const v = src[i]
      if (v === v) data[n++] = v
    }
    this.length = n
  }
  view(): Float64Array {
    return this.data.subarray(0, this.length)
  }
}

interface SinkAcc {
  sink: JobSink
  insufficient?: string
  count: number
  sum: number
  min: number
  max: number
  total: number
  num: number
  values?: Values
  /** A geometry's pixels (ascending, row-major over the grid), and the first of them not yet reached by a strip. */
  indices?: number[]
  cursor?: number
  writer?: GeoTiffStripWriter
  pool?: PoolAccumulator
}

const RUNNING = new Set(['count', 'mean', 'min', 'max', 'sum', 'valid_fraction'])

/**
 * Add one strip of the sink's input to its accumulator. `running`: the strip's stats are its node's running stats
 * over every strip so far (carried through the reader or the product), which then replace the sink's own.
 */
/**
 * The geometry's pixels inside the strip that starts at grid index `lo` and holds `length` pixels, as indices into the
 * strip. Strips come in row order and the indices are ascending, so a cursor walks the list once over the whole run.
 */
function stripIndices(acc: SinkAcc, lo: number, length: number): number[] {
  const all = acc.indices!
  let i = acc.cursor ?? 0
  while (i < all.length && all[i] < lo) i++
  const out: number[] = []
  for (; i < all.length && all[i] < lo + length; i++) out.push(all[i] - lo)
  acc.cursor = i
  return out
}

function accumulate(acc: SinkAcc, r: Raster, r0: number, width: number, running: boolean): void {
  const spec = acc.sink.spec
  const [count, sum, min, max] = quickStats(r)
  acc.total += r.data.length
  switch (spec.kind) {
    case 'summarize':
    case 'reduce': {
      if (running) {
        acc.count = count
        acc.sum = sum
        acc.min = min
        acc.max = max
      } else {
        acc.count += count
        acc.sum += sum
        if (min < acc.min) acc.min = min
        if (max > acc.max) acc.max = max
      }
      if (acc.values) acc.values.pushValid(r.data)
      break
    }
    case 'threshold': {
      const meets = comparator(spec.op, spec)
      for (let i = 0; i < r.data.length; i++) {
        const x = r.data[i]
        if (x !== x) continue
        acc.count++
        if (meets(x)) acc.num++
      }
      break
    }
    case 'query': {
      for (const idx of stripIndices(acc, r0 * width, r.data.length)) acc.values!.pushValid(r.data.subarray(idx, idx + 1))
      break
    }
    case 'export':
      acc.count = running ? count : acc.count + count
      acc.writer!.addRows(r.data)
      break
    case 'pool':
      if (acc.indices) acc.pool!.add(Float64Array.from(stripIndices(acc, r0 * width, r.data.length), (idx) => r.data[idx]))
      else acc.pool!.add(r.data)
      break
  }
}

function finish(acc: SinkAcc): SinkResult {
  const spec = acc.sink.spec
  if (acc.insufficient) return { status: 'insufficient', reason: acc.insufficient }
  const tooFew = (valid: number, min: number) => tooFewPixels(acc.sink.id, valid, min, { valid, total: acc.total })
  const running = (name: string): number => {
    if (name === 'count') return acc.count
    if (name === 'sum') return acc.sum
    if (name === 'valid_fraction') return acc.count / acc.total
    if (acc.count === 0) return NaN
    return name === 'mean' ? acc.sum / acc.count : name === 'min' ? acc.min : acc.max
  }
  switch (spec.kind) {
    case 'summarize': {
      if (acc.count < spec.min_valid) return tooFew(acc.count, spec.min_valid)
      const rest = spec.stats.filter((s) => !RUNNING.has(s))
      const other = rest.length ? summarize(acc.values!.view(), rest, spec.ddof, { reorder: true }).values : {}
      const values: Record<string, number> = {}
      for (const s of spec.stats) values[s] = RUNNING.has(s) ? running(s) : other[s]
      return { status: 'ok', value: values, valid: acc.count, total: acc.total }
    }
    case 'reduce': {
      if (acc.count < spec.min_valid) return tooFew(acc.count, spec.min_valid)
      const value = RUNNING.has(spec.stat) ? running(spec.stat) : summarize(acc.values!.view(), [spec.stat], 0, { reorder: true }).values[spec.stat]
      return { status: 'ok', value, valid: acc.count, total: acc.total }
    }
    case 'threshold':
      if (acc.count < spec.min_valid) return tooFewPixels(acc.sink.id, acc.count, spec.min_valid, { numerator: acc.num, denominator: acc.count })
      return {
        status: 'ok',
        value: (acc.num / acc.count) * (spec.as === 'percent' ? 100 : 1),
        numerator: acc.num,
        denominator: acc.count,
        valid: acc.count,
        total: acc.total,
      }
    case 'query': {
      const vals = acc.values!.view()
      const stat = spec.stat === 'value' ? 'mean' : spec.stat
      if (vals.length < spec.min_valid)
        return tooFewPixels(acc.sink.id, vals.length, spec.min_valid, { pixels: acc.indices!.length, valid: vals.length }, acc.indices!.length)
      return { status: 'ok', value: summarize(vals, [stat]).values[stat], pixels: acc.indices!.length, valid: vals.length, total: acc.indices!.length }
    }
    case 'export':
      return { status: 'ok', bytes: acc.writer!.finish(), valid: acc.count, total: acc.total }
    case 'pool':
      return { status: 'ok', pool: acc.pool!.result(), valid: acc.pool!.valid, total: acc.total }
  }
}

type NodeAcc = { stats: Float64Array; content: ContentAccumulator; dropped?: Record<string, number>; details?: Record<string, unknown>; insufficient?: string }

/** The accumulators of the job's sinks, each opened for rasters of `width` x `height` on the grid `gridOf` gives. */
function openSinks(job: RasterJob, gridOf: (id: string) => PreparedRead['grid'], width: number, height: number, recycler: BufferRecycler): SinkAcc[] {
  return job.sinks.map((sink) => {
    const spec = sink.spec
    const acc: SinkAcc = { sink, count: 0, sum: 0, min: Infinity, max: -Infinity, total: 0, num: 0 }
    if ((spec.kind === 'summarize' && spec.stats.some((s) => !RUNNING.has(s))) || (spec.kind === 'reduce' && !RUNNING.has(spec.stat))) {
      // Order statistics keep every valid value: refuse up front what would not fit, rather than fail half-way.
      try {
        checkMemory(width * height * 8, `Node '${sink.id}' (an order statistic over ${width} x ${height} pixels)`)
      } catch (err) {
        throw new RasterJobError(sink.id, errorMessage(err))
      }
      acc.values = new Values(recycler.alloc(width * height))
    }
    if (spec.kind === 'query' || (spec.kind === 'pool' && spec.geometry)) {
      if (spec.kind === 'query') acc.values = new Values()
      acc.indices = sinkPixels(sink.id, gridOf(sink.input), spec.geometry!)
    }
    // A pooled statistic's share of this item: moments and one histogram pass, bounded whatever the raster size.
    if (spec.kind === 'pool') acc.pool = new PoolAccumulator(spec)
    if (spec.kind === 'export') acc.writer = new GeoTiffStripWriter(gridOf(sink.input), `rsure execute node ${sink.input}`)
    return acc
  })
}

/**
 * Add one node's strip value to its accumulator (running statistics, content, dropped counts, details); `profiled`:
 * its producer has added it to the content profile already.
 */
function addToNode(acc: NodeAcc, node: JobNode, value: Value, rep: NodeReport, profiled: boolean): void {
  if ('insufficient' in value) acc.insufficient ??= value.insufficient
  else if (value.raster.stats === acc.stats) {
    // Running stats, carried through the reader or the product: already added.
    if (node.kind !== 'read' && !profiled) acc.content.add(value.raster.data, value.raster.grid.width)
  } else {
    const [c, s, mn, mx] = quickStats(value.raster)
    acc.stats[0] += c
    acc.stats[1] += s
    if (mn < acc.stats[2]) acc.stats[2] = mn
    if (mx > acc.stats[3]) acc.stats[3] = mx
    if (node.kind !== 'read') acc.content.add(value.raster.data, value.raster.grid.width)
  }
  if (rep.dropped) {
    acc.dropped ??= {}
    for (const [k, v] of Object.entries(rep.dropped)) acc.dropped[k] = (acc.dropped[k] ?? 0) + v
  }
  if (rep.details) acc.details ??= rep.details
}

/** A node's report from its accumulator, as whole-raster evaluation reports it. */
function nodeReport(node: JobNode, acc: NodeAcc, g: PreparedRead['grid'], total: number, read?: PreparedRead): NodeReport {
  const details = acc.details ? { details: acc.details } : {}
  if (acc.insufficient) return { status: 'insufficient', reason: acc.insufficient, unit: node.unit, ...details }
  const [count, sum, min, max] = acc.stats
  return {
    status: 'ok',
    unit: node.unit,
    width: g.width,
    height: g.height,
    valid: count,
    total,
    min: count ? min : NaN,
    max: count ? max : NaN,
    mean: count ? sum / count : NaN,
    content: acc.content.result(),
    ...(read ? { band: read.bandInfo } : {}),
    ...(acc.dropped ? { dropped: acc.dropped } : {}),
    ...details,
  }
}

/**
 * Rows per strip: what the budget allows, or `job.stripRows`. Jobs with swept products read their inputs more than
 * once, so their strips are whole rows of the first read's tiles (no tile decoded twice in a sweep) and small enough
 * to stay in the processor's cache between the nodes of a strip.
 */
function stripRows(job: RasterJob, first: PreparedRead, perRow: number, height: number, swept: boolean): number {
  if (job.stripRows !== undefined) return Math.max(1, Math.min(height, job.stripRows))
  const budgetRows = Math.max(1, Math.min(height, Math.floor(STRIP_BUDGET_BYTES / perRow)))
  if (!swept || !first.tif.tiled) return budgetRows
  const ch = first.tif.chunkHeight
  return Math.max(1, Math.min(budgetRows, ch * Math.max(1, Math.floor(SWEPT_STRIP_BYTES / (perRow * ch)))))
}

/** Buffers of one strip of a job with swept products stay under this many bytes (cache-sized). */
const SWEPT_STRIP_BYTES = 24 * 1024 * 1024

/**
 * Evaluate a strip-eligible job strip by strip. Returns null when the reads do not share one grid (the caller then
 * evaluates whole rasters, where mismatched grids are reported by the node that combines them) or when the whole
 * rasters fit in the strip budget anyway.
 */
export async function evaluateJobInStrips(job: RasterJob, recycler: BufferRecycler): Promise<JobResult | null> {
  const reads = new Map<string, PreparedRead>()
  let sampled: SampleSweep | undefined
  try {
    for (const n of job.nodes) if (n.kind === 'read') reads.set(n.id, prepareRead(n, job))
    const first = [...reads.values()][0]
    if (!first) return null
    const { width, height } = first.grid
    if ([...reads.values()].some((r) => r.grid.width !== width || r.grid.height !== height)) return null
    const perRow = width * 8 * (job.nodes.length + 1)
    const swept = openSweeps(job)
    // Rasters whose buffers fit in the budget whole are evaluated whole (fewer, larger loops), unless told otherwise.
    const wholeUpTo = swept.size > 0 && !sweepsScanSamples(job, swept, reads) ? SWEPT_WHOLE_BYTES : STRIP_BUDGET_BYTES
    if (job.stripRows === undefined && perRow * height <= wholeUpTo) return null
    const into = overwritable(job, swept)
    const rows = stripRows(job, first, perRow, height, swept.size > 0)
    const nodeAcc = new Map<string, NodeAcc>(
      job.nodes.map((n) => [n.id, { stats: Float64Array.of(0, 0, Infinity, -Infinity), content: new ContentAccumulator(n.kind === 'read') }]),
    )
    sampled = new SampleSweep(job, swept, reads, recycler)
    const profileOf = (id: string) => ({ content: nodeAcc.get(id)!.content, running: nodeAcc.get(id)!.stats })
    await prepareSweeps(job, swept, reads, rows, height, recycler, sampled.kept, profileOf)

    // The grid a node's pixels lie on: that of the read it descends from (all reads share the size, not
    // necessarily the origin; nodes that combine two grids are refused by evaluateNode).
    const byId = new Map(job.nodes.map((n) => [n.id, n]))
    const gridOf = (id: string): PreparedRead['grid'] => {
      const r = reads.get(id)
      if (r) return r.grid
      const up = Object.values(byId.get(id)?.inputs ?? {}).find((ref): ref is { node: string } => 'node' in ref)
      return up ? gridOf(up.node) : first.grid
    }
    const sinks = openSinks(job, gridOf, width, height, recycler)

    for (let r0 = 0; r0 < height; r0 += rows) {
      const n = Math.min(rows, height - r0)
      const values = new Map<string, Value>()
      for (const node of job.nodes) {
        let value: Value
        let rep: NodeReport
        const acc = nodeAcc.get(node.id)!
        const state = swept.get(node.id)
        if (sampled.reads.has(node.id)) {
          // Given as samples to the product that alone takes them; the reader adds them to the node's report.
          await sampled.read(reads.get(node.id)!, r0, n, acc.content, acc.stats)
          continue
        }
        // A product fed samples adds its strip to the node's statistics and content profile as it writes it.
        const profiled = state !== undefined && sampled.products.has(node.id)
        if (profiled) ({ value, report: rep } = sampled.apply(node, state, recycler, acc.stats, acc.content))
        else if (node.kind === 'read') {
          // The reader feeds the node's content profile itself, row by row while converting.
          value = { raster: await readRows(reads.get(node.id)!, r0, n, recycler, acc.content, acc.stats) }
          rep = { status: 'ok', unit: node.unit }
        } else if (state) {
          ;({ value, report: rep } = applySweeps(node, state, values, recycler, into.get(node.id), acc.stats))
          // The overwritten input's buffer now holds this node's strip: it is given back once, as this node's.
          if ('raster' in value) for (const [id, v] of values) if ('raster' in v && v.raster.data === value.raster.data) values.delete(id)
        } else ({ value, report: rep } = evaluateNode(node, values, recycler))
        values.set(node.id, value)
        addToNode(acc, node, value, rep, profiled)
      }
      for (const acc of sinks) {
        const v = values.get(acc.sink.input)!
        if ('insufficient' in v) acc.insufficient ??= `node '${acc.sink.input}' has no value: ${v.insufficient}`
        else if (!acc.insufficient) accumulate(acc, v.raster, r0, width, v.raster.stats === nodeAcc.get(acc.sink.input)!.stats)
      }
      for (const v of values.values()) if ('raster' in v) recycler.give(v.raster.data)
    }

    const reports: Record<string, NodeReport> = {}
    for (const node of job.nodes) reports[node.id] = nodeReport(node, nodeAcc.get(node.id)!, gridOf(node.id), width * height, reads.get(node.id))
    const results: Record<string, SinkResult> = {}
    for (const acc of sinks) results[acc.sink.id] = checkFinite(acc.sink.id, finish(acc))
    for (const acc of sinks) if (acc.values && acc.sink.spec.kind !== 'query') recycler.give(acc.values.data)
    return { item: job.item?.id ?? null, date: job.item?.date ?? null, nodes: reports, sinks: results }
  } finally {
    sampled?.kept.release()
    for (const r of reads.values()) r.tif.close()
  }
}
