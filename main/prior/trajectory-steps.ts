/**
 * What a run's trajectory holds, step by step: the one description that the agent loop writes
 * (main/agent/trajectory.ts records these kinds) and the prior reads back (main/prior/trajectory.ts). It sits in
 * the prior because the prior may import only engines and store, while the agent may import the prior.
 */
import { z } from 'zod'

/** The verifier's decision on one observation (DESIGN section 5). */
export const Decision = z.enum(['accept', 'request_evidence', 'reject'])
export type Decision = z.infer<typeof Decision>

/** Tools whose results are observations, verified one by one; retrieve only supplies context cards. */
export const OBSERVATION_TOOLS: ReadonlySet<string> = new Set(['perceive', 'measure', 'execute'])

const call = z.number().int().optional()

/**
 * The payload of each step kind, in the order the steps usually occur. The loop writes exactly these (the
 * recorder's `record` is typed by them); readers parse with `TrajectoryEntry`. Objects are loose: a reader keeps
 * working when a writer adds a field. `call` is the 1-based call number; runs stored before it existed lack it.
 */
export const StepPayloads = {
  task: z.looseObject({ question: z.string(), task_type: z.string(), classified_by: z.string() }),
  plan: z.looseObject({ turn: z.number().int(), kind: z.enum(['calls', 'finish']), thought: z.string().optional() }),
  tool_call: z.looseObject({ call, tool: z.string(), args: z.unknown().optional(), purpose: z.string().nullable().optional(), followUp: z.boolean().optional() }),
  /** `result` is the ToolResult as the tool returned it (checked by its reader), or `thrown` when the tool threw. */
  tool_result: z.looseObject({ call, ms: z.number().optional(), result: z.unknown().optional(), thrown: z.string().optional() }),
  rule_check: z.looseObject({ call, passed: z.boolean(), rule: z.string().optional(), diagnosis: z.string().optional(), checked: z.array(z.string()).optional() }),
  prior: z.looseObject({ call, taskType: z.string(), config: z.unknown(), prior: z.unknown() }),
  verdict: z.looseObject({ call, verifier: z.string().optional(), decision: Decision, feedback: z.string().optional(), needed: z.array(z.string()).optional(), caveats: z.array(z.string()).optional() }),
  follow_up: z.looseObject({ call, origin: z.number().int(), number: z.number().int(), of: z.number().int() }),
  give_up: z.looseObject({ origin: z.number().int(), followUps: z.number().int(), feedback: z.string() }),
  budget_exhausted: z.looseObject({ used: z.number().int(), max: z.number().int() }),
  answer: z.looseObject({ answer: z.string(), choice: z.string().nullable() }),
  error: z.looseObject({ message: z.string(), cancelled: z.boolean() }),
} as const

export type StepKind = keyof typeof StepPayloads
export type StepPayload<K extends StepKind> = z.input<(typeof StepPayloads)[K]>

const entry = <K extends StepKind>(kind: K) => z.object({ kind: z.literal(kind), payload: StepPayloads[kind] })

/** One trajectory step as stored: its kind and the payload of that kind. */
export const TrajectoryEntry = z.discriminatedUnion('kind', [
  entry('task'), entry('plan'), entry('tool_call'), entry('tool_result'), entry('rule_check'), entry('prior'),
  entry('verdict'), entry('follow_up'), entry('give_up'), entry('budget_exhausted'), entry('answer'), entry('error'),
])
export type TrajectoryEntry = z.infer<typeof TrajectoryEntry>
