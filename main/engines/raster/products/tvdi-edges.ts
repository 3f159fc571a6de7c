/**
 * TVDI's dry and wet edges in one pass over the pixels (plus one more only where it cannot be avoided).
 *
 * The bins lie between the valid NDVI minimum and maximum, which are known only once every pixel has been seen;
 * binning directly would need a pass for the extent and a pass for the bins. Instead one pass files each valid
 * pixel into a fine cell of the fixed NDVI range (65536 cells over `ndvi_range`) and keeps, per cell, the NDVI
 * extent and the LST maximum and minimum. Once the extent is known, a cell whose lowest and highest NDVI fall in
 * the same bin hands its extremes to that bin whole (binning is monotone in NDVI). A cell that straddles a bin edge
 * is resolved exactly by a second pass over its pixels only. NDVI stored as scaled integers (0.0001 steps, the
 * usual case) puts one distinct value in each cell, so no cell straddles and the second pass never runs; results
 * are the same as binning every pixel, because maxima and minima do not depend on the order they are taken in.
 *
 * The scan can be fed a raster whole or strip by strip (`add` with any sub-range).
 */

import type { SampleStrip } from './product'

/** Fine cells over the NDVI range: many more than any bin count, few enough to stay in cache (2 MiB). */
const CELLS = 1 << 16

export interface EdgeRule {
  /** Valid NDVI range, inclusive. */
  lo: number
  hi: number
  /** Valid LST is strictly above this. */
  lstMin: number
  bins: number
  closed: boolean
}

/** Bin edges as numpy.linspace(min, max, bins + 1) and the bin of a value (-1: in none). */
export class Bins {
  readonly edges: Float64Array
  private readonly inv: number
  constructor(
    readonly vmin: number,
    readonly vmax: number,
    private readonly rule: EdgeRule,
  ) {
    const bins = rule.bins
    const step = (vmax - vmin) / bins
    this.edges = new Float64Array(bins + 1)
    for (let i = 0; i <= bins; i++) this.edges[i] = vmin + i * step
    this.edges[bins] = vmax
    this.inv = step > 0 ? 1 / step : 0
  }

  /** edge_b <= v < edge_b+1 (the last bin also takes v = max when closed); the arithmetic guess corrected by the edges. */
  binOf(v: number): number {
    const edges = this.edges
    const last = this.rule.bins - 1
    let b = ((v - this.vmin) * this.inv) | 0
    if (b > last) b = last
    if (v < edges[b]) b--
    else if (b < last && v >= edges[b + 1]) b++
    if (b < 0 || v < edges[b]) return -1
    if (!(v < edges[b + 1]) && !(this.rule.closed && b === last)) return -1
    return b
  }
}

/** The outcome: too few valid pixels, or the per-bin extremes (dry = max LST, wet = min LST) of the non-empty bins. */
export type EdgeData = { valid: number; bins: null } | { valid: number; bins: Bins; used: Uint8Array; dry: Float64Array; wet: Float64Array }

export class EdgeScan {
  private count = 0
  private readonly cellMin = new Float64Array(CELLS).fill(Infinity)
  private readonly cellMax = new Float64Array(CELLS).fill(-Infinity)
  private readonly cellDry = new Float64Array(CELLS).fill(-Infinity)
  private readonly cellWet = new Float64Array(CELLS).fill(Infinity)
  private readonly perUnit: number
  /** Cells that straddle a bin edge (set by `bins`), and the bins they feed once resolved. */
  private split: Uint8Array | null = null
  private result: { bins: Bins; used: Uint8Array; dry: Float64Array; wet: Float64Array } | null = null

  constructor(readonly rule: EdgeRule) {
    const width = rule.hi - rule.lo
    // An unbounded or huge range leaves every pixel in cell 0, which then straddles: slower, never wrong.
    this.perUnit = Number.isFinite(width) && width > 0 && Number.isFinite(CELLS / width) ? CELLS / width : 0
  }

  /** File pixels [from, to) of `ndvi`/`lst` into their cells. */
  add(ndvi: Float64Array, lst: Float64Array, from: number, to: number): void {
    const { lo, hi, lstMin } = this.rule
    const { cellMin, cellMax, cellDry, cellWet, perUnit } = this
    const top = CELLS - 1
    let count = this.count
    // Neighbouring pixels often hold the same NDVI (scaled integers): the last value's cell is reused.
    let lastV = NaN
    let c = 0
    for (let i = from; i < to; i++) {
      const v = ndvi[i]
      const t = lst[i]
      if (!(v >= lo && v <= hi && t > lstMin)) continue
      count++
      if (v !== lastV) {
        c = ((v - lo) * perUnit) | 0
        if (c > top) c = top
        if (v < cellMin[c]) cellMin[c] = v
        if (v > cellMax[c]) cellMax[c] = v
        lastV = v
      }
      if (t > cellDry[c]) cellDry[c] = t
      if (t < cellWet[c]) cellWet[c] = t
    }
    this.count = count
  }

  /**
   * `add` over stored samples: pixels [0, n) whose values are samples[i] * scale + offset (SampleStrip), converted
   * here as the reader converts them, so the same cells get the same extremes without float64 strips in between.
   * The same loop as `add` (one per input kind keeps each loop's element loads monomorphic).
   */
  addSamples(ndvi: SampleStrip, lst: SampleStrip, n: number): void {
    const { lo, hi, lstMin } = this.rule
    const { cellMin, cellMax, cellDry, cellWet, perUnit } = this
    const { samples: nd, scale: ns, offset: no } = ndvi
    const { samples: ls, scale: lsc, offset: lo2 } = lst
    const top = CELLS - 1
    let count = this.count
    let lastV = NaN
    let c = 0
    for (let i = 0; i < n; i++) {
      const v = nd[i] * ns + no
      const t = ls[i] * lsc + lo2
      if (!(v >= lo && v <= hi && t > lstMin)) continue
      count++
      if (v !== lastV) {
        c = ((v - lo) * perUnit) | 0
        if (c > top) c = top
        if (v < cellMin[c]) cellMin[c] = v
        if (v > cellMax[c]) cellMax[c] = v
        lastV = v
      }
      if (t > cellDry[c]) cellDry[c] = t
      if (t < cellWet[c]) cellWet[c] = t
    }
    this.count = count
  }

  /**
   * The bins once every pixel is filed: null when there are fewer than `minPixels` valid pixels. Cells inside one
   * bin are merged here; `needsResolve` then says whether straddling cells need `resolve` over the pixels again.
   */
  bins(minPixels: number): EdgeData {
    if (this.count < Math.max(1, minPixels)) return { valid: this.count, bins: null }
    let first = 0
    while (this.cellMax[first] === -Infinity) first++
    let last = CELLS - 1
    while (this.cellMax[last] === -Infinity) last--
    const bins = new Bins(this.cellMin[first], this.cellMax[last], this.rule)
    const n = this.rule.bins
    const dry = new Float64Array(n).fill(-Infinity)
    const wet = new Float64Array(n).fill(Infinity)
    const used = new Uint8Array(n)
    for (let c = first; c <= last; c++) {
      if (this.cellMax[c] === -Infinity) continue
      const b = bins.binOf(this.cellMin[c])
      if (b !== bins.binOf(this.cellMax[c]) || (b < 0 && this.cellMin[c] !== this.cellMax[c])) {
        this.split ??= new Uint8Array(CELLS)
        this.split[c] = 1
        continue
      }
      if (b < 0) continue
      used[b] = 1
      if (this.cellDry[c] > dry[b]) dry[b] = this.cellDry[c]
      if (this.cellWet[c] < wet[b]) wet[b] = this.cellWet[c]
    }
    this.result = { bins, used, dry, wet }
    return { valid: this.count, ...this.result }
  }

  /** Whether some cell straddles a bin edge, so `resolve` must see the pixels again before the edges are final. */
  get needsResolve(): boolean {
    return this.split !== null
  }

  /** Bin the pixels [from, to) of straddling cells one by one (after `bins`; updates the EdgeData it returned). */
  resolve(ndvi: Float64Array, lst: Float64Array, from: number, to: number): void {
    const split = this.split
    const r = this.result
    if (!split || !r) return
    const { lo, hi, lstMin } = this.rule
    const { perUnit } = this
    const top = CELLS - 1
    for (let i = from; i < to; i++) {
      const v = ndvi[i]
      const t = lst[i]
      if (!(v >= lo && v <= hi && t > lstMin)) continue
      let c = ((v - lo) * perUnit) | 0
      if (c > top) c = top
      if (split[c] === 0) continue
      const b = r.bins.binOf(v)
      if (b < 0) continue
      r.used[b] = 1
      if (t > r.dry[b]) r.dry[b] = t
      if (t < r.wet[b]) r.wet[b] = t
    }
  }
}
