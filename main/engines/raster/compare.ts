/**
 * The one comparison of a value with a threshold or a range, as the DAG's comparison ops declare it: the raster
 * job's per-pixel share/count (job/evaluate.ts, job/evaluate-strips.ts) and the series count
 * (tools/execute/ops/scalar-ops.ts) both call it. `between` and `outside` include and exclude their bounds.
 */

export type ComparisonOp = '>' | '>=' | '<' | '<=' | 'between' | 'outside'

/** The threshold (`value`) or range (`low`..`high`) a comparison op reads; the op's params schema ensures the right ones are set. */
export interface ComparisonBounds {
  value?: number
  low?: number
  high?: number
}

export function compare(op: ComparisonOp, v: number, s: ComparisonBounds): boolean {
  switch (op) {
    case '>':
      return v > s.value!
    case '>=':
      return v >= s.value!
    case '<':
      return v < s.value!
    case '<=':
      return v <= s.value!
    case 'between':
      return v >= s.low! && v <= s.high!
    case 'outside':
      return v < s.low! || v > s.high!
  }
}
