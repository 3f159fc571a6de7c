/**
 * Dates set aside from the period named before them, a refiner of the period parser: months ("summer 2019 but not
 * the July dates", "2019 apart from the winter months (December, January, February)") leave the period's `months`
 * without them; one day ("summer 2019, excluding the 12 July scene", "June to August 2019 without the image of
 * 2019-07-12") splits the period into the stretches before and after it. Both readers take the periods as changed
 * here; the words that said so become one `excluded_dates` span.
 */
import { MONTHS, SEASONS } from '../lexicon/periods'
import { NEGATIONS } from '../lexicon/comparators'
import type { ExcludedDatesSpan, PeriodSpan } from './types'
import { monthOf, monthsSpanned } from './period-words'
import { alternation } from './words'

const MONTH_NAME_RE = `\\b(?:${alternation(MONTHS.flatMap((x) => x.names.filter((n) => !n.endsWith('.'))))})\\b`
const MONTH_LIST = `(?:${MONTH_NAME_RE})(?:\\s*(?:,|and|or|&|\\/)\\s*(?:${MONTH_NAME_RE}))*`
/** Months listed after a season's months named ("the winter months (December, January, February)", "the winter months december january and february"). */
const SEASON_MONTHS_LISTED = `(${alternation(SEASONS.flatMap((x) => x.names))})\\s+months\\s*(?:\\(\\s*(${MONTH_LIST})\\s*\\)|((?:${MONTH_NAME_RE})(?:\\s*(?:,|and|or|&|\\/)?\\s*(?:${MONTH_NAME_RE}))*))`
/**
 * "but not (taking) the July dates", "without July", "excluding the June and August acquisitions", "except those in
 * June", "except the two April ones", "apart from the winter months (December, January, February)" (no year after).
 */
const EXCLUDED_MONTHS_RE = new RegExp(
  `\\b(?:${alternation(NEGATIONS)})\\s+(?:(?:taking|counting|using|including|considering)\\s+)?(?:the\\s+)?(?:(?:two|three|four|both)\\s+)?(?:(?:dates?|those|ones|scenes?|acquisitions?|images?)\\s+(?:of|in|from)\\s+(?:the\\s+)?)?(?:(${MONTH_LIST})|${SEASON_MONTHS_LISTED})(?:\\s+(?:dates|acquisitions|scenes|images|data|ones|values|observations|overpasses))?(?:(?<=\\))|\\b)(?!\\s*,?\\s*(?:of\\s+)?(?:19|20)\\d{2})`,
  'gi',
)

/** The months a period spans (its own `months`, or every month from its start to its last day). */
function monthsOf(p: PeriodSpan): number[] {
  return p.months ? [...p.months] : monthsSpanned(p.start, p.last).slice(0, 12)
}

/**
 * Refiner: months set aside from the period named before them in the same sentence ("summer 2019 but not the July
 * dates", "June-August 2019 without July"): the period keeps only its other months; a period that is only that month
 * is dropped. Months no period before them holds are marked `unheld` (the reader refuses them, naming them).
 */
export function excludedMonths(q: string, periods: PeriodSpan[]): { periods: PeriodSpan[]; excluded: ExcludedDatesSpan[] } {
  let out = periods
  const excluded: ExcludedDatesSpan[] = []
  for (const m of q.matchAll(EXCLUDED_MONTHS_RE)) {
    const at = m.index ?? 0
    // Groups: a month list 1 | a season 2 with its months in brackets 3 or after it 4.
    const months = [...new Set([...(m[1] ?? m[3] ?? m[4]).matchAll(new RegExp(MONTH_NAME_RE, 'gi'))].map((x) => monthOf(x[0])).filter((x) => x > 0))]
    // A season's months listed must be that season's ("the winter months (June, July)" is no winter here).
    const season = m[2] === undefined ? undefined : SEASONS.find((x) => x.names.includes(m[2].toLowerCase()))
    if (season && ![season.north, season.south].some((x) => x.length === months.length && x.every((mo) => months.includes(mo)))) continue
    const sentenceStart = Math.max(q.lastIndexOf('.', at), q.lastIndexOf('?', at), q.lastIndexOf(';', at))
    const before = out.filter((p) => p.end <= at && p.at > sentenceStart)
    const holding = before.filter((p) => months.every((x) => monthsOf(p).includes(x)))
    if (months.length === 0) continue
    if (holding.length === 0) {
      // "summer 2019 without the October dates": said, but of months the period does not hold; the reader names it.
      excluded.push({ type: 'excluded_dates', at, end: at + m[0].length, text: m[0], months, unheld: true })
      continue
    }
    out = out.flatMap((p) => {
      if (!holding.includes(p)) return [p]
      const kept = monthsOf(p).filter((x) => !months.includes(x))
      return kept.length === 0 ? [] : [{ ...p, months: kept }]
    })
    excluded.push({ type: 'excluded_dates', at, end: at + m[0].length, text: m[0], months })
  }
  return { periods: out, excluded }
}

/** The negation before a day, with the noun of the scene or file between ("excluding the 12 July scene", "without the image of"). */
const DAY_SET_ASIDE_BEFORE = new RegExp(
  `\\b(?:${alternation(NEGATIONS)})\\s+(?:(?:the|that|this)\\s+)?(?:(?:scenes?|images?|acquisitions?|dates?|overpass(?:es)?|files?|data)\\s+(?:of|from|on|dated|taken\\s+on)\\s+(?:the\\s+)?)?$`,
  'i',
)
/** The noun after the day that says it is one scene ("the 12 July scene", "2019-07-12 acquisition"). */
const DAY_NOUN_AFTER = /^\s*(?:scenes?|images?|acquisitions?|dates?|overpass(?:es)?|files?|data)\b/i

/** The ISO day before or after `day`. */
function dayAfter(day: string, by: 1 | -1): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + by)
  return d.toISOString().slice(0, 10)
}

/**
 * Refiner: one day set aside from the period named before it in the same sentence ("summer 2019 (June-August) ...,
 * excluding the 12 July scene"): the period becomes the stretches before and after that day, and the day is no period
 * of its own. A day no period before it holds is marked `unheld` (the reader refuses it, naming it).
 */
export function excludedDays(q: string, periods: PeriodSpan[]): { periods: PeriodSpan[]; excluded: ExcludedDatesSpan[] } {
  let out = periods
  const excluded: ExcludedDatesSpan[] = []
  for (const p of periods) {
    if (p.granularity !== 'day' || p.start !== p.last) continue
    const from = Math.max(0, p.at - 60)
    const neg = DAY_SET_ASIDE_BEFORE.exec(q.slice(from, p.at))
    if (!neg) continue
    const at = from + neg.index
    const noun = DAY_NOUN_AFTER.exec(q.slice(p.end))
    const end = p.end + (noun ? noun[0].length : 0)
    const sentenceStart = Math.max(q.lastIndexOf('.', at), q.lastIndexOf('?', at), q.lastIndexOf(';', at))
    const holding = out.filter((o) => o !== p && o.end <= at && o.at > sentenceStart && o.start <= p.start && p.start <= o.last && o.start !== o.last)
    out = out.filter((o) => o !== p)
    if (holding.length === 0) {
      excluded.push({ type: 'excluded_dates', at, end, text: q.slice(at, end), days: [p.start], unheld: true })
      continue
    }
    out = out.flatMap((o) => {
      if (!holding.includes(o)) return [o]
      const before = o.start < p.start ? [{ ...o, last: dayAfter(p.start, -1) }] : []
      const after = p.start < o.last ? [{ ...o, start: dayAfter(p.start, 1) }] : []
      return [...before, ...after]
    })
    excluded.push({ type: 'excluded_dates', at, end, text: q.slice(at, end), days: [p.start] })
  }
  return { periods: out, excluded }
}
