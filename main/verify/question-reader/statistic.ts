/**
 * Which statistic a question asks for, read by the verifier from its own word list. Several may be named ("the
 * median of the daily means"); each must show up in the observation's statistic nodes. Words that could name a
 * statistic but do not say which (e.g. "typical", "variability") are reported as unchecked, never guessed.
 */
import { STATISTICS, ORDINAL_PERCENTILE_WORDS } from '../../domain/lexicon'
import { parseQuestion } from '../../domain/spans'
import { codeReductions } from '../../domain/spans/code-reductions'
import { BLANK } from '../../domain/spans/statements'
import { escape } from '../../domain/spans/words'
import { SHARE_OF_COMPARED_VARIABLE } from '../../domain/spans/variables'

export type StatisticKind = 'mean' | 'median' | 'percentile' | 'std' | 'variance' | 'min' | 'max' | 'sum' | 'pixel_count' | 'date_count' | 'fraction' | 'trend'

export interface AskedStatistic {
  kind: StatisticKind
  /** For a percentile: which one (0-100). */
  p?: number
  /** The words it was read from. */
  words: string
}

/** How the verifier writes each statistic in a diagnosis. */
export function describeStatistic(s: { kind: StatisticKind; p?: number }): string {
  switch (s.kind) {
    case 'percentile':
      return `${s.p ?? '?'}th percentile`
    case 'std':
      return 'standard deviation'
    case 'min':
      return 'minimum'
    case 'max':
      return 'maximum'
    case 'pixel_count':
      return 'number of pixels'
    case 'date_count':
      return 'number of dates'
    case 'fraction':
      return 'fraction (or percentage) of pixels'
    case 'trend':
      return 'trend'
    default:
      return s.kind
  }
}

/** The median's names in the lexicon, less those a percentile entry reads ("50th percentile"). */
const MEDIAN_NAMES = (STATISTICS.find((x) => x.key === 'median')?.names ?? ['median'])
  .filter((n) => !/\d/.test(n))
  .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
  .join('|')

interface Entry {
  re: RegExp
  kind: StatisticKind | ((m: RegExpMatchArray) => AskedStatistic | AskedStatistic[] | null)
}

const ENTRIES: Entry[] = [
  // A range is a maximum and a minimum, both of which the observation must take ("the range of the per-date means",
  // "highest minus lowest", "the difference between the warmest month and the coldest month"). Not a span of dates ("the date range") nor a condition's bounds ("in the range 0.2-0.5").
  {
    re: /(?<!\b(?:date|time|valid|in\s+(?:the|a)|within\s+(?:the|a)|outside\s+(?:the|a)|inside\s+(?:the|a))\s)\brange\b(?!\s+(?:of\s+(?:the\s+)?(?:dates|days|years|months)|from|between)\b)|\b(?:highest|largest|maximum|max|hottest|warmest)(?:\s+pixel)?\s+(?:minus|-|less)\s+(?:the\s+)?(?:lowest|smallest|minimum|min|coldest|coolest)\b|\bdifference\s+(?:in\s+[\w ]{1,20}?\s+)?between\s+(?:the\s+)?(?:hottest|warmest|highest|largest|maximum|max)(?:\s+(?:month|season|year))?\s+and\s+(?:the\s+)?(?:coldest|coolest|lowest|smallest|minimum|min)\b/gi,
    kind: (m) => [
      { kind: 'max', words: m[0] },
      { kind: 'min', words: m[0] },
    ],
  },
  // "median", "the middle value" (the lexicon's names of the median).
  { re: new RegExp(`\\b(?:${MEDIAN_NAMES})\\b`, 'gi'), kind: 'median' },
  {
    re: /(?<![\d.])(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th)?[\s-]*(?:percentile|centile)\b/gi,
    kind: (m) => ({ kind: 'percentile', p: Number(m[1]), words: m[0] }),
  },
  // "90th pct": the lexicon's short forms, only after an ordinal ("90 pct" is a percentage).
  {
    re: new RegExp(`(?<![\\d.])(\\d{1,2}(?:\\.\\d+)?)(?:st|nd|rd|th)[\\s-]*(?:${ORDINAL_PERCENTILE_WORDS.join('|')})\\b`, 'gi'),
    kind: (m) => ({ kind: 'percentile', p: Number(m[1]), words: m[0] }),
  },
  { re: /\b(upper|lower)\s+quartile\b/gi, kind: (m) => ({ kind: 'percentile', p: /upper/i.test(m[1]) ? 75 : 25, words: m[0] }) },
  { re: /\bstandard[\s-]+deviation\b|\bst\.?\s?dev\b|\bstd\b/gi, kind: 'std' },
  { re: /\bvariance\b/gi, kind: 'variance' },
  { re: /\b(?:maximum|max)\b(?!\s*(?:[-\s]to[-\s]|distance))/gi, kind: 'max' },
  { re: /\b(?:minimum|min)\b(?!\s*[-\s]to[-\s])/gi, kind: 'min' },
  // Extremes in plain words ("the highest monthly mean", "the lowest value"), read only where the question names no
  // date, day, scene or month: there the extreme may pick a date ("wich date has the lowest mean").
  { re: /\b(?:highest|largest|greatest|biggest)\b(?![\s-]+to[\s-])/gi, kind: (m) => plainExtreme(m, 'max') },
  { re: /\b(?:lowest|smallest)\b(?![\s-]+to[\s-])/gi, kind: (m) => plainExtreme(m, 'min') },
  { re: /\b(?:mean|average|averaged|avg)\b/gi, kind: 'mean' },
  // The means of a series ("the monthly means", "of the seasonal averages"): a plural alone ("Means get pulled by
  // hot rock") is said in passing.
  { re: /\b(?:monthly|montly|seasonal|annual|yearly|daily|scene|image|per[\s-](?:date|scene|image|acquisition))\s+(?:means|averages)\b/gi, kind: 'mean' },
  { re: /\b(?:sum|total)\b(?!\s+(?:number|count|area|of\s+(?:pixels|dates|days)))/gi, kind: 'sum' },
  {
    re: new RegExp(
      String.raw`\bhow\s+many\s+(?:of\s+(?:the|these|those|all\s+the)\s+)?(?:[\w-]+\s+){0,2}?(?:pixels|pixles|px|cells)\b|\bnumber\s+of\s+(?:[\w-]+\s+){0,2}?(?:pixels|pixles|px|cells)\b|\bpixel\s+count\b|\bcount\s+(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+)?(?:pixels|pixles|px)\b|(?:${BLANK.source})\s+(?:pixels|pixles|px|cells)\b`,
      'gi',
    ),
    kind: 'pixel_count',
  },
  // "How many of the 2019 acquisitions have ...": "of the" before the words that say what is counted. A blank to
  // fill in before the noun ("TBD pixels have ...", "___ dates were ...") asks the count too.
  {
    re: new RegExp(
      String.raw`\bhow\s+many\s+(?:of\s+(?:the|these|those|all\s+the)\s+)?(?:\w+\s+){0,2}?(?:dates|days|scenes|images|acquisitions|observations|overpasses)\b|\bnumber\s+of\s+(?:\w+\s+){0,2}?(?:dates|days|scenes|images|acquisitions|observations|overpasses)\b|(?:${BLANK.source})\s+(?:dates|days|scenes|images|acquisitions|observations|overpasses)\b`,
      'gi',
    ),
    kind: 'date_count',
  },
  {
    re: new RegExp(
      `\\b(?:percentage|percent|proportion|fraction|share)\\s+of\\s+(?:the\\s+)?(?:\\w+\\s+){0,2}?(?:pixels?|areas?|image|scene|regions?|study\\s+area|land|cells?)\\b|\\bwhat\\s+(?:percentage|proportion|fraction|share)\\b|(?<![\\d.]\\s*)%\\s+of\\s+(?:the\\s+|all\\s+|those\\s+|these\\s+)?(?:[\\w-]+\\s+){0,2}?(?:pixels?|px|cells|subset|selection|image|scene|area)\\b|${SHARE_OF_COMPARED_VARIABLE}`,
      'gi',
    ),
    kind: 'fraction',
  },
  { re: /\btrends?\b|\bslope\b|\brate\s+of\s+change\b|\blinear\s+regression\b|\bmann[\s-]kendall\b|\bsen'?s\b/gi, kind: 'trend' },
]

/** Words that make an extreme in plain words possibly the pick of a date rather than a statistic. */
const DATE_WORDS = /\b(?:dates?|days?|scenes?|acquisitions?|overpass(?:es)?|months?|when)\b/i

/**
 * An extreme of a series' values said right before them ("the lowest monthly mean", "then the highest of those
 * means", "the largest of the per-date medians"): a statistic, not a pick (a question asking for a date drops it).
 */
const OF_SERIES_VALUES =
  /^\s+(?:(?:monthly|seasonal|annual|yearly)\s+(?:means?|averages?|medians?|values?)|of\s+(?:the|those|these|all\s+the)\s+(?:(?:per[\s-](?:date|scene|image|acquisition)|scene|image|daily|monthly|seasonal|annual|yearly)\s+)?(?:means|averages|medians|values))\b/i

function plainExtreme(m: RegExpMatchArray, kind: 'max' | 'min'): AskedStatistic | null {
  const input = m.input ?? ''
  if (OF_SERIES_VALUES.test(input.slice((m.index ?? 0) + m[0].length))) return { kind, words: m[0] }
  return DATE_WORDS.test(input) ? null : { kind, words: m[0] }
}

/** A question whose answer is a date ("which date", "the date of", "coldest date"): its extreme word picks the date. */
const DATE_ASKED =
  /\b(?:which|what)\s+(?:(?:19|20)\d{2}\s+)?(?:date|day|acquisition|scene|overpass|month)\b|\b(?:date|day)\s+(?:of|with|w\/)\s+(?:the\s+)?(?:max|min|highest|lowest|hottest|coldest|peak)|\b(?:hottest|coldest|warmest|coolest|highest|lowest)\s+(?:(?:19|20)\d{2}\s+)?(?:date|day|acquisition)\b(?!\s+of\b|['’]s\b)/i

/** What sets the statistic after it aside: "not a mean of medians", "rather than the mean". */
const NOT_TAKEN = /\b(?:not|rather\s+than|instead\s+of)\s+(?:an?\s+|the\s+)?(?:\w+\s+of\s+(?:the\s+)?)?$/i

/** Words that change what is computed but name no statistic the verifier can check. */
const VAGUE = /\b(typical|variability|spread|dispersion|interquartile|iqr|mode)\b/gi

export function readStatistics(question: string): { asked: AskedStatistic[]; unchecked: string[] } {
  const asked: AskedStatistic[] = []
  // The words of an image part ("the lowest third", "the upper half") name where, not which statistic.
  // Positions are those of the parsed text (typing slips corrected, numbers in words written as digits).
  const parsed = parseQuestion(question)
  // A statistic word inside a part's words is no statistic; one that starts before them ("the number of eastern-half
  // pixels") still is.
  const parts: [number, number][] = parsed.spans.filter((s) => s.type === 'part').map((s) => [s.at, s.end])
  const taken: [number, number][] = []
  // A reduction written as code over a comparison ("((b10 > 0) & (bt < 285)).sum()") counts pixels (a mean of one is
  // their share): its "sum" or "mean" is no statistic of values.
  for (const r of codeReductions(parsed.text).filter((x) => x.ofMask)) {
    taken.push([r.at, r.end])
    asked.push(r.fn === 'mean' ? { kind: 'fraction', words: r.text } : { kind: 'pixel_count', words: r.text })
  }
  for (const e of ENTRIES) {
    for (const m of parsed.text.matchAll(e.re)) {
      const at = m.index ?? 0
      if (parts.some(([a, b]) => at >= a && at < b) || taken.some(([a, b]) => at < b && at + m[0].length > a)) continue
      // "(one big sample, not a mean of medians)": statistics said not to be taken.
      if (NOT_TAKEN.test(parsed.text.slice(Math.max(0, at - 30), at))) continue
      const made = typeof e.kind === 'function' ? e.kind(m) : { kind: e.kind, words: m[0] }
      if (!made) continue
      taken.push([at, at + m[0].length])
      for (const one of [made].flat()) if (!asked.some((s) => s.kind === one.kind && s.p === one.p)) asked.push(one)
    }
  }
  // "percentage change"/"percent increase" is a change between periods, not a share of pixels.
  const change =
    /\b(?:percentage|percent|%)\s+(?:change|increase|decrease|difference|drop|rise)\b/i.test(question) ||
    /\bby\s+(?:what|how\s+many)\s+(?:percentage|percent|%)\b[^.?]{0,80}?\b(?:chang\w*|increas\w*|decreas\w*|ris(?:e|en)|rose|drop\w*|fell|fall|grow\w*|grew|shr[iu]nk\w*)\b/i.test(
      question,
    )
  // "Which date has the lowest mean", "date of min mean": the extreme picks a date of the series, no statistic of pixels.
  const dateAsked = DATE_ASKED.test(question)
  // "Only count pixels that have data in bands 4, 5 and 10" beside a share: the pixels it is taken over, no count asked.
  const restricting = (s: AskedStatistic) =>
    s.kind === 'pixel_count' && asked.some((o) => o.kind === 'fraction') && new RegExp(`\\bonly\\s+${escape(s.words)}`, 'i').test(parsed.text)
  const kept = asked.filter((s) => !(change && s.kind === 'fraction') && !(dateAsked && (s.kind === 'max' || s.kind === 'min')) && !restricting(s))
  const unchecked = [...question.matchAll(VAGUE)].map((m) => `the statistic word '${m[0]}'`)
  return { asked: kept, unchecked: kept.length ? [] : unchecked }
}
