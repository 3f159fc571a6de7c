/**
 * Evaluate a raster job for one item: nodes in order (reads, algebra, products, masks), each raster freed (and
 * its buffer recycled) as soon as its last consumer has run, then the sinks (statistics, reductions, threshold
 * fractions, spatial queries, GeoTIFF exports). Runs inside a worker thread, or inline when no pool is used.
 */
import path from 'node:path'
import { parseExpr, evalRaster } from '../expr'
import { applyMask, type MaskParams } from '../mask'
import { PRODUCTS, type ProductInput } from '../products'
import { sameGrid, gridLabel, type Grid, type Raster } from '../raster'
import { GeometryError, selectPixels } from '../spatial'
import { summarize } from '../stats'
import { TiffFile } from '../tiff/reader'
import { encodeGeoTiff } from '../tiff/writer'
import { evaluateJobInStrips, stripEligible } from './evaluate-strips'
import type { JobNode, JobResult, JobSink, NodeReport, RasterJob, ReadParams, SinkResult } from './types'
import { RasterJobError } from './types'

export type Value = { raster: Raster } | { insufficient: string }

/** Keeps freed pixel buffers for reuse: fresh 50 MB arrays cost page faults; reused ones do not. */
export class BufferRecycler {
  private free = new Map<number, Float64Array[]>()
  private bytes = 0
  // 192 MiB holds the three 2599 x 2573 float64 buffers one TVDI date needs (two reads and the index) for reuse.
  constructor(private readonly maxBytes = 192 * 1024 * 1024) {}

  /** A buffer of `length` values: a recycled one when available (contents undefined), else a new one. */
  alloc = (length: number): Float64Array => this.take(length) ?? new Float64Array(length)

  take(length: number): Float64Array | undefined {
    const list = this.free.get(length)
    const buf = list?.pop()
    if (buf) this.bytes -= buf.byteLength
    return buf
  }

  give(buf: Float64Array): void {
    if (this.bytes + buf.byteLength > this.maxBytes) return
    const list = this.free.get(buf.length) ?? []
    list.push(buf)
    this.free.set(buf.length, list)
    this.bytes += buf.byteLength
  }
}

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
    ...extra,
  }
}

const QUICK = new Set(['count', 'mean', 'min', 'max', 'sum', 'valid_fraction'])

/** The statistics a sink asks for, from the raster's running statistics when they suffice (no extra pass). */
function statsFor(r: Raster, names: readonly string[], ddof = 0): { values: Record<string, number>; valid: number; total: number } {
  if (!names.every((n) => QUICK.has(n))) return summarize(r.data, names, ddof)
  const [count, sum, min, max] = quickStats(r)
  const values: Record<string, number> = {}
  for (const n of names) {
    values[n] = n === 'count' ? count : n === 'sum' ? sum : n === 'valid_fraction' ? count / r.data.length : count === 0 ? NaN : n === 'mean' ? sum / count : n === 'min' ? min : max
  }
  return { values, valid: count, total: r.data.length }
}

/** An opened read: the file, how its values are decoded, the full window and grid it covers. */
export interface PreparedRead {
  node: JobNode
  tif: TiffFile
  file: string
  band: number
  nodata: number | null
  scale: number
  offset: number
  meta?: Record<string, number>
  /** The window of the file this node reads (the whole image unless params.window). */
  win: { col: number; row: number; width: number; height: number }
  grid: Grid
  bandInfo: Record<string, unknown>
}

/** Resolve a read node (path or catalog role, nodata, scale) and open its file. The caller closes `tif`. */
export function prepareRead(node: JobNode, job: RasterJob): PreparedRead {
  const p = node.params as unknown as ReadParams
  let file: string
  let band = p.band
  let scale = 1
  let offset = 0
  let nodataDefault: number | undefined
  let meta: Record<string, number> | undefined
  let scaleSource = 'raw DN'
  if (p.role !== undefined) {
    const item = job.item
    if (!item) throw new RasterJobError(node.id, `read node '${node.id}' names role '${p.role}' but is not fed by a catalog`)
    const ref = item.bands[p.role] ?? Object.entries(item.bands).find(([k]) => k.toLowerCase() === p.role!.toLowerCase())?.[1]
    if (!ref) throw new RasterJobError(node.id, `asset ${item.id} has no band with role '${p.role}' (it has ${Object.keys(item.bands).join(', ')}) for node '${node.id}'`)
    file = ref.path
    band = ref.band
    scale = ref.scale
    offset = ref.offset
    nodataDefault = ref.nodata
    meta = ref.meta
    scaleSource = ref.scaleSource
  } else {
    file = path.resolve(job.baseDir, p.path!)
  }
  let tif: TiffFile
  try {
    tif = TiffFile.open(file)
  } catch (err) {
    throw new RasterJobError(node.id, `node '${node.id}' cannot read ${file}: ${(err as Error).message}`)
  }
  if (p.scale === 'file') {
    scale = tif.metadataScale.get(band) ?? 1
    offset = tif.metadataOffset.get(band) ?? 0
    scaleSource = 'GDAL metadata'
  } else if (p.scale !== undefined || p.offset !== undefined) {
    scale = p.scale ?? 1
    offset = p.offset ?? 0
    scaleSource = 'node params'
  }
  const nodata = p.nodata === 'none' ? null : p.nodata === 'file' ? (nodataDefault ?? tif.nodata) : p.nodata
  const win = p.window ?? { col: 0, row: 0, width: tif.width, height: tif.height }
  const gt = tif.georef.geoTransform
  const grid: Grid = {
    width: win.width,
    height: win.height,
    geoTransform: gt ? [gt[0] + win.col * gt[1] + win.row * gt[2], gt[1], gt[2], gt[3] + win.col * gt[4] + win.row * gt[5], gt[4], gt[5]] : null,
    crs: tif.georef.crs,
    geoKeyTags: tif.geoKeyTags,
  }
  const bandInfo = {
    path: file,
    band,
    ...(p.role !== undefined ? { role: p.role } : {}),
    nodata: nodata === null ? null : Number.isNaN(nodata) ? 'NaN' : nodata,
    nodata_source: p.nodata === 'file' ? (nodataDefault !== undefined ? 'catalog fill value' : tif.nodata === null ? 'file has no nodata tag' : 'file GDAL_NODATA tag') : 'node params',
    scale,
    offset,
    scale_source: scaleSource,
    unit: node.unit,
    file_nodata: tif.nodata,
    dtype: tif.sampleType,
  }
  return { node, tif, file, band, nodata, scale, offset, ...(meta ? { meta } : {}), win, grid, bandInfo }
}

/** Read rows [r0, r0 + rows) of a prepared read's window as a raster on the matching strip of its grid. */
export async function readRows(r: PreparedRead, r0: number, rows: number, recycler: BufferRecycler): Promise<Raster> {
  const stats = new Float64Array(4)
  const window = { col: r.win.col, row: r.win.row + r0, width: r.win.width, height: rows }
  let data: Float64Array
  try {
    data = await r.tif.readBand({ band: r.band, window, nodata: r.nodata, scale: r.scale, offset: r.offset, into: recycler.take(r.win.width * rows), stats })
  } catch (err) {
    throw new RasterJobError(r.node.id, `node '${r.node.id}' cannot read band ${r.band} of ${r.file}: ${(err as Error).message}`)
  }
  return { grid: stripGrid(r.grid, r0, rows), data, unit: r.node.unit, stats, ...(r.meta ? { meta: r.meta } : {}) }
}

/** The grid of rows [r0, r0 + rows) of `g`. */
export function stripGrid(g: Grid, r0: number, rows: number): Grid {
  if (r0 === 0 && rows === g.height) return g
  const gt = g.geoTransform
  return { ...g, height: rows, geoTransform: gt ? [gt[0] + r0 * gt[2], gt[1], gt[2], gt[3] + r0 * gt[5], gt[4], gt[5]] : null }
}

async function readNode(node: JobNode, job: RasterJob, recycler: BufferRecycler): Promise<{ raster: Raster; band: Record<string, unknown> }> {
  const r = prepareRead(node, job)
  try {
    return { raster: await readRows(r, 0, r.win.height, recycler), band: r.bandInfo }
  } finally {
    r.tif.close()
  }
}

function inputRasters(node: JobNode, values: Map<string, Value>): { rasters: Record<string, Raster>; scalars: Record<string, number>; insufficient?: string } {
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
    if (!sameGrid(list[0][1].grid, r.grid)) {
      throw new RasterJobError(node.id, `node '${node.id}' combines inputs '${list[0][0]}' (${gridLabel(list[0][1].grid)}) and '${name}' (${gridLabel(r.grid)}) on different grids; read them on one grid (same size and geotransform)`)
    }
  }
  return { rasters, scalars }
}

export function evaluateNode(node: JobNode, values: Map<string, Value>, recycler: BufferRecycler): { value: Value; report: NodeReport } {
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
  for (const [k, r] of Object.entries(rasters)) inputs[k] = { data: r.data, unit: r.unit, ...(r.meta ? { meta: r.meta } : {}) }
  const res = def.compute(inputs, params, n, recycler.alloc)
  if (!res.data) {
    const reason = res.insufficient ?? 'the product gave no value'
    return { value: { insufficient: reason }, report: { status: 'insufficient', reason, unit: node.unit, ...(res.details ? { details: res.details } : {}) } }
  }
  const raster: Raster = { grid, data: res.data, unit: node.unit, ...(res.stats ? { stats: res.stats } : {}) }
  return { value: { raster }, report: report(raster, res.details ? { details: res.details } : {}) }
}

export function compare(op: string, v: number, s: { value?: number; low?: number; high?: number }): boolean {
  switch (op) {
    case '>': return v > s.value!
    case '>=': return v >= s.value!
    case '<': return v < s.value!
    case '<=': return v <= s.value!
    default: return v >= s.low! && v <= s.high!
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
      if (s.valid < spec.min_valid) return { status: 'insufficient', reason: `only ${s.valid} valid pixels; node '${sink.id}' needs at least ${spec.min_valid}`, valid: s.valid, total: s.total }
      return { status: 'ok', value: s.values, valid: s.valid, total: s.total }
    }
    case 'reduce': {
      const s = statsFor(raster, [spec.stat])
      if (s.valid < spec.min_valid) return { status: 'insufficient', reason: `only ${s.valid} valid pixels; node '${sink.id}' needs at least ${spec.min_valid}`, valid: s.valid, total: s.total }
      return { status: 'ok', value: s.values[spec.stat], valid: s.valid, total: s.total }
    }
    case 'threshold': {
      let den = 0
      let num = 0
      for (let i = 0; i < data.length; i++) {
        const x = data[i]
        if (x !== x) continue
        den++
        if (compare(spec.op, x, spec)) num++
      }
      if (den < spec.min_valid) return { status: 'insufficient', reason: `only ${den} valid pixels; node '${sink.id}' needs at least ${spec.min_valid}`, numerator: num, denominator: den }
      return { status: 'ok', value: (num / den) * (spec.as === 'percent' ? 100 : 1), numerator: num, denominator: den, valid: den, total: data.length }
    }
    case 'query': {
      let idx: number[]
      try {
        idx = selectPixels(grid, spec.geometry)
      } catch (err) {
        if (err instanceof GeometryError) throw new RasterJobError(sink.id, `node '${sink.id}': ${err.message}`)
        throw err
      }
      const vals = idx.map((i) => data[i])
      const stat = spec.stat === 'value' ? 'mean' : spec.stat
      const s = summarize(vals, [stat])
      if (s.valid < spec.min_valid) return { status: 'insufficient', reason: `${idx.length} pixel(s) inside the geometry, ${s.valid} valid; node '${sink.id}' needs at least ${spec.min_valid}`, pixels: idx.length, valid: s.valid }
      return { status: 'ok', value: s.values[stat], pixels: idx.length, valid: s.valid, total: idx.length }
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
      const { value, report: rep } = evaluateNode(node, values, recycler)
      values.set(node.id, value)
      reports[node.id] = rep
      for (const ref of Object.values(node.inputs)) if ('node' in ref) release(ref.node)
    }
    // Run the sinks of this node right away so its raster can be freed before the next node allocates.
    for (const s of sinksByInput.get(node.id) ?? []) {
      sinks[s.id] = evaluateSink(s, values.get(node.id)!)
      release(node.id)
    }
  }
  return { item: job.item?.id ?? null, date: job.item?.date ?? null, nodes: reports, sinks }
}
