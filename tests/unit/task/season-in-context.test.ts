/**
 * A season defined in a context sentence while the ask names only the year: the season narrows the year, so the
 * planner must not answer the whole year's value under the season's name (the dev set's winter question was answered
 * 289.40 K, the 2019 mean, for a Dec/Jan/Feb mean of 266.03 K). Refused naming the season's words, or computed over
 * the season: never the year. Lead's own phrasings, on the task-46 files.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { planExecute } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const artifacts = tempDir('rsure-season-')
afterAll(() => artifacts.cleanup())

describe('a season defined in context', () => {
  it.each([
    'For the memo we take the summer months as June, July and August, with whatever 2019 dates fall in them. What is the summer mean NDVI?',
    'In this report the dry season means July to September, using the 2019 acquisitions. What is the dry-season mean LST in K?',
  ])('%s is not answered over the whole year', { timeout: 120_000 }, async (question) => {
    const r = await planExecute(question, [FIXTURES.Q46_FILES], { artifacts: artifacts.dir })
    if (r.refusal !== null) {
      expect(r.refusal).toMatch(/june|july|august|september|summer|season|period/i)
      return
    }
    const catalog = r.wf.args.nodes.find((n) => n.op === 'asset.catalog')
    expect(catalog?.params.start).not.toBe('2019-01-01')
  })
})
