/**
 * The files of a session, kept in SQLite (migration 003) so a restart restores the analyst's list: what was added,
 * in which order, with the `info` read when it was added. Plain rows in, plain rows out; the IPC layer decides what
 * the stored `info` is worth (it checks it against the contract and re-reads files that changed).
 *
 * The workspace is the session a window shows: `openWorkspace` reopens the one opened most recently, or makes one.
 */
import { z } from 'zod'
import type { Db } from './database'
import { newId } from './ids'
import { NextSeq, oneRow, optionalRow, rowsThatFit } from './rows'

/** One stored file of a session. */
export interface StoredFile {
  /** The contract's file id (f...), stable across restarts. */
  id: string
  /** Absolute path on this machine. */
  path: string
  name: string
  origin: 'path' | 'upload'
  /** Size in bytes and modification time (ms since the epoch) when `info` was read; null when unknown. */
  size: number | null
  mtimeMs: number | null
  /** The parsed JSON of the stored info (unchecked here), or null when the file could not be read. */
  info: unknown
  error: string | null
}

/** A row as SQLite returns it; checked, because the database file is outside this process's control. */
const Row = z.object({
  file_id: z.string().min(1),
  path: z.string().min(1),
  name: z.string(),
  origin: z.enum(['path', 'upload']),
  size: z.number().nullable(),
  mtime_ms: z.number().nullable(),
  info: z.string().nullable(),
  error: z.string().nullable(),
})

function parseJson(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const SessionRow = z.object({ id: z.string() })
const PathRow = z.object({ path: z.string() })

export class SessionFileStore {
  constructor(private readonly db: Db) {}

  /** The session opened most recently (its `opened_at` set to now), or a new one titled `title`. */
  openWorkspace(title = 'Workspace'): string {
    return this.db.transaction(() => {
      const row = optionalRow(
        SessionRow,
        this.db.prepare('SELECT id FROM sessions WHERE opened_at IS NOT NULL ORDER BY opened_at DESC, id DESC LIMIT 1').get(),
        'sessions',
      )
      const id = row?.id ?? newId('ses')
      if (!row) this.db.prepare('INSERT INTO sessions (id, title) VALUES (?, ?)').run(id, title)
      this.db.prepare("UPDATE sessions SET opened_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(id)
      return id
    })()
  }

  /**
   * The session's files in the order added. Rows that do not have the expected shape (a damaged or hand-edited
   * database) are left out rather than failing the whole list.
   */
  list(sessionId: string): StoredFile[] {
    const rows = this.db
      .prepare('SELECT file_id, path, name, origin, size, mtime_ms, info, error FROM session_files WHERE session_id = ? ORDER BY seq, file_id')
      .all(sessionId)
    const out: StoredFile[] = []
    for (const raw of rows) {
      const r = Row.safeParse(raw)
      if (!r.success) continue
      const { file_id, mtime_ms, info, ...rest } = r.data
      out.push({ ...rest, id: file_id, mtimeMs: mtime_ms, info: parseJson(info) })
    }
    return out
  }

  /** Append files (after the existing ones, in the given order); a path the session already holds is left as it is. */
  add(sessionId: string, files: StoredFile[]): void {
    if (files.length === 0) return
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO session_files (session_id, file_id, seq, path, name, origin, size, mtime_ms, info, error)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.db.transaction(() => {
      const { next } = oneRow(
        NextSeq,
        this.db.prepare('SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM session_files WHERE session_id = ?').get(sessionId),
        'session_files',
      )
      files.forEach((f, i) =>
        insert.run(sessionId, f.id, next + i, f.path, f.name, f.origin, f.size, f.mtimeMs, f.info === null ? null : JSON.stringify(f.info), f.error),
      )
    })()
  }

  /** Replace what is known about a file after it was read again (it changed on disk). */
  update(sessionId: string, file: Pick<StoredFile, 'id' | 'size' | 'mtimeMs' | 'info' | 'error'>): void {
    this.db
      .prepare('UPDATE session_files SET size = ?, mtime_ms = ?, info = ?, error = ? WHERE session_id = ? AND file_id = ?')
      .run(file.size, file.mtimeMs, file.info === null ? null : JSON.stringify(file.info), file.error, sessionId, file.id)
  }

  /** Forget a file of a session (by id, or by path when another process added the same path under its own id). */
  remove(sessionId: string, file: { id: string; path: string }): boolean {
    return this.db.prepare('DELETE FROM session_files WHERE session_id = ? AND (file_id = ? OR path = ?)').run(sessionId, file.id, file.path).changes > 0
  }

  /** Every path of the given origin that any session still references (uploads to keep). */
  referencedPaths(origin: StoredFile['origin']): Set<string> {
    const rows = rowsThatFit(PathRow, this.db.prepare('SELECT DISTINCT path FROM session_files WHERE origin = ?').all(origin))
    return new Set(rows.map((r) => r.path))
  }
}
