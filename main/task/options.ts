/**
 * THE answer-option reader of the project: each option's text read for what it states, so a verified value can be
 * matched to the option it supports and an option's meaning can be checked.
 *
 * - numbers with their unit: "28.07%" is 28.07 percent, "300 K", "25.78 °C" (degC), "-0.50 K/year", "12.5 km²";
 *   thousands separators ("1,234 km²") are read as such;
 * - the sign from direction words: "decrease by 0.58", "cooler by 2 K", "decreasing at 0.037 per year" are negative;
 * - a significance outcome: "No significant trend" has no number, significance 'none';
 * - ranges: "between 0.2 and 0.3", "0.2-0.3", "0.2 to 0.3" (a value inside is at distance 0);
 * - combined options: "Annual Mean TVDI: 0.6897, Min: 0.0000" gives labelled fields, and the number after the label
 *   every option shares is the option's value;
 * - dates: "2019-07-12" is a date, not a number.
 */
import type { AnswerOption } from '../domain/options'
import type { OptionValue } from './spec'

/** An answer option as given: its letter and its text (the one type: main/domain/options.ts). */
export type { AnswerOption }

/** The option with its value and unit, for matching (the fields most callers need). */
export interface NumericOption extends AnswerOption {
  value: number | null
  unit: string | null
}

const NUM = '[+\\-−–]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?'
const UNIT =
  '(%|percent\\b|K\\s*(?:\\/|per)\\s*(?:year|yr|decade|month)\\b|°C\\s*(?:\\/|per)\\s*(?:year|yr|decade)\\b|\\/\\s*(?:year|yr)\\b|per\\s+(?:year|yr)\\b|°C|℃|degC|degrees?\\s+C(?:elsius)?\\b|kelvin\\b|K\\b|g\\/cm²|g\\/cm2|days?\\b|dates?\\b|pixels?\\b|km²|km2|sq\\.?\\s*km\\b|m²|m2|ha\\b|hectares?\\b|mm\\b)?'
const NUMBER_UNIT = new RegExp(`(${NUM})\\s*${UNIT}`, 'i')
/** "between 0.2 and 0.3 K", "0.2-0.3", "10 % to 20 %": low, its unit, high, the unit after it. */
const RANGES = [
  new RegExp(`between\\s+(${NUM})\\s*(%|K\\b|°C)?\\s*and\\s*(${NUM})\\s*${UNIT}`, 'i'),
  new RegExp(`(${NUM})\\s*(%|K\\b|°C)?\\s*(?:to|-|–)\\s*(\\d+(?:\\.\\d+)?)\\s*${UNIT}`, 'i'),
]
const DATE = /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/

const DOWN = /\b(?:decreas\w*|declin\w*|drop\w*|fall\w*|fell|lower\w*|cool\w*|colder|reduc\w*|loss|lost|down\w*|negative|shrink\w*|less)\b/i
const UP = /\b(?:increas\w*|ris(?:e|es|ing)|rose|grow\w*|gain\w*|higher|warm\w*|hotter|up\w*|positive|more)\b/i
const NO_TREND =
  /\bno\s+(?:statistically\s+)?significant\b|\bnot\s+(?:statistically\s+)?significant\b|\bno\s+(?:clear\s+|obvious\s+)?(?:trend|change)\b|\binsignificant\b|\bstable\b|\bunchanged\b/i
const SIGNIFICANT = /\b(?:statistically\s+)?significant(?:ly)?\b/i

function toNumber(s: string): number {
  return Number(s.replace(/[−–]/, '-').replace(/,(?=\d{3}\b)/g, ''))
}

function unitOf(raw: string | undefined): string | null {
  if (!raw) return null
  const u = raw.toLowerCase().replace(/\s+/g, ' ')
  if (u === '%' || u === 'percent') return 'percent'
  if (/^k ?(?:\/|per) ?(?:year|yr)$/.test(u) || /^(?:\/|per) ?(?:year|yr)$/.test(u)) return u.startsWith('k') ? 'K/year' : '/year'
  if (/^k ?(?:\/|per) ?decade$/.test(u)) return 'K/decade'
  if (/^k ?(?:\/|per) ?month$/.test(u)) return 'K/month'
  if (/^°c ?(?:\/|per)/.test(u)) return 'degC/year'
  if (u === '°c' || u === '℃' || u === 'degc' || /^degrees? c/.test(u)) return 'degC'
  if (u === 'k' || u === 'kelvin') return 'K'
  if (u.startsWith('g/cm')) return 'g/cm2'
  if (/^days?$/.test(u)) return 'days'
  if (/^dates?$/.test(u)) return 'dates'
  if (/^pixels?$/.test(u)) return 'pixels'
  if (u === 'km²' || u === 'km2' || /^sq\.? ?km$/.test(u)) return 'km2'
  if (u === 'm²' || u === 'm2') return 'm2'
  if (u === 'ha' || u.startsWith('hectare')) return 'ha'
  return u
}

/** The label before the first number of the first option, when every option shares it ("Annual Mean TVDI"). */
export function sharedKey(options: readonly AnswerOption[]): string | undefined {
  const keys = options.map((o) => o.text.match(/^([A-Za-z][A-Za-z ()]*?)\s*[:=]\s*[+\-−]?\d/)?.[1]?.trim())
  const first = keys[0]
  return first && keys.every((k) => k === first) ? first : undefined
}

/** Labelled numbers of a combined option ("Mean: 0.69, Min: 0.00" -> {mean: 0.69, min: 0}). */
function fieldsOf(text: string): Record<string, number> {
  const fields: Record<string, number> = {}
  for (const m of text.matchAll(new RegExp(`([A-Za-z][A-Za-z ()]*?)\\s*[:=]\\s*(${NUM})`, 'g'))) fields[m[1].trim().toLowerCase()] = toNumber(m[2])
  return fields
}

/** Read one option; `key` is the label all options share, whose number is the option's value. */
export function readOption(option: AnswerOption, key?: string): OptionValue {
  const text = option.text
  const fields = fieldsOf(text)
  let rest = text
  if (key) {
    const at = text.toLowerCase().indexOf(key.toLowerCase())
    if (at >= 0) rest = text.slice(at + key.length)
  }
  const base = { letter: option.letter, text, fields }
  const noTrend = NO_TREND.test(text)
  const significance = noTrend ? ('none' as const) : SIGNIFICANT.test(text) ? ('significant' as const) : null
  const words = rest.replace(new RegExp(NUM, 'g'), ' ')
  const down = DOWN.test(words)
  const up = UP.test(words)
  const direction = noTrend ? ('none' as const) : down && !up ? ('down' as const) : up && !down ? ('up' as const) : null
  const date = rest.match(DATE)
  if (date) return { ...base, value: null, range: null, unit: 'date', significance, direction }
  for (const re of RANGES) {
    const range = rest.match(re)
    if (!range) continue
    const lo = toNumber(range[1])
    const hi = toNumber(range[3])
    if (lo < hi) return { ...base, value: null, range: [lo, hi], unit: unitOf(range[4]) ?? unitOf(range[2]), significance, direction }
  }
  const m = rest.match(NUMBER_UNIT)
  if (!m) return { ...base, value: null, range: null, unit: null, significance, direction }
  let value = toNumber(m[1])
  // The sign a direction word gives: "decrease by 0.58" is -0.58 (a written minus sign is kept as it is).
  if (direction === 'down' && value > 0 && !/^[+]/.test(m[1])) value = -value
  return { ...base, value, range: null, unit: unitOf(m[2]), significance, direction }
}

/**
 * The number an option writes with a % sign, wherever it stands ("10,392.58 and 179.96%" -> 179.96), else null:
 * for options that state an absolute change and a percentage side by side.
 */
export function percentIn(text: string): number | null {
  const m = text.match(new RegExp(`(${NUM})\\s*%`))
  return m ? toNumber(m[1]) : null
}

/** Every option read, with the shared label applied. */
export function readOptions(options: readonly AnswerOption[]): OptionValue[] {
  const key = sharedKey(options)
  return options.map((o) => readOption(o, key))
}

/** The options with their value and unit (a range's midpoint is not a value: it stays null here). */
export function numericOptions(options: readonly AnswerOption[]): (NumericOption & OptionValue)[] {
  return readOptions(options).map((o) => ({ ...o }))
}

/** True when at least all but one option carry a number or a range (the odd one is often "no significant trend"). */
export function optionsAreNumeric(options: readonly AnswerOption[]): boolean {
  const n = readOptions(options).filter((o) => o.value !== null || o.range !== null).length
  return options.length >= 2 && n >= options.length - 1
}

/** A value in the unit of an option: fractions to percent and back, kelvin to degrees Celsius and back. */
export function inOptionUnit(value: number, valueUnit: string | null, optionUnit: string | null): number {
  if (optionUnit === 'percent' && valueUnit === 'fraction') return value * 100
  if (optionUnit !== 'percent' && valueUnit === 'percent') return value / 100
  if (optionUnit === 'degC' && valueUnit === 'K') return value - 273.15
  if (optionUnit === 'K' && valueUnit === 'degC') return value + 273.15
  return value
}

/**
 * The option nearest to a value, compared in the option's unit (a fraction 0.28 matches "28.07%"); a value inside
 * a range option is at distance 0. Ties go to the earlier option; the runner-up distance says how clear it was.
 */
export function nearestOption(
  options: readonly AnswerOption[],
  value: number,
  valueUnit: 'fraction' | 'percent' | string | null = null,
): { option: NumericOption & OptionValue; distance: number; runnerUp: number | null } | null {
  const candidates = numericOptions(options).filter((o) => o.value !== null || o.range !== null)
  if (candidates.length === 0) return null
  const scored = candidates
    .map((o) => {
      const v = inOptionUnit(value, valueUnit, o.unit)
      const distance = o.range ? (v < o.range[0] ? o.range[0] - v : v > o.range[1] ? v - o.range[1] : 0) : Math.abs((o.value as number) - v)
      return { option: o, distance }
    })
    .sort((a, b) => a.distance - b.distance)
  return { option: scored[0].option, distance: scored[0].distance, runnerUp: scored[1]?.distance ?? null }
}
