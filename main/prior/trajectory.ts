/**
 * Reading a stored trajectory (RunStore steps) for the prior: which tool observations a run produced, with their
 * configuration ids, and which of them shaped the answer.
 *
 * Steps are read as RunEvents by the one versioned reader (main/domain/run-events.ts, which upgrades old runs): per call number `call`
 * a `tool_call` step {call, tool, args}, a `tool_result` step {call, result: ToolResult} (or {call, thrown}), then
 * with verification on a `rule_check` {call, passed}, a `prior` and a `verdict` {call, decision}. A step that does
 * not fit its kind's schema is skipped. Steps without a `call` number (older runs) are paired by order: a result
 * belongs to the latest tool call before it, a verdict to the latest result.
 *
 * An observation counts for the prior when it is an `ok` result of perceive, measure or execute (retrieve returns
 * context, not observations) and it reached the answer: with verification off every ok observation did; with it
 * on, only the accepted ones (a rejected or rule-failed observation never entered the verified history, so the
 * answer says nothing about it).
 */
import { OBSERVATION_TOOLS, readRunEvent, resultOf, type Decision, type StoredStepLike, type StoredToolResult } from '../domain/run-events'
import { ConfigTripleSchema, type ConfigTriple } from './config-ids'

export interface ObservedCall {
  /** The agent's call number, or a synthetic one for steps without it. */
  call: number
  /** Sequence numbers of every step that belongs to this call (tool_call, tool_result, rule_check, verdict...). */
  steps: number[]
  /** Sequence number of the step that carries the result. */
  resultSeq: number
  tool: string
  status: 'ok' | 'insufficient' | 'error'
  config: ConfigTriple
  /** false when a deterministic rule failed; null when no rule check was recorded. */
  rulesPassed: boolean | null
  /** The verifier's last decision on this call, or null when it was not verified. */
  decision: Decision | null
}

/** Every call of a trajectory that returned a well-formed result, in call order. */
export function observedCalls(steps: readonly StoredStepLike[]): ObservedCall[] {
  const byCall = new Map<number, ObservedCall>()
  const pending = new Map<number, { steps: number[]; tool: string | null }>()
  let lastCall: number | null = null
  let synthetic = -1

  for (const step of [...steps].sort((a, b) => a.seq - b.seq)) {
    const e = readRunEvent('', step)
    const explicit = e.kind === 'other' ? null : e.call
    switch (e.kind) {
      case 'tool_call': {
        const call = explicit ?? synthetic--
        pending.set(call, { steps: [step.seq], tool: e.payload.tool })
        lastCall = call
        // Some old writers put the result on the call step itself.
        if ('result' in e.payload) {
          const inline = readRunEvent('', { seq: step.seq, kind: 'tool_result', payload: { result: e.payload.result } })
          if (inline.kind === 'tool_result') addResult(call, step.seq, resultOf(inline))
        }
        break
      }
      case 'tool_result': {
        const call: number = explicit ?? lastCall ?? synthetic--
        addResult(call, step.seq, resultOf(e))
        lastCall = call
        break
      }
      case 'rule_check': {
        const target = byCall.get(explicit ?? lastCall ?? Number.NaN)
        if (target) {
          target.steps.push(step.seq)
          target.rulesPassed = target.rulesPassed === false ? false : e.payload.passed
        }
        break
      }
      case 'verdict': {
        const target = byCall.get(explicit ?? lastCall ?? Number.NaN)
        if (target) {
          target.steps.push(step.seq)
          target.decision = e.payload.decision
        }
        break
      }
      default: {
        const target = explicit !== null ? byCall.get(explicit) : undefined
        if (target) target.steps.push(step.seq)
      }
    }
  }
  return [...byCall.values()].sort((a, b) => a.resultSeq - b.resultSeq)

  function addResult(call: number, seq: number, result: StoredToolResult | null) {
    if (!result || !result.config) return
    const config = ConfigTripleSchema.safeParse(result.config)
    if (!config.success) return
    const before = pending.get(call)
    byCall.set(call, {
      call,
      steps: [...(before?.steps ?? []), seq],
      resultSeq: seq,
      tool: before?.tool ?? config.data.tool,
      status: result.status,
      config: config.data,
      rulesPassed: null,
      decision: null,
    })
  }
}

/** Whether the run verified its observations (any rule check or verdict recorded). */
export function wasVerified(calls: readonly ObservedCall[]): boolean {
  return calls.some((c) => c.decision !== null || c.rulesPassed !== null)
}

/** The observations that reached the answer (see the module comment), in call order. */
export function usedObservations(calls: readonly ObservedCall[]): ObservedCall[] {
  const verified = wasVerified(calls)
  return calls.filter((c) => c.status === 'ok' && OBSERVATION_TOOLS.has(c.config.tool) && c.rulesPassed !== false && (!verified || c.decision === 'accept'))
}
