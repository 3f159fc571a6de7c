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
      return `Task type ${s.payload.task_type || 'unknown'} (${s.payload.classified_by || 'unclassified'})`
    case 'plan': {
      const { kind, calls, thought } = s.payload
      return kind === 'finish' || calls.length === 0
        ? `Finish${thought ? `: ${thought}` : ''}`
        : `Plan: ${calls.map((c) => c.tool).join(', ')}${thought ? ` (${thought})` : ''}`
    }
    case 'tool_call':
      return `${s.payload.followUp ? 'Follow-up ' : ''}${s.payload.tool} ${brief(s.payload.args)}`
    case 'tool_result': {
      const { result, thrown, ms } = s.payload
      const head = result
        ? `${result.status}${result.reason ? `: ${result.reason}` : ''}${result.config ? ` [${result.config.fine}]` : ''}`
        : `thrown: ${thrown}`
      return `${head}${ms !== undefined ? ` in ${ms} ms` : ''}`
    }
    case 'rule_check':
      return s.payload.passed ? 'Rule checks passed' : `Rule '${s.payload.rule ?? '?'}' failed: ${s.payload.diagnosis ?? ''}`
    case 'prior': {
      const p = s.payload.prior
      return p ? `Prior r̂ = ${p.r_hat.toFixed(3)} (${p.level}, n = ${p.n})` : 'Prior: None (too few calibrated calls)'
    }
    case 'verdict':
      return `${s.payload.decision}: ${s.payload.feedback}`
    case 'follow_up':
      return `Follow-up ${s.payload.number} of ${s.payload.of} for call ${s.payload.origin}`
    case 'give_up':
      return `Gave up on the evidence request of call ${s.payload.origin}`
    case 'budget_exhausted':
      return `Tool-call budget used up (${s.payload.used} of ${s.payload.max})`
    case 'answer':
      return `Answer: ${s.payload.answer}`
    case 'error':
      return s.payload.cancelled ? 'Cancelled' : `Error: ${s.payload.message}`
    case 'other':
      return `${s.storedKind}: ${brief(s.payload)}`
  }
}
