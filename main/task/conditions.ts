/**
 * The planner's conditions, read from the span parser's condition spans (main/domain/spans/conditions.ts
 * holds the one condition parser over the lexicon's comparator, negation and unit words): comparisons, ranges,
 * negated selections, QA classes, the condition on a date's share of the area, and thresholds relative to a
 * statistic (refused). Each keeps the words it was read from and where they are.
 */
import { VARIABLES } from '../domain/lexicon'
import { all, first, variableBefore as lexVariableBefore, type ParsedQuestion } from '../domain/spans'
import type { Condition } from './spec'

export interface Found<T> {
  value: T
  at: number
  end: number
}

type Op = '>' | '>=' | '<' | '<='

/** The variable named last before a position (within 60 characters), or null. */
export function variableBefore(text: string, at: number): string | null {
  return lexVariableBefore(text, at)
}

export interface ConditionsRead {
  conditions: Found<Condition>[]
  areaCondition: Found<{ op: Op; value: number }> | null
  /** Percentages relative to a statistic ("115% of the mean"): not supported, reported as not understood. */
  relative: Found<string>[]
}

const KIND = new Map(VARIABLES.map((v) => [v.key, v.kind]))

/** Conditions of a parsed question; `taken` spans (periods) are skipped. */
export function readConditions(parsed: ParsedQuestion, taken: [number, number][]): ConditionsRead {
  const free = (at: number, end: number) => !taken.some(([a, b]) => at < b && end > a)
  const conditions: Found<Condition>[] = all(parsed.spans, 'condition')
    .filter((c) => free(c.at, c.end))
    .map((c) => {
      const range = c.op === 'between' || c.op === 'outside'
      const kind = c.variable ? KIND.get(c.variable) : undefined
      const value: Condition = {
        variable: c.variable,
        op: c.op,
        ...(range ? { low: c.low, high: c.high } : { value: c.value }),
        unit: c.unit,
        text: c.text.trim(),
        ...(c.negated ? { negated: true } : {}),
        ...(kind ? { variableKind: kind } : {}),
      }
      return { at: c.at, end: c.end, value }
    })
  const area = first(parsed.spans, 'area_condition')
  return {
    conditions,
    areaCondition: area ? { at: area.at, end: area.end, value: { op: area.op, value: area.value } } : null,
    relative: all(parsed.spans, 'relative_threshold').map((r) => ({ at: r.at, end: r.end, value: r.text })),
  }
}
