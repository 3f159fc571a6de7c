/** One line of readable text per run step, for the report's trajectory table. */
import type { RunStep } from '../../../preload/contract'

/** Compact JSON of arguments or values, cut at `max` characters. */
export function brief(value: unknown, max = 240): string {
  let s: string
  try {
    s = JSON.stringify(value) ?? ''
  } catch {
    s = String(value)
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

export function stepText(s: RunStep): string {
  switch (s.kind) {
    case 'task':
      return `Task type ${s.taskType ?? 'unknown'} (${s.classifiedBy ?? 'unclassified'})`
    case 'plan':
      return s.finish ? `Finish${s.thought ? `: ${s.thought}` : ''}` : `Plan: ${s.calls.map((c) => c.tool).join(', ')}${s.thought ? ` (${s.thought})` : ''}`
    case 'tool_call':
      return `${s.followUp ? 'Follow-up ' : ''}${s.tool} ${brief(s.args)}`
    case 'tool_result':
      return `${s.status}${s.reason ? `: ${s.reason}` : ''}${s.config ? ` [${s.config.fine}]` : ''}${s.ms !== null ? ` in ${s.ms} ms` : ''}`
    case 'rule_check':
      return s.passed ? 'Rule checks passed' : `Rule '${s.rule ?? '?'}' failed: ${s.diagnosis ?? ''}`
    case 'prior':
      return s.prior ? `Prior r̂ = ${s.prior.r_hat.toFixed(3)} (${s.prior.level}, n = ${s.prior.n})` : 'Prior: None (too few calibrated calls)'
    case 'verdict':
      return `${s.decision}: ${s.feedback}`
    case 'follow_up':
      return `Follow-up ${s.number ?? '?'} of ${s.of ?? '?'} for call ${s.parent ?? '?'}`
    case 'give_up':
      return `Gave up on the evidence request of call ${s.parent ?? '?'}`
    case 'budget_exhausted':
      return `Tool-call budget used up (${s.used ?? '?'} of ${s.max ?? '?'})`
    case 'answer':
      return `Answer: ${s.answer}`
    case 'error':
      return s.cancelled ? 'Cancelled' : `Error: ${s.message}`
    case 'other':
      return `${s.storedKind}: ${brief(s.raw)}`
  }
}
