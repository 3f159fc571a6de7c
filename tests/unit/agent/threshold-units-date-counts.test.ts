/**
 * Two classes of issue 15 on Earth-Bench task 46's real series (../shared/benchmarks/earthbench-q46: 23 dates of
 * 2019, LST = DN * 0.02 K, NDVI = DN * 1e-4, nodata left out), each planned, executed and then checked by the
 * verifier's provenance check (a value the verifier rejects is no answer):
 * - thresholds in the units analysts write in chat: "35C", "0 C", "degC", "minus 15 degrees Celsius", "100 degrees F";
 * - counts of dates on a per-date statistic: "how many dates have the mean NDVI bigger than 0.2", "dates where the
 *   mean LST is above 305 K", "dates with at least one pixel above T" (the per-date maximum).
 * References: geotiff.js reads and plain loops here, never the engine.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { decode, mean } from '../../helpers/independent-stats'
import { planExecuteAnswered } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-units-dates-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const file = (d: string, v: 'LST' | 'NDVI') => path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_${v}.tif`)
const dates = fs
  .readdirSync(FIXTURES.Q46_FILES)
  .filter((f) => f.endsWith('_LST.tif'))
  .map((f) => f.split('_')[1])
  .sort()
const lst = new Map<string, Float64Array>()
const ndviMean = new Map<string, number>()
beforeAll(async () => {
  for (const d of dates) {
    // LST > 0 is valid (nodata 0 is NaN already); NDVI's valid range is the file's, nodata NaN.
    lst.set(d, (await decode(file(d, 'LST'), 0.02)).data)
    ndviMean.set(d, mean((await decode(file(d, 'NDVI'), 0.0001)).data))
  }
}, 240_000)

const count = (v: Float64Array, keep: (x: number) => boolean) => v.reduce((n, x) => (x === x && keep(x) ? n + 1 : n), 0)
const valid = (v: Float64Array) => count(v, () => true)
const max = (v: Float64Array) => v.reduce((m, x) => (x === x && x > m ? x : m), -Infinity)

/** Plan, execute and verify one question; the value, or a thrown sentence saying which stage refused. */
async function ask(question: string, files: string[]): Promise<number> {
  return (await planExecuteAnswered(question, files, { artifacts: store.dir, pool, provenance: true })).value
}

describe('thresholds in the units analysts write', () => {
  it('"35C" and "degC" written after the number are degrees Celsius', async () => {
    const want = count(lst.get('2019-06-26')!, (x) => x > 35 + 273.15)
    expect(want).toBeGreaterThan(0)
    expect(await ask('px count LST > 35C, 2019-06-26', [file('2019-06-26', 'LST')])).toBe(want)
    expect(await ask('how many pixels of LST over 35 degC on 2019-06-26?', [file('2019-06-26', 'LST')])).toBe(want)
  }, 120_000)

  it('"minus 15 degrees Celsius" is -15 °C', async () => {
    const want = count(lst.get('2019-01-17')!, (x) => x < -15 + 273.15)
    expect(want).toBeGreaterThan(0)
    const q = 'Count the pixels whose land surface temperature is below minus 15 degrees Celsius on 17 January 2019.'
    expect(await ask(q, [file('2019-01-17', 'LST')])).toBe(want)
  }, 120_000)

  it('"100 °F" is converted to kelvin and the verifier accepts the converted threshold', async () => {
    const v = lst.get('2019-08-13')!
    const want = (100 * count(v, (x) => x < ((100 - 32) * 5) / 9 + 273.15)) / valid(v)
    expect(want).toBeGreaterThan(1)
    const got = await ask('What percent of the pixels have LST lower than 100 °F on 13 August 2019?', [file('2019-08-13', 'LST')])
    expect(got * (got <= 1 ? 100 : 1)).toBeCloseTo(want, 6)
  }, 120_000)
})

describe('counts of dates on a per-date statistic', () => {
  const all = () => [FIXTURES.Q46_FILES]

  it('"bigger than" compares each date\'s mean NDVI', async () => {
    const want = dates.filter((d) => ndviMean.get(d)! > 0.2).length
    expect(want).toBeGreaterThan(0)
    expect(want).toBeLessThan(dates.length)
    expect(await ask('How many dates in 2019 have the mean NDVI bigger than 0.2?', all())).toBe(want)
  }, 240_000)

  it('the per-date mean LST above 305 K, counted and verified', async () => {
    const want = dates.filter((d) => mean(lst.get(d)!) > 305).length
    expect(want).toBeGreaterThan(0)
    expect(await ask('number of dates in 2019 where the mean LST is above 305 K', all())).toBe(want)
  }, 240_000)

  it('"at least one pixel above" counts dates on their per-date maximum, not their mean', async () => {
    const want = dates.filter((d) => max(lst.get(d)!) > 315).length
    const byMean = dates.filter((d) => mean(lst.get(d)!) > 315).length
    expect(want).toBeGreaterThan(byMean)
    expect(await ask('How many dates of 2019 have at least one pixel with LST more than 315 K?', all())).toBe(want)
  }, 240_000)
})
