/**
 * The planner's reader of the time periods named in a question (the verifier keeps a reader of its own in
 * main/verify, so one misreading cannot pass both): "in 2019", "February 2022", "on July 12, 2022", "from June to September 2023",
 * "between 2019 and 2023", "June 1 to September 30, 2019", "July 20–29, 2023", "summer 2022", "June 2020 and
 * June 2021", "June and August 2023" (two months), "Q1 vs. Q3 2021", "the first half of 2013", "the 2021 heatwave
 * season (June–September)", "the summer months (June to August) of 2021". Each becomes an inclusive ISO date range with the granularity it was stated at.
 *
 * Also: "the first quarter of 2019", "between 03/2019 and 05/2019", "from 2019-03-01 to 2019-05-31", "03/2019".
 * Each period keeps the words it was read from (`text`, `at`), so the task reader knows which phrases it used.
 */

export type Granularity = 'day' | 'month' | 'season' | 'quarter' | 'half' | 'year' | 'years'

export interface Period {
  /** Inclusive, YYYY-MM-DD. */
  start: string
  end: string
  granularity: Granularity
  /** The words it was read from. */
  text: string
  /** Where those words start in the question. */
  at?: number
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
  make(m: RegExpMatchArray): Period | Period[] | null
}

const rules: Rule[] = [
  // "between 2019-03-01 and 2019-05-31", "from 2019-03-01 to 2019-05-31": one range of days
  {
    re: new RegExp(`(?:between|from)\\s+${YEAR}-(\\d{2})-(\\d{2})\\s*(?:and|to|until|through|-|–)\\s*${YEAR}-(\\d{2})-(\\d{2})`, 'gi'),
    make: (m) => {
      const a = iso(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
      const b = iso(Number(m[4]), Number(m[5]) - 1, Number(m[6]))
      return a <= b ? { start: a, end: b, granularity: 'day', text: m[0] } : null
    },
  },
  // "between 03/2019 and 05/2019", "from 3/2019 to 5/2019", "03/2019-05/2019": whole months
  {
    re: new RegExp(`(?:between\\s+|from\\s+)?(\\d{1,2})\\/${YEAR}\\s*(?:and|to|until|through|-|–)\\s*(\\d{1,2})\\/${YEAR}`, 'gi'),
    make: (m) => {
      const [y1, m1, y2, m2] = [Number(m[2]), Number(m[1]) - 1, Number(m[4]), Number(m[3]) - 1]
      if (m1 < 0 || m1 > 11 || m2 < 0 || m2 > 11) return null
      const a = iso(y1, m1, 1)
      const b = iso(y2, m2, lastDay(y2, m2))
      return a <= b ? { start: a, end: b, granularity: 'month', text: m[0] } : null
    },
  },
  // "the first quarter of 2019", "the 3rd quarter of 2020"
  {
    re: new RegExp(`\\b(first|second|third|fourth|last|1st|2nd|3rd|4th)\\s+quarter\\s+(?:of\\s+)?${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[2])
      const q = ({ first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, last: 3 } as Record<string, number>)[m[1].toLowerCase()]
      return { start: iso(y, q * 3, 1), end: iso(y, q * 3 + 2, lastDay(y, q * 3 + 2)), granularity: 'quarter', text: m[0] }
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
        return { start: iso(y, a, 1), end: iso(y, a + 2, lastDay(y, a + 2)), granularity: 'quarter' as const, text: m[0] }
      })
    },
  },
  // "the first half of 2013", "second half of 2019"
  {
    re: new RegExp(`\\b(first|second)\\s+half\\s+of\\s+${YEAR}`, 'gi'),
    make: (m) => {
      const y = Number(m[2])
      const first = m[1].toLowerCase() === 'first'
      return { start: iso(y, first ? 0 : 6, 1), end: iso(y, first ? 5 : 11, first ? 30 : 31), granularity: 'half', text: m[0] }
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
  // "03/2019": one month
  {
    re: new RegExp(`(?<![\\d/])(\\d{1,2})\\/${YEAR}\\b`, 'g'),
    make: (m) => {
      const y = Number(m[2])
      const mo = Number(m[1]) - 1
      return mo < 0 || mo > 11 ? null : { start: iso(y, mo, 1), end: iso(y, mo, lastDay(y, mo)), granularity: 'month', text: m[0] }
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
      const made = rule.make(m)
      if (!made) continue
      taken.push([at, end])
      for (const p of Array.isArray(made) ? made : [made]) found.push({ at, period: { ...p, at } })
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
