/**
 * Calibration of the prior from labelled runs (`rsure prior calibrate --suite DIR`, paper section 4.3: the prior is
 * built from offline task feedback).
 *
 * A suite is a folder with `tasks.jsonl` (id, question, options?, answer, answer_type?, tolerance?). For each task
 * the stored runs of it are found (by `inputs.task_id`, `inputs.suite_task_id` or `inputs.taskId`, else by the same
 * question and options), their final answers judged against the gold answer, and every observation that reached
 * the answer becomes one record: valid when the answer was right. The task type is the one the run used online
 * (the same classifier), so calibration and lookup land on the same cell.
 *
 * Task-level feedback is a proxy for per-observation truth: a right answer can rest on a wrong observation and
 * vice versa. An evaluation harness that knows better (fault injection knows which call it corrupted) records
 * per-call validity itself through `PriorStore.record` with the same record format.
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { RunRecord, RunStore } from '../store/runs'
import { answerIsCorrect } from './answer-match'
import { readJsonl } from './jsonl'
import { runTaskType } from './feedback'
import { parseQuestion } from './question-text'
import type { RecordInput } from './records'
import type { PriorStore } from './store'
import { observedCalls, usedObservations } from './trajectory'

export const SuiteTaskSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    question: z.string().min(1),
    options: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .nullable(),
    answer: z.union([z.string().min(1), z.number()]),
    answer_type: z.enum(['choice', 'number', 'text']).optional(),
    tolerance: z.number().nonnegative().optional(),
    /** Image and data file paths, relative to the suite folder. */
    images: z.array(z.string().min(1)).optional(),
    files: z.array(z.string().min(1)).optional(),
  })
  .loose()
export type SuiteTask = z.infer<typeof SuiteTaskSchema>

export interface Suite {
  name: string
  dir: string
  tasks: SuiteTask[]
}

/** Read a suite folder; throws one sentence naming the file and line that is wrong. */
export function loadSuite(dir: string): Suite {
  const file = path.join(dir, 'tasks.jsonl')
  if (!fs.existsSync(file)) throw new Error(`The suite folder ${dir} has no tasks.jsonl; point --suite at a folder in the suite format.`)
  const tasks = readJsonl(file, SuiteTaskSchema, (n) => `Task on line ${n} of ${file}`)
  if (tasks.length === 0) throw new Error(`${file} lists no tasks.`)
  return { name: path.basename(path.resolve(dir)), dir, tasks }
}

function optionsText(options: SuiteTask['options'] | string | null | undefined): string[] {
  return parseQuestion('', options ?? null).options
}

/** Whether a stored run is a run of this task: by task id in its inputs, else by the same question and options. */
export function runMatchesTask(run: RunRecord, task: SuiteTask): boolean {
  const inputs = run.inputs ?? {}
  const ids = [inputs.task_id, inputs.suite_task_id, inputs.taskId].filter((v) => v !== undefined && v !== null).map(String)
  if (ids.length > 0) return ids.includes(task.id)
  const a = parseQuestion(run.question, run.options)
  const b = parseQuestion(task.question, task.options ?? null)
  if (a.stem !== b.stem) return false
  const ao = a.options.length ? a.options : optionsText(run.options)
  return ao.length === 0 || b.options.length === 0 || ao.join('\n') === b.options.join('\n')
}

export interface CalibrationOptions {
  /** Use every finished run of a task, not only its latest (default: latest only, so re-running a suite does not
   * count the same evidence twice). */
  allRuns?: boolean
  /** Compute the report without writing records. */
  dryRun?: boolean
  /** Most runs to scan, newest first. */
  scanLimit?: number
}

export interface CalibrationReport {
  suite: string
  tasks: number
  tasks_with_runs: number
  runs_judged: number
  /** Runs whose answer could not be read against the gold (no letter or number). */
  runs_unjudged: number
  records: number
  valid: number
  invalid: number
  /** Task ids that had no finished run in the database. */
  unmatched: string[]
  dry_run: boolean
}

/** The records one judged run contributes. */
export function calibrationRecords(
  run: RunRecord,
  steps: Parameters<typeof observedCalls>[0],
  task: SuiteTask,
  suite: string,
  correct: boolean,
): RecordInput[] {
  const taskType = runTaskType(run)
  return usedObservations(observedCalls(steps)).map((c) => ({
    taskType,
    config: c.config,
    valid: correct,
    source: 'calibration' as const,
    runId: run.id,
    stepSeq: c.resultSeq,
    suite,
    taskId: task.id,
  }))
}

/** Calibrate the prior from the runs stored for a suite's tasks. */
export function calibrateFromRuns(prior: PriorStore, runs: RunStore, suite: Suite, opts: CalibrationOptions = {}): CalibrationReport {
  const finished = runs.listRuns(opts.scanLimit ?? 100_000).filter((r) => r.status === 'finished')
  const report: CalibrationReport = {
    suite: suite.name,
    tasks: suite.tasks.length,
    tasks_with_runs: 0,
    runs_judged: 0,
    runs_unjudged: 0,
    records: 0,
    valid: 0,
    invalid: 0,
    unmatched: [],
    dry_run: Boolean(opts.dryRun),
  }
  const all: RecordInput[] = []
  for (const task of suite.tasks) {
    // listRuns is newest first.
    const matched = finished.filter((r) => runMatchesTask(r, task))
    if (matched.length === 0) {
      report.unmatched.push(task.id)
      continue
    }
    report.tasks_with_runs++
    for (const run of opts.allRuns ? matched : matched.slice(0, 1)) {
      const correct = answerIsCorrect(run.answer, task)
      if (correct === null) {
        report.runs_unjudged++
        continue
      }
      report.runs_judged++
      const recs = calibrationRecords(run, runs.trajectory(run.id), task, suite.name, correct)
      all.push(...recs)
      if (correct) report.valid += recs.length
      else report.invalid += recs.length
    }
  }
  report.records = all.length
  if (!opts.dryRun && all.length > 0) prior.record(all)
  return report
}
