/**
 * The condition parser: comparisons ("TVDI > 0.75", "above 315 K", "at least 0.3", "not exceeding 30 °C"), ranges
 * ("NDVI between 0.2 and 0.5", "0.2 <= NDVI <= 0.5", "NDVI in [0.2, 0.5]", "outside 0.2-0.5"), negated selections
 * ("excluding pixels with NDVI > 0.5", "other than where LST < 290 K"), the condition on a date's share of the
 * area ("more than 40% of the area") and thresholds relative to a statistic ("115% of the mean"). Comparator,
 * negation and unit words come from the lexicon. Each condition says what its words restrict (`scope`): pixels
 * ("pixels with", "areas where"), dates ("days with a mean LST above"), or the result ("was the mean above").
 */
import { INCLUSIONS, POSTFIX_COMPARATORS, RANGE_NEGATIONS, SIGN_WORDS } from '../lexicon/comparators'
import { PIXEL_QUANTIFIERS } from '../lexicon/statistics'
import type { AreaConditionSpan, ConditionSpan, IncludedValuesSpan, RelativeSpan } from './types'
import { AS_NODATA, POST_NEGATION, SET_BEFORE, TO_NODATA, WRITER_SKIPS, boundKeptAfter, negatedBefore, rangeEndsAfter, selectionCounted } from './set-aside'
import { alternation, literalAlternation, overlaps } from './words'
import {
  BANDS_BRACKET_AT_START,
  BARE_BETWEEN,
  BARE_OUTSIDE,
  CMP,
  CMP_RE,
  INCLUSIVE,
  POSTFIX,
  RANGE,
  RESTRICTED_BEFORE,
  SANDWICH,
  num,
  opOf,
  unitKey,
} from './condition-patterns'

import { thresholdVariable, VARIABLE_ALT, variableAt, variableBefore, type Nearby } from './variables'

/** Nouns before a comparison that make it a restriction of pixels. */
const PIXEL_NOUN =
  /\b(?:pixels?|pixles?|px|areas?|regions?|locations?|cells?|parts?|places?|land|zones?|surfaces?|portions?|fractions?|shares?|percentages?|proportions?)\b/gi
const DATE_NOUN = /\b(?:days?|dates?|scenes?|images?|months?|years?|times?|acquisitions?|observations?|nights?)\b/gi
const STAT_BEFORE =
  /\b(?:mean|average|median|maximum|minimum|max|min|total|overall)\s+(?:daily\s+|annual\s+|monthly\s+)?(?:\w+\s+){0,1}(?:values?\s+)?(?:was|is|were|be|been|remain(?:ed|s)?|stay(?:ed|s)?)?\s*$/i

/**
 * "dates with at least one pixel where ...", "dates does at least one pixel exceed ...": a quantifier over a date's
 * pixels just before the condition.
 */
const QUANTIFIED_PIXELS = new RegExp(
  `(?:${alternation([...PIXEL_QUANTIFIERS.some, ...PIXEL_QUANTIFIERS.every])})\\s+(?:valid\\s+)?pixels?\\b(?:\\s+(?:with|where|whose|having|of|in\\s+which))?(?:\\s+(?:an?|the|its)\\s+)?(?:\\s*[\\w-]+\\s+){0,3}?(?:(?:is|are|was|were|has|have|had)\\s+)?\\s*$`,
  'i',
)

/**
 * A yes/no question about a statistic ("Was the mean NDVI ...", "For the memo: is the mean ...", "tell me whether the
 * mean ...", "Did any 2019 date have a mean LST ..."): a comparison of that statistic compares the result, and keeps
 * no pixels out.
 */
const YES_NO =
  /(?:(?:^|[:;,]\s*)(?:(?:so|and|but|ok|okay|also|then)\s*,?\s+)?(?:is|was|are|were|did|does|do|has|had|will|would)|\b(?:whether|if))\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,6}?(?:mean|average|median|maximum|minimum|max|min|total|overall)\b/i

const COUNT_ASKED = /\bhow\s+many\b|\bnumber\s+of\b|\bcount(?:s|ed|ing)?\b/i

function scopeOf(before: string): ConditionSpan['scope'] {
  const scope = clauseScope(before)
  if (scope !== 'result' && scope !== 'unknown') return scope
  // (A count of dates in the sentence takes the comparison as its criterion: "How many dates in 2019, if any, had a mean ...".)
  const sentence = before.split(/[?!\n]|\.(?!\d)/).at(-1) ?? ''
  return YES_NO.test(sentence) && !COUNT_ASKED.test(sentence) ? 'compared' : scope
}

function clauseScope(before: string): ConditionSpan['scope'] {
  // A clause ends at a full stop, never at a decimal point ("NDVI below 0.2 have a BT over 295 K").
  const clause = before.split(/[;?]|\.(?!\d)/).at(-1) ?? ''
  if (STAT_BEFORE.test(clause.slice(-60))) return 'result'
  // A condition on some or every pixel of a date, in a question counting dates, selects dates (by their maximum or minimum).
  const quantified = QUANTIFIED_PIXELS.exec(clause)
  if (quantified && [...clause.slice(0, quantified.index).matchAll(DATE_NOUN)].length > 0) return 'dates'
  // A variable's own name is no noun of the clause: "land surface temperature" names no land or surface pixels.
  const nouns = clause.replace(new RegExp(VARIABLE_ALT, 'gi'), (v) => ' '.repeat(v.length))
  const pixel = [...nouns.matchAll(PIXEL_NOUN)].at(-1)
  const date = [...nouns.matchAll(DATE_NOUN)].at(-1)
  if (pixel && (!date || (date.index ?? 0) < (pixel.index ?? 0))) return 'pixels'
  // "the mean NDVI on 2019-07-12 where LST is below 290 K": a where-clause after any date noun selects pixels.
  const where = [...nouns.matchAll(/\b(?:where|wherever)\b/gi)].at(-1)
  if (where && (!date || (date.index ?? 0) < (where.index ?? 0))) return 'pixels'
  if (date) return 'dates'
  return 'unknown'
}

const RELATIVE_RE =
  /\b\d+(?:\.\d+)?\s*%\s+(?:higher|lower|above|below|more|less|greater|smaller)(?:\s+than)?\s+(?:the\s+|that\s+|this\s+)?(?:[\w-]+\s+){0,2}?(?:mean|average|median)\b|\b(?:exceed\w*|above|below|surpass\w*|over|under)\s+(?:the\s+|that\s+|this\s+)?(?:[\w-]+\s+){0,2}?(?:mean|average|median|baseline|normal)\s+(?:value\s+)?by\s+(?:more\s+than\s+|over\s+|at\s+least\s+)?\d+(?:\.\d+)?\s*%|[<>]=?\s*(?:the\s+)?(?:mean|average|median)\s*[+\-−]\s*\d+(?:\.\d+)?\s*%|\b\d+(?:\.\d+)?\s*(?:times|x)\s+(?:the\s+|its\s+)?(?:[\w-]+\s+){0,2}?(?:mean|average|median)\b/gi

/** Values a condition names kept in the count, said after them ("negative NDVI must be counted too", "negative values included"). */
const INCLUDED_AFTER = new RegExp(
  `^\\s*(?:values?\\s+|pixels?\\s+)?(?:(?:${alternation(INCLUSIONS.after)})|(?:(?:must|should|have\\s+to|need\\s+to|are\\s+to|is\\s+to|are|is|get|gets)\\s+)?(?:be\\s+)?(?:also\\s+)?(?:${alternation(INCLUSIONS.verbs)})\\s+(?:${alternation(INCLUSIONS.additive)}))`,
  'i',
)
/** Said before them: "including negative values", or a bare verb closed by "too" ("count negative NDVI too"). */
const INCLUDED_BEFORE = new RegExp(`(?:${alternation(INCLUSIONS.before)})\\s+(?:the\\s+|all\\s+|any\\s+)?$`, 'i')
const COUNTED_BEFORE = new RegExp(`\\b(?:${alternation(INCLUSIONS.verbs)})\\s+(?:the\\s+|all\\s+|any\\s+)?$`, 'i')
const ADDITIVE_AFTER = new RegExp(`^\\s*(?:values?\\s+|pixels?\\s+)?(?:${alternation(INCLUSIONS.additive)})\\b`, 'i')

/**
 * A condition that opens its clause ("Negative NDVI values are not counted.", "(..., negative NDVI values not
 * counted)") or follows "with" ("... of 2019 with negative values not counted").
 */
const CLAUSE_START = /(?:^|[.,;:?!(]\s*|\b(?:with|and|but)\s+(?:all\s+|any\s+|the\s+)?)$/i
/** Values or their variable named at the start of a clause, just before their condition (", and NDVI values below 0 are not valid", ", NDVI below 0 not counted"). */
const CLAUSE_NAMES = String.raw`(?:(?:[\w-]+\s+){0,2}(?:values?|pixels?|pixles?|px)|(?:${VARIABLE_ALT}))`
const CLAUSE_VALUES = new RegExp(String.raw`(?:^|[.,;:?!(]\s*|\b(?:with|and|but)\s+)(?:the\s+|all\s+|any\s+)?${CLAUSE_NAMES}\s*$`, 'i')
/** A sign word opening a condition ("negative NDVI", "non-positive NBR"): the values, named by their sign. */
const SIGN_OPENS = new RegExp(`^(?:non[\\s-]?)?(?:${literalAlternation(SIGN_WORDS['<'].concat(SIGN_WORDS['>']).filter((w) => !/\s/.test(w)))})s?\\b`, 'i')
/** A condition written with its variable first (", NDVI outside 0..1 invalid"): the values, named by their variable. */
const VARIABLE_OPENS = new RegExp(`^(?:${VARIABLE_ALT})\\b`, 'i')
/** A selection of pixels just before a condition's variable ("pixels with NDVI", "the areas where LST"). */
const SELECTED_BEFORE =
  /\b(?:pixels?|areas?|cells?|locations?)\s+(?:with|w\/|where|whose|having|that\s+have|in\s+which)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}$/i

/** A negated verb just before a comparator ("does not go", "never rises", "doesn't get", "not"). */
const VERB_NEGATION =
  /\b(?:(?:does|do|did|will|would|should|must|can)\s*not|(?:does|do|did|wo|would|should|ca)n['’]t|never|not)\s+(?:(?:go|goes|went|get|gets|got|rise|rises|rose|climb|climbs|climbed|reach|reaches|reached|fall|falls|fell|drop|drops|dropped|dip|dips|dipped|lie|lies|be|is|are|was|were|come|comes|stay|stays|stayed)\s+)?$/i
const COMPLEMENT: Readonly<Record<'>' | '>=' | '<' | '<=', '>' | '>=' | '<' | '<='>> = { '>': '<=', '>=': '<', '<': '>=', '<=': '>' }

const SIGN_RE = new RegExp(
  `(${VARIABLE_ALT})(?:\\s*\\([^)]{0,30}\\))?(?:\\s+values?)?\\s+(?:is|are|was|were|be)\\s+(not\\s+)?(${alternation([...SIGN_WORDS['<'], ...SIGN_WORDS['>']])})\\b`,
  'gi',
)

/**
 * A sign word before the variable ("pixels with negative NBR", "non-negative NDVI values"): a comparison with 0,
 * never before a change or trend ("a positive NDVI trend" is a slope's sign, not a pixel's).
 */
const SIGN_BEFORE_RE = new RegExp(
  `\\b(non[\\s-]?)?(${alternation([...SIGN_WORDS['<'], ...SIGN_WORDS['>']].filter((w) => !/\s/.test(w)))})\\s+(${VARIABLE_ALT})(?:\\s*\\([^)]{0,40}\\))?(?:\\s+values?)?(?![\\s-]+(?:change|changes|trend|trends|slope|slopes|difference|differences|anomal\\w*|shift|shifts|correlation)\\b)`,
  'gi',
)

/** A sign word before values or pixels with no variable between ("negative values", "non-negative pixels"), or as a noun ("negatives"). */
const SIGN_VALUES_RE = new RegExp(
  `\\b(non[\\s-]?)?(${literalAlternation([...SIGN_WORDS['<'], ...SIGN_WORDS['>']].filter((w) => !/\s/.test(w)))})(?:\\s+(?:values?|pixels?|readings?|numbers?)\\b|s\\b)`,
  'gi',
)

/**
 * A comparison with the freezing point in words ("under freezing", "above the freezing point (0 °C)"): 0 °C. A
 * value in brackets after it must restate 0 °C (0 C, 273.15 K, 32 °F); any other is left unread and blocks.
 */
const FREEZING_RE = new RegExp(`${CMP}\\s+(?:the\\s+)?(?:freezing(?:\\s+point)?|the\\s+freezing\\s+point)(?:\\s*\\(([^()]{1,24})\\))?`, 'gi')
const FREEZING_RESTATED =
  /^\s*(?:0(?:\.0+)?\s*(?:°\s*c|deg(?:rees?)?\s*c(?:elsius)?|c|celsius|℃)|273(?:\.15)?\s*k(?:elvin)?|32\s*(?:°\s*f|deg(?:rees?)?\s*f(?:ahrenheit)?|f|fahrenheit|℉))\s*$/i

export interface ConditionsParsed {
  conditions: ConditionSpan[]
  areaCondition: AreaConditionSpan | null
  /** Values named and kept in the count ("negative NDVI counted too"): no selection. */
  included: IncludedValuesSpan[]
  relative: RelativeSpan[]
}

/** Conditions of a question; `skip` spans (periods) are not read; `near` says what else a threshold may be of. */
export function parseConditions(q: string, skip: readonly { at: number; end: number }[], near: Nearby = { defined: [], quiet: [] }): ConditionsParsed {
  const conditions: ConditionSpan[] = []
  const relative: RelativeSpan[] = []
  let areaCondition: AreaConditionSpan | null = null
  const included: IncludedValuesSpan[] = []
  const free = (at: number, end: number) =>
    !skip.some((s) => overlaps(s, { at, end })) &&
    !conditions.some((c) => overlaps(c, { at, end })) &&
    !included.some((c) => overlaps(c, { at, end })) &&
    freeOfRelative(at, end)
  const push = (c: Omit<ConditionSpan, 'type' | 'negated' | 'scope'> & { negated?: boolean }) => {
    const before = q.slice(0, c.at)
    const neg = negatedBefore(before)
    // "once pixels with NDVI below 0.1 are excluded": a selection of pixels set aside after it is stated.
    const after = q.slice(c.end)
    const setToNodata = SET_BEFORE.test(before.slice(-40)) ? after.match(TO_NODATA) : null
    const asNodata = neg ? null : (after.match(AS_NODATA) ?? after.match(WRITER_SKIPS) ?? setToNodata ?? null)
    const post = neg ? null : (asNodata ?? after.match(POST_NEGATION) ?? null)
    // (Said of selected pixels, or of the values the condition names at the start of a clause; "as no data" and "I
    // don't count" say it of any.)
    const setAside =
      post !== null &&
      !selectionCounted(before) &&
      (asNodata !== null ||
        SELECTED_BEFORE.test(before.slice(-60)) ||
        CLAUSE_VALUES.test(before.slice(-60)) ||
        (CLAUSE_START.test(before) && (/\b(?:values?|pixels?)\s*$/i.test(c.text) || SIGN_OPENS.test(c.text) || VARIABLE_OPENS.test(c.text))))
    // "Negative NDVI must be counted too", "including negative values": the values are kept, nothing is selected.
    const keptAfter = neg || setAside ? null : (after.match(INCLUDED_AFTER) ?? (COUNTED_BEFORE.test(before) ? after.match(ADDITIVE_AFTER) : null))
    const keptBefore = neg || setAside || keptAfter ? null : INCLUDED_BEFORE.exec(before)
    if (keptAfter || keptBefore) {
      const from = keptBefore ? keptBefore.index : c.at
      const to = keptAfter ? c.end + keptAfter[0].length : c.end
      included.push({
        type: 'included_values',
        at: from,
        end: to,
        text: q.slice(from, to),
        variable: c.variable,
        op: c.op,
        value: c.value,
        low: c.low,
        high: c.high,
        unit: c.unit,
      })
      return
    }
    const at = neg ? neg.at : c.at
    const end = setAside ? c.end + post[0].length : c.end
    conditions.push({
      type: 'condition',
      ...c,
      at,
      end,
      text: q.slice(at, end),
      negated: Boolean(c.negated) !== (Boolean(neg) || setAside),
      scope: neg || setAside ? 'pixels' : scopeOf(before),
    })
  }

  // Thresholds relative to a statistic of the data, in the forms that name no comparator before the number ("50%
  // higher than the average", "exceeding the mean by 50%", "NDSI > mean + 10%", "above 1.5 times the average"): read
  // first, so that neither the statistic word nor the percentage is taken for something else.
  for (const m of q.matchAll(RELATIVE_RE)) {
    const at = m.index ?? 0
    relative.push({ type: 'relative_threshold', at, end: at + m[0].length, text: m[0] })
  }
  const freeOfRelative = (at: number, end: number) => !relative.some((r) => overlaps(r, { at, end }))

  // Ranges: "NDVI between 0.2 and 0.5", "NDVI outside 0.2-0.5", "NDVI values in the range 0.2-0.5"
  for (const m of q.matchAll(RANGE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const [neg, lo, u1, hi, u2] = m.slice(-5)
    const low = num(lo)
    const high = num(hi)
    if (!(low <= high)) continue
    // "outside" with no range word before the numbers still needs two numbers: guaranteed by the pattern.
    // "outside the NDVI range 0.2-0.5": the negation before the variable.
    const lead = q.slice(Math.max(0, at - 30), at).match(new RegExp(`(?:${alternation(RANGE_NEGATIONS)})\\s+(?:of\\s+)?(?:the\\s+)?$`, 'i'))
    // Bare after the variable ("TVDI 0.4-0.6", "LST 295-305 K"), only with decimals or a unit: "LST 2015-2020" is years.
    const rest = m[0].slice(m[1].length).replace(BANDS_BRACKET_AT_START, '')
    // "NDVI values 0..1": two dots join a range of values, never years. "only NDVI 0 to 1": whole numbers under 100
    // after a restricting word are values too (a date's parts or years are not restricted that way).
    // ("NDVI 0-1 only", "ndvi 0 to 1 values only": the restricting word after the range.)
    const onlyAfter = /^\s*(?:values?\s+)?only\b/i.exec(q.slice(end))
    const restricted = (RESTRICTED_BEFORE.test(q.slice(Math.max(0, at - 20), at)) || onlyAfter !== null) && Math.abs(num(lo)) < 100 && Math.abs(num(hi)) < 100
    const bare =
      /^\s*\(?\s*(?:values?\s+)?(?:(?:is|are|was|were)\s+)?[+\-−–]?\d/.test(rest) &&
      ((/\./.test(lo) && /\./.test(hi)) || !!(u1 || u2) || /\d\s*\.\.\s*[+\-−]?\d/.test(rest) || restricted)
    if (!neg && !lead && !bare && !/\b(?:between|from|range|within|in)\b|[[(]/i.test(rest)) continue
    const start = lead ? at - lead[0].length : at
    // "exclusive", "(both ends included)", "strictly between": said of a range kept, its ends (an outside range's
    // ends are left unread: whether they belong to the band or to what is kept is the writer's to say).
    const ends = neg || lead ? null : rangeEndsAfter(q.slice(end), /\bstrictly\b/i.test(m[0]))
    const stop = end + (ends?.length ?? (onlyAfter && bare ? onlyAfter[0].length : 0))
    push({
      at: start,
      end: stop,
      text: q.slice(start, stop),
      variable: variableAt(m[1]),
      op: neg || lead ? 'outside' : 'between',
      low,
      high,
      unit: unitKey(u2) ?? unitKey(u1),
      inclusive: ends?.inclusive ?? true,
    })
  }
  // "0.2 < NDVI < 0.5", "0.2 <= NDVI <= 0.5"
  for (const m of q.matchAll(SANDWICH)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const g = m.slice(1)
    const variable = variableAt(g[3])
    push({
      at,
      end,
      text: m[0],
      variable,
      op: 'between',
      low: num(g[0]),
      high: num(g.at(-2)!),
      unit: unitKey(g[1]) ?? unitKey(g.at(-1)),
      inclusive: /=|≤/.test(g[2]),
    })
  }
  // "outside the range 0.2-0.5", "outside 0.2 to 0.5" with the variable said before
  for (const m of q.matchAll(BARE_OUTSIDE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const low = num(m[2])
    const high = num(m[4])
    if (!(low <= high)) continue
    push({
      at,
      end,
      text: m[0],
      variable: variableBefore(q, at, near.defined, near.quiet),
      op: 'outside',
      low,
      high,
      unit: unitKey(m[5]) ?? unitKey(m[3]),
      inclusive: true,
    })
  }

  // Only with a unit or decimals: "is between 2018 and 2020" names years.
  for (const m of q.matchAll(BARE_BETWEEN)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    const [low, high] = [num(m[1]), num(m[3])]
    if (!free(at, end) || !(low <= high) || !(m[2] || m[4] || (/\./.test(m[1]) && /\./.test(m[3])))) continue
    const ends = rangeEndsAfter(q.slice(end), /\bstrictly\b/i.test(m[0]))
    const stop = end + (ends?.length ?? 0)
    push({
      at,
      end: stop,
      text: q.slice(at, stop),
      variable: variableBefore(q, at, near.defined, near.quiet),
      op: 'between',
      low,
      high,
      unit: unitKey(m[4]) ?? unitKey(m[2]),
      inclusive: ends?.inclusive ?? true,
    })
  }
  // "0.3 or more", "300 K and below", with the variable said before
  for (const m of q.matchAll(POSTFIX)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end) || /^(?:19|20)\d{2}$/.test(m[1])) continue
    // "below 290 K or above 320 K": a comparator followed by a number opens the next comparison; it is no postfix.
    if (/^\s*(?:than\s+)?[-+]?\.?\d/.test(q.slice(end))) continue
    const w = m[3].toLowerCase().replace(/\s+/g, ' ')
    const op = POSTFIX_COMPARATORS.find((c) => c.words.includes(w))!.op
    push({ at, end, text: m[0], ...thresholdVariable(q, at, unitKey(m[2]), near), op, value: num(m[1]), unit: unitKey(m[2]), inclusive: true })
  }

  // Comparisons: comparator, then (an optional "threshold of") a number and unit.
  for (const m of q.matchAll(CMP_RE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const said = opOf(m[1])
    if (!said) continue
    // "does not go over 300 K", "never rises above 0.5", "doesn't get below": a verb's negation before the
    // comparator selects the complement of the comparison (not > is <=).
    const denial = q.slice(Math.max(0, at - 40), at).match(VERB_NEGATION)
    const op = denial ? COMPLEMENT[said] : said
    const value = num(m[3])
    const unit = unitKey(m[4])
    const after = q.slice(end, end + 40)
    const before = q.slice(0, at)
    if (unit === 'percent' && /^\s*of\s+(?:the\s+)?(?:\w+\s+){0,2}(?:area|pixels|region|zone|land|surface|image|scene)/i.test(after)) {
      const tail = after.match(/^\s*of\s+(?:the\s+)?(?:\w+\s+){0,2}(?:area|pixels|region|zone|land|surface|image|scene)/i)![0]
      areaCondition = { type: 'area_condition', at, end: end + tail.length, text: q.slice(at, end + tail.length), op, value: value / 100 }
      continue
    }
    // "exceeds the overall monthly mean by more than 10%": a threshold relative to a statistic, not a share.
    if (unit === 'percent' && /\b(?:mean|average|median|baseline|normal)\s+(?:value\s+)?by\s*$/i.test(before)) {
      const lead = before.match(/\b(?:the\s+)?(?:\w+\s+){0,2}(?:mean|average|median|baseline|normal)\s+(?:value\s+)?by\s*$/i)!
      relative.push({ type: 'relative_threshold', at: at - lead[0].length, end, text: q.slice(at - lead[0].length, end) })
      continue
    }
    if (
      unit === 'percent' &&
      /^\s*(?:of\s+(?:the\s+)?|above\s+(?:the\s+)?|below\s+(?:the\s+)?)(?:\w+\s+){0,2}(?:mean|average|median|baseline|normal)\b/i.test(after)
    ) {
      const tail = after.match(/^\s*\S+\s+(?:\S+\s+){0,3}/)![0]
      relative.push({ type: 'relative_threshold', at, end: end + tail.length, text: q.slice(at, end + tail.length) })
      continue
    }
    if (unit === 'percent' && conditions.some((c) => c.unit !== 'percent') && /\b(?:proportion|percentage|share|fraction|ratio)\b/i.test(before.slice(-120))) {
      areaCondition = { type: 'area_condition', at, end, text: m[0], op, value: value / 100 }
      continue
    }
    if (/^(?:19|20)\d{2}$/.test(m[3]) && unit === null) continue
    // "more than 5 days", "over 100 pixels", "within 2 km": a count or a distance, not a threshold. Counts are whole
    // numbers: "TVDI > 0.7 pixels" is a threshold on the pixels that follow it.
    if (/^\s*(?:km|m\b|metres?|meters?)/i.test(after)) continue
    if (
      Number.isInteger(value) &&
      /^\s*(?:days?|weeks?|months?|quarters?|hours?|times|nights|dates|images|scenes|acquisitions|years?|consecutive|pixels?)\b/i.test(after)
    )
      continue
    // "both bands DN > 0", "DN != 0": the bands' fill rule (DN 0 is fill), which every statistic applies; restated.ts
    // reads the words.
    if (value === 0 && /\b(?:dn|digital\s+numbers?)\s*$/i.test(q.slice(Math.max(0, at - 24), at))) continue
    const named = m[2] ? variableAt(m[2]) : null
    const from = denial ? at - denial[0].length : at
    // "below 0.3 or equal", "under 0.3 (inclusive)": the bound kept, the comparison read with it.
    const kept = op === '<' || op === '>' ? boundKeptAfter(after) : null
    const inclusive = kept !== null || (denial ? op === '<=' || op === '>=' : INCLUSIVE.has(m[1].toLowerCase().replace(/\s+/g, ' ')))
    const to = end + (kept?.[0].length ?? 0)
    push({
      at: from,
      end: to,
      text: q.slice(from, to),
      ...(named ? { variable: named } : thresholdVariable(q, from, unit, near)),
      op: kept ? (op === '<' ? '<=' : '>=') : op,
      value,
      unit,
      inclusive,
    })
  }
  // "pixels where NDWI (green-NIR) is negative", "NDVI values are not positive": a comparison with 0.
  for (const m of q.matchAll(SIGN_RE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const below = SIGN_WORDS['<'].includes(m[3].toLowerCase().replace(/\s+/g, ' '))
    const said = below ? '<' : '>'
    const op = m[2] ? COMPLEMENT[said] : said
    push({ at, end, text: m[0], variable: variableAt(m[1]), op, value: 0, unit: null, inclusive: op === '<=' || op === '>=' })
  }
  for (const m of q.matchAll(FREEZING_RE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    const op = opOf(m[1])
    if (!op || !free(at, end) || (m[2] !== undefined && !FREEZING_RESTATED.test(m[2]))) continue
    push({ at, end, text: m[0], variable: variableBefore(q, at, near.defined, near.quiet), op, value: 0, unit: 'degC', inclusive: op === '<=' || op === '>=' })
  }
  // "negative values", "non-positive pixels" with no variable named: a comparison with 0 of the variable named before.
  for (const m of q.matchAll(SIGN_VALUES_RE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const said = SIGN_WORDS['<'].includes(m[2].toLowerCase()) ? '<' : '>'
    const op = m[1] ? COMPLEMENT[said] : said
    push({ at, end, text: m[0], variable: variableBefore(q, at, near.defined, near.quiet), op, value: 0, unit: null, inclusive: op === '<=' || op === '>=' })
  }
  for (const m of q.matchAll(SIGN_BEFORE_RE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const said = SIGN_WORDS['<'].includes(m[2].toLowerCase()) ? '<' : '>'
    const op = m[1] ? COMPLEMENT[said] : said
    push({ at, end, text: m[0], variable: variableAt(m[3]), op, value: 0, unit: null, inclusive: op === '<=' || op === '>=' })
  }
  conditions.sort((a, b) => a.at - b.at)
  return { conditions, areaCondition, relative, included }
}
