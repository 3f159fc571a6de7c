/**
 * TVDI over strips gives the whole-raster values to the last bit (issue 19: task 46 runs in strips to hold a few
 * rows instead of whole float64 rasters). Files laid out as task 46's: int16 tiles, no nodata, scales 0.0001 (NDVI)
 * and 0.02 (LST). Strips of whole rows of tiles add the reads' and the index's values in the order one whole read
 * does, so every mean, the TVDI sink and the content profiles equal the whole evaluation's exactly; the preparatory
 * sweep scans the raw samples (EdgeScan.addSamples), which must file the pixels as `add` does over the converted values.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evaluateJob } from '../../../../main/engines/raster/job/evaluate'
import { BufferRecycler } from '../../../../main/engines/raster/job/recycler'
import { KeptSamples } from '../../../../main/engines/raster/job/kept-samples'
import { openSweeps, SampleSweep } from '../../../../main/engines/raster/job/evaluate-sweeps'
import { prepareRead } from '../../../../main/engines/raster/job/read-node'
import type { JobNode, JobSink, RasterJob } from '../../../../main/engines/raster/job/types'
import { EdgeScan } from '../../../../main/engines/raster/products/tvdi-edges'
import { tvdiIndex, tvdiIndexSamples } from '../../../../main/engines/raster/products/tvdi'
import { TiffFile } from '../../../../main/engines/raster/tiff/reader'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const W = 10
const H = 11
const geo = { originX: 0, originY: 1100, sizeX: 100, sizeY: 100, epsg: 32643 }
// NDVI DN 0..9000 with repeats and a few out-of-range (negative, > 10000) values; LST DN around 14000-16000 with zeros.
const ndviDn = Array.from({ length: W * H }, (_, i) => (i % 13 === 5 ? -300 : i % 17 === 3 ? 10500 : (i * 2731) % 9000))
const lstDn = Array.from({ length: W * H }, (_, i) => (i % 11 === 7 ? 0 : 14000 + ((i * 977) % 2000)))
for (const [name, values, tile] of [
  ['ndvi.tif', ndviDn, 4],
  ['lst.tif', lstDn, 4],
  ['lst8.tif', lstDn, 8],
  // Row 5 of one NDVI and one LST value: its TVDI is one valid value across the row, a constant row of the output.
  ['ndvisame.tif', ndviDn.map((v, i) => (Math.floor(i / W) === 5 ? 5000 : v)), 4],
  ['lstsame.tif', lstDn.map((v, i) => (Math.floor(i / W) === 5 ? 15000 : v)), 4],
] as const) {
  writeTinyTiff(path.join(tmp.dir, name), { width: W, height: H, bands: [values], dtype: 'int16', geo, tile: { width: tile, height: tile }, compression: 8 })
}

function job(lstFile: string, ndviFile = 'ndvi.tif', clip = true, lstScale = 0.02): RasterJob {
  const nodes: JobNode[] = [
    { id: 'ndvi', kind: 'read', params: { path: ndviFile, band: 1, nodata: 'none', scale: 0.0001 }, inputs: {}, unit: 'dimensionless' },
    { id: 'lst', kind: 'read', params: { path: lstFile, band: 1, nodata: 'none', scale: lstScale }, inputs: {}, unit: 'K' },
    {
      id: 'tv',
      kind: 'product',
      params: { product: 'tvdi', bins: 5, min_pixels: 10, ndvi_range: [0, 1], clip, last_bin: 'open' },
      inputs: { ndvi: { node: 'ndvi' }, lst: { node: 'lst' } },
      unit: 'dimensionless',
    },
  ]
  const sinks: JobSink[] = [
    { id: 'mean', input: 'tv', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } },
    { id: 'all', input: 'tv', spec: { kind: 'summarize', stats: ['count', 'mean', 'min', 'max', 'sum', 'valid_fraction'], min_valid: 1, ddof: 0 } },
  ]
  return { nodes, sinks, item: null, baseDir: tmp.dir }
}

describe('TVDI in strips of whole tile rows', () => {
  it('gives the whole evaluation reports and sinks bit for bit (reads, index, content profiles)', async () => {
    const whole = await evaluateJob(job('lst.tif'), new BufferRecycler())
    expect(whole.nodes.tv.status).toBe('ok')
    for (const rows of [4, 8]) {
      const strips = await evaluateJob({ ...job('lst.tif'), stripRows: rows }, new BufferRecycler())
      expect(strips.nodes).toEqual(whole.nodes)
      expect(strips.sinks).toEqual(whole.sinks)
    }
  })

  it('unclipped (the kernel that tests each value for finiteness) as clipped: the whole evaluation bit for bit', async () => {
    const whole = await evaluateJob(job('lst.tif', 'ndvi.tif', false), new BufferRecycler())
    // Unclipped values leave [0, 1] on these files, so this is not the clipped index under another name.
    expect((whole.nodes.tv as { min: number }).min < 0 || (whole.nodes.tv as { max: number }).max > 1).toBe(true)
    const strips = await evaluateJob({ ...job('lst.tif', 'ndvi.tif', false), stripRows: 4 }, new BufferRecycler())
    expect(strips.nodes).toEqual(whole.nodes)
    expect(strips.sinks).toEqual(whole.sinks)
  })

  it('profiles constant rows of the output as the whole evaluation does', async () => {
    const whole = await evaluateJob(job('lstsame.tif', 'ndvisame.tif'), new BufferRecycler())
    expect((whole.nodes.tv as { content?: { constant_rows: number } }).content?.constant_rows).toBeGreaterThan(0)
    for (const rows of [4, 8]) {
      const strips = await evaluateJob({ ...job('lstsame.tif', 'ndvisame.tif'), stripRows: rows }, new BufferRecycler())
      expect(strips.nodes).toEqual(whole.nodes)
    }
  })

  it('with the LST in taller tiles than the strips: the same edges and counts, means to 1e-12', async () => {
    const whole = await evaluateJob(job('lst8.tif'), new BufferRecycler())
    const strips = await evaluateJob({ ...job('lst8.tif'), stripRows: 4 }, new BufferRecycler())
    expect(strips.nodes.tv.details).toEqual(whole.nodes.tv.details)
    expect(strips.nodes.tv.valid).toBe(whole.nodes.tv.valid)
    expect(strips.sinks.mean.value).toBeCloseTo(whole.sinks.mean.value as number, 12)
  })
})

describe('the final sweep over stored samples', () => {
  it('takes the reads as samples only where TVDI alone takes them, and reports the same figures either way', async () => {
    const plain = job('lst.tif')
    // The LST also summarised by a sink of its own: its strips must then be converted, as before.
    const shared: RasterJob = { ...plain, sinks: [...plain.sinks, { id: 'lstMean', input: 'lst', spec: { kind: 'reduce', stat: 'mean', min_valid: 1 } }] }
    const chosen = (j: RasterJob) => {
      const reads = new Map(j.nodes.filter((n) => n.kind === 'read').map((n) => [n.id, prepareRead(n, j)]))
      const sweep = new SampleSweep(j, openSweeps(j), reads, new BufferRecycler())
      for (const r of reads.values()) r.tif.close()
      const kept = ['lst', 'ndvi'].filter((id) => sweep.kept.has(id))
      return { products: [...sweep.products.keys()], reads: [...sweep.reads].sort(), kept }
    }
    // Both reads are scanned as samples in the first sweep and taken as samples in the final one: decoded once, kept.
    expect(chosen(plain)).toEqual({ products: ['tv'], reads: ['lst', 'ndvi'], kept: ['lst', 'ndvi'] })
    expect(chosen(shared)).toEqual({ products: [], reads: [], kept: [] })
    const samples = await evaluateJob({ ...plain, stripRows: 4 }, new BufferRecycler())
    const values = await evaluateJob({ ...shared, stripRows: 4 }, new BufferRecycler())
    expect(values.nodes).toEqual(samples.nodes)
    expect(values.sinks.mean).toEqual(samples.sinks.mean)
    expect(values.sinks.lstMean.value).toBe(samples.nodes.lst.mean)
  })
})

describe('the index over samples where values overflow', () => {
  it('leaves non-finite values out, unclipped, as the index over converted values does', () => {
    // A denominator of the smallest double: 300 K / 5e-324 is +Infinity for every pixel the fit can reach.
    const rule = { lo: 0, hi: 1, lstMin: 0, bins: 5, closed: false, clip: false }
    const fit = { rule, ad: 5e-324, bd: 0, aw: 0, bw: 0, details: {} }
    const nd = Int16Array.of(1000, 2000, 3000, 4000)
    const ls = Uint16Array.of(15000, 15000, 0, 15000)
    const rows = { width: 4, firsts: new Float64Array(1), constant: new Uint8Array(1), min: Infinity, minCount: 0, max: -Infinity, maxCount: 0 }
    const stats = Float64Array.of(0, 0, Infinity, -Infinity)
    const out = new Float64Array(4)
    tvdiIndexSamples(fit, { samples: nd, scale: 0.0001, offset: 0 }, { samples: ls, scale: 0.02, offset: 0 }, out, 4, stats, rows)
    const ref = new Float64Array(4)
    const refStats = Float64Array.of(0, 0, Infinity, -Infinity)
    tvdiIndex(
      fit,
      Float64Array.from(nd, (v) => v * 0.0001),
      Float64Array.from(ls, (v) => v * 0.02),
      ref,
      0,
      4,
      refStats,
    )
    expect(Array.from(out)).toEqual([NaN, NaN, NaN, NaN])
    expect(Array.from(out)).toEqual(Array.from(ref))
    expect(Array.from(stats)).toEqual(Array.from(refStats))
    expect([rows.minCount, rows.maxCount, rows.constant[0]]).toEqual([0, 0, 0])
    // Clipped, the same fit gives 1 wherever the LST is valid (+Infinity clipped), none left out.
    tvdiIndexSamples(
      { ...fit, rule: { ...rule, clip: true } },
      { samples: nd, scale: 0.0001, offset: 0 },
      { samples: ls, scale: 0.02, offset: 0 },
      out,
      4,
      stats,
      rows,
    )
    expect(Array.from(out)).toEqual([1, 1, NaN, 1])
  })
})

describe('samples kept between the sweeps', () => {
  it('keeps reads only while their bytes fit the budget, in stores given back for the next job', () => {
    const j = job('lst.tif')
    const reads = new Map(j.nodes.filter((n) => n.kind === 'read').map((n) => [n.id, prepareRead(n, j)]))
    const recycler = new BufferRecycler()
    // int16: two bytes a pixel; a budget of one raster keeps the first candidate only.
    const one = new KeptSamples(reads, ['ndvi', 'lst'], recycler, W * H * 2)
    expect([one.has('ndvi'), one.has('lst')]).toEqual([true, false])
    expect(one.rows('ndvi', 4, 2, W)?.length).toBe(2 * W)
    expect(one.ready('ndvi')).toBe(false)
    one.markFilled()
    expect(one.ready('ndvi')).toBe(true)
    const store = one.rows('ndvi', 0, H, W)!.buffer
    one.release()
    const next = new KeptSamples(reads, ['lst'], recycler, W * H * 2)
    expect(next.rows('lst', 0, H, W)!.buffer).toBe(store)
    expect(new KeptSamples(reads, ['ndvi'], recycler, W * H * 2 - 1).has('ndvi')).toBe(false)
    // The costliest to decode is kept first, whatever the order given: the larger file.
    const larger = fs.statSync(path.join(tmp.dir, 'ndvi.tif')).size >= fs.statSync(path.join(tmp.dir, 'lst.tif')).size ? 'ndvi' : 'lst'
    const either = new KeptSamples(reads, ['lst', 'ndvi'], new BufferRecycler(), W * H * 2)
    expect(['lst', 'ndvi'].filter((id) => either.has(id))).toEqual([larger])
    for (const r of reads.values()) r.tif.close()
  })
})

describe('the raw-sample scan', () => {
  it('files the pixels as add does over the converted values (same cells, so the same bins and extremes)', async () => {
    const rule = { lo: 0, hi: 1, lstMin: 0, bins: 5, closed: false }
    const ndvi = TiffFile.open(path.join(tmp.dir, 'ndvi.tif'))
    const lst = TiffFile.open(path.join(tmp.dir, 'lst.tif'))
    const win = { col: 0, row: 4, width: W, height: 5 }
    const nv = await ndvi.readBand({ band: 1, window: win, nodata: null, scale: 0.0001, offset: 0 })
    const lv = await lst.readBand({ band: 1, window: win, nodata: null, scale: 0.02, offset: 0 })
    const ns = await ndvi.readSamples({ band: 1, window: win })
    const ls = await lst.readSamples({ band: 1, window: win })
    expect(Array.from(ns!)).toEqual(ndviDn.slice(4 * W, 9 * W))
    // A window inside the tiles (columns 3-8 of rows 2-6), into a reused buffer.
    const inner = await ndvi.readSamples({ band: 1, window: { col: 3, row: 2, width: 6, height: 5 }, into: new Int16Array(30) })
    expect(Array.from(inner!)).toEqual([2, 3, 4, 5, 6].flatMap((r) => ndviDn.slice(r * W + 3, r * W + 9)))
    const a = new EdgeScan(rule)
    a.add(nv, lv, 0, nv.length)
    const b = new EdgeScan(rule)
    b.addSamples({ samples: ns!, scale: 0.0001, offset: 0 }, { samples: ls!, scale: 0.02, offset: 0 }, nv.length)
    expect(b.bins(1)).toEqual(a.bins(1))
    ndvi.close()
    lst.close()
  })
})
