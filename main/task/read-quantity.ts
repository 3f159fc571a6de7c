/**
 * The stages of the task reader (read-task.ts) that read the quantity asked: its statistic (from the question's
 * words, else from its answer options), whether that statistic is taken per date or over the pooled pixels, and
 * whether two periods, regions or masks are combined (a difference, a ratio, a percent change).
 */
import { all, first as firstSpan, type Span as LexSpan } from '../domain/spans'
import type { ConditionsRead } from './conditions'
import { readOptions, sharedKey } from './options'
import { allMatches, firstMatch, readValueStatistic } from './read-words'
import type { Reading } from './reading'
import type { Condition, Period, Region, Statistic, TaskSpec } from './spec'
import { SET_ASIDE } from './several-asked'
import { AREA, AREA_UNIT_WORDS, OBJECTS, REPORT_VALUE, SHARE, TREND, TREND_AXIS, VALUE_STATISTICS, VARIABLES } from './vocabulary'
import { BACK_REFERENCES } from '../domain/lexicon'
import { alternation } from '../domain/spans/words'

/** Back-referring words right after a statistic (lexicon BACK_REFERENCES), at the start of the text given. */
// "then average those percentiles": the values referred back to may be named after the reference.
const EACH_DATE = /\b(?:each|every)\s+(?:[\w-]+\s+){1,3}?(?:date|acquisition|scene|image|overpass)\b/i
const BACK_REFERENCE = new RegExp(
  `^\\s+(?:${alternation(BACK_REFERENCES)})\\b(?:\\s+(?:percentiles|means|medians|averages|maxima|minima|values|numbers))?`,
  'i',
)

/** The statistic the question asks, with what later stages need to know about how it was asked. */
export interface StatisticRead {
  statistic: Statistic | null
  percentile: number | undefined
  /** Some condition tests a value rather than a share of the area. */
  hasValueCondition: boolean
  /** The objects counted ("how many airplanes"), when the question names some. */
  objects: RegExpMatchArray | null
  /** "How many", "number of" or "count" is written. */
  countAsk: boolean
}

/**
 * The statistic the question's own words name: a trend, the date of an extreme, a count of pixels, dates or
 * objects, an area or a share; then a percentile or a value statistic (mean, median...); failing those, the one
 * the answer options state.
 */
export function readStatistic(r: Reading, read: ConditionsRead, conditions: readonly Condition[]): StatisticRead {
  const asked = askedStatistic(r, read, conditions)
  const valued = valueStatistic(r, asked.statistic)
  const statistic = statisticFromOptions(r, valued.statistic, asked.hasValueCondition, asked.hasDateOf)
  // "(pooled into one sample, not a mean of per-date values)": another statistic set aside beside the one asked.
  // What it is taken of goes with it ("not a mean of per-date quantiles", "not the mean of monthly means").
  if (statistic)
    for (const s of all(r.lex, 'statistic').filter((x) => x.key !== statistic && SET_ASIDE.test(r.q.slice(Math.max(0, x.at - 40), x.at))))
      r.use(s.at, s.end + (SET_ASIDE_OF.exec(r.q.slice(s.end))?.[0].length ?? 0), 'statistic set aside')
  return { statistic, percentile: valued.percentile, hasValueCondition: asked.hasValueCondition, objects: asked.objects, countAsk: asked.countAsk }
}

/**
 * The statistics that are not values of the pixels (a trend, the date of an extreme, counts, an area, a share),
 * each from the words that ask it, the first that applies taken.
 */
function askedStatistic(r: Reading, read: ConditionsRead, conditions: readonly Condition[]): Omit<StatisticRead, 'percentile'> & { hasDateOf: boolean } {
  const { q, lex, use } = r
  let statistic: Statistic | null = null
  const take = (hit: { at: number; end: number } | null, s: Statistic, role = 'statistic') => {
    if (!hit) return false
    statistic = s
    use(hit.at, hit.end, role)
    return true
  }
  const hasValueCondition = conditions.some((c) => c.unit !== 'percent')
  const labelSets = all(lex, 'label_set')
  const objects = allMatches(q, OBJECTS).find((h) => !labelSets.some((l) => h.at < l.end && h.end > l.at))?.m ?? null
  const trendHit = firstMatch(q, TREND)
  // Counts of pixels and of dates are the span parser's ("how many pixels", "the number of days on which").
  // "Count only the pixels where ..." beside a share asked ("What percentage of the pixels ...? Count only the pixels
  // where all six bands are above 0."): the pixels the share is taken over, not a count asked.
  const restricts = (c: { text: string; at: number }) =>
    (/^(?:count(?:ing)?\s+only|only\s+count(?:ing)?)\b/i.test(c.text) || /\bonly\s+$/i.test(q.slice(Math.max(0, c.at - 8), c.at))) && SHARE.test(q)
  const countOf = (what: 'pixels' | 'dates') => all(lex, 'count').find((c) => c.what === what && !restricts(c)) ?? null
  const countAsk = /\bhow\s+many\b|\bnumber\s+of\b|\bcount\b/i.test(q)
  // "The date of" an extreme is the span parser's reading ("which date ... highest", "the day with the highest"); when
  // the question then asks for the extreme's value ("identify the date with the greatest increase and report the
  // corresponding percentage"), the date is a step and the value (the extreme) is what is asked.
  const dateOf = firstSpan(lex, 'date_of')
  if (trendHit) {
    take(trendHit, 'trend')
    for (const h of allMatches(q, TREND)) use(h.at, h.end, 'statistic')
    // The day of the year is the date's axis only within one calendar year: across years it folds them onto one.
    const years = new Set(all(lex, 'period').flatMap((p) => [p.start.slice(0, 4), p.last.slice(0, 4)]))
    for (const h of allMatches(q, TREND_AXIS)) if (years.size <= 1 || !DAY_OF_YEAR.test(h.m[0])) use(h.at, h.end, 'time axis of the trend')
  } else if (dateOf && REPORT_VALUE.test(q.slice(dateOf.end, dateOf.end + 160))) take(dateOf, dateOf.extreme)
  else if (dateOf && take(dateOf, dateOf.extreme === 'max' ? 'date_of_max' : 'date_of_min')) void 0
  else if (take(countOf('pixels'), 'count_pixels')) void 0
  else if ((hasValueCondition || read.areaCondition) && take(countOf('dates'), 'count_dates')) void 0
  else if (objects && countAsk && !VARIABLES.some((v) => v.words.test(q))) take(firstMatch(q, /\bhow\s+many\b|\bnumber\s+of\b|\bcount\b/i), 'count_objects')
  else if (take(firstMatch(q, AREA), 'area')) void 0
  // "hectares TOA NDVI > 0.3", "km² with NDVI above 0.3": an area unit asked of a pixel condition is its area.
  else if (hasValueCondition && take(allMatches(q, AREA_UNIT_WORDS).find((h) => !read.conditions.some((c) => h.at < c.end && h.end > c.at)) ?? null, 'area'))
    void 0
  else if (hasValueCondition && take(shareAsked(q, lex), 'fraction')) void 0
  return { statistic, hasValueCondition, objects, countAsk, hasDateOf: Boolean(dateOf) }
}

/** "of per-date quantiles", "of the monthly means": what a statistic set aside is taken of (two words at most). */
const SET_ASIDE_OF = /^\s+of\s+(?:the\s+)?(?:[a-z-]+\s+)?[a-z-]+\b/i
const DAY_OF_YEAR = /\bday\s+of\s+(?:the\s+)?year\b|\bdoy\b/i

/** The first share word asked, not the one of a percent change asked ("by what percentage did the mean change"). */
function shareAsked(q: string, lex: Reading['lex']): { at: number; end: number; m: RegExpMatchArray } | null {
  const changeBy = all(lex, 'combine').filter((c) => c.key === 'percent_change' && /^by\b/i.test(c.text))
  return allMatches(q, SHARE).find((h) => !changeBy.some((c) => h.at < c.end && h.end > c.at)) ?? null
}

/**
 * A percentile or a value statistic (mean, median, maximum...) named in words not read yet, when no statistic was
 * found before; after a trend or a "date of", the same words are the per-date statistic those rest on.
 */
function valueStatistic(r: Reading, found: Statistic | null): { statistic: Statistic | null; percentile: number | undefined } {
  const { q, lex, options, spans, use } = r
  let statistic = found
  let percentile: number | undefined
  if (statistic === null || statistic === 'date_of_max' || statistic === 'date_of_min' || statistic === 'trend') {
    // Percentiles and quartiles are the span parser's ("the 90th percentile", "p90", "the upper quartile").
    const pct = all(lex, 'statistic').find((x) => x.key === 'percentile' && x.p !== undefined && !spans.some((s) => x.at < s.end && x.end > s.at))
    const inner = readValueStatistic(q, spans)
    if (pct && statistic === null) {
      statistic = 'percentile'
      percentile = pct.p
      // "the first quartile (25th percentile)": a restatement of the same percentile is read with it.
      for (const x of all(lex, 'statistic')) if (x.key === 'percentile' && x.p === pct.p) use(x.at, x.end, 'statistic')
    } else if (inner && statistic === null) {
      statistic = inner.statistic
      // The words of the statistic taken, and a mean beside it (the house convention over dates: "take each date's
      // median and average them"; context such as "medians, not means"). Another statistic side by side ("the
      // per-date mean ... highest minus lowest") is left to the ledger, so the run stops on it instead of answering
      // the first one alone. With options, the options decide between the statistics named ("minimum ... or maximum?").
      for (const h of inner.hits) if (options.length > 0 || h.statistic === inner.statistic || h.statistic === 'mean') use(h.at, h.end, 'statistic')
    } else if (inner) {
      // "the date of the highest mean LST", "the trend of the annual mean": the per-date statistic they rest on.
      for (const h of inner.hits) use(h.at, h.end, 'per-date statistic')
    }
  }
  return { statistic, percentile }
}

/**
 * What the answer options say of the statistic: a percent option makes a bare pixel condition a share, an option
 * label may name the statistic ("Annual Mean TVDI: 0.6897"), and options that are all dates make an extreme the
 * date of that extreme.
 */
function statisticFromOptions(r: Reading, found: Statistic | null, hasValueCondition: boolean, hasDateOf: boolean): Statistic | null {
  const { q, options } = r
  let statistic = found
  if (statistic === null && hasValueCondition && !/\b(?:mean|average|median)\b/i.test(q)) {
    // "pixels with TVDI > 0.9": a condition with nothing else asked about it is a share or a count; say which only
    // when the question does, else the options decide below.
    const pct = readOptions(options).some((o) => o.unit === 'percent')
    if (pct) statistic = 'fraction'
  }
  // The statistic an option label names ("Annual Mean TVDI: 0.6897"), when the question names none.
  const key = sharedKey(options)
  if (statistic === null && key) {
    const fromKey = VALUE_STATISTICS.find((s) => s.words.test(key))
    if (fromKey) statistic = fromKey.statistic
  }

  // Options that each state a date ("2022-08-03 (NDVI: 0.5443)", "Peak pollution date: 2022-09-05 | ...") answer
  // "which date": an extreme asked with them ("the peak pollution event", "NDVI extremes") is the date of it.
  const datedOptions = options.length >= 2 && options.every((o) => /\b(?:19|20)\d{2}-\d{2}-\d{2}\b/.test(o.text))
  if (datedOptions && (statistic === 'max' || statistic === 'min') && !hasDateOf) statistic = statistic === 'max' ? 'date_of_max' : 'date_of_min'
  return statistic
}

/**
 * Pooling: "pooled", "pool every pixel" take the statistic over all the dates' pixels together; "per date", "of
 * the daily means" keep the house convention (one value per date, then their mean). When a statistic is written on
 * each side of the per-date words ("the median of the per-date means"), the inner one is each date's statistic
 * and the outer one is taken over the dates.
 */
/** Per-date words that quantify the dates ("each date", "every scene") rather than name their values ("per-date means"). */
const EACH_DATE_WORDS = /^(?:each|every)\b/i

export function readPooling(r: Reading, found: Statistic | null) {
  const { lex, use } = r
  let statistic = found
  let pooling: 'per_date' | 'pooled' = 'per_date'
  const poolSpans = all(lex, 'pooling')
  const pooled = poolSpans.find((p) => p.key === 'pooled')
  if (pooled) pooling = 'pooled'
  for (const p of poolSpans) use(p.at, p.end, 'pooling')
  let acrossDates: Statistic | undefined
  const stats = all(lex, 'statistic').filter((x) => x.key !== 'trend' && x.key !== 'fraction' && x.key !== 'area')
  // "take the mean LST of each date, and then the median of these means": the statistic that refers back to the
  // values computed before it is taken over the dates, and the one said before it is each date's.
  // ("each date", or with its period between: "each August 2019 date")
  const perDateSaid = poolSpans.some((p) => p.key === 'per_date') || EACH_DATE.test(r.q)
  const back = perDateSaid && statistic !== null ? stats.find((x) => BACK_REFERENCE.test(r.q.slice(x.end))) : undefined
  // (A percentile of each date averaged over the dates is read; a percentile over the dates is not computed.)
  const before = back ? stats.filter((x) => x.end <= back.at && (x.key !== 'percentile' || back.key === 'mean') && back.key !== 'percentile').at(-1) : undefined
  if (back && before) {
    use(before.at, before.end, 'statistic')
    use(back.at, back.end, 'statistic over the dates')
    const ref = BACK_REFERENCE.exec(r.q.slice(back.end))!
    use(back.end, back.end + ref[0].length, 'statistic over the dates')
    return { statistic: before.key as Statistic, pooling, acrossDates: before.key === back.key || back.key === 'mean' ? undefined : (back.key as Statistic) }
  }
  // The per-date words with a statistic before them ("the middle value of those scene means"; an earlier "Each
  // acquisition gives one scene mean." has none).
  const perDates = poolSpans.filter((p) => p.key === 'per_date')
  const perDate = perDates.find((p) => stats.some((x) => x.end <= p.at)) ?? perDates[0]
  if (perDate && statistic !== null) {
    const outer = stats.filter((x) => x.end <= perDate.at).at(-1)
    // The statistic of each date follows the per-date words ("per-date mean") or is part of them ("the scene means").
    const inner = stats.find((x) => x.at >= perDate.end - 1 && x.at - perDate.end <= 20) ?? stats.find((x) => x.at >= perDate.at && x.end <= perDate.end)
    // The statistic found first is either of the two: the outer one, or the inner one said before it ("Each date
    // gives one scene mean. We want the middle value of those scene means.").
    const found = statistic === outer?.key || statistic === inner?.key
    if (outer && inner && outer.key !== inner.key && outer.key !== 'percentile' && inner.key !== 'percentile' && found) {
      // "the median of each date, then the average of the three medians": a statistic "of each date" is the date's own,
      // and the one after is taken over the dates (the other way round from "the median of the per-date means").
      const ofEach = EACH_DATE_WORDS.test(perDate.text) && /^\s+(?:of|for|on)\s+(?:the\s+)?$/i.test(r.q.slice(outer.end, perDate.at))
      const [own, over] = ofEach ? [outer, inner] : [inner, outer]
      statistic = own.key as Statistic
      if (over.key !== 'mean') acrossDates = over.key as Statistic
      // Both statistics are placed now: the one of each date and the one over the dates.
      use(over.at, over.end, 'statistic over the dates')
      use(own.at, own.end, 'statistic')
    }
  }
  return { statistic, pooling, acrossDates }
}

/** What the combination stage needs from the stages before it. */
export interface CombinationInput {
  statistic: Statistic | null
  periods: readonly Period[]
  regions: readonly Region[]
  conditions: readonly Condition[]
  hasValueCondition: boolean
  countAsk: boolean
}

/**
 * A combination of two periods, two regions or two opposite masks (a difference, a ratio, a percent change), from
 * the lexicon's combination words. Refuses two regions with nothing comparing them, and a comparison whose two
 * sides are not found. A change between two periods or regions that names no statistic is a change of the mean.
 */
export function readCombination(r: Reading, { statistic: found, periods, regions, conditions, hasValueCondition, countAsk }: CombinationInput) {
  const { q, lex, use, refuse } = r
  let statistic = found
  let combine: TaskSpec['quantity']['combine'] = null
  let across: TaskSpec['quantity']['across'] = null
  let order: 'as_written' | undefined
  // The combination words are the lexicon's (span parser): the first one written decides ratio or difference,
  // a percent-change or absolute-difference phrase anywhere says which kind.
  const combSpans = all(lex, 'combine').sort((a, b) => a.at - b.at)
  const comb = combSpans[0]
  const valueConds = conditions.filter((c) => c.unit !== 'percent')
  const oppositeMasks =
    valueConds.length >= 2 &&
    valueConds[0].variable !== null &&
    valueConds[0].variable === valueConds[1].variable &&
    valueConds[0].op[0] !== valueConds[1].op[0] &&
    valueConds[0].op !== 'between'
  if (comb && statistic !== 'trend' && statistic !== 'count_dates') {
    const ratio = comb.key === 'ratio'
    const absolute = combSpans.some((c) => c.key === 'absolute_difference')
    const percentChange = combSpans.find((c) => c.key === 'percent_change')
    const kind = percentChange ? 'percent_change' : ratio ? 'ratio' : absolute ? 'absolute_difference' : 'difference'
    if (percentChange) use(percentChange.at, percentChange.end, 'combination')
    if (periods.length >= 2) {
      combine = kind
      across = 'periods'
      use(comb.at, comb.end, 'combination')
      order = writtenOrder(r, combSpans, periods, kind)
    } else if (regions.length >= 2) {
      combine = kind
      across = 'regions'
      use(comb.at, comb.end, 'combination')
    } else if (oppositeMasks || (valueConds.length === 1 && /\b(?:overall|entire|whole|full)\s+(?:mean|average|image|scene|area|region)\b/i.test(q))) {
      combine = kind
      across = 'masks'
      use(comb.at, comb.end, 'combination')
    }
  }

  // Two different parts of the image named and nothing comparing them ("the belt runs through the centre ... the
  // middle third of columns"): which one the value is over is not said; refused naming both, never the first taken.
  if (regions.length >= 2 && across !== 'regions')
    refuse(regions.map((g) => ('text' in g ? g.text : 'the whole image')).join('" and "'), 'two parts of the image named with nothing comparing them')

  // A percent change or ratio asked with no two sides found (one period "from June to September", one region) is
  // no single statistic: refused naming the words, never answered as the plain statistic.
  const unsided = combSpans.find((c) => c.key === 'percent_change' || c.key === 'ratio')
  if (unsided && !combine && statistic !== 'trend' && statistic !== 'count_dates') {
    refuse(unsided.text.trim(), 'a comparison whose two sides (two periods, regions or masks) the reader could not find')
    use(unsided.at, unsided.end, 'combination (refused)')
  }

  // A difference, ratio or percent change of a variable between two periods or regions that names no statistic
  // ("the change in building volume between 1990 and 2000") compares the variable's value on each side, which over
  // an image is its mean (the benchmarks' convention: the means of the images are differenced); the spec says so in
  // the combination's role so the answer restates it. With a pixel condition, a share word or a count the change
  // may be of a share or a count, so nothing is assumed there.
  const blanked = combSpans.reduce((t, c) => t.slice(0, c.at) + ' '.repeat(c.end - c.at) + t.slice(c.end), q)
  if (statistic === null && !hasValueCondition && !SHARE.test(blanked) && !countAsk && combine && (across === 'periods' || across === 'regions')) {
    statistic = 'mean'
    use(comb.at, comb.end, 'combination of the means (no statistic named: a change of a layer compares its image means)')
  }
  return { statistic, combine, across, ...(order ? { order } : {}) }
}

/**
 * The order of a difference the question writes ("the median on 26 June minus the median on 14 September", "how much
 * warmer was May than October"; spans/refiners.ts): the spec's first period minus its second is 'as_written'; the
 * later minus the earlier is the convention. The earlier minus the later written after it has no order in the spec
 * and is refused, naming the words; "the difference between" them states no order and keeps the convention.
 */
function writtenOrder(r: Reading, combs: readonly Extract<LexSpan, { type: 'combine' }>[], periods: readonly Period[], kind: string): 'as_written' | undefined {
  const c = combs.find((x) => x.written)
  if (kind !== 'difference' || !c?.written || periods.length !== 2) return undefined
  const is = (p: Period, x: { start: string; last: string }) => p.start === x.start && p.end === x.last
  const { minuend, subtrahend } = c.written
  if (is(periods[0], minuend) && is(periods[1], subtrahend)) return 'as_written'
  if (is(periods[1], minuend) && is(periods[0], subtrahend) && periods[1].start > periods[0].end) return undefined
  if (is(periods[1], minuend) && is(periods[0], subtrahend))
    r.refuse(c.text.trim(), 'a difference of the earlier period minus the later one named after it, which the spec cannot order')
  return undefined
}
