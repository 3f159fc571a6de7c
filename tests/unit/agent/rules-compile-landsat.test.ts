/**
 * The spec compiler on the real Landsat 8 Level-1 fixture (with its MTL and BQA): calibration (TOA reflectance from
 * the MTL, never raw DN), BQA cloud bits as masks, spyndex indices from band roles, pixel windows and lon/lat boxes.
 * Expected values are computed here with geotiff.js and the MTL's own constants (proj4 for lon/lat, per pixel).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import proj4 from 'proj4'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute'
import { tempDir } from '../../helpers/tmp'

const DIR = '/work/shared/fixtures/landsat8_L1TP_016037_20170813'
const STEM = 'LC08_L1TP_016037_20170813_20170814_01_RT'
process.env.RSURE_RASTER_WORKERS = '0'
// The execute tool saves the product a DAG derives (the index raster behind a mean): give it a store.
const store = tempDir('rsure-compile-landsat-')
afterAll(() => store.cleanup())
const MTL = fs.readFileSync(path.join(DIR, `${STEM}_MTL.txt`), 'utf8')
const mtl = (key: string) => Number(MTL.match(new RegExp(`${key} = ([-0-9.E+]+)`))![1])

async function band(b: string) {
  const img = await (await fromFile(path.join(DIR, `${STEM}_${b}.TIF`))).getImage()
  const raw = (await img.readRasters({ interleave: true })) as unknown as ArrayLike<number>
  const keys = img.getGeoKeys() ?? {}
  const [rx, ry] = img.getResolution()
  const [ox, oy] = img.getOrigin()
  // PixelIsPoint (GTRasterTypeGeoKey 2, as Landsat L1 files are): the tiepoint is a pixel centre; GDAL's corner is half a pixel off.
  const origin = keys.GTRasterTypeGeoKey === 2 ? [ox - rx / 2, oy - ry / 2] : [ox, oy]
  return { raw: Array.from(raw), width: img.getWidth(), height: img.getHeight(), origin, res: [rx, ry], epsg: keys.ProjectedCSTypeGeoKey as number }
}
const toa = (dn: number, n: number) => (dn === 0 ? NaN : dn * mtl(`REFLECTANCE_MULT_BAND_${n}`) + mtl(`REFLECTANCE_ADD_BAND_${n}`))
const mean = (xs: number[]) => {
  const ok = xs.filter(Number.isFinite)
  return ok.reduce((a, b) => a + b, 0) / ok.length
}

async function compiled(question: string) {
  const plan = planTask({ question, options: [], images: [], files: [DIR] } as never)
  return plan
}
async function answer(question: string): Promise<{ value: number; describe: string; nodes: { op: string; params: Record<string, unknown> }[] }> {
  const plan = await compiled(question)
  expect(plan.refusal).toBeNull()
  const wf = plan.workflow
  if (!wf || !wf.ok || wf.tool !== 'execute') throw new Error(`no workflow: ${JSON.stringify(wf)}`)
  const r = (await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) })) as { status: string; reason?: string; observation: { value: number } }
  expect(r.reason ?? null).toBeNull()
  expect(r.status).toBe('ok')
  return { value: r.observation.value, describe: wf.describe, nodes: wf.args.nodes as never }
}

describe('spec compiler on the Landsat 8 L1 fixture', () => {
  it('NDVI from TOA reflectance (MTL) over BQA cloud-free pixels, never raw DN', async () => {
    const [r, n, qa] = await Promise.all([band('B4'), band('B5'), band('BQA')])
    const ndvi = r.raw.map((_, i) => {
      // Cloud (bit 4) and fill (bit 0: the fixture flags 1001 resampled edge pixels that still hold band values).
      if ((qa.raw[i] >> 4) & 1 || qa.raw[i] & 1) return NaN
      const red = toa(r.raw[i], 4)
      const nir = toa(n.raw[i], 5)
      return (nir - red) / (nir + red)
    })
    const got = await answer('What is the mean NDVI from top-of-atmosphere reflectance over cloud-free pixels?')
    expect(got.nodes.find((x) => x.op === 'asset.catalog')?.params.calibration).toBe('toa')
    expect(got.value).toBeCloseTo(mean(ndvi), 8)
    expect(got.describe).toMatch(/TOA reflectance/)
  }, 60_000)

  it('a spyndex index (SAVI, L from the catalogue) in the middle third of the image; "the centre" has no stated extent', async () => {
    const [r, n] = await Promise.all([band('B4'), band('B5')])
    const { width, height } = r
    const L = 1 // spyndex constants.json default for L
    const vals = r.raw.map((_, i) => {
      const fr = (Math.floor(i / width) + 0.5) / height
      if (fr < 1 / 3 || fr >= 2 / 3) return NaN
      const red = toa(r.raw[i], 4)
      const nir = toa(n.raw[i], 5)
      return ((1 + L) * (nir - red)) / (nir + red + L)
    })
    const got = await answer('What is the mean SAVI of the middle third of the image?')
    expect(got.value).toBeCloseTo(mean(vals), 8)
    // A centre, a central part, a middle of the image: no size is stated, so the compiler refuses naming it.
    const centre = await compiled('What is the mean SAVI of the centre of the image?')
    expect(centre.refusal ?? '').toMatch(/"centre of the image".*how large the centre is/)
  }, 60_000)

  it('a pixel window (columns and rows, inclusive)', async () => {
    const [r, n] = await Promise.all([band('B4'), band('B5')])
    const { width } = r
    const vals = r.raw.map((_, i) => {
      const c = i % width
      const row = Math.floor(i / width)
      if (c < 10 || c > 40 || row < 20 || row > 60) return NaN
      const red = toa(r.raw[i], 4)
      const nir = toa(n.raw[i], 5)
      return (nir - red) / (nir + red)
    })
    const got = await answer('What is the mean NDVI in the pixel window columns 10 to 40, rows 20 to 60?')
    expect(got.value).toBeCloseTo(mean(vals), 8)
  }, 60_000)

  it('a lon/lat box placed through proj4 on the UTM grid', async () => {
    const b = await band('B5')
    const red = await band('B4')
    const [x0, y0] = b.origin
    const [dx, dy] = b.res
    const toLonLat = proj4(`EPSG:${b.epsg}`, 'EPSG:4326')
    // A box around the scene's centre, a third of its size, its corners off the pixel centres (no ties on the outline).
    const cx = x0 + (dx * b.width) / 2
    const cy = y0 + (dy * b.height) / 2
    const [lonA, latA] = toLonLat.forward([cx - dx * (b.width / 6 + 0.27), cy + dy * (b.height / 6 + 0.27)])
    const [lonB, latB] = toLonLat.forward([cx + dx * (b.width / 6 + 0.27), cy - dy * (b.height / 6 + 0.27)])
    const box = [Math.min(lonA, lonB), Math.min(latA, latB), Math.max(lonA, lonB), Math.max(latA, latB)].map((v) => Number(v.toFixed(4)))
    const inside: number[] = []
    b.raw.forEach((dn, i) => {
      const [lon, lat] = toLonLat.forward([x0 + dx * ((i % b.width) + 0.5), y0 + dy * (Math.floor(i / b.width) + 0.5)])
      if (lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3]) {
        const nir = toa(dn, 5)
        const r = toa(red.raw[i], 4)
        inside.push((nir - r) / (nir + r))
      }
    })
    const got = await answer(`What is the mean NDVI inside the lon/lat box ${box.join(', ')}?`)
    // Edge pixels may fall either side of a reprojected outline: the mean agrees closely, not to the last digit.
    expect(Math.abs(got.value - mean(inside))).toBeLessThan(5e-4)
  }, 60_000)

  it('a refusal names the band an index needs and the files lack', async () => {
    const plan = await compiled('What is the mean NDREI of the scene?')
    expect(plan.refusal ?? '').toMatch(/the variable/)
    expect(plan.refusal ?? '').toMatch(/NDREI/)
  })
})
