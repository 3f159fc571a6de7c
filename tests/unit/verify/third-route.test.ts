/**
 * The third route of a tie between two routes (main/verify/policy/third-route.ts): the call's quantity recomputed
 * from the files its evidence names, by another reader and its own reductions. Values are checked against the
 * fixture README (GDAL/numpy) and against GDAL + numpy run here by /usr/bin/python3, never against the engine.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Evidence } from '../../../main/tools/protocol'
import { thirdRoute } from '../../../main/verify/policy/third-route'
import { gdalMeanOfDateMeans } from '../../helpers/data-faults'
import { FIXTURES, shared } from '../../helpers/tmp'

const SCENE = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const stem = path.join(SCENE, 'LC08_L1TP_016037_20170813_20170814_01_RT')
const mtl = fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
const mtlNum = (key: string) => Number(new RegExp(`${key} = ([-\\d.E+]+)`).exec(mtl)![1])
const WINDOW = { col: 0, row: 0, width: 255, height: 259 }

const landsatRead = (band: number, calibration: 'reflectance' | 'radiance' | 'dn') => ({
  date: '2017-08-13',
  path: `${stem}_B${band}.TIF`,
  band: 1,
  nodata: 0,
  scale: calibration === 'dn' ? 1 : mtlNum(`${calibration.toUpperCase()}_MULT_BAND_${band}`),
  offset: calibration === 'dn' ? 0 : mtlNum(`${calibration.toUpperCase()}_ADD_BAND_${band}`),
  window: WINDOW,
})

const evidence = (bandMapping: Record<string, unknown[]>, products: Record<string, unknown> = {}): Evidence =>
  ({ source: { base_dir: process.cwd(), band_mapping: bandMapping }, intermediate: { nodes: {}, products }, validity: {} }) as unknown as Evidence

const catalog = (extra: Record<string, unknown> = {}) => ({ id: 'catalog', op: 'asset.catalog', params: { dir: SCENE, ...extra }, inputs: {} })
const overDates = (reduced: string, stat = 'mean') => [
  { id: 'per_date', op: 'raster.batch_reduce', params: { stat }, inputs: { data: `@${reduced}` } },
  { id: 'over_dates', op: 'timeseries.aggregate', params: { by: 'all', stat }, inputs: { data: '@per_date' } },
]

describe('the third route recomputes the quantity apart from the engine', () => {
  it('NDVI on TOA reflectance of the Landsat fixture: the README mean', async () => {
    const args = {
      nodes: [
        catalog({ calibration: 'toa' }),
        { id: 'nir', op: 'raster.read', params: { role: 'NIR' }, inputs: { data: '@catalog' } },
        { id: 'red', op: 'raster.read', params: { role: 'RED' }, inputs: { data: '@catalog' } },
        { id: 'ndvi', op: 'raster.product', params: { product: 'normalized_difference', epsilon: 0 }, inputs: { a: '@nir', b: '@red' } },
        ...overDates('ndvi'),
      ],
      output: 'over_dates',
    }
    const r = await thirdRoute(args, evidence({ nir: [landsatRead(5, 'reflectance')], red: [landsatRead(4, 'reflectance')] }))
    expect(r).toHaveProperty('value')
    expect((r as { value: number }).value).toBeCloseTo(0.31255227473382297, 12)
    expect((r as { route: string }).route).toMatch(/geotiff\.js/)
  })

  it('brightness temperature of band 10 (K1/K2 from the evidence): the README mean', async () => {
    const args = {
      nodes: [
        catalog({ calibration: 'toa' }),
        { id: 'tir1', op: 'raster.read', params: { role: 'TIR1' }, inputs: { data: '@catalog' } },
        { id: 'bt', op: 'raster.product', params: { product: 'brightness_temperature' }, inputs: { data: '@tir1' } },
        ...overDates('bt'),
      ],
      output: 'over_dates',
    }
    const ev = evidence(
      { tir1: [landsatRead(10, 'radiance')] },
      { bt: [{ date: '2017-08-13', k1: mtlNum('K1_CONSTANT_BAND_10'), k2: mtlNum('K2_CONSTANT_BAND_10') }] },
    )
    const r = await thirdRoute(args, ev)
    expect((r as { value: number }).value).toBeCloseTo(291.83230932684404, 9)
  })

  it('min, max and mean of the red band, and one summary statistic: the README table', async () => {
    const read = { id: 'red', op: 'raster.read', params: { role: 'RED' }, inputs: { data: '@catalog' } }
    const ev = evidence({ red: [landsatRead(4, 'dn')] })
    for (const [stat, want] of [
      ['min', 6101],
      ['max', 65035],
      ['mean', 11195.847483731019],
    ] as const) {
      const r = await thirdRoute({ nodes: [catalog(), read, ...overDates('red', stat)], output: 'over_dates' }, ev)
      expect((r as { value: number }).value, stat).toBeCloseTo(want, 8)
    }
    const summary = { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@red' } }
    const r = await thirdRoute({ nodes: [catalog(), read, summary], output: 's' }, ev)
    expect((r as { value: number }).value).toBeCloseTo(11195.847483731019, 8)
    // The second route's shape: the per-date reduction as a region query over the whole grid.
    const grid = { type: 'grid', rows: [0, 1], cols: [0, 1] }
    const query = { id: 'per_date', op: 'spatial.query', params: { geometry: grid, stat: 'max' }, inputs: { data: '@red' } }
    const over = { id: 'over_dates', op: 'timeseries.aggregate', params: { by: 'all', stat: 'max' }, inputs: { data: '@per_date' } }
    const q = await thirdRoute({ nodes: [catalog(), read, query, over], output: 'over_dates' }, ev)
    expect((q as { value: number }).value).toBe(65035)
    const corner = { ...query, params: { geometry: { type: 'grid', rows: [0, 0.5], cols: [0, 1] }, stat: 'max' } }
    expect(await thirdRoute({ nodes: [catalog(), read, corner, over], output: 'over_dates' }, ev)).toHaveProperty('unsupported')
  })

  it('a July LST mean over two dates, then in degrees Celsius: GDAL + numpy agree', async () => {
    const files = ['2019-07-12', '2019-07-28'].map((d) => path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_LST.tif`))
    const want = gdalMeanOfDateMeans(files, 0.02)
    const mapping = files.map((f, i) => ({
      date: ['2019-07-12', '2019-07-28'][i],
      path: f,
      band: 1,
      nodata: 0,
      scale: 0.02,
      offset: 0,
      window: { col: 0, row: 0, width: 2599, height: 2573 },
    }))
    const nodes = [
      { id: 'catalog', op: 'asset.catalog', params: { files }, inputs: {} },
      { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@catalog' } },
      ...overDates('lst'),
      { id: 'celsius', op: 'math.expr', params: { expr: 'x - 273.15', unit: 'degC' }, inputs: { x: '@over_dates' } },
    ]
    const kelvin = await thirdRoute({ nodes, output: 'over_dates' }, evidence({ lst: mapping }))
    expect((kelvin as { value: number }).value).toBeCloseTo(want, 9)
    const celsius = await thirdRoute({ nodes, output: 'celsius' }, evidence({ lst: mapping }))
    expect((celsius as { value: number }).value).toBeCloseTo(want - 273.15, 9)
  }, 60_000)

  it('says why it cannot recompute: an operator it has no formula for, a file the call does not name', async () => {
    const tvdi = {
      nodes: [
        catalog(),
        { id: 'red', op: 'raster.read', params: { role: 'RED' }, inputs: { data: '@catalog' } },
        { id: 't', op: 'raster.product', params: { product: 'tvdi' }, inputs: { data: '@red' } },
        ...overDates('t'),
      ],
      output: 'over_dates',
    }
    expect(await thirdRoute(tvdi, evidence({ red: [landsatRead(4, 'dn')] }))).toEqual({ unsupported: expect.stringMatching(/no independent formula/) })
    const elsewhere = {
      nodes: [
        { ...catalog(), params: { dir: '/tmp' } },
        { id: 'red', op: 'raster.read', params: { role: 'RED' }, inputs: { data: '@catalog' } },
        ...overDates('red'),
      ],
      output: 'over_dates',
    }
    expect(await thirdRoute(elsewhere, evidence({ red: [landsatRead(4, 'dn')] }))).toEqual({ unsupported: expect.stringMatching(/not a file the call names/) })
  })
})
