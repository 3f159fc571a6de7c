/**
 * The evaluation harness: runs every task of a suite under each configuration through the application's `ask`,
 * judges each run (judge.ts), keeps the outcomes (results-store.ts, so a rerun resumes) and computes the metrics
 * per configuration (metrics.ts). Tasks marked unavailable are listed and never run; a task whose run throws is
 * recorded as failed with its reason and the evaluation goes on; cancelling stops at once (finished outcomes kept).
 */
import type { Backbone } from '../agent/backbone'
import { installedTools } from '../agent/installed-tools'
import { ToolRegistry, type AnyTool } from '../agent/tool-registry'
import { visionEngineApi } from '../tools/perceive/vision-adapter'
import type { RecordInput } from '../prior/records'
import type { Progress } from '../tools/tool'
import { EVAL_CONFIGS, type AskFn, type EvalConfig, type EvalHooks } from './ask'
import { newFaultLog, withPlannerFault, withToolFault } from './faults/wrap'
import { faultKind } from './faults/kinds'
import { judgeRun, notRun, type TaskOutcome } from './judge'
import { runCalls } from './run-calls'
import { configMetrics, type ConfigMetrics } from './metrics'
import { taskFingerprint, type ResultsStore } from './results-store'
import type { EvalSuite } from './suite'
import { evalTaskSpec } from './task-spec'

export interface EvalOptions {
  suite: EvalSuite
  configs: EvalConfig[]
  /** `rules` (default) or a `--backbone` string. */
  backbone?: string
  ask: AskFn
  /** Builds a fresh backbone for a run whose planner a misreading fault wraps. */
  makeBackbone?: () => Promise<Backbone>
  results?: ResultsStore | null
  forceChoice?: boolean
  onProgress?: (p: Progress) => void
  signal?: AbortSignal
  /**
   * Calibrate the prior from a labelled configuration before the ones after it run (`rsure eval --calibrate`): when
   * every task of `from` has run, each of its judged observations (a reference decided right or wrong) is handed to
   * `record`, the prior store's calibration input (paper section 4.3: the prior is calibrated on the base agent's
   * tool calls over labelled tasks). `full`, run after, then looks its calls up in the calibrated cells.
   */
  calibrate?: { from: EvalConfig; record: (records: RecordInput[]) => number }
}

export interface EvalReport {
  /** Calibration records written from `calibrate.from` before the later configurations ran. */
  calibrated?: { from: string; records: number }
  suite: string
  backbone: string
  tasks: number
  configs: ConfigMetrics[]
  outcomes: TaskOutcome[]
  /** Runs reused from an earlier, interrupted evaluation. */
  resumed: number
  seconds: number
}

export async function runEvaluation(opts: EvalOptions): Promise<EvalReport> {
  const started = performance.now()
  const backbone = opts.backbone ?? 'rules'
  const { suite, signal } = opts
  const total = opts.configs.length * suite.tasks.length
  const outcomes: TaskOutcome[] = []
  let done = 0
  let resumed = 0
  let calibrated: EvalReport['calibrated']
  for (const config of opts.configs) {
    for (const task of suite.tasks) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('the evaluation was cancelled')
      opts.onProgress?.({ stage: `${config} ${task.id}`, done, total })
      const fingerprint = taskFingerprint(task)
      const kept = opts.results?.reusable(task, config, backbone, fingerprint)
      let outcome: TaskOutcome
      if (kept) {
        outcome = kept
        resumed++
      } else {
        outcome = task.unavailable
          ? notRun(task, config, backbone, 'unavailable', task.unavailable, fingerprint)
          : await runOne(opts, task, config, backbone, fingerprint)
        opts.results?.add(outcome)
      }
      outcomes.push(outcome)
      done++
    }
    if (opts.calibrate?.from === config)
      calibrated = {
        from: config,
        records: opts.calibrate.record(
          calibrationRecords(
            suite.name,
            outcomes.filter((o) => o.config === config),
          ),
        ),
      }
  }
  opts.onProgress?.({ stage: 'done', done, total })
  return {
    ...(calibrated ? { calibrated } : {}),
    suite: suite.name,
    backbone,
    tasks: suite.tasks.length,
    configs: opts.configs.map((c) =>
      configMetrics(
        c,
        backbone,
        EVAL_CONFIGS[c].verify,
        outcomes.filter((o) => o.config === c),
      ),
    ),
    outcomes,
    resumed,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
  }
}

/** One calibration record per judged observation of a configuration's runs (valid = not wrong by the reference). */
export function calibrationRecords(suite: string, outcomes: readonly TaskOutcome[]): RecordInput[] {
  const out: RecordInput[] = []
  for (const o of outcomes) {
    if (!o.task_type) continue
    for (const x of o.observations) {
      if (x.wrong === null || !x.coarse) continue
      const tool = x.coarse.slice(0, x.coarse.indexOf(':'))
      out.push({
        taskType: o.task_type as RecordInput['taskType'],
        config: { tool, coarse: x.coarse, fine: x.fine ?? x.coarse },
        valid: !x.wrong,
        source: 'calibration',
        suite,
        taskId: o.task,
        uid: `eval:${suite}:${o.config}:${o.task}:${x.call}`,
        note: `rsure eval --calibrate from ${o.config}${x.faulted ? ' (fault-injected call)' : ''}`,
      })
    }
  }
  return out
}

async function runOne(opts: EvalOptions, task: EvalSuite['tasks'][number], config: EvalConfig, backbone: string, fingerprint: string): Promise<TaskOutcome> {
  const log = task.fault ? newFaultLog(task.fault) : null
  const hooks: EvalHooks = {}
  let own: Backbone | null = null
  try {
    if (task.fault && log) {
      const spec = task.fault
      const kind = faultKind(spec.kind)
      if (kind.point === 'planner') {
        if (!opts.makeBackbone) throw new Error('a misreading fault needs the harness to build the backbone, and none was given')
        own = withPlannerFault(await opts.makeBackbone(), spec, log)
        hooks.backbone = own
      } else hooks.registry = (installed) => withToolFault(installed, spec, log)
    }
    if (task.vision_data) {
      const faulted = hooks.registry
      const dataDir = task.vision_data
      hooks.registry = async (installed) => {
        const own = await installedTools({ vision: visionEngineApi({ dataDir }), vlm: null })
        const tools = installed.names().map((n) => (n === 'perceive' || n === 'measure' ? own.get(n) : installed.get(n)) as AnyTool)
        const swapped = new ToolRegistry(tools)
        return faulted ? faulted(swapped) : swapped
      }
    }
    const switches = { ...EVAL_CONFIGS[config], backbone, ...(opts.forceChoice ? { forceChoice: true } : {}) }
    const result = await opts.ask(evalTaskSpec(task, opts.suite.dir), switches, opts.signal, undefined, hooks)
    // A spoiled model pack is behind every invocation of its tool: each is a faulted call.
    if (log && task.fault && faultKind(task.fault.kind).point === 'model')
      log.corrupted = runCalls(result.trajectory)
        .filter((c) => c.tool === task.fault!.tool && c.invocation !== null)
        .map((c) => c.invocation!)
    return judgeRun({ task, config, backbone, result, fault: log, fingerprint })
  } catch (err) {
    if (opts.signal?.aborted) throw err
    return notRun(task, config, backbone, 'failed', (err as Error)?.message ?? String(err), fingerprint)
  } finally {
    await own?.close()
  }
}
