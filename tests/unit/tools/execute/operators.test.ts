import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TiffFile } from '../../../../main/engines/raster/tiff/reader'
import { RasterPool } from '../../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { executeDag, executeTool } from '../../../../main/tools/execute'
import { sharedNodeCache } from '../../../../main/tools/execute/node-cache'
import { missingEvidence, ToolResultSchema, type ToolResult } from '../../../../main/tools/protocol'
import { tempDir } from '../../../helpers/tmp'
import { makeFixtures, SERIES_DATES } from './fixtures'

const fx = makeFixtures()
const store = tempDir('rsure-art-')
afterAll(() => {
  fx.cleanup()
  store.cleanup()
})
const inline = new RasterPool(0)
const ctx = { artifacts: new ArtifactStore(store.dir) }

type N = { id: string; op: string; params?: Record<string, unknown>; inputs?: Record<string, string | number> }
async function exec(nodes: N[], output = nodes[nodes.length - 1].id, extra: Record<string, unknown> = {}): Promise<ToolResult> {
  const r = await executeDag({ base_dir: fx.dir, nodes, output, ...extra }, ctx, { pool: inline })
  expect(ToolResultSchema.safeParse(r).success).toBe(true)
  if (r.status === 'ok') expect(missingEvidence(r, executeTool.evidence)).toEqual([])
  return r
}
const obs = (r: ToolResult) => r.observation as Record<string, any>

const red = { id: 'red', op: 'raster.read', params: { path: 'red.tif' } }
const nir = { id: 'nir', op: 'raster.read', params: { path: 'nir.tif' } }
const ndvi = { id: 'ndvi', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } }
const cat = { id: 'cat', op: 'asset.catalog', params: { dir: 'series', scales: { V: { scale: 1, unit: 'K' } } } }
const v = { id: 'v', op: 'raster.read', params: { role: 'V' }, inputs: { data: '@cat' } }

describe('execute operators on tiny rasters', () => {
  it('raster.read honours the nodata tag unless told otherwise; summarize returns the asked statistics as keys', async () => {
    const r = await exec([red, { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean', 'min', 'max', 'sum'] }, inputs: { data: '@red' } }])
    expect(obs(r)).toMatchObject({ count: 5, mean: 34, min: 10, max: 60, sum: 170, unit: 'dn' })
    expect(r.config).toEqual({ tool: 'execute', coarse: 'execute:raster.summarize', fine: 'execute:raster.summarize|count+mean+min+max+sum' })
    const none = await exec([{ ...red, params: { path: 'red.tif', nodata: 'none' } }, { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean'] }, inputs: { data: '@red' } }])
    expect(obs(none)).toMatchObject({ count: 6, mean: 170 / 6 })
    const custom = await exec([{ ...red, params: { path: 'red.tif', nodata: 60, scale: 0.5, offset: 1, unit: 'reflectance' } }, { id: 's', op: 'raster.summarize', params: { stats: ['count', 'max'] }, inputs: { data: '@red' } }])
    expect(obs(custom)).toMatchObject({ count: 5, max: 26, unit: 'reflectance' })
    const band = (none.evidence.source.band_mapping as Record<string, any>).red
    expect(band).toMatchObject({ band: 1, nodata: null, nodata_source: 'node params', scale: 1, offset: 0 })
  })

  it('reads a pixel window with its own geotransform', async () => {
    const r = await exec([{ id: 'w', op: 'raster.read', params: { path: 'nir.tif', window: { col: 1, row: 1, width: 2, height: 1 } } }, { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean'] }, inputs: { data: '@w' } }])
    expect(obs(r)).toMatchObject({ count: 2, mean: 115 })
  })

  it('normalized_difference with percentiles and std', async () => {
    const r = await exec([red, nir, ndvi, { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean', 'median', 'p25', 'std'] }, inputs: { data: '@ndvi' } }])
    // valid NDVI: 0.5, 0, 0.5, 0, 0.5 -> mean 0.3, sorted 0 0 0.5 0.5 0.5, p25 = 0, population std sqrt(0.06)
    expect(obs(r).count).toBe(5)
    expect(obs(r).mean).toBeCloseTo(0.3, 14)
    expect(obs(r).median).toBe(0.5)
    expect(obs(r).p25).toBe(0)
    expect(obs(r).std).toBeCloseTo(Math.sqrt(0.06), 14)
    expect((r.evidence.source.formulas as any).ndvi.formula).toBe('(a - b) / (a + b)')
    expect((r.evidence.intermediate.nodes as any).ndvi).toMatchObject({ valid: 5, total: 6 })
  })

  it('raster.algebra with a scalar computed upstream, and raster.mask with a range', async () => {
    const r = await exec([
      red, nir,
      { id: 'k', op: 'math.add', inputs: { a: 1, b: 1 } },
      { id: 'x', op: 'raster.algebra', params: { expr: 'nir * k - red' }, inputs: { nir: '@nir', red: '@red', k: '@k' } },
      { id: 'm', op: 'raster.mask', params: { valid_range: [0, 100] }, inputs: { data: '@x' } },
      { id: 's', op: 'raster.summarize', params: { stats: ['count', 'sum'] }, inputs: { data: '@m' } },
    ])
    // x = [50, 20, 150, NaN, 50, 300] -> within [0, 100]: 50, 20, 50
    expect(obs(r)).toMatchObject({ count: 3, sum: 120 })
    expect((r.evidence.validity.quality_masks as any).m).toEqual({ already_invalid: 1, nodata: 0, range: 2, qa: 0 })
  })

  it('raster.mask applies QA bit rules from a qa input and counts what it dropped', async () => {
    // QA word = nir DN, rule: drop pixels whose bit 3 (value 8) is set.
    const r = await exec([
      red, nir,
      { id: 'm', op: 'raster.mask', params: { qa_bits: [{ first: 3, last: 3, reject: [1] }] }, inputs: { data: '@red', qa: '@nir' } },
      { id: 's', op: 'raster.summarize', params: { stats: ['count', 'sum'] }, inputs: { data: '@m' } },
    ])
    // valid red pixels and their QA: 10 (30 = 0b11110, set), 20 (20 = 0b10100, clear), 30 (90 = 0b1011010, set),
    // 50 (50 = 0b110010, clear), 60 (180 = 0b10110100, clear) -> kept 20, 50, 60; red's nodata pixel is already NaN
    expect(obs(r)).toMatchObject({ count: 3, sum: 130 })
    expect((r.evidence.validity.quality_masks as any).m).toMatchObject({ already_invalid: 1, qa: 2 })
  })

  it('threshold_fraction reports numerator and denominator', async () => {
    const base = [red, nir, ndvi]
    const f = await exec([...base, { id: 'f', op: 'threshold_fraction', params: { op: '>', value: 0.25 }, inputs: { data: '@ndvi' } }])
    expect(obs(f)).toEqual({ value: 0.6, unit: 'dimensionless' })
    const p = await exec([...base, { id: 'f', op: 'threshold_fraction', params: { op: 'between', low: -0.1, high: 0.1, as: 'percent' }, inputs: { data: '@ndvi' } }])
    expect(obs(p)).toEqual({ value: 40, unit: 'percent' })
    const series = await exec([cat, v, { id: 'f', op: 'threshold_fraction', params: { op: '>=', value: 3 }, inputs: { data: '@v' } }])
    expect(obs(series).points.map((x: any) => x.value)).toEqual([0, 0, 1, 1])
  })

  it('spatial.query reads a point and summarises a bbox in map coordinates', async () => {
    const pt = await exec([nir, { id: 'q', op: 'spatial.query', params: { geometry: { type: 'point', x: 1025, y: 1985 }, stat: 'value' }, inputs: { data: '@nir' } }])
    expect(obs(pt).value).toBe(180) // column 2, row 1
    const box = await exec([nir, { id: 'q', op: 'spatial.query', params: { geometry: { type: 'bbox', bbox: [1000, 1990, 1020, 2000] }, stat: 'mean' }, inputs: { data: '@nir' } }])
    expect(obs(box).value).toBe(25) // top row, first two pixels: 30, 20
  })

  it('batch_reduce streams a collection into a series; aggregate, trend, math.get and decision.select use it', async () => {
    const series = [cat, v, { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@v' } }]
    const s = await exec(series)
    expect(obs(s).points.map((p: any) => [p.date, p.value, p.valid])).toEqual(SERIES_DATES.map((d, i) => [d, i + 1, 3]))
    expect((s.evidence.validity.temporal_coverage as any).cat).toMatchObject({ count: 4, largest_gap_days: 184 })
    const yearly = await exec([...series, { id: 'y', op: 'timeseries.aggregate', params: { by: 'year', stat: 'mean' }, inputs: { data: '@daily' } }])
    expect(obs(yearly).points.map((p: any) => [p.date, p.value])).toEqual([['2020', 2], ['2021', 4]])
    const all = await exec([...series, { id: 'a', op: 'timeseries.aggregate', params: { by: 'all' }, inputs: { data: '@daily' } }, { id: 'pick', op: 'decision.select', params: { options: 'A. mean 1.5\nB. mean 2.4\nC. mean 3.5', key: 'mean' }, inputs: { data: '@a' } }])
    expect(obs(all)).toMatchObject({ choice: 'B', value: 2.5, option_value: 2.4 })
    expect(obs(all).distances.A).toBeCloseTo(1, 12)
    const tr = await exec([...series, { id: 't', op: 'timeseries.trend', inputs: { data: '@daily' } }])
    expect(obs(tr)).toMatchObject({ slope: 1, intercept: 1, s: 6, n: 4, tau: 1 })
    const get = await exec([...series, { id: 'g', op: 'math.get', params: { key: '2020-07-10' }, inputs: { data: '@daily' } }])
    expect(obs(get).value).toBe(3)
  })

  it('a collection item with too few valid pixels is left out and listed; none left -> insufficient', async () => {
    const r = await exec([cat, v, { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean', min_valid: 4 }, inputs: { data: '@v' } }])
    expect(r.status).toBe('insufficient')
    expect(r.observation).toBeNull()
    expect(r.reason).toMatch(/Output node 'daily' has no value: no asset gave a value/)
    expect((r.evidence.validity.insufficient_items as any).daily).toHaveLength(4)
  })

  it('an output that depends on an insufficient node is insufficient, never a number', async () => {
    const r = await exec([red, { id: 's', op: 'raster.summarize', params: { stats: ['mean'], min_valid: 100 }, inputs: { data: '@red' } }, { id: 'm', op: 'math.get', params: { key: 'mean' }, inputs: { data: '@s' } }])
    expect(r.status).toBe('insufficient')
    expect(r.reason).toMatch(/input 'data' has no value: only 5 valid pixels; node 's' needs at least 100/)
    expect((r.evidence.validity.node_status as any).s).toBe('insufficient')
  })

  it('math operators', async () => {
    const one = async (op: string, inputs: Record<string, number>, params: Record<string, unknown> = {}) => obs(await exec([{ id: 'x', op, params, inputs }])).value
    expect(await one('math.add', { a: 2, b: 3 })).toBe(5)
    expect(await one('math.subtract', { a: 2, b: 3 })).toBe(-1)
    expect(await one('math.multiply', { a: 2, b: 3 })).toBe(6)
    expect(await one('math.divide', { a: 3, b: 4 })).toBe(0.75)
    expect(await one('math.min', { a: 3, b: 4, c: -1 })).toBe(-1)
    expect(await one('math.max', { a: 3, b: 4 })).toBe(4)
    expect(await one('math.mean', { a: 3, b: 4, c: 5 })).toBe(4)
    expect(await one('math.abs', { a: -3 })).toBe(3)
    expect(await one('math.round', { a: 0.689685 }, { digits: 4 })).toBe(0.6897)
    expect(await one('math.expr', { a: 3, b: 4 }, { expr: 'sqrt(a^2 + b^2)' })).toBe(5)
    const div0 = await exec([{ id: 'x', op: 'math.divide', inputs: { a: 1, b: 0 } }])
    expect(div0.status).toBe('insufficient')
  })

  it('saves a raster output as a georeferenced GeoTIFF artifact', async () => {
    const r = await exec([red, nir, ndvi], 'ndvi', { save: ['red'] })
    expect(r.status).toBe('ok')
    expect(obs(r)).toMatchObject({ unit: 'dimensionless', width: 3, height: 2, valid: 5 })
    expect(r.artifacts.map((a) => a.kind).sort()).toEqual(['raster:ndvi', 'raster:red'])
    const art = r.artifacts.find((a) => a.kind === 'raster:ndvi')!
    expect(obs(r).artifact).toBe(art.path)
    const t = TiffFile.open(art.path)
    expect(t.georef.geoTransform).toEqual([1000, 10, 0, 2000, 0, -10])
    expect(t.georef.crs?.epsg).toBe(32633)
    const back = Array.from(await t.readBand({ band: 1, nodata: t.nodata, scale: 1, offset: 0 }))
    t.close()
    expect(back.map((x) => (Number.isNaN(x) ? null : Number(x.toFixed(6))))).toEqual([0.5, 0, 0.5, null, 0, 0.5])
    expect(path.dirname(path.dirname(art.path))).toBe(store.dir)
  })

  it('saves a raster collection as one GeoTIFF per dated item', async () => {
    const r = await exec([cat, v, { id: 'm', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@v' } }], 'm', { save: ['v'] })
    expect(r.status).toBe('ok')
    expect(r.artifacts.map((a) => a.kind)).toEqual(SERIES_DATES.map(() => 'raster:v'))
    // Each item's layer holds that date's pixels (the series fixture's date i has the value i + 1 everywhere valid).
    const means = r.artifacts.map((a) => {
      const t = TiffFile.open(a.path)
      return t.readBand({ band: 1, nodata: t.nodata, scale: 1, offset: 0 }).then((px) => {
        t.close()
        const valid = Array.from(px).filter((x) => !Number.isNaN(x))
        return valid.reduce((s, x) => s + x, 0) / valid.length
      })
    })
    expect((await Promise.all(means)).sort((a, b) => a - b)).toEqual(SERIES_DATES.map((_, i) => i + 1))
  })

  it('a raster collection output reports per-asset statistics', async () => {
    const r = await exec([cat, v], 'v')
    expect(obs(r).items.map((i: any) => [i.date, i.mean, i.count])).toEqual(SERIES_DATES.map((d, i) => [d, i + 1, 3]))
  })

  it('a bad DAG is an error result naming the node, never a throw', async () => {
    const r = await executeDag({ base_dir: fx.dir, nodes: [{ id: 'x', op: 'raster.nope' }], output: 'x' }, ctx, { pool: inline })
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/Node 'x' uses the unknown operator/)
    expect(r.config.coarse).toBe('execute:raster.nope')
  })
})

describe('execute in worker threads', () => {
  it('runs jobs on a real worker pool, reports progress, and cancels', async () => {
    const pool = new RasterPool(1)
    try {
      // Earlier tests ran the same DAG: clear the node cache so the jobs really run on the pool.
      sharedNodeCache.clear()
      const seen: string[] = []
      const r = await executeDag({ base_dir: fx.dir, nodes: [cat, v, { id: 'daily', op: 'raster.batch_reduce', inputs: { data: '@v' } }], output: 'daily' }, { ...ctx, onProgress: (p) => seen.push(`${p.done}/${p.total}`) }, { pool })
      expect(r.status).toBe('ok')
      expect(obs(r).points.map((p: any) => p.value)).toEqual([1, 2, 3, 4])
      expect(seen).toEqual(['1/4', '2/4', '3/4', '4/4'])
      // The same DAG again would be answered by the node cache without running a job; cancelling needs a real run.
      sharedNodeCache.clear()
      const mid = new AbortController()
      const cut = await executeDag({ base_dir: fx.dir, nodes: [cat, v, { id: 'daily', op: 'raster.batch_reduce', inputs: { data: '@v' } }], output: 'daily' }, { ...ctx, signal: mid.signal, onProgress: () => mid.abort() }, { pool })
      expect(cut.status).toBe('error')
      expect(cut.reason).toBe('cancelled')
      const ac = new AbortController()
      ac.abort()
      const c = await executeDag({ base_dir: fx.dir, nodes: [red, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@red' } }], output: 's' }, { ...ctx, signal: ac.signal }, { pool })
      expect(c.status).toBe('error')
      expect(c.reason).toBe('cancelled')
      const bad = await executeDag({ base_dir: fx.dir, nodes: [red, nir, { id: 'big', op: 'raster.read', params: { path: 'small.tif' } }, { id: 'x', op: 'raster.algebra', params: { expr: 'red + big' }, inputs: { red: '@red', big: '@big' } }, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@x' } }], output: 's' }, ctx, { pool })
      expect(bad.status).toBe('error')
      expect(bad.reason).toMatch(/Node 'x' combines inputs 'red' and 'big' on different grids: they differ in size \(3x2 px against 2x2 px\)/)
    } finally {
      await pool.close()
    }
  })
})
