/**
 * Classes from the blind development set's refusals, third round, each on real data with phrasings of this file's
 * own in the dev set's habits (formal, terse, typos, non-native, context first).
 *
 * - An area over a Web Mercator (EPSG:3857) grid is the true ground area: a pixel of row r covers its nominal area
 *   times cos²(latitude of the row's centre) on the sphere (R = 6378137 m, the EPSG:3857 sphere). References: the
 *   exact per-row sum, computed by /usr/bin/python3 with osgeo.gdal and numpy in a child process (LST = DN x 0.02 K,
 *   DN 0 nodata; NDVI = DN x 0.0001, nodata -32768), never the code under test. The planner sums the engine's
 *   pixel_area product over the pixels kept.
 * - A threshold written as a number word ("bigger than zero") is that number (spans/number-words.ts writes numbers
 *   said in words as digits; its own test covers "zero point five"); words no English number makes ("above five
 *   five") block, naming them. Reference: the Landsat scene's TOA MNDWI (B3, B6; REFLECTANCE_MULT x DN +
 *   REFLECTANCE_ADD from the MTL, DN 0 fill) by geotiff.js here.
 * - A unit named in a sentence that does not ask ("Our partners think in Fahrenheit.") is context when the ask states
 *   its own unit or asks a share; both readers skip it. Reference: the share of valid q46 LST pixels, geotiff.js.
 * - The end of a scale in a context sentence ("we need its lower end") is the extreme at that end, not a part of the
 *   image: harmless when the ask computes that extreme, refused naming it otherwise; a series word there ("a monthly
 *   climatology") is harmless when the ask's series is monthly. Reference: monthly means of the q46 per-date means.
 * - A variable's own extreme words ("the most dry day by mean TVDI": TVDI is high where land is dry; lexicon
 *   VARIABLE_EXTREME_WORDS) pick the date of its maximum or minimum beside that variable only. Reference: the
 *   independent TVDI of tests/helpers (100 NDVI bins, closed last bin) on four q46 dates.
 * - "The middle value of those scene means" after a sentence naming the scene mean is the median of the per-date
 *   means (the per-date words with a statistic before them; the verifier reads the median's lexicon names); left
 *   unread beside a mean, "the middle value" blocks; a temperature asked "in K" with no variable named is the
 *   temperature (LST). Reference: median of the q46 per-date mean LSTs, geotiff.js.
 * - "On how many dates does at least one pixel exceed 330 K?" (the quantifier right before the verb) counts dates by
 *   their hottest pixel, for both readers, as "dates with at least one pixel where ..." did; the verifier no longer
 *   asks for a pixel mask. Reference: the q46 per-date maxima, geotiff.js.
 * - A land-cover class named as the reason for the mask the ask states ("Water pixels would bias the vegetation
 *   average; the NDWI is only there to mask them.") is read when the mask is on an index of that class (lexicon
 *   CLASS_INDICES); a statistic word names a variable only within its clause, so "the vegetation average; the NDWI"
 *   makes no NDWI the subject. Reference: TOA NDVI over TOA NDWI/MNDWI < 0 of the Landsat scene, geotiff.js.
 * - A variable set aside in words ("NDVI was covered last week, so leave it aside."; lexicon SET_ASIDE) is not the
 *   subject and masks nothing; set aside while a condition tests it, the phrase still blocks. Reference: the
 *   median and mean LST of one q46 date, geotiff.js.
 * - An image cut into three strips in words ("dividing the image into three vertical strips of equal width ... the
 *   central strip"; lexicon STRIP_DIVISION, STRIP_PICKS) is a third of the columns or rows, the pixels whose centre
 *   lies in it. Reference: LST means over the centres in the band, geotiff.js.
 * - A season or named span said apart from the one year named ("growing season mean ndvi 2019", "summer mean LST
 *   2019") is that span of that year, the named span's convention said in the answer; a span that wraps the year
 *   (winter) stays unread, and a season in a sentence of its own stays context. Reference: the mean of the q46
 *   per-date means (nodata left out) over the span's months, geotiff.js.
 * - Months listed with "taking whatever 2019 dates fall in them" / "using all 2019 acquisitions" are those months of
 *   that year (as "the ... acquisitions of the 2019 record" were). Reference: as above.
 * - TOA reflectance corrected for the sun elevation ("corrected for sun elevation as given in the MTL", "divides by
 *   the sine of the sun elevation"; lexicon CALIBRATION_METHODS) is (M x DN + A) / sin(SUN_ELEVATION), the catalog's
 *   sun_correction; the verifier rejects a DAG that left it out; "We compare with a product that ..." combines
 *   nothing. Reference: the Landsat B4 DN and the MTL's factors, geotiff.js.
 * - A change label given as a PNG with its pair (LEVIR-CD) is now counted, measured and used as a mask (the raster
 *   engine reads pictures: engines/raster/picture-raster.ts, agent/rules/pictures.ts; values are tested in
 *   tests/unit/agent/picture-questions.test.ts); an area without a stated pixel size is refused for that cause, and
 *   NDVI of the RGB pictures keeps its own reason.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { readTask } from '../../../main/task/read-task'
import { makeTask } from '../../../main/agent/task'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { decode, tvdi } from '../../helpers/independent-stats'
import { FIXTURES, shared, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-dev-classes-3-')
afterAll(() => store.cleanup())

async function ask(question: string, files: string[]): Promise<{ value: number | null; refusal: string | null; describe: string; unit?: string }> {
  const plan = planTask(makeTask({ question, files }))
  const wf = plan.workflow
  if (plan.refusal || !wf || !wf.ok || wf.tool !== 'execute')
    return { value: null, refusal: plan.refusal ?? (wf && !wf.ok ? wf.missing : 'no workflow'), describe: '' }
  const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) })
  expect(r.status, r.reason).toBe('ok')
  const findings = checkProvenance(question, wf.args, r.evidence, r.observation)
  expect(findings.filter((f) => f.severity === 'reject' || f.severity === 'request').map((f) => f.message)).toEqual([])
  const obs = r.observation as { value?: number; unit?: string }
  return { value: obs.value ?? null, refusal: null, describe: wf.describe ?? '', unit: obs.unit }
}

/**
 * True ground area (m²) of the valid pixels meeting `cond` (a numpy expression of v, the scaled values) in the rows
 * and columns whose centres lie in [r0, r1) x [c0, c1) (fractions of the grid), by python3 + GDAL + numpy.
 */
function mercatorArea(file: string, scale: number, cond: string, rows: [number, number] = [0, 1], cols: [number, number] = [0, 1]): number {
  const py = `
import numpy as np, sys
from osgeo import gdal
ds = gdal.Open(sys.argv[1]); b = ds.GetRasterBand(1); a = b.ReadAsArray().astype(np.float64); gt = ds.GetGeoTransform()
nd = b.GetNoDataValue()
valid = (a != nd) if nd is not None else np.ones(a.shape, bool)
v = a * float(sys.argv[2])
h, w = a.shape
rc = (np.arange(h) + 0.5) / h
cc = (np.arange(w) + 0.5) / w
inside = ((rc >= ${rows[0]}) & (rc < ${rows[1]}))[:, None] & ((cc >= ${cols[0]}) & (cc < ${cols[1]}))[None, :]
m = valid & inside & (${cond})
y = gt[3] + (np.arange(h) + 0.5) * gt[5]
lat = 2 * np.arctan(np.exp(y / 6378137.0)) - np.pi / 2
print(float((m.sum(axis=1) * abs(gt[1] * gt[5]) * np.cos(lat) ** 2).sum()))
`
  return Number(execFileSync('/usr/bin/python3', ['-c', py, file, String(scale)], { encoding: 'utf8' }).trim())
}

const q46 = (date: string) => [path.join(FIXTURES.Q46_FILES, `Xinjiang_${date}_LST.tif`), path.join(FIXTURES.Q46_FILES, `Xinjiang_${date}_NDVI.tif`)]
/** Every 2019 file of task 46. */
const q46Of2019 = () =>
  fs
    .readdirSync(FIXTURES.Q46_FILES)
    .filter((n) => n.includes('_2019-'))
    .map((n) => path.join(FIXTURES.Q46_FILES, n))
/** The mean of the values above 0 (the valid LST pixels), NaN when there are none. */
/**
 * The mean and maximum of one q46 LST file's valid pixels (DN x 0.02 K above 0), decoded once per run: several
 * tests below reduce all 23 dates, and a decode takes ~0.35 s.
 */
const lstStatsMemo = new Map<string, Promise<{ mean: number; max: number }>>()
function lstStats(name: string): Promise<{ mean: number; max: number }> {
  if (!lstStatsMemo.has(name))
    lstStatsMemo.set(
      name,
      decode(path.join(FIXTURES.Q46_FILES, name), 0.02).then(({ data }) => {
        let max = -Infinity
        for (const v of data) if (v > 0 && v > max) max = v
        return { mean: positiveMean(data), max }
      }),
    )
  return lstStatsMemo.get(name)!
}
function positiveMean(d: ArrayLike<number>): number {
  let [s, n] = [0, 0]
  for (let i = 0; i < d.length; i++)
    if (d[i] > 0) {
      s += d[i]
      n++
    }
  return n > 0 ? s / n : NaN
}

describe('an area over a Web Mercator grid', () => {
  const lst = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-06-26_LST.tif')
  const ndvi = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-08-13_NDVI.tif')
  const close = (got: number | null, want: number) => {
    expect(got).not.toBeNull()
    expect(Math.abs(got! - want) / want).toBeLessThan(1e-9)
  }

  it('is the true ground area, each row scaled by cos² of its latitude (km², LST above a threshold)', async () => {
    const ref = mercatorArea(lst, 0.02, '(v > 0) & (v > 310)') / 1e6
    for (const q of [
      'What is the area, in square kilometres, where the land surface temperature exceeded 310 K on 26 June 2019?',
      'km² LST>310K 2019-06-26',
      'how many sqare kilometers had lst above 310 kelvin on 26 june 2019',
    ]) {
      const r = await ask(q, q46('2019-06-26'))
      expect(r.refusal, q).toBeNull()
      close(r.value, ref)
      expect(r.describe, q).toMatch(/cos²\(latitude\)/)
    }
  }, 240_000)

  it('in hectares, for an index threshold, with a context sentence first and in non-native wording', async () => {
    const ref = mercatorArea(ndvi, 0.0001, '(v >= 0) & (v <= 1) & (v > 0.5)') / 1e4
    for (const q of [
      'The cotton fields are the greenest part of the oasis. What area, in hectares, had NDVI above 0.5 on 13 August 2019?',
      'Please give how much hectare have NDVI bigger than 0.5 at 2019-08-13.',
    ]) {
      const r = await ask(q, q46('2019-08-13'))
      expect(r.refusal, q).toBeNull()
      close(r.value, ref)
    }
  }, 240_000)

  it('of one half of the image: the pixel areas summed in that half', async () => {
    // A half is the pixels whose centre lies in it, [0.5, 1) of the rows: the odd middle row (centre exactly 0.5) is the
    // bottom half's.
    const ref = mercatorArea(lst, 0.02, '(v > 0) & (v > 305)', [0.5, 1]) / 1e6
    const r = await ask('What area in km2 of the southern half of the image had LST above 305 K on 26 June 2019?', q46('2019-06-26'))
    expect(r.refusal).toBeNull()
    close(r.value, ref)
  }, 240_000)
})

describe('a threshold written as a number word', () => {
  const dir = path.dirname(FIXTURES.B4)
  const stem = path.join(dir, 'LC08_L1TP_016037_20170813_20170814_01_RT')
  it('"bigger than zero" is > 0, with an area asked in the singular ("how many square kilometre")', async () => {
    const t = fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
    const k = (name: string) => Number(t.match(new RegExp(`${name} = ([-\\d.E+]+)`))![1])
    const dn = async (band: string) =>
      Array.from(((await (await (await fromFile(`${stem}_${band}.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
    const [g, s] = [await dn('B3'), await dn('B6')]
    let n = 0
    for (let i = 0; i < g.length; i++) {
      if (g[i] === 0 || s[i] === 0) continue
      const a = k('REFLECTANCE_MULT_BAND_3') * g[i] + k('REFLECTANCE_ADD_BAND_3')
      const b = k('REFLECTANCE_MULT_BAND_6') * s[i] + k('REFLECTANCE_ADD_BAND_6')
      if ((a - b) / (a + b) > 0) n++
    }
    const [rx, ry] = (await (await fromFile(`${stem}_B3.TIF`)).getImage()).getResolution()
    const ref = (n * Math.abs(rx * ry)) / 1e6 // UTM: the nominal pixel area is the ground area
    for (const q of [
      'Using MNDWI (green and SWIR1), how many square kilometre have a value bigger than zero?',
      'km2 where mndwi greater than zero',
      'For the flood memo we map open water as MNDWI above zero. What area in km² is that?',
    ]) {
      const r = await ask(q, [dir])
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBeCloseTo(ref, 6)
    }
  }, 240_000)

  it('one the reader cannot read ("above five five", no number English makes) is refused, naming it', async () => {
    const r = await ask('mean NDVI of the pixels above five five', [dir])
    expect(r.refusal).toMatch(/five five/)
  })
})

describe('a unit named in a sentence that does not ask', () => {
  const file = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-08-13_LST.tif')
  const shareOf = async (keep: (k: number) => boolean) => {
    const d = (await decode(file, 0.02)).data
    let [n, k] = [0, 0]
    for (const v of d) {
      if (!(v > 0)) continue
      n++
      if (keep(v)) k++
    }
    return k / n
  }
  const asPercent = (r: { value: number | null; unit?: string }) => (r.unit === 'percent' ? r.value! : r.value! * 100)

  it('is context when the ask states its own unit or asks a share', async () => {
    const below95F = await shareOf((v) => v < ((95 - 32) * 5) / 9 + 273.15)
    const above35C = await shareOf((v) => v > 35 + 273.15)
    for (const [q, want] of [
      [
        'Our partners in Houston think in Fahrenheit. On 2019-08-13, what share of the valid pixels (in %) is below 95 degrees F land surface temperature?',
        below95F,
      ],
      ['we usualy map in kelvin. share of pixels (in %) with LST below 95 F on 2019-08-13?', below95F],
      ['The field team reports in Celsius. What percentage of the pixels had LST above 35 °C on 13 August 2019?', above35C],
    ] as const) {
      const r = await ask(q, q46('2019-08-13'))
      expect(r.refusal, q).toBeNull()
      expect(asPercent(r), q).toBeCloseTo(want * 100, 4)
    }
  }, 240_000)

  it('stays the answer unit when the ask names none', () => {
    const spec = readTask({ question: 'Our partners think in Fahrenheit. What is the mean LST on 2019-08-13?' })
    expect(spec.unit).toBe('degF')
  })
})

describe('the end of a scale named in a context sentence', () => {
  const monthlyMeans = async () => {
    const byMonth = new Map<string, number[]>()
    for (const f of fs.readdirSync(FIXTURES.Q46_FILES).filter((n) => /_2019-\d\d-\d\d_LST\.tif$/.test(n))) {
      const { mean } = await lstStats(f)
      if (Number.isNaN(mean)) continue
      const m = f.match(/_2019-(\d\d)-/)![1]
      byMonth.set(m, [...(byMonth.get(m) ?? []), mean])
    }
    return [...byMonth.values()].map((x) => x.reduce((a, b) => a + b, 0) / x.length)
  }
  const files = q46Of2019

  it('is the extreme the ask computes, and a monthly climatology in context restates the monthly series', async () => {
    const means = await monthlyMeans()
    const r1 = await ask(
      'To set the colour scale of a monthly climatology figure we need its upper end. What is the highest monthly mean LST of 2019 (K)?',
      files(),
    )
    expect(r1.refusal).toBeNull()
    expect(r1.value).toBeCloseTo(Math.max(...means), 4)
    const r2 = await ask('our colour bar needs a lower bound. lowest monthly mean lst 2019 in kelvin?', files())
    expect(r2.refusal).toBeNull()
    expect(r2.value).toBeCloseTo(Math.min(...means), 4)
  }, 240_000)

  it('another extreme than the ask computes is refused, naming it; "the lower end of the image" is no extreme', async () => {
    const r = await ask('For the figure we need its lower end. What is the highest monthly mean LST of 2019 (K)?', files())
    expect(r.refusal).toMatch(/lower end/)
    const part = await ask('What is the minimum LST of the lower end of the image on 2019-06-26?', q46('2019-06-26'))
    expect(part.refusal).toMatch(/lower end/)
  }, 240_000)
})

describe("a variable's own extreme words for the date of an extreme", () => {
  const days = ['2019-01-01', '2019-04-07', '2019-06-26', '2019-08-13']
  const files = days.flatMap(q46)
  const meanTvdi = async (d: string) => {
    const [l, n] = q46(d)
    const lst = (await decode(l, 0.02)).data.map((v) => (v > 0 ? v : NaN))
    const ndvi = (await decode(n, 0.0001)).data
    const t = tvdi(ndvi, lst)!
    let [s, k] = [0, 0]
    for (const v of t)
      if (v === v) {
        s += v
        k++
      }
    return s / k
  }
  const extreme = async (question: string) => {
    const plan = planTask(makeTask({ question, files }))
    expect(plan.refusal, question).toBeNull()
    const wf = plan.workflow
    if (!wf?.ok || wf.tool !== 'execute') throw new Error('no workflow')
    const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) })
    expect(r.status, r.reason).toBe('ok')
    const findings = checkProvenance(question, wf.args, r.evidence, r.observation)
    expect(findings.filter((f) => f.severity === 'reject').map((f) => f.message)).toEqual([])
    const pts = (r.observation as { points: { date: string; value: number }[] }).points.filter((p) => Number.isFinite(p.value))
    const pick = plan.spec.quantity.statistic === 'date_of_max' ? 1 : plan.spec.quantity.statistic === 'date_of_min' ? -1 : 0
    expect(pick, question).not.toBe(0)
    return [...pts].sort((a, b) => pick * (b.value - a.value))[0].date
  }

  it('"most dry" / "driest" by TVDI is the date of the highest mean TVDI, "wettest" of the lowest', async () => {
    const means = await Promise.all(days.map(meanTvdi))
    const order = days.map((d, i) => [d, means[i]] as const).sort((a, b) => b[1] - a[1])
    for (const q of ['Which day of 2019 was the most dry, by mean TVDI?', 'On which 2019 date was the land driest (scene-mean TVDI)?'])
      expect(await extreme(q), q).toBe(order[0][0])
    expect(await extreme('which acquisition of 2019 is the wettest by mean tvdi')).toBe(order.at(-1)![0])
  }, 240_000)

  it('beside another variable, or with a value asked of the date, they are refused', () => {
    for (const q of ['Which day of 2019 was the driest, by mean NDVI?', 'driest date of 2019 by mean tvdi'])
      expect(planTask(makeTask({ question: q, files })).refusal, q).not.toBeNull()
  })
})

describe('the middle value of the scene means, and a temperature asked with no variable named', () => {
  const files = q46Of2019
  it('is the median of the per-date means, the variable read from the unit', async () => {
    const means: number[] = []
    for (const f of fs.readdirSync(FIXTURES.Q46_FILES).filter((n) => n.endsWith('_LST.tif'))) {
      const m = (await lstStats(f)).mean
      if (m === m) means.push(m)
    }
    means.sort((a, b) => a - b)
    const h = means.length >> 1
    const median = means.length % 2 ? means[h] : (means[h - 1] + means[h]) / 2
    for (const q of [
      'Every overpass yields a scene mean. We need the middle value of those 2019 scene means, in kelvin.',
      'Each date gives one image mean of LST. What is the middle value of those image means in 2019 (K)?',
    ]) {
      const r = await ask(q, files())
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBeCloseTo(median, 4)
    }
  }, 240_000)

  it('"the middle value" left unread beside a mean blocks, naming it', () => {
    const plan = planTask(makeTask({ question: 'The scene means are noisy, so we want the middle value. Mean LST of 2019 in K?', files: files() }))
    expect(plan.refusal).toMatch(/middle value/)
  })

  it('a temperature asked with no variable named over files without an LST layer is refused: BT or which LST?', () => {
    const plan = planTask(makeTask({ question: 'What is the scene mean in K?', files: [path.dirname(FIXTURES.B4)] }))
    expect(plan.refusal).toMatch(/brightness temperature or a land surface temperature/)
  })

  it('a mean asked in K with no variable named is the mean LST', async () => {
    const [lst] = q46('2019-06-26')
    const want = positiveMean((await decode(lst, 0.02)).data)
    const r = await ask('scene mean on 2019-06-26 in K', q46('2019-06-26'))
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(want, 4)
  }, 120_000)
})

describe('dates counted by a quantified pixel right before the comparison', () => {
  const files = q46Of2019
  it('"does at least one pixel exceed", "does any pixel exceed", "are all pixels below"', async () => {
    const maxima: number[] = []
    for (const f of fs.readdirSync(FIXTURES.Q46_FILES).filter((n) => n.endsWith('_LST.tif'))) {
      const m = (await lstStats(f)).max
      if (m > -Infinity) maxima.push(m)
    }
    const above = maxima.filter((m) => m > 320).length
    const below = maxima.filter((m) => m < 300).length
    expect(above).toBeGreaterThan(0)
    for (const [q, want] of [
      ['On how many 2019 dates does at least one pixel exceed 320 K?', above],
      ['Hot spots over 320 K may be sensor errors. On how many dates of 2019 does any pixel exceed 320 K?', above],
      ['on how many 2019 dates are all pixels below 300 K', below],
    ] as const) {
      const r = await ask(q, files())
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBe(want)
    }
  }, 240_000)
})

describe('a land-cover class named as the reason for the mask the ask states', () => {
  const dir = path.dirname(FIXTURES.B4)
  const stem = path.join(dir, 'LC08_L1TP_016037_20170813_20170814_01_RT')
  const toa = async (b: number) => {
    const t = fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
    const k = (name: string) => Number(t.match(new RegExp(`${name} = ([-\\d.E+]+)`))![1])
    const d = Array.from(((await (await (await fromFile(`${stem}_B${b}.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
    return d.map((v) => (v > 0 ? k(`REFLECTANCE_MULT_BAND_${b}`) * v + k(`REFLECTANCE_ADD_BAND_${b}`) : NaN))
  }
  const meanNdviWhere = (g: number[], r: number[], n: number[], mask: number[]) => {
    let [s, c] = [0, 0]
    for (let i = 0; i < n.length; i++) {
      const ndvi = (n[i] - r[i]) / (n[i] + r[i])
      const w = (g[i] - mask[i]) / (g[i] + mask[i])
      if (ndvi === ndvi && w < 0) {
        s += ndvi
        c++
      }
    }
    return s / c
  }

  it('is the reason for a mask on an index of that class (NDWI, MNDWI for water)', async () => {
    const [g, r, n, s6] = [await toa(3), await toa(4), await toa(5), await toa(6)]
    for (const [q, want] of [
      ['Water bodies would bias the vegetation mean; MNDWI is only used to mask them. Mean NDVI over pixels with MNDWI below 0?', meanNdviWhere(g, r, n, s6)],
      ['water pixels bias it; ndwi only masks them. mean ndvi where ndwi < 0', meanNdviWhere(g, r, n, n)],
    ] as const) {
      const res = await ask(q, [dir])
      expect(res.refusal, q).toBeNull()
      expect(res.value, q).toBeCloseTo(want, 6)
    }
  }, 240_000)

  it('beside a mask on another index, or with the class excluded in words, it still blocks', () => {
    for (const q of [
      'Urban pixels would bias the average. What is the mean NDVI over pixels with NDWI below 0?',
      'Urban pixels are excluded. What is the mean NDVI over pixels with NDWI below 0?',
    ])
      expect(planTask(makeTask({ question: q, files: [dir] })).refusal, q).not.toBeNull()
  })
})

describe('a variable set aside in words', () => {
  it('is not the subject and masks nothing', async () => {
    const v = Array.from((await decode(q46('2019-06-26')[0], 0.02)).data).filter((x) => x > 0)
    const mean = v.reduce((a, b) => a + b, 0) / v.length
    v.sort((a, b) => a - b)
    const h = v.length >> 1
    const median = v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2
    for (const [q, want] of [
      ['NDVI was handled in another memo, so leave it aside. Median LST on 26 June 2019 in kelvin?', median],
      ['tvdi is not needed here - ignore it. mean lst 2019-06-26 (K)', mean],
    ] as const) {
      const r = await ask(q, q46('2019-06-26'))
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBeCloseTo(want, 4)
    }
  }, 120_000)

  it('a QA class set aside ("clouds ..., ignore it") may ask for a mask: it still blocks', () => {
    const spec = readTask({ question: 'Clouds are in the scene, ignore it. Mean NDVI of 2019?' })
    expect(spec.notUnderstood.filter((n) => n.blocking).length).toBeGreaterThan(0)
  })

  it('set aside while a condition tests it, the phrase still blocks', () => {
    const plan = planTask(
      makeTask({ question: 'Pixels with NDVI above 0.3 matter less, so leave it aside. Median LST on 26 June 2019?', files: q46('2019-06-26') }),
    )
    expect(plan.refusal).toMatch(/leave it aside/)
  })
})

describe('an image cut into three strips in words', () => {
  /** Mean over the pixels whose centre lies in rows [r0, r1) x cols [c0, c1) of the unit square (0 = nodata). */
  const bandMean = async (rows: [number, number], cols: [number, number]) => {
    const img = await decode(q46('2019-06-26')[0], 0.02)
    let [s, n] = [0, 0]
    for (let r = 0; r < img.height; r++) {
      const y = (r + 0.5) / img.height
      if (y < rows[0] || y >= rows[1]) continue
      for (let c = 0; c < img.width; c++) {
        const x = (c + 0.5) / img.width
        const v = img.data[r * img.width + c]
        if (x >= cols[0] && x < cols[1] && v > 0) {
          s += v
          n++
        }
      }
    }
    return s / n
  }
  it('is the third of the columns or rows picked by its place', async () => {
    const T = 1 / 3
    for (const [q, rows, cols] of [
      ['Dividing the 26 June 2019 image into three vertical strips of equal width, what is the mean LST of the central strip, in kelvin?', [0, 1], [T, 2 * T]],
      ['Split the 26 June 2019 scene into three horizontal bands of equal height. What is the mean LST of the top band in K?', [0, T], [0, 1]],
      ['cut image in 3 vertical strips, mean lst of the right strip 2019-06-26', [0, 1], [2 * T, 1]],
    ] as [string, [number, number], [number, number]][]) {
      const r = await ask(q, q46('2019-06-26'))
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBeCloseTo(await bandMean(rows, cols), 4)
    }
  }, 120_000)
})

describe('a season or named span said apart from the one year named', () => {
  const files = q46Of2019
  // Each NDVI file's mean (nodata left out) once per run: two questions share the growing season's months.
  const ndviMeans = new Map<string, number>()
  const fileMean = async (f: string, variable: 'LST' | 'NDVI') => {
    if (variable === 'LST') return (await lstStats(f)).mean
    if (!ndviMeans.has(f)) {
      const d = (await decode(path.join(FIXTURES.Q46_FILES, f), 0.0001)).data
      let [s, n] = [0, 0]
      for (const v of d)
        if (v === v) {
          s += v
          n++
        }
      ndviMeans.set(f, n > 0 ? s / n : NaN)
    }
    return ndviMeans.get(f)!
  }
  const meanOfMeans = async (variable: 'LST' | 'NDVI', months: number[]) => {
    const means: number[] = []
    for (const f of fs.readdirSync(FIXTURES.Q46_FILES).filter((n) => n.endsWith(`_${variable}.tif`))) {
      if (!months.includes(Number(f.split('_')[1].slice(5, 7)))) continue
      const m = await fileMean(f, variable)
      if (!Number.isNaN(m)) means.push(m)
    }
    return means.reduce((a, b) => a + b, 0) / means.length
  }

  it("is that span of that year, with the named span's convention said", async () => {
    for (const [q, variable, months] of [
      ['growing season mean ndvi 2019', 'NDVI', [4, 5, 6, 7, 8, 9, 10]],
      ['What was the mean NDVI of 2019 during the growing season?', 'NDVI', [4, 5, 6, 7, 8, 9, 10]],
      ['summer mean LST 2019 (K)', 'LST', [6, 7, 8]],
    ] as const) {
      const r = await ask(q, files())
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBeCloseTo(await meanOfMeans(variable, [...months]), 5)
      if (months.length === 7) expect(r.describe, q).toMatch(/April to October/)
    }
  }, 240_000)

  it('months listed "taking whatever 2019 dates fall in them" are those months of 2019', async () => {
    for (const [q, months] of [
      ['We define summer as June, July and August, taking whatever 2019 dates fall in them. Mean LST (K)?', [6, 7, 8]],
      ['winter = December, January and February using all 2019 acquisitions. winter mean lst in K', [12, 1, 2]],
    ] as const) {
      const r = await ask(q, files())
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBeCloseTo(await meanOfMeans('LST', [...months]), 5)
    }
  }, 240_000)

  it('a span that wraps the year stays unread; a season in a sentence of its own stays context', () => {
    expect(planTask(makeTask({ question: 'the winter mean LST of 2019', files: files() })).refusal).toMatch(/winter/)
    const spec = readTask({ question: 'We write a memo on summer heat. What is the mean LST of 2019?' })
    expect(spec.periods.map((p) => [p.start, p.end])).toEqual([['2019-01-01', '2019-12-31']])
    // A season word that names a place is no time: "near the hot spring".
    const place = readTask({ question: 'What is the mean LST of 2019 near the hot spring?' })
    expect(place.periods.map((p) => [p.start, p.end])).toEqual([['2019-01-01', '2019-12-31']])
  })
})

describe('TOA reflectance corrected for the sun elevation', () => {
  const dir = path.dirname(FIXTURES.B4)
  const stem = path.join(dir, 'LC08_L1TP_016037_20170813_20170814_01_RT')
  const reference = async () => {
    const t = fs.readFileSync(`${stem}_MTL.txt`, 'utf8')
    const k = (name: string) => Number(t.match(new RegExp(`${name} = ([-\\d.E+]+)`))![1])
    const d = Array.from(((await (await (await fromFile(`${stem}_B4.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
    const sin = Math.sin((k('SUN_ELEVATION') * Math.PI) / 180)
    let [s, n] = [0, 0]
    for (const v of d)
      if (v > 0) {
        s += (k('REFLECTANCE_MULT_BAND_4') * v + k('REFLECTANCE_ADD_BAND_4')) / sin
        n++
      }
    return s / n
  }

  it('divides by the sine of the MTL sun elevation when asked', async () => {
    const ref = await reference()
    for (const q of [
      'We compare with a product that divides by the sine of the solar elevation. Mean band 4 TOA reflectance of the scene, corrected for sun elevation?',
      'b4 toa reflectance mean, sun-elevation corrected',
    ]) {
      const r = await ask(q, [dir])
      expect(r.refusal, q).toBeNull()
      expect(r.value, q).toBeCloseTo(ref, 7)
      expect(r.describe, q).toMatch(/sine of the sun elevation/)
    }
  }, 120_000)

  it('the verifier rejects a DAG that left the correction out; the band as stored cannot be corrected', async () => {
    const plain = planTask(makeTask({ question: 'mean band 4 TOA reflectance of the scene', files: [dir] })).workflow
    if (!plain?.ok || plain.tool !== 'execute') throw new Error('no workflow')
    const res = await executeDag(plain.args, { artifacts: new ArtifactStore(store.dir) })
    const findings = checkProvenance('mean band 4 TOA reflectance of the scene, corrected for sun elevation', plain.args, res.evidence, res.observation)
    expect(findings.filter((f) => f.severity === 'reject').map((f) => f.check)).toContain('provenance_method')
    expect(planTask(makeTask({ question: 'mean band 4 DN of the scene, corrected for sun elevation', files: [dir] })).refusal).toMatch(
      /sun-elevation correction/,
    )
  }, 120_000)
})

describe('a change label given as a PNG picture', () => {
  const levir = shared('fixtures', 'levircd')
  const files = ['A', 'B', 'label'].map((d) => path.join(levir, d, 'test_2_0000_0000.png'))
  it('is planned over the pictures, and an area without a pixel size is refused for that cause', () => {
    for (const q of [
      'How many changed pixels does the LEVIR-CD change label hold in its left half?',
      'The survey team wants stable ground. How many pixels of the label are not marked as changed?',
      'mean red of image A on the pixels that changed (use the change mask)',
    ]) {
      const plan = planTask(makeTask({ question: q, files }))
      expect(plan.refusal, q).toBeNull()
      expect(plan.workflow, q).toMatchObject({ ok: true, skill: 'picture-pixels', tool: 'execute' })
    }
    expect(planTask(makeTask({ question: 'ha changed acc. to the label', files })).refusal).toMatch(/states no pixel size/)
    // A variable the pictures cannot hold keeps its own reason; a pair without a label is not this case.
    expect(planTask(makeTask({ question: 'mean NDVI of image B over changed pixels', files })).refusal).toMatch(/NDVI/)
    expect(planTask(makeTask({ question: 'How many hectares changed between the two images?', files: files.slice(0, 2) })).refusal ?? '').not.toMatch(
      /PNG or JPEG/,
    )
  })
})
