/**
 * Stored trajectory steps as the contract's run steps: there is no mapping left. A run step IS a RunEvent
 * (main/domain/run-events.ts), and the domain's versioned reader turns a stored step (live `run.step` events and
 * `runs.get` of a stored run alike, old runs upgraded) into one; a step it cannot read becomes kind 'other'.
 */
export { readRunEvent as toRunStep } from '../domain/run-events'
