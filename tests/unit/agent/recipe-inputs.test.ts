/**
 * The recipes' view of the task spec (main/agent/rules/recipe-inputs.ts): the questions the deleted slot reader was
 * tested on, now read once by main/task and seen by the recipes through the view. Families (found by measuring the
 * Earth-Bench phrasings, written here in our own words): thresholds in symbols and words, an area condition stated
 * before or after the share it limits, the mean of one variable over the pixels another selects, a change of a share
 * between two periods, statistics inside two selections compared, conditions held together, differences with and
 * without a direction, and the routing of Earth-Bench tasks to the recipes.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { recipeInputs } from '../../../main/agent/rules/recipe-inputs'
import { selectSkill } from '../../../main/agent/rules/skills'
import { readTask } from '../../../main/task/read-task'
import { shared } from '../../helpers/tmp'

const view = (q: string, options = []) => recipeInputs(readTask({ question: q, options }))
const cond = (q: string) => {
  const v = view(q)
  return { area: v.areaFraction, values: v.thresholds.map((t) => [t.subject, t.op, t.value]) }
}

describe('value thresholds', () => {
  it('reads comparisons in symbols and in words, with units and subjects', () => {
    const { thresholds } = view('percentage of pixels with TVDI > 0.75 and LST above 315 K, NDVI below 0.2')
    expect(thresholds.map((t) => [t.subject, t.op, t.value, t.unit])).toEqual([
      ['tvdi', '>', 0.75, null],
      ['lst', '>', 315, 'K'],
      ['ndvi', '<', 0.2, null],
    ])
  })

  it('keeps an area share apart from the value threshold', () => {
    const r = view('how many days more than 40% of the area exhibited a drought index value exceeding 0.7')
    expect(r.areaFraction).toEqual({ op: '>', value: 0.4 })
    expect(r.thresholds.map((t) => [t.op, t.value])).toEqual([['>', 0.7]])
  })

  it('does not read years or day counts as thresholds', () => {
    expect(view('over 2019 and 2020, more than 5 days').thresholds).toEqual([])
  })
})

describe('area conditions stated after the share they limit', () => {
  it.each([
    'For each date compute the proportion of pixels with TVDI values exceeding 0.7, then count how many times this proportion surpassed 40%.',
    'Count the number of days on which the share of pixels with TVDI > 0.7 was above 40%.',
    'How many images have a percentage of TVDI > 0.7 pixels greater than 40%?',
    'Count the days when more than 40% of the area had a TVDI above 0.7.',
  ])('%s', (q) => {
    expect(cond(q)).toEqual({ area: { op: '>', value: 0.4 }, values: [['tvdi', '>', 0.7]] })
    expect(view(q).statistic).toBe('count_dates')
  })

  it('does not read a percentage before any value threshold as an area condition', () => {
    expect(cond('What percentage of the area, above 40%, is dry?').area).toBeNull()
  })

  it('does not read a percentage of a mean as a threshold or an area share', () => {
    const r = cond('Count the days when water vapour exceeded 115% of the monthly mean.')
    expect(r).toEqual({ area: null, values: [] })
    expect(cond('pixels more than 10% above the average value').values).toEqual([])
  })

  // The slot reader kept these for the recipes to refuse; the spec's reader refuses them itself, naming the phrase.
  it.each([
    ['Count the days when water vapour exceeded 115% of the monthly mean.', '115% of the monthly'],
    ['the proportion of pixels above 1.5 times the average PWV', '1.5 times the average'],
    ['high turbidity areas (NDTI > 50% of average)', '50% of'],
  ])('refuses a threshold relative to a statistic, naming it: %s', (q, text) => {
    const spec = readTask({ question: q, options: [] })
    expect(spec.notUnderstood.filter((n) => n.blocking).map((n) => n.text)).toEqual([expect.stringContaining(text)])
  })

  it('finds no relative threshold in an area condition', () => {
    const spec = readTask({ question: 'Count the days when more than 40% of the area had a TVDI above 0.7.', options: [] })
    expect(spec.notUnderstood.filter((n) => n.blocking)).toEqual([])
  })
})

describe('the mean of one variable over the pixels another selects', () => {
  it.each([
    ['Identify all pixels with TVDI > 0.7, then compute the mean NDVI of these pixels.', 'tvdi', 'ndvi', 'tvdi'],
    ['What is the average NDVI value within the areas where TVDI exceeds 0.7 in August 2023?', 'tvdi', 'ndvi', 'tvdi'],
    ['Compute the mean TVDI in areas where the LST exceeds 300 K.', 'tvdi', 'tvdi', 'lst'],
    ['Mean NDVI of pixels whose land surface temperature is above 310 K on July 1, 2020', 'lst', 'ndvi', 'lst'],
  ])('%s', (q, product, measured, maskSubject) => {
    const s = view(q)
    expect(s.product).toBe(product)
    expect(s.statistic).toBe('masked_mean')
    expect(s.measured).toBe(measured)
    expect(s.thresholds[0].subject).toBe(maskSubject)
  })

  it('keeps a plain share of the area a fraction, not a masked mean', () => {
    const s = view('What percentage of pixels has TVDI above 0.75 on August 13, 2022?')
    expect(s.statistic).toBe('fraction')
    expect(s.measured).toBeNull()
  })
})

describe('change of a share between two periods', () => {
  it.each([
    'Calculate the proportion of pixels with TVDI > 0.7 in June and August 2023, then the absolute difference between the two values.',
    'By how much did the percentage of the area with TVDI above 0.7 change between June 2023 and August 2023?',
  ])('%s', (q) => {
    const s = view(q)
    expect(s.statistic).toBe('change')
    expect(s.changeOf).toBe('fraction')
    expect(s.magnitude).toBe(true)
    expect(s.periods.map((p) => [p.start, p.end])).toEqual([
      ['2023-06-01', '2023-06-30'],
      ['2023-08-01', '2023-08-31'],
    ])
    expect(selectSkill(s)?.id).toBe('change-between-dates')
  })

  it('keeps a change of the mean signed and of the mean', () => {
    const s = view('How did the mean LST change from July 2015 to July 2023? Give the difference.')
    expect(s.changeOf).toBe('mean')
    expect(s.magnitude).toBe(false)
  })
})

describe('statistics inside masked areas compared, and conditions held together', () => {
  it.each([
    ['Compute the average LST within forested areas (NDVI > 0.7) and non-vegetated areas (NDVI < 0.2), then their temperature difference.', 'mean'],
    ['Calculate the maximum LST in forested areas (NDVI > 0.7) and in bare areas (NDVI < 0.2), then the difference between these maxima.', 'max'],
    ['The heat island index is the mean LST difference between urban pixels (LST > 305 K) and rural pixels (LST <= 300 K).', 'mean'],
    ['Quantify the absolute difference between the overall mean LST and the mean LST in regions with NDVI greater than 0.7.', 'mean'],
  ])('%s', (q, stat) => {
    const s = view(q)
    expect(s.statistic).toBe('masked_contrast')
    expect(s.maskStat).toBe(stat)
  })

  it('does not read a change over two periods, or one masked mean, as a contrast', () => {
    expect(view('Difference of mean LST where NDVI > 0.7 between June 2020 and June 2021').statistic).toBe('change')
    expect(view('Compute the mean TVDI in areas where the LST exceeds 300 K.').statistic).toBe('masked_mean')
  })

  it('reads conditions on different variables as holding jointly (the spec conditions are a conjunction)', () => {
    expect(view('proportion of pixels meeting both conditions: LST > 290 K and NDVI > 0.6').joint).toBe(true)
    expect(view('share of pixels where LST exceeds 290 K and NDVI exceeds 0.6 simultaneously').joint).toBe(true)
    expect(view('both the share with TVDI > 0.4 and with TVDI > 0.7').joint).toBe(false)
  })

  it('compares an index threshold with the index itself, not with the word "index"', () => {
    expect(view('What percentage of the area has NDSI greater than 0.3, and what does the mean tell us?').statistic).toBe('fraction')
    const self = view('What is the average NDSI where NDSI is greater than 0.3 over the region in 2022?')
    expect([self.statistic, self.measured]).toEqual(['masked_mean', 'ndsi'])
  })
})

describe('differences asked as sizes', () => {
  it('answers a difference as a size when asked as absolute or when every option states a size', () => {
    expect(view('What is the absolute difference in mean NDVI between June 2021 and August 2021?').magnitude).toBe(true)
    const sizes = recipeInputs(
      readTask({
        question: 'What is the difference in mean NDVI between June 2021 and August 2021?',
        options: [
          { letter: 'A', text: '0.05' },
          { letter: 'B', text: '0.10' },
        ],
      }),
    )
    expect(sizes.magnitude).toBe(true)
    expect(view('What is the difference in mean NDVI between June 2021 and August 2021?').magnitude).toBe(false)
  })

  it('reads two shares of one variable bounded from opposite sides as a contrast of shares', () => {
    const q = 'Define the hot zone as LST > 310 K and the cool zone as LST < 295 K; calculate the proportion of pixels in each and the difference between them.'
    expect(view(q)).toMatchObject({ statistic: 'fraction', shareContrast: true, joint: false })
    expect(view('What proportion of pixels has LST above 310 K on July 15, 2022?').shareContrast).toBe(false)
  })
})

describe('the recipes on Earth-Bench phrasings', () => {
  const rows = fs
    .readFileSync(shared('benchmarks', 'earthbench-tasks.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; q_user: string; q_autonomous_planning: string; q_instruction_following: string })
  const byId = new Map(rows.map((r) => [r.id, r]))

  it.each([
    ['46', 'tvdi', 'mean', '2019-01-01', '2019-12-31'],
    ['2', 'tvdi', 'fraction', '2022-07-12', '2022-07-12'],
    ['5', 'tvdi', 'count_dates', '2021-05-01', '2021-10-31'],
    ['47', 'tvdi', 'masked_mean', '2022-07-12', '2022-07-12'],
    ['48', 'tvdi', 'trend', '2023-06-01', '2023-09-30'],
    ['13', 'lst', 'trend', '2014-01-01', '2023-12-31'],
    ['15', 'lst', 'argmax_date', '2022-05-01', '2022-05-31'],
    ['11', 'lst', 'fraction', '2022-08-10', '2022-08-10'],
    ['38', 'lst', 'change', '2020-06-01', '2021-06-30'],
    ['18', 'pwv', 'trend', '2018-01-01', '2022-12-31'],
  ])('task %s (autonomous planning phrasing): %s / %s over %s..%s', (id, product, statistic, start, end) => {
    const s = view(byId.get(id)!.q_autonomous_planning)
    expect(s.product).toBe(product)
    expect(s.statistic).toBe(statistic)
    expect(s.periods[0].start).toBe(start)
    expect(s.periods.at(-1)!.end).toBe(end)
  })

  it('reads task 46 the same way in all three phrasings and routes it to the TVDI skill', () => {
    const r = byId.get('46')!
    for (const q of [r.q_user, r.q_autonomous_planning, r.q_instruction_following]) {
      const s = view(q)
      expect([s.product, s.statistic, s.aggregation]).toEqual(['tvdi', 'mean', 'per_date'])
      expect(selectSkill(s)?.id).toBe('tvdi')
    }
  })

  it('gives every spectral task a product, and a recipe or the part no recipe honours; object counting to the counting skill', () => {
    const spectral = rows.filter((r) => /tvdi|lst|land surface temperature|ndvi/i.test(r.q_autonomous_planning))
    const views = spectral.map((r) => view(r.q_autonomous_planning))
    expect(spectral.length).toBeGreaterThan(40)
    expect(views.filter((s) => s.product !== null).length / spectral.length).toBeGreaterThan(0.9)
    // A recipe plans it, or the view says which part (an overpass, a band order, a series) no recipe would honour.
    const accounted = views.filter((s) => selectSkill(s) !== null || s.unhonoured.length > 0 || s.statistic === null)
    expect(accounted.length).toBe(spectral.length)
    const s = view('How many ships are docked in the harbour in this image?')
    expect([s.statistic, s.objects, selectSkill(s)?.id]).toEqual(['count_objects', 'ship', 'object-counting'])
  })
})
