/**
 * The period parser's rules for days written with numbers only ("29.08.2019", "15/05 - 15/08/2019 (DD/MM)",
 * "01.06.-31.08." beside "2019", "20190829"), run in their place among the parser's rules (periods.ts). A day and a
 * month written with numbers are read only where their order is plain: a part above 12 is the day, or the question
 * says which comes first ("(day.month)", "DD/MM", "the day is first"); otherwise they stay unread and block.
 */
import { dayRange } from './period-day-rules'
import { CHANGED_FROM, COMPARED, TREND_WORDS, iso, theOneYear, validDay } from './period-words'
import type { Rule } from './periods'
import { ROMAN_MONTHS } from '../lexicon/periods'
import { literalAlternation } from './words'

/** The question says its numeric dates put the day first ("(day.month.year)", "DD.MM.YYYY", German "TT.MM.JJJJ", "dates written day/month"). */
export const DAY_FIRST_SAID =
  /\b(?:day[./-]month(?:[./-]year)?|tag[./-]monat(?:[./-]jahr)?|(?:dd[./-]mm|tt[./-]mm)(?:[./-](?:yyyy|yy|jjjj|jj))?|day\s+(?:(?:is|comes)\s+)?first|day\s+(?:comes\s+)?before\s+(?:the\s+)?month)\b/i

/** A date format named beside the dates ("(ISO 8601)", "YYYYMMDD", "(year, month, day)"): it says how they are written. */
export const DATE_FORMAT_SAID = /\b(?:iso[\s-]?8601|yyyy-?mm-?dd|yyyymmdd|yyyy\/mm\/dd|year[\s,./-]+month[\s,./-]+day)\b/i

/** A day written with dots, its year and a day above 12 ("26.06.2019"): the question writes its days day first. */
const DOTTED_DAY_FIRST = /(?<![\d.])(?:1[3-9]|2\d|3[01])\.\d{1,2}\.(?:19|20)\d{2}\b/

/**
 * Two numeric days a1/b1 and a2/b2 written in one order for both, as [day1, month1, day2, month2]: the day first where
 * a first part is above 12 or the question says so (`said`), the month first where a second part is above 12; null
 * where nothing makes the order plain or the parts contradict it.
 */
function inOneOrder(a1: number, b1: number, a2: number, b2: number, said: boolean): [number, number, number, number] | null {
  const dayFirst = a1 > 12 || a2 > 12 || said ? true : b1 > 12 || b2 > 12 ? false : null
  if (dayFirst === null || (dayFirst && (b1 > 12 || b2 > 12)) || (!dayFirst && (a1 > 12 || a2 > 12))) return null
  return dayFirst ? [a1, b1, a2, b2] : [b1, a1, b2, a2]
}

/** The numeric-date rules, run in their place among the period parser's rules (periods.ts). */
export const NUMERIC_DAY_RULES: Rule[] = [
  // "from 15/05/2019 to 15/08/2019": a range of two days written with numbers, in one order for both, which one of
  // them must make plain (a part above 12 is the day); a change from one to the other compares them.
  {
    re: /(between\s+|from\s+)?(?<![\d/.-])(\d{1,2})([/.])(\d{1,2})\3((?:19|20)\d{2})\s*(-|–|—|to|until|till|through|and)\s*(\d{1,2})\3(\d{1,2})\3((?:19|20)\d{2})(?![\d/.-]?\d)/gi,
    make: (m, q) => {
      const [a1, b1, y1, a2, b2, y2] = [m[2], m[4], m[5], m[7], m[8], m[9]].map(Number)
      const order = inOneOrder(a1, b1, a2, b2, DAY_FIRST_SAID.test(q))
      if (!order) return null
      const [d1, mo1, d2, mo2] = order
      if (!validDay(y1, mo1, d1) || !validDay(y2, mo2, d2)) return null
      const [a, b] = [iso(y1, mo1, d1), iso(y2, mo2, d2)]
      if (b < a || (/^and$/i.test(m[6]) && (!m[1] || (COMPARED.test(q) && !TREND_WORDS.test(q))))) return null
      const before = q.slice(Math.max(0, (m.index ?? 0) - 50), (m.index ?? 0) + (m[1]?.length ?? 0))
      if (/^from/i.test(m[1] ?? '') && CHANGED_FROM.test(before) && !TREND_WORDS.test(q))
        return [
          { start: a, last: a, granularity: 'day' },
          { start: b, last: b, granularity: 'day' },
        ]
      return { start: a, last: b, granularity: 'day' }
    },
  },
  // "10.02.–10.04.2019 (day.month)", "01.06.-31.08." beside "Summer 2019", "15/05 - 15/08/2019 (DD/MM)": a range of
  // numeric days with its year written once or not at all, in one order for both, made plain as above. A yearless
  // end must close with its separator ("01.06.", never "0.2" of "0.2-0.4"), unless slashes and the other end has its
  // year; with neither year written, the question must say the order or write every part with two digits.
  {
    re: /(between\s+|from\s+)?(?<![\d/.,-])(\d{1,2})([/.])(\d{1,2})(?:\3((?:19|20)\d{2})|(\3))?\s*(->|→|-|–|—|to|until|till|through|thru|bis|and|und)\s*(\d{1,2})\3(\d{1,2})(?:\3((?:19|20)\d{2})|(\3))?(?![\d/.,-]?\d)/gi,
    make: (m, q) => {
      const [a1, b1, a2, b2] = [m[2], m[4], m[8], m[9]].map(Number)
      const [y1, y2] = [m[5], m[10]].map((y) => (y ? Number(y) : undefined))
      if (y1 !== undefined && y2 !== undefined) return null
      const slash = m[3] === '/'
      const closed = (year: number | undefined, sep: string | undefined, otherYear: number | undefined) =>
        year !== undefined || sep !== undefined || (slash && otherYear !== undefined)
      if (!closed(y1, m[6], y2) || !closed(y2, m[11], y1)) return null
      const said = DAY_FIRST_SAID.test(q)
      if (y1 === undefined && y2 === undefined && !said && ![m[2], m[4], m[8], m[9]].every((x) => x.length === 2)) return null
      const order = inOneOrder(a1, b1, a2, b2, said)
      if (!order) return null
      const [d1, mo1, d2, mo2] = order
      return dayRange(m, q, { month: mo1, day: d1, year: y1 }, m[7], { month: mo2, day: d2, year: y2 })
    },
  },
  // "29/08/2019" (day first), "08/29/2019" (month first), "29.08.2019", "29-08-2019": one day, read only where the order is plain (a
  // part above 12 is the day, or the question says which comes first: "(day.month.year)"); "03/04/2019" is left
  // unread otherwise (either order could be meant).
  {
    re: /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2((?:19|20)\d{2})(?![\d/.-]?\d)/g,
    make: (m, q) => {
      const [a, b, y] = [Number(m[1]), Number(m[3]), Number(m[4])]
      const [day, month] = a > 12 && b <= 12 ? [a, b] : b > 12 && a <= 12 ? [b, a] : a === b || DAY_FIRST_SAID.test(q) ? [a, b] : [0, 0]
      if (!validDay(y, month, day)) return null
      const d = iso(y, month, day)
      return { start: d, last: d, granularity: 'day' }
    },
  },
  // "10.06. and 26.06.2019 (DD.MM.)", "am 13.08." beside "2019": a day written with dots and no year, read only where
  // the question says the day comes first or writes another dotted day plainly day first with its year; it takes the
  // one year named.
  {
    re: /(?<![\d/.,-])(\d{1,2})\.(\d{1,2})\.(?!\d)/g,
    make: (m, q) => {
      if (!DAY_FIRST_SAID.test(q) && !DOTTED_DAY_FIRST.test(q)) return null
      const [day, month, y] = [Number(m[1]), Number(m[2]), theOneYear(q)]
      if (!validDay(y, month, day)) return null
      return { start: iso(y, month, day), last: iso(y, month, day), granularity: 'day' }
    },
  },
  // "23.IV.2019", "23 IV 2019", "23-IV-2019": a day with its month in Roman numerals (lexicon ROMAN_MONTHS), always
  // day first; capitals only ("i" and "v" are letters and words).
  {
    re: new RegExp(`(?<![\\w.])(\\d{1,2})\\s?([./ -])\\s?(${literalAlternation(ROMAN_MONTHS)})\\s?\\2\\s?((?:19|20)\\d{2})(?![\\w.]?\\d)`, 'g'),
    make: (m) => {
      const [d, mo, y] = [Number(m[1]), ROMAN_MONTHS.indexOf(m[3]) + 1, Number(m[4])]
      return validDay(y, mo, d) ? { start: iso(y, mo, d), last: iso(y, mo, d), granularity: 'day' } : null
    },
  },
  // "20190829" (ISO 8601 basic: year, month, day with no separator): one day.
  {
    re: /(?<![\w.,])((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?![\w.,]?\d)/g,
    make: (m) => {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
      return validDay(y, mo, d) ? { start: iso(y, mo, d), last: iso(y, mo, d), granularity: 'day' } : null
    },
  },
]

/** Parts that could be a day or a month (1-31). */
const DAY_OR_MONTH = '(?:0?[1-9]|[12]\\d|3[01])'
const DATE_RANGE_SHAPE = new RegExp(
  `(?<![\\d/.,-])${DAY_OR_MONTH}([./])${DAY_OR_MONTH}\\1\\s*(?:->|→|-|–|—|to|until|till|through|thru|bis)\\s*${DAY_OR_MONTH}\\1${DAY_OR_MONTH}\\1(?:(?:19|20)\\d{2})?`,
  'g',
)

/**
 * Ranges written as numeric days, each closed by its separator ("01.06.-31.08.", "10.06.–26.06.2019"), whether a
 * rule read them or not: never thresholds ("over 01.06.-31.08." is no "> 1.06"); one no rule read blocks in the
 * ledger as a date whose order or year is unclear.
 */
export function dateShapedRanges(q: string): { at: number; end: number }[] {
  return [...q.matchAll(DATE_RANGE_SHAPE)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length }))
}
