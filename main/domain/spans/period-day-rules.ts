/**
 * The period parser's rules for spans of days written with month names ("June 1 to September 30, 2019", "between
 * 14 September and 19 December 2021", "July 20-29, 2023", "July 1 and July 15, 2020", "12 July 2022"), run in
 * their place among the parser's rules (periods.ts), and days of the year ("day-of-year 100 to 200 of 2019", "the first 40
 * days of 2019").
 */
import { ARROW, CHANGED_BY, CHANGED_FROM, COMPARED, DAY, DAY_JOIN, MONTH_RE, TREND_WORDS, YEAR, iso, monthOf, theOneYear, validDay } from './period-words'
import type { Made } from './period-words'
import type { Rule } from './periods'
import { STRETCH_ANCHORS } from '../lexicon/periods'
import { NUMBER_UNITS } from '../lexicon/numbers'
import { alternation } from './words'

/** A day then its month, with no capturing group ("7 Apr", "16th October"). */
const DAY_MONTH = `${DAY.replace('(\\d', '(?:\\d')}(?:\\s+of)?\\s+${MONTH_RE.replace(/^\(/, '(?:')}`

/** The ISO date of day-of-year `n` (1-based) of year `y`, or null past the year's end. */
function dayOfYear(y: number, n: number): string | null {
  const d = new Date(Date.UTC(y, 0, n))
  return n >= 1 && d.getUTCFullYear() === y ? d.toISOString().slice(0, 10) : null
}
const DOY = '(?:day[\\s-]of[\\s-](?:the[\\s-])?year|doy|day)'

/** A day, its year written or not, month first, day first or ISO (groups: month, day, year | day, month, year | year, month, day). */
const DATED = `(?:${MONTH_RE}\\s+${DAY}(?:,?\\s*${YEAR})?|${DAY}(?:\\s+of)?\\s+${MONTH_RE}(?:,?\\s*${YEAR})?|${YEAR}-(\\d{1,2})-(\\d{1,2})(?![\\d-]))`

/** The ISO date `n` days after `day` (negative: before). */
const shifted = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/** The Monday of ISO week `n` of year `y` (week 1 holds the year's first Thursday), or null when the year has no such week. */
function isoWeekMonday(y: number, n: number): string | null {
  const jan4 = new Date(Date.UTC(y, 0, 4))
  const monday1 = shifted(jan4.toISOString().slice(0, 10), -((jan4.getUTCDay() + 6) % 7))
  const monday = shifted(monday1, 7 * (n - 1))
  // The week belongs to the year of its Thursday.
  return n >= 1 && shifted(monday, 3).startsWith(String(y)) ? monday : null
}

/** The days in "40 days", "six weeks" (whole numbers to 999, or in words to twelve), or NaN. */
export function countedDays(count: string, unit: string): number {
  const n = /^\d+$/.test(count) ? Number(count) : (NUMBER_UNITS[count.toLowerCase()] ?? NaN)
  return n * (/^w/i.test(unit) ? 7 : 1)
}

/**
 * A stretch of `n` whole days counted from the day named (`anchor` forward: "starting", "from") or back from it
 * ("ending", "up to"), that day included; null when `n` is not a count of days.
 */
export function stretchOf(n: number, anchor: string, day: string): Made | null {
  if (!(n >= 1)) return null
  const forward = STRETCH_ANCHORS.forward.includes(anchor.toLowerCase().replace(/\s+/g, ' '))
  return forward ? { start: day, last: shifted(day, n - 1), granularity: 'day' } : { start: shifted(day, -(n - 1)), last: day, granularity: 'day' }
}

/** Another year listed right after a day's year ("..., 2018 and 2019"). */
const YEAR_LISTED_AFTER = /^\s*(?:and|or|&|,|-|–|to|vs\.?)\s*(?:19|20)\d{2}\b/i

/** One end of a range of days: month 1..12, day, and the year when written with it. */
export type WrittenDay = { month: number; day: number; year: number | undefined }

/**
 * A range of two days (`m[1]`: "between" or "from" before it, `join`: what joins the two ends). A day without its
 * year takes the other's, or the one year the question names (none or several: not read, so the ledger blocks).
 * Where the question compares, "between A and B", "from A to B" after a change verb and "A -> B" are the two days
 * compared; with each day's year written those are left to the single-day rules (each read with its own year).
 * "A and B" with no "between" is a list of days, left to the list rules.
 */
export function dayRange(m: RegExpMatchArray, q: string, a: WrittenDay, join: string, b: WrittenDay): Made | Made[] | null {
  // A year listed with another after it ("1 June to 31 August, 2018 and 2019") is not this range's alone: unread.
  if (b.year && YEAR_LISTED_AFTER.test(q.slice((m.index ?? 0) + m[0].length))) return null
  const y2 = b.year ?? a.year ?? theOneYear(q)
  const y1 = a.year ?? y2
  if (!validDay(y1, a.month, a.day) || !validDay(y2, b.month, b.day)) return null
  const [start, last] = [iso(y1, a.month, a.day), iso(y2, b.month, b.day)]
  if (last < start) return null
  const compared = COMPARED.test(q) && !TREND_WORDS.test(q)
  const lead = m[1] ?? ''
  const before = q.slice(Math.max(0, (m.index ?? 0) - 50), (m.index ?? 0) + lead.length)
  const twoDays: Made[] = [
    { start, last: start, granularity: 'day' },
    { start: last, last, granularity: 'day' },
  ]
  // "7 Apr, 10 Jun and 16 Oct 2019", "July 1 and July 15, 2019": days listed, left to the list rules.
  if (/^(?:and|und)$/i.test(join) && !lead) return null
  if (/^(?:and|und)$/i.test(join) && compared) return a.year ? null : twoDays
  if (ARROW.test(join) && compared) return twoDays
  // "how much did it rise from A to B", "From A to B the mean NDVI increased by ___ %": the change from A to B.
  const after = q.slice((m.index ?? 0) + m[0].length).split(/[.?!;]\s/)[0]
  if (/^from/i.test(lead) && (CHANGED_FROM.test(before) || CHANGED_BY.test(after)) && !TREND_WORDS.test(q)) return a.year ? null : twoDays
  return { start, last, granularity: 'day' }
}

/** A day written with its month's name, as `dayRange` takes it. */
const named = (month: string, day: string, year: string | undefined): WrittenDay => ({
  month: monthOf(month),
  day: Number(day),
  year: year ? Number(year) : undefined,
})

/** "40 days ending ", "six weeks which finish on " (groups: count, unit, anchor): a stretch counted from the day after it. */
export const COUNTED = `\\b(\\d{1,3}|${alternation(Object.keys(NUMBER_UNITS))})\\s+(days?|weeks?)\\s+(${alternation([...STRETCH_ANCHORS.forward, ...STRETCH_ANCHORS.back])})\\s+`

export const DAY_RULES: Rule[] = [
  // "the 100 days starting 1 March 2019", "the 6 weeks from 2019-06-01", "the 45 days ending 31 August 2019": a
  // stretch of whole days counted from (or back from) the day named, that day included.
  {
    re: new RegExp(`${COUNTED}(?:the\\s+)?${DATED}`, 'gi'),
    make: (m, q) => {
      const n = countedDays(m[1], m[2])
      // A day written without its year takes the one year the question names ("the 45 days ending 31 August" beside
      // "18 Jul - 31 Aug 2019"); with none or several it is left unread, to block.
      // A year listed with another after it ("ending 31 August, 2018 and 2019") is not this day's alone: unread.
      if (YEAR_LISTED_AFTER.test(q.slice((m.index ?? 0) + m[0].length))) return null
      const yearOf = (written: string | undefined) => (written ? Number(written) : theOneYear(q))
      let y: number, mo: number, d: number
      if (m[4]) [y, mo, d] = [yearOf(m[6]), monthOf(m[4]), Number(m[5])]
      else if (m[8]) [y, mo, d] = [yearOf(m[9]), monthOf(m[8]), Number(m[7])]
      else [y, mo, d] = [Number(m[10]), Number(m[11]), Number(m[12])]
      if (!validDay(y, mo, d)) return null
      return stretchOf(n, m[3], iso(y, mo, d))
    },
  },
  // "day-of-year 100 to day-of-year 200 of 2019", "from day 100 to day 200 of 2019", "DOY 100-200 2019"
  {
    re: new RegExp(`\\b${DOY}\\s*(\\d{1,3})\\s*(?:-|–|—|to|until|till|through|thru)\\s*(?:${DOY}\\s*)?(\\d{1,3}),?\\s+(?:(?:of|in)\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])]
      const [start, last] = [dayOfYear(y, a), dayOfYear(y, b)]
      return start && last && a <= b ? { start, last, granularity: 'day' } : null
    },
  },
  // "day 177 of 2019", "day-of-year 177, 2019", "DOY 177 2019": one day of the year (1-based)
  {
    re: new RegExp(`\\b${DOY}\\s*(\\d{1,3})(?!\\s*(?:-|–|—|to|until|till|through|thru)\\s*(?:${DOY}\\s*)?\\d),?\\s+(?:(?:of|in)\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const d = dayOfYear(Number(m[2]), Number(m[1]))
      return d ? { start: d, last: d, granularity: 'day' } : null
    },
  },
  // "A2019177" (a MODIS or VIIRS granule's date: "A", the year, the day of the year) and "2019-177" (an ISO 8601 ordinal date)
  {
    re: /(?<![\w-])(?:A((?:19|20)\d{2})(\d{3})|((?:19|20)\d{2})-(\d{3}))(?![\w-]|[.,]\d)/g,
    make: (m) => {
      const d = dayOfYear(Number(m[1] ?? m[3]), Number(m[2] ?? m[4]))
      return d ? { start: d, last: d, granularity: 'day' } : null
    },
  },
  // "ISO weeks 20 to 30 of 2019", "iso week 27 2019", "ISO weeks 20-30, 2019": Monday of the first week named to
  // Sunday of the last (ISO 8601: week 1 holds the year's first Thursday). Only weeks said to be ISO: other
  // numberings start on Sunday or at 1 January, so a bare "week 20" stays unread.
  {
    re: new RegExp(
      `\\biso(?:[\\s-]?8601)?\\s+weeks?\\s*(\\d{1,2})(?:\\s*(?:-|–|—|to|until|till|through|thru|and)\\s*(?:week\\s*)?(\\d{1,2}))?,?\\s+(?:(?:of|in)\\s+)?${YEAR}`,
      'gi',
    ),
    make: (m) => {
      const [a, y] = [Number(m[1]), Number(m[3])]
      const b = m[2] === undefined ? a : Number(m[2])
      const [first, last] = [isoWeekMonday(y, a), isoWeekMonday(y, b)]
      return first && last && a <= b ? { start: first, last: shifted(last, 6), granularity: 'day', convention: 'ISO 8601 weeks, Monday to Sunday' } : null
    },
  },
  // "the first 40 days of 2019", "the last 30 days of 2019"
  {
    re: new RegExp(`\\b(first|last)\\s+(\\d{1,3})\\s+days\\s+(?:of|in)\\s+${YEAR}`, 'gi'),
    make: (m) => {
      const [n, y] = [Number(m[2]), Number(m[3])]
      const days = dayOfYear(y, 366) ? 366 : 365
      if (n < 1 || n > days) return null
      const [a, b] = m[1].toLowerCase() === 'first' ? [1, n] : [days - n + 1, days]
      return { start: dayOfYear(y, a)!, last: dayOfYear(y, b)!, granularity: 'day' }
    },
  },
  // "the first seven months of 2019", "the last 3 months of 2019": whole months from the year's start or to its end
  {
    re: new RegExp(`\\b(first|last)\\s+(\\d{1,2}|${Object.keys(NUMBER_UNITS).join('|')})\\s+months\\s+(?:of|in)\\s+(?:the\\s+year\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const [n, y] = [countedDays(m[2], 'days'), Number(m[3])]
      if (!(n >= 1 && n <= 12)) return null
      const [a, b] = m[1].toLowerCase() === 'first' ? [1, n] : [13 - n, 12]
      return { start: iso(y, a, 1), last: iso(y, b, new Date(Date.UTC(y, b, 0)).getUTCDate()), granularity: 'month' }
    },
  },
  // "June 1 to September 30, 2019", "from June 1, 2019 to September 30, 2019", "between July 1 and July 15, 2019"
  {
    re: new RegExp(`(between\\s+|from\\s+)?\\b${MONTH_RE}\\s+${DAY}(?:,?\\s*${YEAR})?\\s*${DAY_JOIN}\\s*${MONTH_RE}\\s+${DAY}(?:,?\\s*${YEAR})?`, 'gi'),
    make: (m, q) => dayRange(m, q, named(m[2], m[3], m[4]), m[5], named(m[6], m[7], m[8])),
  },
  // "between 14 September and 19 December 2021", "from 1 June 2019 to 30 September 2019", "from the 2nd of November
  // to the 31st of December 2019", "every 2019 date from 1 January to 31 July", "25 May -> 26 Jun 2019": day-first ranges
  {
    re: new RegExp(
      `(between\\s+|from\\s+)?(?:the\\s+)?\\b${DAY}(?:\\s+of)?\\s+${MONTH_RE}(?:,?\\s*${YEAR})?\\s*${DAY_JOIN}\\s*(?:the\\s+)?${DAY}(?:\\s+of)?\\s+${MONTH_RE}(?:,?\\s*${YEAR})?`,
      'gi',
    ),
    make: (m, q) => dayRange(m, q, named(m[3], m[2], m[4]), m[5], named(m[7], m[6], m[8])),
  },
  // "July 20–29, 2023"
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY}\\s*(?:-|–|—|to)\\s*${DAY},?\\s*${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[4])
      const mo = monthOf(m[1])
      return { start: iso(y, mo, Number(m[2])), last: iso(y, mo, Number(m[3])), granularity: 'day' }
    },
  },
  // "7 Apr, 10 Jun and 16 Oct 2019", "7 April, 10 June, 16 October 2019": single days listed day first, sharing the
  // year written after the last (each day its own period; not compared unless the question compares them).
  {
    re: new RegExp(`(?:${DAY_MONTH}\\s*(?:,|;|and|&)\\s*(?:and\\s+)?){1,11}${DAY_MONTH},?\\s*${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[m.length - 1])
      const listed = [...m[0].matchAll(new RegExp(`${DAY}(?:\\s+of)?\\s+${MONTH_RE}`, 'gi'))].map((d) => ({ mo: monthOf(d[2]), day: Number(d[1]) }))
      if (listed.some(({ mo, day }) => !validDay(y, mo, day))) return null
      const days = listed.map(({ mo, day }) => iso(y, mo, day))
      if (days.length < 2 || days.some((d, i) => i > 0 && d <= days[i - 1])) return null
      return days.map((d) => ({ start: d, last: d, granularity: 'day' as const }))
    },
  },
  // "July 1 and July 15, 2020": two single days sharing a year
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY}\\s+and\\s+${MONTH_RE}\\s+${DAY},?\\s*${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[5])
      const a = iso(y, monthOf(m[1]), Number(m[2]))
      const b = iso(y, monthOf(m[3]), Number(m[4]))
      return [
        { start: a, last: a, granularity: 'day' },
        { start: b, last: b, granularity: 'day' },
      ]
    },
  },
  // "July 12, 2022", "12 July 2022", "2022-07-12", "13-Aug-2017", "Aug 13 '19", "may the 9th 2019" (dictated)
  {
    re: new RegExp(
      `${MONTH_RE}\\s+(?:the\\s+)?${DAY},*\\s*(?:${YEAR}|'(\\d{2})\\b)|${DAY}(?:\\s+of)?(?:\\s+|-)${MONTH_RE}(?:,?\\s*|-)${YEAR}|${YEAR}-(\\d{1,2})-(\\d{1,2})(?![\\d-])`,
      'gi',
    ),
    make: (m) => {
      let y: number, mo: number, d: number
      if (m[1]) [y, mo, d] = [m[3] ? Number(m[3]) : 2000 + Number(m[4]), monthOf(m[1]), Number(m[2])]
      else if (m[6]) [y, mo, d] = [Number(m[7]), monthOf(m[6]), Number(m[5])]
      else [y, mo, d] = [Number(m[8]), Number(m[9]), Number(m[10])]
      if (!validDay(y, mo, d)) return null
      return { start: iso(y, mo, d), last: iso(y, mo, d), granularity: 'day' }
    },
  },
]
