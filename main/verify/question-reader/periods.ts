/**
 * Time periods named in a question, as the verifier reads them from the span parser's period spans (the one period
 * parser, main/domain/spans/periods.ts): "in 2019", "February 2022", "on July 12, 2022", "from June to
 * September 2023", "winter 2019/20", "the summers of 2018-2020", "the first quarter of 2019" ... Each becomes an
 * inclusive ISO date range with the granularity it was stated at (quarters and halves are months to the verifier).
 * The policy checks the dates an observation used against these periods.
 */
import { all, parseQuestion, type PeriodSpan } from '../../domain/spans'
// Date arithmetic shared by both interpreters lives with the period words; the readings of the spans stay apart.
export { daysBetween, spanOf } from '../../domain/spans/period-words'

export type Granularity = 'day' | 'month' | 'season' | 'year' | 'years'

export interface Period {
  /** Inclusive, YYYY-MM-DD. */
  start: string
  end: string
  granularity: Granularity
  /** The words it was read from. */
  text: string
  /** Only the dates of these months (1..12) inside [start, end]. */
  months?: number[]
}

/** The verifier's reading of period spans. */
export function periodsFromSpans(spans: readonly PeriodSpan[]): Period[] {
  return spans.map((p) => ({
    start: p.start,
    end: p.last,
    granularity: p.granularity === 'quarter' || p.granularity === 'half' ? 'month' : p.granularity,
    text: p.text.trim(),
    ...(p.months ? { months: [...p.months] } : {}),
  }))
}

export function extractPeriods(question: string): Period[] {
  return periodsFromSpans(all(parseQuestion(question).spans, 'period'))
}
