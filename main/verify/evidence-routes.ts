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
import path from 'node:path'
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
  const edited = editRoute(needed, holder, nodes)
  if (edited) return { args: isRec(args) && isRec(args.dag) ? { ...args, dag: edited.dag } : edited.dag, purpose: edited.purpose }
  {
    if (fills.size === 0) return null
    const reads = [...fills].filter(([id]) => nodes.some((n) => n.id === id && n.op === 'raster.read'))
    if (reads.length === 0) return null
    const ids = new Set(nodes.map((n) => n.id))
    const masked = new Map(
      reads.map(([id]) => {
        let m = `${id}_fill_masked`
        while (ids.has(m)) m += '_'
        return [id, m]
      }),
    )
    const relink = (inputs: Record<string, unknown> | undefined) =>
      inputs
        ? Object.fromEntries(
            Object.entries(inputs).map(([k, v]) => [
              k,
              typeof v === 'string' && v.startsWith('@') && masked.has(v.slice(1)) ? `@${masked.get(v.slice(1))}` : v,
            ]),
          )
        : inputs
    const out: DagNode[] = []
    for (const n of nodes) {
      if (masked.has(n.id)) {
        // The nodata route reads plain values (the run did not honour the read's nodata); the fill route keeps the
        // read as it is (its file's own nodata stays honoured) and drops the untagged fill after it.
        out.push(plain ? { ...n, params: { ...(n.params ?? {}), nodata: 'none' } } : n)
        out.push({ id: masked.get(n.id)!, op: 'raster.mask', params: { nodata: fills.get(n.id)! }, inputs: { data: `@${n.id}` } })
      } else out.push({ ...n, ...(n.inputs ? { inputs: relink(n.inputs) } : {}) })
    }
    const output =
      isRec(holder) && typeof holder.output === 'string' && masked.has(holder.output) ? masked.get(holder.output) : isRec(holder) ? holder.output : undefined
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

/** `<prefix>@a=x,b=y` (or `<prefix>@a,b`) as [node, value] pairs. */
function routeParts(key: string, prefix: string): [string, string][] | null {
  if (!key.startsWith(`${prefix}@`)) return null
  return key
    .slice(prefix.length + 1)
    .split(',')
    .map((p) => {
      const eq = p.indexOf('=')
      return (eq < 0 ? [p, ''] : [p.slice(0, eq), p.slice(eq + 1)]) as [string, string]
    })
}

/** The edits of the routes that recompute a named part as the question asks: statistic, whole image, period, catalog folder. */
function editRoute(needed: readonly string[], holder: unknown, nodes: DagNode[]): { dag: unknown; purpose: string } | null {
  const out = nodes.map((n) => ({ ...n, params: { ...(n.params ?? {}) } }))
  const done: string[] = []
  const byId = (id: string) => out.find((n) => n.id === id)
  for (const key of needed) {
    for (const [id, stat] of routeParts(key, 'route:statistic') ?? []) {
      const n = byId(id)
      if (!n || !stat) continue
      if (n.op === 'raster.summarize' && Array.isArray(n.params.stats) && n.params.stats.length === 1) n.params.stats = [stat]
      else if (['raster.batch_reduce', 'spatial.query', 'timeseries.aggregate'].includes(n.op)) n.params.stat = stat
      else continue
      done.push(`${id} computes the ${stat}`)
    }
    for (const [id] of routeParts(key, 'route:whole-image') ?? []) {
      const n = byId(id)
      if (!n || n.op !== 'raster.read' || n.params.window === undefined) continue
      delete n.params.window
      done.push(`${id} reads the whole image`)
    }
    for (const [id, span] of [...(routeParts(key, 'route:period') ?? []), ...(routeParts(key, 'route:catalog-dir') ?? [])]) {
      const n = byId(id)
      if (!n || n.op !== 'asset.catalog') continue
      const [start, end] = span.split('..')
      if (start && end) Object.assign(n.params, { start, end })
      // A listed file set (lost files, or files of another period) is replaced by the period's files in their folder.
      if (Array.isArray(n.params.files)) {
        const dirs = [...new Set((n.params.files as unknown[]).filter((f): f is string => typeof f === 'string').map((f) => path.dirname(f)))]
        if (dirs.length !== 1) continue
        delete n.params.files
        n.params.dir = dirs[0]
      }
      done.push(`catalog ${id} ${start && end ? `keeps ${start} to ${end}` : 'finds the files by date in their folder'}`)
    }
  }
  if (done.length === 0) return null
  return { dag: { ...(isRec(holder) ? holder : {}), nodes: out }, purpose: `evidence request answered by a targeted route: ${done.join('; ')}` }
}

/** A request's route key in words, for the diagnosis the user reads. */
export function describeRoute(key: string): string {
  const what = key.slice(0, key.indexOf('@') < 0 ? undefined : key.indexOf('@'))
  const on = key.includes('@') ? key.slice(key.indexOf('@') + 1) : ''
  switch (what) {
    case 'route:statistic':
      return `the same DAG with the statistic the question asks (${on.replace(/=/g, ': ')})`
    case 'route:whole-image':
      return `the same quantity over the whole image (no window on ${on})`
    case 'route:period':
      return `the same quantity with the catalog keeping the requested period (${on.replace(/=/g, ': ')})`
    case 'route:catalog-dir':
      return `the period's files found by date in their folder instead of the list the run narrowed (${on})`
    case 'route:scale-apart':
      return `the values read plain and the scale, offset and unit applied by a separate node (${on})`
    case 'route:bind-roles':
      return `the band of each role bound explicitly by name (${on})`
    default:
      return key
  }
}

/**
 * Whether a follow-up replaces the call it follows up rather than recomputing it another way: every node both
 * share keeps its operator and something differs (a statistic, window, period, scale or band route), so the
 * follow-up answers what the first one got wrong and is not compared with it as a corroboration would be.
 */
/** Parameters whose change makes a follow-up answer what the first call got wrong (the routes above). */
const REPLACING = ['stat', 'stats', 'window', 'start', 'end', 'scale', 'offset', 'scales', 'role_bands', 'band']

export function replacesCall(origin: unknown, followUp: unknown): boolean {
  const a = nodesIn(origin)
  const b = new Map(nodesIn(followUp).map((n) => [n.id, n]))
  if (a.length === 0 || a.some((n) => b.has(n.id) && b.get(n.id)!.op !== n.op)) return false
  return a.some((n) => {
    const m = b.get(n.id)
    return m !== undefined && REPLACING.some((k) => JSON.stringify(n.params?.[k]) !== JSON.stringify(m.params?.[k]))
  })
}
