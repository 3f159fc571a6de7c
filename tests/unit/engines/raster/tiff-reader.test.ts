import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseGdalMetadata, TiffFile } from '../../../../main/engines/raster/tiff/reader'
import { encodeGeoTiff } from '../../../../main/engines/raster/tiff/writer'
import { tempDir } from '../../../helpers/tmp'
import { ramp, writeTinyTiff, type TinyTiffOptions } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
let n = 0
const file = (o: TinyTiffOptions) => writeTinyTiff(path.join(tmp.dir, `t${n++}.tif`), o)

async function readAll(f: string, band = 1, extra: Partial<Parameters<TiffFile['readBand']>[0]> = {}) {
  const t = TiffFile.open(f)
  try {
    return Array.from(await t.readBand({ band, nodata: null, scale: 1, offset: 0, ...extra }))
  } finally {
    t.close()
  }
}

describe('lean TIFF reader', () => {
  const W = 7
  const H = 5
  const values = ramp(W * H, (i) => i * 3)

  it.each([
    ['strips, uncompressed, LE', { rowsPerStrip: 2 }],
    ['strips, DEFLATE, predictor 2', { rowsPerStrip: 3, compression: 8, predictor: 2 }],
    ['tiles 4x4 (padded), DEFLATE', { tile: { width: 4, height: 4 }, compression: 8 }],
    ['tiles, DEFLATE, predictor 2, big-endian', { tile: { width: 4, height: 4 }, compression: 8, predictor: 2, bigEndian: true }],
    ['strips, big-endian uncompressed', { rowsPerStrip: 5, bigEndian: true }],
  ] as [string, Partial<TinyTiffOptions>][])('reads uint16 %s exactly', async (_label, layout) => {
    const f = file({ width: W, height: H, bands: [values], dtype: 'uint16', ...layout })
    expect(await readAll(f)).toEqual(values)
  })

  it('reads float32 with the floating-point predictor (3) in both byte orders', async () => {
    const fl = ramp(W * H, (i) => (i - 10) * 0.25)
    for (const bigEndian of [false, true]) {
      const f = file({ width: W, height: H, bands: [fl], dtype: 'float32', compression: 8, predictor: 3, tile: { width: 4, height: 4 }, bigEndian })
      expect(await readAll(f)).toEqual(fl)
    }
  })

  it('reads signed and 8-bit types', async () => {
    const signed = ramp(W * H, (i) => i * 100 - 1700)
    expect(await readAll(file({ width: W, height: H, bands: [signed], dtype: 'int16', compression: 8, predictor: 2, rowsPerStrip: 2 }))).toEqual(signed)
    const bytes = ramp(W * H, (i) => (i * 37) % 256)
    expect(await readAll(file({ width: W, height: H, bands: [bytes], dtype: 'uint8', compression: 8, predictor: 2, rowsPerStrip: 2 }))).toEqual(bytes)
    const f64 = ramp(W * H, (i) => i / 7)
    expect(await readAll(file({ width: W, height: H, bands: [f64], dtype: 'float64', rowsPerStrip: 2 }))).toEqual(f64)
  })

  it('picks one band out of chunky and planar multi-band files', async () => {
    const b1 = ramp(W * H)
    const b2 = ramp(W * H, (i) => 1000 + i)
    const b3 = ramp(W * H, (i) => 2000 - i)
    for (const planar of [1, 2] as const) {
      const f = file({ width: W, height: H, bands: [b1, b2, b3], dtype: 'uint16', planar, tile: { width: 4, height: 4 }, compression: 8, predictor: 2 })
      expect(await readAll(f, 2)).toEqual(b2)
      expect(await readAll(f, 3)).toEqual(b3)
    }
  })

  it('honours nodata before scaling, applies scale and offset, and reads windows', async () => {
    const v = ramp(W * H, (i) => (i % 5 === 0 ? 0 : i))
    const f = file({ width: W, height: H, bands: [v], dtype: 'uint16', nodata: '0', tile: { width: 4, height: 4 } })
    const t = TiffFile.open(f)
    expect(t.nodata).toBe(0)
    const all = Array.from(await t.readBand({ band: 1, nodata: 0, scale: 0.5, offset: 10, into: undefined }))
    expect(all[0]).toBeNaN()
    expect(all[1]).toBe(10.5)
    expect(all[6]).toBe(13)
    const win = Array.from(await t.readBand({ band: 1, nodata: 0, scale: 1, offset: 0, window: { col: 3, row: 2, width: 3, height: 2 } }))
    // rows 2-3, columns 3-5: indices 17,18,19 and 24,25,26; 25 is a multiple of 5 -> nodata
    expect(win.slice(0, 3)).toEqual([17, 18, 19])
    expect(win[3]).toBe(24)
    expect(win[4]).toBeNaN()
    expect(win[5]).toBe(26)
    await expect(t.readBand({ band: 1, nodata: null, scale: 1, offset: 0, window: { col: 5, row: 0, width: 3, height: 1 } })).rejects.toThrow(/outside/)
    await expect(t.readBand({ band: 2, nodata: null, scale: 1, offset: 0 })).rejects.toThrow(/band 2 does not exist/)
    t.close()
  })

  it('reads georeferencing (PixelIsPoint shifted to the corner) and GDAL metadata scale', () => {
    const f = file({
      width: 2, height: 2, bands: [[1, 2, 3, 4]], dtype: 'uint8',
      geo: { originX: 1000, originY: 5000, sizeX: 30, sizeY: 30, epsg: 32633, pixelIsPoint: true },
      gdalMetadata: '<GDALMetadata>\n  <Item name="scale" sample="0" role="scale">0.02</Item>\n  <Item name="offset" sample="0" role="offset">-1</Item>\n</GDALMetadata>',
    })
    const t = TiffFile.open(f)
    expect(t.georef.geoTransform).toEqual([1000, 30, 0, 5000, 0, -30])
    expect(t.georef.rasterType).toBe('PixelIsPoint')
    expect(t.georef.crs?.epsg).toBe(32633)
    expect(t.metadataScale.get(1)).toBe(0.02)
    expect(t.metadataOffset.get(1)).toBe(-1)
    t.close()
    expect(parseGdalMetadata('<GDALMetadata><Item name="scale" sample="0">0.0001</Item></GDALMetadata>').scale.get(1)).toBe(0.0001)
  })

  it('rejects files that are not TIFF with a clear reason', () => {
    const bad = path.join(tmp.dir, 'bad.tif')
    fs.writeFileSync(bad, 'hello world, not a tiff')
    expect(() => TiffFile.open(bad)).toThrow(/byte-order mark/)
  })

  it('round-trips the float32 GeoTIFF writer (NaN nodata, georeferencing kept as PixelIsArea)', async () => {
    const data = Float64Array.from(ramp(12, (i) => (i === 5 ? NaN : i * 0.5)))
    const grid = { width: 4, height: 3, geoTransform: [500, 10, 0, 900, 0, -10] as [number, number, number, number, number, number], crs: null, geoKeyTags: { directory: [1, 1, 0, 2, 1024, 0, 1, 1, 1025, 0, 1, 2], doubles: null, ascii: null } }
    const out = path.join(tmp.dir, 'w.tif')
    fs.writeFileSync(out, encodeGeoTiff(data, grid))
    const t = TiffFile.open(out)
    expect(t.georef.geoTransform).toEqual([500, 10, 0, 900, 0, -10])
    expect(t.georef.rasterType).toBe('PixelIsArea')
    expect(Number.isNaN(t.nodata)).toBe(true)
    const back = Array.from(await t.readBand({ band: 1, nodata: t.nodata, scale: 1, offset: 0 }))
    t.close()
    expect(back[5]).toBeNaN()
    expect(back.filter((_, i) => i !== 5)).toEqual(Array.from(data).filter((_, i) => i !== 5))
  })
})
