/**
 * The task-tool reliability prior in SQLite (DESIGN section 6, paper section 4.3). The only module that touches
 * the prior's tables (migration 002).
 *
 * A cell (z, v) of the matrix, at level coarse or fine, sums its seed row (published or imported counts) and its
 * judged records (calibration, feedback): n and n_valid. Its score is r̂ = (n_valid + 1) / (n + 2), Laplace's
 * rule of succession: 0.5 with no evidence, tending to the observed rate as n grows.
 *
 * Lookup rule (paper eq. 7): the fine cell if n_fine >= n_min, else the coarse cell if n_coarse >= n_min, else
 * None (null), meaning "verify from the other inputs only". n_min defaults to 8 as in the paper.
 */
import { randomUUID } from 'node:crypto'
import type { Statement } from 'better-sqlite3'
import type { Db } from '../store/database'
import { RunStore } from '../store/runs'
import { PRIOR_EXPORT_FORMAT, PRIOR_EXPORT_VERSION, PriorExportSchema, type ExportedRecord, type ExportedSeed, type PriorExport } from './exchange'
import { feedbackRecords, FeedbackMarkSchema, type FeedbackMark } from './feedback'
import { RecordInputSchema, type RecordInput } from './records'
import { loadSeedDocument, toolOf, type SeedDocument } from './seed'
import { isTaskType } from './task-types'

export const DEFAULT_N_MIN = 8

export type PriorLevel = 'fine' | 'coarse'

/** What the verifier receives: r̂ with the counts and provenance behind it. */
export interface PriorEstimate {
  r_hat: number
  level: PriorLevel
  n: number
  n_valid: number
  /** Provenance of the counts, e.g. 'published', 'calibration', 'published+feedback'. */
  source: string
}

export interface MatrixCell {
  task_type: string
  level: PriorLevel
  config: string
  tool: string
  n: number
  n_valid: number
  r_hat: number
  source: string
}

export interface PriorStoreOptions {
  /** Minimum calls for a level to be used (paper: 8). */
  nMin?: number
  /** Seed the published matrix on first use (default) or leave the store empty. */
  seed?: 'published' | 'none'
  /** A seed document to use instead of resources/prior/published.json. */
  seedDocument?: SeedDocument
}

/** r̂ = (n_valid + 1) / (n + 2). */
export function reliability(n: number, nValid: number): number {
  return (nValid + 1) / (n + 2)
}

const SOURCE_ORDER = ['published', 'imported', 'calibration', 'feedback']
function sourceLabel(list: string | null): string {
  const parts = [...new Set((list ?? '').split(',').filter(Boolean))]
  const rank = (p: string) => (SOURCE_ORDER.includes(p) ? SOURCE_ORDER.indexOf(p) : SOURCE_ORDER.length)
  parts.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  return parts.join('+')
}

interface CountRow {
  n: number
  n_valid: number
  sources: string | null
}

export class PriorStore {
  readonly nMin: number
  private readonly runs: RunStore
  private readonly cellStatements = new Map<PriorLevel, Statement>()

  constructor(
    private readonly db: Db,
    opts: PriorStoreOptions = {},
  ) {
    this.nMin = opts.nMin ?? DEFAULT_N_MIN
    if (!Number.isInteger(this.nMin) || this.nMin < 1) throw new Error(`n_min must be a positive whole number, not ${opts.nMin}.`)
    this.runs = new RunStore(db)
    if ((opts.seed ?? 'published') === 'published') this.seed(opts.seedDocument ?? loadSeedDocument())
  }

  /**
   * Apply a seed document once per provenance and version: rows of the same provenance from an older version are
   * replaced; an already applied version is left alone (so the analyst's imports are not overwritten on restart).
   */
  seed(doc: SeedDocument): boolean {
    const key = `seed:${doc.provenance}`
    const applied = this.db.prepare('SELECT value FROM prior_meta WHERE key = ?').get(key) as { value: string } | undefined
    if (applied && Number(applied.value) >= doc.version) return false
    const insert = this.db.prepare(
      `INSERT OR REPLACE INTO prior_seed (task_type, level, config, tool, n, n_valid, provenance, reference, r_published)
       VALUES (@task_type, @level, @config, @tool, @n, @n_valid, @provenance, @reference, @r_published)`,
    )
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM prior_seed WHERE provenance = ?').run(doc.provenance)
      for (const e of doc.entries) {
        insert.run({
          task_type: e.task_type,
          level: e.level,
          config: e.config,
          tool: toolOf(e.config),
          n: e.n,
          n_valid: e.n_valid,
          provenance: doc.provenance,
          reference: e.reference || doc.reference,
          r_published: e.r_published ?? null,
        })
      }
      this.db.prepare('INSERT OR REPLACE INTO prior_meta (key, value) VALUES (?, ?)').run(key, String(doc.version))
    })()
    return true
  }

  /** The summed counts of one cell (zero counts when nothing is known). */
  cell(taskType: string, level: PriorLevel, config: string): { n: number; n_valid: number; source: string } {
    const row = this.cellStatement(level).get({ t: taskType, level, config }) as CountRow
    return { n: row.n, n_valid: row.n_valid, source: sourceLabel(row.sources) }
  }

  /** The cell query of one level, prepared once (lookups run on every verified tool call). */
  private cellStatement(level: PriorLevel) {
    const cached = this.cellStatements.get(level)
    if (cached) return cached
    const column = level === 'fine' ? 'fine' : 'coarse'
    const stmt = this.db.prepare(
      `SELECT COALESCE(SUM(n), 0) AS n, COALESCE(SUM(n_valid), 0) AS n_valid, GROUP_CONCAT(src) AS sources FROM (
         SELECT n, n_valid, provenance AS src FROM prior_seed WHERE task_type = @t AND level = @level AND config = @config
         UNION ALL
         SELECT COUNT(*), SUM(valid), source FROM prior_records WHERE task_type = @t AND ${column} = @config GROUP BY source
       )`,
    )
    this.cellStatements.set(level, stmt)
    return stmt
  }

  /** r̂ for a task type and a call's configuration ids by the n_min rule; null (None) when no level qualifies. */
  lookup(taskType: string, config: { coarse: string; fine: string }): PriorEstimate | null {
    if (!isTaskType(taskType)) return null
    for (const [level, id] of [
      ['fine', config.fine],
      ['coarse', config.coarse],
    ] as const) {
      if (!id) continue
      const c = this.cell(taskType, level, id.trim().toLowerCase())
      if (c.n >= this.nMin) return { r_hat: reliability(c.n, c.n_valid), level, n: c.n, n_valid: c.n_valid, source: c.source }
    }
    return null
  }

  /** Every non-empty cell, ordered by task type, level and configuration. */
  matrix(filter: { level?: PriorLevel; taskType?: string } = {}): MatrixCell[] {
    const rows = this.db
      .prepare(
        `SELECT task_type, level, config, tool, SUM(n) AS n, SUM(n_valid) AS n_valid, GROUP_CONCAT(src) AS sources FROM (
           SELECT task_type, level, config, tool, n, n_valid, provenance AS src FROM prior_seed
           UNION ALL
           SELECT task_type, 'coarse', coarse, tool, COUNT(*), SUM(valid), source FROM prior_records GROUP BY task_type, coarse, tool, source
           UNION ALL
           SELECT task_type, 'fine', fine, tool, COUNT(*), SUM(valid), source FROM prior_records GROUP BY task_type, fine, tool, source
         )
         WHERE (@level IS NULL OR level = @level) AND (@t IS NULL OR task_type = @t)
         GROUP BY task_type, level, config ORDER BY task_type, level, config`,
      )
      .all({ level: filter.level ?? null, t: filter.taskType ?? null }) as (Omit<MatrixCell, 'r_hat' | 'source'> & { sources: string })[]
    return rows.map(({ sources, ...r }) => ({ ...r, r_hat: reliability(r.n, r.n_valid), source: sourceLabel(sources) }))
  }

  /** Store judged observations; a record with the uid of an earlier one replaces it. Returns how many were written. */
  record(input: RecordInput | RecordInput[]): number {
    const items = (Array.isArray(input) ? input : [input]).map((raw, i) => {
      const parsed = RecordInputSchema.safeParse(raw)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new Error(`Prior record ${i} is not valid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`)
      }
      return parsed.data
    })
    const upsert = this.db.prepare(
      `INSERT INTO prior_records (uid, task_type, tool, coarse, fine, valid, source, run_id, step_seq, suite, task_id, note)
       VALUES (@uid, @task_type, @tool, @coarse, @fine, @valid, @source, @run_id, @step_seq, @suite, @task_id, @note)
       ON CONFLICT(uid) DO UPDATE SET task_type = excluded.task_type, tool = excluded.tool, coarse = excluded.coarse,
         fine = excluded.fine, valid = excluded.valid, source = excluded.source, run_id = excluded.run_id,
         step_seq = excluded.step_seq, suite = excluded.suite, task_id = excluded.task_id, note = excluded.note,
         created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    this.db.transaction(() => {
      for (const r of items) {
        const keyed = r.runId && r.stepSeq !== null && r.stepSeq !== undefined
        upsert.run({
          uid: r.uid ?? (keyed ? `${r.source}:${r.runId}:${r.stepSeq}` : `${r.source}:${randomUUID()}`),
          task_type: r.taskType,
          tool: r.config.tool,
          coarse: r.config.coarse,
          fine: r.config.fine,
          valid: r.valid ? 1 : 0,
          source: r.source,
          run_id: r.runId ?? null,
          step_seq: r.stepSeq ?? null,
          suite: r.suite ?? null,
          task_id: r.taskId ?? null,
          note: r.note ?? null,
        })
      }
    })()
    return items.length
  }

  /**
   * The analyst marks a run's answer (or one observation of it) right or wrong; the configurations it used gain
   * one call each, valid or not. Marking again replaces the earlier mark. Returns the records written.
   */
  feedback(mark: FeedbackMark): { records: number; taskType: string; configs: string[] } {
    const parsed = FeedbackMarkSchema.safeParse(mark)
    if (!parsed.success) throw new Error(`The feedback mark is not valid: ${parsed.error.issues[0].message}.`)
    const run = this.runs.getRun(parsed.data.runId)
    if (!run) throw new Error(`There is no run '${parsed.data.runId}' in this database; check the id with the run list.`)
    const records = feedbackRecords(run, this.runs.trajectory(run.id), parsed.data)
    this.record(records)
    return { records: records.length, taskType: records[0].taskType, configs: records.map((r) => r.config.fine) }
  }

  /** Withdraw the analyst's marks on a run (or on one result step of it). Returns how many records were removed. */
  clearFeedback(runId: string, stepSeq?: number): number {
    const info =
      stepSeq === undefined
        ? this.db.prepare("DELETE FROM prior_records WHERE source = 'feedback' AND run_id = ?").run(runId)
        : this.db.prepare("DELETE FROM prior_records WHERE source = 'feedback' AND run_id = ? AND step_seq = ?").run(runId, stepSeq)
    return info.changes
  }

  /** Records stored for one run, oldest first. */
  recordsForRun(runId: string): ExportedRecord[] {
    return this.exportedRecords('WHERE run_id = ?', [runId])
  }

  /** How much the prior holds, by origin. */
  stats(): { seeds: number; records: { calibration: number; feedback: number }; cells: number } {
    const seeds = (this.db.prepare('SELECT COUNT(*) AS c FROM prior_seed').get() as { c: number }).c
    const bySource = this.db.prepare('SELECT source, COUNT(*) AS c FROM prior_records GROUP BY source').all() as { source: string; c: number }[]
    const get = (s: string) => bySource.find((r) => r.source === s)?.c ?? 0
    return { seeds, records: { calibration: get('calibration'), feedback: get('feedback') }, cells: this.matrix().length }
  }

  /** The whole prior as one JSON document (see exchange.ts). */
  export(): PriorExport {
    const seeds = this.db
      .prepare(
        'SELECT task_type, level, config, tool, n, n_valid, provenance, reference, r_published FROM prior_seed ORDER BY task_type, level, config, provenance',
      )
      .all() as ExportedSeed[]
    const meta = Object.fromEntries(
      (this.db.prepare('SELECT key, value FROM prior_meta ORDER BY key').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]),
    )
    return {
      format: PRIOR_EXPORT_FORMAT,
      version: PRIOR_EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      n_min: this.nMin,
      seeds,
      records: this.exportedRecords('', []),
      meta,
    }
  }

  /**
   * Load an exported document. `replace` empties the prior first (the result equals the export); `merge` adds seed
   * cells and records that are not there yet (same key: the existing one is kept). Returns what was added.
   */
  import(document: unknown, mode: 'merge' | 'replace' = 'merge'): { seeds: number; records: number } {
    const parsed = PriorExportSchema.safeParse(document)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new Error(`The prior document is not valid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`)
    }
    const doc = parsed.data
    const verb = mode === 'replace' ? 'INSERT' : 'INSERT OR IGNORE'
    const seedStmt = this.db.prepare(
      `${verb} INTO prior_seed (task_type, level, config, tool, n, n_valid, provenance, reference, r_published)
       VALUES (@task_type, @level, @config, @tool, @n, @n_valid, @provenance, @reference, @r_published)`,
    )
    const recordStmt = this.db.prepare(
      `${verb} INTO prior_records (uid, task_type, tool, coarse, fine, valid, source, run_id, step_seq, suite, task_id, note, created_at)
       VALUES (@uid, @task_type, @tool, @coarse, @fine, @valid, @source, @run_id, @step_seq, @suite, @task_id, @note, @created_at)`,
    )
    const metaStmt = this.db.prepare(`${verb} INTO prior_meta (key, value) VALUES (?, ?)`)
    let seeds = 0
    let records = 0
    this.db.transaction(() => {
      if (mode === 'replace') this.db.exec('DELETE FROM prior_seed; DELETE FROM prior_records; DELETE FROM prior_meta;')
      for (const s of doc.seeds) seeds += seedStmt.run(s).changes
      for (const r of doc.records) records += recordStmt.run({ ...r, valid: r.valid ? 1 : 0 }).changes
      for (const [k, v] of Object.entries(doc.meta)) metaStmt.run(k, v)
    })()
    return { seeds, records }
  }

  private exportedRecords(where: string, params: unknown[]): ExportedRecord[] {
    const rows = this.db
      .prepare(
        `SELECT uid, task_type, tool, coarse, fine, valid, source, run_id, step_seq, suite, task_id, note, created_at
         FROM prior_records ${where} ORDER BY id`,
      )
      .all(...params) as (Omit<ExportedRecord, 'valid'> & { valid: number })[]
    return rows.map((r) => ({ ...r, valid: r.valid === 1 }))
  }
}
