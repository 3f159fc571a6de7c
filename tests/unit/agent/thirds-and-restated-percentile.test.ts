/**
 * Regions and statistics read in analysts' words (issue 15, "regions" and "statistics"), on Earth-Bench task 46's LST
 * (../shared/benchmarks/earthbench-q46, LST = DN * 0.02 K, DN 0 nodata):
 * - "the middle third of columns", "the central vertical third": the columns whose pixel centres lie in [1/3, 2/3)
 *   of the width, all rows (it was read as the middle third of the rows, "columns" left unread);
 * - a part named in a context sentence and another in the question, nothing comparing them: refused naming both
 *   (the first was taken);
 * - "the first quartile (25th percentile)": one percentile restated (the restatement blocked as unplaced).
 * Values: geotiff.js reads and plain loops here (numpy's linear percentile in the helper); the verifier's provenance
 * check passes each.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { decode, mean, percentile } from '../../helpers/independent-stats'
import { planExecuteAnswered } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-thirds-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const lst = (d: string) => path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_LST.tif`)

async function ask(question: string, file: string): Promise<number> {
  return (await planExecuteAnswered(question, [file], { artifacts: store.dir, pool, provenance: true })).value
}

describe('thirds of columns, two unrelated parts, a restated percentile', () => {
  it('"the middle third of columns" and "the central vertical third" are the middle band of columns', async () => {
    const img = await decode(lst('2019-06-26'), 0.02)
    const band: number[] = []
    const rowsBand: number[] = []
    const middle = (i: number, n: number) => (i + 0.5) / n >= 1 / 3 && (i + 0.5) / n < 2 / 3
    for (let r = 0; r < img.height; r++)
      for (let c = 0; c < img.width; c++) {
        if (middle(c, img.width)) band.push(img.data[r * img.width + c])
        if (middle(r, img.height)) rowsBand.push(img.data[r * img.width + c])
      }
    const want = mean(band)
    // The columns' band differs from the whole image and from the rows' band (the old reading).
    expect(Math.abs(want - mean(img.data))).toBeGreaterThan(0.01)
    expect(Math.abs(want - mean(rowsBand))).toBeGreaterThan(0.01)
    expect(await ask('What is the mean LST (K) of the middle third of columns on 26 June 2019?', lst('2019-06-26'))).toBeCloseTo(want, 4)
    expect(await ask('mean LST of the central vertical third on 26 June 2019, in K', lst('2019-06-26'))).toBeCloseTo(want, 4)
  }, 120_000)

  // A sentence that only describes the land ("The irrigated belt runs through the centre of the scene.") is context
  // (tests/unit/task/dev-classes-2.test.ts); one that says what the analysis looks at keeps its part.
  it('a part in a sentence scoping the analysis and another in the question are refused, naming both', () => {
    const q = 'We only study the centre of the scene. What is the mean LST (K) of the middle third of columns on 26 June 2019?'
    const plan = planTask(makeTask({ question: q, files: [lst('2019-06-26')] }))
    expect(plan.workflow?.ok ?? false).toBe(false)
    expect(plan.refusal).toMatch(/centre of the scene.*middle third of columns/)
  })

  it('"the first quartile (25th percentile)" is the 25th percentile', async () => {
    const want = percentile((await decode(lst('2019-08-29'), 0.02)).data, 25)
    const got = await ask('Compute the first quartile (25th percentile) of land surface temperature on 29 August 2019, in K.', lst('2019-08-29'))
    expect(got).toBeCloseTo(want, 4)
  }, 120_000)
})
