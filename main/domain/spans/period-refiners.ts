/**
 * The period parser's refiners, run over what its rules found: two periods compared inside the record's stretch,
 * a year that only restates a more specific period, two seasons compared within the one year named, one season or
 * named span said apart from the one year named. (Dates set aside from a period: period-exclusions.ts.)
 */
import { MAY_VERB_FOLLOWERS, MONTHS, NAMED_SPANS, SEASONS, STRETCH_ANCHORS, WEEKDAYS } from '../lexicon/periods'
import { STATISTICS } from '../lexicon/statistics'
import type { PeriodSpan } from './types'
import { COMPARED, MONTH_RE, TREND_WORDS, iso, monthOf, monthsInBrackets, spanOfMonths, theOneYear, validDay } from './period-words'
import { alternation, overlaps, sentences } from './words'
import { COUNTED, countedDays, stretchOf } from './period-day-rules'
import { asks } from './statements'

const COUNTED_BEFORE = new RegExp(`${COUNTED}(?:the\\s+)?$`, 'i')

/**
 * Refiner: "the 40 days ending 20.06.2019", "six weeks which finish on 15.09.2019": a day read by any rule, after a
 * count of days or weeks and an anchor, is the bound of a stretch of whole days (period-day-rules stretchOf).
 */
export function countedStretches(q: string, periods: PeriodSpan[]): PeriodSpan[] {
  return periods.map((p) => {
    if (p.granularity !== 'day' || p.start !== p.last) return p
    const m = q.slice(Math.max(0, p.at - 60), p.at).match(COUNTED_BEFORE)
    const made = m ? stretchOf(countedDays(m[1], m[2]), m[3], p.start) : null
    if (!m || !made) return p
    const at = p.at - m[0].length
    return { ...p, ...made, at, text: q.slice(at, p.end) }
  })
}

/**
 * Refiner: "using the files from 1980 to 2010, compute the change between 1990 and 2000", "the 2019 record from
 * March to September ... the ratio of August to April": two or more periods compared inside a longer stretch are the
 * periods asked; the stretch (a range of years, months or days holding every other period) is only the extent of the
 * record, and is dropped (a trend keeps its stretch). A ratio compares as a change does here.
 */
export function keepComparedInsideRecord(q: string, periods: PeriodSpan[]): PeriodSpan[] {
  if (!(COMPARED.test(q) || /\bratios?\b/i.test(q)) || TREND_WORDS.test(q)) return periods
  const holds = (o: PeriodSpan, p: PeriodSpan) => o !== p && o.start <= p.start && p.last <= o.last && !(o.start === p.start && o.last === p.last)
  const stretches = periods.filter((o) => !o.months && periods.filter((p) => holds(o, p)).length >= 2)
  if (stretches.length === 0) return periods
  const rest = periods.filter((p) => !stretches.includes(p))
  if (rest.length < 2 || !rest.every((p) => stretches.some((r) => holds(r, p)))) return periods
  return rest
}

/**
 * Refiner: a bare year that only restates the year of a more specific period ("from 2018-08-01 to 2018-08-31 ...
 * the 2018 images", "July 2012 and July 2022 ... between 2012 and 2022" is not this: that is a range) is no period of
 * its own: a year wholly holding another period read from other words is dropped.
 */
export function dropRestatedYears(periods: PeriodSpan[]): PeriodSpan[] {
  return periods.filter(
    (p) =>
      p.granularity !== 'year' ||
      (!periods.some((o) => o !== p && o.granularity !== 'year' && o.granularity !== 'years' && o.start >= p.start && o.last <= p.last) &&
        !periods.some((o) => o !== p && o.granularity !== 'year' && o.start <= p.start && o.last >= p.last)),
  )
}

/**
 * Refiner: "the average LST for summer and autumn" in a question about 2022, "the ratio of summer (jun-aug) mean NDVI
 * to spring (mar-may) mean NDVI for 2019", "NDVI ratio JJA / MAM 2019": two seasons or named spans compared within
 * the one year the question names become those spans of that year (the last such pair is the one asked about).
 * Joined by "to", "over" or "/" they are compared only where the question compares ("ratio", "difference", "change"
 * ...), not after "from" (a stretch). Months restated in brackets must be the span's own.
 */
export function refineSeasonsOfTheYear(q: string, periods: PeriodSpan[]): PeriodSpan[] {
  const pair = [...q.matchAll(PAIR_RE)].at(-1)
  if (!pair || pair[1].toLowerCase() === pair[4].toLowerCase()) return periods
  const join = pair[3].trim().toLowerCase()
  if (!/^(?:and|vs\.?|versus|with)$/.test(join) && (!RATIO_OR_COMPARED.test(q) || /\bfrom\s+(?:the\s+)?$/i.test(q.slice(0, pair.index)))) return periods
  // The year said once after both ("JJA / MAM 2019", "summer and autumn 2022"), or the one year the question names.
  const at = pair.index ?? 0
  const inPair = (p: PeriodSpan) => p.at < at + pair[0].length && p.end > at
  const others = periods.filter((p) => !inPair(p))
  if (!pair[6] && (others.length !== 1 || others[0].granularity !== 'year')) return periods
  const y = Number(pair[6] ?? others[0].start.slice(0, 4))
  const months = (w: string) => SPAN_WORDS.find((x) => x.n === w.toLowerCase())?.months
  const sides = [
    { word: pair[1], bracket: pair[2] },
    { word: pair[4], bracket: pair[5] },
  ]
  if (sides.some((x) => !months(x.word))) return periods
  for (const x of sides) {
    const said = x.bracket ? monthsInBrackets(x.bracket.trim().slice(1, -1)) : null
    if (x.bracket && (!said || said.join() !== months(x.word)!.join())) return periods
  }
  const refined = sides.map((x) => ({ type: 'period' as const, at, end: at + pair[0].length, text: pair[0], ...spanOfMonths(y, months(x.word)!, 'season') }))
  return pair[6] ? [...others, ...refined] : refined
}

/** Season and named-span words that name their months alone ("fall" is left out: "values fall below"). */
const SPAN_WORDS = [
  ...SEASONS.flatMap((x) => x.names.filter((n) => n !== 'fall').map((n) => ({ n, months: x.north, convention: undefined as string | undefined }))),
  ...NAMED_SPANS.map((x) => x.names.map((n) => ({ n, months: x.months, convention: x.convention as string | undefined }))).flat(),
]
const SPAN_ALT = alternation(SPAN_WORDS.map((w) => w.n))
/** Two spans side by side: "summer and autumn", "summer (jun-aug) mean ndvi to spring (mar-may)", "JJA / MAM", "summer minus spring". */
const PAIR_RE = new RegExp(
  `\\b(${SPAN_ALT})\\b(\\s*\\([^()]{2,30}\\))?(?:\\s+(?!(?:19|20)\\d{2}\\b)[\\w-]+){0,3}?(\\s+(?:and|vs\\.?|versus|with|to|over|minus)\\s+|\\s*\\/\\s*)(?:the\\s+)?(${SPAN_ALT})\\b(\\s*\\([^()]{2,30}\\))?(?:\\s*(?:of\\s+)?((?:19|20)\\d{2})\\b)?`,
  'gi',
)
const RATIO_OR_COMPARED = new RegExp(`${COMPARED.source}|\\bratios?\\b|\\bdivided\\b|\\bminus\\b`, 'i')
const STATISTIC_WORD_RE = new RegExp(`\\b(?:${alternation(STATISTICS.flatMap((x) => x.names))})\\b`, 'i')
const TIME_BEFORE = /(?:^|[.?!;:]\s*|\b(?:during|in|for|over|of|across|within|throughout)\s+(?:the\s+)?(?:(?:19|20)\d{2}\s+)?)$/i
const TIME_AFTER = new RegExp(
  `^\\s+(?:(?:19|20)\\d{2}\\s+)?(?:period|months?|${alternation(STATISTICS.flatMap((x) => x.names))})\\b|^\\s*\\(\\s*(?:${alternation(MONTHS.flatMap((m) => m.names))})`,
  'i',
)
const SPAN_WORD_RE = new RegExp(`\\b(?:${alternation(SPAN_WORDS.map((w) => w.n))})\\b`, 'gi')

/**
 * Refiner: "growing season mean ndvi 2019", "summer mean LST 2019": one season or named span, said apart from the one
 * year the question names in a sentence that asks, is that span of that year (a named span with its convention).
 * Spans that wrap the year (winter, the water year) are left alone: which year's December is meant is not said.
 */
export function spanApartFromYear(q: string, periods: PeriodSpan[]): PeriodSpan[] {
  if (periods.length !== 1 || periods[0].granularity !== 'year') return periods
  const year = periods[0]
  // Sentences end at a full stop, never at a decimal point ("NDVI above 0.3 in summer").
  const parts = q.split(/(?<=[?!;]|\.(?!\d))/)
  const sentence = (at: number) => q.slice(0, at).split(/[?!;]|\.(?!\d)/).length - 1
  // In a sentence that asks (a statistic or a question mark): "We write a memo on summer heat for 2019." says why,
  // not when.
  const asks = (i: number) => /\?/.test(parts[i] ?? '') || STATISTIC_WORD_RE.test(parts[i] ?? '')
  // Said as a time: after "during", "in", "for", "over", "of" (the), at the sentence's start, before a statistic or
  // "period"/"months", or with its months in brackets ("the summer (June-August)"); "near the hot spring" is a place.
  const asTime = (m: RegExpMatchArray) =>
    TIME_BEFORE.test(q.slice(Math.max(0, (m.index ?? 0) - 30), m.index ?? 0)) || TIME_AFTER.test(q.slice((m.index ?? 0) + m[0].length))
  const found = [...q.matchAll(SPAN_WORD_RE)].filter((m) => asks(sentence(m.index ?? 0)) && asTime(m))
  const words = [...new Set(found.map((m) => m[0].toLowerCase().replace(/[\s-]+/g, ' ')))]
  if (words.length !== 1) return periods
  const w = SPAN_WORDS.find((x) => x.n.replace(/[\s-]+/g, ' ') === words[0])
  if (!w || w.months[w.months.length - 1] < w.months[0]) return periods
  const m = found[0]
  const at = m.index ?? 0
  const made = spanOfMonths(Number(year.start.slice(0, 4)), w.months, 'season')
  return [{ type: 'period', at, end: at + m[0].length, text: m[0], ...made, ...(w.convention ? { convention: w.convention } : {}) }]
}

/**
 * Refiner: "summer 2019 (JJA)", "summer (jun-aug)", "spring (Mar-May) 2019": the months a period names restated in
 * brackets right after it. Read, as a restatement of that period, when they are its months; other months in
 * brackets are left to the rules (and to the ledger).
 */
export function bracketedRestatements(q: string, periods: readonly PeriodSpan[]): PeriodSpan[] {
  const out: PeriodSpan[] = []
  for (const p of periods) {
    const m = /^\s*\(([^()]{2,30})\)/.exec(q.slice(p.end))
    if (!m) continue
    const months = monthsInBrackets(m[1])
    if (!months) continue
    const first = Number(p.start.slice(5, 7))
    const spanned: number[] = [first]
    const lastMonth = Number(p.last.slice(5, 7))
    while (spanned.at(-1) !== lastMonth && spanned.length < 12) spanned.push((spanned.at(-1)! % 12) + 1)
    if (spanned.length !== months.length || spanned.some((x, i) => x !== months[i])) continue
    const at = p.end + m.index
    out.push({ ...p, at, end: at + m[0].length, text: m[0] })
  }
  return out
}

const NAMED_WORDS = alternation(NAMED_SPANS.flatMap((x) => x.names))
const MONTH_ONE = `(${alternation(MONTHS.flatMap((x) => x.names.filter((n) => !n.endsWith('.'))))})`
/** How a question defines a named span: "we define it as", "defined as", "taking the growing season as", "i.e.". */
const DEFINES = `(?:(?:we\\s+)?define[sd]?\\s+(?:it|this|that|the\\s+[\\w-]+(?:\\s+[\\w-]+)?)?\\s*as|(?:is\\s+)?defined\\s+as|taken\\s+as|taking\\s+(?:it|the\\s+[\\w-]+(?:\\s+[\\w-]+)?)\\s+as|(?:we|i)\\s+(?:use|mean|take|say)|i\\.e\\.|meaning|which\\s+(?:is|means))`
const DEFINED_RANGE = new RegExp(
  `\\b${DEFINES}\\s*:?\\s*(?:the\\s+months?\\s+(?:of\\s+|from\\s+)?|from\\s+)?${MONTH_ONE}\\s*(?:to|-|–|through|until|till)\\s*${MONTH_ONE}\\b`,
  'i',
)
const NAMED_DEFINED_BY = new RegExp(`\\b(?:the\\s+)?(?:${NAMED_WORDS})\\s+as\\s*$`, 'i')
/** "the growing season april to september 2019", "growing season: May-Sep 2019": the name written right before its months. */
const NAMED_RIGHT_BEFORE = new RegExp(`\\b(?:the\\s+)?(?:${NAMED_WORDS})\\s*[,:]?\\s*$`, 'i')
/**
 * "the growing season (taken here as ", "growing season (" before a period read: the name, then the words that define
 * it by that period ("growing season (Apr–Sep) 2019", "the growing season (we say April until October) of 2019").
 */
const NAMED_DEFINED_IN_BRACKETS = new RegExp(
  `\\b(?:the\\s+|our\\s+)?(?:${NAMED_WORDS})\\s*\\(\\s*(?:(?:taken|defined|used)\\s+(?:here\\s+)?as|here\\s+(?:taken|defined)\\s+as|i\\.e\\.,?|that\\s+is,?|meaning|we\\s+(?:use|say|take|mean))?\\s*$`,
  'i',
)
/** " (our growing season)" after a period read: the name the question gives that period. */
const NAMED_AFTER = new RegExp(`^\\s*\\(\\s*(?:(?:our|the|i\\.e\\.,?|=)\\s*)?(?:${NAMED_WORDS})\\s*\\)`, 'i')

/** Whether a period read runs over more than one month ("April to September 2019"). */
const severalMonths = (p: PeriodSpan) => (p.granularity === 'month' || p.granularity === 'season') && p.start.slice(0, 7) !== p.last.slice(0, 7)

/**
 * Refiner: a named span the question defines ("growing season 2019? We define it as May to September", "the growing
 * season (we use April until October)"): its months are the ones defined, not the lexicon's convention; the defining
 * words are a restatement. And "taking the growing season as April to October 2019": the period read is the
 * definition, the span's name restates it. Returns the periods and the words read as restatements.
 */
export function definedSpans(q: string, periods: PeriodSpan[]): { periods: PeriodSpan[]; restated: PeriodSpan[] } {
  const restated: PeriodSpan[] = []
  const out = periods.map((p) => {
    if (!p.convention) return p
    const m = DEFINED_RANGE.exec(q)
    if (!m || m.index === undefined) return p
    const [from, to] = [monthOf(m[1]), monthOf(m[2])]
    const year = Number(p.start.slice(0, 4))
    const made = spanOfMonths(year, [from, to], 'season')
    const defined = { ...p, ...made, convention: `${m[1]} to ${m[2]}, as the question defines it` }
    restated.push({ ...defined, at: m.index, end: m.index + m[0].length, text: m[0] })
    return defined
  })
  // "taking the growing season as April to October 2019": the name before the period read.
  // So does "the growing season (taken here as 15 April - 15 October 2019", and "15 Apr - 15 Oct 2019 (our growing
  // season)": a period read, the span's name given to it.
  for (const p of out) {
    const near = q.slice(Math.max(0, p.at - 60), p.at)
    const before =
      near.match(NAMED_DEFINED_BY) ??
      (p.convention ? null : (near.match(NAMED_DEFINED_IN_BRACKETS) ?? (severalMonths(p) ? near.match(NAMED_RIGHT_BEFORE) : null)))
    if (before) restated.push({ ...p, at: p.at - before[0].length, end: p.at, text: before[0] })
    const after = p.convention ? null : q.slice(p.end).match(NAMED_AFTER)
    if (after) restated.push({ ...p, at: p.end, end: p.end + after[0].length, text: after[0] })
  }
  return { periods: out, restated }
}

const WEEKDAY_RE = `(?:(${alternation(WEEKDAYS.flat())})\\.?,?\\s+)?`
/** A day with its month's name, a weekday perhaps before it and its year perhaps after ("mon 13 may", "Aug 31st", "Tue 4 March 2019"). */
const NAMED_DAY_RE = new RegExp(
  `\\b${WEEKDAY_RE}(?:the\\s+)?(?:(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?\\s+${MONTH_RE}|${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?)\\b(?:[.,]?\\s*((?:19|20)\\d{2})\\b)?`,
  'gi',
)

/**
 * Refiner: "(29 August minus 23 April)" after both days were given with their year, "so from 18 July to 31 August"
 * after "the 45 days ending 31 August 2019", "mon 13 may to sun 28 jul" after "ISO weeks 20 to 30 of 2019": a day
 * written without its year that is the first or last day of a period read is that day restated. Read, as a
 * restatement; a day that bounds no period is left to the ledger, which blocks. A weekday written before a day is
 * read only when it is that date's weekday (the date's year: written, or that of the period holding the day);
 * otherwise it stays unread and the ledger blocks it.
 */
export function restatedDays(q: string, kept: readonly PeriodSpan[], taken: readonly { at: number; end: number }[]): PeriodSpan[] {
  const out: PeriodSpan[] = []
  for (const m of q.matchAll(NAMED_DAY_RE)) {
    const at = m.index ?? 0
    const [month, day] = m[2] ? [monthOf(m[3]), Number(m[2])] : [monthOf(m[4]), Number(m[5])]
    const written = m[6] ? Number(m[6]) : undefined
    // The periods holding the day (in their years), or bounded by it.
    const dateIn = (p: PeriodSpan, bound: boolean) =>
      [written ?? Number(p.start.slice(0, 4)), written ?? Number(p.last.slice(0, 4))].find((y) => {
        if (!validDay(y, month, day)) return false
        const d = iso(y, month, day)
        return bound ? d === p.start || d === p.last : d >= p.start && d <= p.last
      })
    const weekday = m[1] ? WEEKDAYS.findIndex((names) => names.includes(m[1].toLowerCase())) : -1
    const onWeekday = (y: number) => weekday < 0 || new Date(`${iso(y, month, day)}T00:00:00Z`).getUTCDay() === weekday
    const dayAt = at + (m[1] ? m[0].indexOf(m[1]) + m[1].length : 0)
    const read = written !== undefined || taken.some((t) => overlaps(t, { at: dayAt, end: at + m[0].length }))
    if (read) {
      // The day was read by a rule ("4 March 2019", "mon 4 march to sun 28 april" as a range): its weekday, when the
      // date's, is read with it.
      const p = m[1] ? kept.find((x) => dateIn(x, false) !== undefined) : undefined
      if (p && onWeekday(dateIn(p, false)!)) out.push({ ...p, at, end: at + m[1].length, text: m[1] })
      continue
    }
    const bound = kept.find((p) => {
      const y = dateIn(p, true)
      return y !== undefined && onWeekday(y)
    })
    if (bound) out.push({ ...bound, at, end: at + m[0].length, text: m[0] })
  }
  return out
}

/** Words that make the day after them the bound of a stretch ("until 28th July", "from 1 March", "ending 31 August"). */
const BOUND_BEFORE = new RegExp(
  `(?:${alternation([...STRETCH_ANCHORS.forward, ...STRETCH_ANCHORS.back, ...STRETCH_ANCHORS.unclear, 'since', 'by', 'to', 'between'])}|[-–—]|->|→)\\s*(?:the\\s+)?$`,
  'i',
)

/**
 * "may" as a verb ("4 may be"), a number going on ("June 1.5"), or a day opening a range no rule read ("June 16–30",
 * "mon 13 may to sun 4 aug"): no lone day.
 */
const NOT_A_LONE_DAY = new RegExp(
  `^\\s+(?:${alternation(MAY_VERB_FOLLOWERS)})\\b|^[.,]\\d|^\\s*[-–—]\\s*\\d|^\\s*(?:->|→|[-–—]|${alternation(['to', 'until', 'till', 'through', 'thru'])})\\s`,
  'i',
)

/**
 * Refiner, after the restatements: "on 10 jun" beside "all my dates are 2019", "acquired on 23 April and on 29 August
 * (both 2019)": a day with its month's name and no year, which no rule read and which restates no period, in a
 * sentence that asks (or the only sentence), takes the one year the question names. Not a day that bounds a stretch
 * the question does not read ("the mean of 2019 until 28th July", "from 1 March" alone): those stay unread and block;
 * so does one whose weekday is not that date's.
 */
export function loneDays(q: string, taken: readonly { at: number; end: number }[]): PeriodSpan[] {
  const out: PeriodSpan[] = []
  const parts = sentences(q)
  const asking = parts.length < 2 ? parts : parts.filter((x) => asks(x.text))
  for (const m of q.matchAll(NAMED_DAY_RE)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (m[6] || taken.some((t) => overlaps(t, { at, end })) || NOT_A_LONE_DAY.test(q.slice(end))) continue
    // Only in a sentence that asks: "Our quarterly is due 20 January" dates the message, not the data.
    if (!asking.some((x) => at >= x.at && at < x.end)) continue
    const before = q.slice(Math.max(0, at - 40), at)
    if (BOUND_BEFORE.test(before) || (/\band\s+(?:the\s+)?$/i.test(before) && /\bbetween\b/i.test(before))) continue
    const [y, mo, d] = m[2] ? [theOneYear(q), monthOf(m[3]), Number(m[2])] : [theOneYear(q), monthOf(m[4]), Number(m[5])]
    const weekday = m[1] ? WEEKDAYS.findIndex((names) => names.includes(m[1].toLowerCase())) : -1
    if (!validDay(y, mo, d) || (weekday >= 0 && new Date(`${iso(y, mo, d)}T00:00:00Z`).getUTCDay() !== weekday)) continue
    out.push({ type: 'period', at, end, text: m[0], start: iso(y, mo, d), last: iso(y, mo, d), granularity: 'day' })
  }
  return out
}
