/**
 * What a run's trajectory holds, step by step. The one description is the versioned RunEvent union of the domain
 * layer (main/domain/run-events.ts); the names below are kept for the modules that imported them from here.
 */
import type { RunEventInput, RunEventKind } from '../domain/run-events'

export { Decision, OBSERVATION_TOOLS, RunEventPayloads as StepPayloads } from '../domain/run-events'
export type StepKind = RunEventKind
export type StepPayload<K extends StepKind> = RunEventInput<K>
