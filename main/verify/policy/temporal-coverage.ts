/**
 * Temporal coverage of an execute result against the period the QUESTION asks for (read from the question
 * itself, independently of the planner's arguments): does the catalog filter span the period, are the dates found
 * spread over it, and how much of it falls in gaps. Gaps inherent to the data are stated as caveats when the
 * coverage is still adequate, and make the verifier ask for evidence when it is not.
 */
import { daysBetween, extractPeriods, spanOf, type Period } from '../question-reader/periods'
import { iso, lastDay } from '../../domain/spans/period-words'
import type { Strictness } from '../prior-lookup'
import { dagOf, datesIn, isRec, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

const CHECK = 'temporal_coverage'

/** The fraction of the period that must lie within the sampling cadence of some date. */
const MIN_COVERED: Record<Strictness, number> = { normal: 0.5, strict: 0.8 }

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)] : 0
}

/** Missing stretches of [start, end] given sorted sample dates and a cadence (days). */
export function gapsOf(start: string, end: string, dates: string[], cadence: number): { from: string; to: string; days: number }[] {
  const gaps: { from: string; to: string; days: number }[] = []
  const slack = Math.max(1, Math.round(cadence))
  const edges = [start, ...dates, end]
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]
    const b = edges[i + 1]
    const d = daysBetween(a, b)
    const limit = i === 0 || i + 1 === edges.length - 1 ? slack : 2 * slack
    if (d > limit) gaps.push({ from: a, to: b, days: d - slack })
  }
  return gaps
}

/** Key prefix of the route that recomputes with the catalog keeping the requested period (evidence-routes.ts). */
export const PERIOD_ROUTE = 'route:period'

type Span = { start: string; end: string }

/**
 * A period that keeps only some months ("2019 apart from the winter months", "summer 2019 without July") as its runs
 * of consecutive kept months, each clipped to the period: dates in the months set aside are outside it, and the
 * months left out are no gap.
 */
export function monthRuns(p: Period): Period[] {
  if (!p.months) return [p]
  const runs: Period[] = []
  let [y, m] = p.start.split('-').map(Number)
  for (let guard = 0; iso(y, m, 1) <= p.end && guard < 1200; guard++) {
    const first = iso(y, m, 1) < p.start ? p.start : iso(y, m, 1)
    const last = iso(y, m, lastDay(y, m)) > p.end ? p.end : iso(y, m, lastDay(y, m))
    const prev = runs.at(-1)
    if (p.months.includes(m)) {
      if (prev && daysBetween(prev.end, first) === 1) prev.end = last
      else runs.push({ ...p, start: first, end: last, months: undefined })
    }
    ;[y, m] = m === 12 ? [y + 1, 1] : [y, m + 1]
  }
  return runs.map(({ months: _m, ...r }) => r)
}

export function checkTemporalCoverage(question: string, action: unknown, validity: Rec, strictness: Strictness): Finding[] {
  const periods = extractPeriods(question).flatMap(monthRuns)
  const span = spanOf(periods)
  if (!span) return [pass(CHECK, 'the question names no period')]
  const findings = catalogCuts(action, periods, span)
  // The dates actually found, from the coverage evidence.
  const coverage = validity.temporal_coverage
  if (coverage === undefined)
    return [
      ...findings,
      { check: CHECK, severity: 'request', key: CHECK, message: 'the result carries no temporal coverage evidence for the requested period' },
    ]
  const dates = datesIn(isRec(coverage) || Array.isArray(coverage) ? coverage : {})
  const found = dates.filter((d) => d >= span.start && d <= span.end)
  if (found.length === 0) return [...findings, noDateInside(action, span)]
  const outside = outsideFinding(question, periods, dates)
  if (outside) findings.push(outside)
  if (outside?.severity === 'reject') return findings
  return [...findings, ...datesFound(periods, span, found, strictness)]
}

/** The catalog filters in the action must not cut off part of the requested period. */
function catalogCuts(action: unknown, periods: Period[], span: Span): Finding[] {
  const findings: Finding[] = []
  for (const node of dagOf(action).nodes.filter((n) => n.op === 'asset.catalog')) {
    const s = typeof node.params.start === 'string' ? node.params.start : null
    const e = typeof node.params.end === 'string' ? node.params.end : null
    const inside = periods.some((p) => (s === null || s <= p.start) && (e === null || e >= p.end))
    const overlaps = periods.some((p) => (s === null || s <= p.end) && (e === null || e >= p.start))
    if ((s || e) && overlaps && !inside) {
      findings.push({
        check: CHECK,
        severity: 'reject',
        route: `${PERIOD_ROUTE}@${node.id}=${span.start}..${span.end}`,
        message: `catalog '${node.id}' keeps only ${s ?? '…'} to ${e ?? '…'}, which cuts off part of the requested period ${span.start} to ${span.end}`,
      })
    }
  }
  return findings
}

function noDateInside(action: unknown, span: Span): Finding {
  const catalogs = dagOf(action).nodes.filter((n) => n.op === 'asset.catalog')
  return {
    check: CHECK,
    severity: 'reject',
    ...(catalogs.length ? { route: `${PERIOD_ROUTE}@${catalogs.map((n) => `${n.id}=${span.start}..${span.end}`).join(',')}` } : {}),
    message: `no input date falls inside the requested period ${span.start} to ${span.end}`,
  }
}

/**
 * Dates used outside every requested period (an unfiltered catalog, the months between "June and August") make the
 * value answer another question; a question that only places its date roughly ("about 2018-08-22") may be answered
 * from the nearest scene, stated as a caveat.
 */
function outsideFinding(question: string, periods: Period[], dates: string[]): Finding | null {
  const outside = dates.filter((d) => !periods.some((p) => p.start <= d && d <= p.end))
  if (outside.length === 0) return null
  const listed = `${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ', …' : ''}`
  const hedged = /\b(?:about|around|approximately|roughly|nearest|closest|near)\b/i.test(question)
  return {
    check: CHECK,
    severity: hedged ? 'caveat' : 'reject',
    message: hedged
      ? `the nearest available date(s) ${listed} stand in for the requested one(s)`
      : `the result uses ${outside.length} date(s) outside the requested periods (${listed})`,
  }
}

/**
 * The start or end of a period the files do not reach (a water year from October asked of files that begin in
 * January): more than two sampling intervals, and more than a tenth of the period, with no date. Unlike a gap inside
 * the period (cloudy weeks), such a value is of another period.
 */
function edgeGaps(periods: Period[], found: string[], cadence: number): string[] {
  const out: string[] = []
  for (const p of periods) {
    const inside = found.filter((d) => d >= p.start && d <= p.end)
    if (inside.length === 0) continue
    const limit = Math.max(2 * cadence, 0.1 * (daysBetween(p.start, p.end) + 1))
    const lead = daysBetween(p.start, inside[0])
    const trail = daysBetween(inside.at(-1)!, p.end)
    if (lead > limit) out.push(`the start of ${p.start} to ${p.end} (the first date is ${inside[0]}, ${lead} days in)`)
    if (trail > limit) out.push(`the end of ${p.start} to ${p.end} (the last date is ${inside.at(-1)}, ${trail} days before it ends)`)
  }
  return out
}

/** The dates found inside the period: every asked day present, every named period with data, gaps against cadence. */
function datesFound(periods: Period[], span: Span, found: string[], strictness: Strictness): Finding[] {
  if (periods.every((p) => p.granularity === 'day' && p.start === p.end)) {
    const missing = periods.filter((p) => !found.includes(p.start)).map((p) => p.start)
    if (missing.length > 0) return [{ check: CHECK, severity: 'request', key: CHECK, message: `no data for the requested date(s) ${missing.join(', ')}` }]
    return [pass(CHECK, `data present for ${periods.map((p) => p.start).join(', ')}`)]
  }
  // Several named periods ("June and August 2023", "Q1 vs. Q3"): each must have data of its own.
  const empty = periods.length >= 2 ? periods.filter((p) => !found.some((d) => p.start <= d && d <= p.end)) : []
  if (empty.length > 0)
    return [
      {
        check: CHECK,
        severity: 'request',
        key: CHECK,
        message: `no data for the requested period(s) ${empty.map((p) => `${p.start} to ${p.end}`).join(', ')}`,
      },
    ]
  const spacings = found.slice(1).map((d, i) => daysBetween(found[i], d))
  const cadence = spacings.length ? median(spacings) : 16
  const edge = edgeGaps(periods, found, cadence)
  if (edge.length > 0)
    return [
      {
        check: CHECK,
        severity: 'request',
        key: CHECK,
        message: `the files do not reach ${edge.join(' or ')}: a value from the dates they hold would be of a shorter period than the one asked`,
      },
    ]
  let missingDays = 0
  const gapTexts: string[] = []
  for (const p of periods) {
    for (const g of gapsOf(
      p.start,
      p.end,
      found.filter((d) => d >= p.start && d <= p.end),
      cadence,
    )) {
      missingDays += g.days
      gapTexts.push(`${g.from} to ${g.to}`)
    }
  }
  const totalDays = periods.reduce((n, p) => n + daysBetween(p.start, p.end) + 1, 0)
  const covered = Math.max(0, 1 - missingDays / totalDays)
  const summary = `${found.length} dates from ${found[0]} to ${found.at(-1)} cover ${(covered * 100).toFixed(0)}% of ${span.start} to ${span.end}`
  if (gapTexts.length === 0) return [pass(CHECK, `${summary}, no gaps beyond the ${cadence}-day cadence`)]
  if (covered >= MIN_COVERED[strictness])
    return [{ check: CHECK, severity: 'caveat', message: `dates missing from the requested period: ${gapTexts.join('; ')} (${summary})` }]
  return [{ check: CHECK, severity: 'request', key: CHECK, message: `${summary}; missing ${gapTexts.join('; ')}: data for these dates is needed` }]
}
