import type { Migration } from './index'

/**
 * The files an analyst dropped, picked or uploaded, kept per session so a restart of the desktop app or of
 * `rsure serve` shows the same list again (main/store/session-files.ts reads and writes them).
 *
 * - sessions.opened_at: when a window last showed this session; the workspace reopened at start is the newest one.
 *   NULL for sessions never shown (e.g. made by `rsure ask`).
 * - session_files: one row per file, in the order added (`seq`). `size` and `mtime_ms` are the file's when it was
 *   described, so an unchanged file is restored from the stored `info` (JSON, the contract's FileInfo) without
 *   reading it again. A path appears once per session.
 */
export const sessionFiles003: Migration = {
  version: 3,
  name: 'session-files',
  sql: `
ALTER TABLE sessions ADD COLUMN opened_at TEXT;
CREATE INDEX sessions_opened ON sessions(opened_at);

CREATE TABLE session_files (
  session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  file_id     TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  path        TEXT NOT NULL,
  name        TEXT NOT NULL,
  origin      TEXT NOT NULL CHECK (origin IN ('path', 'upload')),
  size        INTEGER,                          -- bytes, when described
  mtime_ms    REAL,                             -- modification time, ms since the epoch, when described
  info        TEXT,                             -- JSON FileInfo, NULL when the file could not be read
  error       TEXT,                             -- why it could not be read
  added_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (session_id, file_id),
  UNIQUE (session_id, path)
);
CREATE INDEX session_files_order ON session_files(session_id, seq);
CREATE INDEX session_files_path ON session_files(path);
`,
}
