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
