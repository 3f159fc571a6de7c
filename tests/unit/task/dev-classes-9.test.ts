/**
 * Classes from the fourth blind development set (tests/dev-questions/questions-dev-4.jsonl, measured whole first:
 * 41 right / 59 refused / 6 wrong, then read item by item), each fixed as a class and tested with this file's own
 * phrasings. References come from tests/dev-questions/references-4.json (python3 + GDAL + numpy, by that set's
 * author), never from the code under test.
 *
 * - Values set aside after they are named ("Negative NDVI values are not counted.", "..., negative NDVI values not
 *   counted)"): the condition is negated (the mean of the negative values had been answered).
 * - "The area with NDVI above 0.3" as what grows or shrinks: an area, so its percent change is of true ground areas
 *   (the share of valid pixels had been compared).
 * - Square feet: an area unit of the lexicon (the pixel count had been answered).
 * - Several dates and no date, period or combination named ("the median NDVI of the image" over 23 dates): refused,
 *   naming it; with "pooled" the pooled value (a question naming no period had been read as one undated image).
 * - Dictated questions: names spelled letter by letter ("n d v i"), days said as ordinals ("the twelfth of july twenty
 *   nineteen" and, typed, "the 12th of July 2019").
 * - Days of the year ("day-of-year 100 to 200 of 2019", "the first 40 days of 2019"), months joined by "+" ("Mar +
 *   May + Sep 2019"), "each date weighted equally" (the mean of the per-date means).
 * - Quality-band classes: the cloud-confidence field at a level ("medium cloud confidence", bits 5-6 = 2), cloud
 *   shadow "high-conf", the bits restated in other words ("bits 7–8 equal to 11", "field = 2", "0b10, i.e. value 2"),
 *   "clear (neither fill nor cloud)", and "do not count fill pixels".
 * - Any cell of a 3 x 3 grid ("the top-left (north-west) cell"), pixel windows with "until" and their numbering
 *   restated ("counting from 0", "1-based" shifts the window).
 * - A percentile of each date: counted against a threshold ("dates whose 90th percentile exceeds 40 °C") or averaged
 *   over the dates ("then average those percentiles"); "pop. std (ddof=0)" of the per-date means ("ddof=1" blocks).
 * - The date with the most valid pixels (the fewest only with the empty dates left aside in words), or with the
 *   largest share of pixels meeting a condition; the spread of a monthly series ("the difference between the warmest
 *   month and the coldest month").
 * - British spellings of the lexicon's long names ("normalised difference built-up index"), an ordinal percentile
 *   ("the seventy-fifth percentile"), a lon/lat box with its CRS restated ("(WGS84)"), a pixel size as "0.5 m px".
 * - A temperature threshold with no variable in a question naming only unitless ones ("from the pixels hotter than
 *   35 °C, which percent have TVDI above 0.9") is of the temperature layer; "from the pixels" leads the pixels a
 *   share is taken among (once the threshold was read, the share of all pixels had been given: caught by this test).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import type { DevReference } from '../../helpers/dev-references'
import { answeredWithin, planExecuteAnswered } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'
import fs from 'node:fs'
import path from 'node:path'

const store = tempDir('rsure-dev-classes-9-')
afterAll(() => store.cleanup())
const Q46 = shared('benchmarks', 'earthbench-q46', 'files')
const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const LEVIR = ['A', 'B', 'label'].map((d) => shared('fixtures', 'levircd', d, 'test_2_0000_0000.png'))
const REFS_4 = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dev-questions/references-4.json'), 'utf8')) as Record<string, DevReference>

const answered = (q: string, files: string[], ref: DevReference) => answeredWithin(q, files, ref.alternatives ?? [ref.value], ref.tolerance, store.dir)

describe('values set aside after they are named', () => {
  it('negates the condition they state', async () => {
    await answered(
      'average of the per-date mean NDVI over 2019, leaving out June and July. Negative NDVI values are excluded.',
      [Q46],
      REFS_4.ng4_ndvi_mean_2019_except_jun_jul,
    )
    const q =
      'least squares slope per month of the monthly mean NDVI, July-December 2019 (monthly mean = mean of the date means; negative NDVI values not counted)'
    const got = await planExecuteAnswered(q, [Q46], { artifacts: store.dir, provenance: true })
    const slope = (got.result.observation as { slope: number }).slope
    expect(Math.abs(slope - REFS_4.se4_ndvi_slope_monthly_jul_dec_per_month.value), `${q}: ${slope}`).toBeLessThanOrEqual(
      REFS_4.se4_ndvi_slope_monthly_jul_dec_per_month.tolerance,
    )
  }, 180_000)
})

describe('areas that change and areas in square feet', () => {
  it('compares true ground areas in a percent change, and converts to square feet', async () => {
    await answered(
      'percentage increase of the area with NDVI above 0.3 between 9 May 2019 and 10 June 2019',
      [Q46],
      REFS_4.co4_area_ndvi_gt03_pct_change_0509_to_0610,
    )
    await answered(
      'LEVIR-CD label, 0.5 m pixels, 255 = changed: changed area in sq ft in the bottom-left quadrant?',
      LEVIR,
      REFS_4.ar4_levir_changed_sw_quadrant_sqft,
    )
  }, 180_000)
})

describe('several dates and none named', () => {
  it('refuses a statistic over a stack with no date, period or combination, naming the dates', () => {
    for (const q of ['What is the 90th percentile of NDVI?', 'mean LST of the stack'])
      expect(planTask(makeTask({ question: q, files: [Q46] })).refusal, q).toMatch(/the files hold 23 dates and the question names no date or period/)
  })
})

describe('dictated questions', () => {
  it('reads names spelled letter by letter and days said as ordinals', async () => {
    await answered(
      'median LST in celsius of the south east quadrant on the twenty ninth of august twenty nineteen',
      [Q46],
      REFS_4.rg4_lst_median_se_quadrant_0829_C,
    )
    await answered(
      'population standard deviation in kelvin of the LST where t v d i is below zero point five, on the 14th of September 2019',
      [Q46],
      REFS_4.dc4_lst_std_where_tvdi_lt05_0914_K,
    )
    await answered('mean g n d v i of the landsat scene, top of atmosphere reflectance', [LANDSAT], REFS_4.si4_gndvi_mean)
  }, 180_000)
})

describe('days of the year, month lists and equal weights', () => {
  it('places days of the year and months joined by plus signs', async () => {
    await answered('mean NDVI, DOY 100-200 of 2019, mean of the per-date means', [Q46], REFS_4.pe4_ndvi_mean_doy_100_200)
    await answered('LST in °C averaged over the first 40 days of 2019 (mean of the date means)', [Q46], REFS_4.pe4_lst_mean_first_40_days_C)
    await answered('mean LST in °F over Mar + May + Sep 2019, every date weighted equally', [Q46], REFS_4.pe4_lst_mean_mar_may_sep_F)
  }, 180_000)
})

describe('quality-band classes', () => {
  it('counts a confidence level, reads restated bits and a restated clear', async () => {
    for (const q of [
      'count the pixels whose BQA cloud confidence is medium (bits 5-6 equal to 2), fill excluded',
      'number of medium-confidence cloud pixels in the quality band (bits 5-6 = 0b10, i.e. value 2)',
    ])
      await answered(q, [LANDSAT], REFS_4.cf4_count_cloud_conf_medium)
    await answered(
      'TOA blue (band 2) reflectance, 75th percentile, pixels the BQA marks as clear (neither fill nor cloud)',
      [LANDSAT],
      REFS_4.cf4_b2_toa_p75_clear,
    )
    await answered(
      'mean TOA NDVI of the Landsat scene, leaving out pixels flagged as high-conf cloud shadow in the BQA (bits 7–8 equal to 11)',
      [LANDSAT],
      REFS_4.ng4_ls_ndvi_mean_not_shadow,
    )
    const wrongBits = planTask(makeTask({ question: 'number of medium-confidence cloud pixels in the BQA (bits 5-6 = 0b11)', files: [LANDSAT] }))
    expect(wrongBits.refusal).toMatch(/bits 5-6/)
  }, 180_000)
})

describe('grid cells and pixel windows', () => {
  it('reads any cell of a 3 x 3 grid and a window with its numbering', async () => {
    await answered('9 May 2019 LST split in a 3 by 3 grid: mean in K of the upper-left cell', [Q46], REFS_4.rg4_lst_mean_nw_cell_0509_K)
    const w = REFS_4.rg4_ls_bt10_mean_window_C
    await answered('mean band 10 BT in °C, rows 100 until 149 and columns 20 until 79 (0-based, inclusive)', [LANDSAT], w)
    await answered('mean band 10 BT in °C, rows 101 to 150 and columns 21 to 80, counting from 1', [LANDSAT], w)
  }, 180_000)
})

describe('a percentile of each date', () => {
  it('counts dates by it, averages it over the dates, and reads the population std of the date means', async () => {
    await answered('how many dates of 2019 have a 90th percentile of LST above 40 °C?', [Q46], REFS_4.kd4_count_dates_lst_p90_gt40C)
    await answered('the 90th percentile of LST of each August 2019 date, then the mean of those, in °C', [Q46], REFS_4.po4_lst_mean_of_date_p90_aug_C)
    await answered('population std (ddof=0) of the per-date mean LSTs of 2019', [Q46], REFS_4.po4_lst_popstd_of_date_means_K)
    expect(planTask(makeTask({ question: 'sample std (ddof=1) of the per-date mean LST of 2019', files: [Q46] })).refusal).toMatch(/ddof=1/)
  }, 180_000)
})

describe('the date of the most valid pixels or of the largest share', () => {
  it('counts each date’s valid pixels or takes its share meeting the condition', async () => {
    const picked = async (q: string) => {
      const got = await planExecuteAnswered(q, [Q46], { artifacts: store.dir, provenance: true })
      const sign = got.plan.spec.quantity.statistic === 'date_of_max' ? 1 : -1
      const points = (got.result.observation as { points: { date: string; value: number }[] }).points.filter((p) => Number.isFinite(p.value))
      return [...points].sort((a, b) => sign * (b.value - a.value))[0].date
    }
    const date = (ref: DevReference) => ref.value as unknown as string
    expect(await picked('on which 2019 date does the LST layer have the most valid pixels (largest number of valid LST pixels)?')).toBe(
      date(REFS_4.de4_date_max_lst_coverage),
    )
    expect(await picked('which 2019 date had the biggest share of its valid LST pixels below 0 °C?')).toBe(date(REFS_4.de4_date_max_share_below_0C))
    const REFS_3 = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dev-questions/references-3.json'), 'utf8')) as Record<string, DevReference>
    expect(await picked('excluding the dates that have no valid LST at all, which date of 2019 has the smallest number of valid LST pixels?')).toBe(
      date(REFS_3.de3_date_min_lst_coverage_nonzero),
    )
    // With the empty dates not left aside, the fewest is refused: a date with none would be the fewest.
    expect(planTask(makeTask({ question: 'which date of 2019 has the smallest number of valid LST pixels?', files: [Q46] })).refusal).toMatch(/left aside/)
  }, 180_000)
})

describe('the spread of a monthly series', () => {
  it('is the highest monthly mean minus the lowest', async () => {
    await answered(
      'Take the monthly mean LST of 2019 (mean of the dates in each month): what is the difference between the warmest month and the coldest month, in K?',
      [Q46],
      REFS_4.se4_lst_monthly_mean_range_K,
    )
  }, 120_000)
})

describe('names and units written other ways', () => {
  it('reads British spellings, an ordinal percentile, a lon/lat box with its CRS restated and "0.5 m px"', async () => {
    await answered(
      'share in percent of the valid Landsat pixels with a positive normalised difference built-up index (TOA reflectance)',
      [LANDSAT],
      REFS_4.si4_ndbi_pct_gt0,
    )
    await answered('the seventy-fifth percentile of blue band TOA reflectance over the cloud-free pixels of the BQA', [LANDSAT], REFS_4.cf4_b2_toa_p75_clear)
    await answered('mean NDVI on 16 October 2019 in the box 88.00°E to 88.15°E, 43.52°N to 43.65°N (WGS 84)', [Q46], REFS_4.rg4_ndvi_mean_lonlat_box_1016)
    await answered('changed area of the LEVIR-CD label in the lower-left quadrant in ft² (0.5 m px)', LEVIR, REFS_4.ar4_levir_changed_sw_quadrant_sqft)
  }, 180_000)
})

describe('a temperature threshold beside unitless variables only', () => {
  it('is of the temperature layer, and "from the pixels ..." names the pixels a share is taken among', async () => {
    const ref = REFS_4.dc4_pct_tvdi_gt09_among_lst_gt35C_0728
    await answered('On 28 July 2019, of the pixels warmer than 35 °C, what percentage has a TVDI above 0.9?', [Q46], ref)
    await answered('28 July 2019: from the pixels hotter than 35 °C, the percentage with TVDI > 0.9', [Q46], ref)
  }, 120_000)
})
