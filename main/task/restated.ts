/**
 * Phrases that restate what the reading already does, read so they do not block: the fill exclusion said in words
 * ("excluding fill", "fill excluded"), which every statistic applies (fill is nodata), and the reason for a QA mask
 * given in a sentence that does not ask ("Clouds inflate the NIR average. Using only pixels the BQA marks
 * cloud-free, ..."), when the ask states a QA-class condition. A mask word in a sentence that does not ask, with no
 * QA condition read, is left to block: it may be the only place the mask is asked.
 */
import { sentences } from '../domain/spans'
import type { Condition } from './spec'

const FILL_EXCLUDED =
  /\b(?:excluding|excluded|exclude|without|ignoring|ignore|except(?:\s+for)?|not\s+counting|leaving\s+out)\s+(?:the\s+)?(?:fill|no-?data|no\s+data)(?:\s+(?:pixels?|values?|areas?))?\b|\b(?:fill|no-?data)\s+(?:pixels?\s+|values?\s+)?(?:excluded|ignored|left\s+out|removed|masked(?:\s+out)?)\b/gi
const MASK_WORD = /\b(?:clouds?|cloud\s+(?:tops?|cover|shadows?)|cloudy|snow)\b/gi
/** A sentence that instructs ("Exclude clouds.", "Mask the clouds.") asks, even without a question mark. */
const INSTRUCTION = /^\s*(?:please\s+)?(?:exclude|mask|remove|drop|ignore|use|keep|only|skip|filter|apply|compute|calculate|take|leave|count)\b/i

export function restatedPhrases(
  q: string,
  conditions: readonly Condition[],
  used: readonly { at: number; end: number }[],
): { at: number; end: number; role: string }[] {
  const out: { at: number; end: number; role: string }[] = []
  const free = (at: number, end: number) => !used.some((s) => at < s.end && end > s.at)
  for (const m of q.matchAll(FILL_EXCLUDED)) {
    const at = m.index ?? 0
    if (free(at, at + m[0].length)) out.push({ at, end: at + m[0].length, role: 'fill exclusion (fill is nodata, left out of every statistic)' })
  }
  const qaMask = conditions.some((c) => c.variableKind === 'qa_class')
  const parts = sentences(q)
  if (!qaMask || parts.length < 2) return out
  for (const s of parts.slice(0, -1)) {
    if (s.text.includes('?') || INSTRUCTION.test(s.text)) continue
    for (const m of s.text.matchAll(MASK_WORD)) {
      const at = s.at + (m.index ?? 0)
      if (free(at, at + m[0].length)) out.push({ at, end: at + m[0].length, role: 'reason for the QA mask the ask states' })
    }
  }
  return out
}
