/**
 * Numbers read out of answer options, so a verified value can be matched to the option it supports.
 * "Annual Mean TVDI: 0.6897, Min: 0.0000" keyed by "Annual Mean TVDI" gives 0.6897; "28.07%" gives 28.07 percent;
 * "-0.50 K/year" gives -0.5; "No significant trend" gives no number.
 */
import type { AnswerOption } from '../task'

export interface NumericOption extends AnswerOption {
  value: number | null
  /** 'percent' when the number carries a %, else the unit word after it, if any. */
  unit: string | null
}

const NUMBER = /([+\-−–]?\d+(?:[.,]\d+)?)\s*(%|K\/year|°C|℃|degC|K|g\/cm²|g\/cm2|days?|km²|km2|m²|m2|ha)?/

export function optionNumber(text: string, key?: string): { value: number | null; unit: string | null } {
  let rest = text
  if (key) {
    const at = text.toLowerCase().indexOf(key.toLowerCase())
    if (at >= 0) rest = text.slice(at + key.length)
  }
  const m = rest.match(NUMBER)
  if (!m) return { value: null, unit: null }
  const value = Number(m[1].replace(/[−–]/, '-').replace(',', '.'))
  const unit = m[2] === '%' ? 'percent' : m[2] === '°C' || m[2] === '℃' || m[2] === 'degC' ? 'degC' : (m[2] ?? null)
  let signed = value
  if (/\bdecrease|decline|drop|lower|cooler\b/i.test(text.slice(0, m.index)) && value > 0) signed = -value
  return { value: signed, unit }
}

/** The label before the first number of the first option, when every option shares it ("Annual Mean TVDI"). */
export function sharedKey(options: AnswerOption[]): string | undefined {
  const keys = options.map((o) => o.text.match(/^([A-Za-z][A-Za-z ()]*?)\s*[:=]\s*[+\-−]?\d/)?.[1]?.trim())
  const first = keys[0]
  return first && keys.every((k) => k === first) ? first : undefined
}

export function numericOptions(options: AnswerOption[]): NumericOption[] {
  const key = sharedKey(options)
  return options.map((o) => ({ ...o, ...optionNumber(o.text, key) }))
}

/** True when at least all but one option carry a number (the odd one is often "no significant trend"). */
export function optionsAreNumeric(options: AnswerOption[]): boolean {
  const n = numericOptions(options).filter((o) => o.value !== null).length
  return options.length >= 2 && n >= options.length - 1
}

/**
 * The option nearest to a value, comparing in the option's unit (a fraction 0.28 matches "28.07%"). Ties go to the
 * earlier option; returns the distances too, so an answer can say how clear the choice was.
 */
export function nearestOption(
  options: AnswerOption[],
  value: number,
  valueUnit: 'fraction' | 'percent' | string | null = null,
): { option: NumericOption; distance: number; runnerUp: number | null } | null {
  const candidates = numericOptions(options).filter((o) => o.value !== null)
  if (candidates.length === 0) return null
  const scored = candidates
    .map((o) => {
      let v = value
      if (o.unit === 'percent' && valueUnit === 'fraction') v = value * 100
      if (o.unit !== 'percent' && valueUnit === 'percent') v = value / 100
      return { option: o, distance: Math.abs((o.value as number) - v) }
    })
    .sort((a, b) => a.distance - b.distance)
  return { option: scored[0].option, distance: scored[0].distance, runnerUp: scored[1]?.distance ?? null }
}
