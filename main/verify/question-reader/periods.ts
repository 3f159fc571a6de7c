/**
 * Time periods named in a question: "in 2019", "February 2022", "on July 12, 2022", "from June to September 2023",
 * "between 2019 and 2023", "June 1 to September 30, 2019", "July 20–29, 2023", "summer 2022", "June 2020 and
 * June 2021", "June and August 2023" (two months), "Q1 vs. Q3 2021", "the first half of 2013", "the 2021 heatwave
 * season (June–September)", "the summer months (June to August) of 2021". Each becomes an inclusive ISO date range with the granularity it was stated at.
 *
 * Also "the first quarter of 2019", "between 03/2019 and 05/2019", "2019-03 to 2019-05", "March 2019 to May 2019".
 *
 * The verifier's own reader (the planner keeps a separate one in main/task/): the policy checks the dates an
 * observation used against these periods, so a misreading by the planner cannot pass both.
 */

export type Granularity = 'day' | 'month' | 'season' | 'year' | 'years'

export interface Period {
  /** Inclusive, YYYY-MM-DD. */
  start: string
  end: string
  granularity: Granularity
  /** The words it was read from. */
  text: string
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
const YEAR = '((?:19|20)\\d{2})'
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?'
const DASH = '\\s*(?:-|–|—|to|until|through|and)\\s*'

function monthIndex(word: string): number {
  const w = word.toLowerCase().slice(0, 3)
  return MONTHS.findIndex((m) => m.startsWith(w))
}

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate()

const SEASONS: Record<string, [number, number]> = {
  spring: [2, 4],
  summer: [5, 7],
  autumn: [8, 10],
  fall: [8, 10],
  winter: [11, 1],
}

/** Whole months from `from` to `to` of year y (into the next year when the range wraps, e.g. November-February). */
function monthRange(y: number, from: string, to: string, text: string): Period {
  const a = monthIndex(from)
  const b = monthIndex(to)
  const endYear = b < a ? y + 1 : y
  return { start: iso(y, a, 1), end: iso(endYear, b, lastDay(endYear, b)), granularity: 'month', text }
}

interface Rule {
  re: RegExp
  /** `question` is the whole text, for rules whose reading depends on what is asked around the dates. */
  make(m: RegExpMatchArray, question: string): Period | Period[] | null
}

/** Words that make "between A and B" two things compared rather than the stretch from A to B. */
const COMPARED = /\b(?:chang\w*|differ\w*|compar\w*|increas\w*|decreas\w*|ris(?:e|en)|drop\w*|fell|versus|vs\.?)\b/i

const ORDINAL_QUARTER: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, last: 3, final: 3 }

/** Month `mo` (1-12, as written) of year y, or null when the number is no month. */
function writtenMonth(y: number, mo: number): { y: number; m: number } | null {
  return mo >= 1 && mo <= 12 ? { y, m: mo - 1 } : null
}

const rules: Rule[] = [
  // "from 2019-03-05 to 2019-04-01", "2019-03-05 – 2019-04-01"
  {
    re: /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\s*(?:-|–|—|to|until|through|and)\s*((?:19|20)\d{2})-(\d{2})-(\d{2})\b/gi,
    make: (m) => {
      const a = iso(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
      const b = iso(Number(m[4]), Number(m[5]) - 1, Number(m[6]))
      if (b < a || /\band\b/i.test(m[0])) return null
      return { start: a, end: b, granularity: 'day', text: m[0] }
    },
  },
  // "03/2019 to 05/2019", "between 3/2019 and 5/2019", "2019-03 to 2019-05", "from 2019/03 through 2019/05"
  {
    re: /\b(?:(\d{1,2})\/((?:19|20)\d{2})|((?:19|20)\d{2})[-/](\d{2}))(?![-/]\d)\s*(?:-|–|—|to|until|through|and)\s*(?:(\d{1,2})\/((?:19|20)\d{2})|((?:19|20)\d{2})[-/](\d{2}))(?![-/]\d)/gi,
    make: (m, question) => {
      const joinedByAnd = /\d\s*and\s*\d/i.test(m[0])
      const between = /\bbetween\s*$/i.test(question.slice(0, m.index ?? 0))
      if (joinedByAnd && (!between || COMPARED.test(question))) return null
      const a = m[1] ? writtenMonth(Number(m[2]), Number(m[1])) : writtenMonth(Number(m[3]), Number(m[4]))
      const b = m[5] ? writtenMonth(Number(m[6]), Number(m[5])) : writtenMonth(Number(m[7]), Number(m[8]))
      if (!a || !b || b.y * 12 + b.m < a.y * 12 + a.m) return null
      return { start: iso(a.y, a.m, 1), end: iso(b.y, b.m, lastDay(b.y, b.m)), granularity: 'month', text: m[0] }
    },
  },
  // "March 2019 to May 2019", "from November 2018 until February 2019", "between March 2019 and May 2019"
  {
    re: new RegExp(`(between\\s+)?${MONTH_RE}\\s+(?:of\\s+)?${YEAR}\\s*(-|–|—|to|until|through|and)\\s*${MONTH_RE}\\s+(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m, question) => {
      // "June 2020 and June 2021" names two months; only "between ... and ..." is the stretch between them, unless
      // the question compares the two ("how much did it change between March 2019 and August 2019").
      if (/^and$/i.test(m[4]) && (!m[1] || COMPARED.test(question))) return null
      const [y1, m1, y2, m2] = [Number(m[3]), monthIndex(m[2]), Number(m[6]), monthIndex(m[5])]
      if (y2 * 12 + m2 < y1 * 12 + m1) return null
      return { start: iso(y1, m1, 1), end: iso(y2, m2, lastDay(y2, m2)), granularity: 'month', text: m[0] }
    },
  },
  // "03/2019", "2019-03" (a month written in numbers; "2019-03-05" is a day, read below)
  {
    re: /(?<![\d/-])(?:(\d{1,2})\/((?:19|20)\d{2})|((?:19|20)\d{2})-(\d{2}))(?![-/]?\d)/g,
    make: (m) => {
      const a = m[1] ? writtenMonth(Number(m[2]), Number(m[1])) : writtenMonth(Number(m[3]), Number(m[4]))
      return a ? { start: iso(a.y, a.m, 1), end: iso(a.y, a.m, lastDay(a.y, a.m)), granularity: 'month', text: m[0] } : null
    },
  },
  // "the first quarter of 2019", "Q3 of 2020" is read below; "the last quarter of 2018"
  {
    re: new RegExp(`\\b(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\\s+quarter\\s+(?:of\\s+|in\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[2])
      const a = ORDINAL_QUARTER[m[1].toLowerCase()] * 3
      return { start: iso(y, a, 1), end: iso(y, a + 2, lastDay(y, a + 2)), granularity: 'month', text: m[0] }
    },
  },
  // "June 1 to September 30, 2019", "from June 1, 2019 to September 30, 2019"
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY}(?:,?\\s*${YEAR})?${DASH}${MONTH_RE}\\s+${DAY},?\\s*${YEAR}`, 'gi'),
    make: (m) => {
      const y2 = Number(m[6])
      const y1 = m[3] ? Number(m[3]) : y2
      return { start: iso(y1, monthIndex(m[1]), Number(m[2])), end: iso(y2, monthIndex(m[4]), Number(m[5])), granularity: 'day', text: m[0] }
    },
  },
  // "July 20–29, 2023"
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY}\\s*(?:-|–|—|to)\\s*${DAY},?\\s*${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[4])
      const mo = monthIndex(m[1])
      return { start: iso(y, mo, Number(m[2])), end: iso(y, mo, Number(m[3])), granularity: 'day', text: m[0] }
    },
  },
  // "July 1 and July 15, 2020": two single days sharing a year
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY}\\s+and\\s+${MONTH_RE}\\s+${DAY},?\\s*${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[5])
      return [
        { start: iso(y, monthIndex(m[1]), Number(m[2])), end: iso(y, monthIndex(m[1]), Number(m[2])), granularity: 'day', text: m[0] },
        { start: iso(y, monthIndex(m[3]), Number(m[4])), end: iso(y, monthIndex(m[3]), Number(m[4])), granularity: 'day', text: m[0] },
      ]
    },
  },
  // "July 12, 2022", "12 July 2022", "2022-07-12"
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY},*\\s*${YEAR}|${DAY}\\s+${MONTH_RE},?\\s*${YEAR}|${YEAR}-(\\d{2})-(\\d{2})`, 'gi'),
    make: (m) => {
      let y: number, mo: number, d: number
      if (m[1]) [y, mo, d] = [Number(m[3]), monthIndex(m[1]), Number(m[2])]
      else if (m[5]) [y, mo, d] = [Number(m[6]), monthIndex(m[5]), Number(m[4])]
      else [y, mo, d] = [Number(m[7]), Number(m[8]) - 1, Number(m[9])]
      if (mo < 0 || mo > 11 || d < 1 || d > lastDay(y, mo)) return null
      return { start: iso(y, mo, d), end: iso(y, mo, d), granularity: 'day', text: m[0] }
    },
  },
  // "Q1 2024", "Q1 vs. Q3 2021", "Q1 and Q3 of 2021": one period per quarter named
  {
    re: new RegExp(`\\b(Q[1-4](?:\\s*(?:vs\\.?|versus|and|&|,|or)\\s*Q[1-4])*)\\s*,?\\s*(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[2])
      return [...m[1].matchAll(/Q([1-4])/gi)].map((q) => {
        const a = (Number(q[1]) - 1) * 3
        return { start: iso(y, a, 1), end: iso(y, a + 2, lastDay(y, a + 2)), granularity: 'month' as const, text: m[0] }
      })
    },
  },
  // "the first half of 2013", "second half of 2019"
  {
    re: new RegExp(`\\b(first|second)\\s+half\\s+of\\s+${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[2])
      const first = m[1].toLowerCase() === 'first'
      return { start: iso(y, first ? 0 : 6, 1), end: iso(y, first ? 5 : 11, first ? 30 : 31), granularity: 'month', text: m[0] }
    },
  },
  // "July 5th of 2015 and 2023": the same day in two years
  {
    re: new RegExp(`${MONTH_RE}\\s+${DAY},?\\s+(?:of\\s+)?${YEAR}\\s+and\\s+${YEAR}`, 'gi'),
    make: (m) =>
      [Number(m[3]), Number(m[4])].map((y) => ({ start: iso(y, monthIndex(m[1]), Number(m[2])), end: iso(y, monthIndex(m[1]), Number(m[2])), granularity: 'day' as const, text: m[0] })),
  },
  // "between 2013 and 2018 (January-April)": the same months in two years
  {
    re: new RegExp(`(?:between\\s+)?${YEAR}\\s+(?:and|vs\\.?|versus)\\s+${YEAR}\\s*\\(\\s*${MONTH_RE}${DASH}${MONTH_RE}\\s*\\)`, 'gi'),
    make: (m) => [Number(m[1]), Number(m[2])].map((y) => monthRange(y, m[3], m[4], m[0])),
  },
  // "June–July of 2020 and 2021": the same months in two years, one period per year
  {
    re: new RegExp(`${MONTH_RE}${DASH}${MONTH_RE},?\\s*(?:of\\s+)?${YEAR}\\s+and\\s+${YEAR}`, 'gi'),
    make: (m) => [Number(m[3]), Number(m[4])].map((y) => monthRange(y, m[1], m[2], m[0])),
  },
  // "June and August 2023": two months of one year ("between June and August 2023" is a range, read below)
  {
    re: new RegExp(`(?<!between\\s+)\\b${MONTH_RE}\\s+and\\s+${MONTH_RE},?\\s*(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[3])
      return [m[1], m[2]].map((w) => {
        const mo = monthIndex(w)
        return { start: iso(y, mo, 1), end: iso(y, mo, lastDay(y, mo)), granularity: 'month' as const, text: m[0] }
      })
    },
  },
  // "the 2021 heatwave season (June–September)": a month range in brackets that takes the year named just before
  {
    re: new RegExp(`${YEAR}\\b[^.;()\\d]{0,40}\\(\\s*${MONTH_RE}${DASH}${MONTH_RE}\\s*\\)`, 'gi'),
    make: (m) => monthRange(Number(m[1]), m[2], m[3], m[0]),
  },
  // "from June to September 2023", "June-September 2023", "(June to August) of 2021"
  {
    re: new RegExp(`${MONTH_RE}${DASH}${MONTH_RE}\\s*\\)?,?\\s*(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m) => monthRange(Number(m[3]), m[1], m[2], m[0]),
  },
  // "July of 2015 and 2023": one month in two years
  {
    re: new RegExp(`${MONTH_RE}\\s+(?:of\\s+)?${YEAR}\\s+and\\s+${YEAR}`, 'gi'),
    make: (m) => {
      const mo = monthIndex(m[1])
      return [Number(m[2]), Number(m[3])].map((y) => ({ start: iso(y, mo, 1), end: iso(y, mo, lastDay(y, mo)), granularity: 'month' as const, text: m[0] }))
    },
  },
  // "February 2022", "July of 2023"
  {
    re: new RegExp(`${MONTH_RE}\\s+(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[2])
      const mo = monthIndex(m[1])
      return { start: iso(y, mo, 1), end: iso(y, mo, lastDay(y, mo)), granularity: 'month', text: m[0] }
    },
  },
  // "summer 2022", "the 2021 summer"
  {
    re: new RegExp(`(spring|summer|autumn|fall|winter)\\s+(?:of\\s+)?${YEAR}|${YEAR}\\s+(spring|summer|autumn|fall|winter)`, 'gi'),
    make: (m) => {
      const season = (m[1] ?? m[4]).toLowerCase()
      const y = Number(m[2] ?? m[3])
      const [a, b] = SEASONS[season]
      const endYear = b < a ? y + 1 : y
      return { start: iso(y, a, 1), end: iso(endYear, b, lastDay(endYear, b)), granularity: 'season', text: m[0] }
    },
  },
  // "between 2019 and 2023", "from 2018 to 2022", "2014-2023"
  {
    re: new RegExp(`(between\\s+|from\\s+)?${YEAR}(${DASH})${YEAR}`, 'gi'),
    make: (m) => {
      const a = Number(m[2])
      const b = Number(m[4])
      // "2013 and 2019" names two years; only "between 2013 and 2019" is the stretch from one to the other.
      if (/^\s*and\s*$/i.test(m[3]) && !/between/i.test(m[1] ?? '')) return null
      if (b < a || b - a > 100) return null
      return { start: iso(a, 0, 1), end: iso(b, 11, 31), granularity: 'years', text: m[0] }
    },
  },
  // "in 2019", "during 2020", "2019"
  {
    re: new RegExp(`\\b${YEAR}\\b`, 'g'),
    make: (m) => ({ start: iso(Number(m[1]), 0, 1), end: iso(Number(m[1]), 11, 31), granularity: 'year', text: m[0] }),
  },
]

/**
 * All periods of a question, most specific first per stretch of text: once words are read as a period they are
 * not read again by a coarser rule (so "July 12, 2022" is one day, not also the year 2022).
 */
export function extractPeriods(question: string): Period[] {
  const taken: [number, number][] = []
  const found: { at: number; period: Period }[] = []
  for (const rule of rules) {
    for (const m of question.matchAll(rule.re)) {
      const at = m.index ?? 0
      const end = at + m[0].length
      if (taken.some(([a, b]) => at < b && end > a)) continue
      const made = rule.make(m, question)
      if (!made) continue
      taken.push([at, end])
      for (const p of Array.isArray(made) ? made : [made]) found.push({ at, period: p })
    }
  }
  const periods = found.sort((a, b) => a.at - b.at).map((f) => f.period)
  return seasonsOfTheYear(question, periods) ?? periods
}

/**
 * "the average LST for summer and autumn" in a question about 2022: two seasons compared within the one year the
 * question names become those seasons of that year (the last such pair is the one asked about, after any list of
 * definitions). Null when the question names no such pair, or more than one year.
 */
function seasonsOfTheYear(question: string, periods: Period[]): Period[] | null {
  const pairs = [...question.matchAll(/\b(spring|summer|autumn|fall|winter)\s+(?:and|vs\.?|versus|with)\s+(?:the\s+)?(spring|summer|autumn|fall|winter)\b(?!\s*(?:of\s+)?(?:19|20)\d{2})/gi)]
  const pair = pairs.at(-1)
  if (!pair || pair[1].toLowerCase() === pair[2].toLowerCase()) return null
  if (periods.length !== 1 || periods[0].granularity !== 'year') return null
  const y = Number(periods[0].start.slice(0, 4))
  return [pair[1], pair[2]].map((word) => {
    const [a, b] = SEASONS[word.toLowerCase()]
    const endYear = b < a ? y + 1 : y
    return { start: iso(y, a, 1), end: iso(endYear, b, lastDay(endYear, b)), granularity: 'season' as const, text: pair[0] }
  })
}

/** The smallest range holding every period, or null when there is none. */
export function spanOf(periods: Period[]): { start: string; end: string } | null {
  if (periods.length === 0) return null
  return {
    start: periods.map((p) => p.start).sort()[0],
    end: periods.map((p) => p.end).sort().at(-1)!,
  }
}

/** Whole days between two ISO dates (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}
