/**
 * The planner's periods, read from the span parser's period spans (main/domain/spans/periods.ts holds the
 * one period parser; the verifier interprets the same spans with its own code). Each period keeps the words it was
 * read from (`text`, `at`), so the task reader knows which phrases it used.
 */
import { all, parseQuestion, type PeriodSpan } from '../domain/spans'
// Date arithmetic shared by both interpreters lives with the period words; the readings of the spans stay apart.
export { daysBetween, spanOf } from '../domain/spans/period-words'

export type Granularity = 'day' | 'month' | 'season' | 'quarter' | 'half' | 'year' | 'years'

export interface Period {
  /** Inclusive, YYYY-MM-DD. */
  start: string
  end: string
  granularity: Granularity
  /** The words it was read from. */
  text: string
  /** Where those words start in the question. */
  at?: number
  /** Only the dates of these months (1..12) inside [start, end]. */
  months?: number[]
  /** The convention a named span was placed with ("growing season": April to October). */
  convention?: string
}

/** Period spans as the planner's periods. */
export function periodsOfSpans(spans: readonly PeriodSpan[]): Period[] {
  return spans.map((p) => ({
    start: p.start,
    end: p.last,
    granularity: p.granularity,
    text: p.text.trim(),
    at: p.at,
    ...(p.months ? { months: p.months } : {}),
    ...(p.convention ? { convention: p.convention } : {}),
  }))
}

/** All periods of a question, in the order written. */
export function extractPeriods(question: string): Period[] {
  return periodsOfSpans(all(parseQuestion(question).spans, 'period'))
}
