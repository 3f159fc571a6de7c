/**
 * The period parser: dates, months, seasons, quarters, halves, years and ranges of them become inclusive ISO
 * ranges, the way chrono reads dates (parsers first, each trying its pattern; then refiners that merge or reshape
 * what the parsers found). Written here rather than with chrono-node because the domain imports nothing and the
 * forms a remote-sensing question uses (seasons across a year boundary, water years, "the summers of 2018-2020",
 * "Q1 vs Q3 2021") are not chrono's; month and season words come from the lexicon.
 *
 * Conventions: "winter 2020" is December 2020 to February 2021; "winter 2019/20" December 2019 to February 2020;
 * "growing season 2019" April to October 2019; "water year 2019" October 2018 to September 2019; southern
 * seasons ("austral summer 2019") are shifted six months.
 */
import { HALVES, OTHER_CALENDAR_ABBREVIATIONS, OTHER_CALENDARS, PART_OF_SPAN_WORDS, QUARTERS, UNPLACED_SPANS } from '../lexicon/periods'
import {
  ARROW,
  CHANGED_FROM,
  COMPARED,
  DASH,
  DAY,
  HEMI_RE,
  MONTH_RE,
  type Made,
  SEASON_RE,
  SEASON_WORDS,
  TREND_WORDS,
  YEAR,
  iso,
  monthEnd,
  monthOf,
  monthRange,
  monthStart,
  monthsInBrackets,
  recurring,
  seasonMonths,
  spanOfMonths,
  theOneYear,
  validDay,
} from './period-words'
import { DAY_RULES } from './period-day-rules'
import { NUMERIC_DAY_RULES } from './period-numeric-rules'
import { SEASON_OF_YEAR_RULES } from './period-season-rules'
export { DATE_FORMAT_SAID, DAY_FIRST_SAID, dateShapedRanges } from './period-numeric-rules'
import {
  bracketedRestatements,
  countedStretches,
  definedSpans,
  dropRestatedYears,
  keepComparedInsideRecord,
  loneDays,
  refineSeasonsOfTheYear,
  restatedDays,
  spanApartFromYear,
} from './period-refiners'
import type { PeriodSpan } from './types'
import { alternation, overlaps } from './words'

const ORDINAL: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 4, final: 4 }

/** A rule of the period parser: its pattern, and what a match makes (null: not a period after all). */
export interface Rule {
  re: RegExp
  make(m: RegExpMatchArray, q: string): Made | Made[] | null
}

const writtenMonth = (y: number, mo: number) => (mo >= 1 && mo <= 12 ? { y, m: mo } : null)

const RULES: Rule[] = [
  // "from 2019-03-05 to 2019-04-01", "between 2019-03-01 and 2019-05-31", "from 2025-01-01 to 2025-3-30", the ISO 8601
  // interval "2019-02-01/2019-04-30"
  {
    re: new RegExp(`(between\\s+|from\\s+)?\\b${YEAR}-(\\d{1,2})-(\\d{1,2})\\s*(-|–|—|\\/|to|until|through|and)\\s*${YEAR}-(\\d{1,2})-(\\d{1,2})\\b`, 'gi'),
    make: (m, q) => {
      const [y1, m1, d1, y2, m2, d2] = [m[2], m[3], m[4], m[6], m[7], m[8]].map(Number)
      if (!validDay(y1, m1, d1) || !validDay(y2, m2, d2)) return null
      const a = iso(y1, m1, d1)
      const b = iso(y2, m2, d2)
      if (b < a) return null
      if (/^and$/i.test(m[5]) && (!m[1] || (COMPARED.test(q) && !TREND_WORDS.test(q)))) return null
      // "how much did it rise from 2019-04-23 to 2019-08-13": the two days compared.
      if (/^from/i.test(m[1] ?? '') && CHANGED_FROM.test(q.slice(Math.max(0, (m.index ?? 0) - 50), (m.index ?? 0) + m[1].length)) && !TREND_WORDS.test(q))
        return null
      return { start: a, last: b, granularity: 'day' }
    },
  },
  // "03/2019 to 05/2019", "between 3/2019 and 5/2019", "2019-03 to 2019-05", the ISO 8601 interval "2019-05/2019-07"
  {
    re: /(between\s+|from\s+)?\b(?:(\d{1,2})\/((?:19|20)\d{2})|((?:19|20)\d{2})[-/](\d{2}))(?![-/]\d{1,2}(?!\d))\s*(?:-|–|—|\/|to|until|through|and)\s*(?:(\d{1,2})\/((?:19|20)\d{2})|((?:19|20)\d{2})[-/](\d{2}))(?![-/]\d)/gi,
    make: (m, q) => {
      const joinedByAnd = /\d\s*and\s*\d/i.test(m[0])
      if (joinedByAnd && (!/between/i.test(m[1] ?? '') || COMPARED.test(q))) return null
      const a = m[2] ? writtenMonth(Number(m[3]), Number(m[2])) : writtenMonth(Number(m[4]), Number(m[5]))
      const b = m[6] ? writtenMonth(Number(m[7]), Number(m[6])) : writtenMonth(Number(m[8]), Number(m[9]))
      if (!a || !b || b.y * 12 + b.m < a.y * 12 + a.m) return null
      return { start: monthStart(a.y, a.m), last: monthEnd(b.y, b.m), granularity: 'month' }
    },
  },
  // "winter 2019/20", "winter 2019-2020", "the 2019/2020 winter", "austral summer 2018-19"
  {
    re: new RegExp(
      `${HEMI_RE}${SEASON_RE}\\s+(?:of\\s+)?${YEAR}\\s*[/-]\\s*(\\d{2}|(?:19|20)\\d{2})\\b|${YEAR}\\s*[/-]\\s*(\\d{2}|(?:19|20)\\d{2})\\s+${HEMI_RE}${SEASON_RE}`,
      'gi',
    ),
    make: (m) => {
      const hemi = m[1] ?? m[7]
      const season = m[2] ?? m[8]
      const y1 = Number(m[3] ?? m[5])
      const y2raw = m[4] ?? m[6]
      const y2 = y2raw.length === 2 ? Math.floor(y1 / 100) * 100 + Number(y2raw) : Number(y2raw)
      const months = seasonMonths(season, hemi)
      const wraps = months[months.length - 1] < months[0]
      if (wraps && y2 === y1 + 1) return spanOfMonths(y1, months, 'season')
      if (y2 > y1) return recurring(y1, y2, months)
      return null
    },
  },
  // "the summers of 2018-2020", "every winter from 2015 to 2020", "each July between 2015 and 2020", "summers 2019 to 2021"
  {
    re: new RegExp(
      `(?:(?:every|each|all)\\s+(?:the\\s+)?)?${HEMI_RE}(?:(${SEASON_WORDS.join('|')})s|${SEASON_RE}|${MONTH_RE})\\s+(?:of\\s+|in\\s+|from\\s+|between\\s+)(?:the\\s+years\\s+)?${YEAR}\\s*(?:-|–|—|to|until|through|and)\\s*${YEAR}`,
      'gi',
    ),
    make: (m) => {
      const plural = m[2]
      const everyOrPlural = Boolean(plural) || /^(?:every|each|all)\b/i.test(m[0])
      if (!everyOrPlural) return null
      const y1 = Number(m[5])
      const y2 = Number(m[6])
      if (y2 < y1) return null
      const months = plural || m[3] ? seasonMonths(plural ?? m[3], m[1]) : [monthOf(m[4])]
      // "the summers of 2019 and 2020": two seasons (to compare); "of 2018-2020": every one of them.
      if (/\band\b/i.test(m[0].slice(m[0].search(/\d/))) && !/\bbetween\b/i.test(m[0])) {
        return [y1, y2].map((y) => spanOfMonths(y, months, months.length === 1 ? 'month' : 'season'))
      }
      return recurring(y1, y2, months)
    },
  },
  // "March 2019 to May 2019", "between March 2019 and May 2019", "December 2019 - February 2020"
  {
    re: new RegExp(`(between\\s+)?${MONTH_RE}\\s+(?:of\\s+)?${YEAR}\\s*(-|–|—|to|until|through|and)\\s*${MONTH_RE}\\s+(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m, q) => {
      if (/^and$/i.test(m[4]) && (!m[1] || COMPARED.test(q))) return null
      const [y1, m1, y2, m2] = [Number(m[3]), monthOf(m[2]), Number(m[6]), monthOf(m[5])]
      // "how much did it change from January 2020 to July 2020": the two months compared.
      // "Going from May 2019 to August 2019, what is the percent change": from one month to another, compared.
      const before = q.slice(Math.max(0, (m.index ?? 0) - 50), m.index ?? 0)
      // (A change word, not "the difference between the two", which may compare two regions over the one stretch.)
      const compared =
        CHANGED_FROM.test(before) || (/\bfrom\s*$/i.test(before) && /\b(?:chang\w*|increas\w*|decreas\w*|ris(?:e|en)|rose|drop\w*|fell)\b/i.test(q))
      if (/^(?:to|-|–|—)$/i.test(m[4]) && compared && !TREND_WORDS.test(q)) {
        return [
          { start: monthStart(y1, m1), last: monthEnd(y1, m1), granularity: 'month' },
          { start: monthStart(y2, m2), last: monthEnd(y2, m2), granularity: 'month' },
        ]
      }
      if (y2 * 12 + m2 < y1 * 12 + m1) return null
      return { start: monthStart(y1, m1), last: monthEnd(y2, m2), granularity: 'month' }
    },
  },
  ...NUMERIC_DAY_RULES,
  // "03/2019", "2019-03"
  {
    re: /(?<![\w/-])(?:(\d{1,2})\/((?:19|20)\d{2})|((?:19|20)\d{2})-(\d{2}))(?![-/]?\d)/g,
    make: (m) => {
      const a = m[1] ? writtenMonth(Number(m[2]), Number(m[1])) : writtenMonth(Number(m[3]), Number(m[4]))
      return a ? { start: monthStart(a.y, a.m), last: monthEnd(a.y, a.m), granularity: 'month' } : null
    },
  },
  // "the first quarter of 2019"
  {
    re: new RegExp(`\\b(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\\s+quarter\\s+(?:of\\s+|in\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const q = QUARTERS.find((x) => x.quarter === ORDINAL[m[1].toLowerCase()])!
      return spanOfMonths(Number(m[2]), q.months, 'quarter')
    },
  },
  ...DAY_RULES,
  // "Q1 2024", "Q1 vs. Q3 2021", "Q1 and Q3 of 2021", "Q4/2019": one period per quarter named
  {
    re: new RegExp(`\\b(Q[1-4](?:\\s*(?:vs\\.?|versus|and|&|,|or)\\s*Q[1-4])*)\\s*[,/-]?\\s*(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[2])
      return [...m[1].matchAll(/Q([1-4])/gi)].map((x) => spanOfMonths(y, QUARTERS[Number(x[1]) - 1].months, 'quarter'))
    },
  },
  // "H1 2019", "H2 vs H1 of 2019", "2019 H2", "2019-H1": halves by their short names (lexicon HALVES)
  {
    re: new RegExp(`\\b(H[12](?:\\s*(?:vs\\.?|versus|and|&|,|or)\\s*H[12])*)\\s*,?\\s*(?:of\\s+)?${YEAR}|${YEAR}\\s*[-/]?\\s*(H[12])\\b`, 'gi'),
    make: (m) => [...(m[1] ?? m[4]).matchAll(/H([12])/gi)].map((x) => spanOfMonths(Number(m[2] ?? m[3]), HALVES[Number(x[1]) - 1].months, 'half')),
  },
  // "2019 Q2", "2019-Q2", "2019/Q3": the year written first
  {
    re: new RegExp(`${YEAR}\\s*[-/]?\\s*Q([1-4])\\b`, 'gi'),
    make: (m) => spanOfMonths(Number(m[1]), QUARTERS[Number(m[2]) - 1].months, 'quarter'),
  },
  // "the 2nd half and 1st half of 2019", "the first and second halves of 2019": two halves of one year, each a period
  {
    re: new RegExp(
      `\\b(first|1st|second|2nd)\\s+(?:half\\s+)?(?:and|vs\\.?|versus|&)\\s+(?:the\\s+)?(first|1st|second|2nd)\\s+(?:half|halves)\\s+of\\s+${YEAR}`,
      'gi',
    ),
    make: (m) => {
      const first = [m[1], m[2]].map((w) => /^(?:first|1st)$/i.test(w))
      if (first[0] === first[1]) return null
      return first.map((f) => spanOfMonths(Number(m[3]), HALVES[f ? 0 : 1].months, 'half'))
    },
  },
  // "the first half of 2013", "second half of 2019"
  {
    re: new RegExp(`\\b(first|1st|second|2nd|last)\\s+half\\s+of\\s+${YEAR}`, 'gi'),
    make: (m) => spanOfMonths(Number(m[2]), HALVES[/^(?:first|1st)$/i.test(m[1]) ? 0 : 1].months, 'half'),
  },
  // "July 5th of 2015 and 2023": the same day in two years
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY},?\\s+(?:of\\s+|in\\s+)?${YEAR}\\s+and\\s+${YEAR}`, 'gi'),
    make: (m) =>
      [Number(m[3]), Number(m[4])].map((y) => {
        const d = iso(y, monthOf(m[1]), Number(m[2]))
        return { start: d, last: d, granularity: 'day' as const }
      }),
  },
  // "between 2013 and 2018 (January-April)", "between 2014 and 2019 (October-December periods)": the same months in two years
  {
    re: new RegExp(
      `(?:between\\s+)?${YEAR}\\s+(?:and|vs\\.?|versus)\\s+${YEAR}\\s*\\(\\s*${MONTH_RE}${DASH}${MONTH_RE}(?:\\s+(?:periods?|months|only|each|in\\s+each))?\\s*\\)`,
      'gi',
    ),
    make: (m) => [Number(m[1]), Number(m[2])].map((y) => monthRange(y, monthOf(m[3]), monthOf(m[4]))),
  },
  // "June–July of 2020 and 2021": the same months in two years, one period per year
  {
    re: new RegExp(`${MONTH_RE}${DASH}${MONTH_RE},?\\s*(?:of\\s+)?${YEAR}\\s+and\\s+${YEAR}`, 'gi'),
    make: (m) => [Number(m[3]), Number(m[4])].map((y) => monthRange(y, monthOf(m[1]), monthOf(m[2]))),
  },
  // "April, May and June 2019", "Jan, Feb, Mar 2020", "Mar + May + Sep 2019", "janv., mars et nov. 2019": a list of
  // months of one year, each a period (their union unless compared), with a gloss naming the same months or none
  {
    // "the December, January and February acquisitions of the 2019 record": the months' dates of that year; so are
    // "December, January and February, taking whatever 2019 dates fall in them".
    re: new RegExp(
      `${MONTH_RE}((?:\\s*[,+]\\s*[a-zà-ÿ]+\\.?){1,10})\\s*,?\\s*(?:and|&|\\+|et|und)?\\s*${MONTH_RE}(\\s*\\([^()]{2,60}\\))?,?\\s*(?:(?:acquisitions?|dates?|scenes?|images?)\\s+(?:of|in|from)\\s+(?:the\\s+)?|of\\s+|in\\s+|(?:taking|using|keeping|with)\\s+(?:whatever|all(?:\\s+the)?|the|any)\\s+(?=(?:19|20)\\d{2}\\s+(?:dates|acquisitions|scenes|images)\\b))?${YEAR}(?:\\s+(?:dates|acquisitions|scenes|images)\\s+(?:that\\s+)?(?:fall|falls|lie|lies)\\s+(?:in|within)\\s+(?:them|those(?:\\s+months)?|these(?:\\s+months)?))?`,
      'gi',
    ),
    make: (m) => {
      const inner = m[2]
        .split(/[,+]/)
        .map((w) => w.trim().replace(/\.$/, ''))
        .filter(Boolean)
      if (!inner.every((w) => new RegExp(`^${MONTH_RE}$`, 'i').test(w))) return null
      const y = Number(m[5])
      const months = [monthOf(m[1]), ...inner.map(monthOf), monthOf(m[3])]
      if (new Set(months).size !== months.length) return null
      // "Mai, Juni, Sept. (May, June, September) 2019": a gloss in brackets must name the same months.
      if (m[4] && monthsInBrackets(m[4].trim().slice(1, -1))?.join() !== months.join()) return null
      return months.map((mo) => ({ start: monthStart(y, mo), last: monthEnd(y, mo), granularity: 'month' as const }))
    },
  },
  // "June and August 2023", "may + june 2019", "May & June 2019": two months of one year ("between June and August
  // 2023" is a range, read below)
  {
    re: new RegExp(`(?<!between\\s+)\\b${MONTH_RE}(?:\\s+(?:and|plus)\\s+|\\s*[&+]\\s*)${MONTH_RE},?\\s*(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[3])
      return [m[1], m[2]].map((w) => ({ start: monthStart(y, monthOf(w)), last: monthEnd(y, monthOf(w)), granularity: 'month' as const }))
    },
  },
  // "the 2021 heatwave season (June–September)": a month range in brackets that takes the year named just before
  {
    re: new RegExp(`${YEAR}\\b[^.;:()\\d]{0,40}\\(\\s*${MONTH_RE}${DASH}${MONTH_RE}\\s*\\)`, 'gi'),
    make: (m) => monthRange(Number(m[1]), monthOf(m[2]), monthOf(m[3])),
  },
  // "the 2019 record from March to September", "2019 dates, Apr-Oct": the year, then a month range introduced by
  // "from" or after a comma or colon (not "how much did it change in 2019 from March to September", which compares
  // the two months, nor "from March and ...")
  {
    re: new RegExp(
      `${YEAR}((?:\\s+(?!(?:and|or|vs|versus|to|from)\\b)[a-z][\\w-]*){0,2})(?:,?\\s+(from)\\s+|\\s*[,:]\\s*)${MONTH_RE}\\s*(?:-|–|—|to|until|till|through|thru)\\s*${MONTH_RE}(?![a-z])(?!\\s*,?\\s*(?:of\\s+)?(?:19|20)\\d{2})`,
      'gi',
    ),
    make: (m, q) => {
      const y = Number(m[1])
      const [a, b] = [monthOf(m[4]), monthOf(m[5])]
      // After a comma or colon only when the question names no other year ("2018 vs 2019, June-August" may be
      // June-August of each).
      if (!m[3] && theOneYear(q) !== y) return null
      const before = q.slice(0, (m.index ?? 0) + m[0].toLowerCase().lastIndexOf('from') + 4)
      // "how much did LST change in 2019 from March to September": the two months compared.
      if (m[3] && CHANGED_FROM.test(before)) {
        if (TREND_WORDS.test(q)) return null
        return [a, b].map((mo) => ({ start: monthStart(y, mo), last: monthEnd(y, mo), granularity: 'month' as const }))
      }
      return monthRange(y, a, b)
    },
  },
  // "july ndvi to april ndvi, 2019", "aug minus may 2019", "August than May 2019", "jun -> sep 2019": two months of
  // the year written after them, set against each other (a range "June to September 2019" is read below). A
  // "minus" from the earlier to the later month is not read: the spec's difference is the later minus the earlier.
  {
    re: new RegExp(
      `${MONTH_RE}((?:\\s+(?!(?:to|and|or|minus|than|vs|versus|over)\\b)[a-z][\\w-]*){0,2})\\s*(to|minus|than|vs\\.?|versus|over|->|→)\\s*${MONTH_RE}((?:\\s+(?!(?:of|in)\\b)[a-z][\\w-]*){0,2}),?\\s*(?:of\\s+|in\\s+)?${YEAR}`,
      'gi',
    ),
    make: (m, q) => {
      const [a, joiner, b, y] = [monthOf(m[1]), m[3].toLowerCase(), monthOf(m[4]), Number(m[6])]
      if (a === b || (joiner === 'to' && !m[2].trim()) || (joiner === 'minus' && a < b)) return null
      // "to", "over" and an arrow join a range ("Apr→Jul 2019", read below) unless the question compares.
      if ((joiner === 'to' || joiner === 'over' || ARROW.test(joiner)) && !COMPARED.test(q) && !/\bratio\b/i.test(q)) return null
      return [a, b].map((mo) => ({ start: monthStart(y, mo), last: monthEnd(y, mo), granularity: 'month' as const }))
    },
  },
  // "from June to September 2023", "June-September 2023", "Jan/Feb 2020", "(June to August) of 2021", "Dec-Feb 2019";
  // "the percent change ... from June to September 2019" compares the two months (not under a trend).
  {
    re: new RegExp(`${MONTH_RE}${DASH}${MONTH_RE}\\s*\\)?,?\\s*(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m, q) => {
      const [y, a, b] = [Number(m[3]), monthOf(m[1]), monthOf(m[2])]
      const before = q.slice(Math.max(0, (m.index ?? 0) - 60), m.index ?? 0)
      if (/\bto\b/i.test(m[0]) && CHANGED_FROM.test(before) && !TREND_WORDS.test(q) && a < b)
        return [a, b].map((mo) => ({ start: monthStart(y, mo), last: monthEnd(y, mo), granularity: 'month' as const }))
      return monthRange(y, a, b)
    },
  },
  // "Aug 2020-2022": one month in two years compared, or every such month of the years
  {
    re: new RegExp(`${MONTH_RE}\\s+${YEAR}\\s*(?:-|–|—|to)\\s*${YEAR}`, 'gi'),
    make: (m, q) => {
      const [mo, y1, y2] = [monthOf(m[1]), Number(m[2]), Number(m[3])]
      if (y2 <= y1) return null
      if (COMPARED.test(q)) return [y1, y2].map((y) => ({ start: monthStart(y, mo), last: monthEnd(y, mo), granularity: 'month' as const }))
      return recurring(y1, y2, [mo])
    },
  },
  // "July of 2015 and 2023": one month in two years
  {
    re: new RegExp(`${MONTH_RE}\\s+(?:of\\s+|in\\s+)?${YEAR}\\s+and\\s+${YEAR}`, 'gi'),
    make: (m) =>
      [Number(m[2]), Number(m[3])].map((y) => ({ start: monthStart(y, monthOf(m[1])), last: monthEnd(y, monthOf(m[1])), granularity: 'month' as const })),
  },
  // "February 2022", "July of 2023"
  {
    re: new RegExp(`${MONTH_RE}\\s+(?:of\\s+|in\\s+)?${YEAR}`, 'gi'),
    make: (m) => ({ start: monthStart(Number(m[2]), monthOf(m[1])), last: monthEnd(Number(m[2]), monthOf(m[1])), granularity: 'month' }),
  },
  ...SEASON_OF_YEAR_RULES,
  // "between 2019 and 2023", "from 2018 to 2022", "2014-2023"
  {
    re: new RegExp(`(between\\s+|from\\s+)?${YEAR}(${DASH})${YEAR}`, 'gi'),
    make: (m, q) => {
      const a = Number(m[2])
      const b = Number(m[4])
      // "2013 and 2019" names two years; only "between 2013 and 2019" is the stretch from one to the other, and not
      // even that when the question compares ("the difference between 2015 and 2023", "compare ... between 2020
      // and 2022"): then the two years are the sides of the comparison, read by the year rule below.
      if (/^\s*and\s*$/i.test(m[3]) && (!/between/i.test(m[1] ?? '') || (COMPARED.test(q) && !TREND_WORDS.test(q)))) return null
      if (/^\s*\/\s*$/.test(m[3])) return null
      if (b < a || b - a > 100) return null
      return { start: iso(a, 1, 1), last: iso(b, 12, 31), granularity: 'years' }
    },
  },
  // "in 2019", "during 2020", "2019"
  {
    re: new RegExp(`\\b${YEAR}\\b`, 'g'),
    make: (m) => ({ start: iso(Number(m[1]), 1, 1), last: iso(Number(m[1]), 12, 31), granularity: 'year' }),
  },
]

/** Part of a month or season ("late June 2021", "mid-Aug", "late spring 2019"), with its year when written: no dates for it. */
export const PART_OF_SPAN = new RegExp(
  `\\b(?:${alternation(PART_OF_SPAN_WORDS)})[\\s-]+(?:${MONTH_RE}|${SEASON_RE})(?:,?\\s+(?:of\\s+|in\\s+)?${YEAR}\\b)?`,
  'gi',
)
/** A year, quarter or half of another calendar ("fiscal Q3 2019", "FY2019", "FY 2019/20"), with the year after it. */
export const OTHER_CALENDAR_SPAN = new RegExp(
  `(?:\\b(?:${alternation(OTHER_CALENDARS)})[\\s-]*(?:year|quarter|half|q[1-4]|h[12]|period)s?\\b|\\b(?:${OTHER_CALENDAR_ABBREVIATIONS.join('|')})(?=[\\s-]?\\d{2}))(?:[\\s-]*(?:of\\s+|in\\s+)?(?:${YEAR}|\\d{2})(?:\\s*[/-]\\s*\\d{2,4})?\\b)?`,
  'gi',
)
const UNPLACED_WITH_YEAR = new RegExp(
  `(?:${alternation(UNPLACED_SPANS)})\\s+(?:of\\s+|in\\s+)?(?:the\\s+year\\s+)?${YEAR}\\b|\\b${YEAR}\\s+(?:${alternation(UNPLACED_SPANS)})`,
  'gi',
)

/**
 * Every period of a question, most specific first per stretch of text: once words are read as a period they are
 * not read again by a coarser rule (so "July 12, 2022" is one day, not also the year 2022). `skip` spans (numbers
 * already read as something else) are not read.
 */
export function parsePeriods(q: string, skip: readonly { at: number; end: number }[] = []): PeriodSpan[] {
  return readPeriods(q, skip).kept
}

/**
 * The periods of a question (`kept`) and the period words the refiners set aside (`restated`: a year restating a
 * more specific period, the record's stretch around two years compared): read, so the ledger counts them consumed,
 * but no period of their own.
 */
export function readPeriods(q: string, skip: readonly { at: number; end: number }[] = []): { kept: PeriodSpan[]; restated: PeriodSpan[] } {
  const found: PeriodSpan[] = []
  const taken: { at: number; end: number }[] = [...skip]
  // A time span the spec has no field for, with its year ("dry season 2024", "the monsoon of 2020"): the year is
  // part of that span, not a period of its own (the ledger refuses the span, naming it).
  for (const m of q.matchAll(UNPLACED_WITH_YEAR)) taken.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length })
  // So does part of a month or season ("late June 2021", "mid-August of 2020", "late spring 2019") and a period of
  // another calendar ("fiscal Q3 2019"): no dates for it, refused by the ledger.
  for (const re of [PART_OF_SPAN, OTHER_CALENDAR_SPAN]) for (const m of q.matchAll(re)) taken.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length })
  for (const rule of RULES) {
    for (const m of q.matchAll(rule.re)) {
      const at = m.index ?? 0
      const end = at + m[0].length
      if (taken.some((t) => overlaps(t, { at, end }))) continue
      const made = rule.make(m, q)
      if (!made) continue
      taken.push({ at, end })
      for (const p of Array.isArray(made) ? made : [made]) found.push({ type: 'period', at, end, text: m[0], ...p })
    }
  }
  found.sort((a, b) => a.at - b.at)
  const counted = countedStretches(q, found)
  const defined = definedSpans(q, spanApartFromYear(q, refineSeasonsOfTheYear(q, dropRestatedYears(keepComparedInsideRecord(q, counted)))))
  const bracketed = bracketedRestatements(q, defined.periods).filter((b) => !found.some((f) => overlaps(f, b)))
  const days = restatedDays(q, defined.periods, [...taken, ...bracketed])
  // Days with no year that no rule read and that restate no period: the one year named (a year they lie in is dropped).
  const lone = loneDays(q, [...taken, ...bracketed, ...days])
  const kept = lone.length ? dropRestatedYears([...defined.periods, ...lone].sort((a, b) => a.at - b.at)) : defined.periods
  const restated = [...counted.filter((p) => !kept.includes(p) && !kept.some((k) => overlaps(k, p))), ...bracketed, ...days, ...defined.restated]
  return { kept, restated }
}
