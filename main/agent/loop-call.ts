/**
 * One tool call of the verified loop (loop.ts), in named steps: admit it (a tool of this run, valid arguments, not a
 * repeat), run the tool, pass the result straight through where nothing is verified (cards; verification off), and
 * otherwise check it: the deterministic rules, the prior lookup, the semantic verifier. Only an accepted (or
 * unverified) observation is written to the verified history, by `recordObservation`.
 *
 * The steps share the run's state (`RunState`); the loop keeps the planner turns and the evidence-request
 * bookkeeping, and this file keeps the reference observations a request is about (`pending`).
 */
import { isRecord } from '../domain/json'
import type { PriorEstimate } from '../prior/store'
import { OBSERVATION_TOOLS } from '../prior/trajectory-steps'
import type { ToolResult } from '../tools/protocol'
import { canonicalCall } from '../verify/canonical-args'
import { checkRules, noveltyDiagnosis } from '../verify/rule-checks'
import type { SemanticVerifier, ToolAction, Verdict } from '../verify/verdict'
import type { LoopOptions } from './loop'
import type { LoopEvent, OpenRequest, PlannedCall } from './loop-events'
import type { AnyTool } from './tool-registry'
import type { ObservationEntry, VerifiedHistory } from './verified-history'

/** An observation the verifier asked more evidence for. `inDoubt`: the request asked for more than corroboration. */
export interface Pending {
  action: ToolAction
  raw: ToolResult
  inDoubt: boolean
}

/** What the steps of a run share. */
export interface RunState {
  readonly opts: LoopOptions
  readonly history: VerifiedHistory
  /** Canonical forms of the calls made so far (the novelty rule). */
  readonly previousCalls: Set<string>
  /**
   * Observations the verifier asked more evidence for, by call: a follow-up is verified beside its origin, and an
   * origin a third route confirms is accepted from here.
   */
  readonly pending: Map<number, Pending>
  /** The open evidence request (paper 4.4), if any. */
  request: OpenRequest | null
}

/** Where a call stands in the run: its number, the planner turn that asked for it, whether it follows up a request. */
export interface CallPlace {
  call: number
  turn: number
  followUp: boolean
}

type EventBase = CallPlace & { callId?: string; action: ToolAction }

/** A call that passed admission: the tool, its parsed arguments and the call's canonical form. */
interface Admitted {
  tool: AnyTool
  args: unknown
  canonical: string
}

export function throwIfAborted(signal?: AbortSignal): void {
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

/** Make one planned call and say what became of it. */
export async function makeCall(state: RunState, planned: PlannedCall, where: CallPlace): Promise<LoopEvent> {
  const base: EventBase = { ...where, callId: planned.callId, action: { tool: planned.tool, args: planned.args } }
  state.opts.recorder.record('tool_call', {
    call: where.call,
    tool: planned.tool,
    args: planned.args,
    purpose: planned.purpose ?? null,
    followUp: where.followUp,
  })
  const admitted = admit(state, planned, base)
  if ('kind' in admitted) return admitted
  const raw = await runTool(state, admitted, base)
  if ('kind' in raw) return raw
  const verifier = state.opts.verifier
  if (!OBSERVATION_TOOLS.has(admitted.tool.name) || !verifier) return passThrough(state, admitted.tool.name, raw, base)
  return checkResult(state, admitted.tool, raw, base, verifier)
}

/** A tool of this run, arguments its schema accepts, and (with verification) a call not made before. */
function admit(state: RunState, planned: PlannedCall, base: EventBase): Admitted | LoopEvent {
  const { opts, previousCalls } = state
  const ruleFailed = (rule: 'unknown_tool' | 'arguments' | 'novelty', diagnosis: string): LoopEvent => {
    opts.recorder.record('rule_check', { call: base.call, passed: false, rule, diagnosis })
    return { ...base, kind: 'rule_failed', rule, diagnosis }
  }
  const tool = opts.registry.get(planned.tool)
  if (!tool)
    return ruleFailed('unknown_tool', `There is no tool named '${planned.tool}' in this run; available: ${opts.registry.names().join(', ') || 'none'}.`)
  const canonical = canonicalCall(planned.tool, planned.args)
  const parsedArgs = tool.args.safeParse(planned.args)
  if (!parsedArgs.success) {
    const issue = parsedArgs.error.issues[0]
    previousCalls.add(canonical)
    return ruleFailed('arguments', `The ${tool.name} arguments are invalid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`)
  }
  // Novelty is decided before running: a repeated call costs a budget slot but no compute.
  if (opts.verifier && previousCalls.has(canonical)) return ruleFailed('novelty', noveltyDiagnosis(tool.name))
  return { tool, args: parsedArgs.data, canonical }
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

/** Run the tool; a call that ran (or threw) is a previous call from here on. */
async function runTool(state: RunState, { tool, args, canonical }: Admitted, base: EventBase): Promise<ToolResult | LoopEvent> {
  const { recorder, toolContext, signal } = state.opts
  const started = performance.now()
  try {
    const raw = await untilAborted(tool.run(args, toolContext), signal)
    recorder.record('tool_result', { call: base.call, ms: Math.round(performance.now() - started), result: raw })
    return raw
  } catch (err) {
    throwIfAborted(signal)
    const diagnosis = `The ${tool.name} call failed: ${(err as Error).message}`
    recorder.record('tool_result', { call: base.call, thrown: diagnosis })
    const own = REFUSAL_ERRORS.has((err as Error)?.name) && typeof (err as Error).message === 'string'
    return { ...base, kind: 'tool_failed', diagnosis, ...(own ? { reason: (err as Error).message } : {}) }
  } finally {
    state.previousCalls.add(canonical)
  }
}

/** Cards (retrieve) and, with verification off, observations go straight into the history when the tool says ok. */
function passThrough(state: RunState, toolName: string, raw: ToolResult, base: EventBase): LoopEvent {
  if (raw.status !== 'ok') return { ...base, kind: 'tool_failed', diagnosis: `${toolName} returned '${raw.status}': ${raw.reason}` }
  if (!OBSERVATION_TOOLS.has(toolName)) {
    state.history.add({ kind: 'card', call: base.call, action: base.action, cards: raw.observation })
    return { ...base, kind: 'cards', cards: raw.observation }
  }
  recordObservation(state.history, base.call, base.action, raw, { status: 'unverified', caveats: [], feedback: 'verification switched off', prior: null })
  return { ...base, kind: 'unverified', observation: raw.observation, evidence: raw.evidence }
}

/** The one place an observation enters the verified history: accepted, confirmed by a third route, or unverified. */
export function recordObservation(
  history: VerifiedHistory,
  call: number,
  action: ToolAction,
  raw: ToolResult,
  how: Pick<ObservationEntry, 'status' | 'caveats' | 'feedback' | 'prior'>,
): void {
  history.add({ kind: 'observation', call, action, observation: raw.observation, evidence: raw.evidence, config: raw.config, artifacts: raw.artifacts, ...how })
}

/** The deterministic rules, then the prior, then the verifier; an accepted observation enters the history. */
async function checkResult(state: RunState, tool: AnyTool, raw: ToolResult, base: EventBase, verifier: SemanticVerifier): Promise<LoopEvent> {
  const { opts } = state
  const rules = checkRules(tool.name, raw, { evidence: tool.evidence, args: base.action.args })
  opts.recorder.record('rule_check', { call: base.call, ...rules })
  if (!rules.passed)
    return {
      ...base,
      kind: 'rule_failed',
      rule: rules.rule,
      diagnosis: rules.diagnosis,
      ...(rules.rule === 'status' && raw.status !== 'ok' && typeof raw.reason === 'string' ? { reason: raw.reason } : {}),
      ...(rules.cause ? { cause: rules.cause } : {}),
    }
  const prior = opts.prior.lookup(opts.taskType, raw.config)
  opts.recorder.record('prior', { call: base.call, taskType: opts.taskType, config: raw.config, prior })
  const verdict = await askVerifier(state, verifier, raw, base.action, prior)
  opts.recorder.record('verdict', { call: base.call, verifier: verifier.name, ...verdict })
  if (verdict.decision === 'request_evidence') keepPending(state, base.call, base.action, raw, verdict.needed)
  confirmOrigin(state, verdict)
  if (verdict.decision === 'accept') {
    recordObservation(state.history, base.call, base.action, raw, { status: 'accepted', caveats: verdict.caveats, feedback: verdict.feedback, prior })
    return { ...base, kind: 'accepted', observation: raw.observation, evidence: raw.evidence, caveats: verdict.caveats, feedback: verdict.feedback }
  }
  return {
    ...base,
    kind: 'verdict',
    decision: verdict.decision,
    feedback: verdict.feedback,
    needed: verdict.needed,
    files: evidenceFiles(raw.evidence),
    ...(verdict.checks?.length ? { checks: verdict.checks } : {}),
  }
}

/** The verifier's decision on one result, in its own context; a verifier that cannot decide never lets it through. */
async function askVerifier(state: RunState, verifier: SemanticVerifier, raw: ToolResult, action: ToolAction, prior: PriorEstimate | null): Promise<Verdict> {
  const { opts } = state
  const images = opts.verifierImages ? await opts.verifierImages(opts.task, raw) : opts.task.images.map((path) => ({ path }))
  try {
    return await verifier.verify(
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
        corroborates: corroborated(state),
      },
      opts.signal,
    )
  } catch (err) {
    throwIfAborted(opts.signal)
    return { decision: 'reject', feedback: `The verifier failed (${(err as Error).message}); the observation stays unverified.`, needed: [], caveats: [] }
  }
}

/** The observation the open request is about, as the verifier compares a follow-up with it. */
function corroborated({ request, pending }: RunState): { call: number; action: ToolAction; observation: unknown; inDoubt: boolean } | null {
  const p = request ? pending.get(request.origin) : undefined
  return request && p ? { call: request.origin, action: p.action, observation: p.raw.observation, inDoubt: p.inDoubt } : null
}

/**
 * A request opened on a call keeps that call as the reference of its follow-ups. A follow-up asked for
 * corroboration while the reference's own evidence left it in doubt becomes the reference instead: the request is
 * now about the follow-up (a value already in doubt is no yardstick).
 */
function keepPending({ request, pending }: RunState, call: number, action: ToolAction, raw: ToolResult, needed: readonly string[]): void {
  const inDoubt = !needed.every((k) => k === 'corroboration')
  if (!request) pending.set(call, { action, raw, inDoubt })
  else if (pending.get(request.origin)?.inDoubt && needed.includes('corroboration')) {
    pending.set(call, { action, raw, inDoubt })
    request.origin = call
  }
}

/** A follow-up rejected because a third route sided with the observation it followed up: that one is accepted. */
function confirmOrigin({ request, pending, history }: RunState, verdict: Verdict): void {
  const origin = verdict.decision === 'reject' && request && verdict.confirms === request.origin ? pending.get(request.origin) : undefined
  if (!origin || !request) return
  recordObservation(history, request.origin, origin.action, origin.raw, { status: 'accepted', caveats: [], feedback: verdict.feedback, prior: null })
}

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
  walk(isRecord(evidence) ? evidence.source : undefined, 0)
  return [...found]
}
