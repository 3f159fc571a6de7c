/**
 * Refusal classes of the tenth blind development set (tests/dev-questions/questions-dev-10.jsonl) and of sets 3-9,
 * read as classes in session 20 and tested with this file's own phrasings. References come from references-10.json
 * (python3 + GDAL + numpy, by that set's author), never from the code under test.
 *
 * - A stretch of days counted from a day ("the 100 days starting 1 March 2019", "the 45 days ending ..."): it had been
 *   read as the one day named (a wrong period, refused only because no file held that day); now the stretch, the day
 *   named inside (its year, where not written, the one year the question names); "after"/"before", which leave that
 *   open, block.
 * - Two seasons joined by "minus" in a question about one year ("2019 TVDI: summer minus spring").
 * - A statistic named again in the plural ("a line through these percentiles").
 * - A QA class after "no" ("the pixels with no cloud and no fill in the BQA"); "no cloud masking" selects nothing.
 * - "Fill pixels do not count."
 * - A range after the bands a variable is made from ("TOA NDVI (bands 5 and 4) between 0.3 and 0.5").
 * - A Landsat scene's short name ("LC08 016037", "Landsat 8 L1TP 016037") and a benchmark question's data ("the
 *   Xinjiang q46 tiles"): which data, no number to use.
 * - QA bits stated with their value and no class named ("BQA bit 0 and bit 4 are both 0", "bits 11-12 = 11").
 * - A day written with dashes, day first ("13-08-2017"): it had been read as the year alone; an unclear order blocks.
 * - A range of values written with two dots after the values ("only ndvi values 0..1").
 * - A report on other data beside the ask ("last year's survey counted about 120 patches and treated anything above
 *   40 °C as extreme"): its numbers are that data's, set aside where the ask states its own threshold on the same
 *   quantity; a report whose threshold the ask does not restate in kind still blocks.
 * - A box by fractions of the image's extent ("the box from a quarter to three quarters of the image width and of its
 *   height", "rows and cols from 1/4 to 3/4"), with its name said before it and again later ("that central box").
 * - A greeting opening a chat message ("morning\nneed the % change ..."): not a time of day asked. Found with it, a
 *   wrong answer of the tenth set's chat question once "morning" no longer blocked it: "ignore ndvi below 0 or above
 *   1" kept the pixels outside 0-1 ("ignore" was no negation word); it now blocks as "excluding ... or ..." does.
 * - The regions compared counted before they are named ("I need compare two quadrants"), and their order restated by
 *   compass letters ("(NE minus SW)"); the other order than the one read is refused.
 * - A named span given its dates ("the growing season (taken here as 15 April - 15 October 2019", "15 Apr - 15 Oct
 *   2019 (our growing season)"), a figure to compare with in a report line ("...: TBD; for comparison, the annual mean
 *   was 0.690"), a blank's sentence as the ask. Found with them, a wrong answer once the growing season no longer
 *   blocked: a checklist's "mean of the per-date means" line followed by "- dates without LST are skipped" was read as
 *   the mean of LST (both readers looked across the list bullet); a bullet now ends the statistic's clause.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { DevReference } from '../../helpers/dev-references'
import { answeredWithin, planExecuteAnswered, plannedRefusal } from '../../helpers/plan-execute'
import { readTask } from '../../../main/task/read-task'
import { shared, tempDir } from '../../helpers/tmp'
import fs from 'node:fs'
import path from 'node:path'

const store = tempDir('rsure-dev-classes-16-')
afterAll(() => store.cleanup())
const Q46 = shared('benchmarks', 'earthbench-q46', 'files')
const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const refs = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dev-questions', file), 'utf8')) as Record<string, DevReference>
const REFS_5 = refs('references-5.json')
const REFS_7 = refs('references-7.json')
const REFS_9 = refs('references-9.json')
const REFS_10 = refs('references-10.json')

const answered = (q: string, files: string, ref: DevReference) => answeredWithin(q, [files], ref.alternatives ?? [ref.value], ref.tolerance, store.dir)

describe('a stretch of days counted from a day', () => {
  it('reads the days forward from the day named, or back to it, that day inside', () => {
    const periods = (q: string) => readTask({ question: q, options: [] }).periods.map((p) => `${p.start}/${p.end}`)
    // Independent arithmetic: 1 March + 99 days = 8 June (31 + 30 + 31 days to 1 June, then 7 more).
    expect(periods('mean LST over the 100 days beginning on March 1, 2019')).toEqual(['2019-03-01/2019-06-08'])
    expect(periods('mean LST over the 100 days ending 8 June 2019')).toEqual(['2019-03-01/2019-06-08'])
    // Three weeks back to 31 August: 21 days, 11-31 August.
    expect(periods('NDVI mean for the 3 weeks up to 2019-08-31')).toEqual(['2019-08-11/2019-08-31'])
  })

  it('answers over the stretch, and refuses one whose first day is left open or whose day has no year', async () => {
    // The day's year said once, in the period the stretch restates.
    await answered(
      'Mean of the per-date mean NDVI (only NDVI from 0 to 1) over 18 July - 31 August 2019, that is the 45 days which end on 31 August',
      Q46,
      REFS_9.per2,
    )
    await answered(
      'Average of the per-date mean LST, in degrees Celsius, over the 100 days beginning on March 1, 2019 (dates without LST skipped)',
      Q46,
      REFS_10.per2,
    )
    for (const [q, part] of [
      ['What is the mean NDVI of the 30 days after 1 July 2019?', /30 days after/],
      ['mean NDVI over the 45 days ending 31 August', /45 days ending/],
    ] as const) {
      const why = plannedRefusal(q, [Q46])
      expect(why, q).not.toBeNull()
      expect(why, q).toMatch(part)
    }
  }, 120_000)
})

describe('seasons, statistics named again, QA classes and ranges', () => {
  it('compares two seasons joined by "minus" within the year named', async () => {
    await answered('TVDI of 2019, benchmark way: summer minus spring, each season being the mean of its per-date mean TVDI', Q46, REFS_10.cmp3)
  }, 180_000)

  it('reads a statistic named again in the plural', async () => {
    const got = await planExecuteAnswered(
      'Take the 75th percentile of NDVI (only NDVI values from 0 to 1 count) for every acquisition between September and December 2019, then give the least-squares slope of those percentiles over time, in NDVI per week.',
      [Q46],
      { artifacts: store.dir, provenance: true },
    )
    const slope = (got.result.observation as { slope: number }).slope
    expect(Math.abs(slope - REFS_10.ser2.value)).toBeLessThanOrEqual(REFS_10.ser2.tolerance)
  }, 120_000)

  it('reads "no cloud" as the clear pixels, and "no cloud masking" as no selection', async () => {
    await answered(
      'Landsat 13 Aug 2017: the 25th percentile of band 10 brightness temperature in °F over the pixels that have no cloud and no fill according to the BQA',
      LANDSAT,
      REFS_10.cf1,
    )
    const conditions = readTask({ question: 'mean band 10 brightness temperature of the Landsat scene, no cloud masking please', options: [] }).conditions
    expect(conditions).toEqual([])
  }, 120_000)

  it('reads "fill pixels do not count", a scene short name, and a range after the bands of an index', async () => {
    await answered(
      'Scene LC08 016037, 13 August 2017: how many band 10 pixels are colder than 55 °F in brightness temperature? Fill pixels do not count.',
      LANDSAT,
      REFS_10.unit2,
    )
    await answered(
      'Over the clear-sky pixels (BQA: no fill, no cloud) of the 2017-08-13 Landsat scene, what area in km² has a TOA NDVI (B5, B4) between 0.3 and 0.5?',
      LANDSAT,
      REFS_10.area2,
    )
  }, 120_000)
})

describe('QA bits, dashed days, two-dot ranges and the names of data', () => {
  it('selects the QA class that bits stated with their value mean', async () => {
    await answered(
      'Landsat 8 L1TP 016037, 13-08-2017: median band 10 brightness temperature in °C over the pixels whose BQA bit 0 and bit 4 are both 0',
      LANDSAT,
      REFS_7.bqa_median_bt_clear_c,
    )
    await answered('mean B10 brightness temperature in °C where the BQA bits 11-12 = 11', LANDSAT, REFS_5.cf_bt_c_high_cirrus)
  }, 120_000)

  it('reads a two-dot range of values and the benchmark data named by its question number', async () => {
    const got = await planExecuteAnswered(
      'Xinjiang q46 tiles: p75 of ndvi for each acquisition sep-dec 2019, only ndvi values 0..1, then the least-squares slope of those percentiles per week',
      [Q46],
      { artifacts: store.dir, provenance: true },
    )
    const slope = (got.result.observation as { slope: number }).slope
    expect(Math.abs(slope - REFS_10.ser2.value)).toBeLessThanOrEqual(REFS_10.ser2.tolerance)
  }, 120_000)

  it('refuses a dashed day whose order of day and month is unclear, naming it', () => {
    const why = plannedRefusal('mean NDVI on 03-04-2019', [Q46])
    expect(why).toMatch(/03-04-/)
  })
})

describe('reports on other data beside the ask', () => {
  it('sets aside a report whose threshold the ask states its own of, and one with only a count', async () => {
    await answered(
      "Last year's survey treated anything above 40 °C as extreme and counted 120 hot patches. On 28 July 2019, what area in square miles has LST above 35 °C and NDVI strictly below 0.2?",
      Q46,
      REFS_10.area3,
    )
    await answered(
      'The insurer flagged 9 frosty scenes last season. How many 2019 dates have at least 10 % of their valid LST pixels below 0 °C?',
      Q46,
      REFS_10.cnt3,
    )
  }, 180_000)

  it("still refuses a report whose threshold is in another unit than the ask's, naming it", () => {
    const why = plannedRefusal("Last year's survey treated anything above 40 °C as extreme. How many pixels on 2019-07-28 have LST above 300 K?", [Q46])
    expect(why).toMatch(/above 40 °C/)
  })
})

describe('boxes by fractions, greetings and "ignore"', () => {
  it('reads a box by fractions of the width and height, named before it and again after', async () => {
    await answered(
      'We only want the central box of the scene: the box from a quarter to three quarters of the image width and of its height. Mean TOA NDVI (bands 5 and 4) in that central box on 13 August 2017, fill excluded?',
      LANDSAT,
      REFS_10.reg4,
    )
    await answered('L8 13-08-2017: mean TOA NDVI (B5, B4) over rows and columns from 1/4 to 3/4 of the image, fill out', LANDSAT, REFS_10.reg4)
  }, 120_000)

  it('reads a greeting opening a chat message as no time of day, and "ignore" as a negation', async () => {
    const periods = readTask({ question: 'morning\nwhat is the mean NDVI on 2019-06-26?', options: [] })
    expect(periods.notUnderstood.filter((n) => n.blocking)).toEqual([])
    expect(plannedRefusal('what is the mean NDVI in the morning of 2019-06-26?', [Q46])).toMatch(/morning/)
    expect(readTask({ question: 'mean NDVI on 2019-06-26, ignore NDVI below 0', options: [] }).conditions).toMatchObject([
      { variable: 'ndvi', op: '<', value: 0, negated: true },
    ])
    // "ignore the dates with no valid LST" leaves aside what no reduction over dates counts anyway.
    const dates = readTask({ question: 'Which 2019 date had the lowest median LST? ignore the dates with no valid LST', options: [] })
    expect(dates.notUnderstood.filter((n) => n.blocking)).toEqual([])
    expect(dates.quantity.statistic).toBe('date_of_min')
    // "ignore A or B" on one variable leaves out both sides: the pixels kept lie between the bounds (session 24; it was
    // refused before, and once read as the outside).
    expect(
      readTask({
        question: 'morning\nneed the % change in mean ndvi of the northern half, 23 apr 2019 -> 26 jun 2019\nignore ndvi below 0 or above 1',
        options: [],
      }).conditions,
    ).toMatchObject([{ variable: 'ndvi', op: 'between', low: 0, high: 1 }])
  })
})

describe('regions compared: their count and their order restated', () => {
  it('reads "two quadrants" before the two named and "(NE minus SW)" in the order read', async () => {
    await answered(
      'Two quadrants to compare on the 2019-08-13 LST: what percentage of the valid pixels is above 305 K in the north-east quadrant, minus the same percentage in the south-west quadrant (NE minus SW)?',
      Q46,
      REFS_10.cmp4,
    )
  }, 120_000)

  it('refuses an order restated the other way round, naming it', () => {
    const why = plannedRefusal(
      'On 2019-08-13, the share of LST pixels above 305 K in the north-east quadrant minus that in the south-west quadrant (SW minus NE)',
      [Q46],
    )
    expect(why).toMatch(/SW minus NE/)
  })
})

describe('named spans given their dates, report lines and checklists', () => {
  it('reads a growing season given its dates, before or after them, and a figure given for comparison', async () => {
    await answered(
      'Complete the line: "TVDI (benchmark way), mean of the per-date means over the growing season (defined here as 15 April - 15 October 2019): TBD; for comparison, last year\'s value was 0.70."',
      Q46,
      REFS_10.per1,
    )
  }, 180_000)

  it("does not take a variable of the next checklist line as the statistic's", async () => {
    await answered(
      '- dates: 15 Apr - 15 Oct 2019 (our growing season)\n- index: TVDI, benchmark way\n- result: mean of the per-date means\n- dates without LST left out',
      Q46,
      REFS_10.per1,
    )
  }, 180_000)
})
