/**
 * Families of question phrasings the rules backbone reads the same way (found by measuring the Earth-Bench phrasings,
 * written here in our own words): an area condition stated after a share ("the proportion ... surpassed 40%"), a
 * percentage relative to a statistic (not a threshold), the mean of one variable over pixels another variable
 * selects, and a change of the share of the area beyond a threshold between two periods.
 */
import { describe, expect, it } from 'vitest'
import { selectSkill } from '../../../main/agent/rules/skills'
import { extractSlots, extractThresholds } from '../../../main/agent/rules/slots'

const cond = (q: string) => {
  const r = extractThresholds(q)
  return { area: r.areaFraction, values: r.thresholds.map((t) => [t.subject, t.op, t.value]) }
}

describe('area conditions stated after the share they limit', () => {
  it.each([
    'For each date compute the proportion of pixels with TVDI values exceeding 0.7, then count how many times this proportion surpassed 40%.',
    'Count the number of days on which the share of pixels with TVDI > 0.7 was above 40%.',
    'How many images have a percentage of TVDI > 0.7 pixels greater than 40%?',
    'Count the days when more than 40% of the area had a TVDI above 0.7.',
  ])('%s', (q) => {
    expect(cond(q)).toEqual({ area: { op: '>', value: 0.4 }, values: [['tvdi', '>', 0.7]] })
    expect(extractSlots(q).statistic).toBe('count_dates')
  })

  it('does not read a percentage before any value threshold as an area condition', () => {
    expect(cond('What percentage of the area, above 40%, is dry?').area).toBeNull()
  })

  it('does not read a percentage of a mean as a threshold or an area share', () => {
    const r = cond('Count the days when water vapour exceeded 115% of the monthly mean.')
    expect(r).toEqual({ area: null, values: [] })
    expect(cond('pixels more than 10% above the average value').values).toEqual([])
  })

  it.each([
    ['Count the days when water vapour exceeded 115% of the monthly mean.', '115% of the monthly mean'],
    ['the proportion of pixels above 1.5 times the average PWV', '1.5 times the average'],
    ['high turbidity areas (NDTI > 50% of average)', '50% of average'],
  ])('keeps a relative threshold so the planner can say it has no recipe: %s', (q, text) => {
    expect(extractSlots(q).relative).toBe(text)
  })

  it('finds no relative threshold in an area condition', () => {
    expect(extractSlots('Count the days when more than 40% of the area had a TVDI above 0.7.').relative).toBeNull()
  })
})

describe('the mean of one variable over the pixels another selects', () => {
  it.each([
    ['Identify all pixels with TVDI > 0.7, then compute the mean NDVI of these pixels.', 'tvdi', 'ndvi', 'tvdi'],
    ['What is the average NDVI value within the areas where TVDI exceeds 0.7 in August 2023?', 'tvdi', 'ndvi', 'tvdi'],
    ['Compute the mean TVDI in areas where the LST exceeds 300 K.', 'tvdi', 'tvdi', 'lst'],
    ['Mean NDVI of pixels whose land surface temperature is above 310 K on July 1, 2020', 'lst', 'ndvi', 'lst'],
  ])('%s', (q, product, measured, maskSubject) => {
    const s = extractSlots(q)
    expect(s.product).toBe(product)
    expect(s.statistic).toBe('masked_mean')
    expect(s.measured).toBe(measured)
    expect(s.thresholds[0].subject).toBe(maskSubject)
  })

  it('keeps a plain share of the area a fraction, not a masked mean', () => {
    const s = extractSlots('What percentage of pixels has TVDI above 0.75 on August 13, 2022?')
    expect(s.statistic).toBe('fraction')
    expect(s.measured).toBeNull()
  })
})

describe('change of a share between two periods', () => {
  it.each([
    'Calculate the proportion of pixels with TVDI > 0.7 in June and August 2023, then the absolute difference between the two values.',
    'By how much did the percentage of the area with TVDI above 0.7 change between June 2023 and August 2023?',
  ])('%s', (q) => {
    const s = extractSlots(q)
    expect(s.statistic).toBe('change')
    expect(s.changeOf).toBe('fraction')
    expect(s.absolute).toBe(true)
    expect(s.periods.map((p) => [p.start, p.end])).toEqual([
      ['2023-06-01', '2023-06-30'],
      ['2023-08-01', '2023-08-31'],
    ])
    expect(selectSkill(s)?.id).toBe('change-between-dates')
  })

  it('keeps a change of the mean signed and of the mean', () => {
    const s = extractSlots('How did the mean LST change from July 2015 to July 2023? Give the difference.')
    expect(s.changeOf).toBe('mean')
    expect(s.absolute).toBe(false)
  })
})

describe('statistics inside masked areas compared, and conditions held together', () => {
  it.each([
    ['Compute the average LST within forested areas (NDVI > 0.7) and non-vegetated areas (NDVI < 0.2), then their temperature difference.', 'mean'],
    ['Calculate the maximum LST in forested areas (NDVI > 0.7) and in bare areas (NDVI < 0.2), then the difference between these maxima.', 'max'],
    ['The heat island index is the mean LST difference between urban pixels (LST > 305 K) and rural pixels (LST <= 300 K).', 'mean'],
    ['Quantify the absolute difference between the overall mean LST and the mean LST in regions with NDVI greater than 0.7.', 'mean'],
  ])('%s', (q, stat) => {
    const s = extractSlots(q)
    expect(s.statistic).toBe('masked_contrast')
    expect(s.maskStat).toBe(stat)
  })

  it('does not read a change over two periods, or one masked mean, as a contrast', () => {
    expect(extractSlots('Difference of mean LST where NDVI > 0.7 between June 2020 and June 2021').statistic).toBe('change')
    expect(extractSlots('Compute the mean TVDI in areas where the LST exceeds 300 K.').statistic).toBe('masked_mean')
  })

  it('reads "both" and "simultaneously" as joint conditions on different variables only', () => {
    expect(extractSlots('proportion of pixels meeting both conditions: LST > 290 K and NDVI > 0.6').joint).toBe(true)
    expect(extractSlots('share of pixels where LST exceeds 290 K and NDVI exceeds 0.6 simultaneously').joint).toBe(true)
    expect(extractSlots('share of pixels with LST above 290 K and the share with NDVI above 0.6').joint).toBe(false)
    expect(extractSlots('both the share with TVDI > 0.4 and with TVDI > 0.7').joint).toBe(false)
  })

  it('compares an index threshold with the index itself, not with the word "index"', () => {
    expect(extractSlots('What percentage of the area has NDSI greater than 0.3, and what does the mean tell us?').statistic).toBe('fraction')
    const self = extractSlots('What is the average NDSI where NDSI is greater than 0.3 over the region in 2022?')
    expect([self.statistic, self.measured]).toEqual(['masked_mean', 'ndsi'])
  })
})

describe('differences asked with and without a direction', () => {
  it.each([
    ['Calculate the average LST for summer and autumn, and determine the mean difference.', true],
    ['What is the difference in mean NDVI between June and August 2021?', true],
    ['By how much did the mean NDVI change between June and August 2021?', false],
    ['Did LST increase or decrease between 2015 and 2023, and what is the difference?', false],
  ])('%s', (q, unsigned) => {
    expect(extractSlots(q).unsigned).toBe(unsigned)
  })

  it('reads two shares of one variable bounded from opposite sides as a contrast of shares', () => {
    const q = 'Define the hot zone as LST > 310 K and the cool zone as LST < 295 K; calculate the proportion of pixels in each and the difference between them.'
    expect(extractSlots(q)).toMatchObject({ statistic: 'fraction', shareContrast: true, joint: false })
    expect(extractSlots('What proportion of pixels has LST above 310 K on July 15, 2022?').shareContrast).toBe(false)
  })
})

