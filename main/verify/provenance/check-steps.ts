/**
 * Changes from one point of a series to the next (the verifier's own reading, question-reader/steps.ts), held to the
 * DAG's `timeseries.steps` node and the statistic over it.
 */
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'
import type { QuestionDemands } from '../question-reader/index'
import { describeStep, type StatisticStep } from './statistic-chain'

/**
 * Changes from one point of a series to the next: asked, the DAG must take them (a `timeseries.steps` node) with the
 * sign asked, and over them the statistic asked (the largest, the mean, or none for the date of the largest, which
 * the answer reads from the series); taken, they must have been asked. Returns the findings and the chain below the
 * steps, which the other statistic checks hold to the statistic of each date.
 */
export function checkSteps(asked: QuestionDemands['steps'], chain: StatisticStep[]): { findings: Finding[]; below: StatisticStep[]; extremesAbove: boolean } {
  const at = chain.findIndex((s) => s.op === 'timeseries.steps')
  if (!asked && at < 0) return { findings: [], below: chain, extremesAbove: false }
  const reject = (message: string): { findings: Finding[]; below: StatisticStep[]; extremesAbove: boolean } => ({
    findings: [{ check: 'provenance_steps', severity: 'reject', message }],
    below: at < 0 ? chain : chain.slice(at + 1),
    extremesAbove: false,
  })
  if (!asked) return reject(`the observation takes changes from one date to the next (node '${chain[at].node}'), which the question does not ask for`)
  if (at < 0) return reject(`the question asks for changes from one point of the series to the next ('${asked.words}') but no node of the DAG takes them`)
  const node = chain[at]
  const above = chain.slice(0, at)
  if (asked.sign === null || asked.over === null)
    return {
      findings: [
        {
          check: 'provenance_steps',
          severity: 'request',
          key: 'unchecked_phrase',
          message: `the verifier cannot tell which change from one point to the next is asked ('${asked.words}')`,
        },
      ],
      below: chain.slice(at + 1),
      extremesAbove: true,
    }
  if (node.stat !== asked.sign)
    return reject(
      `the question asks for the ${asked.sign === 'drop' ? 'drops (earlier minus later)' : 'changes (later minus earlier)'} but node '${node.node}' takes ${node.stat === 'drop' ? 'drops' : 'rises'}`,
    )
  const outer = above.find((s) => s.kind !== 'other')
  const want = asked.over === 'date' ? null : asked.over
  if ((want === null && outer) || (want !== null && (!outer || outer.kind !== want)))
    return reject(
      `the question asks for ${asked.over === 'date' ? 'the date of the largest change' : `the ${asked.over === 'max' ? 'largest' : 'mean'} change`} from one point to the next, but the observation takes ${outer ? `${describeStep(outer)} (node '${outer.node}')` : 'no statistic'} over them`,
    )
  return {
    findings: [
      pass(
        'provenance_steps',
        `node '${node.node}' takes the ${asked.sign === 'drop' ? 'drops' : 'changes'} from one ${asked.monthly ? 'month' : 'point'} to the next, ${outer ? `and '${outer.node}' their ${outer.stat}` : 'as a dated series'}`,
      ),
    ],
    below: chain.slice(at + 1),
    extremesAbove: asked.over !== 'mean',
  }
}
