/**
 * Conditions that restrict which pixels a question is about ("pixels with NDVI between 0.2 and 0.5", "how many
 * pixels had TVDI above 0.9", "areas where LST exceeds 310 K", "excluding pixels with NDVI > 0.5"), the verifier's
 * reading of the span parser's condition spans. A comparison counts as a pixel condition only when its words restrict
 * pixels or areas: "was the mean LST above 300 K?" compares the result and "days with a mean LST above 300 K" selects
 * dates; neither masks pixels. A pixel phrase with no threshold it can read ("pixels with high NDVI") is reported as
 * unchecked.
 */
import { all, parseQuestion, type ConditionSpan } from '../../domain/spans'
import { canonicalVariable, VARIABLE_PATTERN } from './variables'

export type Comparator = '>' | '<' | 'between'

export interface AskedCondition {
  /** Canonical variable (see variables.ts). */
  variable: string
  op: Comparator
  /** For > and <: the threshold; for between: low and high. */
  value?: number
  low?: number
  high?: number
  /** Whether the bound itself is kept (">= 0.3", "at least"); unknown when the words do not say. */
  inclusive?: boolean
  /** The unit written after the number, if any (K, degC, degF, percent). */
  unit?: string
  /** True: the pixels NOT meeting the comparison ("excluding ...", "outside 0.2-0.5"). */
  negated?: boolean
  words: string
}

/** The verifier's reading of condition spans: only those whose words restrict pixels, in the verifier's comparators. */
export function conditionsFromSpans(spans: readonly ConditionSpan[]): AskedCondition[] {
  const out: AskedCondition[] = []
  for (const c of spans) {
    if (c.scope !== 'pixels') continue
    const variable = c.variable ? (canonicalVariable(c.variable.replace(/_/g, ' ')) ?? c.variable) : null
    if (!variable) continue
    const unit = c.unit ?? undefined
    const range = c.op === 'between' || c.op === 'outside'
    const base = { variable, unit, words: c.text.trim(), ...(c.negated || c.op === 'outside' ? { negated: true } : {}) }
    if (range) {
      if (c.low === undefined || c.high === undefined || !(c.high > c.low)) continue
      out.push({ ...base, op: 'between', low: c.low, high: c.high, inclusive: c.inclusive })
    } else out.push({ ...base, op: c.op.startsWith('>') ? '>' : '<', value: c.value, inclusive: c.inclusive })
  }
  return out
}

const VAR = `(${VARIABLE_PATTERN})`

/** A pixel phrase that restricts pixels by a quality it gives no number for. */
const QUALITATIVE = new RegExp(
  `\\b(?:pixels?|areas?|regions?|land)\\s+(?:with|where|whose|having|of)\\s+(?:the\\s+)?(?:high|low|higher|lower|dense|sparse|strong|weak|moderate|healthy|stressed|dry|wet)\\s+${VAR}`,
  'gi',
)

export function readConditions(question: string): { asked: AskedCondition[]; unchecked: string[] } {
  const asked = conditionsFromSpans(all(parseQuestion(question).spans, 'condition'))
  const unchecked = [...question.matchAll(QUALITATIVE)].map((m) => `the condition '${m[0]}' (no threshold given)`)
  return { asked, unchecked }
}

/** A condition in words, for diagnoses. */
export function describeCondition(c: { variable: string; op: Comparator; value?: number; low?: number; high?: number; negated?: boolean }): string {
  const v = c.variable.toUpperCase()
  if (c.op === 'between') return `${v} ${c.negated ? 'outside' : 'between'} ${c.low} and ${c.high}`
  if (c.negated) return `not ${v} ${c.op === '>' ? 'above' : 'below'} ${c.value}`
  return `${v} ${c.op === '>' ? 'above' : 'below'} ${c.value}`
}
