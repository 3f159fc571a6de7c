/**
 * A cache of raster-job results per node (issue 16, paper 002's suffix repair): a repair or follow-up that changes
 * one part of a DAG re-runs only what that change reaches. Keys are structural, never node ids: a node's key is its
 * kind, validated parameters and unit, the keys (or literal values) of its inputs, and for a read node the band it
 * resolves to (path, band, scale, offset, nodata of the catalog's asset) and the content identity of that file
 * (sha256 of its bytes, hashed once per path/size/mtime/inode). A sink's key is its spec and the key of its input.
 *
 * What is kept: sink results (statistics, shares, region queries; export bytes up to a size bound) and node reports
 * (the evidence of every raster node). A job whose sinks and node reports are all kept is not sent to the worker
 * pool; a job with some sinks kept runs only the sinks that are not, with the nodes they need. Intermediate rasters
 * are not kept (memory), so a new sink over the same reads re-reads them.
 *
 * Counters (`stats`) say how many jobs, sinks and nodes ran and how many were reused; tests count executions with
 * them. RSURE_NODE_CACHE=0 switches the cache off.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { JobNode, JobResult, NodeReport, RasterJob, SinkResult } from '../../engines/raster/job/types'

export interface NodeCacheStats {
  /** Jobs sent to the worker pool. */
  jobsRun: number
  /** Jobs answered wholly from the cache. */
  jobsReused: number
  /** Sinks computed by a worker. */
  sinksRun: number
  /** Sinks taken from the cache. */
  sinksReused: number
  /** Raster nodes evaluated by a worker (per job, summed). */
  nodesRun: number
}

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex')

/** Content identity of a file: sha256 of its bytes, memoised on (path, size, mtime, inode); null when unreadable. */
const identities = new Map<string, { stamp: string; hash: string }>()
export function fileIdentity(file: string): string | null {
  let st: fs.Stats
  try {
    st = fs.statSync(file)
  } catch {
    return null
  }
  const stamp = `${st.size}:${st.mtimeMs}:${st.ino}:${st.dev}`
  const known = identities.get(file)
  if (known && known.stamp === stamp) return known.hash
  let hash: string
  try {
    hash = sha(fs.readFileSync(file))
  } catch {
    return null
  }
  identities.set(file, { stamp, hash })
  return hash
}

/** The band a read node resolves to in a job (as read-node.ts resolves it), or null when it cannot say. */
function readTarget(node: Extract<JobNode, { kind: 'read' }>, job: RasterJob): { file: string; band: unknown } | null {
  const p = node.params
  if (p.role !== undefined) {
    const item = job.item
    if (!item) return null
    const ref = item.bands[p.role] ?? Object.entries(item.bands).find(([k]) => k.toLowerCase() === p.role!.toLowerCase())?.[1]
    return ref ? { file: ref.path, band: ref } : null
  }
  return p.path ? { file: path.resolve(job.baseDir, p.path), band: p.band } : null
}

/** Structural keys of a job's nodes (by node id) and sinks (by sink id); null when a read's file has no identity. */
export function jobKeys(job: RasterJob): { nodes: Map<string, string>; sinks: Map<string, string> } | null {
  const nodes = new Map<string, string>()
  for (const n of job.nodes) {
    const inputs = Object.fromEntries(
      Object.entries(n.inputs)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, i]) => [name, 'node' in i ? { k: nodes.get(i.node) ?? `?${i.node}` } : { v: i.value }]),
    )
    let file: unknown = null
    if (n.kind === 'read') {
      const t = readTarget(n, job)
      const id = t ? fileIdentity(t.file) : null
      if (!t || !id) return null
      file = { band: t.band, content: id }
    }
    nodes.set(n.id, sha(JSON.stringify({ kind: n.kind, params: n.params, unit: n.unit, inputs, file, strip: job.stripRows ?? null })))
  }
  const sinks = new Map<string, string>()
  for (const s of job.sinks) sinks.set(s.id, sha(JSON.stringify({ spec: s.spec, input: nodes.get(s.input) ?? `?${s.input}` })))
  return { nodes, sinks }
}

/** Raster nodes a set of sinks needs (their inputs, transitively), in job order. */
function neededNodes(job: RasterJob, sinkIds: Set<string>): JobNode[] {
  const byId = new Map(job.nodes.map((n) => [n.id, n]))
  const need = new Set<string>()
  const walk = (id: string) => {
    if (need.has(id)) return
    const n = byId.get(id)
    if (!n) return
    need.add(id)
    for (const i of Object.values(n.inputs)) if ('node' in i) walk(i.node)
  }
  for (const s of job.sinks) if (sinkIds.has(s.id)) walk(s.input)
  return job.nodes.filter((n) => need.has(n.id))
}

const EXPORT_MAX_BYTES = 16 * 1024 * 1024

/** The bytes a kept sink result is counted as: its export, its pooled histogram (28 bytes a bin), else 256. */
function sinkBytes(r: SinkResult): number {
  if (r.bytes) return r.bytes.byteLength
  return 256 + (r.pool?.bins ? r.pool.bins.index.length * 28 : 0)
}

export class NodeCache {
  private readonly sinks = new Map<string, SinkResult>()
  private readonly reports = new Map<string, NodeReport>()
  private held = 0
  readonly stats: NodeCacheStats = { jobsRun: 0, jobsReused: 0, sinksRun: 0, sinksReused: 0, nodesRun: 0 }

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get enabled(): boolean {
    return process.env.RSURE_NODE_CACHE !== '0'
  }

  resetStats(): void {
    Object.assign(this.stats, { jobsRun: 0, jobsReused: 0, sinksRun: 0, sinksReused: 0, nodesRun: 0 })
  }

  clear(): void {
    this.sinks.clear()
    this.reports.clear()
    this.held = 0
  }

  /**
   * Run jobs through `run` (the worker pool), answering from the cache what it holds: each job runs only its sinks
   * not kept, with the nodes they need; results come back whole, in job order, as if every job had run.
   */
  async runJobs(jobs: RasterJob[], run: (jobs: RasterJob[]) => Promise<JobResult[]>): Promise<JobResult[]> {
    if (!this.enabled) {
      const out = await run(jobs)
      this.count(jobs)
      return out
    }
    const plans = jobs.map((job) => {
      const keys = jobKeys(job)
      if (!keys) return { job, keys: null, todo: job }
      const missing = new Set(job.sinks.filter((s) => !this.sinks.has(keys.sinks.get(s.id)!)).map((s) => s.id))
      const reportsKept = job.nodes.every((n) => this.reports.has(keys.nodes.get(n.id)!))
      if (missing.size === 0 && reportsKept) return { job, keys, todo: null }
      // Nodes whose report is not kept run too (their evidence is needed), with the sinks that are missing.
      const sinks = job.sinks.filter((s) => missing.has(s.id))
      const nodes = reportsKept ? neededNodes(job, missing) : job.nodes
      return { job, keys, todo: { ...job, nodes, sinks } }
    })
    const todo = plans.filter((p) => p.todo !== null).map((p) => p.todo!)
    const ran = todo.length ? await run(todo) : []
    this.count(todo)
    let next = 0
    return plans.map(({ job, keys, todo: t }) => {
      const fresh = t ? ran[next++] : null
      if (!keys) return fresh!
      if (fresh) this.keep(job, keys, fresh)
      else this.stats.jobsReused += 1
      const nodes: Record<string, NodeReport> = {}
      for (const n of job.nodes) {
        const r = fresh?.nodes[n.id] ?? this.reports.get(keys.nodes.get(n.id)!)
        if (r) nodes[n.id] = r
      }
      const sinks: Record<string, SinkResult> = {}
      for (const s of job.sinks) {
        const r = fresh?.sinks[s.id] ?? this.sinks.get(keys.sinks.get(s.id)!)
        if (fresh?.sinks[s.id] === undefined && r) this.stats.sinksReused += 1
        if (r) sinks[s.id] = r
      }
      return { item: fresh?.item ?? job.item?.id ?? null, date: fresh?.date ?? job.item?.date ?? null, nodes, sinks }
    })
  }

  private count(jobs: RasterJob[]): void {
    this.stats.jobsRun += jobs.length
    for (const j of jobs) {
      this.stats.sinksRun += j.sinks.length
      this.stats.nodesRun += j.nodes.length
    }
  }

  private keep(job: RasterJob, keys: NonNullable<ReturnType<typeof jobKeys>>, result: JobResult): void {
    for (const n of job.nodes) {
      const r = result.nodes[n.id]
      if (r) this.put(this.reports, keys.nodes.get(n.id)!, r, 1024)
    }
    for (const s of job.sinks) {
      const r = result.sinks[s.id]
      if (!r) continue
      const size = sinkBytes(r)
      if (size > EXPORT_MAX_BYTES) continue
      this.put(this.sinks, keys.sinks.get(s.id)!, r, size)
    }
  }

  private put<T>(map: Map<string, T>, key: string, value: T, size: number): void {
    if (map.has(key)) map.delete(key)
    map.set(key, value)
    this.held += size
    // Oldest first out (Map keeps insertion order), sinks before reports, until under the bound.
    while (this.held > this.maxBytes && (this.sinks.size || this.reports.size)) {
      const from = this.sinks.size ? this.sinks : this.reports
      const [k, v] = from.entries().next().value as [string, SinkResult | NodeReport]
      from.delete(k)
      this.held -= from === this.sinks ? sinkBytes(v as SinkResult) : 1024
    }
  }
}

/** The process-wide cache the execute tool uses. */
export const sharedNodeCache = new NodeCache()
