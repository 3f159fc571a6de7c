/**
 * Named sessions (migration 006): the desk saved under a name the analyst chose, a copy of its file rows (the
 * workspace's session_files, so a named session's uploads count as referenced and are kept) and the runs it showed,
 * in order. Listed newest first with their file and run counts; read back as stored files and run ids. Opening one
 * is the IPC layer's business (it replaces the workspace's files); this store only keeps the rows.
 */
import { z } from 'zod'
import type { Db } from './database'
import { newId } from './ids'
import { optionalRow, rowsThatFit } from './rows'
import { SessionFileStore, type StoredFile } from './session-files'

/** A named session as History lists it. */
export interface NamedSession {
  id: string
  name: string
  /** ISO 8601 UTC. */
  savedAt: string
  files: number
  runs: number
  /** Its files' paths (in the order added) and its runs (in the desk's order). */
  paths: string[]
  runIds: string[]
}

const SummaryRow = z.object({ id: z.string(), title: z.string(), saved_at: z.string(), files: z.number().int(), runs: z.number().int() })
const RunIdRow = z.object({ run_id: z.string() })

const SUMMARY = `SELECT s.id, s.title, s.saved_at,
    (SELECT COUNT(*) FROM session_files f WHERE f.session_id = s.id) AS files,
    (SELECT COUNT(*) FROM session_runs r WHERE r.session_id = s.id) AS runs
  FROM sessions s WHERE s.saved_at IS NOT NULL`

export class NamedSessionStore {
  private readonly files: SessionFileStore

  constructor(private readonly db: Db) {
    this.files = new SessionFileStore(db)
  }

  /** Save the files of session `from` and the given runs (those still stored, in order) under `name`. */
  save(name: string, from: string, runIds: string[]): NamedSession {
    const id = newId('ses')
    this.db.transaction(() => {
      this.db.prepare("INSERT INTO sessions (id, title, saved_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))").run(id, name)
      this.files.add(id, this.files.list(from))
      const known = this.db.prepare('SELECT 1 FROM runs WHERE id = ?')
      const insert = this.db.prepare('INSERT OR IGNORE INTO session_runs (session_id, run_id, seq) VALUES (?, ?, ?)')
      runIds.filter((r) => known.get(r) !== undefined).forEach((r, i) => insert.run(id, r, i))
    })()
    return this.get(id)!
  }

  /** Every named session, the most recently saved first. */
  list(): NamedSession[] {
    return rowsThatFit(SummaryRow, this.db.prepare(`${SUMMARY} ORDER BY s.saved_at DESC, s.id DESC`).all()).map((r) => this.summary(r))
  }

  private summary(r: z.infer<typeof SummaryRow>): NamedSession {
    const { files, runIds } = this.contents(r.id)
    return { id: r.id, name: r.title, savedAt: r.saved_at, files: r.files, runs: r.runs, paths: files.map((f) => f.path), runIds }
  }

  get(id: string): NamedSession | undefined {
    const row = optionalRow(SummaryRow, this.db.prepare(`${SUMMARY} AND s.id = ?`).get(id), 'sessions')
    return row && this.summary(row)
  }

  /** Give a named session another name; undefined when there is no such named session. */
  rename(id: string, name: string): NamedSession | undefined {
    this.db.prepare('UPDATE sessions SET title = ? WHERE id = ? AND saved_at IS NOT NULL').run(name, id)
    return this.get(id)
  }

  /**
   * Delete a named session and its rows (never the workspace or a CLI session: those have no saved_at). The runs
   * it listed stay stored. Returns the upload paths it held, for the caller to delete those nothing else holds.
   */
  delete(id: string): { deleted: boolean; uploads: string[] } {
    return this.db.transaction(() => {
      if (!this.get(id)) return { deleted: false, uploads: [] }
      const uploads = this.files
        .list(id)
        .filter((f) => f.origin === 'upload')
        .map((f) => f.path)
      this.db.prepare('DELETE FROM session_runs WHERE session_id = ?').run(id)
      this.db.prepare('DELETE FROM session_files WHERE session_id = ?').run(id)
      this.db.prepare('DELETE FROM sessions WHERE id = ? AND saved_at IS NOT NULL').run(id)
      return { deleted: true, uploads }
    })()
  }

  /** A named session's files (in the order added) and its runs (in the desk's order). */
  contents(id: string): { files: StoredFile[]; runIds: string[] } {
    const runs = rowsThatFit(RunIdRow, this.db.prepare('SELECT run_id FROM session_runs WHERE session_id = ? ORDER BY seq').all(id))
    return { files: this.files.list(id), runIds: runs.map((r) => r.run_id) }
  }
}
