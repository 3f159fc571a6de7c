/**
 * Time-series statistics over dated values: calendar aggregation and the non-parametric trend pair used in
 * Earth-observation trend studies.
 *
 * - Sen's slope (Sen 1968, after Theil 1950): median of the pairwise slopes (y_j - y_i) / (t_j - t_i), i < j;
 *   intercept median(y_i - slope * t_i) (Conover 1980).
 * - Mann-Kendall test (Mann 1945; Kendall 1975): S = sum sign(y_j - y_i); variance with the tie correction
 *   Var(S) = [n(n-1)(2n+5) - sum_t t(t-1)(2t+5)] / 18; continuity-corrected z = (S - sign(S)) / sqrt(Var(S));
 *   two-sided p = 2 (1 - Phi(|z|)); tau = S / (n(n-1)/2) (tau-a); a trend when p < alpha.
 */
import { stat } from './stats'

export interface SeriesPoint {
  /** YYYY-MM-DD for dated items, or a period label after aggregation (2019, 2019-03, 2019-JJA, all). */
  date: string
  id: string
  value: number
  /** Valid pixels (or items, after aggregation) behind the value. */
  valid: number
}

/** Complementary error function, accurate to ~1e-15: power series below 3, Lentz continued fraction above. */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x)
  if (x < 3) {
    // erf(x) = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1))
    let term = x
    let sum = x
    for (let n = 1; n < 200; n++) {
      term *= (-x * x) / n
      const add = term / (2 * n + 1)
      sum += add
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum
  }
  // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...)))), evaluated by the modified Lentz method.
  const tiny = 1e-300
  let f = x
  let C = x
  let D = 0
  for (let k = 1; k < 500; k++) {
    const a = k / 2
    D = x + a * D
    D = D === 0 ? tiny : 1 / D
    C = x + a / C
    if (C === 0) C = tiny
    const delta = C * D
    f *= delta
    if (Math.abs(delta - 1) < 1e-16) break
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f
}

/** Standard normal cumulative distribution. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2)
}

export interface TrendResult {
  slope: number
  intercept: number
  /** 1 increasing, -1 decreasing, 0 no significant trend at alpha. */
  trend: number
  p: number
  z: number
  tau: number
  s: number
  var_s: number
  n: number
}

export function trend(t: readonly number[], y: readonly number[], alpha: number): TrendResult {
  const n = y.length
  const slopes: number[] = []
  let s = 0
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      s += Math.sign(y[j] - y[i])
      if (t[j] !== t[i]) slopes.push((y[j] - y[i]) / (t[j] - t[i]))
    }
  }
  const slope = stat(slopes, 'median')
  const intercept = stat(
    y.map((v, i) => v - slope * t[i]),
    'median',
  )
  const ties = new Map<number, number>()
  for (const v of y) ties.set(v, (ties.get(v) ?? 0) + 1)
  let tieTerm = 0
  for (const c of ties.values()) if (c > 1) tieTerm += c * (c - 1) * (2 * c + 5)
  const varS = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18
  const z = varS > 0 ? (s > 0 ? (s - 1) / Math.sqrt(varS) : s < 0 ? (s + 1) / Math.sqrt(varS) : 0) : 0
  // 2 (1 - Phi(|z|)) written as erfc(|z| / sqrt 2): the subtraction would round p to 0 beyond |z| ~ 8.3.
  const p = erfc(Math.abs(z) / Math.SQRT2)
  const tau = n > 1 ? s / ((n * (n - 1)) / 2) : 0
  return { slope, intercept, trend: p < alpha ? Math.sign(z) : 0, p, z, tau, s, var_s: varS, n }
}

/**
 * Ordinary least-squares line y = slope * t + intercept, with its coefficient of determination. The Mann-Kendall
 * test fields stay those of `trend` (a rank test, independent of the fitted line).
 */
export function olsFit(t: readonly number[], y: readonly number[]): { slope: number; intercept: number; r2: number } {
  const n = y.length
  const mt = t.reduce((a, b) => a + b, 0) / n
  const my = y.reduce((a, b) => a + b, 0) / n
  let stt = 0
  let sty = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    stt += (t[i] - mt) ** 2
    sty += (t[i] - mt) * (y[i] - my)
    syy += (y[i] - my) ** 2
  }
  const slope = stt > 0 ? sty / stt : 0
  const intercept = my - slope * mt
  const r2 = stt > 0 && syy > 0 ? (sty * sty) / (stt * syy) : 0
  return { slope, intercept, r2 }
}

/** Meteorological season label: Dec counts toward the next year's DJF. */
export function seasonLabel(date: string): string {
  const y = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7))
  if (m === 12) return `${y + 1}-DJF`
  if (m <= 2) return `${y}-DJF`
  if (m <= 5) return `${y}-MAM`
  if (m <= 8) return `${y}-JJA`
  return `${y}-SON`
}

export type Period = 'year' | 'month' | 'season' | 'all'

export function periodLabel(date: string, by: Period): string {
  if (by === 'all') return 'all'
  if (by === 'year') return date.slice(0, 4)
  if (by === 'month') return date.slice(0, 7)
  return seasonLabel(date)
}

const SEASON_ORDER: Record<string, number> = { DJF: 0, MAM: 1, JJA: 2, SON: 3 }
/** Centre month (1-12) of each season, for placing a season label on a time axis (DJF: January of its year). */
const SEASON_CENTRE: Record<string, string> = { DJF: '01', MAM: '04', JJA: '07', SON: '10' }

/** A sort key that orders period labels chronologically ('2019-MAM' before '2019-JJA', unlike a string sort). */
function chronoKey(label: string): string {
  const m = /^(\d{4})-(DJF|MAM|JJA|SON)$/.exec(label)
  return m ? `${m[1]}-S${SEASON_ORDER[m[2]]}` : label
}

/** Aggregate points by calendar period, in chronological order; each output's `valid` is the number of points in it. */
export function aggregate(points: readonly SeriesPoint[], by: Period, statName: string): SeriesPoint[] {
  const groups = new Map<string, number[]>()
  for (const p of points) {
    const k = periodLabel(p.date, by)
    const g = groups.get(k)
    if (g) g.push(p.value)
    else groups.set(k, [p.value])
  }
  return [...groups.entries()]
    .sort((a, b) => (chronoKey(a[0]) < chronoKey(b[0]) ? -1 : chronoKey(a[0]) > chronoKey(b[0]) ? 1 : 0))
    .map(([label, vals]) => ({ date: label, id: label, value: stat(vals, statName), valid: vals.length }))
}

/**
 * Changes from one point of a series to the next, in its order: each step is dated by its later point and counts
 * the points behind both ends. `rise` gives later minus earlier (a drop is negative); `drop` earlier minus later (a
 * drop is positive, for "the largest drop"). Points without a value (no valid pixel) are skipped, so a step joins
 * the values on either side of them.
 */
export function steps(points: readonly SeriesPoint[], sign: 'rise' | 'drop'): SeriesPoint[] {
  const kept = points.filter((p) => p.valid > 0 && Number.isFinite(p.value))
  return kept.slice(1).map((p, i) => {
    const before = kept[i]
    return {
      date: p.date,
      id: `${before.id}->${p.id}`,
      value: sign === 'rise' ? p.value - before.value : before.value - p.value,
      valid: p.valid + before.valid,
    }
  })
}

/** A date standing for a label: mid-year (July 2) for a year, the 15th for a month, the centre month's 15th for a season. */
function labelDate(label: string): string {
  if (label.length === 4) return `${label}-07-02`
  if (label.length === 7) return `${label}-15`
  const m = /^(\d{4})-(DJF|MAM|JJA|SON)$/.exec(label)
  return m ? `${m[1]}-${SEASON_CENTRE[m[2]]}-15` : label
}

/** Time coordinate of a point for the trend: its index, decimal year, or days since the first point. */
export function timeAxis(points: readonly SeriesPoint[], mode: 'index' | 'years' | 'months' | 'days'): number[] {
  if (mode === 'index') return points.map((_, i) => i)
  // Months as twelfths of the decimal year (a slope per month is the slope per year over 12).
  if (mode === 'months') return timeAxis(points, 'years').map((y) => y * 12)
  const ms = points.map((p) => Date.parse(`${labelDate(p.date)}T00:00:00Z`))
  if (ms.some((v) => Number.isNaN(v))) throw new RangeError('the series has labels that are not dates, so time must be "index"')
  if (mode === 'days') return ms.map((v) => (v - ms[0]) / 86_400_000)
  // A year or month label stands for the whole step: its centre in decimal years, the same in every year (a
  // mid-year date would shift leap years by a day and bend a per-year slope of annual means).
  if (points.every((p) => /^\d{4}(?:-\d{2})?$/.test(p.date)))
    return points.map((p) => Number(p.date.slice(0, 4)) + (p.date.length === 4 ? 0.5 : (Number(p.date.slice(5, 7)) - 0.5) / 12))
  return ms.map((v) => {
    const d = new Date(v)
    const y = d.getUTCFullYear()
    const start = Date.UTC(y, 0, 1)
    return y + (v - start) / (Date.UTC(y + 1, 0, 1) - start)
  })
}
