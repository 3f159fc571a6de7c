/**
 * What a run could not verify, as sentences for the answer writer. Built from the loop events by kind only (tool,
 * call number, rule, requested evidence keys, the names of the checks that rejected), never from feedback text or
 * observations, so no value of a rejected observation can reach the answer through it.
 */
import type { LoopEvent, OpenRequest } from './loop-events'
import type { StopReason } from './loop'
import { rejectionWords, requestWords } from '../verify/check-words'
import { andList } from '../domain/and-list'

/** A refusal as one clause: its first line, no final period, at most 400 characters. */
function oneSentence(text: string): string {
  const line = text
    .split('\n')[0]
    .trim()
    .replace(/[.\s]+$/, '')
  return line.length > 400 ? `${line.slice(0, 397)}...` : line
}

export function gapsOf(events: readonly LoopEvent[], abandoned: OpenRequest[], stop: StopReason, finalThought?: string): string[] {
  const gaps: string[] = []
  const rejected = new Map<string, { at: number; calls: number[] }>()
  const accepted = new Set(events.filter((e) => e.kind === 'accepted' || e.kind === 'unverified').map((e) => e.action.tool))
  for (const e of events) {
    if (e.kind === 'rule_failed' && e.rule === 'unknown_tool')
      gaps.push(`the ${e.action.tool} tool is not installed (no model pack for it), so call ${e.call} could not run`)
    else if (e.kind === 'verdict' && e.decision === 'reject' && !accepted.has(e.action.tool)) {
      // Repairs rejected for the same reasons on the same files are one sentence ("calls 1, 2 and 3 ... were rejected").
      const from = e.files?.length ? ` (from ${e.files.map((f) => `'${f}'`).join(', ')})` : ''
      const why = e.checks?.length ? `: ${rejectionWords(e.checks).join('; ')}` : ''
      const key = `${e.action.tool}|${from}|${why}`
      const same = rejected.get(key)
      if (same) {
        same.calls.push(e.call)
        gaps[same.at] = `the ${e.action.tool} observations of calls ${andList(same.calls)}${from} were rejected by the verifier${why}`
      } else {
        rejected.set(key, { at: gaps.length, calls: [e.call] })
        gaps.push(`the ${e.action.tool} observation of call ${e.call}${from} was rejected by the verifier${why}`)
      }
    }
    // A failed status check carries the tool's own refusal (which file, and why); no observation exists to leak.
    else if (e.kind === 'rule_failed' && e.rule === 'status' && e.reason && !accepted.has(e.action.tool))
      gaps.push(`call ${e.call} (${e.action.tool}) was refused: ${oneSentence(e.reason)}${e.cause ? `; the cause: ${oneSentence(e.cause)}` : ''}`)
    else if (e.kind === 'rule_failed' && !accepted.has(e.action.tool))
      gaps.push(`call ${e.call} (${e.action.tool}) failed the ${e.rule.replace('_', ' ')} check`)
    else if (e.kind === 'tool_failed' && !accepted.has(e.action.tool))
      gaps.push(`call ${e.call} (${e.action.tool}) returned no observation${e.reason ? `: ${oneSentence(e.reason)}` : ''}`)
  }
  // Evidence the verifier kept asking for, when the planner stopped with the repairs tried and no request still open:
  // which evidence (its keys, never the feedback), so the answer does not read as if nothing had been computed.
  const requested = events.filter((e) => e.kind === 'verdict' && e.decision === 'request_evidence' && !accepted.has(e.action.tool))
  if (requested.length > 0 && abandoned.length === 0) {
    const needed = requestWords([...new Set(requested.flatMap((e) => (e.kind === 'verdict' ? e.needed : [])))]).join('; ')
    const calls = requested.map((e) => e.call)
    gaps.push(`the verifier asked for more evidence for call${calls.length > 1 ? 's' : ''} ${andList(calls)} and no call gave it${needed ? `: ${needed}` : ''}`)
  }
  for (const r of abandoned) {
    gaps.push(
      `evidence requested for call ${r.origin} (${r.needed.join(', ').replace(/_/g, ' ') || 'more evidence'}) was still missing after ${r.followUpsUsed} follow-up call(s)`,
    )
  }
  if (stop === 'budget_exhausted') gaps.push('the tool-call budget ran out before the plan finished')
  // With no call made there is no observation the thought could echo; otherwise it is left out.
  if (events.length === 0 && finalThought) gaps.push(finalThought)
  return [...new Set(gaps)]
}
