import type { Migration } from './index'

/**
 * Named sessions (issue 17): the analyst saves the desk under a name, its files and its runs, and reopens it from
 * History (main/store/named-sessions.ts).
 *
 * - sessions.saved_at: when the analyst named and saved this session; NULL for the workspace and CLI sessions.
 *   Its files are rows of session_files like the workspace's (so an upload it holds is kept, see referencedPaths).
 * - session_runs: the runs the desk showed when it was saved, in their order; a run deleted later leaves with it.
 */
export const namedSessions006: Migration = {
  version: 6,
  name: 'named-sessions',
  sql: `
ALTER TABLE sessions ADD COLUMN saved_at TEXT;
CREATE INDEX sessions_saved ON sessions(saved_at);

CREATE TABLE session_runs (
  session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  run_id      TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  PRIMARY KEY (session_id, run_id)
);
`,
}
