/**
 * Asks whose words the span parser reads but whose answer the app does not give: a rank below the first ("the
 * second-highest scene mean", whose extreme word the date-of span reads as the highest) and a yes or no about two
 * values ("Is it true that the median of A is greater than that of B?", "... > ...? yes/no", "was A warmer than B?",
 * whose comparative is read as their difference; a blank beside a yes/no marker is where the yes or no goes), and a
 * value asked of the date an extreme picks ("which date holds the coldest pixel? Give the mean of that date", where
 * the date had been answered), and the sample standard deviation (ddof 1, where the population one had been
 * answered). Each becomes a phrase of ParsedQuestion.blocked, which blocks whatever span consumed its words, for the
 * planner's and the verifier's interpreters alike. A yes/no that also asks how much ("... higher, and by how many
 * kelvin?") is answered with the value and does not block.
 */
import { YES_NO_MARKERS } from '../lexicon/comparators'
import { EXTREME_WORDS, PICKED_DATE_REFERENCES, RANKS, SAMPLE_STD, VARIABLE_EXTREME_WORDS } from '../lexicon/statistics'
import { BLANK } from './statements'
import type { Span } from './types'
import { alternation, hits, sentences } from './words'

const RANK_WHY = 'a rank below the first (the second highest ...), which the reader does not compute: ask for the value of each date'
const PICKED_WHY = 'a value of the date an extreme picks, which the reader does not compute: ask for the date, then for the value on it'
const SAMPLE_STD_WHY = 'the sample standard deviation (ddof 1), which the app does not compute: it gives the population one (ddof 0)'
const YES_NO_WHY = 'a yes/no comparison of two values: the app answers with values; ask for the difference or for each value'

const EXTREMES = [...EXTREME_WORDS.max, ...EXTREME_WORDS.min, ...Object.values(VARIABLE_EXTREME_WORDS).flatMap((w) => [...w.max, ...w.min])]
const RANK_RE = new RegExp(`(?:${alternation(RANKS)})[\\s-]+(?:(?:${alternation(EXTREMES)})|most\\b|least\\b)`, 'gi')
const MARKER_RE = new RegExp(`(?:${alternation(YES_NO_MARKERS)})`, 'gi')
const SAMPLE_STD_RE = new RegExp(`(?:${alternation(SAMPLE_STD)})`, 'gi')
const PICKED_RE = new RegExp(`(?:${alternation(PICKED_DATE_REFERENCES)})`, 'gi')
/** A sentence that opens as a yes/no question ("Is ...", "so, was ...", "... : did ..."), not a request ("can you ..."). */
const YES_NO_OPENER =
  /^\s*(?:[-*•]\s*)?(?:(?:so|and|but|ok|okay|also|then|quick\s+one)\s*[,:]?\s+)?(?:is|was|are|were|did|does|do|has|had|will|would)\b(?!\s+(?:you|u|we|i)\b)/i
/** Words that ask for a magnitude besides the yes or no: the value is then the answer. */
const MAGNITUDE_WORDS =
  /\bhow\s+(?:much|many)\b|\bby\s+what\b|\bwhat\s+(?:is|was|are|were)\b|\b(?:give|report|state|provide|show|list|tell)\s+(?:me\s+|us\s+)?(?:the|both|its|their|it|them)\b|\b(?:difference|ratio|percent|percentage)\b/i
/** The same, or a blank to fill in with the value. */
const MAGNITUDE_ASKED = new RegExp(`${MAGNITUDE_WORDS.source}|${BLANK.source}`, 'i')

export function unansweredAsks(q: string, spans: readonly Span[]): { at: number; end: number; why: string }[] {
  const out = hits(q, RANK_RE).map(({ at, end }) => ({ at, end, why: RANK_WHY }))
  for (const { at, end } of hits(q, SAMPLE_STD_RE)) out.push({ at, end, why: SAMPLE_STD_WHY })
  if (spans.some((s) => s.type === 'date_of')) for (const { at, end } of hits(q, PICKED_RE)) out.push({ at, end, why: PICKED_WHY })
  // A yes/no marker blocks unless a magnitude is asked in words too (a blank beside it is where the yes or no goes).
  const markers = hits(q, MARKER_RE)
  if (markers.length > 0 && !MAGNITUDE_WORDS.test(q)) for (const { at, end } of markers) out.push({ at, end, why: YES_NO_WHY })
  if (MAGNITUDE_ASKED.test(q)) return out
  for (const s of sentences(q)) {
    if (!YES_NO_OPENER.test(s.text)) continue
    for (const c of spans) if (c.type === 'combine' && c.comparative && c.at >= s.at && c.at < s.end) out.push({ at: c.at, end: c.end, why: YES_NO_WHY })
  }
  return out
}
