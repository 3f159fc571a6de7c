/**
 * Conditions that restrict which pixels a question is about ("pixels with NDVI between 0.2 and 0.5", "how many
 * pixels had TVDI above 0.9", "areas where LST exceeds 310 K", "excluding pixels with NDVI > 0.5"), the verifier's
 * reading of the span parser's condition spans. A comparison counts as a pixel condition only when its words restrict
 * pixels or areas: "was the mean LST above 300 K?" compares the result and "days with a mean LST above 300 K" selects
 * dates; neither masks pixels. A pixel phrase with no threshold it can read ("pixels with high NDVI") is reported as
 * unchecked.
 */
import { LANDSAT_C1_QA_BITS } from '../../domain/qa-bits'
import { POPULATION_LEADS, SHARE_AMONG } from '../../domain/lexicon'
import { all, parseQuestion, type ConditionSpan } from '../../domain/spans'
import { alternation } from '../../domain/spans/words'
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
  /** True: the pixels a share is taken among ("among the pixels with NDVI > 0.3"), not the ones it counts. */
  population?: boolean
  /** 'nodata' only: the canonical variable whose missing pixels are meant ("a valid LST"); absent when not named. */
  layer?: string
  words: string
}

/**
 * The verifier's reading of condition spans: only those whose words restrict pixels (or, with `scope` 'dates', those
 * that say which dates a count keeps), in the verifier's comparators.
 */
export function conditionsFromSpans(spans: readonly ConditionSpan[], scope: 'pixels' | 'dates' | 'compared' = 'pixels'): AskedCondition[] {
  const out: AskedCondition[] = []
  for (const c of spans) {
    if (c.scope !== scope) continue
    // A QA class is its own key ("cloud_conf_medium" is not the cloud bit); other names take their canonical variable.
    const variable = c.variable ? (LANDSAT_C1_QA_BITS[c.variable] ? c.variable : (canonicalVariable(c.variable.replace(/_/g, ' ')) ?? c.variable)) : null
    if (!variable) continue
    const unit = c.unit ?? undefined
    const range = c.op === 'between' || c.op === 'outside'
    const layer = c.layer ? (canonicalVariable(c.layer.replace(/_/g, ' ')) ?? c.layer) : undefined
    const base = { variable, unit, words: c.text.trim(), ...(!!c.negated !== (c.op === 'outside') ? { negated: true } : {}), ...(layer ? { layer } : {}) }
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

/** "or" (or "and/or") alone between two conditions: either may hold. */
const OR_BETWEEN = /^[\s,;]*(?:or|and\/or)\b[^.?!;]{0,30}$/i

/**
 * Conditions joined by "or", the verifier's own reading: below a or above b on one variable (a < b) keeps the
 * pixels outside a..b, and left out together ("ignoring values below 0 or above 1") keeps a..b; any other pair
 * cannot be checked as a mask of conditions that all hold, so it is unchecked.
 */
function eitherOr(question: string, spans: readonly ConditionSpan[], asked: AskedCondition[]): { asked: AskedCondition[]; unchecked: string[] } {
  const sorted = [...spans].sort((a, b) => a.at - b.at)
  const unchecked: string[] = []
  let out = asked
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [a, b] = [sorted[i], sorted[i + 1]]
    // The second of the pair restricts what the first does ("pixels with NDVI < 0.05 or NDVI > 0.6").
    if (a.scope !== 'pixels' || !OR_BETWEEN.test(question.slice(a.end, b.at))) continue
    const [x, y] = conditionsFromSpans([a, { ...b, scope: 'pixels' }])
    // "ignoring values below 0 or above 1": the words that leave out the first side leave out the second too.
    const leftOut = !!x?.negated && !y?.negated
    const lowHigh =
      x && y && x.variable === y.variable && (leftOut || (!x.negated && !y.negated)) && x.unit === y.unit ? (x.op === '<' ? [x, y] : [y, x]) : null
    // A third condition could group with either side ("A or B and C"): unchecked rather than guessed.
    if (sorted.length === 2 && lowHigh && lowHigh[0].op === '<' && lowHigh[1].op === '>' && lowHigh[0].value! < lowHigh[1].value!) {
      const joined: AskedCondition = {
        variable: x.variable,
        op: 'between',
        low: lowHigh[0].value,
        high: lowHigh[1].value,
        unit: x.unit,
        // Kept: outside a..b; left out together: a..b itself, both bounds kept.
        ...(leftOut ? { inclusive: true } : { negated: true }),
        words: `${a.text} or ${b.text}`,
      }
      out = [...out.filter((c) => c.words !== a.text.trim() && c.words !== b.text.trim()), joined]
    } else unchecked.push(`the conditions '${a.text.trim()}' or '${b.text.trim()}' (either may hold)`)
  }
  return { asked: out, unchecked }
}

/**
 * The verifier's reading of the pixels a share is taken among: the sentence before a condition ends in a noun of
 * pixels led by "among", "out of", "within" (anywhere) or by "of", "for" opening a clause, then at most a link
 * ("with", "where", "(") and the condition's variable (lexicon POPULATION_LEADS).
 */
const POP_NOUN = `(?:${alternation(POPULATION_LEADS.nouns)})`
const popLead = (words: readonly string[]) => `(?:${alternation(words)})\\s+(?:[\\w-]+\\s+){0,5}${POP_NOUN}$`
const AMONG_ANYWHERE = new RegExp(`\\b${popLead(POPULATION_LEADS.anywhere)}`, 'i')
const AMONG_CLAUSE = new RegExp(`(?:^|[,;:]\\s*)${popLead(POPULATION_LEADS.clauseStart)}`, 'i')

function amongPixels(question: string, at: number): boolean {
  const sentence =
    question
      .slice(0, at)
      .split(/[.?!]\s+(?=[A-Z])/)
      .at(-1) ?? ''
  // The condition's variable may stand before its span ("(NDVI", "with LST", "with a land surface temperature"): drop
  // up to three words and an article, then a link.
  const words = sentence.trim().split(/\s+/)
  for (let k = 0; k <= 4 && k < words.length; k++) {
    const tail = words
      .slice(0, words.length - k)
      .join(' ')
      .replace(/\s*(?:\b(?:a|an|the|their|its))?\s*$/i, '')
      .replace(/\s*(?:\(|\bwith|\bwhere|\bhaving|\bwhose|\bthat\s+(?:have|are)|\bwhich\s+have|\bshowing)\s*$/i, '')
    if (AMONG_ANYWHERE.test(tail) || AMONG_CLAUSE.test(tail)) return true
  }
  return false
}

const SHARE_HEAD = new RegExp(
  `(?:${alternation(SHARE_AMONG.shares)})\\s+(?:[\\w-]+\\s+){0,4}${POP_NOUN}\\s*(?:\\(|with|where|whose|having|that\\s+have)?\\s*(?:(?:a|an|the)\\s+)?(?:[\\w-]+\\s*){0,3}$`,
  'i',
)
/** A checklist line's label, then at most three words and a bracket before its condition ("- pixels: NDVI ..."). */
const lineLabel = (labels: readonly string[]) =>
  new RegExp(`(?:^|[\\s\\-*•])(?:${alternation(labels)})\\s*:\\s*(?:[\\w-]+\\s+){0,3}(?:\\([^()]*\\)\\s*)?$`, 'i')
const POPULATION_LABEL = lineLabel(POPULATION_LEADS.labels)
const COUNTED_LABEL = lineLabel(POPULATION_LEADS.countedLabels)
/** A share of pixels named before, referred back to ("percentage of those pixels"). */
const SHARE_BACK = new RegExp(`(?:${alternation(SHARE_AMONG.shares)})\\s+(?:${alternation(SHARE_AMONG.backReferences)})\\b`, 'i')
/** Two conditions joined by "and" ("LST and an NDVI"). */
const JOINED_AND = /^\s*(?:[\w-]+\s+){0,3}?(?:,\s*)?(?:and|&)\s+(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,3}$/i

/**
 * The verifier's reading of a share named with its pixels, a verb and what is counted ("percent of the pixels with
 * LST above 35 °C have a TVDI over 0.9", lexicon SHARE_AMONG): the condition at [at, end) names the pixels when a
 * share of pixels leads it and the next condition follows after a verb alone.
 */
function shareAmong(question: string, c: { at: number; end: number }, next: { at: number } | undefined): boolean {
  if (!next) return false
  const between = question.slice(c.end, next.at).trim().toLowerCase().replace(/^,\s*/, '').split(/\s+/)
  const verb = SHARE_AMONG.verbs.find((v) => between.join(' ').startsWith(`${v} `) || between.join(' ') === v)
  // After the verb: an article and the counted variable's name, up to five words ("a band 10 brightness temperature").
  if (!verb || between.length - verb.split(' ').length > 6 || /[,;:]/.test(between.join(' '))) return false
  const sentence =
    question
      .slice(0, c.at)
      .split(/[.?!]\s+(?=[A-Z])/)
      .at(-1) ?? ''
  return SHARE_HEAD.test(sentence)
}

export function readConditions(question: string): { asked: AskedCondition[]; unchecked: string[] } {
  // Span positions are in the parsed text (typing slips corrected, numbers in words written as digits).
  const parsed = parseQuestion(question)
  const spans = all(parsed.spans, 'condition')
  const among = new Set(
    spans.filter((c, i) => (c.scope === 'pixels' && amongPixels(parsed.text, c.at)) || shareAmong(parsed.text, c, spans[i + 1])).map((c) => c.text.trim()),
  )
  // "Consider the pixels with NDVI below 0.15. What percentage of those pixels ...": the conditions before the reference.
  const back = SHARE_BACK.exec(parsed.text)
  const beforeBack = back ? spans.filter((c) => c.end <= back.index) : []
  if (beforeBack.length > 0 && beforeBack.length < spans.length) for (const c of beforeBack) among.add(c.text.trim())
  // Pixels set aside leave the share's pixels too, when another condition is counted.
  const fromSpans = conditionsFromSpans(spans)
  const counted = fromSpans.some((c) => !c.negated)
  // A condition joined by "and" to one that names the pixels names them too ("with a valid LST and an NDVI between ...").
  const sorted = [...spans].sort((a, b) => a.at - b.at)
  for (let i = 1; i < sorted.length; i++)
    if (among.has(sorted[i - 1].text.trim()) && JOINED_AND.test(parsed.text.slice(sorted[i - 1].end, sorted[i].at))) among.add(sorted[i].text.trim())
  // A checklist's labels say which line names the pixels and which what is counted ("- pixels: ...", "- counted: ...").
  const labelled = (c: ConditionSpan, label: RegExp) => label.test(parsed.text.slice(Math.max(0, c.at - 80), c.at))
  const countedByLabel = new Set(spans.filter((c) => labelled(c, COUNTED_LABEL)).map((c) => c.text.trim()))
  for (const c of spans) if (labelled(c, POPULATION_LABEL)) among.add(c.text.trim())
  const read = fromSpans.map((c) => (!countedByLabel.has(c.words) && (among.has(c.words) || (c.negated && counted)) ? { ...c, population: true } : c))
  // Every condition among others would leave nothing counted: read as conditions all counted, as before.
  const marked = read.filter((c) => c.population).length
  const either = eitherOr(parsed.text, spans, marked === read.length ? read.map(({ population: _p, ...c }) => c) : read)
  const unchecked = [...question.matchAll(QUALITATIVE)].map((m) => `the condition '${m[0]}' (no threshold given)`)
  return { asked: either.asked, unchecked: [...unchecked, ...either.unchecked] }
}

/** The criterion a count of dates keeps its dates by ("how many dates have a mean NDVI of 0.25 or more"). */
export function readDateCriteria(question: string): AskedCondition[] {
  return conditionsFromSpans(all(parseQuestion(question).spans, 'condition'), 'dates')
}

/** Comparisons a yes/no question makes of its result ("Was the mean NDVI below 0.2?"): they keep no pixels out. */
export function readComparedResults(question: string): AskedCondition[] {
  return conditionsFromSpans(all(parseQuestion(question).spans, 'condition'), 'compared')
}

/** A condition in words, for diagnoses. */
export function describeCondition(c: {
  variable: string
  op: Comparator
  value?: number
  low?: number
  high?: number
  negated?: boolean
  inclusive?: boolean
  layer?: string
}): string {
  // A QA class's flag compared with 1 is the class itself: "flagged cloud", "not flagged fill".
  if (LANDSAT_C1_QA_BITS[c.variable] && c.op === '>' && c.value === 1)
    return `${c.negated ? 'not ' : ''}flagged ${c.variable.replace(/_/g, ' ')} in the QA band`
  if (c.variable === 'nodata' && c.op === '>' && c.value === 1) {
    const layer = c.layer ? `the ${c.layer.toUpperCase()}` : 'the layer'
    return c.negated ? `a value in ${layer}` : `no value in ${layer} (nodata)`
  }
  const v = c.variable.toUpperCase()
  if (c.op === 'between')
    return `${v} ${c.negated ? 'outside' : 'between'} ${c.low} and ${c.high}${!c.negated && c.inclusive === false ? ' (ends not kept)' : ''}`
  if (c.negated) return `not ${v} ${c.op === '>' ? 'above' : 'below'} ${c.value}`
  return `${v} ${c.op === '>' ? 'above' : 'below'} ${c.value}`
}
