/**
 * Classes from the third blind development set's refusals (tests/dev-questions/questions-dev-3.jsonl), each fixed as
 * a class and tested with this file's own phrasings. References come from tests/dev-questions/references-3.json
 * (python3 + GDAL + numpy, by that set's author), never from the code under test.
 *
 * - The date of an extreme asked "among the dates of ..., which one has the lowest ...", and "the coolest summer
 *   (JJA) 2019 date" (a season with its months restated in brackets between the extreme and "date").
 * - Months set aside from a period: "summer 2019 but not the July dates", "June-August without July".
 * - Numbers said in words: "above thirty degrees celsius", "twenty nineteen".
 * - Dates counted by their share of valid pixels: "more than 90 percent of its pixels valid".
 */
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { REFS_3 } from '../../helpers/dev-references'
import { answeredWithin, planExecuteAnswered } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-dev-classes-8-')
afterAll(() => store.cleanup())
const Q46 = shared('benchmarks', 'earthbench-q46', 'files')

const answered = (q: string, files: string[], wants: readonly number[], tol: number) => answeredWithin(q, files, wants, tol, store.dir)

/** The date a "date of" question picks: the extreme of the planned series, as the planner's statistic says. */
async function datePicked(question: string): Promise<string> {
  const got = await planExecuteAnswered(question, [Q46], { artifacts: store.dir, provenance: true })
  const pick = got.plan.spec.quantity.statistic === 'date_of_max' ? 1 : got.plan.spec.quantity.statistic === 'date_of_min' ? -1 : 0
  expect(pick, question).not.toBe(0)
  const points = (got.result.observation as { points: { date: string; value: number }[] }).points.filter((p) => Number.isFinite(p.value))
  return [...points].sort((a, b) => pick * (b.value - a.value))[0].date
}

describe('the date of an extreme among the dates of a period', () => {
  it('reads "which one has the lowest" after the dates, and a season restated in brackets before "date"', async () => {
    const want = REFS_3.de3_date_min_lst_mean_jja.value as unknown as string
    for (const q of [
      'Of the June, July and August 2019 acquisitions, which one shows the lowest scene-mean LST?',
      'the coldest summer (June-August) 2019 date, by mean LST',
    ])
      expect(await datePicked(q), q).toBe(want)
  }, 120_000)
})

describe('months set aside from a period', () => {
  it('keeps the other months of the period, and refuses a month the period does not hold', async () => {
    const ref = REFS_3.ng3_lst_mean_jja_excl_jul_K
    for (const q of [
      'mean LST in K for summer 2019 but not the July dates (mean of the per-date means)',
      'average LST June-August 2019 excluding July, as the mean of the date means, kelvin',
    ])
      await answered(q, [Q46], ref.alternatives, ref.tolerance)
    const plan = planTask(makeTask({ question: 'mean LST in K for summer 2019 without the October dates (mean of the per-date means)', files: [Q46] }))
    expect(plan.refusal).toMatch(/October/)
  }, 120_000)
})

describe('numbers said in words and dates counted by their valid share', () => {
  it('reads a dictated threshold and year, and counts dates with more than 90 percent of their pixels valid', async () => {
    const median = REFS_3.kd3_count_dates_lst_median_gt30C
    await answered(
      'on how many dates of twenty nineteen is the median land surface temperature above thirty degrees celsius',
      [Q46],
      median.alternatives,
      median.tolerance,
    )
    const cover = REFS_3.kd3_count_dates_lst_cover_gt90
    for (const q of [
      'how many 2019 dates have more than 90 percent of their LST pixels valid?',
      'number of 2019 LST images with over 90 % of the pixels valid',
    ])
      await answered(q, [Q46], cover.alternatives, cover.tolerance)
  }, 180_000)
})
