import { describe, expect, it } from 'vitest'
import { percentilesBySelection } from '../../../../main/engines/raster/select'
import { summarize } from '../../../../main/engines/raster/stats'

/** numpy's default percentile ('linear', Hyndman & Fan 7) written out here over a sorted copy. */
function numpyLinear(values: ArrayLike<number>, p: number): number {
  const s = Float64Array.from(values).sort()
  if (s.length === 0) return NaN
  const h = ((s.length - 1) * p) / 100
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, s.length - 1)
  return s[lo] + (h - lo) * (s[hi] - s[lo])
}

let seed = 12345
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648

describe('percentiles by selection', () => {
  const ps = [0, 0.5, 1, 10, 25, 33.3, 50, 66.7, 75, 90, 99, 99.9, 100]
  const cases: Record<string, () => Float64Array> = {
    'continuous values': () => Float64Array.from({ length: 20001 }, () => rnd() * 400 - 100),
    'few distinct values (stored integers scaled)': () => Float64Array.from({ length: 50000 }, () => Math.floor(rnd() * 7) * 0.02 + 250),
    'one value': () => new Float64Array(999).fill(3.5),
    'already sorted': () => Float64Array.from({ length: 30000 }, (_, i) => i * 0.5),
    reversed: () => Float64Array.from({ length: 30000 }, (_, i) => -i),
    'organ pipe': () => Float64Array.from({ length: 30001 }, (_, i) => Math.min(i, 30000 - i)),
    tiny: () => Float64Array.from([5, 1, 4]),
    two: () => Float64Array.from([2, -1]),
    single: () => Float64Array.from([7]),
  }
  for (const [name, make] of Object.entries(cases))
    it(`equals a sort and numpy's linear rule to the bit: ${name}`, () => {
      const data = make()
      const got = percentilesBySelection(Float64Array.from(data), ps)
      expect(got).toEqual(ps.map((p) => numpyLinear(data, p)))
      // Each percentile alone, in any order, gives the same.
      for (const p of [90, 10, 50]) expect(percentilesBySelection(Float64Array.from(data), [p])[0]).toBe(numpyLinear(data, p))
    })

  it('equals the sort on many random lengths, value spreads and ranks', () => {
    for (let t = 0; t < 400; t++) {
      const n = 1 + Math.floor(rnd() * 3000)
      const distinct = 1 + Math.floor(rnd() * 50)
      const data = Float64Array.from({ length: n }, () => (t % 2 ? Math.floor(rnd() * distinct) : rnd()))
      const some = [rnd() * 100, rnd() * 100, 50]
      expect(percentilesBySelection(Float64Array.from(data), some), `case ${t}`).toEqual(some.map((p) => numpyLinear(data, p)))
    }
  })

  it('is NaN for no values, and summarize skips NaN pixels before ranking', () => {
    expect(percentilesBySelection(new Float64Array(0), [50])).toEqual([NaN])
    const withNaN = Float64Array.from({ length: 4001 }, (_, i) => (i % 3 === 0 ? NaN : (i * 7919) % 1000))
    const valid = Array.from(withNaN).filter((v) => !Number.isNaN(v))
    const r = summarize(withNaN, ['median', 'p10', 'p95'])
    expect([r.values.median, r.values.p10, r.values.p95]).toEqual([numpyLinear(valid, 50), numpyLinear(valid, 10), numpyLinear(valid, 95)])
  })
})
