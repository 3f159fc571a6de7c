/**
 * Judging one run of one task: the answer against the gold answer, every tool observation against its ground
 * truth, and the three task-level flags of paper section 3.1:
 *
 * - dependent: the run produced at least one tool observation (an ok result of perceive, measure or execute);
 * - erroneous: at least one of those observations is wrong. An observation is wrong when the task carries a
 *   `reference_observations` entry for its tool/configuration and its value lies outside the tolerance (or carries
 *   another unit than the reference names), or, for a
 *   multiple-choice task, when the observation picks an option (decision.select) other than the gold one. Fault
 *   injection supplies the reference of the value the task asks for; the fault log says which invocation was
 *   corrupted (a corrupted observation still equal to the reference is not wrong: the fault changed nothing);
 * - propagated: the final answer is wrong and agrees with a wrong observation: it rests on it (the answer's basis
 *   names its call), its number equals the observation's value within the answer tolerance, or its option is the
 *   one the wrong value (or the wrong observation's own choice) points to.
 *
 * Correctness follows calibration's reading of answers (main/prior/answer-match.ts): an option letter, a number
 * within the task's tolerance (and in `answer_unit` when the task names one and the answer states a unit), or
 * normalised text. A `--force-choice` guess (the agent names no option and adds a
 * guess labelled `grounded: false`) is judged like an answer and flagged `guessed`, so metrics score it apart.
 */
import type { AgentResult } from '../agent/run-agent'
import { answerIsCorrect, inferAnswerType } from '../prior/answer-match'
import { nearestOption, type AnswerOption } from '../task/options'
import { isOptionLetter } from '../domain/options'
import { observationCalls, observationNumbers, runCalls, type CallFate, type RunCall } from './run-calls'
import type { EvalTask, ReferenceObservation } from './suite'

export interface JudgedObservation {
  call: number
  tool: string
  coarse: string | null
  /** The fine configuration id (absent in results written before it was kept). */
  fine?: string | null
  followUp: boolean
  fate: CallFate
  /** The number compared with the reference, when one was. */
  value: number | null
  reference: number | null
  /** true wrong, false right, null not judged (no reference for this observation). */
  wrong: boolean | null
  /** The fault wrapper corrupted this invocation. */
  faulted: boolean
  /** The verifier asked for a targeted route (`route:...`) or a second, independent computation (corroboration). */
  targeted?: boolean
  /** The verifier asked for a second, independent computation because r̂ was low (a subset of `targeted`). */
  corroboration?: boolean
  /** r̂ the verifier received (null: the lookup found no cell); absent when no lookup ran (verification or prior off). */
  prior?: { r_hat: number; level: string } | null
}

export interface TaskOutcome {
  task: string
  config: string
  backbone: string
  status: 'done' | 'failed' | 'unavailable'
  /** Why the run failed or the task is unavailable. */
  reason?: string
  answer: string | null
  choice: string | null
  value: number | null
  /** The agent's own flag: the answer rests on accepted observations (false for every RSure-Base answer). */
  grounded: boolean
  /** The option came only from `--force-choice` (a guess labelled `grounded: false`), not from verified evidence. */
  guessed: boolean
  /** null when the answer could not be read against the gold (no letter, no number). */
  correct: boolean | null
  tool_calls: number
  follow_ups: number
  rejections: number
  requests: number
  rule_failures: number
  llm_calls: number
  tokens: number
  seconds: number
  reference_calls: number | null
  run_id: string | null
  /** The task type the run classified the question as (the prior's row); absent in older results. */
  task_type?: string | null
  observations: JudgedObservation[]
  dependent: boolean
  /** At least one observation could be judged (a reference or a gold option covers it). */
  judged: boolean
  erroneous: boolean
  propagated: boolean
  fault: { kind: string; applied: number } | null
  /** A fingerprint of the task as run, so a changed task is run again instead of being skipped on resume. */
  fingerprint: string
}

/** What the fault wrapper reports about one run: which invocations of the tool it corrupted. */
export interface FaultLog {
  kind: string
  tool: string
  /** Invocations of the tool (1-based) that ran corrupted. */
  corrupted: number[]
  /** For a planner fault: the corrupted arguments as JSON, to find the call in the trajectory. */
  corruptedArgs?: string[]
}

/** One spelling per unit: '%' is percent, '°C' and 'C' are degC, '' and 'dimensionless' are the same. */
export function canonicalUnit(unit: string | null | undefined): string | null {
  if (unit === null || unit === undefined) return null
  const u = unit.trim().replace(/^°\s*/, '')
  if (u === '' || /^dimensionless$|^unitless$|^1$/i.test(u)) return 'dimensionless'
  if (u === '%' || /^percent$/i.test(u)) return 'percent'
  if (/^(deg\s*C|C|celsius)$/i.test(u)) return 'degC'
  if (/^(K|kelvin)$/i.test(u)) return 'K'
  return u.toLowerCase()
}

/** A unit that is stated and differs from the one wanted (nothing stated is no mismatch). */
const unitMismatch = (got: unknown, want: string | undefined) =>
  want !== undefined && typeof got === 'string' && got.trim() !== '' && canonicalUnit(got) !== canonicalUnit(want)

function referenceFor(task: EvalTask, call: RunCall): ReferenceObservation | undefined {
  return (task.reference_observations ?? []).find((r) => r.tool === call.tool && (!r.config || r.config === call.coarse))
}

/**
 * The option an observation itself picks (decision.select's `choice`), judged against a choice task's gold letter
 * when no reference observation covers it: the expert reference of a multiple-choice task is its gold option.
 */
function choiceVerdict(task: EvalTask, observation: unknown): boolean | null {
  if (inferAnswerType(task) !== 'choice') return null
  const choice = (observation as { choice?: unknown } | null)?.choice
  return isOptionLetter(choice) ? choice.toUpperCase() !== String(task.answer).trim().toUpperCase() : null
}

/** Judge each observation of a run against the task's references (or, for a chosen option, its gold letter). */
export function judgeObservations(task: EvalTask, calls: readonly RunCall[], fault: FaultLog | null): JudgedObservation[] {
  return observationCalls(calls).map((c) => {
    const ref = referenceFor(task, c)
    const value = ref ? (observationNumbers(c.observation)[ref.key] ?? null) : (observationNumbers(c.observation).value ?? null)
    const faulted =
      fault !== null &&
      fault.tool === c.tool &&
      (fault.corruptedArgs?.length ? fault.corruptedArgs.includes(JSON.stringify(c.args)) : c.invocation !== null && fault.corrupted.includes(c.invocation))
    return {
      call: c.call,
      tool: c.tool,
      coarse: c.coarse,
      fine: c.fine ?? null,
      followUp: c.followUp,
      fate: c.fate,
      value,
      reference: ref ? ref.value : null,
      wrong: ref
        ? value !== null
          ? Math.abs(value - ref.value) > ref.tolerance || unitMismatch((c.observation as { unit?: unknown } | null)?.unit, ref.unit)
          : null
        : choiceVerdict(task, c.observation),
      faulted,
      targeted: (c.needed ?? []).some((k) => k.startsWith('route:') || k === 'corroboration'),
      ...((c.needed ?? []).includes('corroboration') ? { corroboration: true } : {}),
      ...(c.prior !== undefined ? { prior: c.prior } : {}),
    }
  })
}

function optionsOf(result: AgentResult): AnswerOption[] {
  const fromResult = ((result.trajectory.find((s) => s.kind === 'task')?.payload ?? {}) as { options?: AnswerOption[] }).options
  return Array.isArray(fromResult) ? fromResult : []
}

/** Whether a wrong answer agrees with a wrong observation (see the module comment). */
export function agreesWith(
  obs: JudgedObservation,
  observation: unknown,
  answer: { choice: string | null; value: number | null; basis: number[] },
  task: EvalTask,
  options: AnswerOption[],
): boolean {
  if (answer.basis.includes(obs.call)) return true
  const tol = task.tolerance ?? (obs.reference !== null ? Math.max(Math.abs(obs.reference) * 1e-3, 1e-9) : 1e-9)
  if (answer.value !== null && obs.value !== null && Math.abs(answer.value - obs.value) <= tol) return true
  if (answer.choice !== null) {
    const own = (observation as { choice?: unknown } | null)?.choice
    if (typeof own === 'string' && own.toUpperCase() === answer.choice.toUpperCase()) return true
    if (obs.value !== null && options.length) {
      const near = nearestOption(options, obs.value)
      if (near && near.option.letter === answer.choice) return true
    }
  }
  return false
}

export interface JudgeInput {
  task: EvalTask
  config: string
  backbone: string
  result: AgentResult
  fault: FaultLog | null
  fingerprint: string
}

/** The outcome of one finished run. */
export function judgeRun({ task, config, backbone, result, fault, fingerprint }: JudgeInput): TaskOutcome {
  const calls = runCalls(result.trajectory)
  const observations = judgeObservations(task, calls, fault)
  const answer = result.answer as typeof result.answer & { grounded?: boolean; guess?: { choice?: string } | null }
  const guess = answer.choice === null && typeof answer.guess?.choice === 'string' ? answer.guess.choice : null
  const picked = answer.choice ?? guess
  const numberRight = inferAnswerType(task) === 'choice' ? (picked ? answerIsCorrect(picked, task) : false) : answerIsCorrect(answer.answer, task)
  // A refusal names the fault in what the analyst reads: the answer (text, explanation, what is missing) or the run's
  // stated reason for stopping (the planner's last thought, shown in the timeline).
  const plans = result.trajectory.filter((s) => s.kind === 'plan')
  const reason = (plans.at(-1)?.payload as { thought?: unknown } | undefined)?.thought
  const words = [answer.answer, (answer as { explanation?: unknown }).explanation, ...((answer as { missing?: unknown[] }).missing ?? []), reason]
    .filter((x) => typeof x === 'string')
    .join(' ')
  const correct = task.expect_refusal
    ? answer.value === null && picked === null && new RegExp(task.expect_refusal, 'i').test(words)
    : numberRight === true && unitMismatch(answer.unit, task.answer_unit)
      ? false
      : numberRight
  const dependent = observations.length > 0
  const wrong = observations.filter((o) => o.wrong === true)
  const options = optionsOf(result)
  const byCall = new Map(calls.map((c) => [c.call, c]))
  const propagated =
    correct !== true &&
    wrong.some((o) => agreesWith(o, byCall.get(o.call)?.observation ?? null, { choice: picked, value: answer.value, basis: answer.basis ?? [] }, task, options))
  return {
    task: task.id,
    config,
    backbone,
    status: 'done',
    answer: answer.answer,
    choice: picked,
    value: answer.value,
    grounded: answer.grounded !== false,
    guessed: guess !== null,
    correct,
    tool_calls: result.metrics.tool_calls,
    follow_ups: calls.filter((c) => c.followUp).length,
    rejections: calls.filter((c) => c.fate === 'rejected').length,
    requests: calls.filter((c) => c.fate === 'requested').length,
    rule_failures: calls.filter((c) => c.fate === 'rule_failed').length,
    llm_calls: result.metrics.llm_calls,
    tokens: result.metrics.tokens,
    seconds: result.metrics.seconds,
    reference_calls: task.reference_tools?.length ? task.reference_tools.length : null,
    run_id: result.runId,
    task_type: result.taskType ?? null,
    observations,
    dependent,
    judged: observations.some((o) => o.wrong !== null),
    erroneous: wrong.length > 0,
    propagated,
    fault: fault ? { kind: fault.kind, applied: fault.corrupted.length } : null,
    fingerprint,
  }
}

/** The record of a task that did not run: unavailable here, or failed with an error. */
export function notRun(task: EvalTask, config: string, backbone: string, status: 'failed' | 'unavailable', reason: string, fingerprint: string): TaskOutcome {
  return {
    task: task.id,
    config,
    backbone,
    status,
    reason,
    answer: null,
    choice: null,
    value: null,
    grounded: false,
    guessed: false,
    correct: null,
    tool_calls: 0,
    follow_ups: 0,
    rejections: 0,
    requests: 0,
    rule_failures: 0,
    llm_calls: 0,
    tokens: 0,
    seconds: 0,
    reference_calls: task.reference_tools?.length ? task.reference_tools.length : null,
    run_id: null,
    observations: [],
    dependent: false,
    judged: false,
    erroneous: false,
    propagated: false,
    fault: task.fault ? { kind: task.fault.kind, applied: 0 } : null,
    fingerprint,
  }
}
