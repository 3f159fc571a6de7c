/**
 * Independent reference computations for the task tests: plain typed-array math over rasters decoded with
 * geotiff.js (not the project's reader, not its engine). Conventions follow numpy where the spec names one: linear
 * percentiles (numpy default), population std (ddof 0); TVDI as Sandholt et al. 2002 with 100 equal NDVI bins
 * between the valid min and max, per-bin max/min LST fitted by least squares against bin centres, clipped to [0, 1].
 */
import { readBands } from './decoded-bands'

export interface Decoded {
  data: Float64Array
  width: number
  height: number
}

/** Decode band 1 of a GeoTIFF, nodata -> NaN, then value * scale. */
export async function decode(file: string, scale = 1): Promise<Decoded> {
  const { bands, nodata, width, height } = await readBands(file)
  const band = bands[0]
  const data = new Float64Array(band.length)
  for (let i = 0; i < band.length; i++) data[i] = nodata !== null && band[i] === nodata ? NaN : band[i] * scale
  return { data, width, height }
}

export function valid(values: ArrayLike<number>): number[] {
  const out: number[] = []
  for (let i = 0; i < values.length; i++) if (values[i] === values[i]) out.push(values[i])
  return out
}

export function mean(values: ArrayLike<number>): number {
  let s = 0
  let n = 0
  for (let i = 0; i < values.length; i++)
    if (values[i] === values[i]) {
      s += values[i]
      n++
    }
  return n ? s / n : NaN
}

export function std(values: ArrayLike<number>): number {
  const m = mean(values)
  let ss = 0
  let n = 0
  for (let i = 0; i < values.length; i++)
    if (values[i] === values[i]) {
      ss += (values[i] - m) ** 2
      n++
    }
  return n ? Math.sqrt(ss / n) : NaN
}

/** numpy.percentile(values, p) with the default linear method, NaN ignored. */
export function percentile(values: ArrayLike<number>, p: number): number {
  const v = Float64Array.from(valid(values)).sort()
  if (v.length === 0) return NaN
  const h = ((v.length - 1) * p) / 100
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, v.length - 1)
  return v[lo] + (h - lo) * (v[hi] - v[lo])
}

export function count(values: ArrayLike<number>, keep: (x: number) => boolean): number {
  let n = 0
  for (let i = 0; i < values.length; i++) if (values[i] === values[i] && keep(values[i])) n++
  return n
}

/** Values of the rows whose centre lies in the top half (north-up grid), the odd middle row left out. */
export function northHalf(d: Decoded): Float64Array {
  return d.data.subarray(0, Math.floor(d.height / 2) * d.width)
}

/** Ordinary least squares of y on x: [intercept, slope]. */
export function leastSquares(x: number[], y: number[]): [number, number] {
  const n = x.length
  const mx = x.reduce((a, b) => a + b, 0) / n
  const my = y.reduce((a, b) => a + b, 0) / n
  let sxy = 0
  let sxx = 0
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my)
    sxx += (x[i] - mx) ** 2
  }
  const slope = sxy / sxx
  return [my - slope * mx, slope]
}

/** TVDI per pixel (NaN where invalid), or null when fewer than 100 valid pixels. */
export function tvdi(ndvi: Float64Array, lst: Float64Array, lastBin: 'closed' | 'open' = 'closed'): Float64Array | null {
  const idx: number[] = []
  let vmin = Infinity
  let vmax = -Infinity
  for (let i = 0; i < ndvi.length; i++) {
    if (ndvi[i] >= 0 && ndvi[i] <= 1 && lst[i] > 0) {
      idx.push(i)
      vmin = Math.min(vmin, ndvi[i])
      vmax = Math.max(vmax, ndvi[i])
    }
  }
  if (idx.length < 100) return null
  const bins = 100
  const step = (vmax - vmin) / bins
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? vmax : vmin + i * step))
  const dry = new Array<number>(bins).fill(-Infinity)
  const wet = new Array<number>(bins).fill(Infinity)
  for (const i of idx) {
    const v = ndvi[i]
    // Bin by comparison with the edges: edge_b <= v < edge_b+1; the maximum itself in the last bin ('closed', as
    // numpy.histogram) or in none ('open', as Earth-Agent's tool).
    let b = Math.min(bins - 1, Math.max(0, Math.floor((v - vmin) / step)))
    while (b > 0 && v < edges[b]) b--
    while (b < bins - 1 && v >= edges[b + 1]) b++
    const inLast = lastBin === 'closed' && b === bins - 1 && v === vmax
    if (!(v >= edges[b] && (v < edges[b + 1] || inLast))) continue
    dry[b] = Math.max(dry[b], lst[i])
    wet[b] = Math.min(wet[b], lst[i])
  }
  const xs: number[] = []
  const dy: number[] = []
  const wy: number[] = []
  for (let b = 0; b < bins; b++) {
    if (dry[b] === -Infinity) continue
    xs.push((edges[b] + edges[b + 1]) / 2)
    dy.push(dry[b])
    wy.push(wet[b])
  }
  const [ad, bd] = leastSquares(xs, dy)
  const [aw, bw] = leastSquares(xs, wy)
  const out = new Float64Array(ndvi.length).fill(NaN)
  for (const i of idx) {
    const w = aw + bw * ndvi[i]
    let den = ad + bd * ndvi[i] - w
    if (den === 0) den = 1e-6
    out[i] = Math.min(1, Math.max(0, (lst[i] - w) / den))
  }
  return out
}
