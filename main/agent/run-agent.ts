/**
 * One run of the agent, end to end: classify the task, open the run in SQLite with its settings, run the verified
 * loop, write the answer from the verified history in a fresh context, and close the run with its metrics. A
 * cancelled or failed run is closed as such with its trajectory kept; a run whose process dies stays 'running'
 * until `RunStore.markInterrupted` marks it.
 */
import { classifyTask } from '../prior/classifier'
import type { ArtifactStore } from '../store/artifacts'
import type { RunStore } from '../store/runs'
import { FileAccess } from '../tools/access'
import type { ToolResult } from '../tools/protocol'
import type { Progress } from '../tools/tool'
import { noPrior, type PriorLookup } from '../verify/prior-lookup'
import type { VerifierImage } from '../verify/verdict'
import { groundAnswer, type GroundedAnswer } from './answer-grounding'
import type { Backbone } from './backbone'
import { gapsOf } from './gaps'
import { H_MAX, K_MAX, runLoop, type StopReason } from './loop'
import { askDeadlineMs, startRunDeadline } from './run-deadline'
import type { TaskSpec } from './task'
import type { ToolRegistry } from './tool-registry'
import { TrajectoryRecorder, type RecordedStep } from './trajectory'
import type { HistoryEntry } from './verified-history'

export interface AgentSwitches {
  /** false = `--no-verify`: results pass straight through (RSure-Base with `prior: false`). */
  verify: boolean
  /** false = `--no-prior`: the verifier gets prior = None. */
  prior: boolean
  /** `--force-choice`: when no option is supported, add a guess labelled `grounded: false` (never the answer). */
  forceChoice?: boolean
}

export interface AgentDeps {
  backbone: Backbone
  registry: ToolRegistry
  artifacts: ArtifactStore
  /** Where runs and trajectories are stored; null keeps them in memory only. */
  runs: RunStore | null
  prior?: PriorLookup
  verifierImages?: (task: TaskSpec, result: ToolResult) => Promise<VerifierImage[]>
  onProgress?: (p: Progress) => void
  hMax?: number
  kMax?: number
  /** The run's one deadline, ms (run-deadline.ts): default the backbone's, else RSURE_ASK_TIMEOUT_S, else 1800 s. */
  deadlineMs?: number
}

export interface AgentMetrics {
  tool_calls: number
  llm_calls: number
  tokens: number
  seconds: number
}

export interface AgentResult {
  runId: string | null
  /** The answer after grounding: an option only where an accepted observation supports it. */
  answer: GroundedAnswer
  taskType: string
  classifiedBy: string
  verified: HistoryEntry[]
  trajectory: RecordedStep[]
  metrics: AgentMetrics
  stop: StopReason
}

export async function runAgent(task: TaskSpec, switches: AgentSwitches, deps: AgentDeps, cancel?: AbortSignal): Promise<AgentResult> {
  const started = performance.now()
  const { backbone } = deps
  const deadlineMs = askDeadlineMs(deps.deadlineMs ?? backbone.deadlineMs)
  const settings = {
    backbone: backbone.id,
    verify: switches.verify,
    prior: switches.prior,
    verifier: switches.verify ? backbone.verifier.name : null,
    h_max: deps.hMax ?? H_MAX,
    k_max: deps.kMax ?? K_MAX,
    baseline: !switches.verify && !switches.prior ? 'RSure-Base' : null,
  }
  const runId =
    deps.runs?.createRun({
      question: task.asked ?? task.question,
      options: task.options.length ? task.options.map((o) => `${o.letter}. ${o.text}`).join('\n') : null,
      inputs: { images: task.images, files: task.files },
      settings,
    }) ?? null
  const recorder = new TrajectoryRecorder(deps.runs, runId)
  // One deadline for the whole run: what listens to `signal` (the model calls of every role, the tools) stops when
  // it passes, and the run fails with a sentence that says what was running.
  const doing = (): string => {
    const last = recorder.steps[recorder.steps.length - 1]
    if (last?.kind === 'tool_call') return `the ${String((last.payload as { tool?: unknown }).tool)} tool was running`
    return backbone.id === 'rules' ? 'it planned its next step' : 'it waited on the model'
  }
  const deadline = startRunDeadline(deadlineMs, doing, cancel)
  const signal = deadline.signal
  const metrics = (): AgentMetrics => ({
    tool_calls: recorder.steps.filter((s) => s.kind === 'tool_call').length,
    llm_calls: backbone.meter.calls,
    tokens: backbone.meter.tokens,
    seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
  })
  try {
    const classification = await classifyTask(task.question, {
      options: task.options.map((o) => o.text),
      fallback: backbone.classifyFallback ? (q) => backbone.classifyFallback!(q, signal) : undefined,
    })
    if (runId) deps.runs?.setTaskType(runId, classification.taskType)
    recorder.record('task', {
      question: task.question,
      ...(task.asked ? { asked: task.asked, corrections: task.corrections } : {}),
      options: task.options,
      format: task.format,
      images: task.images,
      files: task.files,
      task_type: classification.taskType,
      classified_by: classification.by,
      settings,
    })

    const outcome = await runLoop({
      task,
      taskType: classification.taskType,
      planner: backbone.planner,
      verifier: switches.verify ? backbone.verifier : null,
      prior: switches.prior ? (deps.prior ?? noPrior) : noPrior,
      registry: deps.registry,
      toolContext: {
        artifacts: deps.artifacts,
        signal,
        runId,
        onProgress: deps.onProgress,
        access: FileAccess.forInputs([...task.images, ...task.files], deps.artifacts.dir),
      },
      recorder,
      verifierImages: deps.verifierImages,
      hMax: deps.hMax,
      kMax: deps.kMax,
      signal,
    })
    const lastPlan = [...recorder.steps].reverse().find((s) => s.kind === 'plan')?.payload as { thought?: string } | undefined
    const gaps = gapsOf(outcome.events, outcome.abandoned, outcome.stop, lastPlan?.thought)
    const answerInput = { task, taskType: classification.taskType, history: outcome.history, gaps }
    const answer = groundAnswer(await backbone.writer.write(answerInput, signal), answerInput, { forceChoice: switches.forceChoice })
    recorder.record('answer', { ...answer })
    const m = metrics()
    if (runId) deps.runs?.finishRun(runId, { status: 'finished', answer: answer.answer, metrics: { ...m } })
    return {
      runId,
      answer,
      taskType: classification.taskType,
      classifiedBy: classification.by,
      verified: [...outcome.history.entries],
      trajectory: recorder.steps,
      metrics: m,
      stop: outcome.stop,
    }
  } catch (caught) {
    const cancelled = cancel?.aborted === true
    // Past the deadline, whatever a part said as it was stopped, the run's sentence is the deadline's.
    const err = !cancelled && signal.aborted && signal.reason instanceof Error ? signal.reason : caught
    const message = (err as Error)?.message ?? String(err)
    recorder.record('error', { message, cancelled })
    if (runId) deps.runs?.finishRun(runId, { status: cancelled ? 'cancelled' : 'failed', error: message, metrics: { ...metrics() } })
    throw err
  } finally {
    deadline.clear()
  }
}
