/**
 * Values kept in the count ("negative NDVI must be counted too", "including negative values"; domain/spans
 * conditions.ts): they select nothing. Read where no condition of the ask leaves them out ("NDVI below 0.1, negative
 * NDVI counted too"); a condition that does ("only NDVI from 0 to 1 ..., negative values included") contradicts them
 * and the question is refused on it.
 */
import { compare } from '../engines/raster/compare'
import { all } from '../domain/spans'
import type { Reading } from './reading'
import type { Condition } from './spec'

export function readIncludedValues(r: Reading, conditions: readonly Condition[]): void {
  for (const x of all(r.parsed.spans, 'included_values')) {
    const against = conditions.filter((c) => !c.population && (x.variable === null || c.variable === null || c.variable === x.variable))
    const clash = against.find((c) => (c.unit ?? null) !== (x.unit ?? null) || samplesOf(x).some((v) => compare(c.op, v, c) === Boolean(c.negated)))
    if (clash) r.refuse(x.text.trim(), `values said to be kept that the condition "${clash.text}" leaves out`)
    r.use(x.at, x.end, clash ? 'values kept (refused)' : 'values kept in the count (restated)')
  }
}

/** Points inside a comparison's set of values, near its bounds and far from them. */
function samplesOf(x: { op: string; value?: number; low?: number; high?: number }): number[] {
  const v = x.value ?? 0
  const [lo, hi] = [x.low ?? 0, x.high ?? 0]
  const eps = 1e-9
  switch (x.op) {
    case '<':
      return [v - eps, v - 0.5, v - 1e6]
    case '<=':
      return [v, v - 0.5, v - 1e6]
    case '>':
      return [v + eps, v + 0.5, v + 1e6]
    case '>=':
      return [v, v + 0.5, v + 1e6]
    case 'between':
      return [lo, (lo + hi) / 2, hi]
    default:
      return [lo - eps, lo - 1e6, hi + eps, hi + 1e6]
  }
}
