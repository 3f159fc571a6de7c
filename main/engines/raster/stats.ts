/**
 * Statistics over the valid (non-NaN) pixels of a raster or over a list of values.
 *
 * Conventions (stated in the evidence by the callers): population standard deviation unless `ddof` is given
 * (numpy's default ddof = 0); percentiles by linear interpolation between closest ranks (numpy's default
 * 'linear' method, Hyndman & Fan 1996 definition 7); the median is the 50th percentile.
 */
import { z } from 'zod'

export const StatName = z
  .string()
  .regex(/^(count|mean|min|max|std|median|sum|valid_fraction|p(100(\.0+)?|[0-9]{1,2}(\.[0-9]+)?))$/, {
    message: "a statistic is one of count, mean, min, max, std, median, sum, valid_fraction or p<N> with 0 <= N <= 100 (e.g. 'p90')",
  })
export type StatName = z.infer<typeof StatName>

/** Percentile (0..100) of sorted values, numpy 'linear' interpolation; NaN for an empty list. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length
  if (n === 0) return NaN
  const h = ((n - 1) * p) / 100
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, n - 1)
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo])
}

export interface Summary {
  /** The requested statistics, keyed by their names. */
  values: Record<string, number>
  valid: number
  total: number
}

/** Compute the requested statistics over the valid pixels of `data`. */
export function summarize(data: ArrayLike<number>, stats: readonly string[], ddof = 0): Summary {
  const total = data.length
  let valid = 0
  let sum = 0
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < total; i++) {
    const v = data[i]
    if (v !== v) continue
    valid++
    sum += v
    if (v < min) min = v
    if (v > max) max = v
  }
  const mean = valid > 0 ? sum / valid : NaN
  const needStd = stats.includes('std')
  let std = NaN
  if (needStd && valid - ddof > 0) {
    let ss = 0
    for (let i = 0; i < total; i++) {
      const v = data[i]
      if (v === v) ss += (v - mean) * (v - mean)
    }
    std = Math.sqrt(ss / (valid - ddof))
  }
  let sorted: Float64Array | null = null
  const needSorted = stats.some((s) => s === 'median' || /^p\d/.test(s))
  if (needSorted) {
    sorted = new Float64Array(valid)
    let k = 0
    for (let i = 0; i < total; i++) if (data[i] === data[i]) sorted[k++] = data[i]
    sorted.sort()
  }
  const values: Record<string, number> = {}
  for (const s of stats) {
    switch (s) {
      case 'count': values[s] = valid; break
      case 'mean': values[s] = mean; break
      case 'min': values[s] = valid ? min : NaN; break
      case 'max': values[s] = valid ? max : NaN; break
      case 'sum': values[s] = sum; break
      case 'std': values[s] = std; break
      case 'valid_fraction': values[s] = total ? valid / total : NaN; break
      case 'median': values[s] = percentileSorted(sorted!, 50); break
      default: values[s] = percentileSorted(sorted!, Number(s.slice(1)))
    }
  }
  return { values, valid, total }
}

/** One statistic over a plain list of numbers (NaN entries ignored). */
export function stat(values: readonly number[], name: string, ddof = 0): number {
  return summarize(values, [name], ddof).values[name]
}
