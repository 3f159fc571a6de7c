/**
 * Map tiles against pixels computed by hand: tiny generated GeoTIFFs (web mercator, geographic, with overviews)
 * whose every pixel the test knows, rendered as xyz tiles and pixel windows, decoded and compared pixel by pixel.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeTileSources } from '../../../../main/engines/raster/tiles-source'
import { layerGeometry, renderTile, TileError } from '../../../../main/engines/raster/tiles'
import { writePyramidTiff } from '../../../helpers/pyramid-tiff'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './tiny-tiff'

const H = 20037508.342789244
let tmp: { dir: string; cleanup: () => void }
beforeAll(() => {
  tmp = tempDir()
})
afterAll(async () => {
  await closeTileSources()
  tmp.cleanup()
})

/** Mercator box of tile z/x/y, written out from the XYZ definition. */
function box(z: number, x: number, y: number) {
  const s = (2 * H) / 2 ** z
  return { minX: -H + x * s, maxY: H - y * s, size: s }
}

function decode(png: Uint8Array) {
  return PNG.sync.read(Buffer.from(png))
}

const byte = (v: number, min: number, max: number) => Math.max(0, Math.min(255, Math.round(((v - min) / (max - min)) * 255)))

describe('xyz tiles of a web-mercator raster', () => {
  // 64 x 64 pixels exactly covering tile 3/4/2; pixel (0, 0) is nodata.
  const value = (c: number, r: number) => (c === 0 && r === 0 ? 0 : c + 64 * r + 1)
  let file = ''
  beforeAll(() => {
    const b = box(3, 4, 2)
    file = path.join(tmp.dir, 'merc.tif')
    writePyramidTiff(file, { width: 64, height: 64, tile: 16, dtype: 'uint16', overviews: 2, value, nodata: 0, deflate: true, geo: { originX: b.minX, originY: b.maxY, sizeX: b.size / 64, sizeY: b.size / 64, epsg: 3857 } })
  })
  const style = { bands: [1], stretch: { kind: 'range' as const, min: 0, max: 4097 } }

  it('draws each source pixel as a 4 x 4 block at its own zoom, nodata transparent', async () => {
    const t = await renderTile(file, { kind: 'xyz', z: 3, x: 4, y: 2 }, style)
    expect(t).toMatchObject({ width: 256, height: 256, empty: false, level: 0 })
    const img = decode(t.png)
    let bad = 0
    for (let py = 0; py < 256; py++) {
      for (let px = 0; px < 256; px++) {
        const v = value(Math.floor(px / 4), Math.floor(py / 4))
        const o = (py * 256 + px) * 4
        const want = v === 0 ? [0, 0, 0, 0] : [byte(v, 0, 4097), byte(v, 0, 4097), byte(v, 0, 4097), 255]
        if (want.some((w, k) => img.data[o + k] !== w)) bad++
      }
    }
    expect(bad).toBe(0)
    expect(t.validPixels).toBe(256 * 256 - 16)
  })

  it('reads the overview that matches a zoomed-out view and leaves the rest of the world transparent', async () => {
    // At zoom 0 the raster spans 32 x 32 output pixels from (128, 64): two source pixels per output pixel.
    const t = await renderTile(file, { kind: 'xyz', z: 0, x: 0, y: 0 }, style)
    expect(t.level).toBe(1)
    const img = decode(t.png)
    let bad = 0
    for (let py = 0; py < 256; py++) {
      for (let px = 0; px < 256; px++) {
        const inside = px >= 128 && px < 160 && py >= 64 && py < 96
        const o = (py * 256 + px) * 4
        if (!inside) {
          if (img.data[o + 3] !== 0) bad++
          continue
        }
        // Output pixel centre -> full-resolution position -> overview pixel (factor 2), whose value is the
        // full-resolution pixel at twice its index (nearest decimation).
        const lc = Math.floor(((px + 0.5 - 128) * 2) / 2)
        const lr = Math.floor(((py + 0.5 - 64) * 2) / 2)
        const v = value(lc * 2, lr * 2)
        const want = v === 0 ? 0 : byte(v, 0, 4097)
        if (img.data[o] !== want || img.data[o + 3] !== (v === 0 ? 0 : 255)) bad++
      }
    }
    expect(bad).toBe(0)
  })

  it('returns an empty transparent tile away from the raster without reading it', async () => {
    const t = await renderTile(file, { kind: 'xyz', z: 3, x: 0, y: 0 }, style)
    expect(t).toMatchObject({ empty: true, width: 256, height: 256 })
    expect(decode(t.png).data.every((b) => b === 0)).toBe(true)
  })

  it('describes its place, zoom range and default stretch', async () => {
    const g = await layerGeometry(file)
    const [w, s, e, n] = g.bounds!
    // Tile 3/4/2 spans longitude 0..45 and latitude 40.98..66.51.
    expect(w).toBeCloseTo(0, 6)
    expect(e).toBeCloseTo(45, 6)
    expect(n).toBeCloseTo(66.51326, 4)
    expect(s).toBeCloseTo(40.97990, 4)
    // One source pixel per map pixel: the 64 pixels that fill a zoom-3 tile fill a quarter of a zoom-1 tile's width.
    expect(g.maxZoom).toBe(1)
    expect(g.style).toMatchObject({ bands: [1], stretch: { kind: 'percentile', low: 2, high: 98 } })
  })

  it('refuses a tile that does not exist and a band the raster lacks, in one sentence', async () => {
    await expect(renderTile(file, { kind: 'xyz', z: 2, x: 4, y: 0 })).rejects.toThrow(TileError)
    await expect(renderTile(file, { kind: 'xyz', z: 3, x: 4, y: 2 }, { bands: [2] })).rejects.toThrow(/^Band 2 does not exist in 'merc\.tif': it has 1 band \(numbered from 1\)\.$/)
  })
})

describe('xyz tiles of a geographic raster, reprojected', () => {
  it('places each degree-gridded pixel where the mercator formula says', async () => {
    // 16 x 16 pixels of 0.1 degree from (10 E, 46.6 N).
    const file = path.join(tmp.dir, 'geo.tif')
    const value = (c: number, r: number) => 1 + c + 16 * r
    writePyramidTiff(file, { width: 16, height: 16, tile: 16, dtype: 'uint16', overviews: 0, value, geo: { originX: 10, originY: 46.6, sizeX: 0.1, sizeY: 0.1, epsg: 4326 } })
    const z = 8
    const x = Math.floor(((10.8 + 180) / 360) * 2 ** z)
    const lat = (45.8 * Math.PI) / 180
    const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z)
    const t = await renderTile(file, { kind: 'xyz', z, x, y }, { stretch: { kind: 'range', min: 0, max: 257 } })
    const img = decode(t.png)
    const b = box(z, x, y)
    let inside = 0
    let bad = 0
    for (let py = 0; py < 256; py++) {
      for (let px = 0; px < 256; px++) {
        const mx = b.minX + ((px + 0.5) / 256) * b.size
        const my = b.maxY - ((py + 0.5) / 256) * b.size
        const lon = (mx / H) * 180
        const la = (Math.atan(Math.exp((my / H) * Math.PI)) * 360) / Math.PI - 90
        const c = Math.floor((lon - 10) / 0.1)
        const r = Math.floor((46.6 - la) / 0.1)
        const o = (py * 256 + px) * 4
        if (c < 0 || c >= 16 || r < 0 || r >= 16) {
          if (img.data[o + 3] !== 0) bad++
          continue
        }
        inside++
        if (img.data[o + 3] !== 255 || img.data[o] !== byte(value(c, r), 0, 257)) bad++
      }
    }
    expect(inside).toBeGreaterThan(1000)
    // The 17 x 17 projected grid with bilinear interpolation may move a pixel at a cell border; nothing more.
    expect(bad / (256 * 256)).toBeLessThan(0.005)
  })
})

describe('pixel windows of images with no georeference', () => {
  it('resamples a window of a PNG with a band combination, transparent where the picture is', async () => {
    const png = new PNG({ width: 4, height: 3 })
    for (let i = 0; i < 12; i++) png.data.set([i * 10, 100 + i, 200 - i, i === 5 ? 0 : 255], i * 4)
    const file = path.join(tmp.dir, 'pic.png')
    fs.writeFileSync(file, PNG.sync.write(png))
    const t = await renderTile(file, { kind: 'pixel', x: 0, y: 0, width: 4, height: 3, outWidth: 8, outHeight: 6 }, { bands: [3, 2, 1] })
    const img = decode(t.png)
    for (let py = 0; py < 6; py++) {
      for (let px = 0; px < 8; px++) {
        const i = Math.floor(py / 2) * 4 + Math.floor(px / 2)
        const o = (py * 8 + px) * 4
        expect([...img.data.subarray(o, o + 4)]).toEqual(i === 5 ? [0, 0, 0, 0] : [200 - i, 100 + i, i * 10, 255])
      }
    }
    await expect(renderTile(file, { kind: 'xyz', z: 0, x: 0, y: 0 })).rejects.toThrow(/has no georeference RSure can place on the map; show it in the pixel viewer instead\.$/)
  })

  it('stretches a TIFF window between the percentiles of the whole layer, the same in every window', async () => {
    // 10 x 10 float values 0..99; the 2nd and 98th percentiles (linear interpolation) are 1.98 and 97.02.
    const file = writeTinyTiff(path.join(tmp.dir, 'ramp.tif'), { width: 10, height: 10, bands: [Array.from({ length: 100 }, (_, i) => i)], dtype: 'float32' })
    const style = { stretch: { kind: 'percentile' as const, low: 2, high: 98 } }
    const a = decode((await renderTile(file, { kind: 'pixel', x: 0, y: 0, width: 5, height: 5, outWidth: 5, outHeight: 5 }, style)).png)
    const b = decode((await renderTile(file, { kind: 'pixel', x: 5, y: 5, width: 5, height: 5, outWidth: 5, outHeight: 5 }, style)).png)
    expect(a.data[0]).toBe(0)
    expect(a.data[(1 * 5 + 1) * 4]).toBe(byte(11, 1.98, 97.02))
    expect(b.data[(4 * 5 + 4) * 4]).toBe(255)
    expect(b.data[0]).toBe(byte(55, 1.98, 97.02))
    // A window partly outside the image: outside pixels are transparent.
    const c = decode((await renderTile(file, { kind: 'pixel', x: 8, y: 0, width: 4, height: 1, outWidth: 4, outHeight: 1 }, style)).png)
    expect([c.data[3], c.data[7], c.data[11], c.data[15]]).toEqual([255, 255, 0, 0])
  })
})
