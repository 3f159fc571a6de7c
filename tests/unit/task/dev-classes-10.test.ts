/**
 * Classes from the refusals left in the fourth blind development set (tests/dev-questions/questions-dev-4.jsonl),
 * each fixed as a class and tested with this file's own phrasings. References come from
 * tests/dev-questions/references-4.json (python3 + GDAL + numpy, by that set's author), never from the code under test.
 *
 * - A sentence that states a fact beside the ask ("Frost slows the crews down.", "Dry soils tend to be the warmest
 *   ones.") and that the ask does not refer back to: set aside, even when it carries a statistic-like word
 *   ("warmest", "when") or restates the ask's own threshold ("... suffers once fields pass 44 °C."). A statement the
 *   ask refers back to ("How many good growing days ...", "their mean NDVI"), one with a threshold the ask does not
 *   state, or one with a first-person directive still stops the run, naming it.
 * - "What percent of the pixels with LST above 35 °C have a TVDI over 0.9": a share of pixels named with a condition,
 *   then a verb and a second condition, is taken among the pixels of the first (the share of all pixels meeting both
 *   had been answered, 23.36 % for 48.88 %, and passed the verifier).
 *
 * From the fifth blind set (questions-dev-5.jsonl, first measured whole: 40 right / 63 refused / 3 wrong), references
 * from references-5.json by that set's author:
 * - A slope asked per day, week, quarter or so many days ("in kelvin per day", "K/week", "per 16 days"): the time
 *   axis in that unit (the slope per year had been answered as if per day).
 * - Values set aside by their sign with no variable named ("with negative values not counted"): the subject's
 *   values below 0, negated (the negation had been left unread and not blocked).
 * - The unchanged pixels of a change label in other words ("the pixels the change label does not flag as changed",
 *   "label other than 255"): the mean over the changed pixels had been answered.
 * - Landsat band files given one by one with their MTL (no thermal band among them): calibrated to TOA reflectance
 *   (they had been refused for "no MTL beside them").
 * - Locale and e-mail forms: decimal commas ("TVDI < 0,2", "lon 87,70-87,85"), numeric dates with the order said
 *   ("13.08.2019 (day.month.year)", also for days up to 12), months by number ("the months 03, 05, 09 and 11"), the
 *   fill set aside in more words ("skip fill", "fill (DN 0) excluded", "DN 0 = fill"), dates with no valid pixel
 *   "skipped" (they give no value), "every date with the same weight".
 * - A duration is no threshold: "mean LST of 2019 over 3 months" had been read as LST > 3; now refused, naming 3.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import type { DevReference } from '../../helpers/dev-references'
import { answeredWithin, planExecuteAnswered, plannedRefusal } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'
import fs from 'node:fs'
import path from 'node:path'

const store = tempDir('rsure-dev-classes-10-')
afterAll(() => store.cleanup())
const Q46 = shared('benchmarks', 'earthbench-q46', 'files')
const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const LEVIR = ['A', 'B', 'label'].map((d) => shared('fixtures', 'levircd', d, 'test_2_0000_0000.png'))
const REFS_5 = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dev-questions/references-5.json'), 'utf8')) as Record<string, DevReference>
const REFS_4 = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dev-questions/references-4.json'), 'utf8')) as Record<string, DevReference>

const answered = (q: string, files: string[], ref: DevReference) => answeredWithin(q, files, ref.alternatives ?? [ref.value], ref.tolerance, store.dir)
/** The planner's refusal, what its workflow lacks, or that it planned none; null when it plans a run. */
/** The slope of a planned, run and verified trend, within the reference's tolerance of one of its readings. */
async function slopeWithin(q: string, ref: DevReference): Promise<void> {
  const got = await planExecuteAnswered(q, [Q46], { artifacts: store.dir, provenance: true })
  const slope = (got.result.observation as { slope: number }).slope
  expect(Math.min(...(ref.alternatives ?? [ref.value]).map((w) => Math.abs(slope - w))), `${q}: ${slope}`).toBeLessThanOrEqual(ref.tolerance)
}
const refusal = plannedRefusal

describe('a statement beside the ask', () => {
  it('is set aside when the ask does not refer back to it', async () => {
    await answered(
      'Cotton suffers badly once the ground gets warmer than 44 °C. How many hectares had a land surface temperature above 44 °C on 2019-07-12?',
      [Q46],
      REFS_4.ar4_area_lst_gt44C_0712_ha,
    )
    await answered(
      'Dry soils tend to be the warmest ones. For 2019-07-28, what percent of the pixels with LST above 35 °C have a TVDI over 0.9?',
      [Q46],
      REFS_4.dc4_pct_tvdi_gt09_among_lst_gt35C_0728,
    )
    await answered(
      'Asphalt and bare soil usually heat up the most. Mean TOA NDVI (bands 4 and 5) of the pixels whose band 10 brightness temperature is above 30 °C?',
      [LANDSAT],
      REFS_4.dc4_ls_ndvi_mean_where_bt10_gt30C,
    )
    await answered(
      'Warm and green conditions favour the crops. How many 2019 acquisition dates have both a scene-mean LST above 300 K and a scene-mean NDVI above 0.25?',
      [Q46],
      REFS_4.kd4_count_dates_lst_gt300_ndvi_gt025,
    )
    const q =
      'Frost slows the irrigation crews down when it comes early. Among the 2019 dates with LST data, which date had the largest share of valid pixels colder than 0 °C?'
    const got = await planExecuteAnswered(q, [Q46], { artifacts: store.dir, provenance: true })
    const points = (got.result.observation as { points: { date: string; value: number }[] }).points.filter((p) => Number.isFinite(p.value))
    expect([...points].sort((a, b) => b.value - a.value)[0].date).toBe(REFS_4.de4_date_max_share_below_0C.value as unknown as string)
  }, 180_000)

  it('still stops the run when the ask refers back to it, or it states what the ask does not', () => {
    // The ask repeats a term the statement defines.
    expect(refusal('Good growing days are both warm and green. How many good growing days did 2019 have?', [Q46])).toBeTruthy()
    // The ask points back with a pronoun.
    expect(refusal('The hottest fields are the ones that matter. What is their mean NDVI on 12 July 2019?', [Q46])).toMatch(/hottest/)
    // A first-person directive is no statement of fact.
    expect(refusal('We only care about the hottest fields. What is the mean NDVI on 12 July 2019?', [Q46])).toMatch(/hottest/)
    // A statement with a threshold the ask does not state: a fact, or a limit on the pixels?
    expect(refusal('Cotton suffers once the ground is hotter than 41 °C. How many hectares had LST above 44 °C on 2019-07-12?', [Q46])).toMatch(
      /hotter than 41 °C/,
    )
    expect(refusal('Fields cooler than 20 °C are irrigated. What is the mean NDVI on 2019-07-12?', [Q46])).toMatch(/cooler than 20 °C/)
  })
})

describe('a share of the pixels with one condition that have another', () => {
  it('is taken among the pixels of the first condition', async () => {
    await answered('what percent of the pixels with LST above 35 °C have a TVDI over 0.9 on 2019-07-28?', [Q46], REFS_4.dc4_pct_tvdi_gt09_among_lst_gt35C_0728)
    // The pixels led by "among", their variable named with an article and three words.
    await answered(
      'For 2019-07-28: among the pixels with a land surface temperature above 35 °C, what share has a TVDI above 0.9, in percent?',
      [Q46],
      REFS_4.dc4_pct_tvdi_gt09_among_lst_gt35C_0728,
    )
    // With no verb and second condition the condition is what is counted.
    const one = readTask({ question: 'share of the pixels with LST above 35 °C on 2019-07-28', options: [] })
    expect(one.conditions.map((c) => c.population ?? false)).toEqual([false])
    const two = readTask({ question: 'share of the pixels with LST above 35 °C and TVDI above 0.9 on 2019-07-28', options: [] })
    expect(two.conditions.map((c) => c.population ?? false)).toEqual([false, false])
  }, 180_000)
})

describe('the fifth set: slopes per day, sign words, unchanged label pixels', () => {
  it('takes the slope per the unit of time asked', async () => {
    await slopeWithin(
      'OLS slope of the mean LST of each acquisition between 2019-03-06 and 2019-07-12 inclusive, in K/day',
      REFS_5.ser_lst_slope_0306_0712_per_day,
    )
    await slopeWithin(
      'least-squares slope of the mean NDVI of every acquisition of July to November 2019, in NDVI per 16 days',
      REFS_4.se4_ndvi_slope_per_16_days_jul_nov,
    )
  }, 180_000)

  it('sets aside values by their sign with no variable named', async () => {
    await answered(
      'population std of the 12 monthly NDVI means of 2019 (each month = mean of its dates), with negative values not counted',
      [Q46],
      REFS_5.ser_monthly_ndvi_std,
    )
  }, 180_000)

  it('reads the unchanged pixels of the change label in other words', async () => {
    await answered(
      'LEVIR-CD image B: mean of band 1 over the pixels the change label does not flag as changed',
      LEVIR.slice(1),
      REFS_5.neg_levir_b_red_unchanged,
    )
    await answered('image B (after), red band 1: mean where the label is other than 255', LEVIR.slice(1), REFS_5.neg_levir_b_red_unchanged)
  }, 180_000)

  it('reads "fill pixels are not counted" as the fill every statistic leaves out', async () => {
    const REFS_3 = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dev-questions/references-3.json'), 'utf8')) as Record<string, DevReference>
    await answered(
      'Landsat band 10: count of pixels with a brightness temperature under 68 °F. Fill pixels are not counted.',
      [LANDSAT],
      REFS_3.ut3_count_bt10_below_68F,
    )
  }, 180_000)
})

describe('the fifth set: calibration, locale forms, durations', () => {
  const L = (b: string) => path.join(LANDSAT, `LC08_L1TP_016037_20170813_20170814_01_RT_${b}`)
  it('calibrates Landsat bands given one by one with their MTL', async () => {
    await answered(
      'how many square miles of the scene have TOA NDVI (B5, B4) above 0.5? skip fill',
      [L('B4.TIF'), L('B5.TIF'), L('MTL.txt')],
      REFS_5.area_landsat_ndvi_gt05_sqmi,
    )
    await answered(
      'mean MNDWI = (B3 - B6)/(B3 + B6) from TOA reflectance, fill (DN 0) excluded',
      [L('B3.TIF'), L('B6.TIF'), L('MTL.txt')],
      REFS_5.si_mndwi_mean_toa,
    )
    // With no MTL among them, the TOA reflectance is refused.
    expect(refusal('mean TOA NDVI (B5, B4) of the scene', [L('B4.TIF'), L('B5.TIF')])).toMatch(/no calibration/)
  }, 180_000)

  it('reads decimal commas, numeric dates with their order said, and months by number', async () => {
    await answered('For 13.08.2019 (day.month.year): the mean NDVI over the pixels with TVDI < 0,2', [Q46], REFS_5.dp_ndvi_where_tvdi_lt02_0813)
    await answered(
      'Mean LST (K) of the acquisitions in the months 03, 05, 09 and 11 of 2019, each date with the same weight, dates without valid LST skipped.',
      [Q46],
      REFS_5.per_monthlist_lst,
    )
    await slopeWithin(
      'OLS slope of the per-acquisition mean LST between 06.03.2019 and 12.07.2019 (dates DD.MM.YYYY, both ends included), in K per day',
      REFS_5.ser_lst_slope_0306_0712_per_day,
    )
    // Without the order said, a date whose parts are both 12 or less stays unread.
    expect(refusal('mean NDVI on 03.04.2019', [Q46])).toMatch(/order of day and month/)
  }, 180_000)

  it('reads a number of months as a duration, never as a threshold', () => {
    expect(refusal('mean LST of 2019 over 3 months', [Q46])).toMatch(/"3"/)
    expect(readTask({ question: 'mean LST of 2019 over 3 months', options: [] }).conditions).toEqual([])
  })
})
