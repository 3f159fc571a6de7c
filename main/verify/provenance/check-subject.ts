/**
 * Which variable the observation's statistic is of, against the variable the question's statistic names: "the mean
 * LST over the pixels with TVDI between 0.4 and 0.6" answered with the mean TVDI of those pixels is another
 * question. The DAG's side is read from the input of each statistic over pixels (dag-variables.ts, through masks and
 * unit conversions); where either side names no variable of the verifier's vocabulary nothing is said.
 */
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'
import type { AskedSubject } from '../question-reader/subject'
import { VARIABLE_WORDS } from '../question-reader/variables'
import type { DagVariables } from './dag-variables'
import type { StatisticStep } from './statistic-chain'

export interface StatisticSubject {
  node: string
  variable: string
}

/** The variable each statistic over pixels takes its values from, where the DAG says. */
export function statisticSubjects(steps: readonly StatisticStep[], nodes: readonly ActionNode[], vars: DagVariables): StatisticSubject[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const out: StatisticSubject[] = []
  for (const s of steps) {
    if (s.over === 'dates') continue
    const n = byId.get(s.node)
    const links = n ? Object.entries(n.inputs).filter(([, v]) => linkTarget(v) !== null) : []
    const data = links.find(([k]) => k === 'data') ?? (links.length === 1 ? links[0] : undefined)
    const variable = data ? vars.variableOf(linkTarget(data[1])!) : null
    if (variable) out.push({ node: s.node, variable })
  }
  return out
}

const known = (v: string) => Object.prototype.hasOwnProperty.call(VARIABLE_WORDS, v)

export function checkSubject(asked: AskedSubject | null, found: readonly StatisticSubject[]): Finding[] {
  if (!asked || !known(asked.variable)) return []
  const comparable = found.filter((f) => known(f.variable))
  if (comparable.length === 0) return []
  const other = comparable.find((f) => f.variable !== asked.variable)
  if (!other) return [pass('provenance_subject', `the statistic is taken of ${asked.variable.toUpperCase()}, as asked ("${asked.words}")`)]
  return [
    {
      check: 'provenance_subject',
      severity: 'reject',
      message: `the question asks for a statistic of ${asked.variable.toUpperCase()} ("${asked.words}") but the observation's node '${other.node}' takes it of ${other.variable.toUpperCase()}`,
    },
  ]
}
