/**
 * The planner's conditions, read from the span parser's condition spans (main/domain/spans/conditions.ts
 * holds the one condition parser over the lexicon's comparator, negation and unit words): comparisons, ranges,
 * negated selections, QA classes, the condition on a date's share of the area, and thresholds relative to a
 * statistic (refused). Each keeps the words it was read from and where they are.
 */
import { POPULATION_LEADS, SHARE_AMONG, VARIABLES } from '../domain/lexicon'
import { alternation } from '../domain/spans/words'
import { all, first, variableBefore as lexVariableBefore, type ParsedQuestion } from '../domain/spans'
import type { Condition } from './spec'

export interface Found<T> {
  value: T
  at: number
  end: number
}

type Op = '>' | '>=' | '<' | '<='

/** The variable named last before a position (within 60 characters), or null. */
export function variableBefore(text: string, at: number): string | null {
  return lexVariableBefore(text, at)
}

export interface ConditionsRead {
  conditions: Found<Condition>[]
  areaCondition: Found<{ op: Op; value: number }> | null
  /** Percentages relative to a statistic ("115% of the mean"): not supported, reported as not understood. */
  relative: Found<string>[]
  /**
   * Ranges without their ends set aside ("excluding LST strictly between 285 and 290 K" keeps v <= 285 or v >= 290):
   * no conjunction of the spec's comparisons states them, so they are refused.
   */
  openSetAside: Found<string>[]
  /** Comparisons a yes/no question makes of its result ("Was the mean NDVI below 0.2?"): no pixels kept out. */
  compared: Found<string>[]
}

const KIND = new Map(VARIABLES.map((v) => [v.key, v.kind]))

/** Conditions of a parsed question; `taken` spans (periods) are skipped. */
export function readConditions(parsed: ParsedQuestion, taken: [number, number][]): ConditionsRead {
  const free = (at: number, end: number) => !taken.some(([a, b]) => at < b && end > a)
  const read = all(parsed.spans, 'condition').filter((c) => free(c.at, c.end))
  const spans = read.filter((c) => c.scope !== 'compared')
  const open = (c: (typeof spans)[number]) => (c.op === 'between' || c.op === 'outside') && !c.inclusive
  const conditions: Found<Condition>[] = spans
    .filter((c) => !(open(c) && (c.negated || c.op === 'outside')))
    .flatMap((c) => {
      const range = c.op === 'between' || c.op === 'outside'
      const kind = c.variable ? KIND.get(c.variable) : undefined
      const base = {
        variable: c.variable,
        unit: c.unit,
        text: c.text.trim(),
        ...(c.negated ? { negated: true } : {}),
        ...(kind ? { variableKind: kind } : {}),
        ...(c.byUnit ? { byUnit: true } : {}),
        ...(c.layer ? { layer: c.layer } : {}),
      }
      // A range without its ends ("strictly between 285 and 290 K", "0.2 < NDVI < 0.5") is two strict comparisons
      // that hold together: the spec's ranges keep their ends.
      const values: Condition[] = open(c)
        ? [
            { ...base, op: '>', value: c.low },
            { ...base, op: '<', value: c.high },
          ]
        : [{ ...base, op: c.op, ...(range ? { low: c.low, high: c.high } : { value: c.value }) }]
      return values.map((value) => ({ at: c.at, end: c.end, value }))
    })
  const area = first(parsed.spans, 'area_condition')
  return {
    conditions,
    areaCondition: area ? { at: area.at, end: area.end, value: { op: area.op, value: area.value } } : null,
    relative: all(parsed.spans, 'relative_threshold').map((r) => ({ at: r.at, end: r.end, value: r.text })),
    openSetAside: spans.filter((c) => open(c) && (c.negated || c.op === 'outside')).map((c) => ({ at: c.at, end: c.end, value: c.text })),
    compared: read.filter((c) => c.scope === 'compared').map((c) => ({ at: c.at, end: c.end, value: c.text })),
  }
}

/**
 * Two QA classes kept side by side ("the percentage of cloud pixels and fill pixels", "flagged as cloud or snow"): in
 * words that is usually either, while the conditions of a spec all hold together (flagged as both). The phrases, for
 * the reader to refuse rather than answer them as both.
 */
export function classesSideBySide(q: string, conditions: readonly Found<Condition>[]): string[] {
  const kept = conditions.filter((c) => c.value.variableKind === 'qa_class' && !c.value.negated && c.value.variable !== 'nodata')
  return kept
    .slice(1)
    .map((b, i) => [kept[i], b] as const)
    .filter(([a, b]) => a.value.variable !== b.value.variable && /^\s*(?:\([^()]{0,30}\)\s*)?,?\s*(?:and|or|&)\s+(?:the\s+)?$/i.test(q.slice(a.end, b.at)))
    .map(([a, b]) => q.slice(a.at, b.end).trim())
}

/** What joins two conditions when either may hold ("... or above 320 K", "..., or where NDVI < 0"). */
const EITHER = /^[\s,;]*(?:or|and\/or|or\s+else)\b[^.?!;]{0,30}$/i

/**
 * Two conditions joined by "or". Below a and above b on one variable, in one unit, with a < b ("LST under 280 K or
 * over 300 K") is one condition: outside a..b, strict on both sides as written, when no third condition could group
 * with either side ("A or B and C"); left out together ("ignoring values below 0 or above 1") it is between a and b. Any other pair is kept as read and returned in `either`: the conditions of a
 * spec all hold together, so a run over them would keep other pixels.
 */
export function joinEither(q: string, found: readonly Found<Condition>[]): { conditions: Found<Condition>[]; either: { at: number; end: number }[] } {
  const sorted = [...found].sort((a, b) => a.at - b.at)
  const conditions: Found<Condition>[] = []
  const either: { at: number; end: number }[] = []
  for (let i = 0; i < sorted.length; i++) {
    const [a, b] = [sorted[i], sorted[i + 1]]
    if (!b || !EITHER.test(q.slice(a.end, b.at))) {
      conditions.push(a)
      continue
    }
    const [x, y] = [a.value, b.value]
    const [below, above] = x.op === '<' ? [x, y] : [y, x]
    // Below a and above b on one variable, in one unit, a < b.
    const bounds =
      x.variable !== null &&
      x.variable === y.variable &&
      x.unit === y.unit &&
      below.op === '<' &&
      above.op === '>' &&
      below.value !== undefined &&
      above.value !== undefined &&
      below.value < above.value
    // Kept: the outside of a..b. Left out together ("ignoring values below 0 or above 1", the negation before the
    // first side): the pixels kept meet neither, a..b itself, both bounds kept. Any other pair stays refused.
    const op = bounds && !y.negated ? (x.negated ? 'between' : 'outside') : null
    // With a third condition, "A or B and C" may group either way: refused rather than guessed.
    if (op && sorted.length === 2) {
      const text = q.slice(a.at, b.end).trim()
      const { value: _v, negated: _n, ...rest } = below
      conditions.push({ at: a.at, end: b.end, value: { ...rest, op, low: below.value, high: above.value, text } })
    } else {
      conditions.push(a, b)
      either.push({ at: a.at, end: b.end })
    }
    i++
  }
  return { conditions, either }
}

const POP_NOUN = `(?:(?:all|the|those|these)\\s+){0,2}(?:[\\w-]+\\s+){0,3}(?:${alternation(POPULATION_LEADS.nouns)})`
// The link to the condition, then the condition's variable when the span starts after it ("(NDVI", "with LST", "with a
// land surface temperature").
const POP_LINK = '\\s*(?:\\(|with|where|having|that\\s+have|that\\s+are|whose|which\\s+have|showing)?\\s*(?:(?:a|an|the|their|its)\\s+)?(?:[\\w-]+\\s*){0,3}$'
const POPULATION_ANYWHERE = new RegExp(`\\b(?:${alternation(POPULATION_LEADS.anywhere)})\\s+${POP_NOUN}${POP_LINK}`, 'i')
const POPULATION_CLAUSE = new RegExp(`(?:^|[,;:.!?]\\s*)(?:${alternation(POPULATION_LEADS.clauseStart)})\\s+${POP_NOUN}${POP_LINK}`, 'i')
/** "percent of the pixels with A" (lexicon SHARE_AMONG): the pixels a share is taken among when a verb and a second condition follow. */
const SHARE_HEAD = new RegExp(`(?<![\\w])(?:${alternation(SHARE_AMONG.shares)})\\s+${POP_NOUN}${POP_LINK}`, 'i')
/** Two conditions joined by "and", with at most three words (the first's variable) and an article and three words between ("LST and an NDVI"). */
const JOINED = /^\s*(?:[\w-]+\s+){0,3}?(?:,\s*)?(?:and|&)\s+(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,3}$/i
/** A share of pixels named before, referred back to ("percentage of those pixels"). */
const SHARE_BACK = new RegExp(`(?<![\\w])(?:${alternation(SHARE_AMONG.shares)})\\s+(?:${alternation(SHARE_AMONG.backReferences)})(?![\\w])`, 'i')
/** A checklist's line that names the pixels ("- pixels: NDVI between 0 and 1", "subset: TOA NDVI (B5, B4) < 0.2"). */
const POPULATION_LABEL = new RegExp(`(?:^|[\\s\\-*•])(?:${alternation(POPULATION_LEADS.labels)})\\s*:\\s*(?:[\\w-]+\\s+){0,3}(?:\\([^()]*\\)\\s*)?$`, 'i')
/** What stands between the first condition and the counted one: a verb, an article and the counted variable's name, up to five words ("have a band 10 brightness temperature"). */
const SHARE_VERB = new RegExp(`^\\s*,?\\s*(?:${alternation(SHARE_AMONG.verbs)})\\s+(?:(?:a|an|the|their|its)\\s+)?(?:[\\w-]+\\s+){0,5}$`, 'i')

/**
 * For a share: the conditions that name the pixels it is taken among (lexicon POPULATION_LEADS: "among the
 * vegetated pixels (NDVI > 0.3)", "Of the pixels with NDVI above 0.3, what share ...", "what percent of the pixels
 * with LST above 35 °C have a TVDI over 0.9" by SHARE_AMONG), marked `population`, so the
 * share is of those pixels and not of all valid ones, with where their lead words are. At least one condition
 * stays the one counted; otherwise (and for any other statistic) nothing is marked.
 */
export function markPopulation(
  q: string,
  found: readonly Found<Condition>[],
  statistic: string | null,
): { marked: Map<Condition, Condition>; words: [number, number][] } {
  const marked = new Map<Condition, Condition>()
  const words: [number, number][] = []
  if (statistic !== 'fraction') return { marked, words }
  // "What percentage of those pixels have ...": the conditions said before the reference name the pixels.
  const back = SHARE_BACK.exec(q)
  if (back) {
    const before = found.filter((c) => c.end <= back.index)
    if (before.length > 0 && before.length < found.length) {
      for (const c of before) marked.set(c.value, { ...c.value, population: true })
      words.push([back.index, back.index + back[0].length])
      return { marked, words }
    }
  }
  for (const c of found) {
    // Pixels set aside ("NDVI values below 0 are not valid", "excluding water") leave the share's pixels too, when
    // another condition says what is counted.
    if (c.value.negated && found.some((o) => !o.value.negated)) {
      marked.set(c.value, { ...c.value, population: true })
      continue
    }
    // The words before the condition, within its sentence.
    const before =
      q
        .slice(Math.max(0, c.at - 100), c.at)
        .split(/[.?!]\s+(?=[A-Z])/)
        .at(-1) ?? ''
    const counted = found.some((o) => o.at >= c.end && SHARE_VERB.test(q.slice(c.end, o.at)))
    const m = POPULATION_ANYWHERE.exec(before) ?? POPULATION_CLAUSE.exec(before) ?? (counted ? SHARE_HEAD.exec(before) : null) ?? POPULATION_LABEL.exec(before)
    if (!m) continue
    marked.set(c.value, { ...c.value, population: true })
    words.push([c.at - before.length + m.index, c.at])
  }
  // "among pixels with a valid LST and an NDVI between 0.2 and 0.4": a condition joined by "and" to one that names
  // the pixels names them too.
  const ordered = [...found].sort((a, b) => a.at - b.at)
  for (let i = 1; i < ordered.length; i++)
    if (marked.has(ordered[i - 1].value) && !marked.has(ordered[i].value) && JOINED.test(q.slice(ordered[i - 1].end, ordered[i].at)))
      marked.set(ordered[i].value, { ...ordered[i].value, population: true })
  if (marked.size === found.length) return { marked: new Map(), words: [] }
  return { marked, words }
}
