/**
 * Temperature-Vegetation Dryness Index (Sandholt, Rasmussen & Andersen 2002, Remote Sensing of Environment 79:
 * TVDI = (Ts - Ts_min) / (Ts_max - Ts_min) in the NDVI-Ts space), with both edges fitted:
 *
 * 1. valid pixels: NDVI inside `ndvi_range` (inclusive), LST > `lst_min` (default 0 K: -273.15 when the LST input is
 *    in degC, so sub-zero Celsius temperatures stay valid), both finite; fewer than `min_pixels`
 *    -> insufficient (no value for this date);
 * 2. `bins` equal NDVI bins between the valid minimum and maximum, edges as numpy.linspace(min, max, bins + 1);
 *    bin i holds edge_i <= NDVI < edge_i+1, the last bin also NDVI = max (`last_bin: 'closed'`, the default: the
 *    bins then share out every valid pixel, as numpy.histogram bins), or no bin takes the maximum itself
 *    (`'open'`, as the Earth-Agent compute_tvdi tool bins; its gold for Earth-Bench task 46, 0.6897, is computed so);
 * 3. per non-empty bin the maximum LST (dry edge) and minimum LST (wet edge); each edge fitted by ordinary least
 *    squares against the bin centres (fewer than 2 non-empty bins -> insufficient);
 * 4. TVDI = (LST - wet(NDVI)) / (dry(NDVI) - wet(NDVI)) over the valid pixels, a zero denominator replaced by 1e-6,
 *    then clipped to [0, 1] when `clip` is set.
 *
 * Two passes over the pixels: the edges (steps 1-3, tvdi-edges.ts: one pass into fine NDVI cells, a second only
 * for cells that straddle a bin edge) and the index (step 4). Hand-written loops (no closures) because this runs
 * over every pixel of every date of a collection; each pass tests validity again rather than listing the valid
 * pixels (a 27 MB index per date and worker, and no faster). The index may be written into the LST input's buffer
 * (`overwrites`): the index pass reads a pixel's LST before it writes that pixel.
 */
import { z } from 'zod'
import { linearFit, type ProductDef, type RowProfile, type SampleStrip, type Sweeps } from './product'
import { EdgeScan, type EdgeData, type EdgeRule } from './tvdi-edges'
import { perTypeKernel } from '../tiff/samples'

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
    last_bin: z.enum(['open', 'closed']).default('closed'),
  }),
  outputUnit: () => 'dimensionless',
  formula: () => 'TVDI = (LST - (a_wet + b_wet * NDVI)) / ((a_dry + b_dry * NDVI) - (a_wet + b_wet * NDVI))',
  convention: (p) =>
    `${p.bins} equal NDVI bins between the valid min and max (last bin ${p.last_bin}); dry edge = per-bin max LST, wet edge = per-bin min LST, ` +
    `each fitted linearly against bin centres; valid: ${p.ndvi_range[0]} <= NDVI <= ${p.ndvi_range[1]}, LST > ${p.lst_min ?? '0 K (-273.15 for degC input)'}; ` +
    `fewer than ${p.min_pixels} valid pixels -> no value; ${p.clip ? 'clipped to [0, 1]' : 'not clipped'}`,
  check: () => null,
  sweeps: (p, units) => tvdiSweeps(p, edgeRule(p, units.lst ?? 'K')),
  compute: (inp, p, n, alloc) => {
    const ndvi = inp.ndvi.data
    const lst = inp.lst.data
    const rule = edgeRule(p, inp.lst.unit)
    const scan = new EdgeScan(rule)
    scan.add(ndvi, lst, 0, n)
    const found = scan.bins(p.min_pixels)
    if (scan.needsResolve) scan.resolve(ndvi, lst, 0, n)
    const fit = fitEdges(found, rule, p.min_pixels)
    if ('insufficient' in fit) return { data: null, insufficient: fit.insufficient, details: { valid_pixels: found.valid } }
    // The index itself, every pixel written (NaN outside the valid ones), each after its LST is read.
    const out = alloc ? alloc(n) : new Float64Array(n)
    const stats = Float64Array.of(0, 0, Infinity, -Infinity)
    tvdiIndex(fit, ndvi, lst, out, 0, n, stats)
    return { data: out, stats, details: fit.details }
  },
}

/** TVDI over strips: the scan sweep, a second only for straddling cells (tvdi-edges.ts), then the index. */
function tvdiSweeps(p: TvdiParams, rule: TvdiRule): Sweeps {
  const scan = new EdgeScan(rule)
  let found: EdgeData | null = null
  let fit: TvdiFit | { insufficient: string } | null = null
  return {
    scan: (inp, n) => (found ? scan.resolve(inp.ndvi, inp.lst, 0, n) : scan.add(inp.ndvi, inp.lst, 0, n)),
    // The first sweep files raw samples as well; resolving straddling cells (rare) takes the values.
    sampleScanner: () => (found ? null : (inp, n) => scan.addSamples(inp.ndvi, inp.lst, n)),
    endSweep: () => {
      if (found) return false
      found = scan.bins(p.min_pixels)
      return found.bins !== null && scan.needsResolve
    },
    ready: () => {
      found ??= scan.bins(p.min_pixels)
      fit ??= fitEdges(found, rule, p.min_pixels)
      return 'insufficient' in fit ? { insufficient: fit.insufficient, details: { valid_pixels: found.valid } } : { details: fit.details }
    },
    apply: (inp, n, out, stats) => tvdiIndex(fit as TvdiFit, inp.ndvi, inp.lst, out, 0, n, stats),
    sampleApplier: () => (inp, n, out, stats, rows) => tvdiIndexSamples(fit as TvdiFit, inp.ndvi, inp.lst, out, n, stats, rows),
  }
}

/** The validity and binning rule of a parameter set; the default LST bound is absolute zero in the input's unit. */
export function edgeRule(p: TvdiParams, lstUnit: string): TvdiRule {
  const [lo, hi] = p.ndvi_range
  // 0 degC is a valid (freezing) temperature, not fill.
  const lstMin = p.lst_min ?? (lstUnit === 'degC' ? -273.15 : 0)
  return { lo, hi, lstMin, bins: p.bins, closed: p.last_bin === 'closed', clip: p.clip }
}

/** The binning rule and whether the index is clipped to [0, 1]. */
export type TvdiRule = EdgeRule & { clip: boolean }

/** Fitted edges and what the evidence says of them. */
export interface TvdiFit {
  rule: TvdiRule
  ad: number
  bd: number
  aw: number
  bw: number
  details: Record<string, unknown>
}

/** Fit both edges against the centres of the non-empty bins (after the scan, and `resolve` where it was needed). */
export function fitEdges(found: EdgeData, rule: TvdiRule, minPixels: number): TvdiFit | { insufficient: string } {
  if (!found.bins) return { insufficient: `only ${found.valid} valid NDVI/LST pixels; TVDI needs at least ${minPixels}` }
  const { bins, used, dry, wet } = found
  const centres: number[] = []
  const dryY: number[] = []
  const wetY: number[] = []
  for (let b = 0; b < used.length; b++) {
    if (used[b] === 0) continue
    centres.push((bins.edges[b] + bins.edges[b + 1]) / 2)
    dryY.push(dry[b])
    wetY.push(wet[b])
  }
  if (centres.length < 2) return { insufficient: `only ${centres.length} non-empty NDVI bin(s); fitting the edges needs at least 2` }
  const dryFit = linearFit(centres, dryY)
  const wetFit = linearFit(centres, wetY)
  return {
    rule,
    ad: dryFit.intercept,
    bd: dryFit.slope,
    aw: wetFit.intercept,
    bw: wetFit.slope,
    details: {
      valid_pixels: found.valid,
      lst_min: rule.lstMin,
      ndvi_min: bins.vmin,
      ndvi_max: bins.vmax,
      bins_used: centres.length,
      dry_edge: { intercept: dryFit.intercept, slope: dryFit.slope, r2: dryFit.r2 },
      wet_edge: { intercept: wetFit.intercept, slope: wetFit.slope, r2: wetFit.r2 },
    },
  }
}

/**
 * TVDI of pixels [from, to) into `out` (NaN outside the valid ones; each pixel's LST read before its output is
 * written, so `out` may be the LST buffer), adding [count, sum, min, max] of the written values to `stats`.
 */
export function tvdiIndex(fit: TvdiFit, ndvi: Float64Array, lst: Float64Array, out: Float64Array, from: number, to: number, stats: Float64Array): void {
  const { lo, hi, lstMin, clip } = fit.rule
  const { ad, bd, aw, bw } = fit
  let cnt = stats[0]
  let sum = stats[1]
  let mn = stats[2]
  let mx = stats[3]
  // The edges at the last NDVI value, kept while it repeats (neighbouring pixels share their NDVI nine times in ten
  // on task 46): the same arithmetic, done once per run of equal values.
  let lastV = NaN
  let w = 0
  let den = 1
  for (let i = from; i < to; i++) {
    const v = ndvi[i]
    const t = lst[i]
    if (!(v >= lo && v <= hi && t > lstMin)) {
      out[i] = NaN
      continue
    }
    if (v !== lastV) {
      w = aw + bw * v
      den = ad + bd * v - w
      if (den === 0) den = 1e-6
      lastV = v
    }
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
  stats[0] = cnt
  stats[1] = sum
  stats[2] = mn
  stats[3] = mx
}

/**
 * The loop of tvdiIndexSamples, once, for its two kernels: `checked` tests each value for finiteness (tvdiIndex's
 * rule); the unchecked kernel is for fits where no value can be non-finite (`surelyFinite`), which spares a branch
 * per pixel (task 46: 42 -> 31 ms a date, with the extremes counted in the form below, which counts as tvdiIndex's).
 */
function indexSamplesSource(checked: boolean): string {
  return `const { lo, hi, lstMin, clip } = fit.rule
  const { ad, bd, aw, bw } = fit
  const { samples: nd, scale: nScale, offset: nOffset } = ndvi
  const { samples: ls, scale: lScale, offset: lOffset } = lst
  const { width, firsts, constant } = rows
  let cnt = stats[0]
  let sum = stats[1]
  let mn = rows.min
  let mx = rows.max
  let minCount = rows.minCount
  let maxCount = rows.maxCount
  let lastV = NaN
  let w = 0
  let den = 1
  for (let r = 0, start = 0; start < n; r++, start += width) {
    let same = 1
    let first = NaN
    for (let i = start; i < start + width; i++) {
      const v = nd[i] * nScale + nOffset
      const t = ls[i] * lScale + lOffset
      if (!(v >= lo && v <= hi && t > lstMin)) {
        out[i] = NaN
        same = 0
        continue
      }
      if (v !== lastV) {
        w = aw + bw * v
        den = ad + bd * v - w
        if (den === 0) den = 1e-6
        lastV = v
      }
      let x = (t - w) / den
      if (clip) x = x < 0 ? 0 : x > 1 ? 1 : x
      ${checked ? 'if (!Number.isFinite(x)) { out[i] = NaN; same = 0; continue }' : ''}
      out[i] = x
      cnt++
      sum += x
      if (i === start) first = x
      else if (x !== first) same = 0
      if (x <= mn) {
        if (x < mn) {
          mn = x
          minCount = 0
        }
        minCount++
      }
      if (x >= mx) {
        if (x > mx) {
          mx = x
          maxCount = 0
        }
        maxCount++
      }
    }
    firsts[r] = first
    constant[r] = same
  }
  stats[0] = cnt
  stats[1] = sum
  if (mn < stats[2]) stats[2] = mn
  if (mx > stats[3]) stats[3] = mx
  rows.min = mn
  rows.minCount = minCount
  rows.max = mx
  rows.maxCount = maxCount`
}

type IndexSamplesKernel = (fit: TvdiFit, ndvi: SampleStrip, lst: SampleStrip, out: Float64Array, n: number, stats: Float64Array, rows: RowProfile) => void
const INDEX_PARAMS = ['fit', 'ndvi', 'lst', 'out', 'n', 'stats', 'rows']
const INDEX_SAMPLES_CHECKED = perTypeKernel<IndexSamplesKernel>('tvdiIndexSamplesChecked', INDEX_PARAMS, indexSamplesSource(true))
const INDEX_SAMPLES_CLIPPED = perTypeKernel<IndexSamplesKernel>('tvdiIndexSamplesClipped', INDEX_PARAMS, indexSamplesSource(false))

/**
 * Whether every index value of this fit over these samples is finite without testing it: the index is clipped (an
 * overflow to +-Infinity becomes 0 or 1), and the edges, the NDVI range and the samples' scales are all far from
 * overflowing (|.| < 1e100), so the edges and the denominator (never 0) are finite and no value can be NaN.
 */
function surelyFinite(fit: TvdiFit, ndvi: SampleStrip, lst: SampleStrip): boolean {
  const { lo, hi, clip } = fit.rule
  const bounded = [fit.ad, fit.bd, fit.aw, fit.bw, lo, hi, ndvi.scale, ndvi.offset, lst.scale, lst.offset].every((x) => Math.abs(x) < 1e100)
  return clip && bounded
}

/**
 * tvdiIndex over stored samples (the final sweep of a job whose NDVI and LST are reads nobody else takes): pixel i's
 * NDVI and LST are samples[i] * scale + offset, converted here as the reader converts them, so every output equals
 * tvdiIndex's over the converted strips to the last bit, without the two float64 strips in between. It also profiles
 * the rows it writes (`rows`: each row's first value and sameness, the extremes and their counts, as
 * ContentAccumulator.add finds them), which spares a pass over the output (task 46: 28 ms a date against 34 for the
 * index and that pass). tvdiIndex's loop is repeated rather than shared with this one: one loop per input kind keeps
 * each loop's element loads monomorphic, and one generated source for both ran 12-25 % slower.
 */
export function tvdiIndexSamples(fit: TvdiFit, ndvi: SampleStrip, lst: SampleStrip, out: Float64Array, n: number, stats: Float64Array, rows: RowProfile): void {
  const kernel = surelyFinite(fit, ndvi, lst) ? INDEX_SAMPLES_CLIPPED : INDEX_SAMPLES_CHECKED
  kernel(fit, ndvi, lst, out, n, stats, rows)
}
