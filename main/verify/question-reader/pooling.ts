/**
 * Whether a statistic over several dates pools all pixels of all dates into one sample ("over all pixels of all
 * dates", "pooled") or takes the statistic of per-date values ("the mean of the daily means", "average of the
 * per-scene medians"). Null when the question does not say.
 */
import { BACK_REFERENCES, POOLING } from '../../domain/lexicon'
import { alternation } from '../../domain/spans/words'
import { readStatistics, type StatisticKind } from './statistic'

export type Pooling = 'pooled' | 'per_date'

const POOLED_WORDS = new RegExp(`\\b(?:${alternation(POOLING.pooled)})\\b`, 'i')

export function readPooling(question: string): { pooling: Pooling; words: string } | null {
  // The lexicon's pooling words ("pooled", "pooling every valid pixel ... into one sample"), and "all pixels of all dates".
  const pooled =
    POOLED_WORDS.exec(question) ??
    /\ball\s+(?:valid\s+)?pixels\s+(?:of|from|across|over)\s+all\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:dates|days|scenes|images|acquisitions|overpasses)\b|\bacross\s+all\s+pixels\s+and\s+(?:dates|days|scenes)\b/i.exec(
      question,
    )
  if (pooled) return { pooling: 'pooled', words: pooled[0] }
  const perDate =
    /\b(?:mean|average|median|maximum|minimum|max|min|range|spread)\s+of\s+(?:the\s+)?(?:daily|per[\s-](?:date|day|scene|image)|scene|image|monthly)\s+(?:means?|averages?|medians?|values?|maxima|minima)\b/i.exec(
      question,
    )
  if (perDate) return { pooling: 'per_date', words: perDate[0] }
  return null
}

/** Which statistic the question takes of each date's pixels and which over those per-date values. */
export interface StatisticOrder {
  pixels: StatisticKind
  dates: StatisticKind
  words: string
}

const PER_DATE_WORDS = new RegExp(`\\b(?:${alternation(POOLING.per_date)})\\b`, 'i')
const BACK_REFERENCE = new RegExp(`\\b(\\w+)\\s+(?:${alternation(BACK_REFERENCES)})\\b`, 'gi')
const PER_DATE_ADJECTIVE = /\b(\w+)\s+of\s+(?:the\s+)?(?:daily|per[\s-](?:date|day|scene|image|acquisition)|scene|image|individual)\s+(\w+)/gi

/** The one statistic kind a few words name (percentiles aside: their rank would have to match too), else null. */
function kindOf(words: string): StatisticKind | null {
  // A plural names the statistic of each date ("the per-date means", "the daily maxima").
  const singular = words.replace(/^(maxim|minim)a$/i, '$1um').replace(/^(\w+?)s$/i, '$1')
  const kinds = [...new Set([...readStatistics(words).asked, ...readStatistics(singular).asked].map((a) => a.kind))]
  return kinds.length === 1 && kinds[0] !== 'percentile' ? kinds[0] : null
}

/**
 * The order of two statistics the question states: "the median of the per-date means" (median over the dates of
 * each date's mean), or "take the mean LST of each date, then the median of these means" (the statistic that
 * refers back to values computed before is over the dates; the one said before it, of each date's pixels). Null
 * when the question states no such order, or names the statistics ambiguously.
 */
export function readStatisticOrder(question: string): StatisticOrder | null {
  for (const m of question.matchAll(PER_DATE_ADJECTIVE)) {
    const dates = kindOf(m[1])
    const pixels = kindOf(m[2])
    if (dates && pixels) return { pixels, dates, words: m[0] }
  }
  if (!PER_DATE_WORDS.test(question)) return null
  for (const m of question.matchAll(BACK_REFERENCE)) {
    const dates = kindOf(m[1])
    const said = [...new Set(readStatistics(question.slice(0, m.index)).asked.map((a) => a.kind))]
    if (dates && said.length === 1 && said[0] !== 'percentile') return { pixels: said[0], dates, words: m[0] }
  }
  return null
}
