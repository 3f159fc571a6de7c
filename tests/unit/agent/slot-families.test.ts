/**
 * Families of question phrasings the rules backbone reads the same way (found by measuring the Earth-Bench phrasings,
 * written here in our own words): an area condition stated after a share ("the proportion ... surpassed 40%"), a
 * percentage relative to a statistic (not a threshold), the mean of one variable over pixels another variable
 * selects, and a change of the share of the area beyond a threshold between two periods.
 */
import { describe, expect, it } from 'vitest'
import { selectSkill } from '../../../main/agent/llm/rules/skills'
import { extractSlots, extractThresholds } from '../../../main/agent/llm/rules/slots'

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
