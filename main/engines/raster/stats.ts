/**
 * Statistics over the valid (non-NaN) pixels of a raster or over a list of values.
 *
 * Conventions (stated in the evidence by the callers): population standard deviation unless `ddof` is given
 * (numpy's default ddof = 0); percentiles by linear interpolation between closest ranks (numpy's default
 * 'linear' method, Hyndman & Fan 1996 definition 7); the median is the 50th percentile.
 */
import { z } from 'zod'
import { atRank, linearRank, percentilesBySelection } from './select'

export const StatName = z.string().regex(/^(count|mean|min|max|std|median|sum|valid_fraction|p(100(\.0+)?|[0-9]{1,2}(\.[0-9]+)?))$/, {
  message: "a statistic is one of count, mean, min, max, std, median, sum, valid_fraction or p<N> with 0 <= N <= 100 (e.g. 'p90')",
})
export type StatName = z.infer<typeof StatName>

/** Percentile (0..100) of sorted values, numpy 'linear' interpolation; NaN for an empty list. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN
  const { h, lo, hi } = linearRank(sorted.length, p)
  return atRank(sorted[lo], sorted[hi], h)
}

export interface Summary {
  /** The requested statistics, keyed by their names. */
  values: Record<string, number>
  valid: number
  total: number
}

/**
 * Compute the requested statistics over the valid pixels of `data`. With `reorder`, a scratch list of the valid
 * values the caller no longer needs in order, order statistics select in `data` itself instead of in a copy.
 */
export function summarize(data: ArrayLike<number>, stats: readonly string[], ddof = 0, opts: { reorder?: boolean } = {}): Summary {
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
  // Percentiles (the median is p50) by selection over a copy of the valid values (select.ts), not a sort.
  const ranked = stats.filter((s) => s === 'median' || /^p\d/.test(s))
  const percentiles = new Map<string, number>()
  if (ranked.length) {
    let copy: Float64Array
    if (opts.reorder && valid === total && data instanceof Float64Array) copy = data
    else {
      copy = new Float64Array(valid)
      let k = 0
      for (let i = 0; i < total; i++) if (data[i] === data[i]) copy[k++] = data[i]
    }
    const got = percentilesBySelection(
      copy,
      ranked.map((s) => (s === 'median' ? 50 : Number(s.slice(1)))),
    )
    ranked.forEach((s, i) => percentiles.set(s, got[i]))
  }
  const values: Record<string, number> = {}
  for (const s of stats) {
    switch (s) {
      case 'count':
        values[s] = valid
        break
      case 'mean':
        values[s] = mean
        break
      case 'min':
        values[s] = valid ? min : NaN
        break
      case 'max':
        values[s] = valid ? max : NaN
        break
      case 'sum':
        values[s] = sum
        break
      case 'std':
        values[s] = std
        break
      case 'valid_fraction':
        values[s] = total ? valid / total : NaN
        break
      default:
        values[s] = percentiles.get(s)!
    }
  }
  return { values, valid, total }
}

/** One statistic over a plain list of numbers (NaN entries ignored). */
export function stat(values: readonly number[], name: string, ddof = 0): number {
  return summarize(values, [name], ddof).values[name]
}

/**
 * The content of a raster as evidence (issue 16): how many pixels sit exactly at the minimum and at the maximum
 * (fill values without a nodata tag, saturation), rows whose every pixel holds one valid value (a corrupt or
 * filled block), and, on request, a fingerprint of the pixel values (two dates with the same fingerprint hold
 * identical pixels). Fed strip by strip in row order, so whole-raster and strip evaluation give the same profile.
 */
export interface ContentProfile {
  min_count: number
  max_count: number
  rows: number
  /** Rows whose pixels are all valid and equal (only counted for rasters at least 4 pixels wide). */
  constant_rows: number
  /** The longest run of consecutive constant rows, its first row and its value. */
  longest_constant_run: number
  constant_run_start?: number
  constant_value?: number
  /**
   * FNV-1a (four lanes, folded) over the pixels in row order, hex; only when asked for. Over the float64 bits of
   * each pixel (NaN included), or, for reads whose reader converts 8- or 16-bit integer samples (RawRows), over
   * the stored samples, two bytes each, with the scale, offset and nodata that convert them: equal fingerprints
   * mean equal pixels either way (a fingerprint is compared with those of the other dates of the same layer).
   */
  fingerprint?: string
}

const FNV_PRIME = 0x01000193
/** Whether this machine stores the low byte of a word first (x86, ARM as Node runs them). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1

/** Rows of a read as its stored samples (16 bits each) and what converts them (value = sample * scale + offset, nodata -> NaN). */
export interface RawRows {
  samples: Uint16Array
  scale: number
  offset: number
  nodata: number
}

export class ContentAccumulator {
  private min = Infinity
  private max = -Infinity
  private minCount = 0
  private maxCount = 0
  private rows = 0
  private constantRows = 0
  private run = 0
  private runStart = 0
  private runValue = NaN
  private longest = 0
  private longestStart = 0
  private longestValue = NaN
  /** Fingerprint state: four FNV-1a lanes and the words hashed so far. */
  private readonly lanes = Uint32Array.of(0x811c9dc5, 0x811c9dc5, 0x811c9dc5, 0x811c9dc5)
  private words = 0
  /** Raw rows hashed: [scale, offset, nodata] of the first (folded into the digest), 16-bit samples hashed, the odd one waiting for its pair. */
  private rawKey: Float64Array | null = null
  private halves = 0
  private pending = -1

  constructor(private readonly fingerprint = false) {}

  /**
   * Add `data`, whole rows of `width` pixels, the next rows of the raster. One pass over the pixels, state in locals
   * (this runs on every read and node of every date: three passes through `this` fields cost a third of a TVDI run).
   */
  add(input: ArrayLike<number>, width: number): void {
    const data = input instanceof Float64Array ? input : Float64Array.from(input)
    const n = data.length
    if (this.fingerprint) this.hashWords(new Uint32Array(data.buffer, data.byteOffset, n * 2))
    let min = this.min
    let max = this.max
    let minCount = this.minCount
    let maxCount = this.maxCount
    const rows = width > 0 ? Math.floor(n / width) : 0
    for (let r = 0; r <= rows; r++) {
      const start = r * width
      const end = r < rows ? start + width : n
      if (end <= start) continue
      const first = data[start]
      let constant = r < rows && width >= 4 && first === first
      for (let i = start; i < end; i++) {
        const v = data[i]
        if (v !== v) {
          constant = false
          continue
        }
        if (v !== first) constant = false
        if (v < min) {
          min = v
          minCount = 1
        } else if (v === min) minCount++
        if (v > max) {
          max = v
          maxCount = 1
        } else if (v === max) maxCount++
      }
      if (r === rows) break
      this.endRow(this.rows + r, constant, first)
    }
    this.rows += rows
    this.min = min
    this.max = max
    this.minCount = minCount
    this.maxCount = maxCount
  }

  /** Row `row` ended: constant (all valid and equal to `first`) or not. */
  private endRow(row: number, constant: boolean, first: number): void {
    if (constant) {
      this.constantRows++
      if (this.run > 0 && this.runValue === first) this.run++
      else {
        this.run = 1
        this.runStart = row
        this.runValue = first
      }
      if (this.run > this.longest) {
        this.longest = this.run
        this.longestStart = this.runStart
        this.longestValue = this.runValue
      }
    } else this.run = 0
  }

  /**
   * Add the next `rows` rows of `width` values, whose minimum and maximum the caller counts itself (addExtremes; the
   * reader takes them from a histogram of the raw values), whose constancy it found (allEqualValid[k] = 1: row k's
   * values are all valid and equal, to `firsts[k]`) and, for a fingerprint, whose stored samples `raw` holds: what
   * `add` would do with the rows, without a pass over their values.
   */
  addRowShapes(firsts: ArrayLike<number>, width: number, rows: number, allEqualValid: ArrayLike<number>, raw?: RawRows): void {
    if (this.fingerprint) {
      if (!raw) throw new Error('a fingerprinted content profile takes rows with their stored samples')
      this.rawKey ??= Float64Array.of(raw.scale, raw.offset, raw.nodata)
      this.hashHalfwords(raw.samples)
    }
    for (let k = 0; k < rows; k++) this.endRow(this.rows + k, allEqualValid[k] === 1 && width >= 4, firsts[k])
    this.rows += rows
  }

  /** Merge the minimum and maximum of values added by addRowShapes, with how many values equal each. */
  addExtremes(min: number, minCount: number, max: number, maxCount: number): void {
    if (minCount > 0) {
      if (min < this.min) {
        this.min = min
        this.minCount = minCount
      } else if (min === this.min) this.minCount += minCount
    }
    if (maxCount > 0) {
      if (max > this.max) {
        this.max = max
        this.maxCount = maxCount
      } else if (max === this.max) this.maxCount += maxCount
    }
  }

  /**
   * FNV-1a in four interleaved lanes over the float64 words of the pixels (word k of the raster goes to lane k % 4;
   * four independent multiply chains run about four times faster than one). Read rasters hold only the canonical
   * NaN (the reader writes it), so equal pixels give equal words.
   */
  private hashWords(words: Uint32Array): void {
    const lanes = this.lanes
    let k = 0
    const n = words.length
    let g = this.words
    while (k < n && (g & 3) !== 0) {
      lanes[g & 3] = Math.imul(lanes[g & 3] ^ words[k++], FNV_PRIME) >>> 0
      g++
    }
    let h0 = lanes[0]
    let h1 = lanes[1]
    let h2 = lanes[2]
    let h3 = lanes[3]
    const blocks = k + ((n - k) & ~3)
    for (; k < blocks; k += 4) {
      h0 = Math.imul(h0 ^ words[k], FNV_PRIME)
      h1 = Math.imul(h1 ^ words[k + 1], FNV_PRIME)
      h2 = Math.imul(h2 ^ words[k + 2], FNV_PRIME)
      h3 = Math.imul(h3 ^ words[k + 3], FNV_PRIME)
    }
    lanes[0] = h0 >>> 0
    lanes[1] = h1 >>> 0
    lanes[2] = h2 >>> 0
    lanes[3] = h3 >>> 0
    g = this.words + k
    while (k < n) {
      lanes[g & 3] = Math.imul(lanes[g & 3] ^ words[k++], FNV_PRIME) >>> 0
      g++
    }
    this.words += n
  }

  /** One word into the lane of its position (the slow path at the ends of a call). */
  private hashWord(w: number): void {
    const l = this.words & 3
    this.lanes[l] = Math.imul(this.lanes[l] ^ w, FNV_PRIME) >>> 0
    this.words++
  }

  /**
   * The 16-bit samples of raw rows, two to a word (the same lanes as hashWords): a quarter of the multiplies of
   * hashing their float64 values. A sample left over waits for the next call's first, so the split into calls does
   * not change the digest.
   */
  private hashHalfwords(h: Uint16Array): void {
    const n = h.length
    let k = 0
    this.halves += n
    if (this.pending >= 0 && n > 0) {
      this.hashWord(this.pending | (h[k++] << 16))
      this.pending = -1
    }
    while (n - k >= 2 && (this.words & 3) !== 0) {
      this.hashWord(h[k] | (h[k + 1] << 16))
      k += 2
    }
    const from = k
    const blocks = k + ((n - k) & ~7)
    let h0 = this.lanes[0]
    let h1 = this.lanes[1]
    let h2 = this.lanes[2]
    let h3 = this.lanes[3]
    if (LITTLE_ENDIAN && (h.byteOffset + 2 * k) % 4 === 0) {
      // The same words read whole: on a little-endian machine the 32-bit word at sample k is h[k] | h[k + 1] << 16
      // (one load where two and a shift; about 1.5x faster on task 46's samples).
      const w = new Uint32Array(h.buffer, h.byteOffset + 2 * k, (blocks - k) / 2)
      for (let j = 0; j < w.length; j += 4) {
        h0 = Math.imul(h0 ^ w[j], FNV_PRIME)
        h1 = Math.imul(h1 ^ w[j + 1], FNV_PRIME)
        h2 = Math.imul(h2 ^ w[j + 2], FNV_PRIME)
        h3 = Math.imul(h3 ^ w[j + 3], FNV_PRIME)
      }
      k = blocks
    }
    for (; k < blocks; k += 8) {
      h0 = Math.imul(h0 ^ (h[k] | (h[k + 1] << 16)), FNV_PRIME)
      h1 = Math.imul(h1 ^ (h[k + 2] | (h[k + 3] << 16)), FNV_PRIME)
      h2 = Math.imul(h2 ^ (h[k + 4] | (h[k + 5] << 16)), FNV_PRIME)
      h3 = Math.imul(h3 ^ (h[k + 6] | (h[k + 7] << 16)), FNV_PRIME)
    }
    this.lanes[0] = h0 >>> 0
    this.lanes[1] = h1 >>> 0
    this.lanes[2] = h2 >>> 0
    this.lanes[3] = h3 >>> 0
    // Eight samples are four words.
    this.words += (blocks - from) / 2
    while (n - k >= 2) {
      this.hashWord(h[k] | (h[k + 1] << 16))
      k += 2
    }
    if (k < n) this.pending = h[k]
  }

  /** The four lanes folded into one FNV-1a hash, hex (with raw rows: their converting key, count and odd sample too). */
  private digest(): string {
    let h = 0x811c9dc5
    for (const lane of this.lanes) h = Math.imul(h ^ lane, FNV_PRIME) >>> 0
    if (this.rawKey) {
      const tail = [...new Uint32Array(this.rawKey.buffer), this.halves >>> 0, this.pending >>> 0]
      for (const w of tail) h = Math.imul(h ^ w, FNV_PRIME) >>> 0
    }
    return h.toString(16).padStart(8, '0')
  }

  result(): ContentProfile {
    return {
      min_count: this.minCount,
      max_count: this.maxCount,
      rows: this.rows,
      constant_rows: this.constantRows,
      longest_constant_run: this.longest,
      ...(this.longest > 0 ? { constant_run_start: this.longestStart, constant_value: this.longestValue } : {}),
      ...(this.fingerprint ? { fingerprint: this.digest() } : {}),
    }
  }
}

/** The content profile of a whole raster of rows `width` pixels wide. */
export function contentProfile(data: ArrayLike<number>, width: number, fingerprint = false): ContentProfile {
  const acc = new ContentAccumulator(fingerprint)
  acc.add(data, width)
  return acc.result()
}
