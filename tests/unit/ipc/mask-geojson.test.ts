/**
 * A mask layer exported as GeoJSON (main/ipc/mask-geojson.ts) reads its pixels through the one RasterSource. The mask
 * is made here from the real Landsat 8 fixture, read with geotiff.js (not the engine's reader): NDVI on raw DN > 0.3
 * over B4 > 0 and B5 > 0, the fill (DN 0) left as NaN, written as a float32 GeoTIFF on the fixture's grid (EPSG:32617,
 * 900 m). The fixture README counts 17811 such pixels (GDAL + numpy). The GeoJSON must be, byte for byte, what the
 * geotiff.js version of maskGeoJson wrote for this mask (recorded at commit 5eed7f2 before the move: its sha256 and
 * feature count), and its polygons must cover the 17811 pixels' ground area.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import turfArea from '@turf/area'
import { fromFile } from 'geotiff'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeGeoTiff } from '../../../main/engines/raster/tiff/writer'
import { maskGeoJson } from '../../../main/ipc/mask-geojson'
import { shared, tempDir } from '../../helpers/tmp'

const SCENE = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const band = (b: string) => path.join(SCENE, `LC08_L1TP_016037_20170813_20170814_01_RT_${b}.TIF`)
/** What the geotiff.js implementation returned for this mask (JSON.stringify, sha256) and its number of polygons. */
const PREVIOUS = { sha256: '1dec9ed4e623170d447d8c6b76b92fa7e9145b9b7c9869f12b0be956adf475c6', features: 1223 }

const tmp = tempDir('rsure-mask-geojson-')
const maskFile = path.join(tmp.dir, 'ndvi-gt-0.3.tif')
let ones = 0

async function readBand(file: string): Promise<{ values: ArrayLike<number>; width: number; height: number }> {
  const tiff = await fromFile(file)
  try {
    const image = await tiff.getImage(0)
    const [values] = (await image.readRasters({ samples: [0], interleave: false })) as unknown as ArrayLike<number>[]
    return { values, width: image.getWidth(), height: image.getHeight() }
  } finally {
    tiff.close()
  }
}

beforeAll(async () => {
  const red = await readBand(band('B4'))
  const nir = await readBand(band('B5'))
  const mask = new Float64Array(red.width * red.height)
  for (let i = 0; i < mask.length; i++) {
    const r = red.values[i]
    const n = nir.values[i]
    mask[i] = r > 0 && n > 0 ? ((n - r) / (n + r) > 0.3 ? 1 : 0) : NaN
    if (mask[i] === 1) ones++
  }
  const keys = { directory: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32617], doubles: [], ascii: '' }
  fs.writeFileSync(
    maskFile,
    encodeGeoTiff(mask, { width: red.width, height: red.height, geoTransform: [471585, 900, 0, 3787515, 0, -900], crs: null, geoKeyTags: keys as never }),
  )
})
afterAll(() => tmp.cleanup())

describe('maskGeoJson on a mask made from the real Landsat fixture', () => {
  it('the mask holds the 17811 pixels of NDVI > 0.3 the fixture README counts', () => {
    expect(ones).toBe(17811)
  })

  it('writes the same GeoJSON as the geotiff.js version did, covering the masked ground area', async () => {
    const out = (await maskGeoJson(maskFile, 'The mask')) as { type: string; features: { geometry: { type: string; coordinates: number[][][] } }[] }
    const text = JSON.stringify(out)
    expect({ sha256: crypto.createHash('sha256').update(text).digest('hex'), features: out.features.length }).toEqual(PREVIOUS)
    // Geodesic area of the polygons (lon/lat) against 17811 pixels of 900 x 900 m on the UTM grid: the UTM scale
    // factor near the zone's central meridian (0.9996) makes the ground area about 0.1 % smaller than the grid's.
    const area = out.features.reduce((a, f) => a + turfArea(f as never), 0)
    expect(Math.abs(area / (17811 * 900 * 900) - 1)).toBeLessThan(0.005)
  })
})
