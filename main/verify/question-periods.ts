/**
 * Transitional: the planner (main/agent/rules) still reads periods through this path until its own reader in
 * main/task/ lands (see /work/coord/notes/verify-to-task.md). The verifier's reader is question-reader/periods.ts;
 * this file goes once nothing outside verify/ imports it.
 */
export { daysBetween, extractPeriods, spanOf, type Granularity, type Period } from './question-reader/periods'
