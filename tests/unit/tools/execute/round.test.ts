/**
 * math.round follows Python's round(x, digits). Expected values from CPython 3.11 round(): 0.125 -> 0.12,
 * 0.375 -> 0.38, 2.5 -> 2, -2.5 -> -2, 3.5 -> 4, 2.675 -> 2.67, -0.125 -> -0.12, 0.0625 (3) -> 0.062,
 * 0.6896852450661872 (4) -> 0.6897. JavaScript's toFixed gave 0.13, 3, -3, -0.13 and 0.063 for the ties.
 */
import { describe, expect, it } from 'vitest'
import { roundHalfEven } from '../../../../main/tools/execute/ops/round'

describe('roundHalfEven', () => {
  it.each([
    [0.125, 2, 0.12],
    [0.375, 2, 0.38],
    [2.5, 0, 2],
    [-2.5, 0, -2],
    [3.5, 0, 4],
    [2.675, 2, 2.67],
    [-0.125, 2, -0.12],
    [0.0625, 3, 0.062],
    [0.6896852450661872, 4, 0.6897],
    [1234.5678, 0, 1235],
  ])('round(%d, %d) = %d as in Python', (x, d, want) => {
    expect(roundHalfEven(x, d)).toBe(want)
  })
})
