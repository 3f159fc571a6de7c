import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extractSlots, extractThresholds } from '../../../main/agent/rules/slots'
import { selectSkill } from '../../../main/agent/rules/skills'
import { shared } from '../../helpers/tmp'

describe('extractThresholds', () => {
  it('reads comparisons in symbols and in words, with units and subjects', () => {
    const { thresholds } = extractThresholds('percentage of pixels with TVDI > 0.75 and LST above 315 K, NDVI below 0.2')
    expect(thresholds.map((t) => [t.subject, t.op, t.value, t.unit])).toEqual([
      ['tvdi', '>', 0.75, null],
      ['lst', '>', 315, 'K'],
      ['ndvi', '<', 0.2, null],
    ])
  })

  it('keeps an area share apart from the value threshold', () => {
    const r = extractThresholds('how many days more than 40% of the area exhibited a drought index value exceeding 0.7')
    expect(r.areaFraction).toEqual({ op: '>', value: 0.4 })
    expect(r.thresholds.map((t) => [t.op, t.value])).toEqual([['>', 0.7]])
  })

  it('does not read years or day counts as thresholds', () => {
    expect(extractThresholds('over 2019 and 2020, more than 5 days').thresholds).toEqual([])
  })
})

describe('extractSlots on Earth-Bench phrasings', () => {
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
    const s = extractSlots(byId.get(id)!.q_autonomous_planning)
    expect(s.product).toBe(product)
    expect(s.statistic).toBe(statistic)
    expect(s.periods[0].start).toBe(start)
    expect(s.periods.at(-1)!.end).toBe(end)
  })

  it('reads task 46 the same way in all three phrasings and routes it to the TVDI skill', () => {
    const r = byId.get('46')!
    for (const q of [r.q_user, r.q_autonomous_planning, r.q_instruction_following]) {
      const s = extractSlots(q)
      expect([s.product, s.statistic, s.aggregation]).toEqual(['tvdi', 'mean', 'per_date_mean'])
      expect(selectSkill(s)?.id).toBe('tvdi')
    }
  })

  it('routes most spectral tasks to a raster skill, and object counting to the counting skill', () => {
    const spectral = rows.filter((r) => /tvdi|lst|land surface temperature|ndvi/i.test(r.q_autonomous_planning))
    const routed = spectral.filter((r) => selectSkill(extractSlots(r.q_autonomous_planning)) !== null)
    expect(spectral.length).toBeGreaterThan(40)
    expect(routed.length / spectral.length).toBeGreaterThan(0.9)
    const s = extractSlots('How many ships are docked in the harbour in this image?')
    expect([s.statistic, s.objects, selectSkill(s)?.id]).toEqual(['count_objects', 'ships', 'object-counting'])
  })
})
