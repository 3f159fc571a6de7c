/**
 * The words around a condition that set its pixels aside rather than select them (conditions.ts reads them): after
 * it ("NDVI below 0 are excluded", "..., NDVI below 0 not counted", "NDVI<0 = invalid", "NDVI<0 -> masked"), as
 * missing data ("treated as no data", "set NDVI below 0 to nodata"), in the first person ("I don't count"), or a
 * clause opening with "no" ("with no NDVI below 0"); and the words after a one-sided comparison that keep its bound
 * ("below 0.3 or equal", "under 0.3 inclusive").
 */
import { BOUND_KEPT_AFTER, NEGATIONS, RANGE_ENDS } from '../lexicon/comparators'
import { FILL_EXCLUSION } from '../lexicon/context'
import { COUNT_LEADS } from '../lexicon/statistics'
import { alternation } from './words'

const NEGATION = new RegExp(`(?:${alternation(NEGATIONS)})`, 'i')

/** A verb of setting aside in its past or passive form ("excluded", "thrown away", "left out"). */
const SET_ASIDE_PAST = String.raw`excluded|removed|left\s+out|left\s+aside|set\s+aside|masked\s+out|masked|dropped|discarded|ignored|thrown\s+(?:out|away)|tossed|skipped|omitted|excepted|disregarded|eliminated|rejected|filtered\s+out`
/** An instruction after a separator ("NDVI below 0: exclude", "NDVI<0 -> no data"). */
const SET_ASIDE_SAID = String.raw`exclude[sd]?|skip(?:ped)?|drop(?:ped)?|remove[sd]?|ignore[sd]?|omit(?:ted)?|invalid|masked(?:\s+out)?|mask\s+out|no[\s-]?data|nodata|nan|null|void|missing`

/** Words after a condition that set its pixels aside ("are excluded", "is removed", "are to be left out", "does not count", "negatives out"). */
export const POST_NEGATION = new RegExp(
  String.raw`^\s*(?:(?:(?:are|is|were|was|get|gets|got|be|should|must|have|has|been|to|being)\s+){0,3}(?:${SET_ASIDE_PAST}|not\s+(?:counted|used|included|considered|taken|valid)|(?:does|do)\s+not\s+count|(?:doesn|don)'?t\s+count|invalid)\b|(?:(?:is|are)\s+)?out\b(?!\s+of\b))` +
    String.raw`|^\s*(?:=|->|→|:)\s*(?:${SET_ASIDE_SAID})\b`,
  'i',
)
/** The writer setting the values aside in the first person ("Negative NDVI I don't count"). */
export const WRITER_SKIPS = /^\s*,?\s*(?:i|we)\s+(?:do\s+not|don't|never|won't|will\s+not)\s+(?:count|use|include|want)\b/i
/** Words after a condition that make its pixels missing data ("treat negative NDVI as no data", "count as invalid"). */
export const AS_NODATA =
  /^\s*(?:(?:are|is|be|should\s+be|must\s+be|to\s+be)\s+)?(?:treated\s+|handled\s+|counted\s+|counts?\s+|taken\s+|regarded\s+|considered\s+)?(?:as|like|the\s+same\s+as)\s+(?:no[\s-]?data|nodata|missing(?:\s+data)?|invalid|fill|void|nan)\b/i
/** "set NDVI below 0 to nodata": the verb before the condition's variable, and what its values become after it. */
export const SET_BEFORE = /\bset\s+(?:the\s+|all\s+|any\s+)?(?:[\w-]+\s+){0,2}$/i
export const TO_NODATA = /^\s*to\s+(?:no[\s-]?data|nodata|missing|invalid|nan|null|void)\b/i
/** A clause opening with "no" before the condition's variable ("..., no NDVI below 0", "with no LST above 320 K"). */
const NO_OPENS = /(?:^|[.,;:(]\s*|\b(?:with|and|but)\s+)no\s+(?:[\w-]+\s+){1,2}$/i

/**
 * What may stand between a negation and the condition it governs: selection words ("pixels with", "areas where"), and
 * the fill listed first ("drop: the -32768 fill and every negative NDVI"; lexicon FILL_EXCLUSION names).
 */
const GOVERNED_GAP = new RegExp(
  String.raw`^\s*(?::\s*)?(?:(?:the\s+)?(?:-?\d+\s+)?(?:${alternation(FILL_EXCLUSION.names)})(?:\s+(?:pixels?|values?))?\s*(?:,|and)\s+)?(?:(?:for|on|over|in|at)\s+)?(?:(?:the|all|any|those|every)\s+)?(?:(?:valid\s+)?(?:pixels?|areas?|cells?|locations?|parts?|zones?)\s+)?(?:with|w\/|where|whose|having|that\s+have|in\s+which|for\s+which)?\s*(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}(?:values?\s+)?(?:is\s+|are\s+|was\s+|were\s+|of\s+)?$`,
  'i',
)

/** A negation word in the same clause just before the condition ("excluding pixels with", "other than where"). */
export function negatedBefore(before: string): { at: number; end: number } | null {
  const clause = before.slice(-50)
  const m = [...clause.matchAll(new RegExp(NEGATION.source, 'gi'))].at(-1)
  // A clause opening with "no" before the variable ("with no NDVI below 0").
  const no = m ? null : NO_OPENS.exec(clause)
  if (no) {
    const at = before.length - clause.length + no.index + no[0].search(/\bno\s/i)
    return { at, end: at + 2 }
  }
  if (!m || m.index === undefined) return null
  // The negation must govern this condition (GOVERNED_GAP between them).
  const between = clause.slice(m.index + m[0].length)
  if (!GOVERNED_GAP.test(between)) return null
  const at = before.length - clause.length + m.index
  return { at, end: at + m[0].length }
}

const BOUND_KEPT = new RegExp(`^\\s*,?\\s*\\(?\\s*(?:${alternation(BOUND_KEPT_AFTER)})\\s*\\)?`, 'i')

/** "below 0.3 or equal", "under 0.3 (inclusive)": the words after a one-sided comparison that keep its bound, or null. */
export function boundKeptAfter(after: string): RegExpMatchArray | null {
  return after.match(BOUND_KEPT)
}

/** A count asked right before a selection ("how many pixels with NDVI", "number of valid pixels where the LST", "how many "). */
const COUNTED_SELECTION = new RegExp(
  String.raw`(?:${alternation(COUNT_LEADS)})\s+(?:(?:the|all|of)\s+)?(?:valid\s+)?(?:(?:pixels?|px|cells?|areas?)\s+(?:with|where|whose|that\s+have|having|in\s+which)\s+(?:an?\s+|the\s+|its\s+)?(?:[\w-]+\s+){0,3})?$`,
  'i',
)

/**
 * Whether the selection after `before` is what a count asks for ("how many pixels with NDVI below 0 are excluded"):
 * then words after it that set pixels aside say what happens to the counted pixels, not an instruction to leave them out.
 */
export function selectionCounted(before: string): boolean {
  return COUNTED_SELECTION.test(before.slice(-60))
}

/**
 * Words right after pixels named as selected that set them aside ("the cloud pixels are treated like no data", "cloudy
 * pixels excluded", "set the cloudy pixels to nodata", "... I don't count"), or null.
 */
export function setAsideAfter(before: string, after: string): RegExpMatchArray | null {
  const setToNodata = SET_BEFORE.test(before.slice(-40)) ? after.match(TO_NODATA) : null
  return after.match(AS_NODATA) ?? after.match(WRITER_SKIPS) ?? setToNodata ?? after.match(POST_NEGATION)
}

/**
 * One statement of a range's ends after it, in brackets or after a comma, restated once ("exclusive, that is, with
 * neither endpoint included"); "exclusive of" / "inclusive of" followed by anything else sets pixels aside or keeps
 * them ("exclusive of the cloud pixels"), and says nothing of the ends.
 */
const ENDS_SAID = (words: readonly string[]) =>
  String.raw`\s*(?:,|\(|;|:|-|–)?\s*(?:that\s+is,?\s+|i\.?e\.?,?\s+)?(?:with\s+|and\s+)?(?:${alternation(words)})(?!\s+of\b)\s*\)?`
const ENDS_EXCLUDED = new RegExp(`^(?:${ENDS_SAID(RANGE_ENDS.excluded)}){1,2}`, 'i')
const ENDS_INCLUDED = new RegExp(`^(?:${ENDS_SAID(RANGE_ENDS.included)}){1,2}`, 'i')

/**
 * Whether a range keeps its ends, from "strictly" before it (`strictly`) or the words right after it ("exclusive",
 * "(both ends included)"), with the length of those words; null when nothing is said (the range keeps its ends).
 */
export function rangeEndsAfter(after: string, strictly: boolean): { inclusive: boolean; length: number } | null {
  const excluded = ENDS_EXCLUDED.exec(after)
  if (excluded) return { inclusive: false, length: excluded[0].length }
  const included = strictly ? null : ENDS_INCLUDED.exec(after)
  if (included) return { inclusive: true, length: included[0].length }
  return strictly ? { inclusive: false, length: 0 } : null
}
