/**
 * Non-local products in strip-by-strip evaluation (products/product.ts, Sweeps): before the strips that produce
 * reports and sink values, preparatory sweeps read only what these products need, strip by strip, and show it to
 * them (TVDI files its pixels into NDVI cells); in the final sweep each strip of such a product is computed from
 * what it fitted. A raster's pixels are then never all in memory at once, at the price of reading the inputs of
 * these products once more per preparatory sweep.
 */
import { PRODUCTS, type Sweeps } from '../products'
import type { SampleStrip } from '../products/product'
import type { StoredSamples } from '../tiff/reader'
import type { Raster } from '../raster'
import type { Unit } from '../units'
import { evaluateNode, inputRasters, type Value } from './evaluate-node'
import { readRows, readSampleRows, samplesProfiled, samplesReadable, stripGrid, type PreparedRead } from './read-node'
import type { BufferRecycler } from './recycler'
import type { JobNode, NodeReport, RasterJob } from './types'
import type { ContentAccumulator } from '../stats'
import { KeptSamples } from './kept-samples'

/** A product that depends on the whole raster (`local: false`), or undefined for any other node. */
function nonLocal(node: JobNode) {
  if (node.kind !== 'product') return undefined
  const def = PRODUCTS.get(String(node.params.product))
  return def?.local === false ? def : undefined
}

/** Ids of the nodes `id` reads from, directly or through others. */
function ancestors(byId: Map<string, JobNode>, id: string, into = new Set<string>()): Set<string> {
  for (const ref of Object.values(byId.get(id)?.inputs ?? {})) {
    if (!('node' in ref) || into.has(ref.node)) continue
    into.add(ref.node)
    ancestors(byId, ref.node, into)
  }
  return into
}

/** Whether every non-local product of the job can run in sweeps, none of them fed by another. */
export function sweepable(job: RasterJob): boolean {
  const byId = new Map(job.nodes.map((n) => [n.id, n]))
  const wide = job.nodes.filter((n) => nonLocal(n))
  return wide.every((n) => nonLocal(n)!.sweeps !== undefined && ![...ancestors(byId, n.id)].some((a) => wide.some((w) => w.id === a)))
}

/** The non-local products of a job that the caller has checked with `sweepable`, each with its sweep state. */
export function openSweeps(job: RasterJob): Map<string, Sweeps> {
  const byId = new Map(job.nodes.map((n) => [n.id, n]))
  const states = new Map<string, Sweeps>()
  for (const node of job.nodes) {
    const def = nonLocal(node)
    if (!def?.sweeps) continue
    const { product: _product, ...params } = node.params as { product: string } & Record<string, unknown>
    const units: Record<string, Unit> = {}
    for (const [name, ref] of Object.entries(node.inputs)) {
      const up = 'node' in ref ? byId.get(ref.node) : undefined
      if (up) units[name] = up.unit
    }
    states.set(node.id, def.sweeps(params, units))
  }
  return states
}

/** A product's scan of stored samples in this sweep (Sweeps.sampleScanner). */
type SampleScan = (inputs: Record<string, SampleStrip>, length: number) => void

/**
 * The products that scan stored samples in this sweep: those that offer it and whose inputs are all reads whose
 * samples need no conversion test (readSampleRows). Their inputs are then never converted to float64 in this sweep.
 */
function sampleScans(active: string[], byId: Map<string, JobNode>, states: Map<string, Sweeps>, reads: Map<string, PreparedRead>): Map<string, SampleScan> {
  const out = new Map<string, SampleScan>()
  for (const id of active) {
    const refs = Object.values(byId.get(id)!.inputs)
    if (!refs.every((ref) => 'node' in ref && reads.has(ref.node) && samplesReadable(reads.get(ref.node)!))) continue
    const scan = states.get(id)!.sampleScanner?.()
    if (scan) out.set(id, scan)
  }
  return out
}

/** Whether every swept product scans stored samples in its first sweep (its inputs then convert once, in the final sweep). */
export function sweepsScanSamples(job: RasterJob, states: Map<string, Sweeps>, reads: Map<string, PreparedRead>): boolean {
  const byId = new Map(job.nodes.map((n) => [n.id, n]))
  return states.size > 0 && sampleScans([...states.keys()], byId, states, reads).size === states.size
}

/** The running statistics and content profile of a read node, which a read with `profile` adds its rows to. */
export type ReadProfile = { content: ContentAccumulator; running: Float64Array }

/**
 * Show rows [r0, r0 + n) of their input reads' samples to the products scanning samples (`buffers` reused per read).
 * A read `kept` whole is decoded into its kept rows in the first sweep, with its profile (`profileOf`), and taken
 * from them in later sweeps.
 */
async function scanSamples(
  scans: Map<string, SampleScan>,
  byId: Map<string, JobNode>,
  reads: Map<string, PreparedRead>,
  r0: number,
  n: number,
  buffers: Map<string, StoredSamples>,
  kept: KeptSamples | undefined,
  profileOf: ((read: string) => ReadProfile) | undefined,
): Promise<void> {
  const strips = new Map<string, SampleStrip>()
  for (const [id, scan] of scans) {
    const inputs: Record<string, SampleStrip> = {}
    let pixels = 0
    for (const [name, ref] of Object.entries(byId.get(id)!.inputs)) {
      const read = (ref as { node: string }).node
      let strip = strips.get(read)
      if (!strip) {
        const r = reads.get(read)!
        strip = kept?.strip(r, r0, n)
        if (!strip) {
          // A kept read not filled yet is decoded into its kept rows, with its profile (the first sweep).
          const keptRows = kept?.rows(read, r0, n, r.win.width)
          strip = (await readSampleRows(r, r0, n, keptRows ?? buffers.get(read), keptRows && profileOf ? profileOf(read) : undefined))!
          if (!keptRows) buffers.set(read, strip.samples)
        }
        strips.set(read, strip)
      }
      inputs[name] = strip
      pixels = strip.samples.length
    }
    scan(inputs, pixels)
  }
}

/**
 * Run the preparatory sweeps: strips of `rows` rows of the nodes the swept products read (reads without their
 * content profile), shown to each product still preparing, until every one says it is done. A product whose inputs
 * are reads of integer samples is shown the stored samples instead, where it can take them (no float64 strips). A
 * product whose input has no value is left for the final sweep, which reports why. Reads `kept` whole are decoded
 * once, in the first sweep, into their kept rows, adding them to their node's profile (`profileOf`) there.
 */
export async function prepareSweeps(
  job: RasterJob,
  states: Map<string, Sweeps>,
  reads: Map<string, PreparedRead>,
  rows: number,
  height: number,
  recycler: BufferRecycler,
  kept?: KeptSamples,
  profileOf?: (read: string) => ReadProfile,
): Promise<void> {
  const byId = new Map(job.nodes.map((n) => [n.id, n]))
  const buffers = new Map<string, StoredSamples>()
  let active = [...states.keys()]
  // Each product ends its sweeps (TVDI: at most two); the bound only guards against one that never does.
  for (let sweep = 0; active.length > 0 && sweep < 8; sweep++) {
    const scans = sampleScans(active, byId, states, reads)
    const valued = active.filter((id) => !scans.has(id))
    const needed = new Set<string>()
    for (const id of valued) ancestors(byId, id, needed)
    const blocked = new Set<string>()
    for (let r0 = 0; r0 < height; r0 += rows) {
      const n = Math.min(rows, height - r0)
      await scanSamples(scans, byId, reads, r0, n, buffers, kept, profileOf)
      const values = new Map<string, Value>()
      for (const node of job.nodes) {
        if (!needed.has(node.id)) continue
        const value: Value =
          node.kind === 'read' ? { raster: await readRows(reads.get(node.id)!, r0, n, recycler, undefined, false) } : evaluateNode(node, values, recycler).value
        values.set(node.id, value)
      }
      for (const id of valued) {
        const { rasters, insufficient } = inputRasters(byId.get(id)!, values)
        if (insufficient) blocked.add(id)
        if (blocked.has(id)) continue
        const data: Record<string, Float64Array> = {}
        for (const [name, r] of Object.entries(rasters)) data[name] = r.data
        states.get(id)!.scan(data, rasters[Object.keys(rasters)[0]].data.length)
      }
      for (const v of values.values()) if ('raster' in v) recycler.give(v.raster.data)
    }
    kept?.markFilled()
    active = active.filter((id) => !blocked.has(id) && states.get(id)!.endSweep())
  }
}

/**
 * For each swept product that may write into an input's buffer (`overwrites`), the input node whose strip it may
 * overwrite: one that no other node and no sink reads (its own statistics and content are taken before).
 */
export function overwritable(job: RasterJob, states: Map<string, Sweeps>): Map<string, string> {
  const uses = new Map<string, number>()
  const use = (id: string) => uses.set(id, (uses.get(id) ?? 0) + 1)
  for (const n of job.nodes) for (const ref of Object.values(n.inputs)) if ('node' in ref) use(ref.node)
  for (const s of job.sinks) use(s.input)
  const out = new Map<string, string>()
  for (const id of states.keys()) {
    const node = job.nodes.find((n) => n.id === id)!
    const name = nonLocal(node)?.overwrites
    const ref = name ? node.inputs[name] : undefined
    if (ref && 'node' in ref && uses.get(ref.node) === 1) out.set(id, ref.node)
  }
  return out
}

/**
 * One strip of a swept product in the final sweep, as evaluateNode gives other nodes. `into` names the input whose
 * strip buffer receives the output (see `overwritable`); the caller then forgets that input's value. With `running`,
 * the strip's statistics are added to it and the raster's stats are that running array.
 */
export function applySweeps(
  node: JobNode,
  state: Sweeps,
  values: Map<string, Value>,
  recycler: BufferRecycler,
  into?: string,
  running?: Float64Array,
): { value: Value; report: NodeReport } {
  const { rasters, insufficient } = inputRasters(node, values)
  if (insufficient) return { value: { insufficient }, report: { status: 'insufficient', reason: insufficient, unit: node.unit } }
  const ready = state.ready()
  if (ready.insufficient) {
    return {
      value: { insufficient: ready.insufficient },
      report: { status: 'insufficient', reason: ready.insufficient, unit: node.unit, details: ready.details },
    }
  }
  const first = Object.values(rasters)[0]
  const n = first.data.length
  const data: Record<string, Float64Array> = {}
  for (const [name, r] of Object.entries(rasters)) data[name] = r.data
  const reuse = into !== undefined ? values.get(into) : undefined
  const out = reuse && 'raster' in reuse ? reuse.raster.data : recycler.alloc(n)
  // A running [count, sum, min, max] carried over the strips adds the values in the order one whole pass does.
  const stats = running ?? Float64Array.of(0, 0, Infinity, -Infinity)
  state.apply(data, n, out, stats)
  const raster: Raster = { grid: first.grid, data: out, unit: node.unit, stats }
  return { value: { raster }, report: { status: 'ok', unit: node.unit, details: ready.details } }
}

/** A product's final sweep over its inputs' stored samples (Sweeps.sampleApplier). */
type SampleApply = NonNullable<ReturnType<NonNullable<Sweeps['sampleApplier']>>>

/**
 * The final sweep over stored samples: the swept products that take their inputs' samples there, and the reads
 * that then give samples, profiled for their own report, instead of float64 strips. A product qualifies when it
 * offers `sampleApplier` and every input is a read that nothing else (no other node, no sink) takes and whose
 * samples the reader can profile (readSampleRows with a profile). Task 46's NDVI and LST reads: two 2599 x 256 float64 strips
 * a strip no longer written and read back.
 */
export class SampleSweep {
  readonly products = new Map<string, SampleApply>()
  readonly reads = new Set<string>()
  /** Reads decoded once in the first sweep and kept for this one (prepareSweeps fills them and their profiles). */
  readonly kept: KeptSamples
  private readonly buffers = new Map<string, StoredSamples>()
  private readonly strips = new Map<string, SampleStrip>()
  private readonly grids = new Map<string, Raster['grid']>()

  constructor(job: RasterJob, states: Map<string, Sweeps>, reads: Map<string, PreparedRead>, recycler: BufferRecycler) {
    const takers = new Map<string, Set<string>>()
    const take = (read: string, by: string) => takers.set(read, (takers.get(read) ?? new Set()).add(by))
    for (const n of job.nodes) for (const ref of Object.values(n.inputs)) if ('node' in ref) take(ref.node, n.id)
    for (const sink of job.sinks) take(sink.input, `sink ${sink.id}`)
    for (const [id, state] of states) {
      const inputs = Object.values(job.nodes.find((n) => n.id === id)!.inputs)
      const own = inputs.every((ref) => 'node' in ref && reads.has(ref.node) && takers.get(ref.node)!.size === 1 && samplesProfiled(reads.get(ref.node)!))
      const apply = own ? state.sampleApplier?.() : null
      if (!apply) continue
      this.products.set(id, apply)
      for (const ref of inputs) this.reads.add((ref as { node: string }).node)
    }
    // Reads the first preparatory sweep also shows as samples are decoded once and kept, where they fit the budget.
    const byId = new Map(job.nodes.map((n) => [n.id, n]))
    const scanned = new Set<string>()
    for (const id of sampleScans([...states.keys()], byId, states, reads).keys())
      for (const ref of Object.values(byId.get(id)!.inputs)) scanned.add((ref as { node: string }).node)
    this.kept = new KeptSamples(
      reads,
      [...this.reads].filter((id) => scanned.has(id)),
      recycler,
    )
  }

  /** Read rows [r0, r0 + rows) of read `node` as samples, adding them to its running statistics and content (unless kept: added then). */
  async read(r: PreparedRead, r0: number, rows: number, content: ContentAccumulator, running: Float64Array): Promise<void> {
    const id = r.node.id
    // Kept rows were profiled when the first sweep decoded them.
    const kept = this.kept.strip(r, r0, rows)
    const strip = kept ?? (await readSampleRows(r, r0, rows, this.buffers.get(id), { content, running }))!
    if (!kept) this.buffers.set(id, strip.samples)
    this.strips.set(r.node.id, strip)
    this.grids.set(r.node.id, stripGrid(r.grid, r0, rows))
  }

  /**
   * One strip of product `node` from its inputs' samples of this strip, as applySweeps gives it from values, its
   * rows added to the node's running statistics and content profile (`content`) by the product as it writes them.
   */
  apply(node: JobNode, state: Sweeps, recycler: BufferRecycler, running: Float64Array, content: ContentAccumulator): { value: Value; report: NodeReport } {
    const ready = state.ready()
    if (ready.insufficient) {
      return {
        value: { insufficient: ready.insufficient },
        report: { status: 'insufficient', reason: ready.insufficient, unit: node.unit, details: ready.details },
      }
    }
    const inputs: Record<string, SampleStrip> = {}
    for (const [name, ref] of Object.entries(node.inputs)) inputs[name] = this.strips.get((ref as { node: string }).node)!
    const first = (Object.values(node.inputs)[0] as { node: string }).node
    const n = inputs[Object.keys(inputs)[0]].samples.length
    const out = recycler.alloc(n)
    const grid = this.grids.get(first)!
    const rows = {
      width: grid.width,
      firsts: new Float64Array(grid.height),
      constant: new Uint8Array(grid.height),
      min: Infinity,
      minCount: 0,
      max: -Infinity,
      maxCount: 0,
    }
    this.products.get(node.id)!(inputs, n, out, running, rows)
    content.addRowShapes(rows.firsts, grid.width, grid.height, rows.constant)
    content.addExtremes(rows.min, rows.minCount, rows.max, rows.maxCount)
    const raster: Raster = { grid, data: out, unit: node.unit, stats: running }
    return { value: { raster }, report: { status: 'ok', unit: node.unit, details: ready.details } }
  }
}
