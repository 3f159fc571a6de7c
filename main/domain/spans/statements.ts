/**
 * Statements beside the ask (DESIGN section 9: context that does not bear on the ask must not block, words that could
 * change the value must). A sentence that states a fact ("Frost slows the crews down.", "Dry soils tend to be the
 * warmest ones.") rather than asks, instructs or directs, beside a sentence that asks, is set aside: its words are
 * listed but never read into the spec, and the compiler's check of context does not refuse on its statistic-like or
 * unit words. It is set aside only when it can change nothing the ask does not state:
 * - no span of the lexicon lies in it but thresholds the ask restates (same value and unit) and variables the ask
 *   names too, and no number but those thresholds';
 * - no phrase in it would block (a part, a time span, a mask, a class ...: `blocks`);
 * - no first- or second-person word, which may direct ("We only look at the hottest fields."), beyond a clause that
 *   only says why the question is asked ("..., but we want to check");
 * - the ask does not point back to it: no pronoun of reference in the ask ("their mean", "those fields"), and no word
 *   of the statement that the ask repeats without reading it ("Good growing days are warm and green. How many good
 *   growing days ...").
 */
import {
  REFERRING_PRONOUNS,
  FILLER,
  INSTRUCTION_OPENERS,
  MOTIVATION_VERBS,
  PERSONAL_WORDS,
  REPORT_MARKERS,
  REQUEST_OPENERS,
  WANT_VERBS,
} from '../lexicon/context'
import { unitKey } from './condition-patterns'
import type { ConditionSpan, Span } from './types'
import { alternation } from './words'
import { YEAR } from './period-words'

type Range = { at: number; end: number; text: string }

/** A sentence that instructs ("Exclude clouds.", "Mask the clouds."): it asks, even without a question mark. */
export const INSTRUCTION = new RegExp(`^\\s*(?:please\\s+)?(?:${alternation(INSTRUCTION_OPENERS)})\\b`, 'i')
/** A sentence that asks for a value without a question mark ("We want the middle value ...", "Report the mean ..."). */
export const WANTS = new RegExp(
  `\\b(?:we|i)\\s+(?:(?:also|only|really)\\s+)?(?:${alternation(WANT_VERBS)})\\b|^\\s*(?:please\\s+)?(?:${alternation(REQUEST_OPENERS)})\\b`,
  'i',
)
/** A clause saying why the question is asked ("but we want to check", "and I need to verify this"). */
const MOTIVATION = new RegExp(
  `(?:,\\s*)?\\b(?:(?:but|and|so)\\s+)?(?:we|i)\\s+(?:(?:just|also|really|only)\\s+)?(?:${alternation(WANT_VERBS)})\\s+to\\s+(?:${alternation(MOTIVATION_VERBS)})(?:\\s+(?:this|that|it))?\\s*(?=[.,;!]|$)`,
  'gi',
)
/** A question word opening a sentence written without its question mark ("what is the mean NDVI on 12 July."). */
const QUESTION_OPENER = /^\s*(?:what|which|how|when|where|is|are|was|were|does|do|did|can|could)\b/i
const PERSONAL = new RegExp(`(?<![\\w'])(?:${alternation(PERSONAL_WORDS)})(?![\\w'])`, 'i')
const DEMONSTRATIVE = /(?<![\w'])(?:such|these|those)(?![\w'])/i
const BACK_REFERENCE = new RegExp(`(?<![\\w'])(?:${alternation(REFERRING_PRONOUNS)})(?![\\w'])`, 'i')
const FILLER_SET = new Set(FILLER)
/** A number with the unit written after it, if any ("44 °C", "0.3", "300 K"). */
const NUMBER_UNIT = /[+\-−]?\d+(?:\.\d+)?(?:\s*(°\s?[cf]\b|℃|℉|k\b|%|degrees?\s+(?:celsius|fahrenheit|c|f)\b))?/gi

/** Another time or source a clause reports on, and a verb in the past (lexicon REPORT_MARKERS). */
const REPORT_TIME = new RegExp(
  `(?<![\\w'])(?:${alternation(REPORT_MARKERS.times)})(?![\\w'])|\\b(?:19|20)\\d{2}\\s+(?:${alternation(REPORT_MARKERS.sources)})\\b`,
  'gi',
)
const REPORT_SOURCE = new RegExp(`\\b(?:${alternation(REPORT_MARKERS.sources)})\\b`, 'i')
const REPORT_TIME_TEST = new RegExp(REPORT_TIME.source, 'i')
const PAST_VERBS = new RegExp(`\\b(?:${alternation(REPORT_MARKERS.pastVerbs)})\\b`, 'gi')
const PAST_VERB = new RegExp(PAST_VERBS.source, 'i')
const YEAR_RE = new RegExp(`(?<!\\d)${YEAR}(?!\\d)`, 'g')
/**
 * Whether a clause reports on other data: another time or source, told in the past. A year the ask does not name
 * is another time ("in 2018 the step came in October" beside an ask about 2019), when the ask names one.
 */
const reportsOtherData = (text: string, askYears: ReadonlySet<string>) => {
  if (!PAST_VERB.test(text)) return false
  if (REPORT_TIME_TEST.test(text) || REPORT_SOURCE.test(text)) return true
  const years = text.match(YEAR_RE) ?? []
  return askYears.size > 0 && years.length > 0 && years.every((y) => !askYears.has(y))
}

/** A blank to fill in ("___", "[X]", "TBD", "??"): the sentence holding it is the ask of a report line. */
export const BLANK = /_{2,}|\[\s*[xX?]?\s*\]|\?{2,}|\bTBD\b/

/** Whether a sentence asks, instructs, says what the writer wants, or holds a blank to fill in. */
export function asks(text: string): boolean {
  return text.includes('?') || BLANK.test(text) || INSTRUCTION.test(text) || QUESTION_OPENER.test(text) || WANTS.test(text.replace(MOTIVATION, ' '))
}

/** The clauses of a sentence, split at ", and", ", but", ", while", ", whereas", ", so". */
function clausesOf(s: Range): Range[] {
  const out: Range[] = []
  let from = 0
  for (const m of s.text.matchAll(/,\s*(?:and|but|while|whereas|so)\s+/gi)) {
    const cut = m.index ?? 0
    out.push({ at: s.at + from, end: s.at + cut, text: s.text.slice(from, cut) })
    from = cut + m[0].length
  }
  out.push({ at: s.at + from, end: s.end, text: s.text.slice(from) })
  return out
}

/** Content words of a text (lower case, a plural's "s" off), filler left out. */
function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 3 && !FILLER_SET.has(w)).map((w) => (w.length > 3 ? w.replace(/s$/, '') : w))
}

/**
 * The statements of `q` set aside beside its ask, and the thresholds of statements that would be set aside but for
 * them (`unsure`: "Cotton suffers once the ground is hotter than 41 °C." beside an ask about 44 °C, which may state a
 * fact or limit the pixels). `parts`: its sentences; `spans`: the parser's spans; `blocks(text)`: whether a phrase
 * that would block (spans/ledger.ts) lies in a text.
 */
export function statementSentences(
  q: string,
  parts: readonly Range[],
  spans: readonly Span[],
  blocks: (text: string) => boolean,
): { setAside: Range[]; reports: Range[]; unsure: ConditionSpan[] } {
  const none = { setAside: [], reports: [], unsure: [] }
  if (parts.length < 2) return none
  const askIdx = parts.map((s, i) => (asks(s.text) ? i : -1)).filter((i) => i >= 0)
  const askParts = (askIdx.length ? askIdx : [parts.length - 1]).map((i) => parts[i])
  // A pronoun of the ask may point back to a statement; to a report on other data only a demonstrative can ("such
  // patches", "those scenes": "its 10th percentile", "their valid pixels" refer within the ask).
  const refersBack = askParts.some((s) => BACK_REFERENCE.test(s.text))
  const refersToReport = askParts.some((s) => DEMONSTRATIVE.test(s.text))
  const askYears = new Set(askParts.flatMap((s) => s.text.match(YEAR_RE) ?? []))
  const inside = (x: { at: number }, s: { at: number; end: number }) => x.at >= s.at && x.at < s.end
  const askSpans = spans.filter((x) => askParts.some((s) => inside(x, s)))
  // What the ask says without reading: the words of its sentences no span took (a count's span holds the words of
  // what it counts: "how many good growing days").
  const masked = q.split('')
  for (const x of spans) if (x.type !== 'count') for (let i = x.at; i < x.end; i++) masked[i] = ' '
  const askFree = new Set(askParts.flatMap((s) => contentWords(masked.slice(s.at, s.end).join(''))))
  for (const x of spans) if (x.type === 'count') for (let i = x.at; i < x.end; i++) masked[i] = ' '
  // The ask's thresholds, negated or not ("not below 0.2" states 0.2 too).
  const askThresholds = askSpans.filter((x): x is ConditionSpan => x.type === 'condition' && x.value !== undefined)
  const restated = (c: ConditionSpan) => askThresholds.some((x) => x.value === c.value && x.unit === c.unit)
  // A threshold of the ask written again with or without its comparison ("once the surface passes 44 °C").
  const restatedNumber = (n: string, unit: string | undefined) =>
    askThresholds.some(
      (x) => x.value === Number(n.replace('−', '-')) && (!unit || unitKey(unit.replace(/°\s+/, '°').replace(/^deg(?:rees?)?\s+/i, 'degrees ')) === x.unit),
    )
  const setAside: Range[] = []
  const reports: Range[] = []
  const unsure: ConditionSpan[] = []
  // Kinds of span the ask states its own of; a series step and a pooling word are one kind ("per-date").
  const kindOf = (x: Span) => (x.type === 'series' ? 'pooling' : x.type)
  const askKinds = new Set(askSpans.map(kindOf))
  // A threshold in a report must be on a variable the ask sets its own threshold on ("treated anything above 40 °C as
  // extreme" beside "LST above 35 °C"): one on another variable may be a limit the ask keeps. One with no variable
  // named counts by its unit ("anything above 40 °C" beside "LST above 35 °C").
  const askConditioned = new Set(askThresholds.map((x) => x.variable))
  const ownKept = (x: Span) =>
    x.type !== 'condition' || (x.variable !== null ? askConditioned.has(x.variable) : x.unit !== null && askThresholds.some((a) => a.unit === x.unit))
  // Each clause of a sentence that does not ask, on its own ("Below 0.2 NDVI the pixels are bare soil, and NDVI
  // values below 0 are not valid"): the first may be a fact, the second sets pixels aside.
  const clauses = parts.filter((s) => !askParts.includes(s)).flatMap(clausesOf)
  for (const s of clauses) {
    // Its spans: thresholds (restated or not, judged below) and variables the ask names too.
    const own = spans.filter((x) => x.at < s.end && x.end > s.at)
    // A report on other data ("last year's survey counted about 120 patches and treated anything above 40 °C as
    // extreme", "our previous report quoted 0.41 for another sensor"): its numbers and words are that data's, where
    // the ask states its own value of every kind of span in it (so nothing of the report could be the only place a
    // threshold, period or statistic is asked) and no phrase in it would block but its own time words.
    // The report's own marker words ("for comparison") are no span of what it reports.
    const markers = [...s.text.matchAll(REPORT_TIME)].map((m) => ({ at: s.at + (m.index ?? 0), end: s.at + (m.index ?? 0) + m[0].length }))
    const reported = own.filter((x) => !markers.some((mk) => x.at >= mk.at && x.end <= mk.end))
    const report = !refersToReport && reportsOtherData(s.text, askYears)
    if (report && reported.every((x) => x.at >= s.at && x.end <= s.end && askKinds.has(kindOf(x)) && ownKept(x))) {
      const words = masked.slice(s.at, s.end).join('').replace(REPORT_TIME, ' ')
      // The report's own verbs ("counted") are no words the ask could point back with ("pixels ... not counted").
      const pointsBack = contentWords(s.text.replace(PAST_VERBS, ' ')).some((w) => askFree.has(w))
      if (!blocks(words) && !pointsBack) {
        reports.push(s)
        continue
      }
    }
    // A report on other data with a threshold the ask does not state ("In 2018 pixels above 0.5 were flagged."
    // beside "the mean NDVI of 2019"): a fact of that data or a limit the ask keeps; it is not read, and it blocks.
    const unstatedInReport = report ? own.filter((x): x is ConditionSpan => x.type === 'condition' && !restated(x) && x.at >= s.at && x.end <= s.end) : []
    if (unstatedInReport.length) {
      unsure.push(...unstatedInReport)
      continue
    }
    if (refersBack) continue
    const askNames = (x: Span) => x.type === 'variable' && askSpans.some((a) => a.type === 'variable' && a.key === x.key)
    if (own.some((x) => (x.type !== 'condition' && !askNames(x)) || (x.type === 'condition' && x.negated) || x.at < s.at || x.end > s.end)) continue
    const rest = masked
      .slice(s.at, s.end)
      .join('')
      .replace(NUMBER_UNIT, (m: string, unit: string | undefined) => (restatedNumber(m.match(/[+\-−]?\d+(?:\.\d+)?/)![0], unit) ? ' ' : m))
    if (/\d/.test(rest) || PERSONAL.test(s.text.replace(MOTIVATION, ' ')) || blocks(rest)) continue
    if (contentWords(s.text).some((w) => askFree.has(w))) continue
    const unstated = own.filter((x): x is ConditionSpan => x.type === 'condition' && !restated(x))
    if (unstated.length) unsure.push(...unstated)
    else setAside.push(s)
  }
  return { setAside, reports, unsure }
}
