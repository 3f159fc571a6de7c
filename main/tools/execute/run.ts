/**
 * Run a compiled DAG. Catalogs are already built; scalar steps run here (they are tiny); everything that touches
 * pixels is grouped into raster jobs and sent to the worker pool: all sinks over the same domain (one catalog's
 * assets, or the single rasters) whose inputs are ready share one job per asset, so each file is read once per
 * asset. Collections are streamed: each worker holds one asset's rasters at a time.
 */
import type { Asset } from '../../engines/raster/catalog/catalog'
import type { JobNode, JobResult, JobSink, NodeReport, RasterJob, SinkResult } from '../../engines/raster/job/types'
import type { SeriesPoint } from '../../engines/raster/timeseries'
import type { RasterPool } from '../../engines/raster/worker/pool'
import type { Progress } from '../tool'
import type { CompiledDag } from './compile'
import type { RuntimeValue } from './ops/types'
import { sharedNodeCache, type NodeCache } from './node-cache'
import { finishPooled, recordPooled, type PooledDetail } from './pooled-run'

export interface ExportedRaster {
  node: string
  bytes: Uint8Array
  /** The item's date when the node is a dated collection (one GeoTIFF per item). */
  date: string | null
}

/** What a run leaves for the evidence: values, per-node raster reports, exports, item-level failures. */
export interface RunState {
  values: Map<string, RuntimeValue>
  /** Raster node id -> one report (single) or one per asset (collections). */
  rasterReports: Map<string, { item: string | null; date: string | null; report: NodeReport }[]>
  exports: ExportedRaster[]
  /** Collection sinks: items left out (no value) with their reasons. */
  skippedItems: Map<string, { id: string; date: string | null; reason: string }[]>
  /** Per-item values of collection sinks (for the evidence). */
  itemResults: Map<string, { id: string; date: string | null; result: SinkResult }[]>
  /** Pooled statistics (raster.pooled_reduce): the pixels pooled and the passes taken. */
  pooled: Map<string, PooledDetail>
}

export interface RunOptions {
  pool: RasterPool
  signal?: AbortSignal
  onProgress?: (p: Progress) => void
  /** Results kept across runs, so a repair re-runs only the nodes its change reaches (node-cache.ts); null: none. */
  cache?: NodeCache | null
}

type Pending = { sink: string; input: string; kind: 'sink' | 'export' | 'summary' }

function rasterAncestors(c: CompiledDag, start: string): string[] {
  const seen = new Set<string>()
  const walk = (id: string) => {
    const n = c.nodes.get(id)!
    if (n.spec.kind !== 'raster' || seen.has(id)) return
    seen.add(id)
    for (const i of Object.values(n.inputs)) if (i.ref) walk(i.ref)
  }
  walk(start)
  return c.order.filter((id) => seen.has(id))
}

/** Non-raster nodes a pending sink waits for: catalogs and scalars feeding its raster subgraph. */
function sinkDeps(c: CompiledDag, rasterNodes: string[]): string[] {
  const deps = new Set<string>()
  for (const id of rasterNodes) for (const i of Object.values(c.nodes.get(id)!.inputs)) if (i.ref && c.nodes.get(i.ref)!.spec.kind !== 'raster') deps.add(i.ref)
  return [...deps]
}

function scalarOf(v: RuntimeValue | undefined): number | string {
  if (!v) return 'no value'
  if (v.type === 'scalar') return v.value
  if (v.type === 'insufficient') return v.reason
  return `a ${v.type}, not a number`
}

export async function runCompiled(c: CompiledDag, opts: RunOptions): Promise<RunState> {
  const state: RunState = { values: new Map(), rasterReports: new Map(), exports: [], skippedItems: new Map(), itemResults: new Map(), pooled: new Map() }
  for (const [id, n] of c.nodes) if (n.value) state.values.set(id, n.value)

  const pending: Pending[] = []
  for (const id of c.order) {
    const n = c.nodes.get(id)!
    if (n.spec.kind === 'sink') pending.push({ sink: id, input: n.inputs.data.ref!, kind: 'sink' })
  }
  for (const s of c.save) pending.push({ sink: `${s}#export`, input: s, kind: 'export' })
  const out = c.nodes.get(c.output)!
  if (out.info.type === 'raster' && !c.save.includes(c.output)) pending.push({ sink: `${c.output}#export`, input: c.output, kind: 'export' })
  if (out.info.type === 'rasters') pending.push({ sink: `${c.output}#summary`, input: c.output, kind: 'summary' })
  const scalars = c.order.filter((id) => c.nodes.get(id)!.spec.kind === 'scalar')

  const ready = (deps: string[]) => deps.every((d) => state.values.has(d))
  while (pending.length || scalars.some((s) => !state.values.has(s))) {
    let progressed = false
    for (const id of scalars) {
      if (state.values.has(id)) continue
      const n = c.nodes.get(id)!
      const deps = Object.values(n.inputs).flatMap((i) => (i.ref ? [i.ref] : []))
      if (!ready(deps)) continue
      const inputs: Record<string, RuntimeValue> = {}
      for (const [name, i] of Object.entries(n.inputs))
        inputs[name] = i.ref ? state.values.get(i.ref)! : { type: 'scalar', value: i.literal!, unit: 'dimensionless' }
      if (n.spec.kind === 'scalar') {
        const v = n.spec.run(n.params, inputs, id)
        // The unit decided at compile time is the one reported (operators compute values, the compiler units).
        if (v.type === 'scalar' || v.type === 'series' || v.type === 'table') v.unit = n.info.unit
        state.values.set(id, v)
      }
      progressed = true
    }
    // Sinks whose dependencies are ready, grouped by domain.
    const groups = new Map<string, { items: Pending[]; nodes: Set<string> }>()
    for (const p of [...pending]) {
      const chain = rasterAncestors(c, p.input)
      if (!ready(sinkDeps(c, chain))) continue
      pending.splice(pending.indexOf(p), 1)
      const domain = chain.map((id) => c.nodes.get(id)!.info).find((i) => i.type === 'rasters')?.domain ?? '#single'
      const g = groups.get(domain) ?? { items: [], nodes: new Set<string>() }
      g.items.push(p)
      for (const id of chain) g.nodes.add(id)
      groups.set(domain, g)
    }
    for (const [domain, g] of groups) {
      progressed = true
      await runGroup(
        c,
        state,
        domain,
        g.items,
        c.order.filter((id) => g.nodes.has(id)),
        opts,
      )
    }
    if (!progressed) throw new Error('the execute scheduler found no runnable step; this is a bug in the DAG compiler')
  }
  return state
}

/** Run one group of sinks that share a domain: one job per asset (or one job for single rasters). */
async function runGroup(c: CompiledDag, state: RunState, domain: string, items: Pending[], nodeIds: string[], opts: RunOptions): Promise<void> {
  // Scalar inputs of raster nodes must be numbers; an insufficient one makes every sink of the group insufficient.
  const nodes: JobNode[] = []
  for (const id of nodeIds) {
    const n = c.nodes.get(id)!
    if (n.spec.kind !== 'raster') continue
    const inputs: JobNode['inputs'] = {}
    for (const [name, i] of Object.entries(n.inputs)) {
      if (!i.ref) inputs[name] = { value: i.literal! }
      else if (c.nodes.get(i.ref)!.spec.kind === 'raster') inputs[name] = { node: i.ref }
      else if (c.nodes.get(i.ref)!.info.type === 'scalar') {
        const v = scalarOf(state.values.get(i.ref))
        if (typeof v !== 'number') {
          for (const p of items)
            if (p.kind === 'sink')
              state.values.set(p.sink, { type: 'insufficient', reason: `node '${id}' input '${name}' (node '${i.ref}') has no value: ${v}` })
          return
        }
        inputs[name] = { value: v }
      }
    }
    nodes.push({ id, ...n.spec.jobNode(n.params), inputs, unit: n.info.unit! })
  }
  const sinks: JobSink[] = items.map((p) => {
    if (p.kind === 'export') return { id: p.sink, input: p.input, spec: { kind: 'export' } }
    if (p.kind === 'summary') return { id: p.sink, input: p.input, spec: { kind: 'summarize', stats: ['count', 'mean', 'min', 'max'], min_valid: 1, ddof: 0 } }
    const n = c.nodes.get(p.sink)!
    if (n.spec.kind !== 'sink') throw new Error(`node '${p.sink}' is not a sink`)
    return { id: p.sink, input: p.input, spec: n.spec.sink(n.params) }
  })
  const assets: (Asset | null)[] = domain === '#single' ? [null] : (state.values.get(domain) as Extract<RuntimeValue, { type: 'assets' }>).catalog.assets
  const jobs: RasterJob[] = assets.map((item) => ({ nodes, sinks, item, baseDir: c.baseDir }))
  const label = sinks.map((s) => s.id.replace(/#.*$/, '')).join(', ')
  let done = 0
  const runJobs = (js: RasterJob[]) =>
    opts.pool.run(js, {
      signal: opts.signal,
      onResult: (_i, r) => {
        done++
        opts.onProgress?.({ stage: `${label}${r.date ? ` (${r.date})` : r.item ? ` (${r.item})` : ''}`, done, total: js.length })
      },
    })
  const cache = opts.cache === undefined ? sharedNodeCache : opts.cache
  const cached = (js: RasterJob[]) => (cache ? cache.runJobs(js, runJobs) : runJobs(js))
  const results: JobResult[] = await cached(jobs)

  for (const r of results) {
    for (const [id, rep] of Object.entries(r.nodes)) {
      const list = state.rasterReports.get(id) ?? []
      if (!list.some((x) => x.item === r.item)) list.push({ item: r.item, date: r.date, report: rep })
      state.rasterReports.set(id, list)
    }
  }
  for (const p of items) {
    if (p.kind === 'export') {
      // One GeoTIFF per item of a collection (one job per asset), or the single raster's.
      for (const r of results) {
        const res = r.sinks[p.sink]
        if (res?.bytes) state.exports.push({ node: p.input, bytes: res.bytes, date: r.date ?? null })
      }
      continue
    }
    const node = p.sink
    const sink = sinks.find((s) => s.id === p.sink)!
    if (sink.spec.kind === 'pool' && domain !== '#single') {
      // Further passes run this sink alone, with the nodes it reads (engines/raster/pooled.ts).
      const own = new Set(rasterAncestors(c, p.input))
      const rerun = (s: JobSink) => cached(assets.map((item) => ({ nodes: nodes.filter((n) => own.has(n.id)), sinks: [s], item, baseDir: c.baseDir })))
      recordPooled(state, node, await finishPooled({ ...sink, spec: sink.spec }, results, c.nodes.get(node)!.info.unit, rerun))
      continue
    }
    if (domain === '#single') {
      const res = results[0].sinks[p.sink]
      state.values.set(node, sinkValue(c, p, res))
      continue
    }
    const points: SeriesPoint[] = []
    const skipped: { id: string; date: string | null; reason: string }[] = []
    const perItem: { id: string; date: string | null; result: SinkResult }[] = []
    for (const r of results) {
      const res = r.sinks[p.sink]
      perItem.push({ id: r.item!, date: r.date, result: res })
      if (res.status === 'ok' && typeof res.value === 'number') points.push({ date: r.date ?? r.item!, id: r.item!, value: res.value, valid: res.valid ?? 0 })
      else if (res.status === 'ok' && p.kind === 'summary')
        points.push({ date: r.date ?? r.item!, id: r.item!, value: (res.value as Record<string, number>).mean, valid: res.valid ?? 0 })
      else skipped.push({ id: r.item!, date: r.date, reason: res.reason ?? 'no value' })
    }
    state.skippedItems.set(node, skipped)
    state.itemResults.set(node, perItem)
    const unit = p.kind === 'summary' ? c.nodes.get(p.input)!.info.unit : c.nodes.get(p.sink)!.info.unit
    state.values.set(
      node,
      points.length
        ? { type: 'series', points, unit }
        : { type: 'insufficient', reason: `no asset gave a value (${skipped.length} left out; first: ${skipped[0]?.reason ?? 'none'})` },
    )
  }
}

function sinkValue(c: CompiledDag, p: Pending, res: SinkResult): RuntimeValue {
  if (res.status !== 'ok') return { type: 'insufficient', reason: res.reason ?? 'no value' }
  const unit = p.kind === 'summary' ? c.nodes.get(p.input)!.info.unit : c.nodes.get(p.sink)!.info.unit
  if (typeof res.value === 'number') return { type: 'scalar', value: res.value, unit }
  return { type: 'table', values: res.value as Record<string, number>, unit }
}
