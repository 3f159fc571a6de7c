/**
 * The planner's periods, read from the span parser's period spans (main/domain/spans/periods.ts holds the
 * one period parser; the verifier interprets the same spans with its own code). Each period keeps the words it was
 * read from (`text`, `at`), so the task reader knows which phrases it used.
 */
import { BOUNDS_INCLUDED } from '../domain/lexicon/periods'
import { DATE_SPAN_RANGES } from '../domain/lexicon/statistics'
import { all, parseQuestion, type PeriodSpan } from '../domain/spans'
import { alternation, phraseRegex } from '../domain/spans/words'
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

const BOUNDS_INCLUDED_AFTER = new RegExp(`^\\s*[,(:;]?\\s*(?:${alternation(BOUNDS_INCLUDED)})\\s*\\)?`, 'i')

/** "from 1 March to 30 June 2019, both days included": the words after a range that say its ends are kept, as [at, end). */
function boundsIncluded(q: string, spans: readonly PeriodSpan[]): [number, number][] {
  return spans
    .filter((p) => p.start !== p.last)
    .flatMap((p) => {
      const m = BOUNDS_INCLUDED_AFTER.exec(q.slice(p.end))
      return m ? [[p.end, p.end + m[0].length] as [number, number]] : []
    })
}

/** "window: 25 May -> 26 Jun 2019", "the time window 01.06.-31.08.2019": the word that names the period after it. */
const WINDOW_BEFORE = /\b(?:(?:time|date|temporal|study|analysis)\s+)?window\s*(?::|=|of|from)?\s*$/i
const WINDOW_AGAIN = /\b(?:that|this|the\s+same|the)\s+(?:(?:time|date|temporal|study|analysis)\s+)?window\b/gi

/**
 * The words "window" naming a period of dates, as [at, end): right before the period, and where that window is
 * referred to again ("For that window, ..."). A window of pixels is written with numbers, never with dates.
 */
function periodWindows(q: string, spans: readonly PeriodSpan[]): [number, number][] {
  const named = spans.flatMap((p) => {
    const m = WINDOW_BEFORE.exec(q.slice(0, p.at))
    return m ? [[p.at - m[0].length, p.at] as [number, number]] : []
  })
  if (named.length === 0) return []
  const again = [...q.matchAll(WINDOW_AGAIN)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as [number, number])
  return [...named, ...again.filter(([at]) => !named.some(([a, e]) => at >= a && at < e))]
}

/** "The date range", "the range of dates" (the lexicon's): the name of a period, no statistic. */
const DATE_SPAN_RE = phraseRegex(DATE_SPAN_RANGES)

/**
 * The words about the periods that name none of their own: those that introduce one ("the date range", "window"),
 * and a range's ends said to be kept.
 */
export function periodWords(q: string, spans: readonly PeriodSpan[]): { at: number; end: number; role: string }[] {
  return [
    ...[...q.matchAll(DATE_SPAN_RE)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, role: 'period (its name)' })),
    ...boundsIncluded(q, spans).map(([at, end]) => ({ at, end, role: 'period (its ends kept)' })),
    ...periodWindows(q, spans).map(([at, end]) => ({ at, end, role: 'period (its name)' })),
  ]
}
