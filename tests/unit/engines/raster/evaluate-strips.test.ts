import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evaluateJob } from '../../../../main/engines/raster/job/evaluate'
import { firstPass } from '../../../../main/engines/raster/pooled'
import { BufferRecycler } from '../../../../main/engines/raster/job/recycler'
import { stripEligible } from '../../../../main/engines/raster/job/evaluate-strips'
import type { JobNode, JobSink, RasterJob } from '../../../../main/engines/raster/job/types'
import { TiffFile } from '../../../../main/engines/raster/tiff/reader'
import { shared, tempDir } from '../../../helpers/tmp'
import { ramp, writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const W = 5
const H = 7
const geo = { originX: 0, originY: 700, sizeX: 100, sizeY: 100, epsg: 32633 }
writeTinyTiff(path.join(tmp.dir, 'a.tif'), {
  width: W,
  height: H,
  bands: [ramp(W * H, (i) => (i % 6 === 0 ? 0 : 10 + i))],
  dtype: 'uint16',
  nodata: '0',
  geo,
  tile: { width: 4, height: 4 },
  compression: 8,
})
writeTinyTiff(path.join(tmp.dir, 'b.tif'), {
  width: W,
  height: H,
  bands: [ramp(W * H, (i) => 200 - 3 * i)],
  dtype: 'int16',
  geo,
  rowsPerStrip: 3,
  compression: 8,
  predictor: 2,
})

const nodes: JobNode[] = [
  { id: 'a', kind: 'read', params: { path: 'a.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
  { id: 'b', kind: 'read', params: { path: 'b.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
  {
    id: 'nd',
    kind: 'product',
    params: { product: 'normalized_difference', epsilon: 0 },
    inputs: { a: { node: 'b' }, b: { node: 'a' } },
    unit: 'dimensionless',
  },
  { id: 'x', kind: 'algebra', params: { expr: 'nd * k + 1' }, inputs: { nd: { node: 'nd' }, k: { value: 2 } }, unit: 'dimensionless' },
  { id: 'm', kind: 'mask', params: { valid_range: [0.5, 2] }, inputs: { data: { node: 'x' } }, unit: 'dimensionless' },
]
const sinks: JobSink[] = [
  {
    id: 's',
    input: 'm',
    spec: { kind: 'summarize', stats: ['count', 'mean', 'min', 'max', 'std', 'median', 'p90', 'valid_fraction', 'sum'], min_valid: 1, ddof: 0 },
  },
  { id: 'r', input: 'nd', spec: { kind: 'reduce', stat: 'median', min_valid: 1 } },
  { id: 't', input: 'x', spec: { kind: 'threshold', op: '>', value: 1.5, as: 'fraction', min_valid: 1 } },
  { id: 'q', input: 'a', spec: { kind: 'query', geometry: { type: 'bbox', bbox: [100, 200, 400, 600], crs: 'map' }, stat: 'mean', min_valid: 1 } },
  { id: 'e', input: 'm', spec: { kind: 'export' } },
  // A pooled statistic's partial restricted to the same box as 'q' (its first histogram pass of a median).
  {
    id: 'pq',
    input: 'a',
    spec: { kind: 'pool', stat: 'median', min_valid: 1, pass: firstPass('median'), geometry: { type: 'bbox', bbox: [100, 200, 400, 600], crs: 'map' } },
  },
]

async function decode(bytes: Uint8Array): Promise<number[]> {
  const f = path.join(tmp.dir, `e${Math.random()}.tif`)
  fs.writeFileSync(f, bytes)
  const t = TiffFile.open(f)
  const v = Array.from(await t.readBand({ band: 1, nodata: t.nodata, scale: 1, offset: 0 }))
  t.close()
  return v
}

describe('strip-by-strip evaluation', () => {
  it('gives the same reports and sink values as whole rasters, one row at a time', async () => {
    const job: RasterJob = { nodes, sinks, item: null, baseDir: tmp.dir }
    expect(stripEligible(job)).toBe(true)
    const whole = await evaluateJob(job, new BufferRecycler())
    for (const rows of [1, 2, 3]) {
      const strips = await evaluateJob({ ...job, stripRows: rows }, new BufferRecycler())
      for (const id of ['a', 'b', 'nd', 'x', 'm']) {
        const w = whole.nodes[id]
        const s = strips.nodes[id]
        expect(s.valid).toBe(w.valid)
        expect(s.total).toBe(w.total)
        expect(s.min).toBe(w.min)
        expect(s.max).toBe(w.max)
        expect(s.mean).toBeCloseTo(w.mean!, 12)
      }
      expect(strips.nodes.m.dropped).toEqual(whole.nodes.m.dropped)
      const ws = whole.sinks.s.value as Record<string, number>
      const ss = strips.sinks.s.value as Record<string, number>
      for (const k of Object.keys(ws)) expect(ss[k]).toBeCloseTo(ws[k], 12)
      expect(strips.sinks.r.value).toBeCloseTo(whole.sinks.r.value as number, 12)
      expect(strips.sinks.t).toMatchObject({ numerator: whole.sinks.t.numerator, denominator: whole.sinks.t.denominator })
      expect(strips.sinks.q).toMatchObject({ value: whole.sinks.q.value, pixels: whole.sinks.q.pixels })
      expect(await decode(strips.sinks.e.bytes!)).toEqual(await decode(whole.sinks.e.bytes!))
      // The box's pixels only, whole or in strips: the same count and mean as the box query, the same histogram.
      const [sp, wp] = [strips.sinks.pq.pool!, whole.sinks.pq.pool!]
      expect(sp.bins).toEqual(wp.bins)
      expect({ count: sp.count, sum: sp.sum, min: sp.min, max: sp.max }).toEqual({ count: wp.count, sum: wp.sum, min: wp.min, max: wp.max })
      expect(sp.m2).toBeCloseTo(wp.m2, 9)
      expect(whole.sinks.pq.valid).toBe(whole.sinks.q.valid)
      expect(whole.sinks.pq.total).toBe(whole.sinks.q.pixels)
      expect(whole.sinks.pq.pool!.mean).toBeCloseTo(whole.sinks.q.value as number, 12)
    }
  })

  it('runs TVDI (whose edges need every pixel) in strips: a sweep for the edges, then one for the index', async () => {
    // NDVI from an algebra node over a.tif: 'wide' spreads it over bins, 'narrow' puts it in one fine cell (range
    // 3.5e-6 against cells of 1.5e-5), so the edges need the second sweep that bins straddling cells pixel by pixel.
    // With no sink on 'hot', TVDI writes each strip into hot's buffer; with one, hot keeps its values for the sink.
    const hotSink: JobSink = { id: 'hm2', input: 'hot', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } }
    for (const [expr, extra] of [
      ['0.3 + 0.01 * (lst - 10) + 0.002 * sqrt(lst)', []],
      ['0.3 + 1e-7 * (lst - 10)', []],
      ['0.3 + 0.01 * (lst - 10) + 0.002 * sqrt(lst)', [hotSink]],
    ] as const) {
      const tvNodes: JobNode[] = [
        { id: 'lst', kind: 'read', params: { path: 'a.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'K' },
        { id: 'b', kind: 'read', params: { path: 'b.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
        { id: 'nd', kind: 'algebra', params: { expr }, inputs: { lst: { node: 'lst' } }, unit: 'dimensionless' },
        { id: 'hot', kind: 'algebra', params: { expr: 'lst + b / 100' }, inputs: { lst: { node: 'lst' }, b: { node: 'b' } }, unit: 'K' },
        {
          id: 'tv',
          kind: 'product',
          params: { product: 'tvdi', bins: 4, min_pixels: 1, ndvi_range: [0, 1], clip: true, last_bin: 'open' },
          inputs: { ndvi: { node: 'nd' }, lst: { node: 'hot' } },
          unit: 'dimensionless',
        },
        { id: 'half', kind: 'algebra', params: { expr: 'tv / 2' }, inputs: { tv: { node: 'tv' } }, unit: 'dimensionless' },
      ]
      const tvSinks: JobSink[] = [
        { id: 'tm', input: 'tv', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } },
        { id: 'hm', input: 'half', spec: { kind: 'summarize', stats: ['count', 'mean', 'median'], min_valid: 1, ddof: 0 } },
        { id: 'te', input: 'tv', spec: { kind: 'export' } },
      ]
      const job: RasterJob = { nodes: tvNodes, sinks: [...tvSinks, ...extra], item: null, baseDir: tmp.dir }
      expect(stripEligible(job)).toBe(true)
      const whole = await evaluateJob(job, new BufferRecycler())
      expect(whole.nodes.tv.status).toBe('ok')
      for (const rows of [1, 2, 3]) {
        const strips = await evaluateJob({ ...job, stripRows: rows }, new BufferRecycler())
        for (const id of ['lst', 'nd', 'hot', 'tv', 'half']) {
          expect(strips.nodes[id]).toMatchObject({ valid: whole.nodes[id].valid, min: whole.nodes[id].min, max: whole.nodes[id].max })
          expect(strips.nodes[id].mean).toBeCloseTo(whole.nodes[id].mean!, 12)
        }
        expect(strips.nodes.tv.details).toEqual(whole.nodes.tv.details)
        expect(strips.sinks.tm.value).toBeCloseTo(whole.sinks.tm.value as number, 12)
        if (extra.length) expect(strips.sinks.hm2.value).toBeCloseTo(whole.sinks.hm2.value as number, 12)
        const hs = strips.sinks.hm.value as Record<string, number>
        for (const [k, v] of Object.entries(whole.sinks.hm.value as Record<string, number>)) expect(hs[k]).toBeCloseTo(v, 12)
        expect(await decode(strips.sinks.te.bytes!)).toEqual(await decode(whole.sinks.te.bytes!))
      }
    }
  })

  it('gives a TVDI without enough valid pixels no value in strips too, and keeps a TVDI of a TVDI whole', async () => {
    const tv = (id: string, ndvi: string, lst: string, minPixels: number): JobNode => ({
      id,
      kind: 'product',
      params: { product: 'tvdi', bins: 4, min_pixels: minPixels, ndvi_range: [0, 1], clip: true, last_bin: 'open' },
      inputs: { ndvi: { node: ndvi }, lst: { node: lst } },
      unit: 'dimensionless',
    })
    const base: JobNode[] = [
      { id: 'lst', kind: 'read', params: { path: 'a.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'K' },
      { id: 'nd', kind: 'algebra', params: { expr: '0.3 + 0.01 * (lst - 10)' }, inputs: { lst: { node: 'lst' } }, unit: 'dimensionless' },
    ]
    const sink: JobSink = { id: 'tm', input: 'tv', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } }
    const few = await evaluateJob(
      { nodes: [...base, tv('tv', 'nd', 'lst', 1000)], sinks: [sink], item: null, baseDir: tmp.dir, stripRows: 2 },
      new BufferRecycler(),
    )
    expect(few.nodes.tv).toMatchObject({ status: 'insufficient' })
    expect(few.nodes.tv.reason).toMatch(/TVDI needs at least 1000/)
    expect(few.sinks.tm.status).toBe('insufficient')
    const nested = { nodes: [...base, tv('t1', 'nd', 'lst', 1), tv('tv', 'nd', 't1', 1)], sinks: [sink], item: null, baseDir: tmp.dir }
    expect(stripEligible(nested)).toBe(false)
  })

  it('writes TVDI into the LST buffer only when nothing else reads LST', async () => {
    // a.tif as LST (DN 10 + i, 0 = nodata) and a made-up NDVI; the LST mean is known from the values written.
    const lstValues = ramp(W * H, (i) => (i % 6 === 0 ? 0 : 10 + i))
    const validLst = lstValues.filter((v) => v !== 0)
    const lstMean = validLst.reduce((a, b) => a + b, 0) / validLst.length
    const tvNodes: JobNode[] = [
      { id: 'lst', kind: 'read', params: { path: 'a.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'K' },
      { id: 'nd', kind: 'algebra', params: { expr: 'lst * 0 + 0.3 + 0.01 * (lst - 10)' }, inputs: { lst: { node: 'lst' } }, unit: 'dimensionless' },
      {
        id: 'tv',
        kind: 'product',
        params: { product: 'tvdi', bins: 4, min_pixels: 1, ndvi_range: [0, 1], clip: true, last_bin: 'open' },
        inputs: { ndvi: { node: 'nd' }, lst: { node: 'lst' } },
        unit: 'dimensionless',
      },
    ]
    const tvSink: JobSink = { id: 'tm', input: 'tv', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } }
    const alone = await evaluateJob({ nodes: tvNodes, sinks: [tvSink], item: null, baseDir: tmp.dir }, new BufferRecycler())
    // LST read again by a node after TVDI: its buffer must stay LST.
    const after: JobNode = { id: 'again', kind: 'algebra', params: { expr: 'lst + 0' }, inputs: { lst: { node: 'lst' } }, unit: 'K' }
    const lstSink: JobSink = { id: 'lm', input: 'again', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } }
    const both = await evaluateJob({ nodes: [...tvNodes, after], sinks: [tvSink, lstSink], item: null, baseDir: tmp.dir }, new BufferRecycler())
    expect(both.sinks.lm.value).toBeCloseTo(lstMean, 12)
    expect(both.sinks.tm.value).toBe(alone.sinks.tm.value)
    expect(alone.nodes.tv.valid).toBe(validLst.length)
    const v = alone.sinks.tm.value as number
    expect(v).toBeGreaterThan(0)
    expect(v).toBeLessThan(1)
  })

  it('reproduces the fixture NDVI in strips of 16 rows', async () => {
    const band = (b: string) => shared(`fixtures/landsat8_L1TP_016037_20170813/LC08_L1TP_016037_20170813_20170814_01_RT_${b}.TIF`)
    const r = await evaluateJob({
      nodes: [
        { id: 'red', kind: 'read', params: { path: band('B4'), band: 1, nodata: 0 }, inputs: {}, unit: 'dn' },
        { id: 'nir', kind: 'read', params: { path: band('B5'), band: 1, nodata: 0 }, inputs: {}, unit: 'dn' },
        {
          id: 'ndvi',
          kind: 'product',
          params: { product: 'normalized_difference', epsilon: 0 },
          inputs: { a: { node: 'nir' }, b: { node: 'red' } },
          unit: 'dimensionless',
        },
      ],
      sinks: [{ id: 's', input: 'ndvi', spec: { kind: 'summarize', stats: ['count', 'mean', 'min', 'max'], min_valid: 1, ddof: 0 } }],
      item: null,
      baseDir: '/',
      stripRows: 16,
    })
    const v = r.sinks.s.value as Record<string, number>
    expect(v.count).toBe(46100)
    expect(Math.abs(v.mean - 0.20559621830211325)).toBeLessThan(1e-6)
    expect(Math.abs(v.min - -0.1432490974729242)).toBeLessThan(1e-6)
    expect(Math.abs(v.max - 0.676721339853724)).toBeLessThan(1e-6)
  })
})
