/**
 * Runs of the agent and their trajectories. Every step is written as it happens (one INSERT each, WAL), so a run
 * that dies half-way can still be read back; `markInterrupted` flags runs whose owning process is gone.
 */
import { readRunEvent, RUN_EVENT_SCHEMA_VERSION, type RunEvent, type StoredStep } from '../domain/run-events'
import { asRecord } from '../domain/json'
import { z } from 'zod'
import type { Db } from './database'
import { newId } from './ids'
import { processAlive } from './process-alive'
import { Count, NextSeq, oneRow, optionalRow, rowsThatFit } from './rows'

export const RunStatus = z.enum(['running', 'finished', 'failed', 'cancelled', 'interrupted'])
export type RunStatus = z.infer<typeof RunStatus>

export interface RunRecord {
  id: string
  sessionId: string | null
  question: string
  options: string | null
  inputs: Record<string, unknown>
  settings: Record<string, unknown>
  taskType: string | null
  status: RunStatus
  answer: string | null
  metrics: Record<string, unknown> | null
  error: string | null
  startedAt: string
  finishedAt: string | null
}

/** One stored step: kind, JSON payload and the RunEvent schema version it was written with (1: before versions). */
export type TrajectoryStep = StoredStep

export interface NewRun {
  question: string
  options?: string | null
  inputs?: Record<string, unknown>
  settings?: Record<string, unknown>
  sessionId?: string | null
  taskType?: string | null
}

const RunRow = z.object({
  id: z.string(),
  session_id: z.string().nullable(),
  question: z.string(),
  options: z.string().nullable(),
  inputs: z.string(),
  settings: z.string(),
  task_type: z.string().nullable(),
  status: RunStatus,
  answer: z.string().nullable(),
  metrics: z.string().nullable(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
})
type RunRow = z.infer<typeof RunRow>

const ArtifactRow = z.object({ sha256: z.string(), kind: z.string(), path: z.string(), bytes: z.number(), meta: z.string() })
const StepRow = z.object({ seq: z.number().int(), kind: z.string(), payload: z.string(), created_at: z.string(), schema_version: z.number().int() })
const RunningRow = z.object({ id: z.string(), pid: z.number().int().nullable() })

function toRecord(r: RunRow): RunRecord {
  return {
    id: r.id,
    sessionId: r.session_id,
    question: r.question,
    options: r.options,
    inputs: JSON.parse(r.inputs),
    settings: JSON.parse(r.settings),
    taskType: r.task_type,
    status: r.status,
    answer: r.answer,
    metrics: r.metrics ? JSON.parse(r.metrics) : null,
    error: r.error,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  }
}

/** Told about every run created and every step appended through one RunStore (live views of a run). */
export interface RunObserver {
  /** The session new runs belong to, when the caller's NewRun names none. */
  sessionId?: string | null
  created?(runId: string, run: NewRun): void
  step?(runId: string, step: TrajectoryStep): void
}

export interface RunQuery {
  /** Words that must all occur in the question or the answer (case-insensitive). */
  query?: string
  status?: RunStatus
  limit?: number
  offset?: number
}

export class RunStore {
  constructor(
    private readonly db: Db,
    private readonly observer: RunObserver = {},
  ) {}

  /** The same store with an observer (one per live run): steps still go to the same database. */
  observed(observer: RunObserver): RunStore {
    return new RunStore(this.db, observer)
  }

  createSession(title = ''): string {
    const id = newId('ses')
    this.db.prepare('INSERT INTO sessions (id, title) VALUES (?, ?)').run(id, title)
    return id
  }

  createRun(run: NewRun): string {
    const id = newId('run')
    this.db
      .prepare(
        `INSERT INTO runs (id, session_id, question, options, inputs, settings, task_type, pid)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        run.sessionId ?? this.observer.sessionId ?? null,
        run.question,
        run.options ?? null,
        JSON.stringify(run.inputs ?? {}),
        JSON.stringify(run.settings ?? {}),
        run.taskType ?? null,
        process.pid,
      )
    this.notify(() => this.observer.created?.(id, run))
    return id
  }

  /** An observer's failure must never fail the run it watches. */
  private notify(fn: () => void): void {
    try {
      fn()
    } catch {
      // the live view misses one update; the stored trajectory is complete
    }
  }

  setTaskType(runId: string, taskType: string): void {
    this.db.prepare('UPDATE runs SET task_type = ? WHERE id = ?').run(taskType, runId)
  }

  /** Append one step (a RunEvent payload of the current schema version); returns its sequence number (0-based, dense per run). */
  appendStep(runId: string, kind: string, payload: unknown): number {
    const tx = this.db.transaction(() => {
      const row = oneRow(
        NextSeq,
        this.db.prepare('SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM trajectory_steps WHERE run_id = ?').get(runId),
        'trajectory_steps',
      )
      this.db
        .prepare('INSERT INTO trajectory_steps (run_id, seq, kind, payload, schema_version) VALUES (?, ?, ?, ?, ?)')
        .run(runId, row.next, kind, JSON.stringify(payload), RUN_EVENT_SCHEMA_VERSION)
      return row.next
    })
    const seq = tx()
    if (this.observer.step) {
      const createdAt = new Date().toISOString()
      this.notify(() => this.observer.step?.(runId, { seq, kind, payload, createdAt, schemaVersion: RUN_EVENT_SCHEMA_VERSION }))
    }
    return seq
  }

  finishRun(
    runId: string,
    outcome: { status: Exclude<RunStatus, 'running'>; answer?: string | null; metrics?: Record<string, unknown>; error?: string },
  ): void {
    this.db
      .prepare(
        `UPDATE runs SET status = ?, answer = ?, metrics = ?, error = ?, pid = NULL,
           finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
      )
      .run(outcome.status, outcome.answer ?? null, outcome.metrics ? JSON.stringify(outcome.metrics) : null, outcome.error ?? null, runId)
  }

  getRun(runId: string): RunRecord | undefined {
    const row = optionalRow(RunRow, this.db.prepare('SELECT * FROM runs WHERE id = ?').get(runId), 'runs')
    return row ? toRecord(row) : undefined
  }

  listRuns(limit = 50): RunRecord[] {
    const rows = rowsThatFit(RunRow, this.db.prepare('SELECT * FROM runs ORDER BY started_at DESC, id DESC LIMIT ?').all(limit))
    return rows.map(toRecord)
  }

  /** Runs newest first, searched in question and answer; `total` counts every match. */
  searchRuns(q: RunQuery = {}): { runs: RunRecord[]; total: number } {
    const where: string[] = []
    const params: unknown[] = []
    for (const word of (q.query ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 12)) {
      where.push("(lower(question) LIKE ? ESCAPE '\\' OR lower(COALESCE(answer, '')) LIKE ? ESCAPE '\\')")
      const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      params.push(like, like)
    }
    if (q.status) {
      where.push('status = ?')
      params.push(q.status)
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const total = oneRow(Count, this.db.prepare(`SELECT COUNT(*) AS c FROM runs ${clause}`).get(...params), 'runs').c
    const rows = rowsThatFit(
      RunRow,
      this.db.prepare(`SELECT * FROM runs ${clause} ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`).all(...params, q.limit ?? 50, q.offset ?? 0),
    )
    return { runs: rows.map(toRecord), total }
  }

  /** Delete a run and its trajectory (its artifacts stay in the store, unlinked). Returns false when unknown. */
  deleteRun(runId: string): boolean {
    return this.db.prepare('DELETE FROM runs WHERE id = ?').run(runId).changes > 0
  }

  /** The artifacts saved during a run (from the artifact table), oldest first. */
  artifactsOf(runId: string): { sha256: string; kind: string; path: string; bytes: number; meta: Record<string, unknown> }[] {
    const rows = rowsThatFit(
      ArtifactRow,
      this.db.prepare('SELECT sha256, kind, path, bytes, meta FROM artifacts WHERE run_id = ? ORDER BY created_at').all(runId),
    )
    return rows.map((r) => ({ ...r, meta: asRecord(JSON.parse(r.meta)) }))
  }

  /** The stored steps as written (payload JSON parsed, schema version kept). */
  trajectory(runId: string): TrajectoryStep[] {
    const rows = rowsThatFit(
      StepRow,
      this.db.prepare('SELECT seq, kind, payload, created_at, schema_version FROM trajectory_steps WHERE run_id = ? ORDER BY seq').all(runId),
    )
    return rows.map((r) => ({ seq: r.seq, kind: r.kind, payload: JSON.parse(r.payload), createdAt: r.created_at, schemaVersion: r.schema_version }))
  }

  /** The run's steps as typed RunEvents of the current version (older steps upgraded by the versioned reader). */
  events(runId: string): RunEvent[] {
    return this.trajectory(runId).map((s) => readRunEvent(runId, s))
  }

  /**
   * Mark as interrupted every run still 'running' whose owning process is not alive (crash, kill, power loss).
   * Returns the ids marked. `isAlive` is injectable for tests.
   */
  markInterrupted(isAlive: (pid: number) => boolean = processAlive): string[] {
    const rows = rowsThatFit(RunningRow, this.db.prepare("SELECT id, pid FROM runs WHERE status = 'running'").all())
    const dead = rows.filter((r) => r.pid === null || !isAlive(r.pid)).map((r) => r.id)
    const stmt = this.db.prepare(
      `UPDATE runs SET status = 'interrupted', pid = NULL, error = COALESCE(error, 'the process running it stopped before it finished'),
         finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    )
    this.db.transaction(() => dead.forEach((id) => stmt.run(id)))()
    return dead
  }
}
