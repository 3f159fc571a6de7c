/**
 * Refiners over the span parser's spans (run after the parsers, before the interpreters read them):
 * - a threshold in a temperature unit, in a question that names no variable at all ("how many pixels are hotter
 *   than 35 °C", "the scene mean exceeds 305 K"), tests the variable the lexicon names by the bare word
 *   "temperature" (the surface temperature): the unit says which quantity is compared;
 * - "does A exceed that of B" between two periods is their difference A - B, read only when A is the later period
 *   (the spec's difference is the later minus the earlier); the other order stays unread and blocks.
 * Words from the lexicon.
 */
import { UNITS } from '../lexicon/units'
import { VARIABLES } from '../lexicon/variables'
import type { PeriodSpan, Span } from './types'

const TEMPERATURE_UNITS = new Set(UNITS.filter((u) => u.quantity === 'temperature').map((u) => u.key))
const TEMPERATURE = VARIABLES.find((v) => v.names.includes('temperature'))
const EXCEED_THAT_OF = /\b(?:exceeds?|exceeded|surpass(?:es|ed)?|(?:is|was|are|were)\s+(?:higher|greater|larger|warmer|hotter)\s+than)\s+that\s+of\b/gi

export function refineSpans(q: string, spans: Span[]): void {
  if (TEMPERATURE && !spans.some((s) => s.type === 'variable' || s.type === 'band')) {
    for (const s of spans) if (s.type === 'condition' && s.variable === null && TEMPERATURE_UNITS.has(s.unit ?? '')) s.variable = TEMPERATURE.key
  }
  const periods = spans.filter((s): s is PeriodSpan => s.type === 'period')
  for (const m of q.matchAll(EXCEED_THAT_OF)) {
    const at = m.index ?? 0
    const end = at + m[0].length
    const before = periods.filter((p) => p.end <= at).at(-1)
    const after = periods.find((p) => p.at >= end)
    if (!before || !after || !(before.start > after.last)) continue
    if (spans.some((s) => s.type === 'combine')) continue
    spans.push({ type: 'combine', at, end, text: m[0], key: 'difference' })
  }
}
