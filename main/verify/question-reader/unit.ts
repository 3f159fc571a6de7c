/**
 * The unit a question wants its answer in ("in °C", "in degrees Celsius", "in kelvin", "as a percentage", "how
 * many pixels"), in the execute engine's unit names (main/engines/raster/units.ts) where one fits.
 */
import { all, first, parseQuestion } from '../../domain/spans'
import { readStatistics } from './statistic'

export interface AskedUnit {
  unit: 'degC' | 'K' | 'degF' | 'percent' | 'fraction' | 'count' | 'km2' | 'm2' | 'ha' | 'acre' | 'mi2' | 'ft2'
  words: string
}

const WORDS: [RegExp, AskedUnit['unit']][] = [
  [/\b(?:in|as|to)\s+(?:degrees?\s+)?(?:celsius|centigrade)\b|(?:in|as|to)\s+(?:°\s?c|℃|deg\s?c)(?![a-z])|\(\s*(?:°\s?c|℃)\s*\)/i, 'degC'],
  [/\b(?:in|as|to)\s+(?:kelvin|k)\b|\(\s*k\s*\)/i, 'K'],
  // (Not a number's own unit: "more than 90 percent of its pixels" states a threshold, not the answer's unit; nor one
  // ruled out: "as a fraction, not a percent".)
  [
    /\b(?<!\bnot\s+(?:(?:as|in)\s+)?(?:an?\s+)?)(?:as\s+a\s+|in\s+)?(?<![\d.]\s?)(?:percentage|percent)\b(?!\s+(?:change|increase|decrease|difference))|\(\s*(?:in\s+)?%\s*\)/i,
    'percent',
  ],
  [/\bas\s+a\s+(?:fraction|proportion|ratio)\b/i, 'fraction'],
]

const SPAN_UNITS = new Set<string>(['degC', 'K', 'degF', 'km2', 'm2', 'ha', 'acre', 'mi2', 'ft2'])

export function readUnit(question: string): AskedUnit | null {
  // Temperatures and areas the span parser placed ("in °F", "in hectares"); shares the verifier reads itself below.
  const spans = parseQuestion(question).spans
  const span = first(spans, 'unit')
  if (span && SPAN_UNITS.has(span.key)) return { unit: span.key as AskedUnit['unit'], words: span.text.trim() }
  // A unit in a sentence that does not ask, beside an ask that states its own ("Our partners think in Celsius."), is
  // context: the parser marks it, and the words here skip it.
  const context = all(spans, 'context_unit')
  for (const [re, unit] of WORDS) {
    const m = [...question.matchAll(new RegExp(re.source, 'gi'))].find((x) => !context.some((c) => (x.index ?? 0) >= c.at && (x.index ?? 0) < c.end))
    if (m) return { unit, words: m[0].trim() }
  }
  // "how many pixels": a count of pixels, whatever else the question says. (Dates are counted from per-date values.)
  if (readStatistics(question).asked.some((s) => s.kind === 'pixel_count')) return { unit: 'count', words: 'how many' }
  return null
}

/** A unit in words, for diagnoses. */
export function describeUnit(unit: string): string {
  switch (unit) {
    case 'degC':
      return 'degrees Celsius'
    case 'K':
      return 'kelvin'
    case 'degF':
      return 'degrees Fahrenheit'
    case 'acre':
      return 'acres'
    case 'mi2':
      return 'square miles'
    case 'ft2':
      return 'square feet'
    case 'percent':
      return 'percent'
    case 'fraction':
      return 'a fraction'
    case 'count':
      return 'a count'
    case 'dimensionless':
      return 'a dimensionless ratio'
    default:
      return unit
  }
}
