/**
 * Comparisons between two periods inside a longer record (issue 15, "comparisons between periods or years"): the
 * files span March to September 2019 (Earth-Bench task 46's LST, ../shared/benchmarks/earthbench-q46), the question
 * names the whole record and then two months to compare, with no statistic named. The compiler takes each month's
 * mean LST (the mean of its per-date image means) and combines them: a difference (later minus earlier), a ratio
 * (first named over second) and a percent change (from the earlier to the later). The references are computed here
 * with geotiff.js and plain loops (LST = DN * 0.02 K, nodata left out), never by the code under test.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { decode, mean } from '../../helpers/independent-stats'
import { planExecuteAnswered } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-period-cmp-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const lstFile = (date: string) => path.join(FIXTURES.Q46_FILES, `Xinjiang_${date}_LST.tif`)
const APRIL = ['2019-04-07', '2019-04-23']
const AUGUST = ['2019-08-13', '2019-08-29']
// The record handed to the planner is longer than the two months compared.
const RECORD = ['2019-03-22', ...APRIL, ...AUGUST, '2019-09-14'].map(lstFile)

const perDateMean = new Map<string, number>()
beforeAll(async () => {
  for (const d of [...APRIL, ...AUGUST]) {
    const img = await decode(lstFile(d), 0.02)
    // LST > 0 is valid (the benchmark's convention); nodata is NaN already.
    perDateMean.set(d, mean(img.data.map((v) => (v > 0 ? v : NaN))))
  }
}, 120_000)

const monthMean = (dates: string[]) => dates.reduce((a, d) => a + perDateMean.get(d)!, 0) / dates.length

async function ask(question: string): Promise<number> {
  return (await planExecuteAnswered(question, RECORD, { artifacts: store.dir, pool })).value
}

describe('two periods compared inside a longer record, no statistic named', () => {
  it('difference: August minus April, whichever is named first', async () => {
    const v = await ask('Using the LST record of 2019 from March to September, how much did LST change between August 2019 and April 2019?')
    expect(v).toBeCloseTo(monthMean(AUGUST) - monthMean(APRIL), 4)
    expect(Math.abs(v)).toBeGreaterThan(1)
  }, 120_000)

  it('ratio: the first named over the second', async () => {
    const v = await ask('Using the LST record of 2019 from March to September, what is the ratio of LST in August 2019 to LST in April 2019?')
    expect(v).toBeCloseTo(monthMean(AUGUST) / monthMean(APRIL), 6)
  }, 120_000)

  it('percent change: from the earlier month to the later', async () => {
    const v = await ask('Using the LST record of 2019 from March to September, compute the percentage change in LST between April 2019 and August 2019.')
    expect(v).toBeCloseTo((100 * (monthMean(AUGUST) - monthMean(APRIL))) / monthMean(APRIL), 4)
  }, 120_000)
})
