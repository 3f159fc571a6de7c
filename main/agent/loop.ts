/**
 * The verified ReAct loop (DESIGN section 5, paper section 4.4).
 *
 * The planner proposes calls; each perceive/measure/execute result goes through the deterministic rules, then the
 * prior lookup, then the semantic verifier in its own context. Only accepted triples enter the verified history;
 * everything else reaches the planner as a decision with feedback or a diagnosis. Budgets: H_max tool calls in all,
 * K_max follow-up calls per evidence request. Every step is recorded as it happens.
 */
import { canonicalCall } from '../verify/canonical-args'
import { routeFor } from '../verify/evidence-routes'
import type { PriorLookup } from '../verify/prior-lookup'
import type { SemanticVerifier, ToolAction, VerifierImage } from '../verify/verdict'
import type { ToolContext } from '../tools/tool'
import type { ToolResult } from '../tools/protocol'
import { makeCall, throwIfAborted, type RunState } from './loop-call'
import type { LoopEvent, OpenRequest, PlannedCall, Planner, PlannerStep, PlannerView } from './loop-events'
import type { TaskSpec } from './task'
import type { ToolRegistry } from './tool-registry'
import type { TrajectoryRecorder } from './trajectory'
import { VerifiedHistory } from './verified-history'

/** Tool-call budget per run (paper: H_max = 10). */
export const H_MAX = 10
/** Follow-up calls allowed per evidence request (paper: K_max = 3). */
export const K_MAX = 3

export interface LoopOptions {
  task: TaskSpec
  taskType: string
  planner: Planner
  /** The semantic verifier; null switches verification off (RSure-Base passes results straight through). */
  verifier: SemanticVerifier | null
  prior: PriorLookup
  registry: ToolRegistry
  toolContext: ToolContext
  recorder: TrajectoryRecorder
  /** The images shown to the verifier for one result (with the evidence drawn on them where it can be). */
  verifierImages?: (task: TaskSpec, result: ToolResult) => Promise<VerifierImage[]>
  hMax?: number
  kMax?: number
  signal?: AbortSignal
}

export type StopReason = 'finished' | 'budget_exhausted'

export interface LoopOutcome {
  history: VerifiedHistory
  events: LoopEvent[]
  toolCalls: number
  stop: StopReason
  abandoned: OpenRequest[]
}

export async function runLoop(opts: LoopOptions): Promise<LoopOutcome> {
  const hMax = opts.hMax ?? H_MAX
  const kMax = opts.kMax ?? K_MAX
  const state: RunState = { opts, history: new VerifiedHistory(), previousCalls: new Set(), pending: new Map(), request: null }
  const run = { events: [] as LoopEvent[], abandoned: [] as OpenRequest[], used: 0, turn: 0 }
  const outcome = (stop: StopReason): LoopOutcome => ({ history: state.history, events: run.events, toolCalls: run.used, stop, abandoned: run.abandoned })

  while (run.used < hMax) {
    throwIfAborted(opts.signal)
    run.turn += 1
    const step = await plannerTurn(state, { ...run, hMax, kMax })
    if (step.kind === 'finish' || step.calls.length === 0) return outcome('finished')
    for (const proposed of step.calls) {
      if (run.used >= hMax) break
      throwIfAborted(opts.signal)
      run.used += 1
      const event = await followUpCall(state, proposed, { call: run.used, turn: run.turn, kMax })
      run.events.push(event)
      const given = updateRequest(state, event, kMax)
      if (given) run.abandoned.push(given)
    }
  }
  opts.recorder.record('budget_exhausted', { used: run.used, max: hMax })
  return outcome('budget_exhausted')
}

/** The planner's turn: what it sees of the run (paper Eq. 11) and the step it proposes, recorded. */
async function plannerTurn(
  { opts, request }: RunState,
  run: { events: LoopEvent[]; abandoned: OpenRequest[]; used: number; turn: number; hMax: number; kMax: number },
): Promise<PlannerStep> {
  const view: PlannerView = {
    task: opts.task,
    taskType: opts.taskType,
    tools: opts.registry.names(),
    events: run.events,
    budget: { used: run.used, max: run.hMax },
    request: request ? { ...request, followUpsLeft: run.kMax - request.followUpsUsed } : null,
    abandoned: run.abandoned,
  }
  const step = await opts.planner.next(view, opts.signal)
  opts.recorder.record('plan', { turn: run.turn, ...step })
  return step
}

/** A call made while a request is open counts as one of its follow-ups (and may be replaced by the verifier's route). */
function followUpCall(state: RunState, proposed: PlannedCall, at: { call: number; turn: number; kMax: number }): Promise<LoopEvent> {
  const { request, opts } = state
  const planned = request && opts.verifier ? asRequested(proposed, request, state.pending, state.previousCalls) : proposed
  if (request) {
    request.followUpsUsed += 1
    opts.recorder.record('follow_up', { call: at.call, origin: request.origin, number: request.followUpsUsed, of: at.kMax })
  }
  return makeCall(state, planned, { call: at.call, turn: at.turn, followUp: request !== null })
}

/**
 * Evidence-request bookkeeping (paper 4.4): a request stays open until a verdict of accept or reject, or K_max
 * follow-ups. Returns the request given up on, if one was.
 */
function updateRequest(state: RunState, event: LoopEvent, kMax: number): OpenRequest | null {
  if (event.kind === 'verdict' && event.decision === 'request_evidence') {
    if (!state.request) state.request = { origin: event.call, feedback: event.feedback, needed: event.needed, followUpsUsed: 0 }
    else {
      state.request.feedback = event.feedback
      state.request.needed = event.needed
    }
  } else if (event.kind === 'accepted' || (event.kind === 'verdict' && event.decision === 'reject')) {
    state.request = null
  }
  const request = state.request
  if (!request || request.followUpsUsed < kMax) return null
  state.opts.recorder.record('give_up', { origin: request.origin, followUps: request.followUpsUsed, feedback: request.feedback })
  state.request = null
  return request
}

/**
 * A follow-up that repeats a call already made is no new evidence: the planner could not compute the route the
 * verifier named (a persistent misreading turns it back into the questioned call). The verifier's own route, the
 * edit its request names applied to the call the request is about, is run in its place when that is a new call;
 * otherwise the planned call goes on (and fails the novelty rule).
 */
function asRequested(
  planned: PlannedCall,
  request: OpenRequest,
  pending: ReadonlyMap<number, { action: ToolAction }>,
  previousCalls: ReadonlySet<string>,
): PlannedCall {
  const origin = pending.get(request.origin)
  if (!origin || origin.action.tool !== planned.tool || !previousCalls.has(canonicalCall(planned.tool, planned.args))) return planned
  const route = routeFor(request.needed, origin.action.args)
  if (!route || previousCalls.has(canonicalCall(planned.tool, route.args))) return planned
  const purpose = `${route.purpose} (the planned follow-up repeated an earlier call, so the route the verifier named for call ${request.origin} is run instead)`
  return { ...planned, args: route.args, purpose }
}
