/**
 * Stored trajectory steps (main/agent/trajectory.ts, as the loop records them) in the contract's `RunStep` shape:
 * the fields the desk shows, typed, plus `raw`, the payload as stored. The same mapping serves live `run.step`
 * events and `runs.get` of a stored run, so a reopened run reads exactly like the live one. A payload that does
 * not fit its kind's view (an older run, a field the agent renamed) becomes kind 'other' rather than being lost.
 */
import { RunStep, type RunStep as RunStepShape } from '../../preload/contract'
import type { TrajectoryStep } from '../store/runs'

type Rec = Record<string, unknown>

const rec = (v: unknown): Rec => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {})
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
const positive = (v: unknown): number | null => {
  const n = int(v)
  return n !== null && n > 0 ? n : null
}

function config(v: unknown): { tool: string; coarse: string; fine: string } | null {
  const c = rec(v)
  return typeof c.tool === 'string' && typeof c.coarse === 'string' && typeof c.fine === 'string' ? { tool: c.tool, coarse: c.coarse, fine: c.fine } : null
}

function view(kind: string, p: Rec): Rec {
  switch (kind) {
    case 'task':
      return { question: str(p.question) ?? '', taskType: str(p.task_type), classifiedBy: str(p.classified_by), settings: rec(p.settings) }
    case 'plan': {
      const calls = Array.isArray(p.calls) ? p.calls.map((c) => ({ tool: str(rec(c).tool) ?? '?', args: rec(c).args ?? null, purpose: str(rec(c).purpose) })) : []
      return { turn: int(p.turn), thought: str(p.thought), finish: p.kind === 'finish' || calls.length === 0, calls }
    }
    case 'tool_call':
      return { tool: str(p.tool) ?? '?', args: p.args ?? null, purpose: str(p.purpose), followUp: p.followUp === true }
    case 'tool_result': {
      if (typeof p.thrown === 'string') return { status: 'thrown', reason: p.thrown, ms: num(p.ms), observation: null, evidence: null, artifacts: [], config: null }
      const r = rec(p.result)
      const e = rec(r.evidence)
      const evidence = r.evidence ? { source: rec(e.source), intermediate: rec(e.intermediate), validity: rec(e.validity) } : null
      const artifacts = Array.isArray(r.artifacts)
        ? r.artifacts.map(rec).filter((a) => typeof a.path === 'string').map((a) => ({ kind: str(a.kind) ?? 'layer', path: a.path as string, sha256: str(a.sha256) ?? '' }))
        : []
      return { status: r.status, reason: str(r.reason), ms: num(p.ms), observation: r.observation ?? null, evidence, artifacts, config: config(r.config) }
    }
    case 'rule_check':
      return { passed: p.passed === true, rule: str(p.rule), diagnosis: str(p.diagnosis) }
    case 'prior': {
      const pr = p.prior === null || p.prior === undefined ? null : rec(p.prior)
      return { taskType: str(p.taskType), config: config(p.config), prior: pr && { r_hat: pr.r_hat, level: pr.level, n: pr.n, n_valid: pr.n_valid, source: str(pr.source) ?? '' } }
    }
    case 'verdict':
      return { decision: p.decision, feedback: str(p.feedback) ?? '', needed: strings(p.needed), caveats: strings(p.caveats), verifier: str(p.verifier) }
    case 'follow_up':
      return { parent: positive(p.origin), number: int(p.number), of: int(p.of) }
    case 'give_up':
      return { parent: positive(p.origin), feedback: str(p.feedback) }
    case 'budget_exhausted':
      return { used: int(p.used), max: int(p.max) }
    case 'answer':
      return {
        answer: str(p.answer) ?? '',
        explanation: str(p.explanation) ?? '',
        choice: str(p.choice),
        value: num(p.value),
        unit: str(p.unit),
        basis: Array.isArray(p.basis) ? p.basis.filter((b): b is number => Number.isInteger(b)) : [],
        missing: strings(p.missing),
        grounded: p.grounded !== false,
      }
    case 'error':
      return { message: str(p.message) ?? 'The run failed.', cancelled: p.cancelled === true }
    default:
      return {}
  }
}

/** One stored step as a contract RunStep (never throws; unknown or malformed payloads become kind 'other'). */
export function toRunStep(runId: string, step: Pick<TrajectoryStep, 'seq' | 'kind' | 'payload' | 'createdAt'>): RunStepShape {
  const p = rec(step.payload)
  const base = { runId, seq: step.seq, at: step.createdAt, call: positive(p.call), raw: step.payload }
  const typed = RunStep.safeParse({ ...base, kind: step.kind, ...view(step.kind, p) })
  if (typed.success) return typed.data
  return { ...base, kind: 'other', storedKind: step.kind }
}
