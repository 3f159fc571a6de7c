/**
 * The analyst's feedback as prior records: marking a run's answer right or wrong judges every observation that
 * shaped it; marking one observation judges that call alone (DESIGN section 6: feedback updates n and n_valid of
 * the configurations it used). The records are keyed `feedback:<run>:<result step>`, so marking again replaces
 * the earlier mark instead of counting twice.
 */
import { z } from 'zod'
import type { RunRecord, TrajectoryStep } from '../store/runs'
import { classifyByRules, DEFAULT_TASK_TYPE } from './classifier'
import type { RecordInput } from './records'
import { isTaskType, type TaskType } from './task-types'
import { observedCalls, usedObservations } from './trajectory'

export const FeedbackMarkSchema = z.object({
  runId: z.string().min(1, 'the run id is empty'),
  /** true: the answer (or the observation) was right. */
  correct: z.boolean(),
  /** Any step of the observation's call (tool_call, tool_result, verdict...); absent to judge the whole answer. */
  stepSeq: z.number().int().nonnegative().optional(),
  note: z.string().max(2000).optional(),
})
export type FeedbackMark = z.infer<typeof FeedbackMarkSchema>

/** The task type a stored run is keyed by: the one it ran with, else the classifier's rules, else the default. */
export function runTaskType(run: Pick<RunRecord, 'taskType' | 'question' | 'options'>): TaskType {
  if (isTaskType(run.taskType)) return run.taskType
  return classifyByRules(run.question, run.options) ?? DEFAULT_TASK_TYPE
}

/** The records a mark produces; throws one sentence when the mark cannot apply to the run. */
export function feedbackRecords(run: RunRecord, steps: readonly TrajectoryStep[], mark: FeedbackMark): RecordInput[] {
  const calls = observedCalls(steps)
  let judged
  if (mark.stepSeq === undefined) {
    judged = usedObservations(calls)
    if (judged.length === 0) {
      throw new Error(`Run ${run.id} used no tool observation, so marking its answer cannot change the prior.`)
    }
  } else {
    const call = calls.find((c) => c.steps.includes(mark.stepSeq as number))
    if (!call) throw new Error(`Step ${mark.stepSeq} of run ${run.id} belongs to no tool observation; mark a tool call or its result.`)
    if (call.status !== 'ok') throw new Error(`Step ${mark.stepSeq} of run ${run.id} returned '${call.status}', which carries no observation to judge.`)
    judged = [call]
  }
  const taskType = runTaskType(run)
  return judged.map((c) => ({
    taskType,
    config: c.config,
    valid: mark.correct,
    source: 'feedback' as const,
    runId: run.id,
    stepSeq: c.resultSeq,
    note: mark.note ?? null,
  }))
}
