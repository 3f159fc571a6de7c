/**
 * The period parser's words and date arithmetic: month, season and year patterns from the lexicon, ISO days, month
 * ranges (wrapping a year boundary), seasons by hemisphere, and the words that make two periods compared.
 */
import { HEMISPHERE_WORDS, MONTHS, NAMED_SPANS, SEASONS } from '../lexicon/periods'
import type { PeriodSpan, SpanGranularity } from './types'
import { alternation } from './words'

export const MONTH_WORDS = MONTHS.flatMap((m) => m.names.map((n) => n.replace(/\.$/, '')))
export const MONTH_RE = `(${[...new Set(MONTH_WORDS)].sort((a, b) => b.length - a.length).join('|')})\\.?`
export const SEASON_WORDS = SEASONS.flatMap((s) => s.names)
export const SEASON_RE = `(${SEASON_WORDS.sort((a, b) => b.length - a.length).join('|')})`
export const HEMI_RE = `(?:(${alternation([...HEMISPHERE_WORDS.north, ...HEMISPHERE_WORDS.south])})\\s+)?`
export const YEAR = '((?:19|20)\\d{2})'
export const DAY = '(\\d{1,2})(?:st|nd|rd|th)?'
export const DASH = '\\s*(?:->|→|-|–|—|/|to|until|till|through|thru|and)\\s*'
/** The words and signs joining the two ends of a range of days, captured ("->" and "→" also mark a change from one to the other). */
export const DAY_JOIN = '(->|→|-|–|—|up\\s+to\\s+and\\s+including|to|until|till|through|thru|and)'
/** An arrow between two days or months: a change from the first to the second where the question compares. */
export const ARROW = /^(?:->|→)$/

/**
 * The one year a question names: a day written without its year takes it ("every 2019 date from 1 January to 31
 * July"); NaN when it names none or several (the day is then left unread, to block).
 */
export function theOneYear(q: string): number {
  const years = new Set([...q.matchAll(/\b(?:19|20)\d{2}\b/g)].map((x) => Number(x[0])))
  return years.size === 1 ? [...years][0] : Number.NaN
}

export function monthOf(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '')
  return MONTHS.find((m) => m.names.some((n) => n.replace(/\.$/, '') === w))?.month ?? 0
}

/** The months (1..12, in calendar order) from the month of `start` to the month of `last` (ISO days), one per month. */
export function monthsSpanned(start: string, last: string): number[] {
  const [y1, m1] = start.split('-').map(Number)
  const [y2, m2] = last.split('-').map(Number)
  return Array.from({ length: Math.max(0, (y2 - y1) * 12 + (m2 - m1) + 1) }, (_, i) => ((m1 - 1 + i) % 12) + 1)
}

export const pad = (n: number) => String(n).padStart(2, '0')
/** y, month 1..12, day. */
export const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`
export const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
export const validDay = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= lastDay(y, m)
export const monthStart = (y: number, m: number) => iso(y, m, 1)
/** Whole days between two ISO dates (b - a). */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)

/** The smallest range holding every period (inclusive ISO dates), or null when there is none. */
export function spanOf(periods: readonly { start: string; end: string }[]): { start: string; end: string } | null {
  if (periods.length === 0) return null
  return {
    start: periods.map((p) => p.start).sort()[0],
    end: periods
      .map((p) => p.end)
      .sort()
      .at(-1)!,
  }
}
export const monthEnd = (y: number, m: number) => iso(y, m, lastDay(y, m))

export type Made = Omit<PeriodSpan, 'type' | 'at' | 'end' | 'text'>

/** Months a..b (1..12) starting in year y, into the next year when the range wraps (November to February). */
export function monthRange(y: number, a: number, b: number): Made {
  const endYear = b < a ? y + 1 : y
  return { start: monthStart(y, a), last: monthEnd(endYear, b), granularity: 'month' }
}

export function seasonMonths(word: string, hemi: string | undefined): readonly number[] {
  const s = SEASONS.find((x) => x.names.includes(word.toLowerCase()))!
  const south = hemi !== undefined && HEMISPHERE_WORDS.south.some((h) => h.replace(/-/g, ' ') === hemi.toLowerCase().replace(/[\s-]+/g, ' '))
  return south ? s.south : s.north
}

/** A run of months (in order, possibly wrapping) starting in year y. */
export function spanOfMonths(y: number, months: readonly number[], granularity: SpanGranularity): Made {
  const a = months[0]
  const b = months[months.length - 1]
  const r = monthRange(y, a, b)
  return { ...r, granularity }
}

/** Several years of the same months: one range over the years, keeping only those months. */
export function recurring(y1: number, y2: number, months: readonly number[]): Made {
  const a = months[0]
  const b = months[months.length - 1]
  const wraps = b < a
  return { start: monthStart(y1, a), last: monthEnd(wraps ? y2 + 1 : y2, b), granularity: 'years', months: [...months] }
}

/** Words that make "between A and B" two things compared rather than the stretch from A to B. */
export const COMPARED = /\b(?:chang\w*|differ\w*|compar\w*|increas\w*|decreas\w*|ris(?:e|en)|drop\w*|fell|versus|vs\.?)\b/i

/** Words of a trend: a range of years under them is the stretch the trend runs over, even with a change word. */
export const TREND_WORDS = /\btrends?\b|\bslopes?\b|\bmann[\s-]kendall\b|\bsen'?s\b|\btime[\s-]series\b|\binter-?annual\b/i

/** Verbs of a change, as a pattern (stems with their endings: "increased", "rose", "fell", "shrank"). */
export const CHANGE_VERB = '(?:chang|increas|decreas|ris(?:e|en|es|ing)\\b|rose|drop|fell|fall|grew|grow|declin|shr[iau]nk)\\w*'
/** A change verb with "by" ("... increased by ___ %", "rose by 2 K"): the size of a change follows. */
export const CHANGED_BY = new RegExp(`\\b${CHANGE_VERB}\\s+by\\b`, 'i')

/** A change verb just before "from": "how much did it change from March 2019 to May 2019" compares the two. */
export const CHANGED_FROM =
  /\b(?:chang\w*|increas\w*|decreas\w*|ris(?:e|en)|rose|drop\w*|fell|fall|shift\w*|evolv\w*|differ\w*|grow\w*|grew|shr[iau]nk\w*)\s+(?:[\w-]+\s+){0,5}from\s*$/i

/** Months a short bracketed phrase names: "JJA", "jun-aug", "June to August", "Mar–May", "June, July and August". Null for anything else. */
export function monthsInBrackets(text: string): number[] | null {
  const t = text.trim().toLowerCase()
  const named = NAMED_SPANS.find((x) => x.names.includes(t))
  if (named) return [...named.months]
  // A list of months: "June, July, August", "June, July and August".
  const list = t.split(/\s*(?:,|&|\band\b)\s*/).filter((x) => x !== '')
  if (list.length > 1 && list.every((x) => new RegExp(`^${MONTH_RE}$`, 'i').test(x))) return list.map(monthOf)
  const m = new RegExp(`^${MONTH_RE}\\s*(?:-|–|—|to|through)\\s*${MONTH_RE}$`, 'i').exec(t)
  if (!m) return null
  const [a, b] = [monthOf(m[1]), monthOf(m[2])]
  if (!a || !b) return null
  const out = [a]
  while (out.at(-1) !== b && out.length < 12) out.push((out.at(-1)! % 12) + 1)
  return out
}
