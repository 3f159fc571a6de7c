/**
 * `rsure prior show|query|calibrate|feedback|export|import`: the task-tool reliability prior (DESIGN section 6) in
 * the data folder's database.
 *
 *   show      [--task T] [--level coarse|fine] [--json]     the matrix: n, n_valid, r̂ and provenance per cell
 *   query     --task T --config ID [--coarse ID] [--json]    r̂ by the n_min rule; a fine ID implies its coarse ID
 *   calibrate --suite DIR [--run [--backbone SPEC]] [--all-runs] [--dry-run] [--json]
 *             judge the stored runs of a suite's tasks; with --run, first run every task once with RSure-Base
 *             (verification and prior off, as the paper's calibration does) and store those runs
 *   feedback  --run ID (--right | --wrong | --clear) [--step N] [--note TEXT] [--json]
 *   export    [--out FILE]                                 the whole prior as JSON (stdout by default)
 *   import    FILE [--replace] [--json]                      merge (default) or replace from an export
 * Every subcommand takes --data-dir DIR (default: RSURE_DATA_DIR or the per-user folder).
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Backbone } from '../../agent/backbone'
import { createBackbone, parseBackbone } from '../../agent/llm/backbone-spec'
import type { TaskSpec } from '../../agent/task'
import type { ToolRegistry } from '../../agent/tool-registry'
import { evalTaskSpec } from '../../eval/task-spec'
import { calibrateFromRuns, loadSuite, type Suite, type SuiteTask } from '../../prior/calibration'
import { configFromId, parseConfigId } from '../../prior/config-ids'
import { TaskTypeSchema } from '../../prior/task-types'
import type { MatrixCell, PriorEstimate } from '../../prior/store'
import { openServices, type Services } from '../../services'
import { CliError, parseCommandArgs, printJson, validate, type CliIo, type Command } from '../io'

const SUBCOMMANDS = ['show', 'query', 'calibrate', 'feedback', 'export', 'import'] as const
type Sub = (typeof SUBCOMMANDS)[number]

const USAGE = [
  'rsure prior show [--task T] [--level coarse|fine] [--json]',
  '       rsure prior query --task T --config ID [--coarse ID] [--json]',
  '       rsure prior calibrate --suite DIR [--run [--backbone SPEC]] [--all-runs] [--dry-run] [--json]',
  '       rsure prior feedback --run ID (--right | --wrong | --clear) [--step N] [--note TEXT] [--json]',
  '       rsure prior export [--out FILE]',
  '       rsure prior import FILE [--replace] [--json]',
  '       (each also takes --data-dir DIR)',
].join('\n')

function open(dataDir: string | undefined): Services {
  return openServices(dataDir ? { dataDir: path.resolve(dataDir) } : {})
}

/** Run `fn` with the services open, closing them afterwards; store errors become one-sentence CLI errors. */
function withServices<T>(dataDir: string | undefined, fn: (s: Services) => T): T {
  const services = open(dataDir)
  try {
    return fn(services)
  } catch (err) {
    if (err instanceof CliError) throw err
    throw new CliError((err as Error).message, 1)
  } finally {
    services.close()
  }
}

function formatEstimate(e: PriorEstimate | null): string {
  if (!e) return 'None: neither the fine nor the coarse configuration has enough calibrated calls; the verifier decides from the other inputs only.\n'
  return `r̂ = ${e.r_hat.toFixed(3)} at level ${e.level} (n = ${e.n}, n_valid = ${e.n_valid}, source ${e.source})\n`
}

function formatMatrix(cells: MatrixCell[]): string {
  if (cells.length === 0) return 'The prior holds no cells for this selection.\n'
  const width = Math.max(...cells.map((c) => c.config.length))
  const out: string[] = []
  let task = ''
  for (const c of cells) {
    if (c.task_type !== task) {
      task = c.task_type
      out.push(task)
    }
    out.push(
      `  ${c.level.padEnd(6)}  ${c.config.padEnd(width)}  ${c.r_hat.toFixed(3)}  n=${String(c.n).padEnd(4)} n_valid=${String(c.n_valid).padEnd(4)} ${c.source}`,
    )
  }
  return `${out.join('\n')}\n`
}

const common = { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } } as const

function noPositionals(sub: Sub, positionals: string[]): void {
  if (positionals.length > 0) throw new CliError(`rsure prior ${sub} takes no argument '${positionals[0]}'; see 'rsure help prior'.`, 2)
}

function show(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('prior', argv, { ...common, task: { type: 'string' }, level: { type: 'string' } })
  noPositionals('show', positionals)
  const taskType = values.task === undefined ? undefined : validate(TaskTypeSchema, values.task, `--task '${values.task}'`)
  const level = values.level === undefined ? undefined : validate(z.enum(['coarse', 'fine']), values.level, `--level '${values.level}'`)
  return withServices(values['data-dir'], (s) => {
    const cells = s.prior.matrix({ taskType, level })
    if (values.json) printJson(io, { n_min: s.prior.nMin, stats: s.prior.stats(), cells })
    else io.stdout(`Reliability prior (n_min = ${s.prior.nMin}; r̂ = (n_valid + 1) / (n + 2))\n${formatMatrix(cells)}`)
    return 0
  })
}

function query(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('prior', argv, {
    ...common,
    task: { type: 'string' },
    config: { type: 'string' },
    coarse: { type: 'string' },
  })
  noPositionals('query', positionals)
  if (!values.task || !values.config)
    throw new CliError(`rsure prior query needs --task and --config, e.g. --task object_counting --config "measure:count|auto|objects".`, 2)
  const taskType = validate(TaskTypeSchema, values.task, `--task '${values.task}'`)
  let config
  try {
    config = configFromId(values.config)
    if (values.coarse !== undefined) {
      const coarse = parseConfigId(values.coarse)
      if (coarse.level !== 'coarse' || coarse.id !== config.coarse) {
        throw new Error(`--coarse '${values.coarse}' must be the coarse id of --config ('${config.coarse}').`)
      }
    }
  } catch (err) {
    throw new CliError((err as Error).message, 2)
  }
  return withServices(values['data-dir'], (s) => {
    const estimate = s.prior.lookup(taskType, config)
    if (values.json) printJson(io, estimate)
    else io.stdout(formatEstimate(estimate))
    return 0
  })
}

/** A suite task as the agent's task (the evaluation harness's reading: options, paths resolved in the suite). */
export function suiteTaskSpec(task: SuiteTask, suiteDir: string): TaskSpec {
  return evalTaskSpec(task, suiteDir)
}

export interface SuiteRunDeps {
  backbone: Backbone
  registry: ToolRegistry
  services: Pick<Services, 'ask'>
}

/**
 * Run every task of a suite once with RSure-Base (verification and prior switched off), storing each run and its
 * trajectory, as the paper's offline calibration does. A task that fails is reported and skipped.
 */
export async function runSuiteTasks(suite: Suite, deps: SuiteRunDeps, io: CliIo): Promise<{ ran: number; failed: string[] }> {
  const failed: string[] = []
  let ran = 0
  for (const [i, task] of suite.tasks.entries()) {
    if (io.signal.aborted) throw new CliError(`Calibration runs were interrupted after ${ran} of ${suite.tasks.length} tasks; finished runs are kept.`, 130)
    io.stderr(`calibration run ${i + 1}/${suite.tasks.length}: ${task.id}\n`)
    try {
      const spec = suiteTaskSpec(task, suite.dir)
      await deps.services.ask(spec, { verify: false, prior: false }, io.signal, undefined, { backbone: deps.backbone, registry: () => deps.registry })
      ran++
    } catch (err) {
      if (io.signal.aborted) throw new CliError(`Calibration runs were interrupted after ${ran} of ${suite.tasks.length} tasks; finished runs are kept.`, 130)
      failed.push(task.id)
      io.stderr(`  task ${task.id} failed: ${(err as Error).message}\n`)
    }
  }
  return { ran, failed }
}

async function calibrate(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('prior', argv, {
    ...common,
    suite: { type: 'string' },
    run: { type: 'boolean', default: false },
    backbone: { type: 'string', default: 'rules' },
    'all-runs': { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  })
  noPositionals('calibrate', positionals)
  if (!values.suite) throw new CliError('rsure prior calibrate needs --suite DIR (a folder with tasks.jsonl).', 2)
  let suite: Suite
  try {
    suite = loadSuite(path.resolve(values.suite))
  } catch (err) {
    throw new CliError((err as Error).message, 2)
  }
  const services = open(values['data-dir'])
  try {
    let runs: { ran: number; failed: string[] } | null = null
    if (values.run) {
      let backbone: Backbone
      const registry = await services.tools()
      try {
        backbone = createBackbone(parseBackbone(values.backbone), registry, { apiKey: process.env.RSURE_OPENAI_API_KEY })
      } catch (err) {
        throw new CliError((err as Error).message, 2)
      }
      try {
        runs = await runSuiteTasks(suite, { backbone, registry, services }, io)
      } finally {
        await backbone.close()
      }
    }
    const report = calibrateFromRuns(services.prior, services.runs, suite, { allRuns: values['all-runs'], dryRun: values['dry-run'] })
    if (values.json) printJson(io, runs ? { ...report, runs_started: runs.ran, runs_failed: runs.failed } : report)
    else {
      if (runs) io.stdout(`Ran ${runs.ran} of ${suite.tasks.length} tasks with RSure-Base${runs.failed.length ? `; failed: ${runs.failed.join(', ')}` : ''}.\n`)
      io.stdout(
        `Suite ${report.suite}: ${report.tasks_with_runs} of ${report.tasks} tasks have finished runs; ${report.runs_judged} runs judged` +
          `${report.runs_unjudged ? `, ${report.runs_unjudged} with unreadable answers skipped` : ''}.\n` +
          `${report.dry_run ? 'Would add' : 'Added'} ${report.records} records (${report.valid} valid, ${report.invalid} invalid).\n`,
      )
      if (report.unmatched.length) io.stdout(`No runs for: ${report.unmatched.slice(0, 10).join(', ')}${report.unmatched.length > 10 ? ', ...' : ''}\n`)
    }
    return 0
  } catch (err) {
    if (err instanceof CliError) throw err
    throw new CliError((err as Error).message, 1)
  } finally {
    services.close()
  }
}

function feedback(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('prior', argv, {
    ...common,
    run: { type: 'string' },
    right: { type: 'boolean', default: false },
    wrong: { type: 'boolean', default: false },
    clear: { type: 'boolean', default: false },
    step: { type: 'string' },
    note: { type: 'string' },
  })
  noPositionals('feedback', positionals)
  if (!values.run) throw new CliError('rsure prior feedback needs --run ID (the run to mark).', 2)
  const marks = [values.right, values.wrong, values.clear].filter(Boolean).length
  if (marks !== 1) throw new CliError('Give exactly one of --right, --wrong or --clear.', 2)
  const step = values.step === undefined ? undefined : validate(z.coerce.number().int().nonnegative(), values.step, `--step '${values.step}'`)
  const runId = values.run
  return withServices(values['data-dir'], (s) => {
    if (values.clear) {
      const removed = s.prior.clearFeedback(runId, step)
      if (values.json) printJson(io, { removed })
      else io.stdout(`Removed ${removed} feedback record${removed === 1 ? '' : 's'} of run ${runId}.\n`)
      return 0
    }
    const result = s.prior.feedback({ runId, correct: values.right, stepSeq: step, note: values.note })
    if (values.json) printJson(io, result)
    else
      io.stdout(
        `Marked ${result.records} observation${result.records === 1 ? '' : 's'} of run ${runId} ${values.right ? 'right' : 'wrong'} for ${result.taskType}: ${result.configs.join(', ')}.\n`,
      )
    return 0
  })
}

function exportPrior(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('prior', argv, { 'data-dir': { type: 'string' }, out: { type: 'string' } })
  noPositionals('export', positionals)
  return withServices(values['data-dir'], (s) => {
    const doc = s.prior.export()
    if (values.out) {
      fs.writeFileSync(path.resolve(values.out), `${JSON.stringify(doc, null, 2)}\n`)
      io.stderr(`Wrote ${doc.seeds.length} seed cells and ${doc.records.length} records to ${values.out}.\n`)
    } else printJson(io, doc)
    return 0
  })
}

function importPrior(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('prior', argv, { ...common, replace: { type: 'boolean', default: false } })
  if (positionals.length !== 1) throw new CliError('rsure prior import takes exactly one FILE (a prior export).', 2)
  let doc: unknown
  try {
    doc = JSON.parse(fs.readFileSync(positionals[0], 'utf8'))
  } catch (err) {
    throw new CliError(`Cannot read ${positionals[0]} as JSON (${(err as Error).message}); give a file written by 'rsure prior export'.`, 2)
  }
  return withServices(values['data-dir'], (s) => {
    const added = s.prior.import(doc, values.replace ? 'replace' : 'merge')
    if (values.json) printJson(io, { mode: values.replace ? 'replace' : 'merge', ...added })
    else io.stdout(`${values.replace ? 'Replaced the prior with' : 'Merged'} ${added.seeds} seed cells and ${added.records} records.\n`)
    return 0
  })
}

const handlers: Record<Sub, (argv: string[], io: CliIo) => number | Promise<number>> = {
  show,
  query,
  calibrate,
  feedback,
  export: exportPrior,
  import: importPrior,
}

const command: Command = {
  name: 'prior',
  summary: 'Show, query, calibrate, give feedback to, export or import the task-tool reliability prior.',
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv
    if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
      throw new CliError(`rsure prior needs a subcommand: ${SUBCOMMANDS.join(', ')} (got '${sub ?? ''}').`, 2)
    }
    return handlers[sub as Sub](rest, io)
  },
}

export default command
