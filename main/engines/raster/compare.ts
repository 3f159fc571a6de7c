/**
 * The one comparison of a value with a threshold or a range, as the DAG's comparison ops declare it: the raster
 * job's per-pixel share/count (job/evaluate.ts, job/evaluate-strips.ts) and the series count
 * (tools/execute/ops/scalar-ops.ts) both call it; the expression language (expr.ts) and the mask's valid range
 * (mask.ts) compare through `difference`. `between` and `outside` include and exclude their bounds.
 */

export type ComparisonOp = '>' | '>=' | '<' | '<=' | 'between' | 'outside'

/** The threshold (`value`) or range (`low`..`high`) a comparison op reads; the op's params schema ensures the right ones are set. */
export interface ComparisonBounds {
  value?: number
  low?: number
  high?: number
}

/**
 * How far apart, relative to their size, a value and a bound may lie and still be one number: a few units in the
 * last place of a float64. A stored integer scaled by a factor that is no binary fraction lands a unit or two off
 * the decimal it stands for (3500 × 0.0001 = 0.35000000000000003, while 3500 / 10000 = 0.35), and a bound written as
 * that decimal must still meet it, as numpy's DN / 10000 meets it: otherwise "NDVI outside 0.15-0.35, the ends
 * inside" counts the 1134 pixels of DN 3500 on 2019-10-16 as outside. Values that really differ are far beyond this
 * (a float32 0.35 lies 1.7e-8 below 0.35).
 */
export const SAME_NUMBER = 8 * Number.EPSILON

/** a - b, or 0 when a and b are one number within SAME_NUMBER; NaN and infinite differences as they are. */
export function difference(a: number, b: number): number {
  const d = a - b
  if (d === 0 || !Number.isFinite(d)) return d
  return Math.abs(d) <= SAME_NUMBER * Math.max(Math.abs(a), Math.abs(b)) ? 0 : d
}

/**
 * The comparison as a function of the value, its operator resolved once: loops over pixels call this rather than
 * `compare`, so no operator name is compared per pixel (expr.ts says why).
 */
export function comparator(op: ComparisonOp, s: ComparisonBounds): (v: number) => boolean {
  const { value = NaN, low = NaN, high = NaN } = s
  switch (op) {
    case '>':
      return (v) => difference(v, value) > 0
    case '>=':
      return (v) => difference(v, value) >= 0
    case '<':
      return (v) => difference(v, value) < 0
    case '<=':
      return (v) => difference(v, value) <= 0
    case 'between':
      return (v) => difference(v, low) >= 0 && difference(v, high) <= 0
    case 'outside':
      return (v) => difference(v, low) < 0 || difference(v, high) > 0
  }
}

export function compare(op: ComparisonOp, v: number, s: ComparisonBounds): boolean {
  switch (op) {
    case '>':
      return difference(v, s.value!) > 0
    case '>=':
      return difference(v, s.value!) >= 0
    case '<':
      return difference(v, s.value!) < 0
    case '<=':
      return difference(v, s.value!) <= 0
    case 'between':
      return difference(v, s.low!) >= 0 && difference(v, s.high!) <= 0
    case 'outside':
      return difference(v, s.low!) < 0 || difference(v, s.high!) > 0
  }
}
