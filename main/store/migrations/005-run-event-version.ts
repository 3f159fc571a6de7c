import type { Migration } from './index'

/**
 * Each trajectory step records the RunEvent schema version it was written with (main/domain/run-events.ts). Steps
 * stored before this migration are version 1 and are upgraded when read (`readRunEvent`), never rewritten.
 */
export const runEventVersion005: Migration = {
  version: 5,
  name: 'run-event-version',
  sql: `
ALTER TABLE trajectory_steps ADD COLUMN schema_version INTEGER NOT NULL DEFAULT 1;
`,
}
