/**
 * Conditions on pixel values read from a question: comparisons ("TVDI > 0.75", "above 315 K", "at least 0.3"),
 * ranges ("NDVI between 0.2 and 0.5", "NDVI from 0.2 to 0.5", "0.2 < NDVI < 0.5", "NDVI in [0.2, 0.5]") and the
 * condition on a date's share of the area ("more than 40% of the area"). Each keeps the words it was read from and
 * where they are, so the task reader knows which phrases it used.
 */
import type { Condition } from './spec'
import { VARIABLES } from './vocabulary'

export interface Found<T> {
  value: T
  at: number
  end: number
}

const NUM = '([+\\-−]?\\d+(?:\\.\\d+)?)'
const UNIT = '\\s*(k\\b|kelvin\\b|°c|℃|degrees?\\s+c(?:elsius)?\\b|celsius\\b|%|percent\\b|g\\/cm2|g\\/cm²)?'
type Op = '>' | '>=' | '<' | '<='

const OPS: [RegExp, Op][] = [
  [/^(?:>=|≥|at least|no less than|not less than|greater than or equal to|equal to or (?:greater|higher) than)$/i, '>='],
  [/^(?:<=|≤|at most|no more than|not more than|less than or equal to|equal to or (?:less|lower) than|up to)$/i, '<='],
  [/^(?:>|exceed\w*|surpass\w*|above|greater than|higher than|over|more than|larger than|hotter than|warmer than)$/i, '>'],
  [/^(?:<|below|less than|lower than|under|fell below|smaller than|cooler than|colder than)$/i, '<'],
]
const COMPARATOR =
  '(>=|≥|<=|≤|>|<|at least|no less than|not less than|greater than or equal to|equal to or (?:greater|higher) than|at most|no more than|not more than|less than or equal to|equal to or (?:less|lower) than|up to|exceed\\w*|surpass\\w*|above|greater than|higher than|over|more than|larger than|hotter than|warmer than|below|less than|lower than|under|fell below|smaller than|cooler than|colder than)'

function unitOf(raw: string | undefined): string | null {
  if (!raw) return null
  const u = raw.toLowerCase()
  if (u === '%' || u === 'percent') return 'percent'
  if (u === 'k' || u === 'kelvin') return 'K'
  if (u.startsWith('g/cm')) return 'g/cm2'
  return 'degC'
}

const num = (s: string) => Number(s.replace('−', '-'))

/** The variable named last before a position (within 60 characters), or null. */
export function variableBefore(text: string, at: number): string | null {
  const window = text.slice(Math.max(0, at - 60), at)
  let best: { at: number; key: string } | null = null
  for (const v of VARIABLES) {
    for (const m of window.matchAll(new RegExp(v.words.source, 'gi'))) {
      if (!best || (m.index ?? 0) >= best.at) best = { at: m.index ?? 0, key: v.key }
    }
  }
  return best?.key ?? null
}

function variableAt(text: string): string | null {
  for (const v of VARIABLES) if (new RegExp(`^(?:${v.words.source})$`, 'i').test(text.trim())) return v.key
  return null
}

export interface ConditionsRead {
  conditions: Found<Condition>[]
  areaCondition: Found<{ op: Op; value: number }> | null
  /** Percentages relative to a statistic ("115% of the mean"): not supported, reported as not understood. */
  relative: Found<string>[]
}

/** Conditions of a question; `taken` spans (periods) are skipped. */
export function readConditions(q: string, taken: [number, number][]): ConditionsRead {
  const conditions: Found<Condition>[] = []
  const relative: Found<string>[] = []
  let areaCondition: ConditionsRead['areaCondition'] = null
  const free = (at: number, end: number) => !taken.some(([a, b]) => at < b && end > a) && !conditions.some((c) => at < c.end && end > c.at)

  // Ranges first: "NDVI between 0.2 and 0.5", "NDVI from 0.2 to 0.5", "NDVI values in the range 0.2-0.5"
  const varNames = VARIABLES.map((v) => v.words.source).join('|')
  const rangeRes = [
    new RegExp(`(${varNames})(?:\\s+values?)?\\s+(?:is\\s+|are\\s+|lies\\s+|lie\\s+)?(not\\s+|outside\\s+)?(?:between|from|in\\s+the\\s+range(?:\\s+of)?|within(?:\\s+the\\s+range)?(?:\\s+of)?)\\s+\\[?${NUM}${UNIT}\\s*(?:and|to|-|–|,)\\s*${NUM}${UNIT}\\]?`, 'gi'),
    new RegExp(`${NUM}${UNIT}\\s*(<=?|≤)\\s*(${varNames})\\s*(<=?|≤)\\s*${NUM}${UNIT}`, 'gi'),
  ]
  for (const m of q.matchAll(rangeRes[0])) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const groups = m.slice(1)
    // The variable's own regex may hold groups: read the tail from the end.
    const [neg, lo, u1, hi, u2] = groups.slice(-5)
    const variable = variableAt(m[0].slice(0, m[0].search(/\s+(?:values?\s+)?(?:is\s+|are\s+|lies?\s+)?(?:not\s+|outside\s+)?(?:between|from|in\s+the\s+range|within)\b/i)))
    const low = num(lo)
    const high = num(hi)
    if (!(low <= high)) continue
    conditions.push({ at, end, value: { variable, op: neg ? 'outside' : 'between', low, high, unit: unitOf(u2) ?? unitOf(u1), text: m[0] } })
  }
  for (const m of q.matchAll(rangeRes[1])) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const groups = m.slice(1)
    const lo = groups[0]
    const hi = groups.at(-2)!
    const variable = variableAt(groups[3])
    conditions.push({ at, end, value: { variable, op: 'between', low: num(lo), high: num(hi), unit: unitOf(groups[1]) ?? unitOf(groups.at(-1)), text: m[0] } })
  }

  const re = new RegExp(`${COMPARATOR}\\s*(?:the\\s+)?(?:(?:critical\\s+)?(?:threshold|value|level)\\s+(?:of\\s+)?)?${NUM}${UNIT}`, 'gi')
  for (const m of q.matchAll(re)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    if (!free(at, end)) continue
    const op = OPS.find(([r]) => r.test(m[1].trim().replace(/\s+/g, ' ')))?.[1]
    if (!op) continue
    const value = num(m[2])
    const unit = unitOf(m[3])
    const after = q.slice(end, end + 40)
    const before = q.slice(0, at)
    if (unit === 'percent' && /^\s*(?:of\s+(?:the\s+)?(?:\w+\s+){0,2}(?:area|pixels|region|zone|land|surface|image|scene))/i.test(after)) {
      const tail = after.match(/^\s*of\s+(?:the\s+)?(?:\w+\s+){0,2}(?:area|pixels|region|zone|land|surface|image|scene)/i)![0]
      areaCondition = { at, end: end + tail.length, value: { op, value: value / 100 } }
      continue
    }
    if (unit === 'percent' && /^\s*(?:of\s+(?:the\s+)?|above\s+(?:the\s+)?|below\s+(?:the\s+)?)(?:\w+\s+){0,2}(?:mean|average|median|baseline|normal)\b/i.test(after)) {
      relative.push({ at, end, value: m[0] + after.match(/^\s*\S+\s+(?:\S+\s+){0,3}/)![0] })
      continue
    }
    if (unit === 'percent' && conditions.some((c) => c.value.unit !== 'percent') && /\b(?:proportion|percentage|share|fraction|ratio)\b/i.test(before.slice(-120))) {
      areaCondition = { at, end, value: { op, value: value / 100 } }
      continue
    }
    if (/^(?:19|20)\d{2}$/.test(m[2]) && unit === null) continue
    if (/^\s*(?:days?|times|nights|dates|images|years?|consecutive)\b/i.test(after)) continue
    const variable = variableBefore(q, at)
    conditions.push({ at, end, value: { variable, op, value, unit, text: m[0] } })
  }
  conditions.sort((a, b) => a.at - b.at)
  return { conditions, areaCondition, relative }
}
