/**
 * One run as the window shows it, built from the steps the agent records (main/agent/trajectory.ts). A live run
 * (steps streamed as they happen) and a run reopened from history (all its stored steps) go through the same
 * reducer, so the timeline looks the same either way. Pure data: no React, no transport.
 */

/** One recorded step: `kind` and `payload` as main/agent/loop.ts and run-agent.ts write them. */
export interface RunStep {
  seq: number
  kind: string
  payload: unknown
  at?: string
}

export interface ToolResultView {
  status: 'ok' | 'insufficient' | 'error'
  reason?: string
  observation: unknown
  evidence: { source: Record<string, unknown>; intermediate: Record<string, unknown>; validity: Record<string, unknown> }
  artifacts: { kind: string; path: string; sha256: string }[]
  config: { tool: string; coarse: string; fine: string }
}

export interface PriorView {
  r_hat: number
  level: 'fine' | 'coarse'
  n: number
  n_valid: number
  source: string
}

export type Decision = 'accept' | 'request_evidence' | 'reject'

export interface CallView {
  call: number
  /** seq of the call's tool_call step (feedback on an observation names any step of its call). */
  stepSeq: number
  tool: string
  args: unknown
  purpose: string | null
  followUp: boolean
  /** For a follow-up: the call whose evidence request it answers. */
  origin: number | null
  /** running until a result, rule failure or verdict arrives. */
  phase: 'running' | 'done'
  ms: number | null
  result: ToolResultView | null
  /** The call threw before returning a result. */
  thrown: string | null
  rules: { passed: boolean; checked: string[]; rule: string | null; diagnosis: string | null } | null
  /** undefined: not looked up (yet); null: looked up, uncalibrated or switched off. */
  prior: PriorView | null | undefined
  priorConfig: { tool: string; coarse: string; fine: string } | null
  verdict: { decision: Decision; feedback: string; needed: string[]; caveats: string[]; verifier: string } | null
  /** Follow-ups nested under the request that caused them. */
  followUps: CallView[]
}

export interface AnswerView {
  answer: string
  explanation: string
  choice: string | null
  value: number | null
  unit: string | null
  basis: number[]
  missing: string[]
}

export interface RunView {
  question: string
  options: { letter: string; text: string }[]
  taskType: string | null
  settings: Record<string, unknown>
  /** Top-level calls in order; follow-ups are inside their origin's `followUps`. */
  calls: CallView[]
  /** Every call by number (top-level and follow-ups). */
  byCall: Map<number, CallView>
  plans: { turn: number; kind: string; thought: string | null }[]
  /** Follow-up call number -> the call whose evidence request it answers (a 'follow_up' step precedes its call). */
  origins: Map<number, number>
  notes: string[]
  answer: AnswerView | null
  error: { message: string; cancelled: boolean } | null
  status: 'running' | 'done' | 'failed' | 'cancelled'
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

export function emptyRun(): RunView {
  return { question: '', options: [], taskType: null, settings: {}, calls: [], byCall: new Map(), plans: [], origins: new Map(), notes: [], answer: null, error: null, status: 'running' }
}

function readOptions(v: unknown): { letter: string; text: string }[] {
  if (!Array.isArray(v)) return []
  return v.flatMap((o) => {
    const r = obj(o)
    return typeof r.letter === 'string' ? [{ letter: r.letter, text: str(r.text) ?? '' }] : typeof o === 'string' ? [{ letter: '', text: o }] : []
  })
}

/** Apply one step to a run (returns a new run object; call views are copied on write so React sees the change). */
export function applyStep(run: RunView, step: RunStep): RunView {
  const p = obj(step.payload)
  const next: RunView = { ...run, byCall: new Map(run.byCall) }
  const touch = (n: unknown, change: (c: CallView) => void) => {
    const call = typeof n === 'number' ? next.byCall.get(n) : undefined
    if (!call) return
    const copy: CallView = { ...call }
    change(copy)
    next.byCall.set(copy.call, copy)
    relink(next)
  }
  switch (step.kind) {
    case 'task':
      next.question = str(p.question) ?? ''
      next.options = readOptions(p.options)
      next.taskType = str(p.task_type)
      next.settings = obj(p.settings)
      break
    case 'plan':
      next.plans = [...run.plans, { turn: Number(p.turn) || run.plans.length + 1, kind: str(p.kind) ?? 'calls', thought: str(p.thought) }]
      break
    case 'follow_up':
      next.origins = new Map(run.origins).set(Number(p.call), Number(p.origin))
      break
    case 'tool_call': {
      const n = Number(p.call)
      const origin = next.origins.get(n) ?? null
      const call: CallView = {
        call: n,
        stepSeq: step.seq,
        tool: str(p.tool) ?? '?',
        args: p.args,
        purpose: str(p.purpose),
        followUp: p.followUp === true,
        origin,
        phase: 'running',
        ms: null,
        result: null,
        thrown: null,
        rules: null,
        prior: undefined,
        priorConfig: null,
        verdict: null,
        followUps: [],
      }
      next.byCall.set(n, call)
      relink(next)
      break
    }
    case 'tool_result':
      touch(p.call, (c) => {
        if (typeof p.thrown === 'string') {
          c.thrown = p.thrown
          c.phase = 'done'
        } else {
          c.result = p.result as ToolResultView
          c.ms = typeof p.ms === 'number' ? p.ms : null
          // Tools that are not verified (retrieve) end here.
          if (c.tool === 'retrieve') c.phase = 'done'
        }
      })
      break
    case 'rule_check':
      touch(p.call, (c) => {
        c.rules = { passed: p.passed === true, checked: strs(p.checked), rule: str(p.rule), diagnosis: str(p.diagnosis) }
        if (!c.rules.passed) c.phase = 'done'
      })
      break
    case 'prior':
      touch(p.call, (c) => {
        c.prior = (p.prior as PriorView | null) ?? null
        c.priorConfig = (p.config as CallView['priorConfig']) ?? null
      })
      break
    case 'verdict':
      touch(p.call, (c) => {
        c.verdict = {
          decision: (str(p.decision) as Decision) ?? 'reject',
          feedback: str(p.feedback) ?? '',
          needed: strs(p.needed),
          caveats: strs(p.caveats),
          verifier: str(p.verifier) ?? '',
        }
        c.phase = 'done'
      })
      break
    case 'give_up':
      next.notes = [...run.notes, `Gave up on the evidence request of call ${p.origin} after ${p.followUps} follow-ups: ${str(p.feedback) ?? ''}`]
      break
    case 'budget_exhausted':
      next.notes = [...run.notes, `The budget of ${p.max} tool calls was used up.`]
      break
    case 'answer':
      next.answer = {
        answer: str(p.answer) ?? '',
        explanation: str(p.explanation) ?? '',
        choice: str(p.choice),
        value: typeof p.value === 'number' ? p.value : null,
        unit: str(p.unit),
        basis: Array.isArray(p.basis) ? p.basis.filter((x): x is number => typeof x === 'number') : [],
        missing: strs(p.missing),
      }
      next.status = 'done'
      for (const c of next.byCall.values()) if (c.phase === 'running') next.byCall.set(c.call, { ...c, phase: 'done' })
      relink(next)
      break
    case 'error':
      next.error = { message: str(p.message) ?? 'The run failed.', cancelled: p.cancelled === true }
      next.status = p.cancelled === true ? 'cancelled' : 'failed'
      break
  }
  return next
}

/** Rebuild the nested call list from `byCall`: a follow-up goes under its origin (or under the origin's origin). */
function relink(run: RunView): void {
  const all = [...run.byCall.values()].sort((a, b) => a.call - b.call)
  const nested = new Map<number, CallView>()
  for (const c of all) nested.set(c.call, { ...c, followUps: [] })
  const top: CallView[] = []
  for (const c of all) {
    const me = nested.get(c.call)!
    const parent = c.origin !== null ? nested.get(c.origin) : undefined
    if (parent) parent.followUps.push(me)
    else top.push(me)
  }
  run.calls = top
}

export function buildRun(steps: RunStep[]): RunView {
  return [...steps].sort((a, b) => a.seq - b.seq).reduce(applyStep, emptyRun())
}

/** Calls whose observation was accepted (they may feed the answer). */
export function acceptedCalls(run: RunView): CallView[] {
  return [...run.byCall.values()].filter((c) => c.verdict?.decision === 'accept').sort((a, b) => a.call - b.call)
}
