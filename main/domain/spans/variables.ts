/** Variable words from the lexicon: the alternation of every name, and lookups by position. */
import { VARIABLES, type LexVariable } from '../lexicon/variables'
import { alternation } from './words'

const NAMES = VARIABLES.flatMap((v) => v.names.map((name) => ({ name: name.toLowerCase(), v })))
/** Every variable name, longest first, as one alternation (no capture groups). */
export const VARIABLE_ALT = alternation(NAMES.map((n) => n.name))
/** A name after "sun"/"solar" is the sun's ("sun elevation", "solar altitude"), no variable of the files. */
export const NOT_OF_THE_SUN = '(?<!\\b(?:sun|solar)[\\s-]+)'
export const VARIABLE_RE = new RegExp(`${NOT_OF_THE_SUN}(?:${VARIABLE_ALT})`, 'gi')

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

/**
 * The variable named last before a position (within 60 characters), or null. Reflectance that qualifies the
 * variable before it ("NDVI (from TOA reflectance) is above 0.3") says how that variable is computed: the
 * condition is on the variable, not on a reflectance.
 */
export function variableBefore(q: string, at: number): string | null {
  // A bracket between says how the variable is made ("NDVI from TOA reflectance (bands 5 and 4, constants from the
  // MTL) is less than 0.1"): its words are not counted in the 60 characters, nor read as variables.
  const raw = q.slice(Math.max(0, at - 160), at)
  const window = raw.replace(/\([^()]*\)/g, (m) => ' '.repeat(m.length))
  const near = (i: number) => window.slice(i).replace(/\s+/g, ' ').length <= 60 + 20
  const found = [...window.matchAll(VARIABLE_RE)].filter((m) => near(m.index ?? 0))
  for (let i = found.length - 1; i >= 0; i--) {
    const key = variableAt(found[i][0])
    const prev = found[i - 1]
    if (key === 'reflectance' && prev && variableAt(prev[0]) !== 'reflectance') {
      const between = window.slice((prev.index ?? 0) + prev[0].length, found[i].index ?? 0)
      if (COMPUTED_FROM.test(between)) continue
    }
    return key
  }
  return null
}
