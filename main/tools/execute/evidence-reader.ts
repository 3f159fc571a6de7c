/**
 * Readers over execute evidence (README.md "Evidence"), beside its writer (evidence.ts): the verifier must judge
 * results from any DAG, so it walks the records by meaning (dates, valid/total counts, node stats) rather than by one
 * fixed layout, and treats what it cannot find as missing evidence rather than as a pass. The DAG itself is read
 * through the one schema in dag.ts.
 */
import { isRecord, type JsonRecord } from '../../domain/json'
import { Dag } from './dag'

export type Rec = JsonRecord

export const isRec = isRecord

export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/

/** Keys that hold what was asked for (a period's bounds) rather than what was found. */
const REQUEST_KEYS = /^(requested|request|period|requested_period|start|end|from|to|filter|largest_gap.*)$/i

/**
 * Every ISO date string (YYYY-MM-DD) found in a value, sorted and unique, skipping the bounds of requested periods
 * so only dates that were actually found are counted.
 */
export function datesIn(value: unknown, out = new Set<string>()): string[] {
  if (typeof value === 'string' && ISO_DATE.test(value)) out.add(value.slice(0, 10))
  else if (Array.isArray(value)) value.forEach((v) => datesIn(v, out))
  else if (isRec(value)) for (const [k, v] of Object.entries(value)) if (!REQUEST_KEYS.test(k)) datesIn(v, out)
  return [...out].sort()
}

/** A DAG node as given in the action (the schema of dag.ts). */
export type ActionNode = Dag['nodes'][number]

/** The nodes and output of an execute action's DAG (empty when the action is not a valid DAG). */
export function dagOf(args: unknown): { nodes: ActionNode[]; output: string | null } {
  const holder = isRec(args) && isRec(args.dag) ? args.dag : args
  const parsed = Dag.safeParse(holder)
  if (!parsed.success) return { nodes: [], output: null }
  return { nodes: parsed.data.nodes, output: parsed.data.output }
}

/** The id a `"@node"` link points to (ignoring a `.field` suffix). */
export function linkTarget(v: unknown): string | null {
  return typeof v === 'string' && v.startsWith('@') ? v.slice(1).split('.')[0] : null
}

/** Per-node records in `evidence.intermediate.nodes` (object keyed by id, or a list of records with `id`). */
export function nodeRecords(intermediate: Rec): Map<string, Rec> {
  const nodes = intermediate.nodes
  const out = new Map<string, Rec>()
  if (isRec(nodes)) for (const [id, v] of Object.entries(nodes)) if (isRec(v)) out.set(id, v)
  if (Array.isArray(nodes)) for (const v of nodes) if (isRec(v) && typeof v.id === 'string') out.set(v.id, v)
  return out
}

/** Summary numbers (mean, min, max) of a node record, looking one level into `stats`/`summary` if needed. */
export function nodeStats(rec: Rec | undefined): { mean?: number; min?: number; max?: number; unit?: string } {
  if (!rec) return {}
  const src = [rec, rec.stats, rec.summary, rec.value].filter(isRec).find((r) => num(r.mean) !== undefined || num(r.min) !== undefined)
  const unit = typeof rec.unit === 'string' ? rec.unit : undefined
  if (!src) return { unit }
  return { mean: num(src.mean), min: num(src.min), max: num(src.max), unit }
}

/** All (valid, total) pixel-count pairs inside a node record, item by item for collections. */
export function validCounts(value: unknown, out: { valid: number; total: number; at: string }[] = [], at = ''): { valid: number; total: number; at: string }[] {
  if (Array.isArray(value)) value.forEach((v, i) => validCounts(v, out, `${at}[${i}]`))
  else if (isRec(value)) {
    const valid = num(value.valid) ?? num(value.valid_pixels) ?? num(value.valid_count)
    const total = num(value.total) ?? num(value.total_pixels) ?? num(value.pixels)
    if (valid !== undefined && total !== undefined && total > 0) out.push({ valid, total, at })
    else for (const [k, v] of Object.entries(value)) validCounts(v, out, at ? `${at}.${k}` : k)
  }
  return out
}

/** The ids of the nodes upstream of `id` (itself included). */
export function upstream(nodes: ActionNode[], id: string): Set<string> {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const seen = new Set<string>()
  const stack = [id]
  while (stack.length) {
    const cur = stack.pop()!
    if (seen.has(cur)) continue
    seen.add(cur)
    for (const v of Object.values(byId.get(cur)?.inputs ?? {})) {
      const t = linkTarget(v)
      if (t) stack.push(t)
    }
  }
  return seen
}
