/**
 * Counts of dates meeting a condition (issue 15) on Earth-Bench task 46's real series
 * (../shared/benchmarks/earthbench-q46: 23 dates of 2019, LST = DN * 0.02 K, NDVI = DN * 1e-4, nodata left out): on
 * each date's mean, with the threshold in °C converted to the data's kelvin, and on each date's share of pixels
 * meeting a pixel condition. References: geotiff.js reads and plain loops here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { decode, mean } from '../../helpers/independent-stats'
import { planExecuteAnswered } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-date-counts-')
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
const lstMean = new Map<string, number>()
const ndviShare = new Map<string, number>()
beforeAll(async () => {
  for (const d of dates) {
    lstMean.set(d, mean((await decode(path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_LST.tif`), 0.02)).data))
    if (d.startsWith('2019-07')) {
      const v = (await decode(path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_NDVI.tif`), 0.0001)).data
      let n = 0
      let k = 0
      for (const x of v)
        if (x === x) {
          n++
          if (x > 0.3) k++
        }
      ndviShare.set(d, k / n)
    }
  }
}, 180_000)

async function ask(question: string, files: string[]): Promise<number> {
  return (await planExecuteAnswered(question, files, { artifacts: store.dir, pool })).value
}

describe('counts of dates meeting a condition', () => {
  it('on the per-date mean, the threshold in °C converted to kelvin', async () => {
    const want = dates.filter((d) => lstMean.get(d)! < 273.15).length
    expect(want).toBeGreaterThan(0)
    expect(want).toBeLessThan(dates.length)
    expect(await ask('How many days in 2019 had a mean LST below 0 °C?', [FIXTURES.Q46_FILES])).toBe(want)
  }, 180_000)

  it('on the per-date share of pixels meeting a pixel condition', async () => {
    const july = [...ndviShare.keys()]
    const files = july.flatMap((d) => ['LST', 'NDVI'].map((v) => path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_${v}.tif`)))
    const wants: number[] = []
    for (const cut of [30, 41, 45]) {
      const want = july.filter((d) => ndviShare.get(d)! > cut / 100).length
      wants.push(want)
      expect(await ask(`How many dates in July 2019 had more than ${cut}% of pixels with NDVI above 0.3?`, files)).toBe(want)
    }
    // The shares are 0.42 and 0.40: the three thresholds count different numbers of dates.
    expect(new Set(wants).size).toBe(3)
  }, 180_000)
})
