/**
 * Two months of one year set against each other in terse or chat wording (issue 15, "comparisons between periods"):
 * "jun -> sep 2019", "july lst to april lst, 2019", "aug minus may 2019", "August than May 2019", "the percent
 * change ... from June to September 2019". The year is written once after both months; each month is its own side.
 * On Earth-Bench task 46's LST series (../shared/benchmarks/earthbench-q46, LST = DN * 0.02 K, nodata 0 left out),
 * each side is the mean of its dates' image means; planned, executed and passed by the verifier's provenance check.
 * References: geotiff.js reads and plain loops here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { decode, mean } from '../../helpers/independent-stats'
import { planExecuteAnswered } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-month-cmp-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const lstFiles = fs
  .readdirSync(FIXTURES.Q46_FILES)
  .filter((f) => f.endsWith('_LST.tif') && /_2019-0[4-9]-/.test(f))
  .map((f) => path.join(FIXTURES.Q46_FILES, f))
const perDate = new Map<string, number>()
beforeAll(async () => {
  for (const f of lstFiles) perDate.set(path.basename(f).split('_')[1], mean((await decode(f, 0.02)).data))
}, 240_000)

/** The mean of the image means of a month's dates (a date with no valid pixel has no mean: 2019-09-30). */
const monthMean = (mo: string) => {
  const v = [...perDate.entries()].filter(([d, x]) => d.startsWith(`2019-${mo}`) && Number.isFinite(x)).map(([, x]) => x)
  expect(v.length).toBeGreaterThan(0)
  return v.reduce((a, x) => a + x, 0) / v.length
}

async function ask(question: string): Promise<number> {
  const r = await planExecuteAnswered(question, lstFiles, { artifacts: store.dir, pool, provenance: true })
  expect(r.plan.spec.periods).toHaveLength(2)
  return r.value
}

describe('two months of one year compared, the year written once', () => {
  it('"aug minus may 2019" and "how much warmer is August than May 2019": August minus May', async () => {
    const want = monthMean('08') - monthMean('05')
    expect(want).toBeGreaterThan(1)
    expect(await ask('LST aug minus may 2019 (K)')).toBeCloseTo(want, 4)
    expect(await ask('How much warmer is August than May 2019 in LST, kelvin difference?')).toBeCloseTo(want, 4)
  }, 240_000)

  it('"ratio of july lst to april lst, 2019": July over April', async () => {
    expect(await ask('ratio of july lst to april lst, 2019?')).toBeCloseTo(monthMean('07') / monthMean('04'), 6)
  }, 240_000)

  it('"% change lst jun -> sep 2019" and "percent change ... from June to September 2019": from June to September', async () => {
    const want = (100 * (monthMean('09') - monthMean('06'))) / monthMean('06')
    expect(await ask('% change lst jun -> sep 2019')).toBeCloseTo(want, 4)
    expect(await ask('What is the percent change of the mean LST from June to September 2019?')).toBeCloseTo(want, 4)
  }, 240_000)

  it('a range with no comparison stays one period; "may minus aug" (earlier minus later) is not read as two sides', () => {
    const one = planTask(makeTask({ question: 'mean LST from June to September 2019', files: lstFiles }))
    expect(one.spec.periods.map((p) => `${p.start}/${p.end}`)).toEqual(['2019-06-01/2019-09-30'])
    const back = planTask(makeTask({ question: 'LST may minus aug 2019 (K)', files: lstFiles }))
    expect(back.spec.periods.length).toBeLessThan(2)
    expect(back.workflow?.ok ?? false).toBe(false)
  })
})

describe('a list of months of one year', () => {
  it('"all valid pixels of all dates in April, May and June 2019", pooled, equals the pooled mean over the three months', async () => {
    const files = lstFiles.filter((f) => /_2019-0[4-6]-/.test(f))
    let s = 0
    let n = 0
    for (const f of files)
      for (const x of (await decode(f, 0.02)).data)
        if (x === x) {
          s += x
          n++
        }
    const q = 'Put together all valid pixels of all dates in April, May and June 2019 and give the mean LST in kelvin.'
    const plan = planTask(makeTask({ question: q, files: lstFiles }))
    expect(plan.spec.periods).toHaveLength(3)
    const wf = plan.workflow
    if (plan.refusal || !wf || !wf.ok || wf.tool !== 'execute') throw new Error(`refused: ${plan.refusal}`)
    const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) }, { pool })
    expect((r.observation as { value: number }).value).toBeCloseTo(s / n, 4)
    expect(checkProvenance(q, wf.args, r.evidence!, r.observation).filter((f) => f.severity === 'reject' || f.severity === 'request')).toEqual([])
  }, 240_000)

  it('a difference over three months is refused: which two are combined is not said', () => {
    const plan = planTask(makeTask({ question: 'the difference in mean LST between April, May and June 2019', files: lstFiles }))
    expect(plan.workflow?.ok ?? false).toBe(false)
    expect(plan.refusal).toMatch(/names 3/)
  })
})
