import type { Migration } from './index'

/** The analyst's settings (backbone, basemap...) as JSON values by key, and an index for the run history's order. */
export const settings004: Migration = {
  version: 4,
  name: 'settings',
  sql: `
CREATE TABLE settings (
  key         TEXT PRIMARY KEY,
  value       TEXT NOT NULL,                   -- JSON
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX runs_started ON runs(started_at DESC);
`,
}
