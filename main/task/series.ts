/**
 * The series a trend or a "date of" is sampled by (one value per acquisition, month, season or year), read from
 * the span parser's series words; and the series words no such statistic takes. "Per year" after a slope, or over a
 * period inside one calendar year (where a series of annual values has one step), is the slope's unit. A statistic
 * over monthly or seasonal means ("the highest monthly mean of 2019") is taken over that series, not over the
 * dates; a series of them with no statistic over it is refused, naming the words.
 */
import { EXTREME_WORDS, PIXEL_QUANTIFIERS, SLOPE_UNITS } from '../domain/lexicon'
import { all, type Span as LexSpan } from '../domain/spans'
import { alternation } from '../domain/spans/words'
import type { Period, Statistic, TaskSpec } from './spec'

export interface SeriesInput {
  q: string
  lex: readonly LexSpan[]
  statistic: Statistic | null
  periods: readonly Period[]
  /** The spans the reader has used so far, with their roles. */
  spans: readonly { at: number; end: number; role: string }[]
  use: (at: number, end: number, role: string) => void
  refuse: (text: string, why: string) => void
  /** For a count of dates: the comparison each date must meet, and whether it is on a share of the area. */
  dateCriterion?: { op: '>' | '>=' | '<' | '<=' | 'between' | 'outside'; onShare: boolean }
  /** What the conditions select of each date's pixels: its valid pixels, or those meeting a value condition. */
  selects?: 'valid' | 'condition' | null
}

/** A count or a share asked of each date's pixels ("the largest number of valid pixels", "the biggest fraction of"). */
const COUNT_ASKED =
  /\b(?:number|count|amount)\s+of\b|\bhow\s+many\b|\b(?:most|fewest)\s+(?:[\w-]+\s+){0,2}?(?:pixels|pixles|px)\b|\b(?:by|in)\s+(?:the\s+)?(?:pixel\s+count|number\s+of\s+pixels)\b/i
/** Dates with no valid pixel left aside in words ("leaving aside the acquisitions that have no valid LST at all"). */
const EMPTY_DATES_LEFT_OUT =
  /\b(?:leaving\s+aside|leave\s+aside|leaving\s+out|excluding|ignoring|except(?:\s+for)?|without)\s+(?:the\s+)?(?:dates|acquisitions|scenes|images)\s+(?:that|which|with)\s+(?:have|has|hold)?\s*no\b|\b(?:of|among|only)\s+the\s+(?:\d{4}\s+)?(?:dates|acquisitions|scenes|images)\s+(?:that|which)\s+(?:have|has|hold)\s+(?:some|any|at\s+least\s+one)?\b/i

const SHARE_ASKED = /\b(?:fraction|share|proportion|percentage|percent)\b/i
/** A count set aside in words ("by share, not pixel count"), and a share set aside ("by pixel count, not share"). */
const COUNT_SET_ASIDE = /\bnot\s+(?:the\s+|by\s+)?(?:pixel\s+)?count\b|\bnot\s+(?:the\s+|by\s+)?number\s+of\s+pixels\b/i
const SHARE_SET_ASIDE = /\bnot\s+(?:the\s+|a\s+|by\s+)?(?:share|percent(?:age)?|fraction|proportion)\b/i

/** A slope's unit written per year ("K/yr", "per yr", "kelvin per year"): the unit every slope is given in. */
const PER_YEAR = new RegExp(`(?<![\\w/])(?:${alternation(SLOPE_UNITS.per_year.filter((w) => /\/|\byr\b|^k|^kelvin/.test(w)))})(?![\\w/])`, 'gi')

/**
 * A slope asked per day, week or quarter, or per so many of them ("K/day", "per 16 days", "NDVI per quarter"); "per
 * month" is read from the series words above.
 */
/** "per week", "/day", "per 16 days", "per fortnight (14 days)": a slope's unit of time, a fortnight's days restated in brackets. */
/** "per couple of days", "/ 2.5 days": a unit of time after "per" with up to three words between, read or not. */
const UNREAD_SLOPE_TIME = /(?:\bper|\/)\s*(?:[\w.]+\s+){0,3}?(?:days?|weeks?|months?|years?|decades?|fortnights?|quarters?)\b/gi
const SLOPE_TIME = /(?:\bper|\/|\beach)\s*(?:(\d{1,3})\s+)?(days?|weeks?|quarters?|quaters?|fortnights?)\b(?:\s*\(\s*(\d{1,3})\s+days?\s*\))?/gi
const TIME_UNIT: Readonly<Record<string, 'day' | 'week' | 'quarter'>> = { day: 'day', week: 'week', quarter: 'quarter', quater: 'quarter', fortnight: 'day' }
/** Days in the units counted in days: a fortnight is 14. */
const DAYS_IN: Readonly<Record<string, number>> = { fortnight: 14 }

/** Words that set a slope's unit aside ("not per day", "rather than per day", "instead of per day"). */
const UNIT_SET_ASIDE = /\b(?:not|rather\s+than|instead\s+of)\s*$/i

/** A unit written right before "per month" ("kelvin per month", "°C per month", "NDVI units per month"). */
const UNIT_BEFORE = /(?:\b(?:k|kelvins?|celsius|degrees?|units?|ndvi|percent)|°c|%)\s*$/i

/** An extreme of single pixels asked of each date: "the highest single pixel value", "the hottest pixel". */
const PIXEL_EXTREME =
  /\b(?:single|individual|one)[\s-]+pixel(?:\s+values?)?\b|\b(?:hottest|coldest|warmest|brightest|highest|lowest)\s+(?:single\s+)?pixel(?:\s+values?)?\b|\bpixel\s+values?\b/i

/** "at least one pixel", "any pixel": a date counts when one of its pixels meets the comparison. */
const SOME_PIXEL = new RegExp(`(?:${alternation(PIXEL_QUANTIFIERS.some)})\\s+(?:valid\\s+)?pixels?\\b`, 'i')
/** "every pixel", "all pixels": a date counts when all its pixels meet the comparison. */
const EVERY_PIXEL = new RegExp(`(?:${alternation(PIXEL_QUANTIFIERS.every)})\\s+(?:valid\\s+)?pixels?\\b`, 'i')

/**
 * The per-date value a count of dates compares (when it is not a share of the area): "at least one pixel above T"
 * is the date's maximum above T, "every pixel above T" its minimum; a statistic word ("the scene mean", "the maximum
 * LST") names it; none named is the date's mean (the spec's convention), said in the series' text.
 */
function dateCountSeries(
  q: string,
  lex: readonly LexSpan[],
  criterion: NonNullable<SeriesInput['dateCriterion']>,
  use: SeriesInput['use'],
): TaskSpec['series'] {
  if (criterion.onShare || criterion.op === 'between' || criterion.op === 'outside') return null
  const above = criterion.op === '>' || criterion.op === '>='
  const some = SOME_PIXEL.exec(q)
  const every = some ? null : EVERY_PIXEL.exec(q)
  const quantifier = some ?? every
  if (quantifier) {
    const at = quantifier.index
    use(at, at + quantifier[0].length, 'per-date statistic')
    // "least" of "at least one pixel" is the quantifier's, no minimum.
    for (const x of all(lex, 'statistic')) if (x.at >= at && x.end <= at + quantifier[0].length) use(x.at, x.end, 'per-date statistic')
    const perStep: Statistic = (some !== null) === above ? 'max' : 'min'
    return { granularity: 'acquisition', perStep, text: quantifier[0] }
  }
  const named = all(lex, 'statistic').find((x) => ['mean', 'median', 'max', 'min'].includes(x.key) || (x.key === 'percentile' && x.p !== undefined))
  if (!named) return null
  use(named.at, named.end, 'per-date statistic')
  // "the 90th percentile of the scene's LST above 40 °C": that percentile of each date.
  if (named.key === 'percentile') return { granularity: 'acquisition', perStep: 'percentile', percentile: named.p, text: named.text.trim() }
  return { granularity: 'acquisition', perStep: named.key as Statistic, text: named.text.trim() }
}

/**
 * The statistic of each acquisition when no series word is said: the one the question names ("the date with the
 * highest median LST"), an extreme of single pixels, the range of each date, or each date's count of valid pixels
 * or share of pixels meeting the condition.
 */
function acquisitionStep({
  q,
  lex,
  statistic,
  use,
  refuse,
  selects,
}: Pick<SeriesInput, 'q' | 'lex' | 'use' | 'refuse' | 'selects'> & { statistic: Statistic }): Statistic | null {
  // No series word: one value per acquisition, whose statistic the question may still name ("the date with the
  // highest median LST"), or an extreme of single pixels ("the date of the highest single pixel value").
  // "the date whose LST range (hottest pixel minus coldest pixel) is the smallest": the range of each date.
  const range = statistic !== 'trend' ? all(lex, 'statistic').find((x) => x.key === 'range') : undefined
  const pixel = range ? null : PIXEL_EXTREME.exec(q)
  // "the date with the largest number of valid pixels", "the biggest fraction of pixels below 0 °C": each date's
  // count of its valid pixels, or its share of pixels meeting the condition.
  // Of the pixels meeting a condition, a count only where no share is asked, or the share is set aside in words.
  const counted =
    statistic !== 'trend' &&
    (selects === 'valid' || (selects === 'condition' && !COUNT_SET_ASIDE.test(q) && (!SHARE_ASKED.test(q) || SHARE_SET_ASIDE.test(q)))) &&
    COUNT_ASKED.test(q)
  const shared = statistic !== 'trend' && selects === 'condition' && SHARE_ASKED.test(q)
  const perStep: Statistic | null = counted
    ? 'count_pixels'
    : shared
      ? 'fraction'
      : range
        ? 'range'
        : pixel && statistic !== 'trend'
          ? statistic === 'date_of_max'
            ? 'max'
            : 'min'
          : (innerStatistic(lex, statistic) ?? otherExtreme(lex, statistic, refuse))
  // The fewest valid pixels: a date with none would be the fewest, and those give no value; asked only with them
  // left aside in words.
  const empty = EMPTY_DATES_LEFT_OUT.exec(q)
  if (counted && statistic === 'date_of_min' && !empty)
    refuse(COUNT_ASKED.exec(q)?.[0] ?? 'the number of valid pixels', 'dates with no valid pixel at all would have the fewest: say whether they are left aside')
  if (counted && empty) use(empty.index, empty.index + empty[0].length, 'dates left aside')
  const asked = counted ? COUNT_ASKED.exec(q) : shared ? SHARE_ASKED.exec(q) : null
  if (asked) use(asked.index, asked.index + asked[0].length, 'per-date statistic')
  if (range) use(range.at, range.end, 'per-date statistic')
  if (pixel && statistic !== 'trend') use(pixel.index, pixel.index + pixel[0].length, 'per-date statistic')
  return perStep
}

/** "the difference between the highest month and the lowest month" (the highest first): the range of the series. */
const STEP_RANGE = new RegExp(
  `\\b(?:difference|gap|spread)\\s+(?:in\\s+[\\w ]{1,20}?\\s+)?between\\s+the\\s+(?:${alternation(EXTREME_WORDS.max)})\\s+(month|season)\\s+and\\s+the\\s+(?:${alternation(EXTREME_WORDS.min)})\\s+(month|season)\\b`,
  'i',
)
const STEP_NOUN: Readonly<Record<string, string>> = { monthly: 'month', seasonal: 'season' }

/** The statistics a series of monthly or seasonal values can be reduced by (the engine's aggregates). */
const OVER_STEPS: readonly Statistic[] = ['mean', 'median', 'min', 'max', 'std']

/**
 * "in K per couple of days": a unit of time for the slope that no rule read blocks (left, the slope would be per year).
 * "per year" is that unit when none is read; "one value per month" beside "monthly means" restates the series.
 */
function refuseUnreadSlopeUnits(q: string, spans: SeriesInput['spans'], series: TaskSpec['series'], refuse: SeriesInput['refuse']): void {
  for (const m of q.matchAll(UNREAD_SLOPE_TIME)) {
    const x = { at: m.index ?? 0, end: (m.index ?? 0) + m[0].length }
    const restates = /^(?:per|\/)\s*years?$/i.test(m[0]) || (series?.granularity === 'monthly' && /^per\s+months?$/i.test(m[0]))
    if (!restates && !spans.some((s) => s.at < x.end && s.end > x.at)) refuse(m[0], 'a unit of time for the slope the reader could not place')
  }
}

/**
 * The series of a spec and the statistic asked: a statistic over monthly or seasonal values is the one taken over
 * the series ("the highest monthly mean": max), which may not be the first statistic word the reader met.
 */
export function readSeries({ q, lex, statistic, periods, spans, use, refuse, dateCriterion, selects }: SeriesInput): {
  series: TaskSpec['series']
  statistic: Statistic | null
  slopePer?: TaskSpec['slopePer']
  slopeEvery?: number
} {
  let series: TaskSpec['series'] = null
  let slopePer: TaskSpec['slopePer']
  let slopeEvery: number | undefined
  if (statistic === 'count_dates' && dateCriterion) series = dateCountSeries(q, lex, dateCriterion, use)
  if (statistic === 'trend' || statistic === 'date_of_max' || statistic === 'date_of_min') {
    // "the slope per year", "trend per year": the slope's unit (always per year), not a series sampled per year.
    // Over a period within one calendar year, a series of annual values has one step: "per year" is then the unit.
    const oneYear = periods.length > 0 && periods.every((p) => p.start.slice(0, 4) === p.end.slice(0, 4))
    const slopeUnit = (x: { at: number; end: number }) => oneYear || /\b(?:slope|trend|rate)\s+(?:[\w-]+\s+)?$/i.test(q.slice(Math.max(0, x.at - 30), x.at))
    for (const x of all(lex, 'series')) if (x.key === 'annual' && slopeUnit(x)) use(x.at, x.end, 'slope unit')
    // "in kelvin per month", "K/month", "the slope per month": a slope asked per month, not a series of monthly means.
    const perMonth = (x: { key: string; at: number; end: number }) =>
      statistic === 'trend' &&
      x.key === 'monthly' &&
      /^per\s+month$/i.test(q.slice(x.at, x.end).trim()) &&
      (slopeUnit(x) || UNIT_BEFORE.test(q.slice(Math.max(0, x.at - 30), x.at)))
    for (const x of all(lex, 'series'))
      if (perMonth(x)) {
        // "K per month": the unit written before is the slope's too.
        const before = q.slice(Math.max(0, x.at - 30), x.at).match(UNIT_BEFORE)
        use(before ? x.at - before[0].length : x.at, x.end, 'slope unit')
        slopePer = 'month'
      }
    if (statistic === 'trend')
      for (const m of q.matchAll(SLOPE_TIME)) {
        const at = m.index ?? 0
        const x = { at, end: at + m[0].length }
        if (spans.some((s) => at < s.end && x.end > s.at)) continue
        // "per week, not per day": the unit set aside is read, and takes no part.
        const setAside = UNIT_SET_ASIDE.exec(q.slice(Math.max(0, at - 20), at))
        if (setAside) {
          use(at - setAside[0].length, x.end, 'slope unit set aside')
          continue
        }
        if (!(slopeUnit(x) || UNIT_BEFORE.test(q.slice(Math.max(0, at - 30), at)))) continue
        const before = q.slice(Math.max(0, at - 30), at).match(UNIT_BEFORE)
        const word = m[2].toLowerCase().replace(/s$/, '')
        const per = TIME_UNIT[word]
        const count = (m[1] ? Number(m[1]) : 1) * (DAYS_IN[word] ?? 1)
        // "per fortnight (15 days)": the days restated disagree with the unit.
        if (m[3] !== undefined && Number(m[3]) !== count) refuse(m[0], 'a unit of time restated with another number of days')
        const every = count > 1 ? count : undefined
        // Two different units asked: which one is meant is not said.
        if (slopePer !== undefined && (slopePer !== per || slopeEvery !== every)) refuse(m[0], 'a second unit for the slope (say which one is wanted)')
        use(before ? at - before[0].length : at, x.end, 'slope unit')
        slopePer = per
        slopeEvery = every
      }
    if (statistic === 'trend')
      for (const m of q.matchAll(PER_YEAR))
        // "K per year" takes in the "per year" read above as the slope's unit; other spans keep their words.
        if (!spans.some((x) => x.role !== 'slope unit' && (m.index ?? 0) < x.end && (m.index ?? 0) + m[0].length > x.at))
          use(m.index ?? 0, (m.index ?? 0) + m[0].length, 'slope unit')
    const steps = all(lex, 'series').filter((x) => !(x.key === 'annual' && slopeUnit(x)) && !perMonth(x))
    const g = steps.find((x) => x.key !== 'acquisition') ?? steps[0]
    // "the date with the lowest 10th percentile": that percentile of each step (a mean in its place would answer
    // another question).
    const p = innerPercentile(lex, statistic)
    if (p) use(p.at, p.end, 'per-date statistic')
    if (g) {
      series = p
        ? { granularity: g.key, perStep: 'percentile', percentile: p.p, text: g.text.trim() }
        : { granularity: g.key, perStep: innerStatistic(lex, statistic) ?? 'mean', text: g.text.trim() }
      use(g.at, g.end, 'series')
    } else {
      const perStep = p ? null : acquisitionStep({ q, lex, statistic, use, refuse, selects })
      if (p) series = { granularity: 'acquisition', perStep: 'percentile', percentile: p.p, text: p.text.trim() }
      else if (perStep && perStep !== 'mean') series = { granularity: 'acquisition', perStep, text: '' }
    }
    if (statistic === 'trend') refuseUnreadSlopeUnits(q, spans, series, refuse)
  }
  // "The highest monthly mean", "the median of the seasonal means" over more than one month: the statistic is taken
  // over a series of monthly or seasonal values (each the mean of its dates' values, as for a trend); the series
  // word's own statistic ("monthly median") is the per-step one. With no other statistic named ("the monthly mean
  // LST of 2019", twelve values) nothing says which value of the series is asked: refused naming the words.
  const overMonths = periods.some((p) => p.start.slice(0, 7) !== p.end.slice(0, 7))
  if (series === null && overMonths && statistic !== null) {
    const g = all(lex, 'series').find(
      (x) => (x.key === 'monthly' || x.key === 'seasonal') && !spans.some((s) => s.role !== 'statistic' && x.at < s.end && x.end > s.at),
    )
    if (g) {
      const stats = all(lex, 'statistic').filter((x) => OVER_STEPS.includes(x.key as Statistic))
      const inner = stats.find((x) => x.at >= g.at && x.at <= g.end + 1)
      const outer = stats.find((x) => x !== inner && !(x.at < g.end && x.end > g.at))
      // "the difference between the warmest month and the coldest month": the range of the series.
      const spread = STEP_RANGE.exec(q)
      if (spread && STEP_NOUN[g.key] === spread[1].toLowerCase() && STEP_NOUN[g.key] === spread[2].toLowerCase()) {
        series = { granularity: g.key as 'monthly' | 'seasonal', perStep: (inner?.key as Statistic | undefined) ?? 'mean', text: g.text.trim() }
        use(g.at, g.end, 'series')
        if (inner) use(inner.at, inner.end, 'per-step statistic')
        use(spread.index, spread.index + spread[0].length, 'statistic over the series')
        return { series, statistic: 'range', ...(slopePer ? { slopePer } : {}), ...(slopeEvery ? { slopeEvery } : {}) }
      }
      if (outer) {
        series = { granularity: g.key as 'monthly' | 'seasonal', perStep: (inner?.key as Statistic | undefined) ?? 'mean', text: g.text.trim() }
        use(g.at, g.end, 'series')
        if (inner) use(inner.at, inner.end, 'per-step statistic')
        use(outer.at, outer.end, 'statistic over the series')
        return { series, statistic: outer.key as Statistic, ...(slopePer ? { slopePer } : {}), ...(slopeEvery ? { slopeEvery } : {}) }
      }
      refuse(g.text.trim(), 'a series of monthly or seasonal values with no statistic taken over it (which value of the series is asked is not said)')
      use(g.at, g.end, 'series (refused)')
    }
  }
  return { series, statistic, ...(slopePer ? { slopePer } : {}), ...(slopeEvery ? { slopeEvery } : {}) }
}

/** The percentile a trend or "date of" takes of each step, when it is the per-step statistic named first. */
function innerPercentile(lex: readonly LexSpan[], statistic: Statistic): { p: number; at: number; end: number; text: string } | null {
  const s = firstInner(lex, statistic)
  return s && s.key === 'percentile' && s.p !== undefined ? { p: s.p, at: s.at, end: s.end, text: s.text } : null
}

/**
 * An extreme named besides the one the date is asked of, with no other statistic named: each date's value ("On which
 * date is the minimum LST value the lowest of all dates?" is the date of the lowest minimum; the per-date mean had
 * been taken). Two different extremes ("the date whose maximum is the lowest") would need their order read: refused.
 */
function otherExtreme(lex: readonly LexSpan[], statistic: Statistic, refuse: SeriesInput['refuse']): Statistic | null {
  if (statistic !== 'date_of_max' && statistic !== 'date_of_min') return null
  const dateOf = all(lex, 'date_of')[0]
  if (!dateOf) return null
  const own = statistic === 'date_of_max' ? 'max' : 'min'
  const extremes = all(lex, 'statistic').filter((x) => x.key === 'max' || x.key === 'min')
  // The date's own extreme: the last word of its kind inside the "date of" phrase ("which date ... the lowest").
  const mine = extremes.filter((x) => x.key === own && x.at >= dateOf.at && x.end <= dateOf.end).at(-1)
  const others = extremes.filter((x) => x !== mine)
  if (!others.length) return null
  if (others.every((x) => x.key === own)) return own
  refuse(others[0].text, "two different extremes are named: say which one is each date's value and which one picks the date")
  return null
}

/** The per-step statistic a trend or "date of" rests on ("the trend of the monthly median"), when one is named. */
function innerStatistic(lex: readonly LexSpan[], statistic: Statistic): Statistic | null {
  const s = firstInner(lex, statistic)
  return s && s.key !== 'percentile' ? (s.key as Statistic) : null
}

function firstInner(lex: readonly LexSpan[], statistic: Statistic) {
  // A statistic word inside a method's name ("least" in "least squares") names no per-step statistic.
  const methods = all(lex, 'method')
  const candidates = all(lex, 'statistic').filter(
    (x) =>
      x.key !== 'trend' &&
      x.key !== 'fraction' &&
      x.key !== 'area' &&
      !(statistic !== 'trend' && (x.key === 'max' || x.key === 'min')) &&
      !methods.some((m) => x.at < m.end && x.end > m.at),
  )
  // The one said with the date asked ("Means get pulled by hot rock, so we rank dates by their median. Which date
  // has the highest median LST?": the median, not the means of the remark before).
  const dateOf = all(lex, 'date_of')[0]
  return (dateOf && candidates.find((x) => x.at >= dateOf.at)) ?? candidates[0] ?? null
}
