import type { Migration } from './index'

/** Sessions (a set of dropped files and questions), runs of the agent, their trajectories, and saved artifacts. */
export const core001: Migration = {
  version: 1,
  name: 'core',
  sql: `
CREATE TABLE sessions (
  id          TEXT PRIMARY KEY,
  title       TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE runs (
  id          TEXT PRIMARY KEY,
  session_id  TEXT REFERENCES sessions(id) ON DELETE CASCADE,
  question    TEXT NOT NULL,
  options     TEXT,
  inputs      TEXT NOT NULL DEFAULT '{}',      -- JSON: images, files
  settings    TEXT NOT NULL DEFAULT '{}',      -- JSON: backbone, verify on/off, prior on/off
  task_type   TEXT,
  status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'failed', 'cancelled', 'interrupted')),
  answer      TEXT,
  metrics     TEXT,                            -- JSON: tool_calls, llm_calls, tokens, seconds
  error       TEXT,
  started_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at TEXT,
  pid         INTEGER                          -- process that owns a running run; used to mark interrupted ones
);
CREATE INDEX runs_session ON runs(session_id);
CREATE INDEX runs_status ON runs(status);

CREATE TABLE trajectory_steps (
  run_id      TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  kind        TEXT NOT NULL,                   -- plan | tool_call | rule_check | verdict | answer | note ...
  payload     TEXT NOT NULL,                   -- JSON
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (run_id, seq)
);

CREATE TABLE artifacts (
  sha256      TEXT PRIMARY KEY,
  kind        TEXT NOT NULL,
  path        TEXT NOT NULL,
  bytes       INTEGER NOT NULL,
  run_id      TEXT REFERENCES runs(id) ON DELETE SET NULL,
  meta        TEXT NOT NULL DEFAULT '{}',
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
`,
}
