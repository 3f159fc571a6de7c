/**
 * Faults injected in the result after an honest run (kinds.ts), the evidence changed to match: detections dropped or
 * doubled, and a reduction operator that reports its values 3 % high (`reducer-off`).
 */
import type { ToolResult } from '../../tools/protocol'
import { isRec } from './dag-edit'

/** Arrays of detections (objects with a box or polygon) anywhere in a value. */
function detectionLists(v: unknown, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => isRec(x) && ('box' in x || 'bbox' in x || 'bbox_xyxy' in x || 'polygon' in x || 'polygon_xy' in x))) out.push(v)
    else v.forEach((x) => detectionLists(x, out))
  } else if (isRec(v)) Object.values(v).forEach((x) => detectionLists(x, out))
  return out
}

/** Change every list of detections and every `count` in observation and evidence alike. */
export function editDetections(result: ToolResult, edit: (list: unknown[]) => unknown[]): ToolResult | null {
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
export function reducerOff(result: ToolResult): ToolResult | null {
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
