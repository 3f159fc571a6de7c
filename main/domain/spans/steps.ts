/**
 * Changes from one point of a series to the next: "the biggest drop between two consecutive acquisitions", "the
 * largest month-to-month increase", "the average change from one acquisition to the next", "on which date did NDVI
 * fall the most compared with the previous acquisition". The phrase that makes the steps, then in its clause the
 * direction asked (before it, or right after: "month-to-month increase") and what is taken over them: an extreme or
 * mean word before the direction, "the most" after it, a date asked in the sentence. Words from the lexicon
 * (SERIES_STEPS).
 */
import { SERIES_STEPS } from '../lexicon/series'
import type { StepsSpan } from './types'
import { alternation, hits, phraseRegex } from './words'

const CONSECUTIVE_RE = phraseRegex(SERIES_STEPS.consecutive)
const MONTHLY_RE = phraseRegex(SERIES_STEPS.monthly)
const DIRECTION = `(${alternation(SERIES_STEPS.rise)})|(${alternation(SERIES_STEPS.drop)})|(${alternation(SERIES_STEPS.change)})`
const DIRECTION_RE = new RegExp(DIRECTION, 'gi')
/** The direction right after the phrase ("month-to-month increase"). */
const DIRECTION_AFTER = new RegExp(`^\\s*(?:${DIRECTION})`, 'i')
/**
 * What is taken over the steps, said before the direction: an extreme up to two words before ("the sharpest
 * cooling", "largest month-to-month increase"), a mean right before it ("the average change"; "the mean NDVI
 * dropped" is the statistic of each date).
 */
const OVER_BEFORE = new RegExp(`(?:(${alternation(SERIES_STEPS.largest)})(?:\\s+[\\w-]+){0,2}?|(${alternation(SERIES_STEPS.mean)}))\\s+$`, 'i')
/** "fell the most", "dropped the most". */
const MOST_AFTER = new RegExp(`^\\s+(?:${alternation(SERIES_STEPS.most)})\\b`, 'i')
/** A date asked in the sentence ("on which 2019 acquisition date", "which acquisition shows", "when"). */
const DATE_ASKED =
  /\b(?:on\s+|in\s+)?(?:which|what)\s+(?:is\s+the\s+|was\s+the\s+)?(?:(?:19|20)\d{2}\s+)?(?:acquisition\s+)?(?:date|day|acquisition|image|scene|month)\b|\bwhen\b|\bthe\s+date\s+(?:of|with|when|where|on\s+which)\b/i

export function stepsSpans(q: string): StepsSpan[] {
  const out: StepsSpan[] = []
  const found = [...hits(q, MONTHLY_RE).map((h) => ({ h, monthly: true })), ...hits(q, CONSECUTIVE_RE).map((h) => ({ h, monthly: false }))]
  for (const { h, monthly } of found) {
    if (out.some((s) => h.at < s.end && h.end > s.at)) continue
    const start = Math.max(...['.', '?', '!', ';', '\n'].map((c) => q.lastIndexOf(c, h.at - 1))) + 1
    const nextStop = q.slice(h.end).search(/[.?!;\n]/)
    const sentence = q.slice(start, nextStop < 0 ? q.length : h.end + nextStop)
    const words: { at: number; end: number }[] = []
    // The direction: the last one before the phrase in its clause, or the word right after it.
    const before = [...q.slice(start, h.at).matchAll(DIRECTION_RE)].pop()
    const after = before ? null : DIRECTION_AFTER.exec(q.slice(h.end))
    const m = before ?? after
    let direction: StepsSpan['direction'] = null
    let over: StepsSpan['over'] = null
    if (m) {
      direction = m[1] ? 'rise' : m[2] ? 'drop' : 'change'
      const dirAt = before ? start + (before.index ?? 0) : h.end + (after!.index ?? 0) + after![0].length - (m[1] ?? m[2] ?? m[3]).length
      const dirEnd = dirAt + (m[1] ?? m[2] ?? m[3]).length
      words.push({ at: dirAt, end: dirEnd })
      // What is taken over the steps: before the direction (or before the phrase when the direction follows it).
      const lead = before ? q.slice(start, dirAt) : q.slice(start, h.at)
      const most = MOST_AFTER.exec(q.slice(dirEnd))
      const o = most ? null : OVER_BEFORE.exec(lead)
      if (most) {
        over = 'max'
        words.push({ at: dirEnd, end: dirEnd + most[0].length })
      } else if (o) {
        over = o[1] ? 'max' : 'mean'
        const oAt = start + o.index
        words.push({ at: oAt, end: oAt + (o[1] ?? o[2]).length })
      }
    }
    // The date of the largest step asked ("which acquisition shows the largest rise"): only with an extreme.
    const dateAsked = over === 'max' ? DATE_ASKED.exec(sentence) : null
    if (dateAsked) {
      over = 'date'
      const dAt = start + dateAsked.index
      words.push({ at: dAt, end: dAt + dateAsked[0].length })
    }
    out.push({ type: 'steps', at: h.at, end: h.end, text: h.text, granularity: monthly ? 'monthly' : 'acquisition', direction, over, words })
  }
  return out
}
