/**
 * The one owner of how an answer writes a value and its unit (the rules backbone's answer templates and the
 * compiler's plain-words descriptions both write through it).
 */
import { UNIT_WRITTEN } from '../../domain/lexicon/units'
import { nounFor } from '../../domain/count-noun'

/** Relative rounding an answer may carry: seven significant digits bound it at 5e-7. */
const MAX_ROUNDING = 5e-7
/** Below this a value is floating-point residue (a difference of two equal means), written as 0. */
const RESIDUE = 1e-12

/**
 * A value as the answer prints it: the house decimals (two from 100 up, three from 1, four below 1), with more
 * decimals, up to seven significant digits, where the house decimals would round it by more than 5e-7 of its size
 * (116.10198 is "116.102", never "116.10"). A value so small that four decimals would show no significant digit
 * (a slope of 3e-5 per day) keeps seven significant digits; floating-point residue and -0 are "0".
 */
export function fmt(v: number): string {
  const a = Math.abs(v)
  if (!Number.isFinite(v)) return String(v)
  if (a < RESIDUE) return '0'
  if (a < 0.001) return Number(v.toPrecision(7)).toString()
  const house = a >= 100 ? 2 : a >= 1 ? 3 : 4
  const intDigits = Math.floor(Math.log10(a)) + 1
  const most = Math.max(house, 7 - intDigits)
  for (let d = house; d < most; d++) {
    const s = v.toFixed(d)
    if (Math.abs(Number(s) - v) <= MAX_ROUNDING * a) return s
  }
  return v.toFixed(most)
}

/** A unit as the answer writes it after a value: " DN", " K", " °C", " km²", "%", or nothing when dimensionless. */
export function unitWord(u: string | null | undefined): string {
  if (!u) return ''
  const w = UNIT_WRITTEN[u] ?? u
  return w === '' ? '' : w === '%' ? '%' : ` ${w}`
}

/**
 * A value with its unit, as the answer states it: counts as whole numbers of what they count ("12 pixels", "3 ships",
 * "5 dates"; domain/count-noun.ts says what), a bare whole number when nothing says; days as words ("1 day").
 */
export function valueText(value: number, unit: string | null | undefined, counted: string | null = null): string {
  if (unit === 'count') return counted ? `${Math.round(value)} ${nounFor(Math.round(value), counted)}` : `${Math.round(value)}`
  if (unit === 'days') return `${value} ${value === 1 ? 'day' : 'days'}`
  return `${fmt(value)}${unitWord(unit)}`
}
