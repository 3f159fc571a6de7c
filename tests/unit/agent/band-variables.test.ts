/**
 * A band of a multispectral product named as the variable (issue 15: "the red band", "band 5", "the NIR channel"):
 * the reader takes the band as the subject, the catalog's sensor table says which file holds it (Landsat 8 OLI:
 * red = B4, NIR = B5; a TM table would give B3 / B4), and the compiler takes the statistic of its stored values
 * (DN) unless a calibration is asked ("TOA reflectance": DN * REFLECTANCE_MULT + REFLECTANCE_ADD from the MTL).
 * References: geotiff.js reads of the real Landsat 8 fixture (../shared/fixtures/landsat8_L1TP_016037_20170813,
 * fill = DN 0) and the MTL's numbers parsed here, with plain loops; the README's GDAL values are checked too.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import { planExecute } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'

const SCENE = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const STEM = path.join(SCENE, 'LC08_L1TP_016037_20170813_20170814_01_RT')
const store = tempDir('rsure-band-vars-')
afterAll(() => store.cleanup())

async function band(n: number): Promise<number[]> {
  const image = await (await fromFile(`${STEM}_B${n}.TIF`)).getImage()
  const [values] = (await image.readRasters()) as unknown as ArrayLike<number>[]
  const out: number[] = []
  for (let i = 0; i < values.length; i++) if (values[i] > 0) out.push(values[i]) // Landsat L1 fill is DN 0
  return out
}
const mtl = (key: string) => Number(new RegExp(`\\b${key}\\s*=\\s*([-\\d.E+]+)`).exec(fs.readFileSync(`${STEM}_MTL.txt`, 'utf8'))![1])
const meanOf = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length

let b4: number[]
let b5: number[]
beforeAll(async () => {
  b4 = await band(4)
  b5 = await band(5)
})

async function ask(question: string): Promise<{ value: number | null; refusal: string | null; catalog: Record<string, unknown> | null }> {
  const r = await planExecute(question, [SCENE], { artifacts: store.dir })
  if (r.refusal !== null) return { value: null, refusal: r.refusal, catalog: null }
  return { value: r.value, refusal: null, catalog: r.wf.args.nodes.find((n) => n.op === 'asset.catalog')!.params }
}

describe('a named band of a Landsat 8 scene as the variable', () => {
  it('the minimum, maximum and mean of "the red band" are B4 as stored (DN), fill left out', async () => {
    const min = await ask('What is the minimum value of the red band?')
    expect(min.catalog?.calibration).toBe('dn')
    expect(min.value).toBe(b4.reduce((a, b) => Math.min(a, b), Infinity))
    expect(min.value).toBe(6101) // the fixtures README (GDAL)
    expect((await ask('What is the maximum value of the red band?')).value).toBe(b4.reduce((a, b) => Math.max(a, b), -Infinity))
    expect((await ask('What is the mean value of the red band?')).value).toBeCloseTo(meanOf(b4), 6)
  }, 120_000)

  it('"band 5" and "the NIR channel" are the same OLI band (B5), not B4 as a TM table would say', async () => {
    const byNumber = await ask('What is the mean of band 5?')
    const byRole = await ask('What is the mean value of the NIR channel?')
    expect(byNumber.value).toBeCloseTo(meanOf(b5), 6)
    expect(byRole.value).toBeCloseTo(meanOf(b5), 6)
    expect(Math.abs(meanOf(b5) - meanOf(b4))).toBeGreaterThan(1000)
  }, 120_000)

  it('TOA reflectance of the red band is calibrated from the MTL; surface reflectance of a Level-1 scene is refused', async () => {
    const [mult, add] = [mtl('REFLECTANCE_MULT_BAND_4'), mtl('REFLECTANCE_ADD_BAND_4')]
    const toa = await ask('What is the mean top-of-atmosphere reflectance of the red band?')
    expect(toa.catalog?.calibration).toBe('toa')
    expect(toa.value).toBeCloseTo(meanOf(b4.map((d) => d * mult + add)), 9)
    const sr = await ask('What is the mean surface reflectance of the red band?')
    expect(sr.value).toBeNull()
    expect(sr.refusal).toMatch(/surface reflectance/)
  }, 120_000)

  it('a band is the subject only when the statistic names it: NDVI from bands 4 and 5, brightness temperature of band 10', () => {
    expect(readTask({ question: 'What is the mean NDVI computed from band 4 and band 5?' }).subjects[0]).toBe('ndvi')
    expect(readTask({ question: 'What is the mean brightness temperature of band 10 in kelvin?' }).subjects[0]).toBe('bt')
    expect(readTask({ question: 'What is the standard deviation of the near-infrared band?' }).subjects[0]).toBe('nir')
    expect(readTask({ question: 'What is the median of bands 4 and 5?' }).subjects).toEqual(['b4', 'b5'])
  })

  it('two bands with one statistic are refused naming both, never answered for the first', async () => {
    const r = await ask('What is the median of bands 4 and 5?')
    expect(r.value).toBeNull()
    expect(r.refusal).toMatch(/band 4 and band 5/)
  })
})
