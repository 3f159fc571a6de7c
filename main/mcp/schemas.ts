/**
 * The shapes `rsure mcp` promises its clients (DESIGN section 7): every tool's `outputSchema` is derived here from
 * the zod schemas the rest of the app uses (the ToolResult of the observation protocol, the verdict), so the
 * structured content a client receives is the same document `rsure exec --json` and the run store hold.
 */
import { z } from 'zod'
import { ToolResultSchema } from '../tools/protocol'
import { Verdict } from '../verify/verdict'

/** What a caller adds to a single tool call so it can be verified: the question it serves and its options. */
export const CallContext = z.object({
  question: z.string().trim().min(3).optional().describe('The question this call serves: the verifier checks the observation against it.'),
  options: z.array(z.string()).optional().describe("The question's answer options, e.g. ['A. increasing', 'B. decreasing']."),
})

const PriorEstimate = z.object({
  r_hat: z.number(),
  level: z.enum(['fine', 'coarse']),
  n: z.number().int(),
  n_valid: z.number().int(),
  source: z.string(),
})

const RuleChecks = z.union([
  z.object({ passed: z.literal(true), checked: z.array(z.string()) }),
  z.object({ passed: z.literal(false), rule: z.string(), diagnosis: z.string() }),
])

/**
 * One verified tool call: the ToolResult (observation with its source, intermediate and validity evidence), the
 * rule checks, the prior r̂ and the verdict. `accepted` is true only when the rules passed and the verdict accepts.
 */
export const VerifiedCallOutput = z.object({
  tool: z.string(),
  task_type: z.string(),
  result: ToolResultSchema,
  rule_checks: RuleChecks,
  prior: PriorEstimate.nullable(),
  verdict: Verdict.nullable(),
  accepted: z.boolean(),
  /** One sentence for the caller: what was decided and why. */
  summary: z.string(),
})
export type VerifiedCallOutput = z.infer<typeof VerifiedCallOutput>

/** The whole verified loop (`rsure ask --json`'s document). */
export const AskOutput = z.object({
  run_id: z.string().nullable(),
  answer: z.string(),
  explanation: z.string(),
  task_type: z.string(),
  choice: z.string().nullable().optional(),
  grounded: z.boolean().optional(),
  missing: z.array(z.string()).optional(),
  verified: z.array(z.record(z.string(), z.unknown())),
  trajectory: z.array(z.record(z.string(), z.unknown())),
  metrics: z.object({ tool_calls: z.number(), llm_calls: z.number(), tokens: z.number(), seconds: z.number() }),
  stop: z.string(),
})
export type AskOutput = z.infer<typeof AskOutput>

export const AskInput = z.object({
  question: z.string().trim().min(3).describe('The question, in words.'),
  options: z.array(z.string()).optional().describe("Answer options, one per entry ('A. increasing')."),
  images: z.array(z.string()).optional().describe('Image files (PNG, JPEG, GeoTIFF) the question is about: absolute paths inside the allowed folders.'),
  files: z.array(z.string()).optional().describe('Data folders or files (e.g. a GeoTIFF time series): absolute paths inside the allowed folders.'),
  verify: z.boolean().optional().describe('Verification on (default) or off (RSure-Base).'),
  prior: z.boolean().optional().describe('The reliability prior on (default) or off.'),
})
export type AskInput = z.infer<typeof AskInput>

/** JSON schema of a zod schema for MCP (`io` chooses the input or output view); no `$schema` header. */
export function mcpJsonSchema(schema: z.ZodType, io: 'input' | 'output'): { type: 'object'; [k: string]: unknown } {
  const json: Record<string, unknown> = { ...z.toJSONSchema(schema, { unrepresentable: 'any', io }) }
  delete json.$schema
  if (json.type !== 'object') throw new Error('An MCP tool schema must describe an object.')
  return json as { type: 'object' }
}
