/**
 * The unit of time a slope is asked per ("NDVI per week", "K/yr", "the slope per 16 days", "unit per week, not per
 * day"), read by the verifier on its own (the planner's reading is task/series.ts): the unit beside a slope word or
 * written after a value unit, a unit set aside by "not", "rather than" or "instead of" left out. Null where no slope
 * is asked, no unit is said, or two different units are (nothing to hold a DAG to).
 */

export interface AskedSlopeTime {
  /** The unit of time, and how many of it ("per 16 days": day, 16). */
  unit: 'day' | 'week' | 'month' | 'quarter' | 'year'
  every: number
  /** The question's words. */
  words: string
}

const SLOPE_ASKED = /\b(?:slopes?|trends?|rate\s+of\s+change|linear\s+fit|regression\s+line|least[\s-]squares\s+line)\b/i
/** "per week", "/yr", "per 16 days", "each quarter". */
const PER_TIME = /(?:\bper|\/|\beach|\ba)\s*(?:(\d{1,3})\s+)?(days?|weeks?|fortnights?|months?|quarters?|years?|yrs?|decades?)\b/gi
/** What may stand right before the unit of a slope: a slope word (and up to four words), or a unit of value. */
const SLOPE_BEFORE =
  /(?:\b(?:slopes?|trends?|rate|change)\b(?:\s+[\w°%-]+){0,4}\s*|(?:\b(?:k|kelvins?|celsius|degrees?(?:\s+[cf])?|units?|ndvi|evi|tvdi|lst|percent|pp|points?)|°\s?[cf]|%)\s*)$/i
const SET_ASIDE = /\b(?:not|rather\s+than|instead\s+of)\s*$/i
const UNIT: Readonly<Record<string, AskedSlopeTime['unit'] | 'decade' | 'fortnight'>> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
  yr: 'year',
  decade: 'decade',
  fortnight: 'fortnight',
}

export function readSlopeTime(question: string): AskedSlopeTime | null {
  if (!SLOPE_ASKED.test(question)) return null
  const found: AskedSlopeTime[] = []
  for (const m of question.matchAll(PER_TIME)) {
    const before = question.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0)
    if (SET_ASIDE.test(before) || !SLOPE_BEFORE.test(before)) continue
    const unit = UNIT[m[2].toLowerCase().replace(/s$/, '')]
    // "per decade" is ten years; "per fortnight" fourteen days.
    const every = (m[1] ? Number(m[1]) : 1) * (unit === 'decade' ? 10 : unit === 'fortnight' ? 14 : 1)
    found.push({ unit: unit === 'decade' ? 'year' : unit === 'fortnight' ? 'day' : unit, every, words: m[0].trim() })
  }
  if (found.length === 0 || found.some((f) => f.unit !== found[0].unit || f.every !== found[0].every)) return null
  return found[0]
}
