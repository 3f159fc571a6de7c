/**
 * Refiners over the span parser's spans (run after the parsers, before the interpreters read them):
 * - a threshold in a temperature unit, in a question that names no variable at all ("how many pixels are hotter
 *   than 35 °C", "the scene mean exceeds 305 K"), tests the variable the lexicon names by the bare word
 *   "temperature" (the surface temperature): the unit says which quantity is compared; so does an answer asked in
 *   a temperature unit with no variable and no condition named ("the middle value of those scene means, in K");
 * - the order of a difference the question writes (`orderSubtractions`): "A minus B" between two periods, or beside
 *   the months or days that restate them ("(May minus October)"), and a comparative between two periods ("was May
 *   warmer than October", "does August exceed that of May") with no other combination word, which is their
 *   difference in the comparative's order;
 * - a part of the image named in a sentence that does not ask (no question mark, no statistic, count, condition or
 *   date asked, no instruction verb opening it, no "we want / I need") is context when a sentence that asks names
 *   a part of its own ("The belt runs through the centre of the scene. What is the mean ... of the middle third of
 *   columns?"); with no part in the ask it stays the region (it may be the only place the part is said), and a
 *   sentence that says what the analysis looks at ("We only study the north half.", "The study area is ...") keeps
 *   its part (two parts named are then refused, naming both);
 * - a unit named in a sentence that does not ask ("Our US partners think in Fahrenheit.") is context when a sentence
 *   that asks names its own answer unit ("what share of the valid pixels (in %) is below 100 degrees F ...") or asks
 *   a share ("What percentage of the pixels ..."): an answer has one unit, and the ask states it.
 * Words from the lexicon.
 */
import { STEP_VERBS } from '../lexicon/context'
import { UNITS } from '../lexicon/units'
import { VARIABLES } from '../lexicon/variables'
import { COMPARATIVES } from '../lexicon/series'
import { COUNTED_DATES, EXTREME_WORDS, PIXEL_NOUNS, PIXEL_QUANTIFIERS } from '../lexicon/statistics'
import { BLANK } from './statements'
import { CHANGED_BY, DAY, MONTH_RE, monthOf } from './period-words'
import type { CombineSpan, PeriodSpan, Span } from './types'
import { alternation, hits, overlaps } from './words'

const TEMPERATURE_UNITS = new Set(UNITS.filter((u) => u.quantity === 'temperature').map((u) => u.key))
const TEMPERATURE = VARIABLES.find((v) => v.names.includes('temperature'))

const INSTRUCTS = new RegExp(`^\\s*(?:please\\s+)?(?:${STEP_VERBS.join('|')})\\b`, 'i')
const WANTS = /\b(?:we|i)\s+(?:(?:also|only|really)\s+)?(?:want|need|wish|would\s+like|ask)\b/i
/** Words of a sentence that scopes the analysis rather than describes the land ("we only study", "our focus is"). */
const SCOPES =
  /\b(?:we|our|us|i|my|only|just|solely|restrict\w*|limit\w*|focus\w*|consider\w*|look\w*|study|studied|analys\w+|analyz\w+|interest\w*|clip\w*|subset|crop\w*|mask\w*|use|using|keep|exclude\w*|ignore\w*)\b/i
const ASKING_SPANS: ReadonlySet<Span['type']> = new Set(['statistic', 'count', 'condition', 'date_of', 'relative_threshold'])

export function refineSpans(q: string, spans: Span[], sentences: readonly { at: number; end: number; text: string }[] = []): void {
  if (TEMPERATURE && !spans.some((s) => s.type === 'variable' || s.type === 'band')) {
    for (const s of spans) if (s.type === 'condition' && s.variable === null && TEMPERATURE_UNITS.has(s.unit ?? '')) s.variable = TEMPERATURE.key
    // "the middle value of those 2019 scene means ... in K": a temperature asked with no variable named is the
    // temperature, as a threshold's unit says which quantity it compares.
    const unit = spans.find((s) => s.type === 'unit' && TEMPERATURE_UNITS.has(s.key))
    if (unit && !spans.some((s) => s.type === 'condition'))
      spans.push({ type: 'variable', at: unit.at, end: unit.end, text: unit.text, key: TEMPERATURE.key, kind: TEMPERATURE.kind })
  }
  changedByPercent(q, spans)
  pixelExtremes(q, spans)
  orderSubtractions(q, spans)
  contextParts(spans, sentences)
  contextUnits(spans, sentences)
}

type Sentence = { at: number; end: number; text: string }
const within = (x: { at: number }, s: { at: number; end: number }) => x.at >= s.at && x.at < s.end

/** The sentences that ask: a question mark, an instruction, a want, or a statistic, count, condition or date asked. */
function askingSentences(spans: Span[], sentences: readonly Sentence[]): Sentence[] {
  const asks = (s: Sentence) =>
    s.text.includes('?') || INSTRUCTS.test(s.text) || WANTS.test(s.text) || spans.some((x) => ASKING_SPANS.has(x.type) && within(x, s))
  return sentences.filter(asks)
}

function contextUnits(spans: Span[], sentences: readonly Sentence[]): void {
  if (sentences.length < 2) return
  const units = spans.filter((x) => x.type === 'unit')
  const asking = askingSentences(spans, sentences)
  // The ask's own unit: one it names, or a share it asks ("what percentage of the pixels"), which is in percent.
  const share = (x: Span) => x.type === 'statistic' && x.key === 'fraction'
  if (!spans.some((x) => (x.type === 'unit' || share(x)) && asking.some((s) => within(x, s)))) return
  for (const u of units) {
    if (asking.some((s) => within(u, s))) continue
    spans.splice(spans.indexOf(u), 1, { type: 'context_unit', at: u.at, end: u.end, text: u.text })
  }
}

function contextParts(spans: Span[], sentences: readonly Sentence[]): void {
  if (sentences.length < 2) return
  const parts = spans.filter((x) => x.type === 'part')
  const asking = askingSentences(spans, sentences)
  if (!parts.some((p) => asking.some((s) => within(p, s)))) return
  for (const s of sentences) {
    if (asking.includes(s) || SCOPES.test(s.text)) continue
    for (const p of parts) {
      if (!within(p, s)) continue
      spans.splice(spans.indexOf(p), 1, { type: 'context_part', at: p.at, end: p.end, text: p.text })
    }
  }
}

const MINUS = /\b(?:minus|less|subtract(?:ed)?)\b|(?:^|\s)-(?:\s|$)/i
// The comparative and its "than" may stand apart, with the first period between them ("how many kelvin warmer was
// 13 Aug than 28 Jul"): the words between stay in one clause.
const COMPARATIVE = new RegExp(
  `\\b(?:(${[...COMPARATIVES.up].join('|')})(?:\\s+|\\s[^.?!;:]{0,80}?\\s)than|(${COMPARATIVES.exceed.join('|')}))\\b|\\b(${COMPARATIVES.down.join('|')})(?:\\s+|\\s[^.?!;:]{0,80}?\\s)than\\b`,
  'gi',
)
/**
 * A month or a day with its month written right before (`$`) or after (`^`) a subtraction, with no year; before it,
 * with up to two words of what is taken of it ("(June median minus July median)", "June's mean minus ...").
 */
const NAMED_BEFORE = new RegExp(`(?:${DAY}\\s+(?:of\\s+)?${MONTH_RE}|${MONTH_RE}(?:\\s+${DAY})?)(?:'s)?(?:\\s+[a-z]+){0,2}\\s*$`, 'i')
const NAMED_AFTER = new RegExp(`^\\s*(?:the\\s+)?(?:${DAY}\\s+(?:of\\s+)?${MONTH_RE}|${MONTH_RE}(?:\\s+${DAY})?)\\b`, 'i')

/** The one period a month or day written without its year names (its first month, and its first day when a day is written). */
function periodNamed(m: RegExpExecArray | null, periods: readonly PeriodSpan[]): PeriodSpan | undefined {
  if (!m) return undefined
  const [day, month] = m[1] ? [Number(m[1]), monthOf(m[2])] : [m[4] ? Number(m[4]) : null, monthOf(m[3])]
  const named = periods.filter((p) => Number(p.start.slice(5, 7)) === month && (day === null || Number(p.start.slice(8, 10)) === day))
  return named.length === 1 ? named[0] : undefined
}

/**
 * Refiner: the order of a difference the question writes. "A minus B" takes the periods written right beside it
 * (restated by their month or day: "(29 August minus 23 April)") or else the nearest before and after it; a
 * comparative between two periods with no combination word ("the mean LST of May 2019 was ?? K warmer than the one
 * of Oct. 2019") is their difference, the first named minus the second for "warmer", the second minus the first
 * for "colder". A comparative inside a threshold ("warmer than 300 K") is the condition's.
 */
function orderSubtractions(q: string, spans: Span[]): void {
  const periods = spans.filter((s): s is PeriodSpan => s.type === 'period').sort((a, b) => a.at - b.at)
  const written = (minuend: PeriodSpan, subtrahend: PeriodSpan) => ({
    minuend: { start: minuend.start, last: minuend.last },
    subtrahend: { start: subtrahend.start, last: subtrahend.last },
  })
  const combines = spans.filter((s): s is CombineSpan => s.type === 'combine')
  for (const c of combines) {
    if (c.key !== 'difference' || !MINUS.test(c.text)) continue
    const before = periodNamed(NAMED_BEFORE.exec(q.slice(Math.max(0, c.at - 30), c.at)), periods) ?? periods.filter((p) => p.end <= c.at).at(-1)
    const after = periodNamed(NAMED_AFTER.exec(q.slice(c.end, c.end + 30)), periods) ?? periods.find((p) => p.at >= c.end)
    if (before && after && before.start !== after.start) c.written = written(before, after)
  }
  if (combines.length) return
  for (const m of q.matchAll(COMPARATIVE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    const space = m[0].search(/\s/)
    const word = { at, end: space < 0 ? end : at + space }
    const than = space < 0 ? word : { at: end - 4, end }
    // A comparative inside a threshold is the condition's, at either of its ends ("warmer than 300 K").
    if (spans.some((s) => s.type === 'condition' && (overlaps(s, word) || overlaps(s, than)))) continue
    const before = periods.filter((p) => p.end <= than.at).at(-1)
    const after = periods.find((p) => p.at >= end)
    if (!before || !after || before.start === after.start) continue
    const down = Boolean(m[3])
    spans.push({ type: 'combine', at, end, text: m[0], key: 'difference', written: down ? written(after, before) : written(before, after), comparative: true })
    return
  }
}

/** "increased by ___ %", "fell by ?? percent", "rose by [X] %": a change whose size is asked in percent. */
const CHANGED_BY_PERCENT = new RegExp(`${CHANGED_BY.source}\\s+(?:${BLANK.source}|how\\s+(?:many|much))\\s*(?:%|percent\\b|per\\s*cent\\b)`, 'gi')

/**
 * Refiner: a change whose size is asked in percent ("the mean NDVI increased by ___ % relative to its April
 * level") is a percent change, not a difference given in percent.
 */
function changedByPercent(q: string, spans: Span[]): void {
  for (const m of q.matchAll(CHANGED_BY_PERCENT)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (spans.some((s) => s.type === 'combine' && s.key === 'percent_change' && s.at < end && s.end > at)) continue
    spans.push({ type: 'combine', at, end, text: m[0], key: 'percent_change' })
  }
}

const PIXEL_EXTREME = new RegExp(
  `(?:(${alternation(EXTREME_WORDS.max)})|(${alternation(EXTREME_WORDS.min)}))\\s+(?:(?!(?:${alternation([...COUNTED_DATES, ...PIXEL_QUANTIFIERS.some, ...PIXEL_QUANTIFIERS.every, 'and', 'or', 'of', 'in', 'on', 'with', 'where'])}))[\\w-]+\\s+){0,4}?(${alternation(PIXEL_NOUNS)})`,
  'gi',
)

/**
 * Refiner: an extreme word said of one pixel ("on which date does the single hottest LST pixel occur", "the lowest
 * NDVI pixel value") asks the maximum or minimum of the pixels: the pixel noun is read as that statistic, so a date
 * asked by it is the date of the highest per-date maximum, not of the highest scene mean.
 */
function pixelExtremes(q: string, spans: Span[]): void {
  for (const h of hits(q, PIXEL_EXTREME)) {
    const noun = h.m[3]
    const at = h.at + h.text.length - noun.length
    const end = h.end
    if (spans.some((s) => (s.type === 'statistic' || s.type === 'count' || s.type === 'condition') && s.at < end && s.end > at)) continue
    spans.push({ type: 'statistic', at, end, text: noun, key: h.m[1] ? 'max' : 'min' })
  }
}
