/**
 * The estimator of a slope or trend with none named: a bare "slope" is the least-squares slope of the fitted line;
 * a "trend", or a slope beside a Mann-Kendall test, is Theil-Sen (the house default); a named estimator wins. Lead's
 * own cases, written from the class (a dev-file phrasing "the slope of LST per year" was answered with a Sen slope).
 */
import { describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { FIXTURES } from '../../helpers/tmp'

function trendMethod(question: string): unknown {
  const wf = planTask(makeTask({ question, options: [], files: [FIXTURES.Q46_FILES] })).workflow
  if (!wf?.ok || wf.tool !== 'execute') return 'refused'
  const node = (wf.args.nodes as { op: string; params: Record<string, unknown> }[]).find((n) => n.op === 'timeseries.trend')
  // No method parameter: the operator's default, Theil-Sen (execute README, timeseries.trend).
  return node ? (node.params.method ?? 'sen') : 'no trend node'
}

describe('the slope estimator', () => {
  it.each([
    ['What is the slope of mean LST per year over 2019?', 'ols'],
    ['slope of lst in 2019, one mean per date, per year', 'ols'],
    ['What is the trend of mean LST over 2019, in K per year?', 'sen'],
    ['What is the Sen slope of mean LST over 2019 per year?', 'sen'],
    ['What is the least-squares trend of mean LST over 2019 per year?', 'ols'],
    ['Run a Mann-Kendall test on mean LST in 2019 and give the slope per year.', 'sen'],
    ['What is the Sen’s slope of mean LST over 2019 per year?', 'sen'],
    ['What is the slope (Sen’s) of mean LST in 2019?', 'sen'],
  ])('%s -> %s', (question, method) => {
    expect(trendMethod(question)).toBe(method)
  })
})
