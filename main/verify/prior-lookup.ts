/**
 * The narrow window through which verification reads the task-tool reliability prior (DESIGN section 6).
 * The prior store (main/prior/store.ts) fills it; with the prior switched off, or before it is calibrated, the
 * verifier receives null and decides from the other inputs only.
 */
import type { PriorEstimate } from '../prior/store'

export interface PriorLookup {
  /** r̂ for the task type and the call's configuration ids, or null when no level has enough calls (n_min). */
  lookup(taskType: string, config: { coarse: string; fine: string }): PriorEstimate | null
}

/** The prior switched off (`--no-prior`) or not available: every lookup is None. */
export const noPrior: PriorLookup = {
  lookup: () => null,
}

/** How strict the policy should be given a prior: a low prior demands more, a high one never waives anything. */
export type Strictness = 'strict' | 'normal'

/** Below this r̂ the deterministic policy applies its strict thresholds. */
export const LOW_PRIOR = 0.7

export function strictnessFor(prior: PriorEstimate | null): Strictness {
  return prior !== null && prior.r_hat < LOW_PRIOR ? 'strict' : 'normal'
}
