/**
 * Percentiles by selection instead of a full sort: the k-th smallest value found by partitioning (Hoare, median of
 * three pivots) in O(n) expected time. A date's median or 10th percentile of 6.7 million pixels took a whole
 * Float64Array sort (about 0.5 s on two cores); selecting the two ranks the interpolation reads takes a few passes.
 * The value is the one a sort gives, to the bit: the same two order statistics enter the same rule (`linearRank`,
 * `atRank` below).
 */

/**
 * numpy's 'linear' percentile (Hyndman & Fan 1996, definition 7), the one place its rule is written: percentile p
 * (0..100) of n values in ascending order lies at the fractional rank h = (n - 1) p / 100, between the order statistics
 * at `lo` = floor(h) and `hi` (the next, or the last). stats.ts (sorted values), this file (selection) and pooled.ts
 * (radix passes) find those two values their own ways and interpolate with `atRank`, so all agree to the bit.
 */
export function linearRank(n: number, p: number): { h: number; lo: number; hi: number } {
  const h = ((n - 1) * p) / 100
  const lo = Math.floor(h)
  return { h, lo, hi: Math.min(lo + 1, n - 1) }
}

/** The value at fractional rank `h` from the order statistics at floor(h) (`a`) and the next (`b`). */
export const atRank = (a: number, b: number, h: number): number => a + (h - Math.floor(h)) * (b - a)

/** Past this many partition rounds for one rank (adversarial input), the rest of the range is sorted instead. */
const MAX_ROUNDS = 64

function medianOfThree(x: number, y: number, z: number): number {
  if (x > y) [x, y] = [y, x]
  // x <= y: the median is y unless z lies below it, then the larger of x and z.
  return z >= y ? y : z > x ? z : x
}

/**
 * Rearrange `a[from..]` so that a[k] holds the value it would hold if `a` were sorted, every value before it is <=
 * and every value after it >=; `a` holds no NaN.
 */
function selectInPlace(a: Float64Array, k: number, from: number): void {
  let lo = from
  let hi = a.length - 1
  for (let round = 0; hi > lo; round++) {
    if (round >= MAX_ROUNDS || hi - lo < 16) {
      a.subarray(lo, hi + 1).sort()
      return
    }
    const mid = (lo + hi) >>> 1
    // Median of three as the pivot.
    const pivot = medianOfThree(a[lo], a[mid], a[hi])
    let i = lo - 1
    let j = hi + 1
    for (;;) {
      do i++
      while (a[i] < pivot)
      do j--
      while (a[j] > pivot)
      if (i >= j) break
      const t = a[i]
      a[i] = a[j]
      a[j] = t
    }
    // a[lo..j] <= pivot <= a[j+1..hi]
    if (k <= j) hi = j
    else lo = j + 1
  }
}

/**
 * The percentiles `ps` (0..100) of `values` (no NaN), numpy 'linear' interpolation; NaN each for no values.
 * `values` is reordered.
 */
export function percentilesBySelection(values: Float64Array, ps: readonly number[]): number[] {
  const n = values.length
  if (n === 0) return ps.map(() => NaN)
  const ranks = ps.map((p) => linearRank(n, p))
  const order = ranks.map((_, i) => i).sort((a, b) => ranks[a].h - ranks[b].h)
  const out = new Array<number>(ps.length)
  // Ranks in increasing order: once a[k] is in place, every later rank lies in a[k..], so each selection narrows.
  let from = 0
  for (const idx of order) {
    const { h, lo, hi } = ranks[idx]
    selectInPlace(values, lo, from)
    from = lo
    const vLo = values[lo]
    let vHi = vLo
    if (hi !== lo) {
      // The next order statistic is the smallest value after lo.
      vHi = Infinity
      for (let i = lo + 1; i < n; i++) if (values[i] < vHi) vHi = values[i]
    }
    out[idx] = atRank(vLo, vHi, h)
  }
  return out
}
