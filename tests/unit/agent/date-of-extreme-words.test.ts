/**
 * The date of an extreme in the words of chat (issue 15, "the date of an extreme"), on Earth-Bench task 46's real
 * series (../shared/benchmarks/earthbench-q46: 23 dates of 2019, LST = DN * 0.02 K, nodata 0 left out): "coldest
 * date", "wich date ... hotest single pixel" (a short misspelling and a typing slip), read as the date of the
 * minimum per-date mean or of the maximum single pixel, planned, executed and passed by the verifier's provenance
 * check; a value asked of the date an extreme picks ("the mean LST of the hottest day") is refused naming the words,
 * never answered with the year's mean. References: geotiff.js reads and plain loops here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { decode, mean } from '../../helpers/independent-stats'
import { planExecuteAnswered } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-date-of-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const dates = fs
  .readdirSync(FIXTURES.Q46_FILES)
  .filter((f) => f.endsWith('_LST.tif'))
  .map((f) => f.split('_')[1])
  .sort()
const perDateMean = new Map<string, number>()
const perDateMax = new Map<string, number>()
beforeAll(async () => {
  for (const d of dates) {
    const v = (await decode(path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_LST.tif`), 0.02)).data
    perDateMean.set(d, mean(v))
    perDateMax.set(
      d,
      v.reduce((m, x) => (x === x && x > m ? x : m), -Infinity),
    )
  }
}, 240_000)

/** The date whose value is extreme, over the dates with valid pixels. */
const extremeDate = (values: Map<string, number>, pick: 'max' | 'min') =>
  [...values.entries()].filter(([, v]) => Number.isFinite(v)).sort((a, b) => (pick === 'max' ? b[1] - a[1] : a[1] - b[1]))[0][0]

/** Plan, execute and verify; the date the series' extreme falls on. */
async function askDate(question: string, pick: 'max' | 'min'): Promise<string> {
  const r = await planExecuteAnswered(question, [FIXTURES.Q46_FILES], { artifacts: store.dir, pool, provenance: true })
  expect(r.plan.spec.quantity.statistic).toBe(pick === 'max' ? 'date_of_max' : 'date_of_min')
  const points = (r.result.observation as { points: { date: string; value: number }[] }).points
  return extremeDate(new Map(points.map((p) => [p.date, p.value])), pick)
}

describe('the date of an extreme in chat words', () => {
  it('"coldest date (mean LST)" is the date of the lowest per-date mean', async () => {
    const want = extremeDate(perDateMean, 'min')
    expect(want).not.toBe(extremeDate(perDateMax, 'min'))
    expect(await askDate('coldest date 2019 (mean LST)?', 'min')).toBe(want)
  }, 240_000)

  it('"wich date has the hotest single pixel" is the date of the highest pixel, not of the highest mean', async () => {
    const want = extremeDate(perDateMax, 'max')
    expect(want).not.toBe(extremeDate(perDateMean, 'max'))
    expect(await askDate('wich date has the hotest single pixel of LST in 2019?', 'max')).toBe(want)
  }, 240_000)

  it('a value asked of the date an extreme picks is refused, naming the words', () => {
    for (const q of ['What was the mean LST of the hottest day in 2019?', 'the coldest day of 2019: what was its mean LST?']) {
      const plan = planTask(makeTask({ question: q, files: [FIXTURES.Q46_FILES] }))
      expect(plan.workflow?.ok ?? false).toBe(false)
      expect(plan.refusal).toMatch(/(hottest|coldest) day/)
    }
  })
})
