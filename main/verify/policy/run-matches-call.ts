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
  if (ran.op !== planned.op) return `it ran '${String(ran.op)}' where the call planned '${planned.op}'`
  const spec = registry.get(planned.op)
  const parsed = spec?.params.safeParse(planned.params ?? {})
  const want = parsed?.success && isRec(parsed.data) ? parsed.data : (planned.params ?? {})
  const got = isRec(ran.params) ? ran.params : {}
  for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
    if (!isDeepStrictEqual(want[key], got[key])) {
      return `parameter '${key}' is ${JSON.stringify(got[key] ?? null)} in the run but ${JSON.stringify(want[key] ?? null)} in the call`
    }
  }
  if (isRec(ran.inputs) && !isDeepStrictEqual(ran.inputs, planned.inputs ?? {})) return 'its inputs are linked differently from the call'
  return null
}

export function checkRunMatchesCall(args: unknown, source: Rec): Finding[] {
  const { nodes } = dagOf(args)
  const operators = isRec(source.operators) ? source.operators : null
  if (nodes.length === 0 || !operators) return []
  const diffs: string[] = []
  for (const node of nodes) {
    const ran = operators[node.id]
    // Nodes that feed neither the output nor a saved layer are not run, so the evidence may leave them out.
    if (!isRec(ran)) continue
    const d = difference(node, ran)
    if (d) diffs.push(`node '${node.id}': ${d}`)
  }
  for (const id of Object.keys(operators)) {
    if (!nodes.some((n) => n.id === id)) diffs.push(`node '${id}' was run but is not in the call`)
  }
  if (diffs.length) {
    return [{ check: CHECK, severity: 'reject', message: `the execute evidence describes a different run from the call (${diffs.slice(0, 3).join('; ')}), so the value answers another computation` }]
  }
  return [pass(CHECK, 'every node ran as the call planned it')]
}
