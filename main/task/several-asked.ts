/**
 * One question, one quantity. A question that asks for two ("the mean LST and the mean NDVI", "the share with LST
 * above 290 K and the share with NDVI above 0.6", "the mean and the standard deviation of NDVI") would get one
 * number, the answer to its first part, presented as the answer to the whole: the reader refuses it instead and
 * says which quantities it saw, so the analyst asks them one at a time.
 *
 * Three shapes are recognised, each on the words the reader already matched (no vocabulary of its own):
 * - a statistic word named again for another variable in the same sentence ("the mean LST ... and the mean NDVI",
 *   "what fraction has LST above 300 K, and what fraction has NDVI above 0.5"); a statistic word that points back
 *   ("this proportion", "those means") or whose variable is the one its condition measures ("pixels whose mean LST
 *   exceeds 300 K") asks nothing new;
 * - one statistic word over two variables joined by "and" ("the mean LST and NDVI");
 * - two different value statistics joined by "and" ("the mean and standard deviation"), unless they are the two ends
 *   of a range or a difference ("the difference between the maximum and minimum").
 * The inputs of a product or index the question names (LST and NDVI beside TVDI) are never counted as asked.
 */
import { VARIABLES as LEX_VARIABLES } from '../domain/lexicon'
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

const POINTS_BACK = /\b(?:this|that|these|those|its|their|same|such|each|per[-\s]date)\s+$/i
const JOINED = /^\s*(?:,|and|&|as\s+well\s+as|plus|together\s+with)\s*(?:also\s+)?(?:the\s+)?(?:of\s+)?(?:the\s+)?$/i
const RANGE_BEFORE = /\b(?:difference|range|spread|gap|ratio|span|between)\b[^.?;]{0,20}$/i
/** How far after a statistic word its variable may be written ("the mean daytime land surface temperature"). */
const REACH = 50

/**
 * The variable a statistic word is about: the first named after it in the same sentence, before the next statistic
 * word and within reach ("the vegetation average; the NDWI is only there to mask them": the average is not of NDWI).
 */
function variableAfter(q: string, hit: Hit, next: Hit | undefined, variables: readonly VariableHit[]): VariableHit | undefined {
  return variables.find((v) => v.at >= hit.end && v.at - hit.end <= REACH && (!next || v.at < next.at) && !/[.?!;](?:\s|$)/.test(q.slice(hit.end, v.at)))
}

function statisticHits(q: string, taken: readonly Hit[]): (Hit & { kind: Statistic | 'share' })[] {
  const hits = [
    ...VALUE_STATISTICS.flatMap((s) => allMatches(q, s.words).map((h) => ({ at: h.at, end: h.end, kind: s.statistic as Statistic | 'share' }))),
    ...allMatches(q, SHARE).map((h) => ({ at: h.at, end: h.end, kind: 'share' as const })),
  ].filter((h) => !taken.some((s) => h.at < s.end && h.end > s.at))
  // Overlapping words ("max" inside "maximum"): the longest at each place.
  return hits.filter((h) => !hits.some((o) => o !== h && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at)).sort((a, b) => a.at - b.at)
}

/**
 * The quantities a question asks when it asks more than one, as "mean of LST" phrases; null when it asks one.
 * `taken`: spans the reader placed as something else (periods, conditions), whose words are no statistic here.
 */
export function severalAsked(
  q: string,
  variables: readonly VariableHit[],
  conditions: readonly ConditionHit[],
  taken: readonly Hit[],
  hasOptions: boolean,
): { text: string; quantities: string[] } | null {
  const hits = statisticHits(q, taken)
  const measured = (v: VariableHit) => conditions.some((c) => c.variable === v.key && c.at >= v.end && c.at - v.end <= 3)
  // Inputs of a product or index the question names (LST and NDVI beside TVDI) are how it is made, not quantities
  // asked. A layer's own inputs are not (LST lists NDVI for its emissivity, yet "the mean LST and the mean NDVI" asks two).
  const named = new Set(variables.map((v) => v.key))
  const inputs = new Set(LEX_VARIABLES.filter((d) => named.has(d.key) && (d.kind === 'product' || d.kind === 'index')).flatMap((d) => [...(d.inputs ?? [])]))

  // A statistic word named again for another variable.
  const asked: { hit: Hit; phrase: string; key: string; end: number }[] = []
  hits.forEach((h, i) => {
    if (POINTS_BACK.test(q.slice(Math.max(0, h.at - 12), h.at))) return
    const v = variableAfter(q, h, hits[i + 1], variables)
    if (!v || inputs.has(v.key) || (h.kind !== 'share' && measured(v))) return
    asked.push({ hit: h, phrase: `${h.kind === 'share' ? 'share with' : `${h.kind} of`} ${q.slice(v.at, v.end)}`, key: v.key, end: v.end })
  })
  // Two asked in one sentence; across sentences the earlier ones are steps of a procedure ("first calculate the annual
  // average NDSI ... Calculate the proportion of deep snow cover").
  for (const first of asked) {
    const other = asked.find((a) => a.key !== first.key && a.hit.at > first.hit.at && !/[.?!;](?:\s|$)/.test(q.slice(first.end, a.hit.at)))
    if (other) return { text: q.slice(first.hit.at, other.end), quantities: [first.phrase, other.phrase] }
  }

  // One statistic word over two variables joined by "and".
  for (const h of hits) {
    const [a, b] = variables.filter((v) => v.at >= h.end && v.at - h.end <= REACH)
    if (!a || !b || a.key === b.key || measured(a) || measured(b) || inputs.has(a.key) || inputs.has(b.key)) continue
    const lead = q.slice(h.end, a.at)
    if (!/^\s*(?:of\s+)?(?:the\s+)?$/i.test(lead) || !JOINED.test(q.slice(a.end, b.at))) continue
    const word = h.kind === 'share' ? 'share with' : `${h.kind} of`
    return { text: q.slice(h.at, b.end), quantities: [`${word} ${q.slice(a.at, a.end)}`, `${word} ${q.slice(b.at, b.end)}`] }
  }

  // Two different value statistics joined by "and"; options may pair them, and then they decide.
  if (hasOptions) return null
  for (let i = 0; i + 1 < hits.length; i++) {
    const [a, b] = [hits[i], hits[i + 1]]
    if (a.kind === b.kind || a.kind === 'share' || b.kind === 'share' || !JOINED.test(q.slice(a.end, b.at))) continue
    if (RANGE_BEFORE.test(q.slice(Math.max(0, a.at - 40), a.at))) continue
    return { text: q.slice(a.at, b.end), quantities: [a.kind, b.kind] }
  }
  return null
}
