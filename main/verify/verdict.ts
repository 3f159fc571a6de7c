/**
 * What verification decides about one tool observation (DESIGN section 5, paper section 4.4).
 *
 * The deterministic rule checks either pass or return a diagnosis; the semantic verifier, which runs only on
 * observations that passed the rules, returns one of three decisions with its feedback.
 */
import { z } from 'zod'
import type { PriorEstimate } from '../prior/store'
import { Decision } from '../prior/trajectory-steps'
import type { Evidence, ToolConfig, ToolStatus } from '../tools/protocol'
import type { Corroborated } from './policy/corroboration'

export { Decision }

/** The verifier's answer about one observation. */
export const Verdict = z.object({
  decision: Decision,
  /** Why: for reject, what is wrong; for request_evidence, what is missing; for accept, what was checked. */
  feedback: z.string().min(1),
  /** For request_evidence: the evidence items wanted, as short machine-readable keys (e.g. 'temporal_coverage'). */
  needed: z.array(z.string().min(1)).default([]),
  /**
   * For accept: limits the answer must state beside the value (e.g. dates missing from the requested period).
   * They travel with the accepted triple into the verified history.
   */
  caveats: z.array(z.string().min(1)).default([]),
  /**
   * For a reject of a follow-up whose third route sided with the observation it followed up (policy/tie-break.ts):
   * that observation's call, which is accepted in its place.
   */
  confirms: z.number().int().positive().optional(),
  /**
   * For reject: the names of the checks that rejected ('provenance_mask', 'content_fill'...), so a refusal can say
   * why in words of its own without quoting the feedback (which may hold values of the rejected observation).
   */
  checks: z.array(z.string().min(1)).optional(),
})
export type Verdict = z.infer<typeof Verdict>

/** The call the backbone made, as the verifier and the trajectory see it. */
export interface ToolAction {
  tool: string
  args: unknown
}

/** An image the verifier may look at: the original file and, where geometry exists, the evidence drawn on it. */
export interface VerifierImage {
  path: string
  /** PNG data URI of the image with the evidence overlaid (boxes, polygons, points), when it could be drawn. */
  overlay?: string
  /** PNG or JPEG data URI of the plain image, when it could be read. */
  dataUri?: string
}

/**
 * Everything the semantic verifier receives, and nothing more: it never sees the backbone's history or reasoning
 * (paper Eq. 10).
 */
export interface VerificationInput {
  images: VerifierImage[]
  question: string
  /** Answer options as given by the user, when the task is multiple choice. */
  options: string[]
  taskType: string
  action: ToolAction
  status: ToolStatus
  observation: unknown
  evidence: Evidence
  config: ToolConfig
  prior: PriorEstimate | null
  /**
   * When this call follows up an evidence request: the observation the request was about (its call number, action
   * and observation), so a second computation can be compared with the first. Null otherwise. It is the verifier's
   * own earlier subject, not the backbone's history.
   */
  corroborates?: Corroborated | null
}

/** A semantic verifier: the LLM verifier or the deterministic policy of the rules backbone. */
export interface SemanticVerifier {
  readonly name: string
  verify(input: VerificationInput, signal?: AbortSignal): Promise<Verdict>
}
