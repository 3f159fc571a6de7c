/**
 * Pooled statistics over the valid pixels of every item of a collection taken as ONE sample (not a statistic of
 * per-item values): the engine side of `raster.pooled_reduce`. Each item's job (one asset, read strip by strip)
 * reduces its pixels to a small partial (PoolAccumulator); the caller combines the partials of all items and, for
 * an order statistic, asks for another pass over the items until the value is known (PooledSelection).
 *
 * Moments (count, sum, min, max, mean, M2) are exact per item: per strip a two-pass mean and sum of squared
 * deviations, merged into the item's and then across items by Chan et al.'s parallel combination
 * (M2 = M2a + M2b + delta² na nb / n), never sum-of-squares minus squared sum (cancellation on 300 K temperatures).
 * The standard deviation is the population one (ddof 0, numpy's default), the variance its square.
 *
 * Percentiles and the median: exact radix selection on the float64 values, chosen over a value histogram between
 * a minimum and a maximum (which needs a range pass first and may need many refinements on skewed data) and over a
 * histogram of stored integer samples (which holds only for integer files read as such, not for computed layers).
 * Each value's float64 bits are mapped to a 64-bit key whose unsigned order is the numeric order (negative values:
 * all bits flipped; others: the sign bit set). A pass histograms one 16-bit digit of the key (65536 bins, each
 * with its count, minimum and maximum) among the values whose higher digits equal the prefix found so far; the
 * combined histogram tells which bin holds each wanted rank. A rank that is the first (last) of its bin is the
 * bin's minimum (maximum), and so is any rank of a bin whose minimum equals its maximum (ties); otherwise the next
 * pass narrows that bin by the next digit. Four digits at most (the last bin holds one bit pattern); two for
 * scaled integer products (task 46's LST, DN * 0.02 K: the second digit's bins are 2.4e-4 K wide, finer than one
 * DN). Memory per item: three arrays of 65536 numbers (1.5 MB) whatever the raster size; nothing is sorted.
 *
 * The percentile is numpy's 'linear' (Hyndman & Fan type 7), as stats.ts computes it per raster: rank
 * h = (n - 1) p / 100 over the n pooled values in ascending order, v[floor h] + (h - floor h)(v[floor h + 1] -
 * v[floor h]); the median is p50. Both ranks are selected, so the value is the one a full sort would give, to the bit.
 */
import { atRank, linearRank } from './select'
import type { Geometry } from './spatial'

/** Bins of one pass: one 16-bit digit of the key. */
export const POOL_BINS = 65536
/** Digits of a 64-bit key. */
export const POOL_DIGITS = 4

/** One histogram pass: which 16-bit digit of the key (0 = the highest), among the values whose higher digits are `hi`/`lo`. */
export interface PoolPass {
  digit: number
  /** The key's high and low 32-bit words with the digits above `digit` set and the others zero. */
  hi: number
  lo: number
}

/** What an item's job computes for a pooled statistic: moments always, and the histogram of `pass` when given. */
export interface PoolSinkSpec {
  kind: 'pool'
  stat: string
  min_valid: number
  pass: PoolPass | null
  /** Only the pixels inside this area (a part, grid cell, box or polygon; engines/raster/spatial.ts) are pooled. */
  geometry?: Geometry
}

/** One item's histogram of a pass: its non-empty bins only. */
export interface PoolBins {
  index: Uint32Array
  count: Float64Array
  min: Float64Array
  max: Float64Array
}

/** One item's partial result. */
export interface PoolPartial {
  count: number
  sum: number
  mean: number
  m2: number
  min: number
  max: number
  bins?: PoolBins
}

/** Whether a statistic name is an order statistic (needs histogram passes). */
export function isOrderStat(stat: string): boolean {
  return stat === 'median' || /^p\d/.test(stat)
}

/** The percentile (0..100) an order statistic names. */
export function percentileOf(stat: string): number {
  return stat === 'median' ? 50 : Number(stat.slice(1))
}

/** The first pass of a statistic: the highest digit for order statistics, none (moments only) for the others. */
export function firstPass(stat: string): PoolPass | null {
  return isOrderStat(stat) ? { digit: 0, hi: 0, lo: 0 } : null
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1
/** Word offsets of the low and high halves of a float64 in a Uint32Array view. */
const LO = LITTLE_ENDIAN ? 0 : 1
const HI = LITTLE_ENDIAN ? 1 : 0

/** Merge moments (count, mean, M2) b into a (Chan et al. 1979). */
function mergeMoments(a: PoolPartial, n: number, mean: number, m2: number): void {
  if (n === 0) return
  const total = a.count + n
  const delta = mean - a.mean
  a.m2 += m2 + (delta * delta * a.count * n) / total
  a.mean += (delta * n) / total
  a.count = total
}

/** Accumulates one item's pixels, strip by strip, into its partial (see the module comment). */
export class PoolAccumulator {
  private readonly part: PoolPartial = { count: 0, sum: 0, mean: 0, m2: 0, min: Infinity, max: -Infinity }
  private readonly counts: Float64Array | null
  private readonly mins: Float64Array | null
  private readonly maxs: Float64Array | null
  total = 0

  constructor(private readonly spec: PoolSinkSpec) {
    const hist = spec.pass !== null
    this.counts = hist ? new Float64Array(POOL_BINS) : null
    this.mins = hist ? new Float64Array(POOL_BINS).fill(Infinity) : null
    this.maxs = hist ? new Float64Array(POOL_BINS).fill(-Infinity) : null
  }

  get valid(): number {
    return this.part.count
  }

  /** Add the next pixels (NaN = invalid). */
  add(data: Float64Array): void {
    this.total += data.length
    let n = 0
    let sum = 0
    let min = this.part.min
    let max = this.part.max
    for (let i = 0; i < data.length; i++) {
      const v = data[i]
      if (v !== v) continue
      n++
      sum += v
      if (v < min) min = v
      if (v > max) max = v
    }
    if (n === 0) return
    const mean = sum / n
    let m2 = 0
    for (let i = 0; i < data.length; i++) {
      const v = data[i]
      if (v === v) m2 += (v - mean) * (v - mean)
    }
    this.part.sum += sum
    this.part.min = min
    this.part.max = max
    mergeMoments(this.part, n, mean, m2)
    if (this.spec.pass) this.histogram(data, this.spec.pass)
  }

  /** Count the values whose key has the pass's prefix into the bins of its digit. */
  private histogram(data: Float64Array, pass: PoolPass): void {
    const counts = this.counts!
    const mins = this.mins!
    const maxs = this.maxs!
    const words = new Uint32Array(data.buffer, data.byteOffset, data.length * 2)
    const d = pass.digit
    const maskHi = d === 0 ? 0 : d === 1 ? 0xffff0000 : 0xffffffff
    const maskLo = d === 3 ? 0xffff0000 : 0
    const shift = d === 0 || d === 2 ? 16 : 0
    const useHi = d < 2
    for (let i = 0; i < data.length; i++) {
      const v = data[i]
      if (v !== v) continue
      const h = words[2 * i + HI]
      const l = words[2 * i + LO]
      const neg = h >>> 31 === 1
      const kh = neg ? ~h >>> 0 : (h | 0x80000000) >>> 0
      const kl = neg ? ~l >>> 0 : l
      if ((kh & maskHi) >>> 0 !== pass.hi || (kl & maskLo) >>> 0 !== pass.lo) continue
      const bin = ((useHi ? kh : kl) >>> shift) & 0xffff
      counts[bin]++
      if (v < mins[bin]) mins[bin] = v
      if (v > maxs[bin]) maxs[bin] = v
    }
  }

  /** The item's partial: moments, and the non-empty bins of its pass. */
  result(): PoolPartial {
    const out: PoolPartial = { ...this.part }
    if (this.counts) {
      let k = 0
      for (let b = 0; b < POOL_BINS; b++) if (this.counts[b] > 0) k++
      const bins: PoolBins = { index: new Uint32Array(k), count: new Float64Array(k), min: new Float64Array(k), max: new Float64Array(k) }
      k = 0
      for (let b = 0; b < POOL_BINS; b++) {
        if (this.counts[b] === 0) continue
        bins.index[k] = b
        bins.count[k] = this.counts[b]
        bins.min[k] = this.mins![b]
        bins.max[k] = this.maxs![b]
        k++
      }
      out.bins = bins
    }
    return out
  }
}

/** The partials of all items combined: moments, and the histogram of the pass as dense arrays. */
export type PoolCombined = Omit<PoolPartial, 'bins'> & { bins?: { count: Float64Array; min: Float64Array; max: Float64Array } }

/** Combine the items' partials of one pass (moments by Chan's combination, histograms bin by bin). */
export function combinePartials(parts: readonly PoolPartial[]): PoolCombined {
  const acc: PoolPartial = { count: 0, sum: 0, mean: 0, m2: 0, min: Infinity, max: -Infinity }
  let bins: PoolCombined['bins']
  for (const p of parts) {
    acc.sum += p.sum
    if (p.count > 0) {
      if (p.min < acc.min) acc.min = p.min
      if (p.max > acc.max) acc.max = p.max
    }
    mergeMoments(acc, p.count, p.mean, p.m2)
    if (!p.bins) continue
    bins ??= { count: new Float64Array(POOL_BINS), min: new Float64Array(POOL_BINS).fill(Infinity), max: new Float64Array(POOL_BINS).fill(-Infinity) }
    const b = p.bins
    for (let k = 0; k < b.index.length; k++) {
      const i = b.index[k]
      bins.count[i] += b.count[k]
      if (b.min[k] < bins.min[i]) bins.min[i] = b.min[k]
      if (b.max[k] > bins.max[i]) bins.max[i] = b.max[k]
    }
  }
  return { ...acc, ...(bins ? { bins } : {}) }
}

/** A statistic of the moments alone (not an order statistic), over the pooled pixels. */
export function momentStat(c: PoolCombined, stat: string): number {
  switch (stat) {
    case 'count':
      return c.count
    case 'sum':
      return c.sum
    case 'mean':
      return c.count ? c.mean : NaN
    case 'min':
      return c.count ? c.min : NaN
    case 'max':
      return c.count ? c.max : NaN
    case 'std':
      return c.count ? Math.sqrt(c.m2 / c.count) : NaN
    case 'variance':
      return c.count ? c.m2 / c.count : NaN
    default:
      throw new Error(`'${stat}' is not a statistic of the moments`)
  }
}

/**
 * The exact selection of an order statistic over histogram passes (see the module comment): start it with the
 * pooled count, feed it each pass's combined bins (`feed` returns the next pass, or null once the value is known).
 */
export class PooledSelection {
  /** The two ranks numpy's linear percentile interpolates between (equal when h is whole or n is 1). */
  readonly ranks: [number, number]
  private readonly h: number
  private readonly found: [number | null, number | null] = [null, null]
  /** Values below the current prefix (ranks are counted from there). */
  private below = 0
  private pass: PoolPass
  passes = 0

  constructor(
    readonly n: number,
    readonly p: number,
  ) {
    if (n < 1) throw new Error('a pooled percentile needs at least one value')
    const { h, lo, hi } = linearRank(n, p)
    this.h = h
    this.ranks = [lo, hi]
    this.pass = { digit: 0, hi: 0, lo: 0 }
  }

  /** The pass whose bins `feed` takes next. */
  get current(): PoolPass {
    return this.pass
  }

  /** Take the combined bins of the current pass; returns the next pass, or null when both ranks are known. */
  feed(bins: NonNullable<PoolCombined['bins']>): PoolPass | null {
    this.passes++
    let open = -1
    let openBefore = 0
    for (let t = 0; t < 2; t++) {
      if (this.found[t] !== null) continue
      let local = this.ranks[t] - this.below
      let j = 0
      let before = 0
      for (; j < POOL_BINS; j++) {
        if (local < bins.count[j]) break
        local -= bins.count[j]
        before += bins.count[j]
      }
      if (j === POOL_BINS) throw new Error(`pooled selection: rank ${this.ranks[t]} lies beyond the ${this.n} values counted (the passes disagree)`)
      if (local === 0) this.found[t] = bins.min[j]
      else if (local === bins.count[j] - 1 || bins.min[j] === bins.max[j]) this.found[t] = bins.max[j]
      else {
        // Two adjacent ranks in different bins are each the last of one and the first of the next: found above.
        open = j
        openBefore = before
      }
    }
    if (open < 0) return null
    const d = this.pass.digit
    if (d >= POOL_DIGITS - 1) throw new Error('pooled selection: a bin of one bit pattern holds different values')
    const { hi, lo } = this.pass
    this.below += openBefore
    this.pass =
      d === 0 ? { digit: 1, hi: (open << 16) >>> 0, lo } : d === 1 ? { digit: 2, hi: (hi | open) >>> 0, lo } : { digit: 3, hi, lo: (open << 16) >>> 0 }
    return this.pass
  }

  /** The percentile, once `feed` returned null: numpy's linear interpolation between the two ranks. */
  value(): number {
    const [a, b] = this.found
    if (a === null || b === null) throw new Error('pooled selection: the value is not known yet')
    // select.ts atRank, as for sorted values: a pooled p50 equals a sorted median bit for bit.
    return atRank(a, b, this.h)
  }
}
