/**
 * Boxes in a map CRS (issue 15, "regions": "a lon/lat box, a box in the map CRS (EPSG:3857 metres)"), on Earth-Bench
 * task 46's LST (../shared/benchmarks/earthbench-q46, EPSG:3857 grid, LST = DN * 0.02 K, DN 0 nodata): the forms
 * analysts write ("between 87.9°E and 88.1°E and between 43.6°N and 43.8°N", "EPSG:3857 box x 9780000..9810000,
 * y 5400000..5420000", "x=9,780,000-9,810,000 m and y=... (web mercator)") are read as one box in its CRS, computed,
 * and passed by the verifier, which now compares the observation's box and CRS with the asked ones (it asked for
 * evidence it could never get: "cannot tell in pixels"). The reference is GDAL + numpy run here by /usr/bin/python3:
 * the mean over pixels whose centre lies in the box and over pixels touching it (the engine's value must lie between).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { planExecuteAnswered } from '../../helpers/plan-execute'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-crs-box-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const lst = (d: string) => path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_LST.tif`)

/** GDAL + numpy: the mean LST over pixels centred in [x0, x1] x [y0, y1] (file CRS), and over pixels touching it. */
function gdalBoxMeans(file: string, box: [number, number, number, number]): [number, number] {
  const py = `
import sys, json, numpy as np
from osgeo import gdal
ds = gdal.Open(sys.argv[1]); gt = ds.GetGeoTransform(); a = ds.GetRasterBand(1).ReadAsArray().astype(float)
x0, y0, x1, y1 = map(float, sys.argv[2:6])
cols = gt[0] + gt[1] * np.arange(a.shape[1]); rows = gt[3] + gt[5] * np.arange(a.shape[0])
out = []
for lo_c, hi_c, lo_r, hi_r in [(cols + gt[1] / 2, cols + gt[1] / 2, rows + gt[5] / 2, rows + gt[5] / 2), (cols + gt[1], cols, rows, rows + gt[5])]:
    ci = (lo_c >= x0) & (hi_c <= x1); ri = (lo_r <= y1) & (hi_r >= y0)
    v = a[np.ix_(ri, ci)]; v = v[v > 0] * 0.02
    out.append(float(v.mean()))
print(json.dumps(out))
`
  const r = spawnSync('/usr/bin/python3', ['-c', py, file, ...box.map(String)], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as [number, number]
}

/** Spherical Web Mercator forward (EPSG:3857), written here. */
const merc = (lon: number, lat: number): [number, number] => {
  const R = 6378137
  return [(R * lon * Math.PI) / 180, R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))]
}

async function ask(question: string, file: string): Promise<number> {
  const r = await planExecuteAnswered(question, [file], { artifacts: store.dir, pool, provenance: true })
  expect(r.plan.spec.region.kind).toBe('bbox')
  expect(r.findings.some((f) => f.check === 'provenance_region' && f.severity === 'pass')).toBe(true)
  return r.value
}

const between = (v: number, [a, b]: [number, number]) => {
  expect(v).toBeGreaterThanOrEqual(Math.min(a, b) - 1e-6)
  expect(v).toBeLessThanOrEqual(Math.max(a, b) + 1e-6)
}

describe('boxes in a map CRS, read, computed and verified', () => {
  it('an EPSG:3857 box written "x a..b, y c..d" and "x=a,aaa,aaa-b m and y=... (web mercator)"', async () => {
    const ref = gdalBoxMeans(lst('2019-08-13'), [9780000, 5400000, 9810000, 5420000])
    between(await ask('mean LST 2019-08-13 in EPSG:3857 box x 9780000..9810000, y 5400000..5420000 (K)', lst('2019-08-13')), ref)
    between(await ask('mean temprature (K) on 13 aug 2019 inside x=9,780,000-9,810,000 m and y=5,400,000-5,420,000 m (web mercator)', lst('2019-08-13')), ref)
  }, 120_000)

  it('a lon/lat box written "between 87.9°E and 88.1°E and between 43.6°N and 43.8°N"', async () => {
    const [x0, y0] = merc(87.9, 43.6)
    const [x1, y1] = merc(88.1, 43.8)
    const ref = gdalBoxMeans(lst('2019-07-28'), [x0, y0, x1, y1])
    const q = 'A field campaign sampled the area between 87.9°E and 88.1°E and between 43.6°N and 43.8°N. What was the mean LST there (K) on 28 July 2019?'
    between(await ask(q, lst('2019-07-28')), ref)
  }, 120_000)

  it('a box in another CRS than the one asked is rejected by the verifier, naming both', async () => {
    const q = 'mean LST 2019-08-13 in EPSG:3857 box x 9780000..9810000, y 5400000..5420000 (K)'
    const plan = planTask(makeTask({ question: q, files: [lst('2019-08-13')] }))
    const wf = plan.workflow!
    if (!wf.ok || wf.tool !== 'execute') throw new Error('not planned')
    const args = JSON.parse(JSON.stringify(wf.args).replace(/"EPSG:3857"/g, '"EPSG:4326"'))
    const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) }, { pool })
    const bad = checkProvenance(q, args, r.evidence!, r.observation).filter((f) => f.check === 'provenance_region' && f.severity === 'reject')
    expect(bad.map((f) => f.message).join(' ')).toMatch(/EPSG:4326/)
  }, 120_000)

  it('"UTM zone 17N coordinates: easting ..., northing ..." is a box in EPSG:32617', () => {
    const q =
      "Our study area is given in the scene's own UTM zone 17N coordinates: easting 530,000-600,000 m, northing 3,650,000-3,720,000 m. What is the mean LST there?"
    const plan = planTask(makeTask({ question: q, files: [lst('2019-08-13')] }))
    expect(plan.spec.region).toMatchObject({ kind: 'bbox', bbox: [530000, 3650000, 600000, 3720000], srs: 'EPSG:32617' })
  })
})
