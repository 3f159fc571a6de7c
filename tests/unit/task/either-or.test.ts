/**
 * Two conditions joined by "or" (lead's own cases): below a or above b on one variable is the outside of a..b, for
 * the planner's reader and the verifier's alike; any other pair is refused (the planner) and unchecked (the
 * verifier), never applied as if both had to hold. "290 K or above" is a postfix comparator only when no number
 * follows ("below 290 K or above 320 K" is two comparisons).
 */
import { describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import { readConditions } from '../../../main/verify/question-reader/conditions'

const blocking = (q: string) => readTask({ question: q }).notUnderstood.filter((n) => n.blocking)

describe('conditions joined by "or"', () => {
  it.each([
    ['What is the mean NDVI on 2019-07-12 where LST is below 290 K or above 320 K?', 'lst', 290, 320],
    ['share of px with ndvi < 0.05 or ndvi > 0.6, 2019-06-10', 'ndvi', 0.05, 0.6],
  ])('%s keeps the outside', (q, variable, low, high) => {
    const spec = readTask({ question: q })
    expect(spec.conditions).toMatchObject([{ variable, op: 'outside', low, high }])
    expect(blocking(q)).toEqual([])
    expect(readConditions(q).asked).toMatchObject([{ variable, op: 'between', low, high, negated: true }])
  })

  it.each([
    'What is the mean NDVI in the northern half on 2019-07-12 where LST is between 300 K and 310 K or above 320 K?',
    'What percentage of the pixels on 2019-07-28 have an LST above 310 K or an NDVI below 0.1?',
    'What is the mean LST on 2019-07-12 where LST is above 320 K or below 290 K and NDVI is above 0.2?',
  ])('%s is refused naming the pair', (q) => {
    expect(blocking(q).some((n) => n.why.startsWith('either of two conditions'))).toBe(true)
  })

  it.each([
    ['mean NDVI on 2019-08-13, ignoring values below 0 or above 1', 0, 1],
    ['lst mean 2019-07-12, excluding anything above 320 K or below 290 K', 290, 320],
  ])('%s keeps what lies between the bounds: both sides are left out', (q, low, high) => {
    expect(readTask({ question: q }).conditions).toMatchObject([{ op: 'between', low, high }])
    expect(blocking(q)).toEqual([])
    const asked = readConditions(q).asked
    expect(asked).toMatchObject([{ op: 'between', low, high, inclusive: true }])
    expect(asked[0].negated).toBeUndefined()
  })

  it('"300 K or above" with no number after it is one inclusive comparison', () => {
    expect(readTask({ question: 'What share of pixels had LST of 300 K or above on 2019-07-12?' }).conditions).toMatchObject([
      { variable: 'lst', op: '>=', value: 300 },
    ])
  })
})
