/**
 * THE description of what a run records, step by step: one versioned zod union of run events. The agent loop
 * records them (main/agent/trajectory.ts types `record` by these payloads), the store keeps them with their schema
 * version (main/store/runs.ts), the prior reads them back (main/prior/trajectory.ts), the contract carries them to
 * the window (preload/desk.ts `run.step`, `runs.get`) and the window reduces them (renderer/src/model/run-model.ts).
 *
 * Versions:
 * - 1: steps stored before versions existed. Their payloads may lack `call`, may carry the ToolResult itself as a
 *   `tool_result` payload (no `result` wrapper) or on the `tool_call` step, and may lack fields added since
 *   (answer basis, verdict feedback...). `readRunEvent` upgrades them to version 2.
 * - 2: the current shape below. Objects are loose: a reader keeps working when a writer adds a field.
 *
 * `readRunEvent` is the one narrow boundary where a stored or streamed step becomes typed; a step that fits no
 * kind of its version becomes kind 'other' with the stored kind and payload, never lost and never thrown.
 */
import { z } from 'zod'
import { ConfigIds } from './ids'
import { AnswerOptionSchema } from './options'
import { ToolStatus } from './tool-result'
import { isRecord } from './json'

export const RUN_EVENT_SCHEMA_VERSION = 2

/** The verifier's decision on one observation (DESIGN section 5). */
export const Decision = z.enum(['accept', 'request_evidence', 'reject'])
export type Decision = z.infer<typeof Decision>

/** Tools whose results are observations, verified one by one; retrieve only supplies context cards. */
export const OBSERVATION_TOOLS: ReadonlySet<string> = new Set(['perceive', 'measure', 'execute'])

/** A part of a question a refusal could not read (the window offers a field for each, to fill and ask again). */
export const QuestionPart = z.enum(['statistic', 'period', 'region', 'mask', 'unit'])
export type QuestionPart = z.infer<typeof QuestionPart>
/**
 * The role, in a refusal's reading, of a phrase the reader could not place (none of the five parts): the window
 * offers a field to say it another way.
 */
export const UNPLACED = 'unplaced'

/** The reliability prior's estimate for one call's configuration (DESIGN section 6): r̂ in [0, 1]. */
export const PriorValue = z.object({
  r_hat: z.number().min(0).max(1),
  /** The level the estimate came from; the matrix cell with at least n_min calls. */
  level: z.enum(['fine', 'coarse']),
  n: z.number().int().nonnegative(),
  n_valid: z.number().int().nonnegative(),
  source: z.string().default(''),
})
export type PriorValue = z.infer<typeof PriorValue>

const section = z.record(z.string(), z.unknown()).catch({})

/**
 * A ToolResult as the loop stored it: the tool's own return value, before the rule checks (which is where a result
 * missing a field fails). Read leniently so the window can still show what a faulty tool returned.
 */
export const StoredToolResult = z.object({
  status: ToolStatus,
  reason: z.string().optional(),
  observation: z
    .unknown()
    .optional()
    .transform((v) => v ?? null),
  evidence: z.object({ source: section, intermediate: section, validity: section }).catch({ source: {}, intermediate: {}, validity: {} }),
  artifacts: z
    .array(z.unknown())
    .catch([])
    .transform((list) =>
      list.flatMap((a) => {
        const r = z.looseObject({ kind: z.string().catch('layer'), path: z.string(), sha256: z.string().catch('') }).safeParse(a)
        return r.success ? [{ kind: r.data.kind, path: r.data.path, sha256: r.data.sha256 }] : []
      }),
    ),
  config: ConfigIds.nullable().catch(null),
})
export type StoredToolResult = z.output<typeof StoredToolResult>

/** 1-based call number; runs stored before it existed lack it. */
const call = z.number().int().positive().optional()
const strings = z.array(z.string()).default([])

/** The payload of each event kind, in the order the events usually occur. */
export const RunEventPayloads = {
  task: z.looseObject({
    question: z.string(),
    options: z.array(AnswerOptionSchema).default([]),
    task_type: z.string(),
    classified_by: z.string().default(''),
    settings: z.record(z.string(), z.unknown()).default({}),
  }),
  plan: z.looseObject({
    turn: z.number().int(),
    kind: z.enum(['calls', 'finish']),
    thought: z.string().optional(),
    calls: z.array(z.object({ tool: z.string(), args: z.unknown().optional(), purpose: z.string().nullable().optional() })).default([]),
    /** A refusal's reading: the parts of the question it could not read, and its phrases with their part (or UNPLACED). */
    unread: z.array(QuestionPart).optional(),
    read: z.array(z.object({ text: z.string(), role: z.string() })).optional(),
  }),
  tool_call: z.looseObject({
    call,
    tool: z.string(),
    args: z.unknown().optional(),
    purpose: z.string().nullable().optional(),
    followUp: z.boolean().default(false),
  }),
  /** `result` is the ToolResult as the tool returned it, or `thrown` when the tool threw. */
  tool_result: z
    .looseObject({ call, ms: z.number().optional(), result: StoredToolResult.optional(), thrown: z.string().optional() })
    .refine((p) => (p.result === undefined) !== (p.thrown === undefined), 'a tool result holds either the result or what the tool threw'),
  rule_check: z.looseObject({ call, passed: z.boolean(), rule: z.string().optional(), diagnosis: z.string().optional(), checked: strings }),
  prior: z.looseObject({ call, taskType: z.string(), config: ConfigIds.nullable(), prior: PriorValue.nullable() }),
  verdict: z.looseObject({
    call,
    verifier: z.string().optional(),
    decision: Decision,
    feedback: z.string().default(''),
    needed: strings,
    caveats: strings,
    checks: z.array(z.string()).optional(),
  }),
  follow_up: z.looseObject({ call, origin: z.number().int(), number: z.number().int(), of: z.number().int() }),
  give_up: z.looseObject({ origin: z.number().int(), followUps: z.number().int(), feedback: z.string() }),
  budget_exhausted: z.looseObject({ used: z.number().int(), max: z.number().int() }),
  answer: z.looseObject({
    answer: z.string(),
    explanation: z.string().default(''),
    choice: z.string().nullable(),
    value: z.number().nullable().default(null),
    unit: z.string().nullable().default(null),
    /** Call numbers of the accepted observations the answer rests on. */
    basis: z.array(z.number().int()).default([]),
    missing: strings,
    /** false for a forced guess (--force-choice) that no accepted observation supports. */
    grounded: z.boolean().default(true),
  }),
  error: z.looseObject({ message: z.string(), cancelled: z.boolean() }),
} as const

export type RunEventKind = keyof typeof RunEventPayloads
export const RUN_EVENT_KINDS = Object.keys(RunEventPayloads) as RunEventKind[]
/** What a writer passes (defaults may be left out). */
export type RunEventInput<K extends RunEventKind> = z.input<(typeof RunEventPayloads)[K]>
/** What a reader gets (defaults filled). */
export type RunEventPayload<K extends RunEventKind> = z.output<(typeof RunEventPayloads)[K]>

const Envelope = z.object({
  schema_version: z.literal(RUN_EVENT_SCHEMA_VERSION),
  /** The run (checked as a RunId where it crosses the contract; readers of one run's steps may leave it ''). */
  runId: z.string(),
  /** 0-based, dense per run. */
  seq: z.number().int().nonnegative(),
  /** ISO 8601 UTC. */
  at: z.string(),
  /** The tool call this event belongs to (1-based), or null for run-wide events. */
  call: z.number().int().positive().nullable(),
})

const member = <K extends RunEventKind>(kind: K) => Envelope.extend({ kind: z.literal(kind), payload: RunEventPayloads[kind] })

/** One event of a run, as stored, streamed and reduced. */
export const RunEvent = z.discriminatedUnion('kind', [
  member('task'),
  member('plan'),
  member('tool_call'),
  member('tool_result'),
  member('rule_check'),
  member('prior'),
  member('verdict'),
  member('follow_up'),
  member('give_up'),
  member('budget_exhausted'),
  member('answer'),
  member('error'),
  /** A step this build cannot read (a newer kind, a malformed payload): kept with its stored kind, shown as is. */
  Envelope.extend({ kind: z.literal('other'), storedKind: z.string(), payload: z.unknown(), problem: z.string() }),
])
export type RunEvent = z.infer<typeof RunEvent>
export type RunEventOf<K extends RunEvent['kind']> = Extract<RunEvent, { kind: K }>

/** A step as the store keeps it: kind, JSON payload, schema version (1 for rows written before versions). */
export interface StoredStep {
  seq: number
  kind: string
  payload: unknown
  createdAt: string
  schemaVersion: number
}

/** A stored step as older callers build it: no version means version 1, no time means unknown. */
export type StoredStepLike = Pick<StoredStep, 'seq' | 'kind' | 'payload'> & Partial<Pick<StoredStep, 'createdAt' | 'schemaVersion'>>

/**
 * Version 1 -> 2: the legacy forms the loop once wrote. A `tool_result` payload that is itself a ToolResult gets
 * its `result` wrapper; a prior or configuration that does not fit becomes null (shown as "no prior"); a missing
 * `call` stays missing (readers pair by order).
 */
function upgradeV1(kind: string, payload: unknown): unknown {
  if (!isRecord(payload)) return payload
  if (kind === 'tool_result' && !('result' in payload) && !('thrown' in payload) && 'status' in payload) {
    const { call: n, ms, ...result } = payload
    return { call: n, ms, result }
  }
  if (kind === 'prior' && payload.prior !== null && !PriorValue.safeParse(payload.prior).success) return { ...payload, prior: null }
  if (kind === 'prior' && payload.config !== null && !ConfigIds.safeParse(payload.config).success) return { ...payload, config: null }
  return payload
}

/** Say in one sentence what did not fit. */
function problemOf(error: z.ZodError): string {
  const first = error.issues[0]
  return first ? `${first.path.join('.') || 'payload'}: ${first.message}` : 'the payload does not fit'
}

/**
 * The one reader of a stored step: upgrades older versions, parses the payload of its kind, and returns a typed
 * RunEvent. Never throws: a step that does not fit becomes kind 'other' (with the reason in `problem`).
 */
export function readRunEvent(runId: string, step: StoredStepLike): RunEvent {
  const version = step.schemaVersion ?? 1
  const payload = version < RUN_EVENT_SCHEMA_VERSION ? upgradeV1(step.kind, step.payload) : step.payload
  const n = isRecord(payload) && typeof payload.call === 'number' && Number.isInteger(payload.call) && payload.call > 0 ? payload.call : null
  const base = { schema_version: RUN_EVENT_SCHEMA_VERSION, runId, seq: step.seq, at: step.createdAt ?? '', call: n } as const
  const other = (problem: string): RunEvent => ({ ...base, kind: 'other', storedKind: step.kind, payload: step.payload, problem })
  if (version > RUN_EVENT_SCHEMA_VERSION) return other(`written by a newer build (schema version ${version})`)
  if (!(RUN_EVENT_KINDS as string[]).includes(step.kind)) return other(`unknown kind '${step.kind}'`)
  const parsed = RunEvent.safeParse({ ...base, kind: step.kind, payload })
  return parsed.success ? parsed.data : other(problemOf(parsed.error))
}

/** The ToolResult of a tool_result event, or null when the tool threw. */
export function resultOf(event: RunEventOf<'tool_result'>): StoredToolResult | null {
  return event.payload.result ?? null
}
