/**
 * Temperature-Vegetation Dryness Index (Sandholt, Rasmussen & Andersen 2002, Remote Sensing of Environment 79:
 * TVDI = (Ts - Ts_min) / (Ts_max - Ts_min) in the NDVI-Ts space), with both edges fitted:
 *
 * 1. valid pixels: NDVI inside `ndvi_range` (inclusive), LST > `lst_min` (default 0 K: -273.15 when the LST input is
 *    in degC, so sub-zero Celsius temperatures stay valid), both finite; fewer than `min_pixels`
 *    -> insufficient (no value for this date);
 * 2. `bins` equal NDVI bins between the valid minimum and maximum, edges as numpy.linspace(min, max, bins + 1);
 *    bin i holds edge_i <= NDVI < edge_i+1 (`last_bin: 'open'`, which leaves the maximum itself out, as the
 *    Earth-Agent compute_tvdi tool does) or the last bin also takes NDVI = max (`'closed'`);
 * 3. per non-empty bin the maximum LST (dry edge) and minimum LST (wet edge); each edge fitted by ordinary least
 *    squares against the bin centres (fewer than 2 non-empty bins -> insufficient);
 * 4. TVDI = (LST - wet(NDVI)) / (dry(NDVI) - wet(NDVI)) over the valid pixels, a zero denominator replaced by 1e-6,
 *    then clipped to [0, 1] when `clip` is set.
 *
 * Hand-written loops (no closures) because this runs over every pixel of every date of a collection. Each pass tests
 * validity again rather than listing the valid pixels (a 27 MB index per date and worker, and no faster: the test is
 * three comparisons on values the pass loads anyway). The index may be written into the LST input's buffer
 * (`overwrites`): the last pass reads a pixel's LST before it writes that pixel.
 */
import { z } from 'zod'
import { linearFit, type ProductDef } from './product'

interface TvdiParams {
  bins: number
  min_pixels: number
  ndvi_range: [number, number]
  /** Exclusive lower bound of valid LST in the input's unit; default 0 K, i.e. -273.15 for degC input. */
  lst_min?: number
  clip: boolean
  last_bin: 'open' | 'closed'
}

export const tvdi: ProductDef<TvdiParams> = {
  name: 'tvdi',
  summary: 'temperature-vegetation dryness index from NDVI and LST (dry and wet edges fitted per raster)',
  local: false,
  overwrites: 'lst',
  inputs: [
    { name: 'ndvi', unit: 'ratio' },
    { name: 'lst', unit: 'temperature' },
  ],
  params: z.strictObject({
    bins: z.number().int().min(2, 'bins must be at least 2 to fit an edge').max(10000).default(100),
    min_pixels: z.number().int().min(1).default(100),
    ndvi_range: z
      .tuple([z.number(), z.number()])
      .refine((r) => r[0] < r[1], 'ndvi_range [lo, hi] needs lo < hi')
      .default([0, 1]),
    lst_min: z.number().optional(),
    clip: z.boolean().default(true),
    last_bin: z.enum(['open', 'closed']).default('open'),
  }),
  outputUnit: () => 'dimensionless',
  formula: () => 'TVDI = (LST - (a_wet + b_wet * NDVI)) / ((a_dry + b_dry * NDVI) - (a_wet + b_wet * NDVI))',
  convention: (p) =>
    `${p.bins} equal NDVI bins between the valid min and max (last bin ${p.last_bin}); dry edge = per-bin max LST, wet edge = per-bin min LST, ` +
    `each fitted linearly against bin centres; valid: ${p.ndvi_range[0]} <= NDVI <= ${p.ndvi_range[1]}, LST > ${p.lst_min ?? '0 K (-273.15 for degC input)'}; ` +
    `fewer than ${p.min_pixels} valid pixels -> no value; ${p.clip ? 'clipped to [0, 1]' : 'not clipped'}`,
  check: () => null,
  compute: (inp, p, n, alloc) => {
    const ndvi = inp.ndvi.data
    const lst = inp.lst.data
    const [lo, hi] = p.ndvi_range
    // The default bound is absolute zero in the input's unit: 0 degC is a valid (freezing) temperature, not fill.
    const lstMin = p.lst_min ?? (inp.lst.unit === 'degC' ? -273.15 : 0)
    // Pass 1: the valid pixels' count and NDVI extent.
    let count = 0
    let vmin = Infinity
    let vmax = -Infinity
    for (let i = 0; i < n; i++) {
      const v = ndvi[i]
      const t = lst[i]
      if (v >= lo && v <= hi && t > lstMin) {
        count++
        if (v < vmin) vmin = v
        if (v > vmax) vmax = v
      }
    }
    if (count < p.min_pixels) {
      return { data: null, insufficient: `only ${count} valid NDVI/LST pixels; TVDI needs at least ${p.min_pixels}`, details: { valid_pixels: count } }
    }
    // numpy.linspace edges: start + i * step, the last edge exactly the stop.
    const bins = p.bins
    const step = (vmax - vmin) / bins
    const edges = new Float64Array(bins + 1)
    for (let i = 0; i <= bins; i++) edges[i] = vmin + i * step
    edges[bins] = vmax
    const dry = new Float64Array(bins).fill(-Infinity)
    const wet = new Float64Array(bins).fill(Infinity)
    /** 1 where a bin holds a pixel. */
    const inBin = new Uint8Array(bins)
    const closed = p.last_bin === 'closed'
    const inv = step > 0 ? 1 / step : 0
    const last = bins - 1
    // Pass 2: per-bin extremes. The arithmetic bin index (a multiplication, cheaper than dividing per pixel; `| 0` is
    // the floor of a value >= 0) is corrected against the edges so membership matches the edge comparisons exactly.
    // Neighbouring pixels often hold the same NDVI (scaled integers): the last value's bin is reused.
    let lastV = NaN
    let lastB = 0
    for (let i = 0; i < n; i++) {
      const v = ndvi[i]
      const t = lst[i]
      if (!(v >= lo && v <= hi && t > lstMin)) continue
      let b = lastB
      if (v !== lastV) {
        b = ((v - vmin) * inv) | 0
        if (b > last) b = last
        if (v < edges[b]) b--
        else if (b < last && v >= edges[b + 1]) b++
        if (b < 0 || v < edges[b]) continue
        if (!(v < edges[b + 1]) && !(closed && b === last)) continue
        lastV = v
        lastB = b
      }
      inBin[b] = 1
      if (t > dry[b]) dry[b] = t
      if (t < wet[b]) wet[b] = t
    }
    const centres: number[] = []
    const dryY: number[] = []
    const wetY: number[] = []
    for (let b = 0; b < bins; b++) {
      if (inBin[b] === 0) continue
      centres.push((edges[b] + edges[b + 1]) / 2)
      dryY.push(dry[b])
      wetY.push(wet[b])
    }
    if (centres.length < 2) {
      return { data: null, insufficient: `only ${centres.length} non-empty NDVI bin(s); fitting the edges needs at least 2`, details: { valid_pixels: count } }
    }
    const dryFit = linearFit(centres, dryY)
    const wetFit = linearFit(centres, wetY)
    // Pass 3: the index itself, every pixel written (NaN outside the valid ones), each after its LST is read.
    const out = alloc ? alloc(n) : new Float64Array(n)
    const { slope: bd, intercept: ad } = dryFit
    const { slope: bw, intercept: aw } = wetFit
    const clip = p.clip
    let cnt = 0
    let sum = 0
    let mn = Infinity
    let mx = -Infinity
    for (let i = 0; i < n; i++) {
      const v = ndvi[i]
      const t = lst[i]
      if (!(v >= lo && v <= hi && t > lstMin)) {
        out[i] = NaN
        continue
      }
      const w = aw + bw * v
      let den = ad + bd * v - w
      if (den === 0) den = 1e-6
      let x = (t - w) / den
      if (clip) x = x < 0 ? 0 : x > 1 ? 1 : x
      if (!Number.isFinite(x)) {
        out[i] = NaN
        continue
      }
      out[i] = x
      cnt++
      sum += x
      if (x < mn) mn = x
      if (x > mx) mx = x
    }
    return {
      data: out,
      stats: Float64Array.of(cnt, sum, mn, mx),
      details: {
        valid_pixels: count,
        lst_min: lstMin,
        ndvi_min: vmin,
        ndvi_max: vmax,
        bins_used: centres.length,
        dry_edge: { intercept: ad, slope: bd, r2: dryFit.r2 },
        wet_edge: { intercept: aw, slope: bw, r2: wetFit.r2 },
      },
    }
  },
}
