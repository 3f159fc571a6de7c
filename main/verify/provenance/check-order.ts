/**
 * The order of a difference the question writes between two periods ("the median on 26 June minus the median on 14
 * September", "how much warmer was May than October") against the DAG's: the `a` side of the subtraction must read the first period named, the `b` side the
 * second. The sides are told apart by the period their catalog lists (its `start` and `end`), followed upstream
 * from each input. A difference asked as "the difference between" states no order and is not checked here.
 */
import { all, parseQuestion } from '../../domain/spans'
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'

/** The two periods of a difference whose order the question writes (the span parser's), minuend first; null when it writes none. */
export function writtenSubtraction(question: string): [{ start: string; end: string; text: string }, { start: string; end: string; text: string }] | null {
  const spans = parseQuestion(question).spans
  const written = all(spans, 'combine').find((c) => c.written)?.written
  if (!written) return null
  const text = (p: { start: string; last: string }) =>
    all(spans, 'period').find((x) => x.start === p.start && x.last === p.last)?.text ?? `${p.start} to ${p.last}`
  return [
    { start: written.minuend.start, end: written.minuend.last, text: text(written.minuend) },
    { start: written.subtrahend.start, end: written.subtrahend.last, text: text(written.subtrahend) },
  ]
}

/** The period the catalog upstream of a node lists, or null. */
function periodOf(id: string, byId: ReadonlyMap<string, ActionNode>, seen = new Set<string>()): { start: string; end: string } | null {
  const n = byId.get(id)
  if (!n || seen.has(id)) return null
  seen.add(id)
  if (n.op === 'asset.catalog')
    return typeof n.params.start === 'string' && typeof n.params.end === 'string' ? { start: n.params.start, end: n.params.end } : null
  for (const v of Object.values(n.inputs)) {
    const t = linkTarget(v)
    const p = t ? periodOf(t, byId, seen) : null
    if (p) return p
  }
  return null
}

export function checkOrder(question: string, nodes: readonly ActionNode[]): Finding[] {
  const asked = writtenSubtraction(question)
  if (!asked) return []
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const findings: Finding[] = []
  for (const n of nodes.filter((x) => x.op === 'math.subtract')) {
    const a = periodOf(linkTarget(n.inputs.a) ?? '', byId)
    const b = periodOf(linkTarget(n.inputs.b) ?? '', byId)
    if (!a || !b) continue
    const is = (p: { start: string; end: string }, q: { start: string; end: string }) => p.start === q.start && p.end === q.end
    if (is(a, asked[0]) && is(b, asked[1])) findings.push(pass('provenance_order', `node '${n.id}' takes ${asked[0].text} minus ${asked[1].text}, as written`))
    else if (is(a, asked[1]) && is(b, asked[0]))
      findings.push({
        check: 'provenance_order',
        severity: 'reject',
        message: `the question asks for ${asked[0].text} minus ${asked[1].text}, but the observation's node '${n.id}' takes ${asked[1].text} minus ${asked[0].text}`,
      })
  }
  return findings
}
