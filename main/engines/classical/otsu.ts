/**
 * Otsu's threshold (Otsu 1979): the cut that maximises the between-class variance of a histogram. Values are binned
 * into `bins` equal bins between their finite minimum and maximum (NaN ignored); the threshold returned is the upper
 * edge of the last bin of the lower class, in the values' own units.
 */
export interface OtsuResult {
  threshold: number
  /** Between-class variance at the threshold divided by the total variance (0..1): how bimodal the values are. */
  separability: number
  bins: number
  count: number
}

export function otsuThreshold(values: ArrayLike<number>, bins = 256): OtsuResult | null {
  let lo = Infinity
  let hi = -Infinity
  let n = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (!Number.isFinite(v)) continue
    n++
    if (v < lo) lo = v
    if (v > hi) hi = v
  }
  if (n < 2 || hi <= lo) return null
  const hist = new Float64Array(bins)
  const width = (hi - lo) / bins
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (!Number.isFinite(v)) continue
    hist[Math.min(bins - 1, Math.floor((v - lo) / width))]++
  }
  let sumAll = 0
  let sqAll = 0
  for (let b = 0; b < bins; b++) {
    const c = lo + (b + 0.5) * width
    sumAll += hist[b] * c
    sqAll += hist[b] * c * c
  }
  const mean = sumAll / n
  const total = sqAll / n - mean * mean
  let w0 = 0
  let sum0 = 0
  let best = -1
  let cut = 0
  for (let b = 0; b < bins - 1; b++) {
    w0 += hist[b]
    sum0 += hist[b] * (lo + (b + 0.5) * width)
    const w1 = n - w0
    if (w0 === 0 || w1 === 0) continue
    const m0 = sum0 / w0
    const m1 = (sumAll - sum0) / w1
    const between = (w0 / n) * (w1 / n) * (m0 - m1) ** 2
    if (between > best) {
      best = between
      cut = b
    }
  }
  return { threshold: lo + (cut + 1) * width, separability: total > 0 ? best / total : 0, bins, count: n }
}
