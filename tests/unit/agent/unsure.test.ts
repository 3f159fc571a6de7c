/**
 * The compiler's check of what the reader left unread: a phrase called context that carries a value-bearing word
 * (a negation, a region, a unit not computed, a number, a comparison between two periods, a misspelt vocabulary
 * word, an unknown acronym) is refused by name; context that bears on nothing passes. Phrasings are this test's own.
 */
import { describe, expect, it } from 'vitest'
import { unsurePhrase } from '../../../main/agent/rules/unsure'
import type { TaskSpec } from '../../../main/task/spec'

function spec(unread: string[], over: Partial<TaskSpec> = {}): TaskSpec {
  return {
    quantity: { statistic: 'mean', combine: null, across: null, significance: false },
    subjects: ['lst'], conditions: [], areaCondition: null, region: { kind: 'whole' },
    periods: [{ start: '2021-06-01', end: '2021-08-31', granularity: 'season', text: 'summer 2021' }],
    pooling: 'per_date', unit: null, answer: { form: 'number', options: [] }, used: [],
    notUnderstood: unread.map((text) => ({ text, blocking: false, why: 'context the spec does not need' })),
    ...over,
  }
}

describe('unread phrases that could change the value', () => {
  it.each([
    ['omitting', 'a negation'],
    ['bottom left corner', 'a region'],
    ['in fahrenheit', 'a unit'],
    ['the 3rd', 'a number'],
    ['farenheit', 'a unit'],
    ['the QXZ product', 'a name the reader could not place'],
  ])('refuses "%s" (%s)', (phrase, bearing) => {
    expect(unsurePhrase(spec([phrase]), 'K')).toMatchObject({ text: phrase, bearing })
  })

  it('passes context, a unit the answer is in, a year and a season the spec placed, and band mentions', () => {
    expect(unsurePhrase(spec(['for a report to the city council', 'kelvin', 'the 2021 campaign', 'summer', 'Landsat 8 band 10 and band 11']), 'K')).toBeNull()
  })

  it('a comparator word without a number compares two periods, but not one', () => {
    const two = spec(['outdo'], { periods: [{ start: '2021-01-01', end: '2021-01-31', granularity: 'month', text: 'January' }, { start: '2021-07-01', end: '2021-07-31', granularity: 'month', text: 'July' }] })
    expect(unsurePhrase({ ...two, notUnderstood: [{ text: 'exceed', blocking: false, why: '' }] }, 'K')).toMatchObject({ bearing: 'a comparison of two quantities' })
    expect(unsurePhrase(spec(['data over Lisbon']), 'K')).toBeNull()
  })

  it('a statistic word is placed when the spec computes it, refused when it does not', () => {
    expect(unsurePhrase(spec(['average']), 'K')).toBeNull()
    expect(unsurePhrase(spec(['median']), 'K')).toMatchObject({ bearing: 'a statistic' })
  })
})
