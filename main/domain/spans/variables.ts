/** Variable words from the lexicon: the alternation of every name, and lookups by position. */
import { SPELLED_NUMBERS } from '../lexicon/comparators'
import { BAND_ROLES } from '../lexicon/indices'
import { UNITS } from '../lexicon/units'
import { VARIABLES, type LexVariable } from '../lexicon/variables'
import { alternation } from './words'

const NAMES = VARIABLES.flatMap((v) => v.names.map((name) => ({ name: name.toLowerCase(), v })))
/** Every variable name, longest first, as one alternation (no capture groups). */
export const VARIABLE_ALT = alternation(NAMES.map((n) => n.name))
/** A name after "sun"/"solar" is the sun's ("sun elevation", "solar altitude"), no variable of the files. */
export const NOT_OF_THE_SUN = '(?<!\\b(?:sun|solar)[\\s-]+)'
export const VARIABLE_RE = new RegExp(`${NOT_OF_THE_SUN}(?:${VARIABLE_ALT})`, 'gi')
/**
 * A share asked with the sign alone before a variable and its comparison ("% of valid LST > 310 K", "% of NDVI above
 * 0.3"): the share of the (valid) pixels where the comparison holds. A pattern source, for every reader's share words.
 */
export const SHARE_OF_COMPARED_VARIABLE = `(?<![\\d.]\\s*)%\\s+of\\s+(?=(?:the\\s+)?(?:valid\\s+)?(?:${VARIABLE_ALT})\\s*(?:[<>≥≤]|(?:above|below|over|under|exceeds?|exceeding)\\b))`

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim()

/** The variable a name is, or null. */
export function variableNamed(text: string): LexVariable | null {
  const w = norm(text)
  return NAMES.find((n) => norm(n.name) === w)?.v ?? null
}

export function variableAt(text: string): string | null {
  return variableNamed(text)?.key ?? null
}

/**
 * Words joining a variable to the reflectance it is computed from: "NDVI (from TOA reflectance)", "NDVI computed
 * on top-of-atmosphere reflectance", "EVI, using surface reflectance".
 */
const COMPUTED_FROM = /^\s*[(,]?\s*(?:(?:computed|calculated|derived|made|obtained|evaluated)\s+)?(?:from|using|on|with|based\s+on|out\s+of)\s+(?:the\s+)?$/i

/** A variable the question itself defines, where it is named: a written band formula or its name ("SR = N/R"). */
export interface DefinedMention {
  at: number
  end: number
  key: string
}

/**
 * Reflectance said of a written formula's bands ("toa reflectance", "top of atmosphere reflectance"), not of one band
 * ("band 4 TOA reflectance", "TOA reflectance of band 4"): the calibration of the formula's inputs, no variable.
 */
const CALIBRATION_NAME = /^(?:toa|top[\s-]+of[\s-]+atmosphere|surface)[\s-]+reflectance$/i
/** A band named by its number or its role's name ("B4", "band 5", "red", "NIR"), as one group. */
export const BAND_NAME = `(?:b\\d{1,2}|band\\s*\\d{1,2}|${alternation(BAND_ROLES.flatMap((r) => r.names).filter((n) => n.length > 2))})`
const BAND_BEFORE = new RegExp(`\\b${BAND_NAME}(?:\\s+band)?\\s*$`, 'i')
const BAND_ANY = new RegExp(`\\b(?:bands?\\s*(?:\\d{1,2}|one|${alternation(SPELLED_NUMBERS)})|${BAND_NAME})\\b`, 'i')
const BAND_ASSIGNMENT = /\b[a-z]{1,3}\d?\s*[=:]\s*(?:band\s*|b)\d{1,2}\b/gi
const BAND_AFTER = new RegExp(`^\\s*(?:of\\s+(?:the\\s+)?)?${BAND_NAME}\\b`, 'i')

/**
 * The variable named last before a position (within 60 characters), or null. Reflectance that qualifies the
 * variable before it ("NDVI (from TOA reflectance) is above 0.3") says how that variable is computed: the
 * condition is on the variable, not on a reflectance. Where the question writes a band formula (`defined`: the
 * formula and each mention of the name it defines), the formula is a variable named there, and a calibration of
 * reflectance said of no one band is its inputs' ("BLFEI = ..., toa reflectance, what % of pixels is above -0.1").
 */
export function variableBefore(
  q: string,
  at: number,
  defined: readonly DefinedMention[] = [],
  quiet: readonly { at: number; end: number }[] = [],
): string | null {
  // A bracket between says how the variable is made ("NDVI from TOA reflectance (bands 5 and 4, constants from the
  // MTL) is less than 0.1"): its words are not counted in the 60 characters, nor read as variables; nor are the words
  // of a `quiet` range (the bands' zero DN set aside: "the pixels with data in bands 5, 6 and 7").
  const start = Math.max(0, at - 160)
  let raw = q.slice(start, at)
  for (const r of quiet)
    if (r.end > start && r.at < at)
      raw = raw.slice(0, Math.max(0, r.at - start)) + ' '.repeat(Math.min(at, r.end) - Math.max(start, r.at)) + raw.slice(Math.min(at, r.end) - start)
  const window = raw.replace(/\([^()]*\)/g, (m) => ' '.repeat(m.length))
  const near = (i: number) => window.slice(i).replace(/\s+/g, ' ').length <= 60 + 20
  const ownMentions = defined
    .filter((d) => d.end <= at && d.at >= start && window.slice(d.at - start, d.end - start).trim() !== '')
    .map((d) => ({ at: d.at - start, end: d.end - start, key: d.key as string | null, text: '' }))
    // A formula is long: it is near when its end is. A band named after it ("... are above zero" after "bands 5, 7
    // and 10") is nearer than the formula; the bands the formula's letters stand for ("G=b3 R=b4") are the formula's.
    .filter((d) => near(d.end) && !BAND_ANY.test(window.slice(d.end).replace(BAND_ASSIGNMENT, ' ')))
  const lexicon = [...window.matchAll(VARIABLE_RE)]
    .map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, key: variableAt(m[0]), text: m[0] }))
    .filter((m) => near(m.at) && !ownMentions.some((d) => m.at < d.end && m.end > d.at))
  const found = [...lexicon, ...ownMentions].sort((a, b) => a.at - b.at)
  for (let i = found.length - 1; i >= 0; i--) {
    const { key, text } = found[i]
    const prev = found[i - 1]
    if (key === 'reflectance' && prev && prev.key !== 'reflectance') {
      const between = window.slice(prev.end, found[i].at)
      if (COMPUTED_FROM.test(between)) continue
    }
    if (
      key === 'reflectance' &&
      defined.some((d) => d.end <= at) &&
      CALIBRATION_NAME.test(text.trim()) &&
      !BAND_BEFORE.test(window.slice(0, found[i].at)) &&
      !BAND_AFTER.test(window.slice(found[i].end))
    )
      continue
    return key
  }
  return null
}

/** What the condition parser binds a threshold with no variable of its own to, beside the lexicon's words. */
export interface Nearby {
  /** The variables the question's written formulas define, where named (spans/formulas.ts definedMentions). */
  defined: readonly DefinedMention[]
  /** Ranges whose words name no variable of a threshold (the bands' zero DN set aside). */
  quiet: readonly { at: number; end: number }[]
}

/** Temperature units, and the unitless indices and products a temperature threshold cannot be of. */
const TEMPERATURE_UNIT_KEYS = new Set(UNITS.filter((u) => u.quantity === 'temperature').map((u) => u.key))
const UNITLESS = new Set(VARIABLES.filter((v) => (v.kind === 'index' || v.kind === 'product') && v.unit === undefined).map((v) => v.key))
/** The variable the lexicon's word "temperature" names. */
const TEMPERATURE_VARIABLE = VARIABLES.find((v) => v.names.includes('temperature'))!.key

/**
 * The variable of a comparison that names none of its own: the one named just before it ("NDVI above 0.3"), except
 * that a temperature threshold after a unitless index or product ("mean TVDI over px hotter than 310 K") is of the
 * temperature, as "temperature above 310 K" is; so is one with no variable before it in a question that names only
 * unitless ones ("from the pixels hotter than 35 °C, which percent have TVDI above 0.9").
 */
export function thresholdVariable(q: string, at: number, unit: string | null, near: Nearby): { variable: string | null; byUnit?: true } {
  const v = variableBefore(q, at, near.defined, near.quiet)
  const temperature = unit !== null && TEMPERATURE_UNIT_KEYS.has(unit)
  if (temperature && v !== null && UNITLESS.has(v)) return { variable: TEMPERATURE_VARIABLE, byUnit: true }
  if (temperature && v === null) {
    const named = [...q.matchAll(VARIABLE_RE)].map((m) => variableAt(m[0])).filter((x): x is string => x !== null)
    if (named.length > 0 && named.every((x) => UNITLESS.has(x))) return { variable: TEMPERATURE_VARIABLE, byUnit: true }
  }
  return { variable: v }
}
