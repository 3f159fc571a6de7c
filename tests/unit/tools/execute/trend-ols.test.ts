/**
 * timeseries.trend with `method: "ols"`: a least-squares slope/intercept (plus r2) beside the unchanged
 * Mann-Kendall fields, while the default stays Theil-Sen. Series means 1, 2, 4, 4.5 at t = 0..3 are hand-computed:
 * OLS slope 6.25 / 5 = 1.25, intercept 1.0, r2 = 6.25^2 / (5 * 8.1875); Sen slope median of pairwise slopes 1.2083.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { olsFit } from '../../../../main/engines/raster/timeseries'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { executeDag } from '../../../../main/tools/execute'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from '../../engines/raster/tiny-tiff'

const t = tempDir('rsure-ols-')
afterAll(() => t.cleanup())
const geo = { originX: 0, originY: 100, sizeX: 10, sizeY: 10, epsg: 32633 }
const means = [1, 2, 4, 4.5]
means.forEach((m, i) => writeTinyTiff(path.join(t.dir, `Site_2020-0${i + 1}-01_V.tif`), { width: 2, height: 1, bands: [[m, m]], dtype: 'float32', geo }))

async function trendWith(params: Record<string, unknown>) {
  const nodes = [
    { id: 'cat', op: 'asset.catalog', params: { dir: t.dir } },
    { id: 'v', op: 'raster.read', params: { role: 'V' }, inputs: { data: '@cat' } },
    { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@v' } },
    { id: 'tr', op: 'timeseries.trend', params, inputs: { data: '@daily' } },
  ]
  const r = await executeDag({ nodes, output: 'tr' }, { artifacts: new ArtifactStore(path.join(t.dir, 'art')) })
  return { r, obs: r.observation as Record<string, number> }
}

describe('timeseries.trend method', () => {
  it('olsFit is the least-squares line', () => {
    const f = olsFit([0, 1, 2, 3], means)
    expect(f.slope).toBeCloseTo(1.25, 12)
    expect(f.intercept).toBeCloseTo(1.0, 12)
    expect(f.r2).toBeCloseTo((6.25 * 6.25) / (5 * 8.1875), 12)
  })

  it('ols reports the least-squares slope; the default stays Theil-Sen', async () => {
    const ols = await trendWith({ method: 'ols' })
    expect(ols.r.status).toBe('ok')
    expect(ols.obs.slope).toBeCloseTo(1.25, 12)
    expect(ols.obs.intercept).toBeCloseTo(1.0, 12)
    expect(ols.obs.n).toBe(4)
    expect(ols.r.config.fine).toMatch(/ols-mk-index/)
    const sen = await trendWith({})
    expect(sen.obs.slope).toBeCloseTo((7 / 6 + 1.25) / 2, 12)
    expect(sen.obs.r2).toBeUndefined()
    expect(sen.r.config.fine).toMatch(/sen-mk-index/)
  })

  it('refuses an unknown method', async () => {
    const bad = await trendWith({ method: 'lowess' })
    expect(bad.r.status).toBe('error')
  })
})
