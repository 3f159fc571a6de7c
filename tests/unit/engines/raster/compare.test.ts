/** The one comparison of the DAG's comparison ops (engines/raster/compare.ts): thresholds and inclusive / exclusive ranges. */
import { describe, expect, it } from 'vitest'
import { compare, type ComparisonOp } from '../../../../main/engines/raster/compare'

describe('compare', () => {
  // Values 1..5 against 3 and the range [2, 4], written out by hand.
  const cases: [ComparisonOp, number[]][] = [
    ['>', [4, 5]],
    ['>=', [3, 4, 5]],
    ['<', [1, 2]],
    ['<=', [1, 2, 3]],
    ['between', [2, 3, 4]],
    ['outside', [1, 5]],
  ]
  for (const [op, expected] of cases) {
    it(`${op} keeps ${expected.join(', ')}`, () => {
      expect([1, 2, 3, 4, 5].filter((v) => compare(op, v, { value: 3, low: 2, high: 4 }))).toEqual(expected)
    })
  }
  it('NaN meets no comparison', () => {
    for (const [op] of cases) expect(compare(op, NaN, { value: 3, low: 2, high: 4 })).toBe(false)
  })
})
