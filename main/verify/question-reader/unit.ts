/**
 * The unit a question wants its answer in ("in °C", "in degrees Celsius", "in kelvin", "as a percentage", "how
 * many pixels"), in the execute engine's unit names (main/engines/raster/units.ts) where one fits.
 */
import { readStatistics } from './statistic'

export interface AskedUnit {
  unit: 'degC' | 'K' | 'percent' | 'fraction' | 'count' | 'km2' | 'm2' | 'ha'
  words: string
}

const WORDS: [RegExp, AskedUnit['unit']][] = [
  [/\b(?:in|as|to)\s+(?:degrees?\s+)?(?:celsius|centigrade)\b|(?:in|as|to)\s+(?:°\s?c|℃|deg\s?c)(?![a-z])|\(\s*(?:°\s?c|℃)\s*\)/i, 'degC'],
  [/\b(?:in|as|to)\s+(?:kelvin|k)\b|\(\s*k\s*\)/i, 'K'],
  [/\b(?:as\s+a\s+|in\s+)?(?:percentage|percent)\b(?!\s+(?:change|increase|decrease|difference))|\(\s*%\s*\)/i, 'percent'],
  [/\bas\s+a\s+(?:fraction|proportion|ratio)\b/i, 'fraction'],
  [/\b(?:in\s+)?(?:km2|km²|square\s+kilomet(?:re|er)s?|sq\.?\s*km)\b/i, 'km2'],
  [/\b(?:in\s+)?(?:hectares?|\bha\b)/i, 'ha'],
  [/\b(?:in\s+)?(?:m2|m²|square\s+met(?:re|er)s?)\b/i, 'm2'],
]

export function readUnit(question: string): AskedUnit | null {
  for (const [re, unit] of WORDS) {
    const m = re.exec(question)
    if (m) return { unit, words: m[0].trim() }
  }
  // "how many pixels": a count of pixels, whatever else the question says. (Dates are counted from per-date values.)
  if (readStatistics(question).asked.some((s) => s.kind === 'pixel_count')) return { unit: 'count', words: 'how many' }
  return null
}

/** A unit in words, for diagnoses. */
export function describeUnit(unit: string): string {
  switch (unit) {
    case 'degC': return 'degrees Celsius'
    case 'K': return 'kelvin'
    case 'percent': return 'percent'
    case 'fraction': return 'a fraction'
    case 'count': return 'a count'
    case 'dimensionless': return 'a dimensionless ratio'
    default: return unit
  }
}
