/**
 * Pooled median, percentiles, std and variance over several dates of task 46 (raster.pooled_reduce): ONE statistic
 * over every valid pixel of the selected dates together. References come from numpy + GDAL (python3 below, reading
 * the files itself: LST = DN * 0.02 K with DN 0 nodata, NDVI = DN * 1e-4 with -32768 nodata) and from the blind
 * reference references-2.json `o2_lst_pooled_median_jul_K`; never from the engine.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planTask } from '../../main/agent/rules/rules-planner'
import { executeDag } from '../../main/tools/execute'
import { REFS_2 } from '../helpers/dev-references'
import { planExecuteAnswered } from '../helpers/plan-execute'

const DIR = '/work/shared/benchmarks/earthbench-q46/files'
const JULY = ['2019-07-12', '2019-07-28']
const file = (d: string, v: string) => path.join(DIR, `Xinjiang_${d}_${v}.tif`)
const ROOT = path.resolve(__dirname, '../..')
process.env.RSURE_RASTER_WORKERS = '0'

/** A window of the grid (col, row, width, height), read whole rather than in strips. */
const WIN = { col: 1100, row: 900, width: 300, height: 211 }

const PY = String.raw`
import json, sys
import numpy as np
from osgeo import gdal
L, N = {}, {}
for d in sys.argv[1].split(','):
    for v, out in (('LST', L), ('NDVI', N)):
        ds = gdal.Open('${DIR}/Xinjiang_%s_%s.tif' % (d, v))
        out[d] = ds.GetRasterBand(1).ReadAsArray().astype(np.float64)
lv = {d: L[d] != 0 for d in L}
nv = {d: N[d] != -32768 for d in N}
lst = np.concatenate([L[d][lv[d]] * 0.02 for d in L])
ndvi = np.concatenate([N[d][nv[d]] * 1e-4 for d in N])
green = np.concatenate([L[d][lv[d] & nv[d] & (N[d] * 1e-4 > 0.3)] * 0.02 for d in L])
c, r, w, h = [int(x) for x in sys.argv[2].split(',')]
win = np.concatenate([L[d][r:r + h, c:c + w][lv[d][r:r + h, c:c + w]] * 0.02 for d in L])
per_date_medians = [float(np.median(L[d][lv[d]] * 0.02)) for d in L]
print(json.dumps({
  'lst_median': float(np.median(lst)), 'lst_p90': float(np.percentile(lst, 90)), 'lst_p10': float(np.percentile(lst, 10)),
  'lst_std': float(np.std(lst)), 'lst_n': int(lst.size),
  'ndvi_std': float(np.std(ndvi)), 'ndvi_var': float(np.var(ndvi)), 'ndvi_median': float(np.median(ndvi)),
  'green_median': float(np.median(green)),
  'win_median': float(np.median(win)), 'win_p25': float(np.percentile(win, 25)), 'win_std': float(np.std(win)),
  'mean_of_date_medians': float(np.mean(per_date_medians)),
}))
`

type Ref = Record<string, number>
let ref: Ref
let tmp: string

beforeAll(() => {
  ref = JSON.parse(
    execFileSync('/usr/bin/python3', ['-c', PY, JULY.join(','), [WIN.col, WIN.row, WIN.width, WIN.height].join(',')], { encoding: 'utf8' }),
  ) as Ref
  // One folder of the July files (the CLI takes one folder).
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-pooled-'))
  for (const d of JULY) for (const v of ['LST', 'NDVI']) fs.symlinkSync(file(d, v), path.join(tmp, path.basename(file(d, v))))
}, 120_000)
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

async function answer(
  question: string,
): Promise<{ value: number; describe: string; dag: { nodes: { id: string; op: string; params: Record<string, unknown> }[] } }> {
  const out = await planExecuteAnswered(question, [DIR], { artifacts: tmp })
  return { value: out.value, describe: out.wf.describe, dag: out.wf.args as never }
}

const POOL = 'Pooling every valid pixel of the July 2019 acquisitions into one sample'
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b)

describe('pooled statistics over the July 2019 dates of task 46', () => {
  it('the blind reference and numpy agree on the pooled median (the test data is what it says)', () => {
    const blind = REFS_2
    expect(Math.abs(ref.lst_median - blind.o2_lst_pooled_median_jul_K.value)).toBeLessThanOrEqual(blind.o2_lst_pooled_median_jul_K.tolerance)
    // Pooling differs from averaging the dates' medians here, so the test tells the two apart.
    expect(Math.abs(ref.lst_median - ref.mean_of_date_medians)).toBeGreaterThan(0.1)
  })

  it('end to end (rsure ask on one folder): the pooled median LST is 308.98 K, and the per-date question keeps its route', () => {
    const ask = (q: string) => {
      const out = execFileSync('node', [path.join(ROOT, 'bin/rsure.mjs'), 'ask', '--json', '--files', tmp, q], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      })
      const d = JSON.parse(out) as { explanation: string; verified: { observation: { value: number; unit: string } }[] }
      expect(d.verified.length).toBe(1)
      return { obs: d.verified[0].observation, explanation: d.explanation }
    }
    const pooled = ask(`${POOL}, what is the median land surface temperature in kelvin?`)
    expect(pooled.obs.unit).toBe('K')
    expect(Math.abs(pooled.obs.value - 308.98)).toBeLessThanOrEqual(0.005)
    expect(pooled.obs.value).toBe(ref.lst_median)
    expect(pooled.explanation).toMatch(/median of LST over all valid pixels of the 2 dates of July 2019, pooled/)
    const perDate = ask('What is the median LST of each July 2019 date, averaged?')
    expect(perDate.obs.value).toBeCloseTo(ref.mean_of_date_medians, 9)
    expect(perDate.explanation).toMatch(/per date, then the mean/)
    const std = ask(`${POOL}, what is the standard deviation of land surface temperature in kelvin?`)
    expect(rel(std.obs.value, ref.lst_std)).toBeLessThan(1e-9)
  }, 240_000)

  it('percentiles of the pooled pixels equal numpy’s (linear) to the bit', async () => {
    const p90 = await answer(`${POOL}, what is the 90th percentile of land surface temperature in kelvin?`)
    expect(p90.value).toBe(ref.lst_p90)
    expect(p90.describe).toMatch(/90th percentile of LST over all valid pixels of the 2 dates of July 2019, pooled/)
    expect(p90.dag.nodes.find((n) => n.op === 'raster.pooled_reduce')?.params.stat).toBe('p90')
    const p10 = await answer(`${POOL}, what is the 10th percentile of land surface temperature in kelvin?`)
    expect(p10.value).toBe(ref.lst_p10)
    const ndvi = await answer(`${POOL}, what is the median NDVI?`)
    expect(ndvi.value).toBe(ref.ndvi_median)
  }, 240_000)

  it('std and variance of the pooled pixels (population, ddof 0); the variance only where dimensionless', async () => {
    const std = await answer(`${POOL}, what is the standard deviation of NDVI?`)
    expect(rel(std.value, ref.ndvi_std)).toBeLessThan(1e-9)
    expect(std.describe).toMatch(/standard deviation of NDVI over all valid pixels of the 2 dates of July 2019, pooled/)
    const v = await answer(`${POOL}, what is the variance of NDVI?`)
    expect(rel(v.value, ref.ndvi_var)).toBeLessThan(1e-9)
    const plan = planTask({ question: `${POOL}, what is the variance of land surface temperature?`, options: [], images: [], files: [DIR] } as never)
    expect(plan.refusal).toMatch(/variance/)
  }, 240_000)

  it('a selection by another layer (LST where NDVI > 0.3) is pooled after the selection', async () => {
    const got = await answer(`${POOL}, what is the median LST of the pixels with NDVI above 0.3, in kelvin?`)
    expect(got.value).toBe(ref.green_median)
  }, 240_000)

  it('a window small enough to be read whole (not in strips) gives numpy’s values too', async () => {
    const dag = (stat: string) => ({
      nodes: [
        { id: 'catalog', op: 'asset.catalog', params: { files: JULY.map((d) => file(d, 'LST')), scales: { LST: { scale: 0.02, unit: 'K' } } }, inputs: {} },
        { id: 'lst', op: 'raster.read', params: { role: 'LST', window: WIN }, inputs: { data: '@catalog' } },
        { id: 'pooled', op: 'raster.pooled_reduce', params: { stat }, inputs: { data: '@lst' } },
      ],
      output: 'pooled',
    })
    const run = async (stat: string) => {
      const r = (await executeDag(dag(stat), {} as never)) as unknown as {
        status: string
        observation: { value: number }
        evidence: { intermediate: { nodes: Record<string, Record<string, unknown>> } }
      }
      expect(r.status).toBe('ok')
      return r
    }
    const med = await run('median')
    expect(med.observation.value).toBe(ref.win_median)
    expect(med.evidence.intermediate.nodes.pooled).toMatchObject({ items_used: 2, pooled_pixels: expect.any(Number), passes: expect.any(Number) })
    expect((await run('p25')).observation.value).toBe(ref.win_p25)
    expect(rel((await run('std')).observation.value, ref.win_std)).toBeLessThan(1e-9)
  }, 240_000)

  it('parameters are checked at the tool boundary', async () => {
    const bad = async (params: Record<string, unknown>) => {
      const r = (await executeDag(
        {
          nodes: [
            { id: 'catalog', op: 'asset.catalog', params: { files: JULY.map((d) => file(d, 'LST')), scales: { LST: { scale: 0.02, unit: 'K' } } }, inputs: {} },
            { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@catalog' } },
            { id: 'pooled', op: 'raster.pooled_reduce', params, inputs: { data: '@lst' } },
          ],
          output: 'pooled',
        },
        {} as never,
      )) as { status: string; error?: string; observation?: unknown }
      expect(r.status).toBe('error')
      return JSON.stringify(r)
    }
    expect(await bad({ stat: 'p101' })).toMatch(/percentile/)
    expect(await bad({ stat: 'median', extra: 1 })).toMatch(/extra|unrecognized/i)
    expect(await bad({ stat: 'variance' })).toMatch(/variance/)
    expect(await bad({ stat: 'median', min_valid: 0 })).toMatch(/min_valid/)
  }, 60_000)
})
