/**
 * The order of a subtraction the question writes between two periods ("the median on 26 June minus the median on 14
 * September") against the DAG's: the `a` side of the subtraction must read the first period named, the `b` side the
 * second. The sides are told apart by the period their catalog lists (its `start` and `end`), followed upstream
 * from each input. A difference asked as "the difference between" states no order and is not checked here.
 */
import { all, parseQuestion } from '../../domain/spans'
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'

/** The two periods around a written subtraction, first named first; null when the question writes none. */
export function writtenSubtraction(question: string): [{ start: string; end: string; text: string }, { start: string; end: string; text: string }] | null {
  const spans = parseQuestion(question).spans
  const minus = all(spans, 'combine').find((c) => /\b(?:minus|less|subtract(?:ed)?)\b/i.test(c.text))
  if (!minus) return null
  const periods = all(spans, 'period')
  const before = periods.filter((p) => p.end <= minus.at).at(-1)
  const after = periods.find((p) => p.at >= minus.end)
  if (!before || !after || before.start === after.start) return null
  return [
    { start: before.start, end: before.last, text: before.text },
    { start: after.start, end: after.last, text: after.text },
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
