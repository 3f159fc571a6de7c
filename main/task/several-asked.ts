/**
 * One question, one quantity. A question that asks for two ("the mean LST and the mean NDVI", "the share with LST
 * above 290 K and the share with NDVI above 0.6", "the mean NDVI in May and the mean NDVI in August", "the mean and
 * the standard deviation of NDVI") would get one number, the answer to its first part, presented as the answer to
 * the whole: the reader refuses it instead and says which quantities it saw, so the analyst asks them one at a time.
 *
 * Its statistic words are the reader's and its step words the lexicon's; the connectives below ("and", "its",
 * "between ... and") are the grammar of the rule. Each statistic word is tied to the variable it is about: the one
 * written right before it ("NDVI mean"), else the first after it in the same sentence ("the mean daytime LST"), else
 * the variable its condition tests ("what share is hotter than 315 K"); "its maximum" is about the variable asked
 * before. Two of these in one sentence, joined as a list ("and", "also", "plus", a comma), ask two quantities when
 * they are about different variables, or about one variable with two different statistics, or about one variable
 * with the same statistic named again while nothing compares the two (a difference or a ratio between them is one).
 *
 * Not counted as asked: a word pointing back ("this proportion", "those means"), a statistic set aside ("not a mean
 * of medians"), the statistic of each date a mean is taken over ("as the mean of the per-acquisition means", "mean of
 * each acquisition's scene mean"), a statistic of a variable inside its
 * own condition ("pixels whose mean LST exceeds 300 K"), the extreme whose date is asked ("the date with the highest
 * mean LST"), an input named with "from"/"using" ("TVDI from the mean LST and NDVI"), and anything before a step
 * marker ("then", "finally") or an instruction verb opening the next step ("calculate the daily average, find the
 * lowest ..."), which is a step toward the value asked; nor the two sides of "between ... and ...". Two value
 * statistics joined by "and" with no variable between them ("the mean and standard deviation") ask two unless they
 * are the two ends of a range or a difference; options, when given, may pair them and then they decide.
 */
import { STEP_MARKERS, STEP_VERBS } from '../domain/lexicon/context'
import { alternation } from '../domain/spans/words'
import { allMatches } from './read-words'
import type { Statistic } from './spec'
import { SHARE, VALUE_STATISTICS } from './vocabulary'

interface Hit {
  at: number
  end: number
}
interface VariableHit extends Hit {
  key: string
}
/** A condition as the reader placed it: where its comparison is written and which variable it tests. */
interface ConditionHit extends Hit {
  variable: string | null
}
type Kind = Statistic | 'share' | 'count'

const COUNT = /\bhow\s+many\b|\bnumber\s+of\b|\bcount\s+of\b/i
const POINTS_BACK = /\b(?:this|that|these|those|same|such|each|per[-\s]date)\s+$/i
const OWNER = /\b(?:its|their)\s+$/i
/** "the date with the highest mean LST", "the day of the lowest": a date asked of an extreme, not a second value. */
const DATE_OF = /\b(?:date|day|month|year)\s+(?:of|with|when|on\s+which)\s+(?:the\s+)?(?:\w+\s+)?$/i
const AS_INPUT = /\b(?:from|using|with|based\s+on)\s+(?:the\s+)?$/i
/** "(one big sample, not a mean of medians)", "not the mean of the per-date p10s": a statistic set aside, not asked. */
export const SET_ASIDE = /\b(?:not|rather\s+than|instead\s+of)\s+(?:an?\s+|the\s+)?(?:\w+\s+of\s+(?:the\s+)?(?:per[\s-]\w+\s+)?)?$/i
/** "the mean of the per-acquisition means", "mean of each acquisition's scene mean": the statistic of each date, a step. */
const INNER =
  /\bof\s+(?:the\s+|all\s+(?:the\s+)?)?(?:per[\s-]?(?:date|acquisition|scene|image|day)|each\s+(?:\w+\s+)?(?:date|acquisition|scene|image|day)['’]s(?:\s+scene)?)\s*$/i
/** The ordinals of an instruction's steps ("then", "finally"): the lexicon's. */
const STEP = new RegExp(`(?<![\\w-])(?:${alternation(STEP_MARKERS.filter((w) => !/^(?:first|second|third)/.test(w)))})(?![\\w-])`, 'i')
/**
 * An instruction verb opening a new step of a procedure ("calculate the daily average, find the lowest surface
 * temperature, and give its date"): the quantities before the last step are steps toward it, not asked beside it.
 * The verbs are the lexicon's, in their inflections ("determining", "applies", "derived").
 */
const verbForms = (w: string) => [
  w,
  `${w}s`,
  `${w}es`,
  `${w}d`,
  `${w}ed`,
  `${w}ing`,
  `${w.replace(/e$/, '')}ing`,
  `${w.replace(/y$/, 'i')}es`,
  `${w.replace(/y$/, 'i')}ed`,
]
const STEP_VERB = new RegExp(`(?<![\\w-])(?:${alternation([...new Set(STEP_VERBS.flatMap(verbForms))])})(?![\\w-])`, 'i')
const SENTENCE_END = /[.?!;](?:\s|$)/
const COORDINATED = /\b(?:and|also|plus|as\s+well\s+as|together\s+with|separately)\b|[,?]/i
const JOINED = /^\s*(?:,|and|&|as\s+well\s+as|plus|together\s+with)\s*(?:also\s+)?(?:the\s+)?(?:of\s+)?(?:the\s+)?$/i
/** Words before two statistics that make them the two sides of one comparison; "between" alone is one only when the question combines. */
const SIDES_WORDS = String.raw`difference|range|spread|gap|ratio|span|apart|differ\w*`
const RANGE_BEFORE = new RegExp(String.raw`\b(?:${SIDES_WORDS}|between)\b[^.?;]{0,20}$`, 'i')
const BETWEEN_ONLY = new RegExp(String.raw`^(?![^]*\b(?:${SIDES_WORDS})\b)[^]*\bbetween\b[^.?;]{0,20}$`, 'i')
/** How far after a statistic word its variable may be written ("the mean daytime land surface temperature"). */
const REACH = 50

function statisticHits(q: string, taken: readonly Hit[]): (Hit & { kind: Kind })[] {
  const hits = [
    ...VALUE_STATISTICS.flatMap((s) => allMatches(q, s.words).map((h) => ({ at: h.at, end: h.end, kind: s.statistic as Kind }))),
    ...allMatches(q, SHARE).map((h) => ({ at: h.at, end: h.end, kind: 'share' as const })),
    ...allMatches(q, COUNT).map((h) => ({ at: h.at, end: h.end, kind: 'count' as const })),
  ].filter((h) => !taken.some((s) => h.at < s.end && h.end > s.at))
  // Overlapping words ("max" inside "maximum"): the longest at each place.
  return hits.filter((h) => !hits.some((o) => o !== h && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at)).sort((a, b) => a.at - b.at)
}

interface Asked {
  hit: Hit
  kind: Kind
  key: string
  /** Where the phrase naming it ends (the variable's end, or the statistic word's when the variable was before it). */
  end: number
  phrase: string
}

/**
 * The quantities a question asks when it asks more than one, as "mean of LST" phrases; null when it asks one.
 * `taken`: spans the reader placed as something else (periods, conditions), whose words are no statistic here;
 * `combined`: whether the question asks a difference, ratio or percent change (two sides of one quantity).
 */
export function severalAsked(
  q: string,
  variables: readonly VariableHit[],
  conditions: readonly ConditionHit[],
  taken: readonly Hit[],
  opts: { hasOptions: boolean; combined: boolean },
): { text: string; quantities: string[] } | null {
  const hits = statisticHits(q, taken)
  const sameSentence = (from: number, to: number) => !SENTENCE_END.test(q.slice(from, to))
  const measured = (v: VariableHit) => conditions.some((c) => c.variable === v.key && c.at >= v.end && c.at - v.end <= 3)
  const word = (kind: Kind) => (kind === 'share' ? 'share with' : kind === 'count' ? 'count of' : `${kind} of`)

  const asked: Asked[] = []
  const claimed = new Set<VariableHit>()
  hits.forEach((h, i) => {
    const before = q.slice(Math.max(0, h.at - 16), h.at)
    const lead = q.slice(Math.max(0, h.at - 30), h.at)
    if (POINTS_BACK.test(before) || AS_INPUT.test(before) || DATE_OF.test(lead) || SET_ASIDE.test(lead) || INNER.test(lead)) return
    const next = hits[i + 1]
    const adjacent = variables.find((v) => !claimed.has(v) && v.end <= h.at && h.at - v.end <= 2)
    const after = variables.find((v) => v.at >= h.end && v.at - h.end <= REACH && (!next || v.at < next.at) && sameSentence(h.end, v.at))
    const tested = conditions.find((c) => c.variable && c.at >= h.end && c.at - h.end <= REACH && (!next || c.at < next.at) && sameSentence(h.end, c.at))
    const owner = OWNER.test(before) ? asked.at(-1) : undefined
    const v = adjacent ?? after
    if (v) {
      if (h.kind !== 'share' && h.kind !== 'count' && measured(v)) return
      claimed.add(v)
      asked.push({ hit: h, kind: h.kind, key: v.key, end: Math.max(v.end, h.end), phrase: `${word(h.kind)} ${q.slice(v.at, v.end)}` })
    } else if (owner) asked.push({ hit: h, kind: h.kind, key: owner.key, end: h.end, phrase: `${word(h.kind)} ${owner.phrase.replace(/^.* /, '')}` })
    else if (tested && (h.kind === 'share' || h.kind === 'count'))
      asked.push({ hit: h, kind: h.kind, key: tested.variable!, end: tested.end, phrase: `${word(h.kind)} ${tested.variable!.toUpperCase()}` })
  })

  for (const [i, a] of asked.entries()) {
    for (const b of asked.slice(i + 1)) {
      const between = q.slice(a.end, b.hit.at)
      if (!sameSentence(a.hit.at, b.hit.at) || STEP.test(q.slice(a.hit.at, b.hit.at)) || STEP_VERB.test(between)) continue
      // "The difference between the mean LST in May and in August": the two sides of one comparison. "Between" alone
      // compares only when the question asks a difference or a ratio ("the relationship between each date's mean LST
      // and its mean NDVI" asks no value the app computes; the first side alone had been answered).
      const lead = q.slice(Math.max(0, a.hit.at - 40), a.hit.at)
      if (RANGE_BEFORE.test(lead) && (opts.combined || !BETWEEN_ONLY.test(lead))) continue
      // Joined as a list ("and", "also", a comma); "the share of snow cover in the annual NDSI average" is one scoped in the other.
      if (!COORDINATED.test(between)) continue
      const two = a.key !== b.key || a.kind !== b.kind || !opts.combined
      if (two) return { text: q.slice(a.hit.at, b.end), quantities: [a.phrase, b.phrase] }
    }
  }

  // One statistic word over two variables joined by "and" ("the mean LST and NDVI").
  for (const h of hits) {
    const [a, b] = variables.filter((v) => v.at >= h.end && v.at - h.end <= REACH)
    if (!a || !b || a.key === b.key || measured(a) || measured(b) || AS_INPUT.test(q.slice(Math.max(0, h.at - 16), h.at))) continue
    if (!/^\s*(?:of\s+)?(?:the\s+)?$/i.test(q.slice(h.end, a.at)) || !JOINED.test(q.slice(a.end, b.at))) continue
    return { text: q.slice(h.at, b.end), quantities: [`${word(h.kind)} ${q.slice(a.at, a.end)}`, `${word(h.kind)} ${q.slice(b.at, b.end)}`] }
  }

  // Two different value statistics joined by "and" ("the mean and the standard deviation of NDVI").
  if (opts.hasOptions) return null
  for (let i = 0; i + 1 < hits.length; i++) {
    const [a, b] = [hits[i], hits[i + 1]]
    if (a.kind === b.kind || a.kind === 'share' || b.kind === 'share' || a.kind === 'count' || b.kind === 'count') continue
    if (!JOINED.test(q.slice(a.end, b.at)) || RANGE_BEFORE.test(q.slice(Math.max(0, a.at - 40), a.at))) continue
    return { text: q.slice(a.at, b.end), quantities: [a.kind, b.kind] }
  }
  return null
}
