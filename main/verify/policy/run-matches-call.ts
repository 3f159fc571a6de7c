/**
 * The run must be the call: every node the execute evidence says it ran (`source.operators`) has the operator,
 * parameters and links the planned call gave it, after the operator's own parameter schema has filled its
 * defaults. A tool that rebinds a band, drops a scale, narrows a file list or flips a comparison while still
 * reporting `ok` computed something other than what was asked, and its own evidence shows it: that is a rejection,
 * whatever the value looks like.
 */
import { isDeepStrictEqual } from 'node:util'
import { dagOf, isRec, type Rec } from '../../tools/execute/evidence-reader'
import { operatorRegistry } from '../../tools/execute/ops'
import { pass, type Finding } from './finding'

const CHECK = 'run-matches-call'
const registry = operatorRegistry(() => null)

/** What differs between the planned node and the node the evidence reports, in words; null when they agree. */
function difference(planned: { op: string; params?: Record<string, unknown>; inputs?: Record<string, unknown> }, ran: Rec): string | null {
  return differs(planned, ran)?.text ?? null
}

/** The first difference, with the parameter it is in (null for an operator or a link). */
function differs(
  planned: { op: string; params?: Record<string, unknown>; inputs?: Record<string, unknown> },
  ran: Rec,
): { param: string | null; text: string } | null {
  if (ran.op !== planned.op) return { param: null, text: `it ran '${String(ran.op)}' where the call planned '${planned.op}'` }
  const spec = registry.get(planned.op)
  const parsed = spec?.params.safeParse(planned.params ?? {})
  const want = parsed?.success && isRec(parsed.data) ? parsed.data : (planned.params ?? {})
  const got = isRec(ran.params) ? ran.params : {}
  for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
    if (!isDeepStrictEqual(want[key], got[key])) {
      return { param: key, text: `parameter '${key}' is ${JSON.stringify(got[key] ?? null)} in the run but ${JSON.stringify(want[key] ?? null)} in the call` }
    }
  }
  if (isRec(ran.inputs) && !isDeepStrictEqual(ran.inputs, planned.inputs ?? {})) return { param: null, text: 'its inputs are linked differently from the call' }
  return null
}

/** Key prefixes of the routes that settle a run-differs-from-call rejection with new evidence (evidence-routes.ts). */
export const SCALE_APART = 'route:scale-apart'
export const BIND_ROLES = 'route:bind-roles'
export const CATALOG_DIR = 'route:catalog-dir'

/**
 * The route that computes the same quantity without the part of the run that differed, by what differed: a scale,
 * offset or unit of a read (or the catalog's scales) is applied by a separate node over plain values; a band bound
 * to a role is bound explicitly by name; a file list that lost files is replaced by the period's files found in
 * their folder by date. Null for any other difference (no route settles it; the rejection stands).
 */
function routeOf(diffs: { node: string; op: string; param: string | null }[]): string | undefined {
  const kind = (d: { op: string; param: string | null }) =>
    (d.op === 'raster.read' && ['scale', 'offset', 'unit'].includes(d.param ?? '')) ||
    (d.op === 'asset.catalog' && (d.param === 'scales' || d.param === 'calibration'))
      ? SCALE_APART
      : (d.op === 'asset.catalog' && d.param === 'role_bands') || (d.op === 'raster.read' && d.param === 'band')
        ? BIND_ROLES
        : d.op === 'asset.catalog' && d.param === 'files'
          ? CATALOG_DIR
          : null
  const kinds = diffs.map(kind)
  if (kinds.length === 0 || kinds.some((k) => k === null) || new Set(kinds).size !== 1) return undefined
  return `${kinds[0]}@${[...new Set(diffs.map((d) => d.node))].join(',')}`
}

/** The key prefix of an evidence request for the nodata route (verify/evidence-routes.ts builds the call). */
export const MASK_NODATA = 'route:mask-nodata'

/**
 * The physical fill values each read dropped by nodata-only differences should have dropped: the file's nodata tag
 * scaled as the read scales it (band mapping evidence), per read node; null when a read has no tag to honour.
 */
function fillValues(readIds: string[], source: Rec): Map<string, number[]> | null {
  const bands = isRec(source.band_mapping) ? source.band_mapping : {}
  const out = new Map<string, number[]>()
  for (const id of readIds) {
    const recs = (Array.isArray(bands[id]) ? bands[id] : [bands[id]]).filter(isRec)
    const values = new Set<number>()
    for (const b of recs) {
      // What `nodata: 'file'` would have used: the catalog's fill value for the band, else the file's tag.
      const fill = typeof b.catalog_nodata === 'number' ? b.catalog_nodata : typeof b.file_nodata === 'number' ? b.file_nodata : null
      if (fill === null) return null
      const v = fill * (typeof b.scale === 'number' ? b.scale : 1) + (typeof b.offset === 'number' ? b.offset : 0)
      // The read's values may be float32: both spellings of the scaled fill.
      values.add(v).add(Math.fround(v))
    }
    if (values.size === 0) return null
    out.set(id, [...values])
  }
  return out
}

export function checkRunMatchesCall(args: unknown, source: Rec): Finding[] {
  const { nodes } = dagOf(args)
  const operators = isRec(source.operators) ? source.operators : null
  if (nodes.length === 0 || !operators) return []
  const diffs: string[] = []
  const where: { node: string; op: string; param: string | null }[] = []
  /** Read nodes whose only difference is the nodata parameter. */
  const nodataOnly: string[] = []
  for (const node of nodes) {
    const ran = operators[node.id]
    // Nodes that feed neither the output nor a saved layer are not run, so the evidence may leave them out.
    if (!isRec(ran)) continue
    const found = differs(node, ran)
    const d = found?.text ?? null
    if (found) {
      diffs.push(`node '${node.id}': ${found.text}`)
      where.push({ node: node.id, op: node.op, param: found.param })
    }
    if (
      d &&
      node.op === 'raster.read' &&
      d.startsWith("parameter 'nodata'") &&
      difference({ ...node, params: { ...node.params, nodata: (ran.params as Rec | undefined)?.nodata } }, ran) === null
    )
      nodataOnly.push(node.id)
  }
  for (const id of Object.keys(operators)) {
    if (!nodes.some((n) => n.id === id)) {
      diffs.push(`node '${id}' was run but is not in the call`)
      where.push({ node: id, op: '?', param: null })
    }
  }
  if (diffs.length) {
    const message = `the execute evidence describes a different run from the call (${diffs.slice(0, 3).join('; ')}), so the value answers another computation`
    // The run ignored the reads' nodata and nothing else: a second route that does not depend on the read's nodata
    // handling (a plain read, then a raster.mask dropping the file's own fill value) is new evidence that can settle it.
    const fills = nodataOnly.length === diffs.length ? fillValues(nodataOnly, source) : null
    if (fills) {
      const key = `${MASK_NODATA}@${[...fills].map(([id, vs]) => `${id}=${vs.join('/')}`).join(',')}`
      return [
        {
          check: CHECK,
          severity: 'request',
          key,
          message: `${message}; needed: the same quantity with the fill value dropped by a separate mask node (${[...fills].map(([id, vs]) => `${id}: ${vs[0]}`).join(', ')}) instead of the read's nodata`,
        },
      ]
    }
    const route = routeOf(where)
    return [{ check: CHECK, severity: 'reject', message, ...(route ? { route } : {}) }]
  }
  return [pass(CHECK, 'every node ran as the call planned it')]
}
