/**
 * Conditions that restrict which pixels a question is about ("pixels with NDVI between 0.2 and 0.5", "how many
 * pixels had TVDI above 0.9", "areas where LST exceeds 310 K"), read by the verifier with its own comparator words.
 * A comparison counts as a pixel condition only when the words before it speak of pixels or areas: "was the mean
 * LST above 300 K?" compares the result and "days with a mean LST above 300 K" selects dates; neither masks pixels. A pixel phrase with no threshold it can read ("pixels
 * with high NDVI") is reported as unchecked.
 */
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
  /** The unit written after the number, if any (K, degC, %). */
  unit?: string
  words: string
}

const NUM = '([-+]?\\d+(?:\\.\\d+)?|[-+]?\\.\\d+)'
const UNIT = '\\s*(°\\s?c|℃|degrees?\\s+celsius|celsius|k\\b|kelvin|%|percent)?'

const ABOVE = ['>=', '≥', '>', 'above', 'over', 'exceeding', 'exceeds', 'exceeded', 'exceed', 'greater than or equal to', 'greater than', 'more than', 'higher than', 'larger than', 'warmer than', 'hotter than', 'at least', 'no less than', 'not less than', 'of at least']
const BELOW = ['<=', '≤', '<', 'below', 'under', 'less than or equal to', 'less than', 'lower than', 'smaller than', 'colder than', 'cooler than', 'at most', 'no more than', 'not more than', 'not exceeding', 'of at most']
const INCLUSIVE = /^(>=|≥|<=|≤|at least|at most|no less than|not less than|no more than|not more than|of at least|of at most|greater than or equal to|less than or equal to|not exceeding)$/i

const alt = (words: string[]) => [...words].sort((a, b) => b.length - a.length).map((w) => w.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&').replace(/ /g, '\\s+')).join('|')
const CMP = `(${alt([...ABOVE, ...BELOW])})`
const VAR = `(${VARIABLE_PATTERN})`
/** Nouns before a comparison that make it a restriction of pixels ("pixels with", "areas where", "of the area with"). */
const PIXEL_NOUN = /\b(?:pixels?|areas?|regions?|locations?|cells?|parts?|places?|land|zones?|surface)\b/gi
/** Nouns that make the comparison one about dates ("days had a mean LST above 300 K"): it masks no pixel. */
const DATE_NOUN = /\b(?:days?|dates?|scenes?|images?|months?|years?|times?|acquisitions?|observations?)\b/gi
/** A statistic just before the variable: the comparison is on the statistic's value, not on pixels. */
const STAT_BEFORE = /\b(?:mean|average|median|maximum|minimum|max|min|total|overall)\s+(?:daily\s+|annual\s+|monthly\s+)?$/i

/** Whether the words before a comparison make it a pixel condition: a pixel noun, with no date noun after it. */
function restrictsPixels(before: string): boolean {
  if (STAT_BEFORE.test(before)) return false
  const clause = before.split(/[.;?]/).at(-1) ?? ''
  const pixel = [...clause.matchAll(PIXEL_NOUN)].at(-1)
  if (!pixel) return false
  const date = [...clause.matchAll(DATE_NOUN)].at(-1)
  return !date || (date.index ?? 0) < (pixel.index ?? 0)
}

function unitOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  const u = raw.toLowerCase().replace(/\s+/g, ' ').trim()
  if (u === 'k' || u === 'kelvin') return 'K'
  if (u === '%' || u === 'percent') return 'percent'
  return 'degC'
}

const direction = (word: string): Comparator => (ABOVE.some((w) => w.replace(/\s+/g, ' ') === word.toLowerCase().replace(/\s+/g, ' ')) ? '>' : '<')

interface Rule {
  re: RegExp
  make(m: RegExpMatchArray): AskedCondition | null
}

const RULES: Rule[] = [
  // "NDVI between 0.2 and 0.5", "NDVI from 0.2 to 0.5", "NDVI in the range 0.2-0.5", "NDVI within [0.2, 0.5]"
  {
    re: new RegExp(`${VAR}\\s+(?:values?\\s+)?(?:is\\s+|was\\s+|are\\s+|were\\s+|lies\\s+|lay\\s+)?(?:between|from|in\\s+the\\s+range(?:\\s+of)?|within|in)\\s*\\[?\\(?\\s*${NUM}${UNIT}\\s*(?:and|to|-|–|,)\\s*${NUM}${UNIT}\\s*[\\])]?`, 'gi'),
    make: (m) => {
      const low = Number(m[2])
      const high = Number(m[4])
      const variable = canonicalVariable(m[1])
      if (!variable || !(high > low)) return null
      return { variable, op: 'between', low, high, inclusive: true, unit: unitOf(m[5] ?? m[3]), words: m[0].trim() }
    },
  },
  // "TVDI above 0.9", "LST exceeding 310 K", "NDVI >= 0.3", "NDVI of at least 0.4"
  {
    re: new RegExp(`${VAR}\\s+(?:values?\\s+)?(?:is\\s+|was\\s+|are\\s+|were\\s+|of\\s+)?${CMP}\\s*(?:a\\s+value\\s+of\\s+)?${NUM}${UNIT}`, 'gi'),
    make: (m) => {
      const variable = canonicalVariable(m[1])
      if (!variable) return null
      return { variable, op: direction(m[2]), value: Number(m[3]), inclusive: INCLUSIVE.test(m[2].trim()), unit: unitOf(m[4]), words: m[0].trim() }
    },
  },
  // "pixels exceeding a TVDI of 0.9", "above an NDVI of 0.3"
  {
    re: new RegExp(`${CMP}\\s+(?:an?\\s+|the\\s+)?${VAR}\\s+(?:value\\s+)?of\\s+${NUM}${UNIT}`, 'gi'),
    make: (m) => {
      const variable = canonicalVariable(m[2])
      if (!variable) return null
      return { variable, op: direction(m[1]), value: Number(m[3]), inclusive: INCLUSIVE.test(m[1].trim()), unit: unitOf(m[4]), words: m[0].trim() }
    },
  },
]

/** A pixel phrase that restricts pixels by a quality it gives no number for. */
const QUALITATIVE = new RegExp(`\\b(?:pixels?|areas?|regions?|land)\\s+(?:with|where|whose|having|of)\\s+(?:the\\s+)?(?:high|low|higher|lower|dense|sparse|strong|weak|moderate|healthy|stressed|dry|wet)\\s+${VAR}`, 'gi')

export function readConditions(question: string): { asked: AskedCondition[]; unchecked: string[] } {
  const asked: AskedCondition[] = []
  const taken: [number, number][] = []
  for (const rule of RULES) {
    for (const m of question.matchAll(rule.re)) {
      const at = m.index ?? 0
      if (taken.some(([a, b]) => at < b && at + m[0].length > a)) continue
      if (!restrictsPixels(question.slice(Math.max(0, at - 80), at))) continue
      const made = rule.make(m)
      if (!made) continue
      taken.push([at, at + m[0].length])
      asked.push(made)
    }
  }
  const unchecked = [...question.matchAll(QUALITATIVE)].map((m) => `the condition '${m[0]}' (no threshold given)`)
  return { asked, unchecked }
}

/** A condition in words, for diagnoses. */
export function describeCondition(c: { variable: string; op: Comparator; value?: number; low?: number; high?: number }): string {
  const v = c.variable.toUpperCase()
  if (c.op === 'between') return `${v} between ${c.low} and ${c.high}`
  return `${v} ${c.op === '>' ? 'above' : 'below'} ${c.value}`
}
