/**
 * The catalogue of known faults (DESIGN section 8, paper section 3: observations that are wrong although the tool
 * ran normally). Each fault is injected at one of three points, and that decides what the evidence can show:
 *
 * - `tool`: the tool runs different arguments from the ones it was asked to run (a band bound to the wrong role, a
 *   scale factor lost, files missing from a folder, nodata not honoured, a mask inverted, a wrong GSD, a unit
 *   mislabelled). The call recorded in the trajectory is the planner's honest one; the evidence the tool returns
 *   describes what really ran (band mapping, scales, dates, nodata, operator parameters), as a faithful tool would.
 *   A verifier can catch these only from the evidence.
 * - `planner`: the question is misread: the planned call itself computes the wrong statistic, period, mask or
 *   region. Call and evidence agree with each other; only a reading of the question against the evidence's
 *   provenance catches it.
 * - `result`: the observation is changed after an honest run and the evidence is changed to match it (a detector
 *   that missed or doubled objects reports its own boxes consistently). Nothing in the evidence contradicts it; only
 *   a verifier that looks at the image can catch it, so the rules backbone cannot.
 *
 * Every corruption is chosen by rule from the call itself, never per task. `corrupt` returns null when the call has
 * nothing the fault can act on (the fault is then reported as not applied for that task).
 */
import { fromFile } from 'geotiff'
import type { ToolResult } from '../../tools/protocol'
import fs from 'node:fs'
import path from 'node:path'
import { FILE_FAULTS } from './data-files'
import { asDag, catalogFiles, dateInName, firstRasterOf, linked, nodesOf, shiftMonths, type Dag, type DagNode } from './dag-edit'

export type FaultPoint = 'tool' | 'planner' | 'result' | 'file' | 'model'

export interface Corruption {
  args: unknown
  /** What was changed, in words (kept in the fault log, never shown to the agent). */
  note: string
}

export interface FaultKind {
  id: string
  family: 'data' | 'misreading' | 'perception'
  point: FaultPoint
  tool: 'execute' | 'measure' | 'perceive'
  title: string
  /** Where the fault shows, so the report can say why a verifier caught it or could not. */
  visibleIn: string
  corrupt?: (args: unknown) => Promise<Corruption | null>
  corruptResult?: (result: ToolResult) => ToolResult | null
}

const isRec = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Another band a role is easily confused with: the spectral neighbour, or the other layer of a two-layer series. */
const NEIGHBOUR_BAND: Record<string, string> = {
  red: 'B3',
  nir: 'B6',
  green: 'B2',
  blue: 'B1',
  swir1: 'B7',
  swir2: 'B6',
  tir1: 'B11',
  tir2: 'B10',
  lst: 'NDVI',
  ndvi: 'LST',
  evi: 'LST',
}
/** In one multi-band file the neighbouring band index. */
const neighbourIndex = (band: number) => (band > 1 ? band - 1 : band + 1)

async function wrongBand(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const read of nodesOf(dag, 'raster.read')) {
    const role = typeof read.params.role === 'string' ? read.params.role : null
    const cat = linked(dag, read.inputs.data)
    if (role && cat?.op === 'asset.catalog') {
      const bands = isRec(cat.params.role_bands) ? { ...cat.params.role_bands } : {}
      const bound = bands[role]
      const wrong = typeof bound === 'number' ? neighbourIndex(bound) : NEIGHBOUR_BAND[role.toLowerCase()]
      if (wrong === undefined) continue
      cat.params.role_bands = { ...bands, [role]: wrong }
      return { args: dag, note: `role ${role} bound to band ${wrong}` }
    }
    if (typeof read.params.path === 'string' && typeof read.params.band === 'number' && read.params.band > 1) {
      read.params.band = read.params.band - 1
      return { args: dag, note: `${read.id} reads band ${read.params.band}` }
    }
  }
  return null
}

async function scaleDropped(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    if (isRec(cat.params.scales)) {
      for (const [role, s] of Object.entries(cat.params.scales)) {
        if (isRec(s) && typeof s.scale === 'number' && s.scale !== 1) {
          // The catalog's scale is a convention the file's own scale tag overrides (engines/raster/job/read-node.ts),
          // so dropping it there changes nothing on tagged files: the scale is lost where the role is read, as a
          // reader that ignores both the tag and the convention would (node params win over both).
          const reads = nodesOf(dag, 'raster.read').filter((r) => r.params.role === role && linked(dag, r.inputs.data) === cat)
          if (reads.length === 0) continue
          for (const r of reads) Object.assign(r.params, { scale: 1, offset: 0, unit: typeof s.unit === 'string' ? s.unit : (r.params.unit ?? 'dn') })
          return { args: dag, note: `scale of ${role} dropped where it is read (unit kept)` }
        }
      }
    }
    if (cat.params.calibration === 'toa') {
      cat.params.calibration = 'dn'
      return { args: dag, note: 'TOA calibration dropped' }
    }
  }
  for (const read of nodesOf(dag, 'raster.read')) {
    if (typeof read.params.scale === 'number' && read.params.scale !== 1) {
      read.params.scale = 1
      read.params.offset = 0
      return { args: dag, note: `${read.id}: scale dropped` }
    }
  }
  return null
}

async function datesMissing(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    const files = catalogFiles(dag, cat)
    const dates = [...new Set(files.map((f) => f.date))].sort()
    if (dates.length < 2) continue
    // The later half of the period silently never reaches the tool (an incomplete download or sync).
    const keep = new Set(dates.slice(0, Math.ceil(dates.length / 2)))
    delete cat.params.dir
    cat.params.files = files.filter((f) => keep.has(f.date)).map((f) => f.file)
    return { args: dag, note: `dates after ${[...keep].at(-1)} missing` }
  }
  return null
}

async function nodataLeak(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  const reads = nodesOf(dag, 'raster.read').filter((r) => r.params.nodata !== 'none')
  if (reads.length === 0) return null
  for (const r of reads) r.params.nodata = 'none'
  return { args: dag, note: `nodata not honoured in ${reads.map((r) => r.id).join(', ')}` }
}

const FLIP: Record<string, string> = { '>': '<=', '>=': '<', '<': '>=', '<=': '>' }

/** Flip the first comparison inside a where(...) condition. */
function flipWhere(expr: string): string | null {
  const at = expr.indexOf('where(')
  if (at < 0) return null
  const m = /(>=|<=|>|<)/.exec(expr.slice(at))
  if (!m) return null
  const i = at + m.index
  return expr.slice(0, i) + FLIP[m[1]] + expr.slice(i + m[1].length)
}

async function maskWrongClass(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const n of dag.nodes) {
    if (n.op === 'threshold_fraction' && typeof n.params.op === 'string' && FLIP[n.params.op]) {
      n.params.op = FLIP[n.params.op]
      return { args: dag, note: `${n.id}: mask covers the complement (${n.params.op})` }
    }
    if (n.op === 'raster.algebra' && typeof n.params.expr === 'string') {
      const flipped = flipWhere(n.params.expr)
      if (flipped) {
        n.params.expr = flipped
        return { args: dag, note: `${n.id}: mask condition inverted` }
      }
    }
  }
  return null
}

/** Double every `gsd` number in the arguments (perceive/measure). */
async function wrongGsd(args: unknown): Promise<Corruption | null> {
  const copy = structuredClone(args)
  let changed = 0
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (isRec(v))
      for (const [k, x] of Object.entries(v)) {
        if (k === 'gsd' && typeof x === 'number' && x > 0) {
          v[k] = x * 2
          changed++
        } else walk(x)
      }
  }
  walk(copy)
  return changed ? { args: copy, note: `gsd doubled in ${changed} place(s)` } : null
}

const SWAP_UNIT: Record<string, string> = { K: 'degC', degC: 'K' }

async function unitsMislabelled(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    if (!isRec(cat.params.scales)) continue
    for (const [role, s] of Object.entries(cat.params.scales)) {
      if (isRec(s) && typeof s.unit === 'string' && SWAP_UNIT[s.unit]) {
        cat.params.scales[role] = { ...s, unit: SWAP_UNIT[s.unit] }
        return { args: dag, note: `${role} labelled ${SWAP_UNIT[s.unit]} instead of ${s.unit}` }
      }
    }
  }
  for (const read of nodesOf(dag, 'raster.read')) {
    if (typeof read.params.unit === 'string' && SWAP_UNIT[read.params.unit]) {
      read.params.unit = SWAP_UNIT[read.params.unit]
      return { args: dag, note: `${read.id} labelled ${read.params.unit}` }
    }
  }
  return null
}

/** The statistic a misreading puts in place of the one planned. */
const OTHER_STAT: Record<string, string> = { mean: 'median', median: 'mean', max: 'mean', min: 'mean', std: 'mean', sum: 'mean' }

async function wrongStatistic(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const n of nodesOf(dag, 'raster.batch_reduce', 'spatial.query', 'timeseries.aggregate')) {
    const stat = typeof n.params.stat === 'string' ? n.params.stat : n.op === 'spatial.query' ? 'mean' : null
    if (stat && OTHER_STAT[stat]) {
      n.params.stat = OTHER_STAT[stat]
      return { args: dag, note: `${n.id}: ${OTHER_STAT[stat]} computed instead of ${stat}` }
    }
  }
  for (const n of nodesOf(dag, 'raster.summarize')) {
    const stats = Array.isArray(n.params.stats) ? (n.params.stats as unknown[]) : []
    const i = stats.findIndex((s) => typeof s === 'string' && OTHER_STAT[s])
    if (i < 0) continue
    // The wrong statistic is computed under the name the rest of the DAG reads.
    const from = stats[i] as string
    const to = OTHER_STAT[from]
    if (stats.includes(to)) continue
    stats[i] = to
    for (const m of dag.nodes) for (const key of ['field', 'key']) if (m.params[key] === from) m.params[key] = to
    return { args: dag, note: `${n.id}: ${to} computed instead of ${from}` }
  }
  return null
}

async function wrongPeriod(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    if (typeof cat.params.start === 'string' && typeof cat.params.end === 'string') {
      cat.params.start = shiftMonths(cat.params.start, 1)
      cat.params.end = shiftMonths(cat.params.end, 1)
      // A planner that lists the period's files (the spec compiler does) would list the files of the period it
      // misread: the same layers from the same folders, dated in the shifted period.
      if (Array.isArray(cat.params.files)) {
        const listed = (cat.params.files as unknown[]).filter((f): f is string => typeof f === 'string')
        const stems = new Set(listed.map((f) => path.basename(f).replace(/\d{4}-?\d{2}-?\d{2}/, '<date>')))
        const dirs = [...new Set(listed.map((f) => path.dirname(f)))]
        const moved = dirs.flatMap((d) =>
          (fs.existsSync(d) ? fs.readdirSync(d) : [])
            .filter((f) => stems.has(f.replace(/\d{4}-?\d{2}-?\d{2}/, '<date>')))
            .filter((f) => {
              const date = dateInName(f)
              return date !== null && date >= (cat.params.start as string) && date <= (cat.params.end as string)
            })
            .sort()
            .map((f) => path.join(d, f)),
        )
        if (moved.length === 0) return null
        cat.params.files = moved
      }
      return { args: dag, note: `period read as ${cat.params.start} to ${cat.params.end}` }
    }
  }
  return null
}

/** A threshold read wrongly: the next round value up (0.3 -> 0.4, 300 -> 310). */
const shiftThreshold = (v: number) => (Math.abs(v) <= 1 ? Math.round((v + 0.1) * 1e6) / 1e6 : v + 10)

async function wrongMask(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const n of dag.nodes) {
    if (n.op === 'threshold_fraction' && typeof n.params.value === 'number') {
      n.params.value = shiftThreshold(n.params.value)
      return { args: dag, note: `${n.id}: threshold read as ${n.params.value}` }
    }
    if (n.op === 'raster.algebra' && typeof n.params.expr === 'string' && n.params.expr.includes('where(')) {
      const expr = n.params.expr
      const m = /(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)/.exec(expr.slice(expr.indexOf('where(')))
      if (!m) continue
      const at = expr.indexOf('where(') + m.index
      n.params.expr = `${expr.slice(0, at)}${m[1]} ${shiftThreshold(Number(m[2]))}${expr.slice(at + m[0].length)}`
      return { args: dag, note: `${n.id}: mask threshold read as ${shiftThreshold(Number(m[2]))}` }
    }
    if (n.op === 'raster.mask' && (typeof n.params.min === 'number' || typeof n.params.max === 'number')) {
      if (typeof n.params.min === 'number') n.params.min = shiftThreshold(n.params.min)
      else n.params.max = shiftThreshold(n.params.max as number)
      return { args: dag, note: `${n.id}: mask bound shifted` }
    }
  }
  return null
}

async function rasterSize(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const tiff = await fromFile(file)
    const image = await tiff.getImage()
    const size = { width: image.getWidth(), height: image.getHeight() }
    await tiff.close()
    return size
  } catch {
    return null
  }
}

/** The question asks about the whole scene; the call computes over its central quarter only. */
async function wrongRegion(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  const reads = nodesOf(dag, 'raster.read').filter((r) => r.params.window === undefined)
  if (reads.length === 0) return null
  let size: { width: number; height: number } | null = null
  for (const r of reads) {
    const file = firstRasterOf(dag, r)
    size = file ? await rasterSize(file) : null
    if (size) break
  }
  if (!size) return null
  const window = { col: Math.floor(size.width / 4), row: Math.floor(size.height / 4), width: Math.floor(size.width / 2), height: Math.floor(size.height / 2) }
  for (const r of reads) r.params.window = window
  return { args: dag, note: `computed over the window ${window.col},${window.row} ${window.width}x${window.height}` }
}

/** Arrays of detections (objects with a box or polygon) anywhere in a value. */
function detectionLists(v: unknown, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => isRec(x) && ('box' in x || 'bbox' in x || 'bbox_xyxy' in x || 'polygon' in x || 'polygon_xy' in x))) out.push(v)
    else v.forEach((x) => detectionLists(x, out))
  } else if (isRec(v)) Object.values(v).forEach((x) => detectionLists(x, out))
  return out
}

/** Change every list of detections and every `count` in observation and evidence alike. */
function editDetections(result: ToolResult, edit: (list: unknown[]) => unknown[]): ToolResult | null {
  if (result.status !== 'ok') return null
  const copy = structuredClone(result)
  const lists = [...detectionLists(copy.observation), ...detectionLists(copy.evidence.intermediate)]
  if (lists.length === 0) return null
  let before = 0
  let after = 0
  for (const list of lists) {
    const next = edit(list)
    before = Math.max(before, list.length)
    after = Math.max(after, next.length)
    list.splice(0, list.length, ...next)
  }
  if (before === after) return null
  const recount = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(recount)
    else if (isRec(v))
      for (const [k, x] of Object.entries(v)) {
        if (k === 'count' && x === before) v[k] = after
        else recount(x)
      }
  }
  recount(copy.observation)
  recount(copy.evidence.intermediate)
  if (isRec(copy.observation) && typeof copy.observation.value === 'number' && copy.observation.value === before) copy.observation.value = after
  return copy
}

/** Operators whose pixel reduction the `reducer-off` defect spoils: the per-date reduction and the raster summary. */
const REDUCERS = new Set(['raster.batch_reduce', 'raster.summarize'])
/** Keys that hold counts, sizes or labels, never a reduced value: a defect of the reduction leaves them alone. */
const NOT_VALUES = new Set(['date', 'id', 'valid', 'total', 'count', 'width', 'height', 'items_used', 'items_left_out', 'min_valid', 'n', 'pixels'])

/** Every reduced number under `v` multiplied by `f` (counts and sizes kept). */
function scaleValues(v: unknown, f: number): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? v * f : v
  if (Array.isArray(v)) return v.map((x) => scaleValues(x, f))
  if (isRec(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, NOT_VALUES.has(k) ? x : scaleValues(x, f)]))
  return v
}

/**
 * A defect of one operator path: the raster engine's reduction sinks (`raster.batch_reduce`, `raster.summarize`)
 * report their values 3 % high, and everything computed from them (aggregates over dates, the output, the
 * observation) follows, as a buggy reducer would make it; the reads, band mapping, coverage and every other part
 * of the evidence are the honest run's. No content or provenance check can see it (the numbers stay plausible and
 * the call is what was asked); a second computation that does not pass through these operators (a region query)
 * shows it. Null when the run has no such operator.
 */
export const REDUCER_BIAS = 1.03
function reducerOff(result: ToolResult): ToolResult | null {
  if (result.status !== 'ok') return null
  const ops = isRec(result.evidence.source) && isRec(result.evidence.source.operators) ? result.evidence.source.operators : {}
  const spoiled = new Set(
    Object.entries(ops)
      .filter(([, o]) => isRec(o) && REDUCERS.has(String(o.op)))
      .map(([id]) => id),
  )
  if (spoiled.size === 0) return null
  // Downstream of a spoiled node: every node with an input linked to one (to a fixed point).
  for (let grew = true; grew;) {
    grew = false
    for (const [id, o] of Object.entries(ops)) {
      if (spoiled.has(id) || !isRec(o) || !isRec(o.inputs)) continue
      if (Object.values(o.inputs).some((v) => typeof v === 'string' && v.startsWith('@') && spoiled.has(v.slice(1).split('.')[0]))) {
        spoiled.add(id)
        grew = true
      }
    }
  }
  const copy = structuredClone(result)
  const inter = isRec(copy.evidence.intermediate) ? copy.evidence.intermediate : {}
  if (isRec(inter.nodes)) for (const id of spoiled) if (id in inter.nodes) inter.nodes[id] = scaleValues(inter.nodes[id], REDUCER_BIAS)
  copy.observation = scaleValues(copy.observation, REDUCER_BIAS)
  return copy
}

export const FAULT_KINDS: readonly FaultKind[] = [
  {
    id: 'wrong-band',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'wrong band bound to a role',
    visibleIn: 'band mapping (file and band read for each role) and the value range of the layer',
    corrupt: wrongBand,
  },
  {
    id: 'scale-dropped',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'scale factor dropped',
    visibleIn: 'band mapping scale/offset and the physical range of the layer',
    corrupt: scaleDropped,
  },
  {
    id: 'dates-missing',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'dates silently missing from a period',
    visibleIn: 'temporal coverage (dates found against the requested period)',
    corrupt: datesMissing,
  },
  {
    id: 'nodata-leak',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'nodata leaking into statistics',
    visibleIn: "band mapping nodata ('none') and valid-pixel counts",
    corrupt: nodataLeak,
  },
  {
    id: 'mask-wrong-class',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'mask covering the wrong class',
    visibleIn: 'operator parameters of the mask (comparison run)',
    corrupt: maskWrongClass,
  },
  {
    id: 'units-mislabelled',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'units mislabelled',
    visibleIn: 'band mapping unit and the physical range of the layer',
    corrupt: unitsMislabelled,
  },
  {
    id: 'wrong-gsd',
    family: 'data',
    point: 'tool',
    tool: 'measure',
    title: 'wrong GSD',
    visibleIn: 'the GSD in the source evidence against the image metadata',
    corrupt: wrongGsd,
  },
  {
    id: 'wrong-statistic',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong statistic computed',
    visibleIn: 'the reducing operator of the call (provenance against the question)',
    corrupt: wrongStatistic,
  },
  {
    id: 'wrong-period',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong period computed',
    visibleIn: 'the catalog period and temporal coverage against the question',
    corrupt: wrongPeriod,
  },
  {
    id: 'wrong-mask',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong mask computed',
    visibleIn: 'the mask condition of the call against the question',
    corrupt: wrongMask,
  },
  {
    id: 'wrong-region',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong region computed',
    visibleIn: 'the read window against the file size and the question',
    corrupt: wrongRegion,
  },
  {
    id: 'reducer-off',
    family: 'data',
    point: 'result',
    tool: 'execute',
    title: 'reduction operator 3 % off',
    visibleIn:
      'nowhere in the evidence (the reduced values and all that follows agree); a second route that does not reduce through the same operator shows it',
    corruptResult: reducerOff,
  },
  {
    id: 'detections-dropped',
    family: 'perception',
    point: 'result',
    tool: 'measure',
    title: 'detections dropped',
    visibleIn: 'nowhere in the evidence (boxes and counts agree); only the image shows the missed objects',
    corruptResult: (r) => editDetections(r, (list) => list.filter((_, i) => i % 3 !== 2)),
  },
  {
    id: 'detections-duplicated',
    family: 'perception',
    point: 'result',
    tool: 'measure',
    title: 'detections duplicated',
    visibleIn: 'overlapping boxes in the evidence (a duplicate sits on its original)',
    corruptResult: (r) => editDetections(r, (list) => list.flatMap((x, i) => (i % 3 === 0 ? [x, structuredClone(x)] : [x]))),
  },
]

/** Faults that live in the files (data-files.ts writes them); no call is changed, the wrapper leaves the tool alone. */
export const FILE_FAULT_KINDS: readonly FaultKind[] = FILE_FAULTS.map((f) => ({
  id: f.id,
  family: 'data',
  point: 'file',
  tool: 'execute',
  title: f.title,
  visibleIn: f.visibleIn,
}))

/**
 * Faults that live in the model: the task runs a spoiled detector pack (a real ONNX model whose fixed output misses
 * an object, detects one twice, or shifts every box off the image; tests/data-faults/detector-packs.ts writes them)
 * in place of the clean one. No call or result is changed; the tool runs the pack it is given, as with any detector.
 */
export const MODEL_FAULT_KINDS: readonly FaultKind[] = [
  ['pack-dropped', 'detector misses an object', 'nowhere without a second detector or a model that sees the image'],
  ['pack-duplicated', 'detector reports one object twice', 'a box lying inside another of its class'],
  ['pack-shifted', 'detector boxes shifted off the objects', 'the image under the boxes (featureless background)'],
].map(([id, title, visibleIn]) => ({ id, family: 'perception' as const, point: 'model' as const, tool: 'measure' as const, title, visibleIn }))

export function faultKind(id: string): FaultKind {
  const file = FILE_FAULT_KINDS.find((k) => k.id === id) ?? MODEL_FAULT_KINDS.find((k) => k.id === id)
  if (file) return file
  const kind = FAULT_KINDS.find((k) => k.id === id)
  if (!kind) throw new Error(`Unknown fault kind '${id}'; known: ${[...FAULT_KINDS, ...FILE_FAULT_KINDS, ...MODEL_FAULT_KINDS].map((k) => k.id).join(', ')}.`)
  return kind
}

export type { Dag, DagNode }
