/**
 * Phrasing classes seen on the blind development set (tests/dev-questions), second round, each on real data:
 * a part of the image named in a sentence that does not ask while the ask names its own part ("The belt runs
 * through the centre of the scene. What is the mean ... of the middle third of columns?"), and a band's position
 * in the file restated beside it ("the red band (band 1)", "the NIR band (4th of r,g,b,nir)"). The questions are
 * this file's own, in the dev set's habits. References: geotiff.js reads and plain loops here (LST = DN * 0.02 K,
 * DN 0 nodata; a half is the pixels whose centre lies in it), never the code under test.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { decode, mean } from '../../helpers/independent-stats'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-dev-classes-2-')
afterAll(() => store.cleanup())

async function ask(question: string, files: string[]): Promise<{ value: number | null; refusal: string | null }> {
  const plan = planTask(makeTask({ question, files }))
  const wf = plan.workflow
  if (plan.refusal || !wf || !wf.ok || wf.tool !== 'execute') return { value: null, refusal: plan.refusal ?? (wf && !wf.ok ? wf.missing : 'no workflow') }
  const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) })
  expect(r.status, r.reason).toBe('ok')
  const findings = checkProvenance(question, wf.args, r.evidence, r.observation)
  expect(findings.filter((f) => f.severity === 'reject').map((f) => f.message)).toEqual([])
  return { value: (r.observation as { value?: number }).value ?? null, refusal: null }
}

/** Mean over the pixels whose centre lies in rows [r0, r1) x cols [c0, c1) of the unit square (NaN = nodata). */
function partMean(data: ArrayLike<number>, width: number, height: number, rows: [number, number], cols: [number, number]): number {
  let s = 0
  let n = 0
  for (let r = 0; r < height; r++) {
    const y = (r + 0.5) / height
    if (!(y >= rows[0] && y < rows[1])) continue
    for (let c = 0; c < width; c++) {
      const x = (c + 0.5) / width
      if (!(x >= cols[0] && x < cols[1])) continue
      const v = data[r * width + c]
      if (v === v) {
        s += v
        n++
      }
    }
  }
  return s / n
}

describe('a part of the image named in a sentence that does not ask', () => {
  const lstFile = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-06-26_LST.tif')
  it('is context when the ask names its own part', async () => {
    const img = await decode(lstFile, 0.02)
    const v = img.data.map((x) => (x > 0 ? x : NaN))
    const ref = partMean(v, img.width, img.height, [0.5, 1], [0, 1])
    const r = await ask('The river runs along the left half of the scene. What is the mean LST in K of the bottom half on 26 June 2019?', [lstFile])
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(ref, 4)
  }, 120_000)
})

describe("a band's position in the file restated beside it", () => {
  const bands = async () => (await (await (await fromFile(FIXTURES.RGBN)).getImage()).readRasters()) as unknown as ArrayLike<number>[]
  it('"green band (band 2) mean, left half" is the mean of band 2 over the west half', async () => {
    const b = await bands()
    const ref = partMean(Array.from(b[1]), 515, 403, [0, 1], [0, 0.5])
    const r = await ask('rgbn.tif green band (band 2) mean, left half', [FIXTURES.RGBN])
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(ref, 6)
  }, 120_000)

  it('"the nir band (4th of r,g,b,nir)" is band 4', async () => {
    const b = await bands()
    const r = await ask('mean of the nir band (4th of r,g,b,nir) in the image', [FIXTURES.RGBN])
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(mean(Array.from(b[3])), 6)
  }, 120_000)

  it('a position that contradicts its list is refused ("the red band (2nd of r,g,b,nir)")', async () => {
    const r = await ask('mean of the red band (2nd of r,g,b,nir)', [FIXTURES.RGBN])
    expect(r.refusal).not.toBeNull()
  }, 120_000)

  it('a position beyond the file\'s bands is refused ("the nir band (band 5)")', async () => {
    const r = await ask('mean of the nir band (band 5)', [FIXTURES.RGBN])
    expect(r.refusal).not.toBeNull()
  }, 120_000)
})

describe('spectral-index and thermal words of the Landsat scene', () => {
  const dir = path.dirname(FIXTURES.B4)
  const stem = path.join(dir, 'LC08_L1TP_016037_20170813_20170814_01_RT')
  const mtl = () => fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
  const k = (text: string, name: string) => Number(text.match(new RegExp(`${name} = ([-\\d.E+]+)`))![1])
  const dn = async (band: string) =>
    Array.from(((await (await (await fromFile(`${stem}_${band}.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])

  it('"non-positive NBR (normalized burn ratio)" is NBR <= 0 on TOA reflectance (the name\'s "ratio" compares nothing)', async () => {
    const t = mtl()
    const [n, s2] = [await dn('B5'), await dn('B7')]
    const toa = (d: number, b: number) => k(t, `REFLECTANCE_MULT_BAND_${b}`) * d + k(t, `REFLECTANCE_ADD_BAND_${b}`)
    let count = 0
    for (let i = 0; i < n.length; i++) {
      if (n[i] === 0 || s2[i] === 0) continue
      const a = toa(n[i], 5)
      const b = toa(s2[i], 7)
      if ((a - b) / (a + b) <= 0) count++
    }
    const r = await ask('How many pixels have non-positive NBR (normalized burn ratio) in this scene?', [dir])
    expect(r.refusal).toBeNull()
    expect(r.value).toBe(count)
  }, 120_000)

  it('"band10 brightness temp above 300 K" is the band-10 brightness temperature ("temp" for temperature)', async () => {
    const t = mtl()
    const d = await dn('B10')
    const bt = (v: number) =>
      k(t, 'K2_CONSTANT_BAND_10') / Math.log(k(t, 'K1_CONSTANT_BAND_10') / (k(t, 'RADIANCE_MULT_BAND_10') * v + k(t, 'RADIANCE_ADD_BAND_10')) + 1)
    const count = d.filter((v) => v > 0 && bt(v) > 300).length
    const r = await ask('px count with band10 brightness temp above 300 K', [dir])
    expect(r.refusal).toBeNull()
    expect(r.value).toBe(count)
  }, 120_000)
})

describe('the sun-angle correction declined in words ("without correcting for solar elevation")', () => {
  it("is the catalogue's TOA reflectance without the sun-elevation division", async () => {
    const stem = path.join(path.dirname(FIXTURES.B4), 'LC08_L1TP_016037_20170813_20170814_01_RT')
    const t = fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
    const k = (name: string) => Number(t.match(new RegExp(`${name} = ([-\\d.E+]+)`))![1])
    const d = Array.from(((await (await (await fromFile(`${stem}_B4.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
    const ref = mean(d.map((v) => (v > 0 ? k('REFLECTANCE_MULT_BAND_4') * v + k('REFLECTANCE_ADD_BAND_4') : NaN)))
    const r = await ask('mean red band TOA reflectance of the scene, without correcting for solar elevation', [path.dirname(FIXTURES.B4)])
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(ref, 6)
  }, 120_000)
})

describe('"the middle value" names the median', () => {
  it('"middle value of LST on 2019-07-12, in K" is the median of the valid pixels', async () => {
    const v = (await decode(path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-07-12_LST.tif'), 0.02)).data.filter((x) => x > 0).sort()
    const h = (v.length - 1) / 2
    const med = v[Math.floor(h)] + (v[Math.ceil(h)] - v[Math.floor(h)]) * (h - Math.floor(h))
    const r = await ask('middle value of LST on 2019-07-12, in K', [path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-07-12_LST.tif')])
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(med, 4)
  }, 120_000)
})

describe('the bands an index is stated with', () => {
  const dir = path.dirname(FIXTURES.B4)
  const stem = path.join(dir, 'LC08_L1TP_016037_20170813_20170814_01_RT')
  it('"NDWI (mcfeeters, green vs nir)" are the catalogue\'s bands of NDWI, read (the "vs" compares nothing)', async () => {
    const t = fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
    const k = (name: string) => Number(t.match(new RegExp(`${name} = ([-\\d.E+]+)`))![1])
    const dn = async (band: string) =>
      Array.from(((await (await (await fromFile(`${stem}_${band}.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
    const [g, n] = [await dn('B3'), await dn('B5')]
    const v: number[] = []
    for (let i = 0; i < g.length; i++) {
      if (g[i] === 0 || n[i] === 0) continue
      const a = k('REFLECTANCE_MULT_BAND_3') * g[i] + k('REFLECTANCE_ADD_BAND_3')
      const b = k('REFLECTANCE_MULT_BAND_5') * n[i] + k('REFLECTANCE_ADD_BAND_5')
      if (a + b !== 0) v.push((a - b) / (a + b))
    }
    v.sort((x, y) => x - y)
    const h = (v.length - 1) / 2
    const med = v[Math.floor(h)] + (v[Math.ceil(h)] - v[Math.floor(h)]) * (h - Math.floor(h))
    const r = await ask('What is the median NDWI (mcfeeters, green vs nir) of this scene?', [dir])
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(med, 5)
  }, 120_000)

  it.each(['median NDWI (nir/swir1) of the scene', 'median NDWI, (NIR - SWIR1)/(NIR + SWIR1), of the scene', 'median NDVI (red vs swir1)'])(
    "another pair than the catalogue's is refused, naming it: %s",
    async (question) => {
      const r = await ask(question, [dir])
      expect(r.refusal).toMatch(/SWIR1|swir1/)
    },
    120_000,
  )
})

describe('a constant of an index stated with it', () => {
  const dir = path.dirname(FIXTURES.B4)
  const stem = path.join(dir, 'LC08_L1TP_016037_20170813_20170814_01_RT')
  const saviMedian = async (L: number) => {
    const t = fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
    const k = (name: string) => Number(t.match(new RegExp(`${name} = ([-\\d.E+]+)`))![1])
    const dn = async (band: string) =>
      Array.from(((await (await (await fromFile(`${stem}_${band}.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
    const [r, n] = [await dn('B4'), await dn('B5')]
    const v: number[] = []
    for (let i = 0; i < r.length; i++) {
      if (r[i] === 0 || n[i] === 0) continue
      const red = k('REFLECTANCE_MULT_BAND_4') * r[i] + k('REFLECTANCE_ADD_BAND_4')
      const nir = k('REFLECTANCE_MULT_BAND_5') * n[i] + k('REFLECTANCE_ADD_BAND_5')
      v.push(((1 + L) * (nir - red)) / (nir + red + L))
    }
    v.sort((x, y) => x - y)
    const h = (v.length - 1) / 2
    return v[Math.floor(h)] + (v[Math.ceil(h)] - v[Math.floor(h)]) * (h - Math.floor(h))
  }
  it.each([
    ['median SAVI (L = 0.25) of this scene', 0.25],
    ['median SAVI of the scene with a soil adjustment factor of 0.75', 0.75],
  ] as const)(
    '%s',
    async (question, L) => {
      const r = await ask(question, [dir])
      expect(r.refusal).toBeNull()
      expect(r.value).toBeCloseTo(await saviMedian(L), 5)
    },
    120_000,
  )

  it('a constant of no index named is refused, naming it ("NDVI (L = 0.5)")', async () => {
    const r = await ask('median NDVI (L = 0.5) of this scene', [dir])
    expect(r.refusal).toMatch(/L = 0\.5/)
  }, 120_000)
})

describe('the freezing point said in words', () => {
  it('"acquisitions with a scene-mean LST above the freezing point" counts the dates whose mean exceeds 273.15 K', async () => {
    const files = fs.readdirSync(FIXTURES.Q46_FILES).filter((f) => /^Xinjiang_2019-\d\d-\d\d_LST\.tif$/.test(f))
    let count = 0
    for (const f of files) {
      const m = mean((await decode(path.join(FIXTURES.Q46_FILES, f), 0.02)).data.map((x) => (x > 0 ? x : NaN)))
      if (Number.isFinite(m) && m > 273.15) count++
    }
    const r = await ask('How many 2019 acquisitions have a scene-mean LST above the freezing point?', [FIXTURES.Q46_FILES])
    expect(r.refusal).toBeNull()
    expect(r.value).toBe(count)
  }, 180_000)

  it('a bracketed value that is not the freezing point is refused ("under freezing (5 C)")', async () => {
    const r = await ask('how many dates in 2019 with mean LST under freezing (5 C)?', [FIXTURES.Q46_FILES])
    expect(r.refusal).not.toBeNull()
  }, 120_000)
})
