/**
 * The span parser (DESIGN section 9): a question becomes typed spans, parsers first (periods, regions,
 * conditions, statistics, counts, variables, units, pooling, series, combinations), then refiners (a negation
 * word before a QA class becomes a negated class condition; seasons compared within one year). Every word comes
 * from the lexicon. `ledgerOf` then records what became of each content word given the spans an interpreter used:
 * consumed, or not understood -- blocking when it could change the value (a statistic, part, time span, mask or
 * unit no span placed), never blocking in a context sentence ("For a memo on ...").
 */
import { CONTEXT_OPENERS, GREETINGS } from '../lexicon/context'
import { NEGATIONS } from '../lexicon/comparators'
import { ANSWER_UNIT_LEADS, UNITS } from '../lexicon/units'
import { OBJECT_CLASSES, VARIABLES } from '../lexicon/variables'
import {
  COUNT_LEADS,
  COUNT_TRAILS,
  ELLIPTICAL_COUNT_VERBS,
  EXTREME_WORDS,
  VARIABLE_EXTREME_WORDS,
  COUNTED_DATES,
  COUNTED_PIXELS,
  PERCENTILE_WORDS,
  ORDINAL_PERCENTILE_WORDS,
  QUARTILES,
  SIGNIFICANCE,
  NOT_STATISTICS,
  STATISTICS,
} from '../lexicon/statistics'
import { COMBINATIONS, POOLING, SERIES_GRANULARITIES } from '../lexicon/series'
import { MONTHS, SEASONS } from '../lexicon/periods'
import { CALIBRATION_RES, bandSpans, indexBandSpans, indexConstantSpans } from './bands'
import { bandComparisonSpans, definedMentions, formulaSpans } from './formulas'
import { widenLongForms } from './long-forms'
import { storedValueSpans, validRangeSpans, zeroDnSpans } from './stored-values'
import { markers } from './markers'
import { areaBasisSpans } from './area-basis'
import { stepsSpans } from './steps'
import { parseConditions } from './conditions'
import { applyCorrections, type Correction } from './corrections'
import { codeReductions, meansOfMasks } from './code-reductions'
import { decimalCommas } from './decimal-commas'
import { numberedMonths } from './numbered-months'
import { spelledNumbers } from './number-words'
import { spelledLetters } from './spelled-letters'
import { correctTypos } from './typos'
import { excludedDays, excludedMonths } from './period-exclusions'
import { dateShapedRanges, readPeriods } from './periods'
import { numberedGridParts } from './grid-cells'
import { parseBoxes, windowsNumberedTwoWays } from './boxes'
import { complementedBox, gridParts, parseParts, stripParts } from './regions'
import { qaBitConditionSpans, qaBitsSpans, qaClassSpans } from './qa-classes'
import { BLOCKING } from './ledger'
import { refineSpans } from './refiners'
import { BLANK, statementSentences } from './statements'
import { unansweredAsks } from './unanswered-asks'
import type { ConditionSpan, Span } from './types'
import { SHARE_OF_COMPARED_VARIABLE, VARIABLE_RE, variableNamed } from './variables'
import { alternation, hits, hitsOver, overlaps, phraseRegex, sentences } from './words'
export { sentences } from './words'

export interface ParsedQuestion {
  /** The question with runs of white space made single spaces, typographic apostrophes plain, and typing slips corrected (span positions refer to it). */
  text: string
  spans: Span[]
  /** Sentences that set context rather than ask ([at, end) ranges). */
  context: { at: number; end: number }[]
  /** Statements beside the ask that it does not refer back to (spans/statements.ts): set aside, their spans dropped. */
  statements: { at: number; end: number }[]
  /** Reports on other data beside the ask ("last year's survey counted ..."): set aside, their spans dropped. */
  reports: { at: number; end: number }[]
  /** Thresholds of such statements that the ask does not state: not read, and they block (a fact, or a limit?). */
  unsureThresholds: { at: number; end: number }[]
  /** Phrases that block whatever span reads their words, with why: corrections in later messages the reader could not place (spans/corrections.ts), a mean of a comparison written as code. */
  blocked: { at: number; end: number; why: string }[]
}

const UNPLACED_CORRECTION = 'a correction whose corrected words the reader could not find (write the corrected ask in one message)'

export function normalizeQuestion(q: string): string {
  // One character for one, so positions do not move: "Sen’s slope" reads as the lexicon's "sen's slope".
  return q.replace(/\s+/g, ' ').replace(/[‘’ʼ]/g, "'").trim()
}

const STAT_RES = STATISTICS.map((s) => ({ key: s.key, re: phraseRegex(s.names) }))
const NOT_STAT_RE = phraseRegex(NOT_STATISTICS)
// (Or a variable and its comparison: "% of valid LST > 310 K" is the share of the valid pixels above 310 K.)
const BARE_SHARE_RE = new RegExp(
  `(?<![\\d.]\\s*)%\\s+of\\s+(?=(?:the\\s+|all\\s+|those\\s+|these\\s+)?(?:[\\w-]+\\s+){0,2}?(?:pixels?|px|cells|subset|selection|image|scene|area)\\b)|${SHARE_OF_COMPARED_VARIABLE}`,
  'gi',
)
const PERCENTILE_RE = new RegExp(
  `\\b(\\d{1,2}(?:\\.\\d+)?)(?:st|nd|rd|th)?[\\s-]*(?:${alternation(PERCENTILE_WORDS)})|\\bp(\\d{1,2})\\b(?!\\s*[-/])|\\b(${alternation(Object.keys(QUARTILES))})|\\b(\\d{1,2})(?:st|nd|rd|th)[\\s-]*(?:${alternation(ORDINAL_PERCENTILE_WORDS)})\\b|(?<![\\d.])(0?\\.\\d+)[\\s-]*quantile\\b|\\bquantile\\s*(?:\\(\\s*|of\\s+|at\\s+|q\\s*=\\s*)?(0?\\.\\d+)`,
  'gi',
)
const countRe = (nouns: readonly string[]) =>
  new RegExp(
    `(?:${alternation(COUNT_LEADS)})\\s+(?:[\\w-]+\\s+){0,3}?(?:${alternation(nouns)})\\b|\\bon\\s+how\\s+many\\s+(?:${alternation(nouns)})\\b|(?:${alternation(nouns)})\\s+(?:${alternation(COUNT_TRAILS)})\\b` +
      // A blank to fill in before the noun ("TBD pixels have an NDVI of 0.2 or more", "___ dates were cloud-free"); not a
      // multiplier ("was [X] times that of", "[X] times higher").
      `|(?:${BLANK.source})\\s+(?:${alternation(nouns)})\\b(?!\\s+(?:that|those|the|as|higher|larger|greater|bigger|lower|smaller|more|less)\\b)`,
    'gi',
  )
const OBJECT_WORDS = Object.values(OBJECT_CLASSES).flat()
const COUNT_PIXELS_RE = countRe(COUNTED_PIXELS)
const COUNT_DATES_RE = countRe(COUNTED_DATES)
const COUNT_OBJECTS_RE = countRe(OBJECT_WORDS)
const ELLIPTICAL_COUNT_RE = new RegExp(`\\bhow\\s+many(?:\\s+of\\s+(?:them|those|these))?(?=\\s+(?:${alternation(ELLIPTICAL_COUNT_VERBS)})\\b)`, 'gi')
const COUNTED_NOUN_RE = new RegExp(`\\b(?:${alternation([...COUNTED_DATES, ...COUNTED_PIXELS])})\\b`, 'gi')
const POOLING_RES = (Object.entries(POOLING) as ['pooled' | 'per_date', readonly string[]][]).map(([key, words]) => ({ key, re: phraseRegex(words) }))
const SERIES_RES = SERIES_GRANULARITIES.map((g) => ({ key: g.key, re: phraseRegex(g.names) }))
const COMBINE_RES = COMBINATIONS.map((c) => ({ key: c.key, re: phraseRegex(c.names) }))
/** "by what percentage", "by how many percent": a percent change asked, whose share word is no statistic. */
const PERCENT_CHANGE_BY_RE = phraseRegex(COMBINATIONS.filter((c) => c.key === 'percent_change').flatMap((c) => c.names.filter((n) => n.startsWith('by '))))
const SIGNIFICANCE_RE = phraseRegex(SIGNIFICANCE)
const OBJECT_RE = new RegExp(`(?:${alternation(OBJECT_WORDS)})`, 'gi')
const MAX_WORDS = alternation(EXTREME_WORDS.max)
const MIN_WORDS = alternation(EXTREME_WORDS.min)
/** Period words that may stand between an extreme and "date" ("the coolest summer (JJA) 2019 date"). */
const PERIOD_NAME = alternation([...SEASONS.flatMap((s) => s.names), ...MONTHS.flatMap((m) => m.names.filter((n) => !n.endsWith('.')))])
const DATE_OF = (w: string) =>
  new RegExp(
    `(?<=\\b(?:dates|days|acquisitions|scenes|images|overpasses)\\b[^.?]{0,80})\\bwhich\\s+(?:one|of\\s+(?:them|these|those))\\b[^.?]{0,60}?\\b(?:${w})\\b|\\b(?:which|what|on\\s+what|on\\s+which|in\\s+which|in\\s+what)\\s+(?:(?:19|20)\\d{2}\\s+|single\\s+)?(?:date|day|acquisition(?:\\s+date)?|image|month|scene|overpass)\\b[^.?]{0,60}?\\b(?:${w})\\b|\\b(?:${w})\\b[^.?]{0,60}?\\b(?:occur\\w*|on\\s+which\\s+date|which\\s+date|was\\s+observed\\s+on)\\b|\\bwhen\\b[^.?]{0,40}\\b(?:${w})\\b|\\b(?:date|day)\\s+(?:of|with|w/|on\\s+which)\\s*(?:the\\s+)?(?:${w})\\b|(?<!\\b(?:of|on|in|for|during|at|its|their)\\s+(?:the\\s+)?)\\b(?:${w})\\s+(?:(?:${PERIOD_NAME})\\s+)?(?:\\([^()]{2,30}\\)\\s+)?(?:(?:19|20)\\d{2}\\s+)?(?:date|day|acquisition|scene|overpass)\\b(?!\\s+of\\b|['’]s\\b)`,
    'gi',
  )
/**
 * "Which date has the most LST pixels below 0 °C": "most" before pixels counts them. Alone ("the most dry day") it is
 * a superlative of the word after it, whose direction the word decides, so it is no extreme by itself.
 */
const MOST_PIXELS = `most\\s+(?:[\\w-]+\\s+){0,2}?(?:pixels|pixles|px)`
const DATE_OF_RES = [
  [DATE_OF(MAX_WORDS), 'max'],
  [DATE_OF(MOST_PIXELS), 'max'],
  [DATE_OF(MIN_WORDS), 'min'],
] as const
/** A variable's own extreme words ("the driest day" of TVDI), with the variable they need beside them. */
const VARIABLE_DATE_OF_RES = Object.entries(VARIABLE_EXTREME_WORDS).flatMap(([key, w]) =>
  (['max', 'min'] as const).map((extreme) => ({ key, extreme, re: DATE_OF(alternation(w[extreme])) })),
)
/** The date of a variable's extreme in its own words ("the driest day" by TVDI), read beside that variable only. */
function variableDatesOf(q: string, spans: Span[]): void {
  for (const { key, extreme, re } of VARIABLE_DATE_OF_RES) {
    if (!spans.some((s) => s.type === 'variable' && s.key === key)) continue
    for (const h of hits(q, re))
      if (!spans.some((s) => s.type === 'date_of' && overlaps(s, h))) spans.push({ type: 'date_of', at: h.at, end: h.end, text: h.text, extreme })
  }
}
const ANSWER_UNIT_NAMES = UNITS.filter((u) => ['temperature', 'area', 'share'].includes(u.quantity))
/** Names of the variables in kelvin: a degree sign right after one, or after one word more ("median LST °C", "BT mean °C"), is the answer's unit. */
const TEMPERATURE_NAMES = VARIABLES.filter((v) => v.unit === 'K').flatMap((v) => v.names)
const ANSWER_UNIT_RE = new RegExp(
  `(?<!\\bnot\\s+)\\b(?:${alternation(ANSWER_UNIT_LEADS)})\\s+(?:degrees?\\s+)?(${alternation(ANSWER_UNIT_NAMES.flatMap((u) => u.names).filter((n) => !['ratio', 'proportion', 'k', 'c°'].includes(n)))})|\\(\\s*(°\\s?c|℃|k|%|km2|km²|ha|°f)\\s*\\)|\\b(?:in|as)\\s+(k)\\b(?!\\s*[-=])|,\\s*(°\\s?c|℃|°f|km2|km²|ha|%)\\s*[?.!]?\\s*$|(?<=\\b(?:${alternation(TEMPERATURE_NAMES)})(?:\\s+[a-z]+)?\\s+)(°\\s?c|℃|°f)(?![\\w/])|\\bhow\\s+many\\s+(degrees?\\s+(?:celsius|fahrenheit|c|f)|kelvins?|°\\s?c|°f)\\b`,
  'gi',
)
/**
 * A unit a layer is kept in as stored (the lexicon's `storedUnit`: "in mm", ", nW/cm2/sr per year"): the short
 * names ("mm", "mw", "m3") only after "in", "as", a comma or "(", the long ones ("nw/cm2/sr") anywhere.
 */
const STORED_UNIT_NAMES = UNITS.filter((u) => VARIABLES.some((v) => v.storedUnit === u.key)).flatMap((u) => u.names)
const STORED_UNIT_RE = new RegExp(
  `(?:\\b(?:${alternation(ANSWER_UNIT_LEADS)})\\s+|,\\s*|\\(\\s*)(${alternation(STORED_UNIT_NAMES)})(?![\\w/])|(?<![\\w/])(${alternation(STORED_UNIT_NAMES.filter((n) => n.length > 4))})(?![\\w/])`,
  'gi',
)
/** An area unit asked as the quantity ("how many hectares", "hectares TOA NDVI > 0.3"): no number, "per" or "/" before it. */
const AREA_UNIT_ASKED_RE = new RegExp(
  `(?<![\\d.]\\s*|\\bper\\s+|/\\s*|[\\w/])(?:${alternation(UNITS.filter((u) => u.quantity === 'area').flatMap((u) => u.names))})(?![\\w/])`,
  'gi',
)
const CONTEXT_RE = new RegExp(`^\\s*(?:${alternation(CONTEXT_OPENERS)})`, 'i')
const NEGATION_RE = phraseRegex(NEGATIONS)
/** A blank to fill in a report line ("___", "[X]", "??", "TBD"), then a unit. */
const BLANK_UNIT_RE = new RegExp(`(?:${BLANK.source})\\s*(°\\s?[cf]|℃|℉|k|%|km2|km²|ha|m2|m²|acres?)(?![\\w²])`, 'gi')

function unitOfName(name: string): string | null {
  const w = name.toLowerCase().replace(/\s+/g, ' ').trim()
  return UNITS.find((u) => u.names.includes(w))?.key ?? null
}

/** The last questions parsed (readers parse the same question several times: once per part they read). */
const MEMO = new Map<string, ParsedQuestion>()

export function parseQuestion(question: string): ParsedQuestion {
  const hit = MEMO.get(question)
  if (hit) return hit
  const parsed = parseFresh(question)
  if (MEMO.size >= 64) MEMO.delete(MEMO.keys().next().value as string)
  MEMO.set(question, parsed)
  return parsed
}

function parseFresh(question: string): ParsedQuestion {
  // A later message's correction made where it applies ("sorry, 300 K"): before anything, on the messages as written.
  const corrected = applyCorrections(question)
  // Decimal commas where they cannot separate a list ("0,2"), names spelled letter by letter ("n d v i"), typing slips read as the lexicon words they stand for ("avrage",
  // "thrid"), then numbers said in words written as digits ("above thirty degrees", "twenty nineteen"): refiners
  // before the parsers; then months given by number after "months" ("the months 03, 05 and 11").
  const q = numberedMonths(spelledNumbers(correctTypos(spelledLetters(decimalCommas(normalizeQuestion(corrected.text))))))
  const spans: Span[] = []
  const regions = [...parseBoxes(q).map((b) => (b.type === 'box' ? complementedBox(q, b) : b)), ...parseParts(q)]
  const read = readPeriods(q, regions)
  const byMonth = excludedMonths(q, read.kept)
  const byDay = excludedDays(q, byMonth.periods)
  const periods = byDay.periods
  const excluded = [...byMonth.excluded, ...byDay.excluded]
  const restated = read.restated
  spans.push(...regions, ...periods, ...stripParts(q).divisions, ...gridParts(q).divisions, ...numberedGridParts(q).divisions)
  for (const r of restated) spans.push({ type: 'restated_period', at: r.at, end: r.end, text: r.text })
  spans.push(...excluded)
  // Band formulas written out and bands compared with each other, before the conditions: their numbers are no thresholds.
  const compared = bandComparisonSpans(q)
  const stored = [...zeroDnSpans(q), ...storedValueSpans(q), ...validRangeSpans(q)]
  const written = formulaSpans(q, [...compared, ...stored])
  const formulas = [...compared, ...stored, ...written]
  spans.push(...formulas)
  const cond = parseConditions(q, [...periods, ...regions, ...formulas, ...dateShapedRanges(q)], {
    defined: definedMentions(q, written),
    quiet: stored.filter((s) => s.type === 'zero_dn'),
  })
  spans.push(...cond.conditions, ...cond.relative, ...cond.included)
  if (cond.areaCondition) spans.push(cond.areaCondition)

  const qaClasses = qaClassSpans(q, spans)
  const qaRestated = qaBitsSpans(q, qaClasses)
  spans.push(...qaClasses, ...qaRestated)
  // QA bits stated alone select a class; beside a class named they restate it (task/restated.ts reads them).
  if (qaClasses.length === 0)
    spans.push(
      ...qaBitConditionSpans(
        q,
        spans.filter((s) => s.type === 'condition'),
      ),
    )

  spans.push(...markers(q))
  // A pixel's size or area, the ground basis of an area and the grid's CRS, stated beside the ask (the compiler checks them).
  spans.push(...areaBasisSpans(q, spans))
  spans.push(...indexConstantSpans(q))
  spans.push(
    ...indexBandSpans(q).filter((x) => !spans.some((s) => (s.type === 'band_order' || s.type === 'band_at' || s.type === 'formula') && overlaps(s, x))),
  )
  spans.push(
    ...bandSpans(
      q,
      spans.filter(
        (s) =>
          s.type === 'band_order' ||
          s.type === 'band_at' ||
          s.type === 'index_bands' ||
          s.type === 'period' ||
          s.type === 'box' ||
          s.type === 'formula' ||
          s.type === 'band_assignment',
      ),
    ),
  )
  // Calibration words, the longest at each place ("surface reflectance" is not "reflectance").
  const calHits = CALIBRATION_RES.flatMap(({ key, re }) => hits(q, re).map((h) => ({ ...h, key }))).sort((a, b) => b.end - b.at - (a.end - a.at))
  for (const h of calHits)
    if (!spans.some((s) => s.type === 'calibration' && overlaps(s, h))) spans.push({ type: 'calibration', at: h.at, end: h.end, text: h.text, key: h.key })

  const free = (h: { at: number; end: number }) =>
    !spans.some(
      (s) =>
        (s.type === 'period' ||
          s.type === 'box' ||
          s.type === 'condition' ||
          s.type === 'relative_threshold' ||
          s.type === 'ordering' ||
          s.type === 'label_set' ||
          s.type === 'band_order' ||
          s.type === 'band_at' ||
          s.type === 'index_bands' ||
          s.type === 'index_constant' ||
          s.type === 'formula' ||
          s.type === 'band_assignment' ||
          s.type === 'stored_scale' ||
          s.type === 'stored_nodata' ||
          s.type === 'zero_dn') &&
        overlaps(s, h),
    )
  // Percentiles
  for (const h of hits(q, PERCENTILE_RE)) {
    if (!free(h)) continue
    const quart = h.m[3]?.toLowerCase()
    const fraction = h.m[5] ?? h.m[6]
    const said = quart ? QUARTILES[quart] : Number(fraction ?? h.m[1] ?? h.m[2] ?? h.m[4])
    // A quantile at or below 1 is a fraction ("the 0.9 quantile" is the 90th percentile).
    const p = !quart && /quantile/i.test(h.text) && said <= 1 ? Math.round(said * 1e6) / 1e4 : said
    if (p >= 0 && p <= 100) spans.push({ type: 'statistic', at: h.at, end: h.end, text: h.text, key: 'percentile', p })
  }
  // Reductions written as code over a comparison: a sum counts the pixels where it holds (its "sum" is no statistic
  // of values); a mean of one, their share, is not read (it blocks, see meansOfMasks).
  for (const r of codeReductions(q).filter((x) => x.ofMask && x.fn !== 'mean'))
    spans.push({ type: 'count', at: r.at, end: r.end, text: r.text, what: 'pixels' })
  // Statistics: the longest word at each place
  const notStat = hits(q, NOT_STAT_RE)
  // ("By what percentage did the mean change": the share word asks the change's unit, no statistic of its own.)
  const changeBy = hits(q, PERCENT_CHANGE_BY_RE)
  const statHits = STAT_RES.flatMap((s) => hits(q, s.re).map((h) => ({ ...h, key: s.key }))).filter(
    (h) => !notStat.some((n) => overlaps(n, h)) && !changeBy.some((c) => overlaps(c, h)),
  )
  for (const h of statHits) {
    if (!free(h) || spans.some((s) => (s.type === 'statistic' || s.type === 'count') && overlaps(s, h))) continue
    if (statHits.some((o) => o !== h && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at)) continue
    spans.push({ type: 'statistic', at: h.at, end: h.end, text: h.text, key: h.key })
  }
  // "% of all pixels", "output: % of the subset": a share asked with the sign alone (never "50 % of the area", a
  // condition on a date's share, nor "within 5 % of the mean").
  for (const h of hits(q, BARE_SHARE_RE))
    if (free(h) && !spans.some((s) => s.type === 'statistic' && overlaps(s, h)))
      spans.push({ type: 'statistic', at: h.at, end: h.end, text: h.text, key: 'fraction' })
  // Counts
  // ("counting each pixel as 900 m²" states a pixel's area: no count.)
  for (const h of hits(q, COUNT_PIXELS_RE))
    if (!spans.some((s) => s.type === 'pixel_size' && overlaps(s, h))) spans.push({ type: 'count', at: h.at, end: h.end, text: h.text, what: 'pixels' })
  for (const h of hits(q, COUNT_DATES_RE))
    if (!spans.some((s) => s.type === 'count' && overlaps(s, h))) spans.push({ type: 'count', at: h.at, end: h.end, text: h.text, what: 'dates' })
  // "Across the 2019 dates except June, how many have ...": the counted noun said earlier in the sentence.
  for (const h of hits(q, ELLIPTICAL_COUNT_RE)) {
    if (spans.some((s) => s.type === 'count' && overlaps(s, h))) continue
    const sentence = q.slice(Math.max(q.lastIndexOf('.', h.at), q.lastIndexOf('?', h.at), q.lastIndexOf('!', h.at), 0), h.at)
    const noun = [...sentence.matchAll(COUNTED_NOUN_RE)].at(-1)
    if (noun) spans.push({ type: 'count', at: h.at, end: h.end, text: h.text, what: COUNTED_DATES.includes(noun[0].toLowerCase()) ? 'dates' : 'pixels' })
  }
  for (const h of hits(q, COUNT_OBJECTS_RE)) {
    if (spans.some((s) => s.type === 'count' && overlaps(s, h))) continue
    const word = h.text.match(OBJECT_RE)?.at(-1)?.toLowerCase() ?? ''
    const cls = Object.entries(OBJECT_CLASSES).find(([, ws]) => ws.includes(word))?.[0]
    spans.push({ type: 'count', at: h.at, end: h.end, text: h.text, what: 'objects', ...(cls ? { cls } : {}) })
  }
  // The date of an extreme
  // Where none is found so, a period written between the words counts as one ("on which date between 1 March and 31
  // October is ... lowest": the words' distance is bounded, and a dotted date's full stops end no sentence).
  for (const [re, extreme] of DATE_OF_RES) {
    const found = hits(q, re)
    const over = hitsOver(q, re, periods).filter((h) => !found.some((f) => overlaps(f, h)))
    for (const h of [...found, ...over]) spans.push({ type: 'date_of', at: h.at, end: h.end, text: h.text, extreme })
  }
  // Variables
  for (const h of hits(q, VARIABLE_RE)) {
    const v = variableNamed(h.text)
    if (v) spans.push({ type: 'variable', at: h.at, end: h.end, text: h.text, key: v.key, kind: v.kind })
  }
  widenLongForms(q, spans)
  variableDatesOf(q, spans)
  // Answer units
  for (const h of hits(q, ANSWER_UNIT_RE)) {
    if (spans.some((s) => s.type === 'condition' && overlaps(s, h))) continue
    const key = unitOfName((h.m[1] ?? h.m[2] ?? h.m[3] ?? h.m[4] ?? h.m[5] ?? h.m[6] ?? '').replace(/°\s+/, '°'))
    if (key) spans.push({ type: 'unit', at: h.at, end: h.end, text: h.text, key })
  }
  // A report line's blank with the unit after it ("a mean LST of [X] °C", "= ?? °C", "___ K"): the answer's unit.
  for (const h of hits(q, BLANK_UNIT_RE)) {
    const key = unitOfName(h.m[1].replace(/°\s+/, '°'))
    if (key && !spans.some((s) => (s.type === 'unit' || s.type === 'condition') && overlaps(s, h)))
      spans.push({ type: 'unit', at: h.at, end: h.end, text: h.text, key })
  }
  for (const h of hits(q, STORED_UNIT_RE)) {
    const key = unitOfName(h.m[1] ?? h.m[2] ?? '')
    if (key && !spans.some((s) => (s.type === 'unit' || s.type === 'condition') && overlaps(s, h)))
      spans.push({ type: 'unit', at: h.at, end: h.end, text: h.text, key })
  }
  for (const h of hits(q, AREA_UNIT_ASKED_RE)) {
    const key = unitOfName(h.text)
    if (key && !spans.some((s) => (s.type === 'unit' || s.type === 'condition') && overlaps(s, h)))
      spans.push({ type: 'unit', at: h.at, end: h.end, text: h.text, key })
  }
  // Pooling, series, combination, significance
  for (const { key, re } of POOLING_RES) for (const h of hits(q, re)) spans.push({ type: 'pooling', at: h.at, end: h.end, text: h.text, key })
  for (const { key, re } of SERIES_RES) for (const h of hits(q, re)) spans.push({ type: 'series', at: h.at, end: h.end, text: h.text, key })
  // A combination word inside a variable's name ("normalized burn ratio") combines nothing.
  for (const { key, re } of COMBINE_RES)
    for (const h of hits(q, re))
      if (!spans.some((s) => (s.type === 'combine' || s.type === 'variable' || s.type === 'index_bands' || s.type === 'formula') && overlaps(s, h)))
        spans.push({ type: 'combine', at: h.at, end: h.end, text: h.text, key })
  for (const h of hits(q, SIGNIFICANCE_RE)) spans.push({ type: 'significance', at: h.at, end: h.end, text: h.text })
  // Negation words no condition took
  for (const h of hits(q, NEGATION_RE))
    if (!spans.some((s) => (s.type === 'condition' || s.type === 'excluded_dates') && overlaps(s, h)))
      spans.push({ type: 'negation', at: h.at, end: h.end, text: h.text })

  // Changes from one point to the next: their direction and extreme words are theirs, not a combination of two
  // periods, a statistic of the pixels or the date of an extreme value.
  const stepped = stepsSpans(q)
  const stepWords = stepped.flatMap((x) => [x, ...x.words])
  for (let i = spans.length - 1; i >= 0; i--)
    if (['combine', 'statistic', 'date_of', 'series'].includes(spans[i].type) && stepWords.some((w) => overlaps(w, spans[i]))) spans.splice(i, 1)
  spans.push(...stepped)

  const parts = sentences(q)
  refineSpans(q, spans, parts)
  spans.sort((a, b) => a.at - b.at || b.end - a.end)
  const blocked = [...unplaced(q, corrected.corrections), ...meansOfMasks(q), ...windowsNumberedTwoWays(q), ...unansweredAsks(q, spans)]
  return { text: q, ...asides(q, spans, parts), blocked }
}

/** Where the corrections not placed stand in the refined text (the whole question when the refiners moved their words). */
function unplaced(q: string, corrections: readonly Correction[]): ParsedQuestion['blocked'] {
  return corrections
    .filter((c) => c.replaced === null)
    .map((c) => {
      const text = normalizeQuestion(c.text).toLowerCase()
      const at = q.toLowerCase().indexOf(text)
      return { ...(at >= 0 ? { at, end: at + text.length } : { at: 0, end: q.length }), why: UNPLACED_CORRECTION }
    })
}

/**
 * A greeting opening the message, then punctuation or the ask's first word ("morning\nneed the % change ...", read
 * with its line break as a space; "Good afternoon team, ...").
 */
const GREETING_RE = new RegExp(
  `^\\s*(?:${alternation(GREETINGS)})(?:\\s+(?:all|team|everyone|folks|guys))?(?:\\s*[,!.:;]|(?=\\s+(?:i|we|need|needs|want|please|pls|quick|q|question|what|which|how|could|can|would)\\b))`,
  'i',
)

/**
 * The sentences of a question that do not ask: context ("For a memo on X, ..."; up to the comma before the ask) and
 * statements beside the ask (spans/statements.ts), whose spans are dropped; a statement's thresholds the ask does
 * not state are dropped too and listed to block.
 */
function asides(q: string, spans: Span[], parts: readonly { at: number; end: number; text: string }[]): Omit<ParsedQuestion, 'text' | 'blocked'> {
  const context = parts
    .filter((s) => CONTEXT_RE.test(s.text))
    .map(({ at, end, text }) => {
      const ask = text.match(
        /,\s*(?:please\s+)?(?:what|which|how|when|where|calculate|compute|determine|estimate|find|give|report|tell|show|provide|derive|get|count|is|are|was|were|can|could)\b/i,
      )
      return { at, end: ask && ask.index !== undefined ? at + ask.index : end }
    })
  // A greeting opening the message ("morning\nneed the % change ...", "Good afternoon team, ..."): context.
  const greeting = GREETING_RE.exec(q)
  if (greeting) context.push({ at: 0, end: greeting[0].length })
  const { setAside, reports, unsure } = statementSentences(q, parts, spans, (text) => BLOCKING.some((b) => hits(text, b.re).some((h) => h.text.trim() !== '')))
  const aside = [...setAside, ...reports]
  return {
    spans: spans.filter((x) => !aside.some((s) => x.at >= s.at && x.at < s.end) && !unsure.includes(x as ConditionSpan)),
    context,
    statements: setAside.map(({ at, end }) => ({ at, end })),
    reports: reports.map(({ at, end }) => ({ at, end })),
    unsureThresholds: unsure.map(({ at, end }) => ({ at, end })),
  }
}

/** The first span of a type. */
export function first<T extends Span['type']>(spans: readonly Span[], type: T): Extract<Span, { type: T }> | undefined {
  return spans.find((s) => s.type === type) as Extract<Span, { type: T }> | undefined
}

export function all<T extends Span['type']>(spans: readonly Span[], type: T): Extract<Span, { type: T }>[] {
  return spans.filter((s) => s.type === type) as Extract<Span, { type: T }>[]
}
