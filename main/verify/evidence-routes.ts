/**
 * The calls that answer the verifier's targeted evidence requests (issue 16: a request means new evidence, not the
 * same DAG again). The verifier names what it needs as a key (`needed` of its verdict); the planner asks this module
 * for the call that computes exactly that from the call the request was about:
 *
 * - `route:mask-nodata@<read>=<v>[/<v>...],...`: the run did not honour the nodata of those reads (its evidence
 *   shows it), so the same quantity is computed by a route that does not depend on the read's nodata handling: each
 *   named read reads the plain values (`nodata: 'none'`) and a separate `raster.mask` node drops the file's fill
 *   value (scaled as the read scales it) before anything downstream sees it. Everything else is unchanged, so the
 *   follow-up answers the same question, and is verified again (a run that still differs from its call is rejected).
 *
 * Null when no key is one of these or the call has none of the nodes named.
 */
import { isRec } from '../tools/execute/evidence-reader'
import { MASK_FILL } from './policy/content'
import { MASK_NODATA } from './policy/run-matches-call'

interface DagNode {
  id: string
  op: string
  params?: Record<string, unknown>
  inputs?: Record<string, unknown>
}

/** The reads and fill values a mask-nodata key names. */
export function parseMaskNodata(key: string): Map<string, number[]> | null {
  const prefix = [MASK_NODATA, MASK_FILL].find((p) => key.startsWith(`${p}@`))
  if (!prefix) return null
  const out = new Map<string, number[]>()
  for (const part of key.slice(prefix.length + 1).split(',')) {
    const eq = part.lastIndexOf('=')
    if (eq <= 0) return null
    const values = part
      .slice(eq + 1)
      .split('/')
      .map(Number)
    if (values.length === 0 || values.some((v) => !Number.isFinite(v))) return null
    out.set(part.slice(0, eq), values)
  }
  return out.size ? out : null
}

/** The call answering a targeted request, or null (see the module comment). */
export function routeFor(needed: readonly string[], args: unknown): { args: unknown; purpose: string } | null {
  const holder = isRec(args) && isRec(args.dag) ? args.dag : args
  const nodes = isRec(holder) && Array.isArray(holder.nodes) ? (holder.nodes as DagNode[]) : null
  if (!nodes) return null
  // Several fill requests (one per read, or per date of a read) merge into one mask per read.
  const fills = new Map<string, number[]>()
  let plain = false
  for (const key of needed) {
    const f = parseMaskNodata(key)
    if (!f) continue
    if (key.startsWith(MASK_NODATA)) plain = true
    for (const [id, vs] of f) fills.set(id, [...new Set([...(fills.get(id) ?? []), ...vs])])
  }
  {
    if (fills.size === 0) return null
    const reads = [...fills].filter(([id]) => nodes.some((n) => n.id === id && n.op === 'raster.read'))
    if (reads.length === 0) return null
    const ids = new Set(nodes.map((n) => n.id))
    const masked = new Map(reads.map(([id]) => {
      let m = `${id}_fill_masked`
      while (ids.has(m)) m += '_'
      return [id, m]
    }))
    const relink = (inputs: Record<string, unknown> | undefined) =>
      inputs ? Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('@') && masked.has(v.slice(1)) ? `@${masked.get(v.slice(1))}` : v])) : inputs
    const out: DagNode[] = []
    for (const n of nodes) {
      if (masked.has(n.id)) {
        // The nodata route reads plain values (the run did not honour the read's nodata); the fill route keeps the
        // read as it is (its file's own nodata stays honoured) and drops the untagged fill after it.
        out.push(plain ? { ...n, params: { ...(n.params ?? {}), nodata: 'none' } } : n)
        out.push({ id: masked.get(n.id)!, op: 'raster.mask', params: { nodata: fills.get(n.id)! }, inputs: { data: `@${n.id}` } })
      } else out.push({ ...n, ...(n.inputs ? { inputs: relink(n.inputs) } : {}) })
    }
    const output = isRec(holder) && typeof holder.output === 'string' && masked.has(holder.output) ? masked.get(holder.output) : isRec(holder) ? holder.output : undefined
    const dag = { ...(isRec(holder) ? holder : {}), nodes: out, ...(output !== undefined ? { output } : {}) }
    return {
      args: isRec(args) && isRec(args.dag) ? { ...args, dag } : dag,
      purpose: plain
        ? `evidence request answered by a second route: ${reads.map(([id, v]) => `${id} read plain and its fill value ${v[0]} dropped by a separate mask node`).join(', ')} (the run did not honour the read's nodata)`
        : `evidence request answered by a second route: the untagged fill ${reads.map(([id, v]) => `${v[0]} of ${id}`).join(', ')} dropped by a mask node after the read`,
    }
  }
}

const nodesIn = (args: unknown): DagNode[] => {
  const holder = isRec(args) && isRec(args.dag) ? args.dag : args
  return isRec(holder) && Array.isArray(holder.nodes) ? (holder.nodes as DagNode[]) : []
}

/**
 * Whether a follow-up call is the mask-nodata route of the call it follows up (routeFor's shape: the same nodes plus
 * fill masks). Such a follow-up replaces an observation its own evidence showed wrong, so it is not compared with
 * that observation as a corroboration would be.
 */
export function answersMaskRoute(origin: unknown, followUp: unknown): boolean {
  const a = new Set(nodesIn(origin).map((n) => n.id))
  const extra = nodesIn(followUp).filter((n) => !a.has(n.id))
  return extra.length > 0 && extra.every((n) => n.op === 'raster.mask' && n.id.endsWith('_fill_masked'))
}
