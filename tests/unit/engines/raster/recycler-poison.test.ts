/**
 * A raster job gives the same reports and sink values whatever its pixel buffers held before: with every buffer the
 * recycler hands out filled with garbage (BufferRecycler `poison`, the RSURE_POISON_BUFFERS debug switch), and with
 * several jobs at once sharing one recycler (the raster pool's inline mode: each job's freed buffers feed the others).
 * A node, sink, strip or sweep that reads an output pixel before writing it, or keeps a buffer after giving it back,
 * changes a value here on every run, instead of now and then in a full test run (issue 15's Landsat area counted
 * 24908 pixels once in four full runs; 24909 is GDAL's and geotiff.js's count).
 *
 * Jobs: whole rasters and strips of 1 to 17 rows (strip edges inside and across the files' tiles and strips, a short
 * last strip), reads with nodata and with TOA scale/offset, a product, algebra, masks (range, QA bits), every sink
 * kind, pixel areas, TVDI in sweeps over values (its output written into its LST input's buffer) and over kept
 * stored samples.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evaluateJob } from '../../../../main/engines/raster/job/evaluate'
import { BufferRecycler } from '../../../../main/engines/raster/job/recycler'
import type { JobNode, JobResult, JobSink, RasterJob } from '../../../../main/engines/raster/job/types'
import { firstPass } from '../../../../main/engines/raster/pooled'
import { RasterPool } from '../../../../main/engines/raster/worker/pool'
import { shared, tempDir } from '../../../helpers/tmp'
import { ramp, writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

// Tiny files: uint16 DEFLATE tiles with nodata 0, int16 strips with a predictor (as evaluate-strips.test.ts), and
// int16 tiles without nodata laid out as task 46's (samples kept between TVDI's sweeps).
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
const TW = 10
const TH = 11
const tgeo = { originX: 0, originY: 1100, sizeX: 100, sizeY: 100, epsg: 32643 }
writeTinyTiff(path.join(tmp.dir, 'ndvi.tif'), {
  width: TW,
  height: TH,
  bands: [Array.from({ length: TW * TH }, (_, i) => (i % 13 === 5 ? -300 : i % 17 === 3 ? 10500 : (i * 2731) % 9000))],
  dtype: 'int16',
  geo: tgeo,
  tile: { width: 4, height: 4 },
  compression: 8,
})
writeTinyTiff(path.join(tmp.dir, 'lst.tif'), {
  width: TW,
  height: TH,
  bands: [Array.from({ length: TW * TH }, (_, i) => (i % 11 === 7 ? 0 : 14000 + ((i * 977) % 2000)))],
  dtype: 'int16',
  geo: tgeo,
  tile: { width: 4, height: 4 },
  compression: 8,
})

const tvdi = (ndvi: string, lst: string, bins = 4, minPixels = 1): JobNode => ({
  id: 'tv',
  kind: 'product',
  params: { product: 'tvdi', bins, min_pixels: minPixels, ndvi_range: [0, 1], clip: true, last_bin: 'open' },
  inputs: { ndvi: { node: ndvi }, lst: { node: lst } },
  unit: 'dimensionless',
})
const summary: JobSink['spec'] = {
  kind: 'summarize',
  stats: ['count', 'mean', 'min', 'max', 'std', 'median', 'p90', 'valid_fraction', 'sum'],
  min_valid: 1,
  ddof: 0,
}

const tinyJob: RasterJob = {
  nodes: [
    { id: 'a', kind: 'read', params: { path: 'a.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
    { id: 'b', kind: 'read', params: { path: 'b.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
    {
      id: 'nd',
      kind: 'product',
      params: { product: 'normalized_difference', epsilon: 0 },
      inputs: { a: { node: 'b' }, b: { node: 'a' } },
      unit: 'dimensionless',
    },
    { id: 'x', kind: 'algebra', params: { expr: 'where(nd > 0.6, nd * k + 1, 0/0)' }, inputs: { nd: { node: 'nd' }, k: { value: 2 } }, unit: 'dimensionless' },
    { id: 'm', kind: 'mask', params: { valid_range: [0.5, 2.3] }, inputs: { data: { node: 'x' } }, unit: 'dimensionless' },
  ],
  sinks: [
    { id: 's', input: 'm', spec: summary },
    { id: 'r', input: 'nd', spec: { kind: 'reduce', stat: 'median', min_valid: 1 } },
    { id: 't', input: 'x', spec: { kind: 'threshold', op: '>', value: 2.2, as: 'fraction', min_valid: 1 } },
    { id: 'q', input: 'a', spec: { kind: 'query', geometry: { type: 'bbox', bbox: [100, 200, 400, 600], crs: 'map' }, stat: 'mean', min_valid: 1 } },
    { id: 'p', input: 'nd', spec: { kind: 'pool', stat: 'median', min_valid: 1, pass: firstPass('median') } },
    { id: 'e', input: 'm', spec: { kind: 'export' } },
  ],
  item: null,
  baseDir: tmp.dir,
}

/** TVDI over values in sweeps; without a sink on `hot` it writes each strip into hot's buffer. */
const tvdiValues = (sinkOnHot: boolean): RasterJob => ({
  nodes: [
    { id: 'lst', kind: 'read', params: { path: 'a.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'K' },
    { id: 'b', kind: 'read', params: { path: 'b.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
    { id: 'nd', kind: 'algebra', params: { expr: '0.3 + 0.01 * (lst - 10) + 0.002 * sqrt(lst)' }, inputs: { lst: { node: 'lst' } }, unit: 'dimensionless' },
    { id: 'hot', kind: 'algebra', params: { expr: 'lst + b / 100' }, inputs: { lst: { node: 'lst' }, b: { node: 'b' } }, unit: 'K' },
    tvdi('nd', 'hot'),
    { id: 'half', kind: 'algebra', params: { expr: 'tv / 2' }, inputs: { tv: { node: 'tv' } }, unit: 'dimensionless' },
  ],
  sinks: [
    { id: 'tm', input: 'tv', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } },
    { id: 'hm', input: 'half', spec: summary },
    { id: 'te', input: 'tv', spec: { kind: 'export' } },
    ...(sinkOnHot ? [{ id: 'hotm', input: 'hot', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } } as JobSink] : []),
  ],
  item: null,
  baseDir: tmp.dir,
})

/** TVDI over stored samples (int16, no nodata, scaled): both reads decoded once and kept for the final sweep. */
const tvdiSamples: RasterJob = {
  nodes: [
    { id: 'ndvi', kind: 'read', params: { path: 'ndvi.tif', band: 1, nodata: 'none', scale: 0.0001 }, inputs: {}, unit: 'dimensionless' },
    { id: 'lst', kind: 'read', params: { path: 'lst.tif', band: 1, nodata: 'none', scale: 0.02 }, inputs: {}, unit: 'K' },
    tvdi('ndvi', 'lst', 5, 10),
  ],
  sinks: [
    { id: 'mean', input: 'tv', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } },
    { id: 'all', input: 'tv', spec: summary },
  ],
  item: null,
  baseDir: tmp.dir,
}

// Issue 15's question over the Landsat fixture: TOA reflectance (DN x REFLECTANCE_MULT + REFLECTANCE_ADD from the
// MTL, DN 0 fill), NDVI, the pixels where it exceeds 0.3 counted; also a QA mask and pixel areas over the same grid.
const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const STEM = 'LC08_L1TP_016037_20170813_20170814_01_RT'
const HAVE = fs.existsSync(LANDSAT)
function landsatJob(): RasterJob {
  const mtl = fs.readFileSync(path.join(LANDSAT, `${STEM}_MTL.txt`), 'utf8')
  const k = (key: string) => Number(mtl.match(new RegExp(`${key} = ([-0-9.E+]+)`))![1])
  const toa = (id: string, b: number): JobNode => ({
    id,
    kind: 'read',
    params: { path: `${STEM}_B${b}.TIF`, band: 1, nodata: 0, scale: k(`REFLECTANCE_MULT_BAND_${b}`), offset: k(`REFLECTANCE_ADD_BAND_${b}`) },
    inputs: {},
    unit: 'reflectance',
  })
  return {
    nodes: [
      toa('nir', 5),
      toa('red', 4),
      { id: 'qa', kind: 'read', params: { path: `${STEM}_BQA.TIF`, band: 1, nodata: 'none' }, inputs: {}, unit: 'dn' },
      {
        id: 'ndvi',
        kind: 'product',
        params: { product: 'normalized_difference', epsilon: 0 },
        inputs: { a: { node: 'nir' }, b: { node: 'red' } },
        unit: 'dimensionless',
      },
      { id: 'selected', kind: 'algebra', params: { expr: 'where((v > 0.3), 1, 0/0)' }, inputs: { v: { node: 'ndvi' } }, unit: 'dimensionless' },
      {
        id: 'clear',
        kind: 'mask',
        params: { qa_bits: [{ first: 4, last: 4, reject: [1] }] },
        inputs: { data: { node: 'ndvi' }, qa: { node: 'qa' } },
        unit: 'dimensionless',
      },
      { id: 'area', kind: 'product', params: { product: 'pixel_area' }, inputs: { like: { node: 'selected' } }, unit: 'm2' },
      { id: 'kept', kind: 'algebra', params: { expr: 's * a' }, inputs: { s: { node: 'selected' }, a: { node: 'area' } }, unit: 'm2' },
    ],
    sinks: [
      { id: 'count', input: 'selected', spec: { kind: 'reduce', stat: 'count', min_valid: 0 } },
      { id: 'share', input: 'ndvi', spec: { kind: 'threshold', op: '>', value: 0.3, as: 'fraction', min_valid: 1 } },
      { id: 'clearStats', input: 'clear', spec: summary },
      { id: 'm2', input: 'kept', spec: { kind: 'reduce', stat: 'sum', min_valid: 0 } },
      { id: 'ndviTif', input: 'ndvi', spec: { kind: 'export' } },
    ],
    item: null,
    baseDir: LANDSAT,
  }
}

const withRows = (job: RasterJob, rows: (number | undefined)[]) => rows.map((r) => (r === undefined ? job : { ...job, stripRows: r }))
const jobs: RasterJob[] = [
  ...withRows(tinyJob, [undefined, 1, 2, 3]),
  ...withRows(tvdiValues(false), [undefined, 1, 3]),
  ...withRows(tvdiValues(true), [2]),
  ...withRows(tvdiSamples, [undefined, 4, 3]),
  ...(HAVE ? withRows(landsatJob(), [undefined, 1, 5, 16, 17]) : []),
]

/** A result with its GeoTIFF bytes as their sha256 (compared at once instead of value by value). */
function comparable(r: JobResult): JobResult {
  const sinks = Object.fromEntries(
    Object.entries(r.sinks).map(([id, s]) => [id, s.bytes ? { ...s, bytes: createHash('sha256').update(s.bytes).digest('hex') } : s]),
  )
  return { ...r, sinks } as JobResult
}

/** What a job gives on buffers nothing used before: a recycler that keeps nothing, so every buffer is new (zeros). */
async function reference(job: RasterJob): Promise<JobResult> {
  return comparable(await evaluateJob(job, new BufferRecycler(0, 0, false)))
}

/** A job evaluated with `recycler`, comparable with its reference. */
async function run(job: RasterJob, recycler: BufferRecycler): Promise<JobResult> {
  return comparable(await evaluateJob(job, recycler))
}

describe('the recycler debug switch', () => {
  it('hands out buffers filled with finite garbage, new or reused, and stores of garbage bytes', () => {
    const r = new BufferRecycler(undefined, undefined, true)
    const fresh = r.alloc(26)
    expect(fresh.every((v) => Number.isFinite(v))).toBe(true)
    expect(new Set(fresh).size).toBe(13)
    fresh.fill(0)
    r.give(fresh)
    const again = r.take(26)!
    expect(again).toBe(fresh)
    expect(again.some((v) => v !== 0)).toBe(true)
    expect(r.take(3)?.length).toBe(3)
    expect(new Uint8Array(r.takeStore(8))).toEqual(new Uint8Array(8).fill(0xa5))
    // Off unless asked (RSURE_POISON_BUFFERS=1): a new buffer is zeros, and take gives only what was given back.
    const plain = new BufferRecycler(undefined, undefined, false)
    expect(plain.alloc(4)).toEqual(new Float64Array(4))
    expect(plain.take(4)).toBeUndefined()
    expect(new BufferRecycler().poison).toBe(process.env.RSURE_POISON_BUFFERS === '1')
  })
})

describe('raster jobs over buffers that held other values', () => {
  it.skipIf(!HAVE)('count the Landsat TOA NDVI > 0.3 area as GDAL does, whole and in strips', async () => {
    for (const job of withRows(landsatJob(), [undefined, 16, 17])) {
      const r = await evaluateJob(job, new BufferRecycler(undefined, undefined, true))
      expect(r.sinks.count.value, String(job.stripRows)).toBe(24909)
      expect(r.sinks.share.numerator, String(job.stripRows)).toBe(24909)
      expect(r.sinks.m2.value, String(job.stripRows)).toBe(24909 * 810000)
    }
  })

  it('give the same reports and sinks on poisoned buffers as on new ones, each job alone', async () => {
    for (const job of jobs) {
      const want = await reference(job)
      // Every node and sink has a value (garbage read alike from zeros and from poison could end both in 'insufficient').
      expect([...Object.values(want.nodes), ...Object.values(want.sinks)].map((x) => x.status)).not.toContain('insufficient')
      expect(await run(job, new BufferRecycler(undefined, undefined, true)), String(job.stripRows)).toEqual(want)
    }
  })

  it('give TVDI over kept samples, in strips of whole tile rows, the whole evaluation values', async () => {
    const whole = await run(tvdiSamples, new BufferRecycler(undefined, undefined, true))
    const strips = await run({ ...tvdiSamples, stripRows: 4 }, new BufferRecycler(undefined, undefined, true))
    expect(strips.sinks).toEqual(whole.sinks)
    expect(strips.nodes.tv).toMatchObject({ valid: whole.nodes.tv.valid, min: whole.nodes.tv.min, max: whole.nodes.tv.max, mean: whole.nodes.tv.mean })
  })

  it('give the same reports and sinks with every job at once sharing one recycler, poisoned or not', async () => {
    const want = await Promise.all(jobs.map(reference))
    for (const poison of [true, false]) {
      const recycler = new BufferRecycler(undefined, undefined, poison)
      // Two copies of each job, interleaved at every read (each read awaits its file).
      const order = [...jobs.keys(), ...[...jobs.keys()].reverse()]
      const got = await Promise.all(order.map((i) => run(jobs[i], recycler)))
      got.forEach((r, k) => expect(r, `job ${order[k]}, poison ${poison}`).toEqual(want[order[k]]))
    }
  })

  it('give the same results through the inline raster pool with runs at once', async () => {
    const want = await Promise.all(jobs.map(reference))
    const pool = new RasterPool(0)
    const got = await Promise.all([pool.run(jobs), pool.run([...jobs].reverse())])
    expect(got[0].map(comparable)).toEqual(want)
    expect(got[1].map(comparable)).toEqual([...want].reverse())
    await pool.close()
  })
})
