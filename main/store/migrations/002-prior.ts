import type { Migration } from './index'

/**
 * The task-tool reliability prior (DESIGN section 6). Only main/prior/store.ts reads or writes these tables.
 *
 * - prior_seed: counts taken over from elsewhere with their provenance (the published matrix of the RSure-Agent
 *   paper, or a matrix imported from another installation); one row per (task type, level, configuration).
 * - prior_records: one row per judged tool observation (calibration over a labelled suite, or the analyst's
 *   feedback). `uid` is the natural key (e.g. `feedback:<run>:<step>`), so recalibrating the same run or changing a
 *   mark replaces the earlier record instead of counting it twice. Runs are referenced without a foreign key:
 *   deleting old runs must not shrink the matrix.
 * - prior_meta: which seed versions were applied.
 * The matrix cell (z, v) is the sum of its seed row and its records: n = n_seed + count, n_valid = n_valid_seed + valid.
 */
export const prior002: Migration = {
  version: 2,
  name: 'prior',
  sql: `
CREATE TABLE prior_seed (
  task_type   TEXT NOT NULL,
  level       TEXT NOT NULL CHECK (level IN ('coarse', 'fine')),
  config      TEXT NOT NULL,
  tool        TEXT NOT NULL,
  n           INTEGER NOT NULL CHECK (n >= 0),
  n_valid     INTEGER NOT NULL CHECK (n_valid >= 0 AND n_valid <= n),
  provenance  TEXT NOT NULL,                 -- 'published', 'imported', ...
  reference   TEXT NOT NULL DEFAULT '',      -- where the numbers come from
  r_published REAL,                          -- the score as printed by the reference, kept for audit
  PRIMARY KEY (task_type, level, config)
);

CREATE TABLE prior_records (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  uid         TEXT NOT NULL UNIQUE,
  task_type   TEXT NOT NULL,
  tool        TEXT NOT NULL,
  coarse      TEXT NOT NULL,
  fine        TEXT NOT NULL,
  valid       INTEGER NOT NULL CHECK (valid IN (0, 1)),
  source      TEXT NOT NULL CHECK (source IN ('calibration', 'feedback')),
  run_id      TEXT,
  step_seq    INTEGER,
  suite       TEXT,
  task_id     TEXT,
  note        TEXT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX prior_records_coarse ON prior_records(task_type, coarse);
CREATE INDEX prior_records_fine ON prior_records(task_type, fine);
CREATE INDEX prior_records_run ON prior_records(run_id);

CREATE TABLE prior_meta (
  key         TEXT PRIMARY KEY,
  value       TEXT NOT NULL
);
`,
}
