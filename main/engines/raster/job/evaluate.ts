/**
 * Evaluate a raster job for one item: nodes in order (reads, algebra, products, masks), each raster freed (and
 * its buffer recycled) as soon as its last consumer has run, then the sinks (statistics, reductions, threshold
 * fractions, spatial queries, GeoTIFF exports). Runs inside a worker thread, or inline when no pool is used.
 */
import type { Raster } from '../raster'
import { ContentAccumulator, summarize } from '../stats'
import { encodeGeoTiff } from '../tiff/writer'
import { evaluateJobInStrips, stripEligible } from './evaluate-strips'
import { comparator } from '../compare'
import { evaluateNode, quickStats, report, type Value } from './evaluate-node'
import { prepareRead, readRows } from './read-node'
import { checkFinite, sinkPixels, tooFewPixels } from './sink-check'
import { BufferRecycler } from './recycler'
import { PoolAccumulator } from '../pooled'
import type { JobNode, JobResult, JobSink, NodeReport, RasterJob, SinkResult } from './types'

const QUICK = new Set(['count', 'mean', 'min', 'max', 'sum', 'valid_fraction'])

/** The statistics a sink asks for, from the raster's running statistics when they suffice (no extra pass). */
function statsFor(r: Raster, names: readonly string[], ddof = 0): { values: Record<string, number>; valid: number; total: number } {
  if (!names.every((n) => QUICK.has(n))) return summarize(r.data, names, ddof)
  const [count, sum, min, max] = quickStats(r)
  const values: Record<string, number> = {}
  for (const n of names) {
    values[n] =
      n === 'count'
        ? count
        : n === 'sum'
          ? sum
          : n === 'valid_fraction'
            ? count / r.data.length
            : count === 0
              ? NaN
              : n === 'mean'
                ? sum / count
                : n === 'min'
                  ? min
                  : max
  }
  return { values, valid: count, total: r.data.length }
}

async function readNode(node: JobNode, job: RasterJob, recycler: BufferRecycler): Promise<{ raster: Raster; band: Record<string, unknown> }> {
  const r = prepareRead(node, job)
  try {
    const content = new ContentAccumulator(true)
    const raster = await readRows(r, 0, r.win.height, recycler, content)
    raster.content = content.result()
    return { raster, band: r.bandInfo }
  } finally {
    r.tif.close()
  }
}

function evaluateSink(sink: JobSink, v: Value): SinkResult {
  if ('insufficient' in v) return { status: 'insufficient', reason: `node '${sink.input}' has no value: ${v.insufficient}` }
  const { data, grid } = v.raster
  const raster = v.raster
  const spec = sink.spec
  switch (spec.kind) {
    case 'summarize': {
      const s = statsFor(raster, spec.stats, spec.ddof)
      if (s.valid < spec.min_valid) return tooFewPixels(sink.id, s.valid, spec.min_valid, { valid: s.valid, total: s.total })
      return { status: 'ok', value: s.values, valid: s.valid, total: s.total }
    }
    case 'reduce': {
      const s = statsFor(raster, [spec.stat])
      if (s.valid < spec.min_valid) return tooFewPixels(sink.id, s.valid, spec.min_valid, { valid: s.valid, total: s.total })
      return { status: 'ok', value: s.values[spec.stat], valid: s.valid, total: s.total }
    }
    case 'threshold': {
      let den = 0
      let num = 0
      const meets = comparator(spec.op, spec)
      for (let i = 0; i < data.length; i++) {
        const x = data[i]
        if (x !== x) continue
        den++
        if (meets(x)) num++
      }
      if (den < spec.min_valid) return tooFewPixels(sink.id, den, spec.min_valid, { numerator: num, denominator: den })
      return { status: 'ok', value: (num / den) * (spec.as === 'percent' ? 100 : 1), numerator: num, denominator: den, valid: den, total: data.length }
    }
    case 'query': {
      const idx = sinkPixels(sink.id, grid, spec.geometry)
      const vals = idx.map((i) => data[i])
      const stat = spec.stat === 'value' ? 'mean' : spec.stat
      const s = summarize(vals, [stat])
      if (s.valid < spec.min_valid) return tooFewPixels(sink.id, s.valid, spec.min_valid, { pixels: idx.length, valid: s.valid }, idx.length)
      return { status: 'ok', value: s.values[stat], pixels: idx.length, valid: s.valid, total: idx.length }
    }
    case 'pool': {
      // One item's partial of a pooled statistic; the caller combines the items' and decides (engines/raster/pooled.ts).
      const acc = new PoolAccumulator(spec)
      if (spec.geometry) acc.add(Float64Array.from(sinkPixels(sink.id, grid, spec.geometry), (i) => data[i]))
      else acc.add(data)
      return { status: 'ok', pool: acc.result(), valid: acc.valid, total: acc.total }
    }
    case 'export': {
      const s = statsFor(raster, ['count'])
      return { status: 'ok', bytes: encodeGeoTiff(data, grid, `rsure execute node ${sink.input}`), valid: s.valid, total: s.total }
    }
  }
}

/**
 * Evaluate one job (see the module comment): strip by strip when it is pixel-local and its rasters would not fit
 * the strip budget whole (evaluate-strips.ts), else whole rasters. Throws RasterJobError naming the node.
 */
export async function evaluateJob(job: RasterJob, recycler = new BufferRecycler()): Promise<JobResult> {
  if (stripEligible(job)) {
    const inStrips = await evaluateJobInStrips(job, recycler)
    if (inStrips) return inStrips
  }
  const remaining = new Map<string, number>()
  const use = (id: string) => remaining.set(id, (remaining.get(id) ?? 0) + 1)
  for (const n of job.nodes) for (const ref of Object.values(n.inputs)) if ('node' in ref) use(ref.node)
  for (const s of job.sinks) use(s.input)

  const values = new Map<string, Value>()
  const reports: Record<string, NodeReport> = {}
  const release = (id: string) => {
    const left = (remaining.get(id) ?? 1) - 1
    remaining.set(id, left)
    if (left > 0) return
    const v = values.get(id)
    if (v && 'raster' in v) recycler.give(v.raster.data)
    values.delete(id)
  }
  const sinksByInput = new Map<string, JobSink[]>()
  for (const s of job.sinks) sinksByInput.set(s.input, [...(sinksByInput.get(s.input) ?? []), s])
  const sinks: Record<string, SinkResult> = {}

  for (const node of job.nodes) {
    if (node.kind === 'read') {
      const { raster, band } = await readNode(node, job, recycler)
      values.set(node.id, { raster })
      reports[node.id] = report(raster, { band })
    } else {
      const { value, report: rep, consumed } = evaluateNode(node, values, recycler, (id) => remaining.get(id) === 1)
      // A consumed input's buffer now holds this node's raster: forget it, so releasing it recycles nothing.
      if (consumed) values.delete(consumed)
      values.set(node.id, value)
      reports[node.id] = rep
      for (const ref of Object.values(node.inputs)) if ('node' in ref) release(ref.node)
    }
    // Run the sinks of this node right away so its raster can be freed before the next node allocates.
    for (const s of sinksByInput.get(node.id) ?? []) {
      sinks[s.id] = checkFinite(s.id, evaluateSink(s, values.get(node.id)!))
      release(node.id)
    }
  }
  return { item: job.item?.id ?? null, date: job.item?.date ?? null, nodes: reports, sinks }
}
