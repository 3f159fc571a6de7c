/**
 * Families the data can answer (issue 15): areas in km² and hectares from the pixel size of the file's projected
 * CRS (on a geographic grid, each cell's own ground area), and the Landsat BQA band as a class counted or as a mask. On the
 * real Landsat 8 fixture (../shared/fixtures/landsat8_L1TP_016037_20170813: 900 m pixels in EPSG:32617, Collection
 * 1 BQA with bit 0 fill and bit 4 cloud). References: geotiff.js reads, the MTL's gains and plain loops here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planExecute } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const SCENE = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const STEM = path.join(SCENE, 'LC08_L1TP_016037_20170813_20170814_01_RT')
const store = tempDir('rsure-qa-area-')
afterAll(() => store.cleanup())

const read = async (suffix: string) =>
  Array.from(((await (await (await fromFile(`${STEM}_${suffix}.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
const mtl = (key: string) => Number(new RegExp(`\\b${key}\\s*=\\s*([-\\d.E+]+)`).exec(fs.readFileSync(`${STEM}_MTL.txt`, 'utf8'))![1])
let qa: number[] = []
let ndvi: number[] = []
let pixelM2 = 0
beforeAll(async () => {
  qa = await read('BQA')
  const [b4, b5] = [await read('B4'), await read('B5')]
  const r = (dn: number, n: number) => dn * mtl(`REFLECTANCE_MULT_BAND_${n}`) + mtl(`REFLECTANCE_ADD_BAND_${n}`)
  ndvi = b4.map((red, i) => (red > 0 && b5[i] > 0 ? (r(b5[i], 5) - r(red, 4)) / (r(b5[i], 5) + r(red, 4)) : NaN))
  const [sx, sy] = (await (await fromFile(`${STEM}_B4.TIF`)).getImage()).getResolution()
  pixelM2 = Math.abs(sx * sy)
})
const fill = (v: number) => (v & 1) === 1
const cloudy = (v: number) => ((v >> 4) & 1) === 1

async function ask(question: string, dir = SCENE): Promise<{ value: number | null; refusal: string | null }> {
  const r = await planExecute(question, [dir], { artifacts: store.dir })
  return r.refusal === null ? { value: r.value, refusal: null } : { value: null, refusal: r.refusal }
}

describe('areas from the pixel size', () => {
  it('km² and hectares of pixels meeting a condition: count x pixel area of the UTM grid', async () => {
    expect(pixelM2).toBe(810000) // 900 m x 900 m (fixtures README)
    const n = ndvi.filter((v) => v > 0.3).length
    expect((await ask('What is the area in km² of pixels with NDVI above 0.3?')).value).toBeCloseTo((n * pixelM2) / 1e6, 6)
    expect((await ask('How many hectares have NDVI greater than 0.3?')).value).toBeCloseTo((n * pixelM2) / 1e4, 4)
  }, 120_000)

  it('a geographic grid: each cell counts its own ground area', async () => {
    const t = tempDir('rsure-geo-area-')
    writeTinyTiff(path.join(t.dir, 'Oasis_2020-07-01_NDVI.tif'), {
      width: 2,
      height: 2,
      // NDVI stored as DN x 0.0001, the convention the catalog applies to files without a scale tag.
      bands: [[1000, 5000, 6000, 7000]],
      dtype: 'int16',
      geo: { originX: 10, originY: 50, sizeX: 0.0001, sizeY: 0.0001, epsg: 4326 },
    })
    const r = await ask('What is the area in km² of pixels with NDVI above 0.3 on 2020-07-01?', t.dir)
    t.cleanup()
    // Reference: three cells of 0.0001° on a sphere of 6371 km (within 0.5 % of the ellipsoid the product uses);
    // the top row spans 50° to 49.9999° N, the bottom row the next 0.0001°.
    const R = 6371008.8
    const rad = Math.PI / 180
    const cell = (top: number) => R * R * 0.0001 * rad * (Math.sin(top * rad) - Math.sin((top - 0.0001) * rad))
    const want = (cell(50) + 2 * cell(49.9999)) / 1e6
    expect(r.value, JSON.stringify(r)).not.toBeNull()
    expect(Math.abs((r.value as number) / want - 1)).toBeLessThan(0.005)
  }, 60_000)
})

describe('the BQA band as a class and as a mask', () => {
  it('the share of the scene that is cloudy, the cloud-free area, the cloudy pixel count (fill left out)', async () => {
    const valid = qa.filter((v) => !fill(v))
    const nCloud = valid.filter(cloudy).length
    expect(nCloud).toBeGreaterThan(0)
    expect((await ask('What percentage of the scene is cloudy according to the QA band?')).value).toBeCloseTo((100 * nCloud) / valid.length, 6)
    expect((await ask('What is the area of cloud-free pixels in km²?')).value).toBeCloseTo(((valid.length - nCloud) * pixelM2) / 1e6, 6)
    expect((await ask('How many pixels are cloudy?')).value).toBe(nCloud)
  }, 120_000)

  it('the mean NDVI over cloud-free pixels "according to the BQA band" masks by the cloud bit (fill left out)', async () => {
    // The fixture's BQA flags 1001 pixels as fill where the resampled bands still hold values: they are no data.
    const keep = ndvi.filter((v, i) => Number.isFinite(v) && !cloudy(qa[i]) && !fill(qa[i]))
    const all = ndvi.filter((v) => Number.isFinite(v))
    const want = keep.reduce((a, b) => a + b, 0) / keep.length
    expect(Math.abs(want - all.reduce((a, b) => a + b, 0) / all.length)).toBeGreaterThan(1e-4)
    expect((await ask('What is the mean NDVI over cloud-free pixels according to the BQA band?')).value).toBeCloseTo(want, 6)
  }, 120_000)
})
