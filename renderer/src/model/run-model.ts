/**
 * One run as the window shows it, reduced from its RunEvents (main/domain/run-events.ts), the one typed shape the
 * agent records and the contract carries. A live run (events streamed as they happen) and a run reopened from
 * history (all its stored events) go through the same reducer, so the timeline looks the same either way. Pure
 * data: no React, no transport, and no parsing: the events arrive parsed.
 */
import type { AnswerOption } from '../../../main/domain/options'
import type { PriorValue, QuestionPart, RunEvent, RunEventOf, RunEventPayload, StoredToolResult } from '../../../main/domain/run-events'

/** One step of a run: a RunEvent of the contract (main/domain/run-events.ts), already typed where it was read. */
export type RunStep = RunEvent

/** A call's ToolResult as the loop stored it (read leniently: a faulty tool's result is still shown). */
export type ToolResultView = StoredToolResult

export type PriorView = PriorValue

export type { Decision } from '../../../main/domain/run-events'
import type { Decision } from '../../../main/domain/run-events'

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
  /** running until a result, rule failure or verdict arrives; stopped when the run ended first (cancelled, failed). */
  phase: 'running' | 'done' | 'stopped'
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

/** The answer as the run recorded it (the contract's shape, one owner: main/domain/run-events.ts), whole. */
export type AnswerView = RunEventPayload<'answer'>

export interface RunView {
  question: string
  options: AnswerOption[]
  taskType: string | null
  settings: Record<string, unknown>
  /** Top-level calls in order; follow-ups are inside their origin's `followUps`. */
  calls: CallView[]
  /** Every call by number (top-level and follow-ups). */
  byCall: Map<number, CallView>
  /** Each plan step; a refusal's carries the parts of the question it could not read and the phrases it did. */
  plans: { turn: number; kind: string; thought: string | null; unread: QuestionPart[]; read: { text: string; role: string }[] }[]
  /** Follow-up call number -> the call whose evidence request it answers (a 'follow_up' step precedes its call). */
  origins: Map<number, number>
  notes: string[]
  answer: AnswerView | null
  error: { message: string; cancelled: boolean } | null
  status: 'running' | 'done' | 'failed' | 'cancelled'
}

/** A run that ended (cancelled, failed, interrupted) while calls were going: those calls stopped, none runs on. */
export function stopCalls(run: RunView): RunView {
  if (![...run.byCall.values()].some((c) => c.phase === 'running')) return run
  const next: RunView = { ...run, byCall: new Map(run.byCall) }
  for (const c of next.byCall.values()) if (c.phase === 'running') next.byCall.set(c.call, { ...c, phase: 'stopped' })
  relink(next)
  return next
}

export function emptyRun(): RunView {
  return {
    question: '',
    options: [],
    taskType: null,
    settings: {},
    calls: [],
    byCall: new Map(),
    plans: [],
    origins: new Map(),
    notes: [],
    answer: null,
    error: null,
    status: 'running',
  }
}

/** A plan step as the timeline and a refusal's fields read it (a refusal's reading is empty on other steps). */
function planView(p: RunEventOf<'plan'>['payload'], turn: number): RunView['plans'][number] {
  return { turn: p.turn || turn, kind: p.kind, thought: p.thought ?? null, unread: p.unread ?? [], read: p.read ?? [] }
}

/** Apply one event to a run (returns a new run object; call views are copied on write so React sees the change). */
export function applyStep(run: RunView, step: RunStep): RunView {
  const next: RunView = { ...run, byCall: new Map(run.byCall) }
  const touch = (n: number | null, change: (c: CallView) => void) => {
    const call = n === null ? undefined : next.byCall.get(n)
    if (!call) return
    const copy: CallView = { ...call }
    change(copy)
    next.byCall.set(copy.call, copy)
    relink(next)
  }
  switch (step.kind) {
    case 'task': {
      const p = step.payload
      next.question = p.question
      next.options = p.options
      next.taskType = p.task_type || null
      next.settings = p.settings
      break
    }
    case 'plan':
      next.plans = [...run.plans, planView(step.payload, run.plans.length + 1)]
      break
    case 'follow_up':
      if (step.call !== null) next.origins = new Map(run.origins).set(step.call, step.payload.origin)
      break
    case 'tool_call': {
      if (step.call === null) break
      const p = step.payload
      const call: CallView = {
        call: step.call,
        stepSeq: step.seq,
        tool: p.tool,
        args: p.args,
        purpose: p.purpose ?? null,
        followUp: p.followUp,
        origin: next.origins.get(step.call) ?? null,
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
      next.byCall.set(step.call, call)
      relink(next)
      break
    }
    case 'tool_result': {
      const { result, thrown, ms } = step.payload
      touch(step.call, (c) => {
        if (!result) {
          c.thrown = thrown ?? 'the tool failed'
          c.phase = 'done'
        } else {
          c.result = result
          c.ms = ms ?? null
          // Tools that are not verified (retrieve) end here.
          if (c.tool === 'retrieve') c.phase = 'done'
        }
      })
      break
    }
    case 'rule_check': {
      const p = step.payload
      touch(step.call, (c) => {
        c.rules = { passed: p.passed, checked: p.checked, rule: p.rule ?? null, diagnosis: p.diagnosis ?? null }
        if (!p.passed) c.phase = 'done'
      })
      break
    }
    case 'prior': {
      const p = step.payload
      touch(step.call, (c) => {
        c.prior = p.prior
        c.priorConfig = p.config
      })
      break
    }
    case 'verdict': {
      const p = step.payload
      touch(step.call, (c) => {
        c.verdict = { decision: p.decision, feedback: p.feedback, needed: p.needed, caveats: p.caveats, verifier: p.verifier ?? '' }
        c.phase = 'done'
      })
      break
    }
    case 'give_up': {
      const p = step.payload
      next.notes = [...run.notes, `Gave up on the evidence request of call ${p.origin} after ${p.followUps} follow-ups: ${p.feedback}`]
      break
    }
    case 'budget_exhausted':
      next.notes = [...run.notes, `The budget of ${step.payload.max} tool calls was used up.`]
      break
    case 'answer': {
      next.answer = step.payload
      next.status = 'done'
      for (const c of next.byCall.values()) if (c.phase === 'running') next.byCall.set(c.call, { ...c, phase: 'done' })
      relink(next)
      break
    }
    case 'error':
      next.error = { message: step.payload.message, cancelled: step.payload.cancelled }
      next.status = step.payload.cancelled ? 'cancelled' : 'failed'
      return stopCalls(next)
    case 'other':
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
