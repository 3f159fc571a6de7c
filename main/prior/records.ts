/**
 * One judged tool observation, as calibration and feedback hand it to the prior store. This is also the format
 * an evaluation harness feeds directly (`PriorStore.record`): it may know more than the final answer, e.g. which
 * call a fault injector corrupted, and then sets `valid` per call itself.
 */
import { z } from 'zod'
import { ConfigTripleSchema } from './config-ids'
import { RecordSource } from './exchange'
import { TaskTypeSchema } from './task-types'

export const RecordInputSchema = z.object({
  taskType: TaskTypeSchema,
  /** The call's `ToolResult.config`. */
  config: ConfigTripleSchema,
  /** Whether the observation was right. */
  valid: z.boolean(),
  source: RecordSource,
  runId: z.string().min(1).nullable().optional(),
  /** The trajectory step that carries the result; with runId it keys the record (re-recording replaces it). */
  stepSeq: z.number().int().nonnegative().nullable().optional(),
  /** Suite name and task id for calibration records. */
  suite: z.string().min(1).nullable().optional(),
  taskId: z.string().min(1).nullable().optional(),
  note: z.string().nullable().optional(),
  /** An explicit natural key; by default `<source>:<runId>:<stepSeq>`, or a fresh id when either is missing. */
  uid: z.string().min(1).optional(),
})
export type RecordInput = z.input<typeof RecordInputSchema>
export type RecordParsed = z.output<typeof RecordInputSchema>
