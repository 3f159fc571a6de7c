/**
 * The questions of issue 8's table on the Earth-Bench task-46 files (../shared/benchmarks/earthbench-q46): each is
 * planned by the rules backbone from its task spec and run by the execute engine, and the value is checked against
 * an independent computation in this test (geotiff.js decoding + plain typed-array math, tests/helpers/
 * independent-stats.ts) — or the run ends with a statement of what it could not read. None may come back as a
 * different quantity (the mean for a median, the whole image for a half, the whole year for a quarter).
 *
 * To stay fast each question gets only a few dates of the 23 (the rasters are 2599 x 2573): the planner is given
 * those files, and the reference uses the same ones.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planTask } from '../../main/agent/rules/rules-planner'
import { makeTask } from '../../main/agent/task'
import { RasterPool } from '../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeDag } from '../../main/tools/execute/index'
import { decode, mean, northHalf, percentile, std, count, tvdi, type Decoded } from '../helpers/independent-stats'
import { FIXTURES, tempDir } from '../helpers/tmp'

const store = tempDir('rsure-task-q46-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const file = (date: string, v: 'LST' | 'NDVI') => path.join(FIXTURES.Q46_FILES, `Xinjiang_${date}_${v}.tif`)
const both = (...dates: string[]) => dates.flatMap((d) => [file(d, 'LST'), file(d, 'NDVI')])

/** Decoded layers by date: MODIS scale factors (LST 0.02 K, NDVI 0.0001), nodata -> NaN. */
const lst = new Map<string, Decoded>()
const ndvi = new Map<string, Decoded>()
const tv = new Map<string, Float64Array | null>()
const DATES = ['2019-01-17', '2019-03-22', '2019-04-07', '2019-07-12']

beforeAll(async () => {
  for (const d of DATES) {
    lst.set(d, await decode(file(d, 'LST'), 0.02))
    ndvi.set(d, await decode(file(d, 'NDVI'), 0.0001))
    tv.set(d, tvdi(ndvi.get(d)!.data, lst.get(d)!.data))
  }
}, 120_000)

async function ask(question: string, files: string[]) {
  const plan = planTask(makeTask({ question, files }))
  const wf = plan.workflow
  if (plan.refusal || !wf || !wf.ok || wf.tool !== 'execute') {
    return { refused: plan.refusal ?? (wf && !wf.ok ? wf.missing : 'no workflow'), value: undefined, ops: [] as string[], plan }
  }
  const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) }, { pool })
  expect(r.status, r.reason).toBe('ok')
  const ops = (wf.args.nodes as { op: string; params: Record<string, unknown> }[]).map((n) => `${n.op}${n.params.stat ? `:${String(n.params.stat)}` : ''}`)
  return { refused: null, value: (r.observation as { value: number }).value, ops, plan, evidence: r.evidence }
}

/** Mean over dates of a per-date statistic, skipping dates without a TVDI (as the spec's per-date pooling says). */
function perDate(dates: string[], f: (d: string) => number | null): number {
  const vals = dates.map(f).filter((v): v is number => v !== null && Number.isFinite(v))
  return vals.reduce((a, b) => a + b, 0) / vals.length
}

describe('issue 8 table on the q46 files: the quantity asked, or a statement of what was not read', () => {
  it('the median TVDI in 2019 is the mean of the per-date medians, not the mean', async () => {
    const r = await ask('What is the median TVDI in 2019?', both('2019-03-22', '2019-04-07'))
    expect(r.refused).toBeNull()
    expect(r.ops).toContain('raster.batch_reduce:median')
    const want = perDate(['2019-03-22', '2019-04-07'], (d) => (tv.get(d) ? percentile(tv.get(d)!, 50) : null))
    const theMean = perDate(['2019-03-22', '2019-04-07'], (d) => (tv.get(d) ? mean(tv.get(d)!) : null))
    expect(r.value).toBeCloseTo(want, 4)
    expect(Math.abs(want - theMean)).toBeGreaterThan(1e-3)
  }, 120_000)

  it('the standard deviation of LST in July 2019', async () => {
    const r = await ask('What is the standard deviation of LST in July 2019?', [file('2019-07-12', 'LST')])
    expect(r.refused).toBeNull()
    expect(r.ops).toContain('raster.batch_reduce:std')
    expect(r.value).toBeCloseTo(std(lst.get('2019-07-12')!.data), 6)
  }, 120_000)

  it('the mean TVDI for the northern half of the image', async () => {
    const dates = ['2019-03-22', '2019-04-07']
    const r = await ask('What is the mean TVDI for the northern half of the image in 2019?', both(...dates))
    expect(r.refused).toBeNull()
    expect(r.ops).toContain('spatial.query:mean')
    const want = perDate(dates, (d) => (tv.get(d) ? mean(northHalf({ ...lst.get(d)!, data: tv.get(d)! })) : null))
    const whole = perDate(dates, (d) => (tv.get(d) ? mean(tv.get(d)!) : null))
    expect(r.value).toBeCloseTo(want, 4)
    expect(Math.abs(want - whole)).toBeGreaterThan(1e-3)
  }, 120_000)

  it('the mean LST for pixels with NDVI between 0.2 and 0.5', async () => {
    const d = '2019-07-12'
    const r = await ask('What is the mean LST in 2019 for pixels with NDVI between 0.2 and 0.5?', both(d))
    expect(r.refused).toBeNull()
    const l = lst.get(d)!.data
    const n = ndvi.get(d)!.data
    const masked = l.map((v, i) => (n[i] >= 0.2 && n[i] <= 0.5 ? v : NaN))
    expect(r.value).toBeCloseTo(mean(masked), 6)
    expect(Math.abs(mean(masked) - mean(l))).toBeGreaterThan(0.01)
  }, 120_000)

  it('how many pixels had TVDI above 0.9: a count on one date, a stated question over several', async () => {
    const one = await ask('How many pixels had TVDI above 0.9 on 2019-04-07?', both('2019-04-07'))
    expect(one.refused).toBeNull()
    expect(one.value).toBe(count(tv.get('2019-04-07')!, (x) => x > 0.9))
    const several = await ask('How many pixels had TVDI above 0.9 in 2019?', both('2019-03-22', '2019-04-07'))
    expect(several.refused).toMatch(/which date to count pixels on/)
    expect(several.value).toBeUndefined()
  }, 120_000)

  it('the mean TVDI in the first quarter of 2019 and between 03/2019 and 05/2019 use only those dates', async () => {
    const files = both('2019-01-17', '2019-03-22', '2019-04-07')
    const q1 = await ask('What is the mean TVDI in the first quarter of 2019?', files)
    const spring = await ask('What is the mean TVDI between 03/2019 and 05/2019?', files)
    const meanOf = (dates: string[]) => perDate(dates, (d) => (tv.get(d) ? mean(tv.get(d)!) : null))
    expect(q1.refused).toBeNull()
    expect(spring.refused).toBeNull()
    expect(q1.value).toBeCloseTo(meanOf(['2019-01-17', '2019-03-22']), 4)
    expect(spring.value).toBeCloseTo(meanOf(['2019-03-22', '2019-04-07']), 4)
    expect(Math.abs(meanOf(['2019-01-17', '2019-03-22']) - meanOf(['2019-03-22', '2019-04-07']))).toBeGreaterThan(1e-3)
  }, 180_000)
})
