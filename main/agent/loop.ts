/**
 * The verified ReAct loop (DESIGN section 5, paper section 4.4).
 *
 * The planner proposes calls; each perceive/measure/execute result goes through the deterministic rules, then the
 * prior lookup, then the semantic verifier in its own context. Only accepted triples enter the verified history;
 * everything else reaches the planner as a decision with feedback or a diagnosis. Budgets: H_max tool calls in all,
 * K_max follow-up calls per evidence request. Every step is recorded as it happens.
 */
import { OBSERVATION_TOOLS } from '../prior/trajectory-steps'
import { canonicalCall } from '../verify/canonical-args'
import { routeFor } from '../verify/evidence-routes'
import type { PriorLookup } from '../verify/prior-lookup'
import { checkRules, noveltyDiagnosis } from '../verify/rule-checks'
import type { SemanticVerifier, ToolAction, Verdict, VerifierImage } from '../verify/verdict'
import type { ToolContext } from '../tools/tool'
import type { ToolResult } from '../tools/protocol'
import type { LoopEvent, OpenRequest, PlannedCall, Planner, PlannerView } from './loop-events'
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

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('the run was cancelled')
}

/** A tool that ignores its signal must not hold a cancelled run: settle as soon as the signal aborts. */
function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('the run was cancelled'))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export async function runLoop(opts: LoopOptions): Promise<LoopOutcome> {
  const hMax = opts.hMax ?? H_MAX
  const kMax = opts.kMax ?? K_MAX
  const { recorder, signal } = opts
  const history = new VerifiedHistory()
  const events: LoopEvent[] = []
  const previousCalls = new Set<string>()
  const abandoned: OpenRequest[] = []
  let request: OpenRequest | null = null
  /**
   * Observations the verifier asked more evidence for, by call: a follow-up is verified beside its origin, and an
   * origin a third route confirms is accepted from here. `inDoubt`: the request asked for more than corroboration.
   */
  const pending = new Map<number, { action: ToolAction; raw: ToolResult; inDoubt: boolean }>()
  let used = 0
  let turn = 0

  const view = (): PlannerView => ({
    task: opts.task,
    taskType: opts.taskType,
    tools: opts.registry.names(),
    events,
    budget: { used, max: hMax },
    request: request ? { ...request, followUpsLeft: kMax - request.followUpsUsed } : null,
    abandoned,
  })

  while (used < hMax) {
    throwIfAborted(signal)
    turn += 1
    const step = await opts.planner.next(view(), signal)
    recorder.record('plan', { turn, ...step })
    if (step.kind === 'finish' || step.calls.length === 0) return { history, events, toolCalls: used, stop: 'finished', abandoned }

    for (const proposed of step.calls) {
      if (used >= hMax) break
      throwIfAborted(signal)
      used += 1
      const followUp = request !== null
      const planned = request && opts.verifier ? asRequested(proposed, request, pending, previousCalls) : proposed
      if (request) {
        request.followUpsUsed += 1
        recorder.record('follow_up', { call: used, origin: request.origin, number: request.followUpsUsed, of: kMax })
      }
      const event = await makeCall(planned, { call: used, turn, followUp })
      events.push(event)

      // Evidence-request bookkeeping (paper 4.4): a request stays open until a verdict of accept or reject, or K_max.
      if (event.kind === 'verdict' && event.decision === 'request_evidence') {
        if (!request) request = { origin: used, feedback: event.feedback, needed: event.needed, followUpsUsed: 0 }
        else {
          request.feedback = event.feedback
          request.needed = event.needed
        }
      } else if (event.kind === 'accepted' || (event.kind === 'verdict' && event.decision === 'reject')) {
        request = null
      }
      if (request && request.followUpsUsed >= kMax) {
        recorder.record('give_up', { origin: request.origin, followUps: request.followUpsUsed, feedback: request.feedback })
        abandoned.push(request)
        request = null
      }
    }
  }
  recorder.record('budget_exhausted', { used, max: hMax })
  return { history, events, toolCalls: used, stop: 'budget_exhausted', abandoned }

  async function makeCall(planned: PlannedCall, where: { call: number; turn: number; followUp: boolean }): Promise<LoopEvent> {
    const action: ToolAction = { tool: planned.tool, args: planned.args }
    const base = { ...where, callId: planned.callId, action }
    recorder.record('tool_call', { call: where.call, tool: planned.tool, args: planned.args, purpose: planned.purpose ?? null, followUp: where.followUp })

    const tool = opts.registry.get(planned.tool)
    if (!tool) {
      const diagnosis = `There is no tool named '${planned.tool}' in this run; available: ${opts.registry.names().join(', ') || 'none'}.`
      recorder.record('rule_check', { call: where.call, passed: false, rule: 'unknown_tool', diagnosis })
      return { ...base, kind: 'rule_failed', rule: 'unknown_tool', diagnosis }
    }
    const parsedArgs = tool.args.safeParse(planned.args)
    if (!parsedArgs.success) {
      const issue = parsedArgs.error.issues[0]
      const diagnosis = `The ${tool.name} arguments are invalid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`
      recorder.record('rule_check', { call: where.call, passed: false, rule: 'arguments', diagnosis })
      previousCalls.add(canonicalCall(planned.tool, planned.args))
      return { ...base, kind: 'rule_failed', rule: 'arguments', diagnosis }
    }

    const canonical = canonicalCall(planned.tool, planned.args)
    let raw: ToolResult
    const started = performance.now()
    if (opts.verifier && previousCalls.has(canonical)) {
      // Novelty is decided before running: a repeated call costs a budget slot but no compute.
      const diagnosis = noveltyDiagnosis(tool.name)
      recorder.record('rule_check', { call: where.call, passed: false, rule: 'novelty', diagnosis })
      return { ...base, kind: 'rule_failed', rule: 'novelty', diagnosis }
    }
    try {
      raw = await untilAborted(tool.run(parsedArgs.data, opts.toolContext), signal)
    } catch (err) {
      throwIfAborted(signal)
      const diagnosis = `The ${tool.name} call failed: ${(err as Error).message}`
      recorder.record('tool_result', { call: where.call, thrown: diagnosis })
      previousCalls.add(canonical)
      const own = REFUSAL_ERRORS.has((err as Error)?.name) && typeof (err as Error).message === 'string'
      return { ...base, kind: 'tool_failed', diagnosis, ...(own ? { reason: (err as Error).message } : {}) }
    }
    recorder.record('tool_result', { call: where.call, ms: Math.round(performance.now() - started), result: raw })

    if (!OBSERVATION_TOOLS.has(tool.name)) {
      previousCalls.add(canonical)
      if (raw.status !== 'ok') return { ...base, kind: 'tool_failed', diagnosis: `${tool.name} returned '${raw.status}': ${raw.reason}` }
      history.add({ kind: 'card', call: where.call, action, cards: raw.observation })
      return { ...base, kind: 'cards', cards: raw.observation }
    }

    if (!opts.verifier) {
      previousCalls.add(canonical)
      if (raw.status !== 'ok') return { ...base, kind: 'tool_failed', diagnosis: `${tool.name} returned '${raw.status}': ${raw.reason}` }
      history.add({
        kind: 'observation',
        call: where.call,
        action,
        observation: raw.observation,
        evidence: raw.evidence,
        config: raw.config,
        artifacts: raw.artifacts,
        status: 'unverified',
        caveats: [],
        feedback: 'verification switched off',
        prior: null,
      })
      return { ...base, kind: 'unverified', observation: raw.observation, evidence: raw.evidence }
    }

    const rules = checkRules(tool.name, raw, { evidence: tool.evidence })
    previousCalls.add(canonical)
    recorder.record('rule_check', { call: where.call, ...rules })
    if (!rules.passed)
      return {
        ...base,
        kind: 'rule_failed',
        rule: rules.rule,
        diagnosis: rules.diagnosis,
        ...(rules.rule === 'status' && raw.status !== 'ok' && typeof raw.reason === 'string' ? { reason: raw.reason } : {}),
      }

    const prior = opts.prior.lookup(opts.taskType, raw.config)
    recorder.record('prior', { call: where.call, taskType: opts.taskType, config: raw.config, prior })
    const images = opts.verifierImages ? await opts.verifierImages(opts.task, raw) : opts.task.images.map((path) => ({ path }))
    let verdict: Verdict
    try {
      verdict = await opts.verifier.verify(
        {
          images,
          question: opts.task.question,
          options: opts.task.options.map((o) => `${o.letter}. ${o.text}`),
          taskType: opts.taskType,
          action,
          status: raw.status,
          observation: raw.observation,
          evidence: raw.evidence,
          config: raw.config,
          prior,
          corroborates: corroborated(),
        },
        signal,
      )
    } catch (err) {
      throwIfAborted(signal)
      // A verifier that cannot decide never lets the observation through.
      verdict = { decision: 'reject', feedback: `The verifier failed (${(err as Error).message}); the observation stays unverified.`, needed: [], caveats: [] }
    }
    recorder.record('verdict', { call: where.call, verifier: opts.verifier.name, ...verdict })
    if (verdict.decision === 'request_evidence') keepPending(where.call, action, raw, verdict.needed)
    confirmOrigin(verdict)
    if (verdict.decision === 'accept') {
      history.add({
        kind: 'observation',
        call: where.call,
        action,
        observation: raw.observation,
        evidence: raw.evidence,
        config: raw.config,
        artifacts: raw.artifacts,
        status: 'accepted',
        caveats: verdict.caveats,
        feedback: verdict.feedback,
        prior,
      })
      return { ...base, kind: 'accepted', observation: raw.observation, evidence: raw.evidence, caveats: verdict.caveats, feedback: verdict.feedback }
    }
    return { ...base, kind: 'verdict', decision: verdict.decision, feedback: verdict.feedback, needed: verdict.needed, files: evidenceFiles(raw.evidence) }
  }

  /** The observation the open request is about, as the verifier compares a follow-up with it. */
  function corroborated(): { call: number; action: ToolAction; observation: unknown; inDoubt: boolean } | null {
    const p = request ? pending.get(request.origin) : undefined
    return request && p ? { call: request.origin, action: p.action, observation: p.raw.observation, inDoubt: p.inDoubt } : null
  }

  /**
   * A request opened on a call keeps that call as the reference of its follow-ups. A follow-up asked for
   * corroboration while the reference's own evidence left it in doubt becomes the reference instead: the request is
   * now about the follow-up (a value already in doubt is no yardstick).
   */
  function keepPending(call: number, action: ToolAction, raw: ToolResult, needed: readonly string[]): void {
    const inDoubt = !needed.every((k) => k === 'corroboration')
    if (!request) pending.set(call, { action, raw, inDoubt })
    else if (pending.get(request.origin)?.inDoubt && needed.includes('corroboration')) {
      pending.set(call, { action, raw, inDoubt })
      request.origin = call
    }
  }

  /** A follow-up rejected because a third route sided with the observation it followed up: that one is accepted. */
  function confirmOrigin(verdict: Verdict): void {
    const origin = verdict.decision === 'reject' && request && verdict.confirms === request.origin ? pending.get(request.origin) : undefined
    if (!origin || !request) return
    history.add({
      kind: 'observation',
      call: request.origin,
      action: origin.action,
      observation: origin.raw.observation,
      evidence: origin.raw.evidence,
      config: origin.raw.config,
      artifacts: origin.raw.artifacts,
      status: 'accepted',
      caveats: [],
      feedback: verdict.feedback,
      prior: null,
    })
  }
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

/** Errors whose message is an engine's own one-sentence refusal of a file (never JavaScript's text). */
const REFUSAL_ERRORS = new Set([
  'CatalogError',
  'InputImageError',
  'MtlError',
  'ImageFileError',
  'TiffFormatError',
  'BudgetError',
  'SpecialFileError',
  'AccessError',
  'FileFormatError',
  'PreviewError',
])

/** Base names of the image files an observation's evidence names as its sources (provenance paths), at most 3. */
function evidenceFiles(evidence: unknown): string[] {
  const found = new Set<string>()
  const walk = (v: unknown, depth: number): void => {
    if (found.size >= 3 || depth > 8) return
    if (typeof v === 'string') {
      if (/\.(tiff?|png|jpe?g)$/i.test(v) && v.length < 1024) found.add(v.split(/[\\/]/).pop() as string)
    } else if (Array.isArray(v)) for (const x of v.slice(0, 64)) walk(x, depth + 1)
    else if (v && typeof v === 'object') for (const x of Object.values(v).slice(0, 64)) walk(x, depth + 1)
  }
  walk((evidence as { source?: unknown } | null)?.source, 0)
  return [...found]
}
