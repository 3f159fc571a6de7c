/**
 * Calendar aggregation order and the Sen / Mann-Kendall pair against an independent computation.
 *
 * Trend reference (numpy 1.24, written out by hand, not pymannkendall): y = [3, 1, 4, 1, 5, 9, 2, 6] with the index
 * as time. S = sum sign(y_j - y_i) = 11; one tie group of 2 (the 1s) so Var(S) = (8*7*21 - 2*1*9) / 18 =
 * 64.333333333333333; z = (11 - 1) / sqrt(Var) = 1.2467574523850742; p = erfc(|z| / sqrt 2) = 0.21248644570250086;
 * Sen slope = median of the 28 pairwise slopes = 0.4642857142857143 (13/28); intercept = median(y - slope * i) =
 * 2.875; tau-a = 11/28.
 */
import { describe, expect, it } from 'vitest'
import { aggregate, timeAxis, trend, type SeriesPoint } from '../../../../main/engines/raster/timeseries'

const pt = (date: string, value: number): SeriesPoint => ({ date, id: date, value, valid: 1 })

describe('timeseries.aggregate by season', () => {
  it('orders seasons chronologically (DJF, MAM, JJA, SON), with December in the next year\'s DJF', () => {
    const points = [pt('2019-01-10', 1), pt('2019-04-02', 2), pt('2019-07-20', 3), pt('2019-10-01', 6), pt('2019-12-05', 4), pt('2020-02-11', 5)]
    const out = aggregate(points, 'season', 'mean')
    // By hand: 2019-DJF {1}, 2019-MAM {2}, 2019-JJA {3}, 2019-SON {6}, 2020-DJF {4, 5} -> 4.5. A string sort would
    // have put JJA before MAM, which silently reorders an index-time trend.
    expect(out.map((p) => [p.date, p.value, p.valid])).toEqual([
      ['2019-DJF', 1, 1],
      ['2019-MAM', 2, 1],
      ['2019-JJA', 3, 1],
      ['2019-SON', 6, 1],
      ['2020-DJF', 4.5, 2],
    ])
  })

  it('places season labels on a time axis at the 15th of their centre month', () => {
    const days = timeAxis([pt('2019-DJF', 0), pt('2019-MAM', 0), pt('2019-JJA', 0)], 'days')
    // 2019-01-15 -> 2019-04-15 is 90 days, -> 2019-07-15 is 181 days.
    expect(days).toEqual([0, 90, 181])
  })
})

describe('Sen slope and Mann-Kendall', () => {
  it('matches the hand-written numpy reference, ties included', () => {
    const y = [3, 1, 4, 1, 5, 9, 2, 6]
    const r = trend(y.map((_, i) => i), y, 0.05)
    expect(r.s).toBe(11)
    expect(r.var_s).toBeCloseTo(64.333333333333333, 12)
    expect(r.z).toBeCloseTo(1.2467574523850742, 12)
    expect(r.p).toBeCloseTo(0.21248644570250086, 12)
    expect(r.slope).toBeCloseTo(0.4642857142857143, 14)
    expect(r.intercept).toBeCloseTo(2.875, 14)
    expect(r.tau).toBeCloseTo(11 / 28, 14)
    expect(r.trend).toBe(0)
  })

  it('keeps a meaningful p far in the tail (strictly increasing n = 40)', () => {
    // By hand / Python math.erfc: S = 780, Var(S) = 40*39*85/18 = 7366.666666666667, z = 779 / sqrt(Var) =
    // 9.076155922792513, p = erfc(z / sqrt 2) = 1.1247718395717954e-19 (2 * (1 - Phi(z)) rounds to 0 in doubles).
    const y = Array.from({ length: 40 }, (_, i) => i * 0.5)
    const r = trend(y.map((_, i) => i), y, 0.05)
    expect(r.z).toBeCloseTo(9.076155922792513, 12)
    expect(r.p / 1.1247718395717954e-19).toBeCloseTo(1, 10)
    expect(r.trend).toBe(1)
  })
})
