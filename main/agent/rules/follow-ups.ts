/**
 * Repairs that answer what the verifier's diagnosis names (issue 16; paper 002 IV-D: repair only what the
 * evidence invalidated), instead of cycling through fixed variants:
 * - an untagged fill value ("... hold -9999 (the minimum), a fill value the file does not tag as nodata; read with
 *   nodata -9999") re-reads exactly the named read node with that nodata value, nothing else changed;
 * - a content fault no rewrite of the call can fix (a constant block of rows, a date that is a copy of another, a
 *   value outside the physical range with no fill or scale to blame, a misregistered pair) is 'unrepairable': the
 *   planner stops and the answer states the diagnosis, rather than trying repairs that do not address it.
 * Anything else is null: the diagnosis is not a content finding and the planner's own repairs apply.
 */
import { isRec } from '../../tools/execute/evidence-reader'

export type TargetedRepair = { kind: 'repair'; args: unknown; purpose: string } | { kind: 'unrepairable'; reason: string }

const NUM = '(-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?)'
const FILL = new RegExp(`valid pixels of ([\\w.-]+?)(?: on \\d{4}-\\d{2}-\\d{2})? hold ${NUM} \\(the (?:minimum|maximum)\\), a fill value`, 'gi')
const RANGE_FILL = new RegExp(`([\\w.-]+?)(?: on \\d{4}-\\d{2}-\\d{2})? \\([^)]*\\) spans [^;]*; ${NUM} is a fill value the file does not tag as nodata`, 'gi')
const RANGE = 'values lie outside the physical range'
const UNREPAIRABLE: [RegExp, string][] = [
  [/hold one constant value/i, 'a date holds a constant block of rows'],
  [/hold identical pixels/i, 'two dates hold identical pixels'],
  [/look shifted by/i, 'the image pair is misregistered'],
  [/outside the physical range(?![^;.]*(fill value|unscaled))/i, RANGE],
]
/** A conventional scale on a float file that holds the variable itself (verify/policy/content.ts scaledValuesFinding). */
const FLOAT_SCALE = new RegExp(
  `([\\w.-]+?)(?: on \\d{4}-\\d{2}-\\d{2})? \\([^)]*\\) spans [^;]*? after the conventional scale ${NUM}, while its stored float values`,
  'gi',
)
/** Diagnoses that name a wrong binding as the cause of what the content checks saw. */
const BINDING: RegExp[] = [/describes a different run from the call/i, /\bactually read\b/i]

interface DagNode {
  id: string
  op: string
  params?: Record<string, unknown>
  inputs?: Record<string, unknown>
}

/** The repair a rejection's feedback calls for, for the action that was rejected. */
export function targetedRepair(feedback: string, args: unknown): TargetedRepair | null {
  const holder = isRec(args) && isRec(args.dag) ? args.dag : args
  const nodes = isRec(holder) && Array.isArray(holder.nodes) ? (holder.nodes as DagNode[]) : null
  const fills = new Map<string, number>()
  for (const re of [FILL, RANGE_FILL]) for (const m of feedback.matchAll(re)) fills.set(m[1], Number(m[2]))
  if (nodes && fills.size > 0) {
    const reads = [...fills].filter(([id]) => nodes.some((n) => n.id === id && n.op === 'raster.read'))
    if (reads.length > 0) {
      const set = new Map(reads)
      const fixed = nodes.map((n) => (set.has(n.id) ? { ...n, params: { ...(n.params ?? {}), nodata: set.get(n.id) } } : n))
      const dag = { ...(isRec(holder) ? holder : {}), nodes: fixed }
      const out = isRec(args) && isRec(args.dag) ? { ...args, dag } : dag
      return { kind: 'repair', args: out, purpose: `repair the diagnosed fill value: read ${reads.map(([id, v]) => `${id} with nodata ${v}`).join(', ')}` }
    }
  }
  const unscaled = nodes ? withoutConventionalScale(feedback, nodes) : null
  if (unscaled) {
    const dag = { ...(isRec(holder) ? holder : {}), nodes: unscaled.nodes }
    const out = isRec(args) && isRec(args.dag) ? { ...args, dag } : dag
    return {
      kind: 'repair',
      args: out,
      purpose: `repair the diagnosed scale: read ${unscaled.reads.join(', ')} without the conventional scale (the files hold the values themselves)`,
    }
  }
  // A range failure the same feedback explains by what the run read (the run differs from the call, or a read
  // took another band than its role) is a binding fault: re-running with the roles bound explicitly repairs it,
  // so the planner's own repairs apply.
  const explained = BINDING.some((re) => re.test(feedback))
  for (const [re, what] of UNREPAIRABLE) {
    if (explained && what === RANGE) continue
    if (re.test(feedback))
      return {
        kind: 'unrepairable',
        reason: `The verifier found that ${what}, which no change to the computation repairs: ${feedback.replace(/\.$/, '')}. Nothing was answered from these files.`,
      }
  }
  return null
}

/**
 * The DAG with the conventional scale the feedback blames taken off: each named read's role is dropped from its
 * catalog's `scales`, so the read takes the file's values as stored (the file's own scale tag, if any, still holds).
 * Null when the feedback names no such read, or its scale does not come from a catalog's `scales`.
 */
function withoutConventionalScale(feedback: string, nodes: DagNode[]): { nodes: DagNode[]; reads: string[] } | null {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const drop = new Map<string, Set<string>>()
  const reads: string[] = []
  for (const m of feedback.matchAll(FLOAT_SCALE)) {
    const read = byId.get(m[1])
    const role = typeof read?.params?.role === 'string' ? read.params.role : undefined
    const data = read?.inputs?.data
    const catalog = typeof data === 'string' && data.startsWith('@') ? byId.get(data.slice(1).split('.')[0]) : undefined
    const scales = catalog?.params?.scales
    if (read?.op !== 'raster.read' || !role || catalog?.op !== 'asset.catalog' || !isRec(scales)) continue
    const keys = Object.keys(scales).filter((k) => k.toLowerCase() === role.toLowerCase())
    if (!keys.length) continue
    drop.set(catalog.id, new Set([...(drop.get(catalog.id) ?? []), ...keys]))
    if (!reads.includes(read.id)) reads.push(read.id)
  }
  if (!reads.length) return null
  const fixed = nodes.map((n) => {
    const keys = drop.get(n.id)
    if (!keys || !isRec(n.params?.scales)) return n
    const scales = Object.fromEntries(Object.entries(n.params.scales).filter(([k]) => !keys.has(k)))
    const { scales: _old, ...rest } = n.params
    return { ...n, params: Object.keys(scales).length ? { ...rest, scales } : rest }
  })
  return { nodes: fixed, reads }
}

/** The whole grid as a spatial.query geometry: every pixel centre lies in rows [0, 1) x columns [0, 1). */
const WHOLE_GRID = { type: 'grid', rows: [0, 1], cols: [0, 1] } as const
const QUERY_STATS = new Set(['mean', 'min', 'max', 'sum', 'count', 'median', 'std'])

/**
 * A second, independent route to the quantity a call computed, for an evidence request that asks for corroboration
 * (verify/policy/corroboration.ts: a low prior wants the same quantity computed another way before it accepts).
 * Every per-date reduction (`raster.batch_reduce`) becomes a region query over the whole grid (`spatial.query`):
 * another sink of the raster engine (pixel-centre membership, its own accumulation) over the same layers, so a
 * fault in the reduction path shows as a disagreement while a right value is confirmed to float rounding. Null when
 * the DAG has no reduction this can reroute (the planner's own follow-ups apply).
 */
export function secondRoute(args: unknown): { args: unknown; purpose: string } | null {
  const holder = isRec(args) && isRec(args.dag) ? args.dag : args
  const nodes = isRec(holder) && Array.isArray(holder.nodes) ? (holder.nodes as DagNode[]) : null
  if (!nodes) return null
  const rerouted: string[] = []
  const output = isRec(holder) && typeof holder.output === 'string' ? holder.output : null
  const fixed: DagNode[] = nodes.map((n) => {
    // A one-statistic summary of one raster that is the output: the same statistic as a whole-grid region query.
    const stats = n.params?.stats
    if (n.op === 'raster.summarize' && n.id === output && Array.isArray(stats) && stats.length === 1 && QUERY_STATS.has(String(stats[0]))) {
      rerouted.push(n.id)
      return { ...n, op: 'spatial.query', params: { geometry: WHOLE_GRID, stat: String(stats[0]) } }
    }
    const stat = n.params?.stat
    const percentile = isRec(stat) || (typeof stat === 'string' && /^p\d+/.test(stat))
    if (n.op !== 'raster.batch_reduce' || !(typeof stat === 'string' ? QUERY_STATS.has(stat) || percentile : percentile)) return n
    rerouted.push(n.id)
    const { stat: s, min_valid: mv } = n.params ?? {}
    return { ...n, op: 'spatial.query', params: { geometry: WHOLE_GRID, stat: s, ...(mv !== undefined ? { min_valid: mv } : {}) } }
  })
  // A share above/below a threshold: the same share as the whole-grid mean of a 0/1 indicator (NaN where the data
  // is), i.e. an algebra node and a region query instead of the threshold_fraction sink (per date on a collection).
  const more: DagNode[] = []
  for (const [i, n] of fixed.entries()) {
    const p = n.params ?? {}
    if (n.op !== 'threshold_fraction' || p.op === 'between' || typeof p.value !== 'number' || typeof n.inputs?.data !== 'string') continue
    const ind = `${n.id}_indicator`
    const frac = p.as === 'percent' ? `${n.id}_fraction` : n.id
    more.push({
      id: ind,
      op: 'raster.algebra',
      params: { expr: `where(isnan(v), 0/0, where(v ${String(p.op)} ${p.value}, 1, 0))`, unit: 'dimensionless' },
      inputs: { v: n.inputs.data },
    })
    const query: DagNode = { id: frac, op: 'spatial.query', params: { geometry: WHOLE_GRID, stat: 'mean' }, inputs: { data: `@${ind}` } }
    if (p.as === 'percent') {
      more.push(query)
      fixed[i] = { id: n.id, op: 'math.expr', params: { expr: 'x * 100', unit: 'percent' }, inputs: { x: `@${frac}` } }
    } else fixed[i] = query
    rerouted.push(n.id)
  }
  if (rerouted.length === 0) return null
  fixed.push(...more)
  const dag = { ...(isRec(holder) ? holder : {}), nodes: fixed }
  const out = isRec(args) && isRec(args.dag) ? { ...args, dag } : dag
  return {
    args: out,
    purpose: `corroborate by a second route: ${rerouted.join(', ')} recomputed as region queries over the whole grid (spatial.query) instead of per-date reductions and threshold shares`,
  }
}
