/**
 * Percentiles by selection instead of a full sort: the k-th smallest value found by partitioning (Hoare, median of
 * three pivots) in O(n) expected time. A date's median or 10th percentile of 6.7 million pixels took a whole
 * Float64Array sort (about 0.5 s on two cores); selecting the two ranks the interpolation reads takes a few passes.
 * The values, interpolation and ranks are those of `percentileSorted` on the sorted array (numpy 'linear'), to the bit:
 * the same two order statistics enter the same formula.
 */

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
  const ranks = ps.map((p) => ((n - 1) * p) / 100)
  const order = ranks.map((_, i) => i).sort((a, b) => ranks[a] - ranks[b])
  const out = new Array<number>(ps.length)
  // Ranks in increasing order: once a[k] is in place, every later rank lies in a[k..], so each selection narrows.
  let from = 0
  for (const idx of order) {
    const h = ranks[idx]
    const lo = Math.floor(h)
    const hi = Math.min(lo + 1, n - 1)
    selectInPlace(values, lo, from)
    from = lo
    const vLo = values[lo]
    let vHi = vLo
    if (hi !== lo) {
      // The next order statistic is the smallest value after lo.
      vHi = Infinity
      for (let i = lo + 1; i < n; i++) if (values[i] < vHi) vHi = values[i]
    }
    out[idx] = vLo + (h - lo) * (vHi - vLo)
  }
  return out
}
