/**
 * Classes of misreading fixed in the lexicon and span parser (issue 15), each on phrasings written for this test
 * (not Earth-Bench's): the expected readings are what the English says, worked out by hand, never taken from the
 * reader. And the coverage ledger: a phrase that could change the value and that no span placed stops the run with
 * the phrase named; brightness temperature is not land surface temperature; a stated band order reaches the spec.
 */
import { describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import { refusalOf, unreadSentence, type TaskSpec } from '../../../main/task/spec'

const read = (question: string): TaskSpec => readTask({ question })
const periods = (s: TaskSpec) => s.periods.map((p) => `${p.start}/${p.end}`)
const blocking = (s: TaskSpec) => s.notUnderstood.filter((n) => n.blocking).map((n) => n.text.toLowerCase())

describe('reader classes', () => {
  it('the date of an extreme, and its value when the question asks to report it', () => {
    expect(read('In July 2022, on which day was the mean NDWI highest?').quantity.statistic).toBe('date_of_max')
    expect(read('Find the day with the highest mean NDWI in July 2022.').quantity.statistic).toBe('date_of_max')
    expect(read('Give the date of the lowest mean surface temperature between January 1 and March 30, 2025.').quantity.statistic).toBe('date_of_min')
    // The date is a step; the value asked is the extreme itself.
    expect(
      read(
        'From January to June 2021, identify the date with the greatest percentage increase in vegetation coverage, and report the corresponding percentage value.',
      ).quantity.statistic,
    ).toBe('max')
  })

  it('"between A and B" is the stretch from A to B, unless the question compares A with B', () => {
    expect(periods(read('Compare the annual mean NDSI between 2020 and 2022.'))).toEqual(['2020-01-01/2020-12-31', '2022-01-01/2022-12-31'])
    expect(periods(read('What is the difference in mean LST between 2015 and 2023?'))).toEqual(['2015-01-01/2015-12-31', '2023-01-01/2023-12-31'])
    expect(periods(read('What is the mean NDVI between 2015 and 2018?'))).toEqual(['2015-01-01/2018-12-31'])
    // Two years compared inside the record's stretch are the periods; the stretch is only the record.
    expect(periods(read('Using the built volume files from 1980 to 2010, compute the percentage change in mean built volume between 1990 and 2000.'))).toEqual([
      '1990-01-01/1990-12-31',
      '2000-01-01/2000-12-31',
    ])
    // A trend runs over the stretch even when "change" is said.
    expect(periods(read('What is the linear trend of the change in mean LST between 2015 and 2020?'))).toEqual(['2015-01-01/2020-12-31'])
  })

  it('two periods compared inside a longer record: years, months or a ratio; no statistic named means the image means', () => {
    // Months compared inside a month-range record; the record is restated, not a period and not an unread phrase.
    const months = read('Using the LST record of 2019 from March to September, compute the percentage change in LST between April 2019 and August 2019.')
    expect(periods(months)).toEqual(['2019-04-01/2019-04-30', '2019-08-01/2019-08-31'])
    expect(months.notUnderstood.filter((n) => n.blocking || /march|september|2019/i.test(n.text))).toEqual([])
    expect(months.quantity).toMatchObject({ statistic: 'mean', combine: 'percent_change', across: 'periods' })
    // A ratio compares as a change does; the years stay the sides, the stretch is the record.
    const ratio = read('Using built_volume_total of Lyon from 1980 to 2010, what is the ratio of the building volume in 2000 to that in 1990?')
    expect(periods(ratio)).toEqual(['2000-01-01/2000-12-31', '1990-01-01/1990-12-31'])
    expect(ratio.quantity).toMatchObject({ statistic: 'mean', combine: 'ratio', across: 'periods' })
    // A change "in 2019 from March to September" compares the two months; "the 2019 record from March to September" is one range.
    expect(periods(read('How much did the mean LST change in 2019 from March to September?'))).toEqual(['2019-03-01/2019-03-31', '2019-09-01/2019-09-30'])
    expect(periods(read('What is the mean LST of the 2019 record from March to September?'))).toEqual(['2019-03-01/2019-09-30'])
    // A change of a share is not read as a change of the mean: the statistic stays unnamed when a share word is there.
    expect(read('Compare the water body percentages of July 2012 and July 2022 and give the difference.').quantity.statistic).not.toBe('mean')
  })

  it('day-first ranges, the same month or day in two years written with "in", bracketed months after two years', () => {
    expect(periods(read('What is the mean NDVI between 14 September and 19 December 2021?'))).toEqual(['2021-09-14/2021-12-19'])
    expect(periods(read('What is the difference between the mean LST of July in 2015 and 2023?'))).toEqual(['2015-07-01/2015-07-31', '2023-07-01/2023-07-31'])
    expect(periods(read('What is the difference between the mean LST of July 5th in 2015 and 2023?'))).toEqual([
      '2015-07-05/2015-07-05',
      '2023-07-05/2023-07-05',
    ])
    expect(periods(read('Compare mean night-time light between 2014 and 2019 (October-December periods).'))).toEqual([
      '2014-10-01/2014-12-31',
      '2019-10-01/2019-12-31',
    ])
  })

  it('ISO dates with one-digit months, a minus typed as an en dash, restated years counted as read', () => {
    expect(periods(read('What is the mean NDVI from 2025-01-01 to 2025-3-30?'))).toEqual(['2025-01-01/2025-03-30'])
    const nbr = read('What share of pixels had NBR less than –0.3 on 2020-01-05?')
    expect(nbr.conditions.map((c) => [c.variable, c.op, c.value])).toEqual([['nbr', '<', -0.3]])
    const restated = read('What is the mean NDVI from 2018-08-01 to 2018-08-31? Use the 2018 images.')
    expect(periods(restated)).toEqual(['2018-08-01/2018-08-31'])
    expect(restated.notUnderstood.map((n) => n.text)).not.toContain('2018')
  })

  it('a season the spec has no field for takes its year with it: no period, refused naming it', () => {
    const s = read('What is the mean NBR in Cape Town during the dry season 2024?')
    expect(s.periods).toEqual([])
    expect(blocking(s).some((t) => t.includes('dry season'))).toBe(true)
  })

  it('the subject is what the statistic is about, not the inputs of a derived variable or the phenomenon an index measures', () => {
    expect(read('Using NDVI and LST data, calculate TVDI and the percentage of the area with dryness values above 0.75.').subjects[0]).toBe('tvdi')
    expect(
      read('Using NDVI and LST data, calculate TVDI and the percentage of the area with dryness values above 0.75.').conditions.map((c) => c.variable),
    ).toEqual(['tvdi'])
    expect(
      read(
        'Using red and NIR bands, calculate NDVI, estimate LST, compute the mean LST for each image and the linear trend of the annual averages from 2018 to 2022.',
      ).subjects[0],
    ).toBe('lst')
    expect(read('Evaluate the 2022 snow cover changes using the mean NDSI.').subjects[0]).toBe('ndsi')
    // A statistic naming an input keeps it as the subject.
    expect(read('Using NDVI and LST, compute TVDI, then report the mean NDVI where TVDI > 0.5 in 2019.').subjects[0]).toBe('ndvi')
  })

  it('Q1 and Q3 are quarters of the year, "the upper quartile" a percentile; the greatest is a maximum', () => {
    const q = read('What is the difference between the mean NDVI of Q1 and Q3 2021?')
    expect(q.quantity.statistic).toBe('mean')
    expect(periods(q)).toEqual(['2021-01-01/2021-03-31', '2021-07-01/2021-09-30'])
    const p = read('What is the upper quartile of NDVI in 2019?')
    expect([p.quantity.statistic, p.quantity.percentile]).toEqual(['percentile', 75])
    expect(read('What was the greatest NDVI during summer 2021?').quantity.statistic).toBe('max')
  })

  it('a ranking is not a maximum; a label set is not the thing counted; per unit area is not an area', () => {
    expect(read('Detect the tennis courts and rank them from largest to smallest by footprint.').quantity.statistic).toBeNull()
    const labels = read('Every image belongs to {Airport, Bridge, Forest, Pond, River}; determine the number of images captured in pond areas.')
    expect(labels.subjects[0]).toBe('pond')
    expect(read('Derive the turbidity per unit area (per km²) of the lake on 2022-09-01.').quantity.statistic).not.toBe('area')
  })
})

describe('the coverage ledger says what it did not understand', () => {
  it('brightness temperature is its own variable, never land surface temperature', () => {
    const bt = read('What is the mean brightness temperature of the scene on 2019-07-01?')
    expect(bt.subjects[0]).toBe('bt')
    expect(bt.subjects).not.toContain('lst')
    const cond = read('What share of pixels had a brightness temperature above 300 K on 2019-07-01?')
    expect(cond.conditions.map((c) => c.variable)).toEqual(['bt'])
    expect(read('What is the mean land surface temperature on 2019-07-01?').subjects[0]).toBe('lst')
  })

  it('a band order stated in the question reaches the spec, as roles in file order, and the planner must carry it', () => {
    const s = read('What is the mean NDVI of rgbn.tif? The bands are R,G,B,NIR.')
    expect(s.bands?.roles).toEqual(['R', 'G', 'B', 'N'])
    expect(refusalOf(s)).toContain('The bands are R,G,B,NIR')
    expect(refusalOf(s, ['band_order'])).toBeNull()
    expect(read('Compute the mean NDVI; band order: blue, green, red, near infrared.').bands?.roles).toEqual(['B', 'G', 'R', 'N'])
    expect(read('What is the mean NDVI of rgbn.tif?').bands).toBeUndefined()
  })

  it('a band order it cannot read is refused, naming it', () => {
    const s = read('What is the mean NDVI of rgbn.tif? Band order is 3-2-1-4.')
    expect(s.bands).toBeUndefined()
    expect(blocking(s).some((t) => t.includes('band order is 3-2-1-4'))).toBe(true)
    expect(refusalOf(s)).toContain('Band order is 3-2-1-4')
  })

  it('processing steps the spec has no field for are refused, naming them; in a context clause they are not', () => {
    expect(blocking(read('What is the mean NDVI in 2019 after removing outliers?'))).toContain('outliers')
    expect(blocking(read('What is the mean NDVI in 2019, smoothed with a 3x3 filter?'))).toContain('smoothed')
    expect(blocking(read('What is the mean NDVI in 2019 within a 500 m buffer of the river?')).length).toBeGreaterThan(0)
    expect(blocking(read('What is the mean NDVI over irrigated fields in 2019?'))).toContain('irrigated fields')
    const memo = read('For a memo on smoothing methods, what is the mean NDVI in 2019?')
    expect(blocking(memo)).toEqual([])
    expect(memo.quantity.statistic).toBe('mean')
  })

  it('thresholds relative to a statistic, unplaced ranges, breakdowns into classes and parts of a month are refused, named', () => {
    expect(blocking(read('How many days in June 2021 had a mean LST exceeding the overall monthly mean by more than 10%?')).join(' ')).toContain(
      'mean by more than 10%',
    )
    expect(blocking(read('What share of pixels are 50% higher than the average NDVI on 2022-07-01?')).join(' ')).toContain('50% higher than the average')
    expect(blocking(read('What share of the area has NDSI > mean + 10% on 2019-02-01?')).join(' ')).toContain('mean + 10%')
    const zones = read(
      'On 2021-08-05, classify LST into low (< 295 K), medium (295–305 K) and high (> 305 K) zones and give the percentage of pixels in each zone.',
    )
    expect(blocking(zones)).toContain('295–305 k')
    expect(blocking(zones).some((t) => t.includes('in each zone'))).toBe(true)
    expect(blocking(read('What is the difference between the mean LST of early June and late June 2021?'))).toEqual(['early june', 'late june 2021'])
  })

  it('a named retrieval method or trend estimator is read into the spec', () => {
    const s = read('Estimate LST with the split-window algorithm from bands 31 and 32 and give the Theil-Sen trend of the annual mean LST from 2015 to 2020.')
    expect(s.methods).toEqual(['split_window', 'sen'])
    expect(s.notUnderstood.map((n) => n.text.toLowerCase()).join(' ')).not.toContain('split-window')
    expect(read('What is the mean LST in 2019?').methods).toBeUndefined()
  })

  it('words read as context are listed plainly, not dropped', () => {
    expect(unreadSentence(read('What is the mean NDVI of the orchard plots in 2019?'))).toBe('Words not used in reading the question: "orchard plots".')
    // A file named is read (the compiler checks it is among the files given), not listed as context.
    expect(unreadSentence(read('What is the mean NDVI of rgbn.tif in 2019?'))).toBeNull()
    expect(unreadSentence(read('What is the mean NDVI in 2019?'))).toBeNull()
  })

  it('the time of day reaches the spec when one is named; both named leaves it open', () => {
    expect(read('What is the mean night-time LST in July 2019?').timeOfDay).toBe('night')
    expect(read('What is the mean daytime LST in July 2019?').timeOfDay).toBe('day')
    expect(read('Using daytime and nighttime LST, what is the mean LST in July 2019?').timeOfDay).toBeUndefined()
    expect(read('What is the mean LST in July 2019?').timeOfDay).toBeUndefined()
  })
})
