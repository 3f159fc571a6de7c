import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { percentile, PreviewError, previewSize, renderPreview } from '../../../../main/engines/raster/preview'
import { FIXTURES, tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './describe-helpers'

const B4 = FIXTURES.B4
const RED = FIXTURES.RED
const RGBN = FIXTURES.RGBN

let tmp: { dir: string; cleanup: () => void }
beforeAll(() => (tmp = tempDir()))
afterAll(() => tmp.cleanup())

function decode(png: Uint8Array) {
  return PNG.sync.read(Buffer.from(png))
}

describe('preview helpers', () => {
  it('interpolates percentiles like numpy', () => {
    const v = Float64Array.from({ length: 100 }, (_, i) => i)
    expect(percentile(v, 2)).toBeCloseTo(1.98, 12)
    expect(percentile(v, 98)).toBeCloseTo(97.02, 12)
    expect(percentile(v, 0)).toBe(0)
    expect(percentile(v, 100)).toBe(99)
  })

  it('keeps the aspect ratio and never enlarges', () => {
    expect(previewSize(2000, 1000, 1024)).toEqual({ width: 1024, height: 512 })
    expect(previewSize(255, 259, 1024)).toEqual({ width: 255, height: 259 })
  })
})

describe('preview of a generated 16-bit GeoTIFF', () => {
  it('applies the 2-98 % stretch by default and makes nodata transparent', async () => {
    // 10 x 10, values 0..99, nodata 0 -> valid values 1..99.
    const f = writeTinyTiff(tmp.dir, 'ramp.tif', { width: 10, height: 10, values: Uint16Array.from({ length: 100 }, (_, i) => i), nodata: '0' })
    const p = await renderPreview(f)
    expect(p.stretch).toEqual({ kind: 'percentile', low: 2, high: 98 })
    // numpy.percentile(arange(1, 100), [2, 98]) = [2.96, 97.04]
    expect(p.ranges[0].min).toBeCloseTo(2.96, 10)
    expect(p.ranges[0].max).toBeCloseTo(97.04, 10)
    expect(p.validPixels).toBe(99)
    const img = decode(p.png)
    expect([img.width, img.height]).toEqual([10, 10])
    expect(img.data[3]).toBe(0) // pixel 0 is nodata
    const at = (i: number) => img.data[i * 4]
    expect(at(60)).toBe(155) // (60 - 2.96) / (97.04 - 2.96) * 255 = 154.6
    expect(at(1)).toBe(0) // below the 2nd percentile: clipped
    expect(at(99)).toBe(255)
  })

  it('reads in small windows exactly as in one piece', async () => {
    const values = Uint16Array.from({ length: 64 * 48 }, (_, i) => (i * 7919) % 4096)
    const f = writeTinyTiff(tmp.dir, 'windows.tif', { width: 64, height: 48, values })
    const whole = await renderPreview(f, { maxSize: 20 })
    const pieces = await renderPreview(f, { maxSize: 20, windowBytes: 64 * 2 })
    expect(Buffer.from(pieces.png).equals(Buffer.from(whole.png))).toBe(true)
    expect([whole.width, whole.height]).toEqual([20, 15])
  })

  it('selects bands and refuses bands the file does not have', async () => {
    const values = new Uint8Array(2 * 2 * 4)
    for (let i = 0; i < 4; i++) values.set([10, 20, 30, 40], i * 4)
    const f = writeTinyTiff(tmp.dir, 'four.tif', { width: 2, height: 2, bands: 4, values })
    const p = await renderPreview(f, { bands: [4, 2, 1], stretch: { kind: 'none' } })
    const img = decode(p.png)
    expect(Array.from(img.data.subarray(0, 4))).toEqual([40, 20, 10, 255])
    await expect(renderPreview(f, { bands: [5] })).rejects.toThrow(PreviewError)
    await expect(renderPreview(f, { bands: [5] })).rejects.toThrow(/Band 5 does not exist .* it has 4 bands/)
    await expect(renderPreview(f, { bands: [1, 2] })).rejects.toThrow(/one band \(grey\) or three/)
  })
})

describe('preview of the real fixtures', () => {
  it('Landsat B4 at full size: 255 x 259 grey, every pixel opaque (no nodata tag)', async () => {
    const p = await renderPreview(B4)
    expect([p.width, p.height, p.level]).toEqual([255, 259, 0])
    expect(p.validPixels).toBe(255 * 259)
    const img = decode(p.png)
    let sum = 0
    for (let i = 0; i < img.data.length; i += 4) {
      expect(img.data[i]).toBe(img.data[i + 1])
      sum += img.data[i]
    }
    const mean = sum / (255 * 259)
    expect(mean).toBeGreaterThan(30)
    expect(mean).toBeLessThan(200)
  })

  it('red.tif: a small preview comes from the smallest overview that covers it', async () => {
    const big = await renderPreview(RED, { maxSize: 100 })
    expect([big.level, big.levelWidth, big.levelHeight]).toEqual([1, 128, 130])
    const small = await renderPreview(RED, { maxSize: 60 })
    expect([small.level, small.levelWidth, small.levelHeight]).toEqual([2, 64, 65])
    const full = await renderPreview(RED, { maxSize: 259 })
    expect(full.level).toBe(0)
    // nodata=0: 46100 valid pixels at full resolution (fixture README)
    expect(full.validPixels).toBe(46100)
  })

  it('rgbn.tif: RGB of bands 1-2-3 with a per-band stretch', async () => {
    const p = await renderPreview(RGBN)
    expect(p.bands).toEqual([1, 2, 3])
    expect(p.stretch.kind).toBe('percentile')
    expect(p.ranges).toHaveLength(3)
    expect(p.ranges.every((r) => r.max > r.min)).toBe(true)
  })
})
