/**
 * The tool calls of one run, read back from its recorded trajectory (main/agent/loop.ts writes a `tool_call`,
 * a `tool_result`, with verification a `rule_check` and a `verdict`, all carrying the call number): for each call
 * the tool, its arguments, whether it was a follow-up to an evidence request, the result and what verification made
 * of it. The harness judges observations and counts verification outcomes from this.
 */
import type { RecordedStep } from '../agent/trajectory'
import { asRecord as rec } from '../domain/json'

export type CallFate =
  /** The observation entered the verified history. */
  | 'accepted'
  /** Verification was off: the observation passed straight through. */
  | 'unverified'
  | 'rejected'
  /** The verifier asked for more evidence (the last verdict on this call). */
  | 'requested'
  /** A deterministic rule failed (status, evidence, units, novelty ...). */
  | 'rule_failed'
  /** The tool threw or returned insufficient/error without verification. */
  | 'failed'

export interface RunCall {
  call: number
  tool: string
  args: unknown
  followUp: boolean
  /** The ToolResult status, or 'thrown' when the tool threw, or null when it never ran (novelty, bad arguments). */
  status: 'ok' | 'insufficient' | 'error' | 'thrown' | null
  observation: unknown
  coarse: string | null
  /** The result's fine configuration id (null before a result arrived). */
  fine?: string | null
  fate: CallFate
  /** The rule that failed, when one did. */
  rule: string | null
  /** The position of this call among the invocations of its tool (1-based), when the tool ran. */
  invocation: number | null
  /** What the verifier's last verdict on this call asked for (`needed`), when it requested evidence. */
  needed?: string[]
  /** The reliability prior the verifier received for this call: r̂ and its level, null for None; absent when no lookup ran. */
  prior?: { r_hat: number; level: string } | null
}

/** Every tool call of a run, in call order. */
export function runCalls(steps: readonly RecordedStep[]): RunCall[] {
  const calls = new Map<number, RunCall>()
  const invocations = new Map<string, number>()
  for (const step of steps) {
    const p = rec(step.payload)
    const n = typeof p.call === 'number' ? p.call : null
    if (n === null) continue
    if (step.kind === 'tool_call') {
      calls.set(n, {
        call: n,
        tool: String(p.tool),
        args: p.args,
        followUp: p.followUp === true,
        status: null,
        observation: null,
        coarse: null,
        fine: null,
        fate: 'failed',
        rule: null,
        invocation: null,
      })
      continue
    }
    const c = calls.get(n)
    if (!c) continue
    if (step.kind === 'tool_result') {
      const k = (invocations.get(c.tool) ?? 0) + 1
      invocations.set(c.tool, k)
      c.invocation = k
      if ('thrown' in p) {
        c.status = 'thrown'
        continue
      }
      const r = rec(p.result)
      c.status = r.status === 'ok' || r.status === 'insufficient' || r.status === 'error' ? r.status : null
      c.observation = r.observation ?? null
      const { coarse, fine } = rec(r.config)
      c.coarse = typeof coarse === 'string' ? coarse : null
      c.fine = typeof fine === 'string' ? fine : null
      // Until a rule check or verdict says otherwise: with verification off an ok result passes straight through.
      c.fate = c.status === 'ok' ? 'unverified' : 'failed'
    } else if (step.kind === 'rule_check') {
      if (p.passed === false) {
        c.fate = 'rule_failed'
        c.rule = typeof p.rule === 'string' ? p.rule : 'rule'
      }
    } else if (step.kind === 'prior') {
      const pr = p.prior === null ? null : rec(p.prior)
      c.prior = pr && typeof pr.r_hat === 'number' ? { r_hat: pr.r_hat, level: String(pr.level) } : null
    } else if (step.kind === 'verdict') {
      c.fate = p.decision === 'accept' ? 'accepted' : p.decision === 'reject' ? 'rejected' : 'requested'
      c.needed = p.decision === 'request_evidence' && Array.isArray(p.needed) ? p.needed.filter((k): k is string => typeof k === 'string') : []
    }
  }
  return [...calls.values()].sort((a, b) => a.call - b.call)
}

/** Calls that produced an observation (an ok result of perceive, measure or execute). */
export function observationCalls(calls: readonly RunCall[]): RunCall[] {
  return calls.filter((c) => c.status === 'ok' && (c.tool === 'perceive' || c.tool === 'measure' || c.tool === 'execute'))
}

/** The numbers an observation carries, by key: a scalar's `value`, a table's statistics, a choice's value. */
export function observationNumbers(observation: unknown): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [k, v] of Object.entries(rec(observation))) if (typeof v === 'number' && Number.isFinite(v)) out[k] = v
  return out
}
