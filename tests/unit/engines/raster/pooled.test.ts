/**
 * Pooled statistics (engines/raster/pooled.ts): the items' partials, combined over histogram passes, give the
 * percentile a full sort of every item's valid values gives (numpy 'linear', computed here by a plain sort and
 * numpy's formula, not by the engine's stats.ts), to the bit; the std is the population std of the concatenation.
 */
import { describe, expect, it } from 'vitest'
import {
  combinePartials,
  firstPass,
  momentStat,
  PooledSelection,
  PoolAccumulator,
  type PoolPartial,
  type PoolSinkSpec,
} from '../../../../main/engines/raster/pooled'
import { seededRandom } from '../../../helpers/seeded-random'

const rng = seededRandom

/** numpy.percentile(values, p) ('linear'), by a full sort of the valid values. */
function numpyPercentile(items: Float64Array[], p: number): number {
  const all: number[] = []
  for (const it of items) for (const v of it) if (!Number.isNaN(v)) all.push(v)
  all.sort((x, y) => x - y)
  const h = ((all.length - 1) * p) / 100
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, all.length - 1)
  return all[lo] + (h - lo) * (all[hi] - all[lo])
}

function populationStd(items: Float64Array[]): number {
  const all = items.flatMap((it) => [...it].filter((v) => !Number.isNaN(v)))
  const mean = all.reduce((a, b) => a + b, 0) / all.length
  return Math.sqrt(all.reduce((a, v) => a + (v - mean) * (v - mean), 0) / all.length)
}

/** Each item's partial for a spec, fed in strips of `strip` values (as the strip evaluator feeds a sink). */
function partials(items: Float64Array[], spec: PoolSinkSpec, strip: number): PoolPartial[] {
  return items.map((data) => {
    const acc = new PoolAccumulator(spec)
    for (let i = 0; i < data.length; i += strip) acc.add(data.slice(i, i + strip))
    return acc.result()
  })
}

/** The pooled statistic over items, with the passes it took. */
function pooled(items: Float64Array[], stat: string, strip = 997): { value: number; passes: number } {
  const spec: PoolSinkSpec = { kind: 'pool', stat, min_valid: 1, pass: firstPass(stat) }
  const first = combinePartials(partials(items, spec, strip))
  if (spec.pass === null) return { value: momentStat(first, stat), passes: 0 }
  const sel = new PooledSelection(first.count, stat === 'median' ? 50 : Number(stat.slice(1)))
  let next = sel.feed(first.bins!)
  while (next) next = sel.feed(combinePartials(partials(items, { ...spec, pass: next }, strip)).bins!)
  return { value: sel.value(), passes: sel.passes }
}

describe('pooled percentiles are exact', () => {
  it('continuous values of three items with NaNs, negatives and different sizes: every percentile equals a full sort', () => {
    const r = rng(1)
    const items = [3001, 17, 12000].map((n, k) => Float64Array.from({ length: n }, () => (r() < 0.2 ? NaN : (r() - 0.3) * 10 ** (k + 1))))
    for (const p of [0, 1, 10, 25, 37.5, 50, 62.2, 90, 99, 100]) {
      const stat = p === 50 ? 'median' : `p${p}`
      expect(pooled(items, stat).value, stat).toBe(numpyPercentile(items, p))
    }
  })

  it('scaled integer samples (DN * 0.02 K, heavy ties) take two passes', () => {
    const r = rng(2)
    const items = [0, 1].map(() => Float64Array.from({ length: 50000 }, () => (r() < 0.1 ? NaN : Math.floor(14000 + r() * 2000) * 0.02)))
    for (const p of [50, 90, 3.3]) {
      const got = pooled(items, p === 50 ? 'median' : `p${p}`)
      expect(got.value).toBe(numpyPercentile(items, p))
      expect(got.passes).toBeLessThanOrEqual(2)
    }
  })

  it('values that differ only in their last mantissa bits take all four digits', () => {
    // 1 + k ulp: the first three 16-bit digits of the key are equal, the last tells them apart.
    const ulp = 2 ** -52
    const items = [Float64Array.from({ length: 4001 }, (_, k) => 1 + ((k * 7919) % 4001) * ulp), Float64Array.from({ length: 10 }, (_, k) => 1 + k * 3 * ulp)]
    for (const p of [50, 33, 71.1]) {
      const got = pooled(items, p === 50 ? 'median' : `p${p}`)
      expect(got.value).toBe(numpyPercentile(items, p))
    }
    expect(pooled(items, 'p33').passes).toBe(4)
    // The same below zero (the key flips every bit of a negative value), and both signs together.
    const negative = items.map((it) => it.map((v) => -v))
    for (const p of [50, 33, 71.1]) expect(pooled(negative, `p${p}`).value).toBe(numpyPercentile(negative, p))
    const both = [...items, ...negative]
    for (const p of [20, 50, 80]) expect(pooled(both, `p${p}`).value).toBe(numpyPercentile(both, p))
  })

  it('zero, negative zero, one value, two values, and items with no valid pixel', () => {
    const nan = Float64Array.of(NaN, NaN)
    const cases: Float64Array[][] = [
      [Float64Array.of(0, -0, 0, -0, -1, 1), nan],
      [Float64Array.of(5), nan],
      [Float64Array.of(2), Float64Array.of(-3)],
      [Float64Array.of(-1e300, 1e300, -5e-324, 5e-324, 0)],
    ]
    for (const items of cases)
      for (const p of [0, 25, 50, 75, 100]) expect(pooled(items, p === 50 ? 'median' : `p${p}`, 2).value).toBe(numpyPercentile(items, p))
  })

  it('strips do not change the value', () => {
    const r = rng(3)
    const items = [Float64Array.from({ length: 9999 }, () => r() * 100), Float64Array.from({ length: 5000 }, () => r() * 50)]
    const want = numpyPercentile(items, 90)
    for (const strip of [1, 64, 10_000]) expect(pooled(items, 'p90', strip).value).toBe(want)
  })

  it('the median of several items is not the mean of the items’ medians (what pooling changes)', () => {
    const items = [Float64Array.of(1, 2, 3), Float64Array.of(10, 20, 30, 40, 50, 60, 70)]
    // 1 2 3 10 20 | 30 40 50 60 70: (20 + 30) / 2; the mean of the medians 2 and 40 would be 21.
    expect(pooled(items, 'median').value).toBe(25)
  })
})

describe('pooled moments', () => {
  it('std and variance of the concatenation, per-item moments combined (no cancellation at 300 K)', () => {
    const r = rng(4)
    const items = [1000, 1, 7777].map((n) => Float64Array.from({ length: n }, () => (r() < 0.1 ? NaN : 300 + (r() - 0.5) * 1e-4)))
    const want = populationStd(items)
    expect(Math.abs(pooled(items, 'std').value - want) / want).toBeLessThan(1e-9)
    expect(Math.abs(pooled(items, 'variance').value - want * want) / (want * want)).toBeLessThan(1e-9)
  })

  it('std of items with different means: the spread between the items counts (Chan’s cross term)', () => {
    const r = rng(5)
    const items = [Float64Array.from({ length: 1000 }, () => r()), Float64Array.from({ length: 3000 }, () => 100 + r()), Float64Array.of(NaN, 50)]
    const want = populationStd(items)
    expect(Math.abs(pooled(items, 'std').value - want) / want).toBeLessThan(1e-9)
  })

  it('count, sum, mean, min and max over every item', () => {
    const items = [Float64Array.of(1, NaN, 3), Float64Array.of(NaN), Float64Array.of(-2, 10)]
    expect(pooled(items, 'count').value).toBe(4)
    expect(pooled(items, 'sum').value).toBe(12)
    expect(pooled(items, 'mean').value).toBe(3)
    expect(pooled(items, 'min').value).toBe(-2)
    expect(pooled(items, 'max').value).toBe(10)
  })
})
