/** Variable words from the lexicon: the alternation of every name, and lookups by position. */
import { VARIABLES, type LexVariable } from '../lexicon/variables'
import { alternation } from './words'

const NAMES = VARIABLES.flatMap((v) => v.names.map((name) => ({ name: name.toLowerCase(), v })))
/** Every variable name, longest first, as one alternation (no capture groups). */
export const VARIABLE_ALT = alternation(NAMES.map((n) => n.name))
export const VARIABLE_RE = new RegExp(`(?:${VARIABLE_ALT})`, 'gi')

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

/** The variable named last before a position (within 60 characters), or null. */
export function variableBefore(q: string, at: number): string | null {
  const window = q.slice(Math.max(0, at - 60), at)
  const last = [...window.matchAll(VARIABLE_RE)].at(-1)
  return last ? variableAt(last[0]) : null
}
