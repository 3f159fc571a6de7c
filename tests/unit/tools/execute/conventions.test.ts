/**
 * The statistical conventions behind reducing operators, checked on hand-computed values and stated in the evidence.
 *
 * red.tif = [10, 20, 30, 0 (nodata), 50, 60]: valid [10, 20, 30, 50, 60], mean 34, squared deviations sum 1720.
 * Population std sqrt(1720 / 5) = 18.547236990991408, sample std sqrt(1720 / 4) = 20.73644135332772; p25 by
 * numpy 'linear': h = (5 - 1) * 0.25 = 1 -> 20; p90: h = 3.6 -> 50 + 0.6 * 10 = 56; median 30.
 * threshold_fraction > 25: 3 of the 5 valid pixels = 0.6 (not 3 of 6 = 0.5: the nodata pixel is not counted).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { executeDag } from '../../../../main/tools/execute'
import { tempDir } from '../../../helpers/tmp'
import { makeFixtures } from './fixtures'

const fx = makeFixtures()
const store = tempDir('rsure-conv-')
afterAll(() => {
  fx.cleanup()
  store.cleanup()
})
const pool = new RasterPool(0)
const red = { id: 'red', op: 'raster.read', params: { path: 'red.tif' } }

async function exec(nodes: unknown[], output: string) {
  const r = await executeDag({ base_dir: fx.dir, nodes, output }, { artifacts: new ArtifactStore(store.dir) }, { pool })
  expect(r.status, r.reason).toBe('ok')
  return r
}

describe('reducing operators: definitions and evidence', () => {
  it('summarize: population std by default, sample std with ddof 1, numpy-linear percentiles', async () => {
    const r = await exec([red, { id: 's', op: 'raster.summarize', params: { stats: ['std', 'p25', 'p90', 'median'] }, inputs: { data: '@red' } }], 's')
    const o = r.observation as Record<string, number>
    expect(o.std).toBeCloseTo(18.547236990991408, 12)
    expect(o.p25).toBe(20)
    expect(o.p90).toBeCloseTo(56, 12)
    expect(o.median).toBe(30)
    const conv = (r.evidence.source.formulas as Record<string, { convention: string }>).s.convention
    expect(conv).toMatch(/population standard deviation \(ddof 0/)
    expect(conv).toMatch(/Hyndman & Fan type 7/)
    const s1 = await exec([red, { id: 's', op: 'raster.summarize', params: { stats: ['std'], ddof: 1 }, inputs: { data: '@red' } }], 's')
    expect((s1.observation as Record<string, number>).std).toBeCloseTo(20.73644135332772, 12)
    expect((s1.evidence.source.formulas as Record<string, { convention: string }>).s.convention).toMatch(/sample standard deviation \(ddof 1/)
  })

  it('threshold_fraction divides by valid pixels and says so', async () => {
    const r = await exec([red, { id: 'f', op: 'threshold_fraction', params: { op: '>', value: 25 }, inputs: { data: '@red' } }], 'f')
    expect((r.observation as Record<string, number>).value).toBeCloseTo(0.6, 15)
    expect((r.evidence.source.formulas as Record<string, { convention: string }>).f.convention).toMatch(/denominator: valid \(non-NaN\) pixels/)
  })
})

describe('units of trend statistics', () => {
  it('math.get of p, z or tau from a trend table is dimensionless, the slope keeps the series unit', async () => {
    // The series fixture: four dates of a K raster whose valid pixels equal the date index + 1 -> slope 1 K per step.
    const series = [
      { id: 'cat', op: 'asset.catalog', params: { dir: 'series', scales: { V: { scale: 1, unit: 'K' } } } },
      { id: 'v', op: 'raster.read', params: { role: 'V' }, inputs: { data: '@cat' } },
      { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@v' } },
      { id: 't', op: 'timeseries.trend', inputs: { data: '@daily' } },
    ]
    for (const [key, unit] of [['p', 'dimensionless'], ['tau', 'dimensionless'], ['z', 'dimensionless'], ['slope', 'K'], ['n', 'count']]) {
      const r = await exec([...series, { id: 'g', op: 'math.get', params: { key }, inputs: { data: '@t' } }], 'g')
      expect((r.observation as { unit: string }).unit, key).toBe(unit)
    }
  })
})
