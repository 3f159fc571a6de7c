/**
 * The final answer, written in a fresh context from the verified history alone (paper Eq. 12, B.3): never from
 * rejected or unverified observations. `gaps` says what could not be verified, in words that carry no value of a
 * rejected observation, so the writer can name what is missing without ever seeing it.
 */
import type { TaskSpec } from './task'
import type { VerifiedHistory } from './verified-history'

export interface FinalAnswer {
  /** The answer in the required format: an option letter, a number with its unit, or a short text. */
  answer: string
  /** One or two sentences: the verified support and any gap, stated beside the answer. */
  explanation: string
  /** The chosen option letter for a multiple-choice task, or null when no option is supported. */
  choice: string | null
  /** The numeric value the answer rests on, when there is one. */
  value: number | null
  unit: string | null
  /** Call numbers of the verified observations the answer rests on. */
  basis: number[]
  /** What is missing from the evidence, stated in the answer. */
  missing: string[]
}

export interface AnswerInput {
  task: TaskSpec
  taskType: string
  history: VerifiedHistory
  gaps: string[]
}

export interface AnswerWriter {
  write(input: AnswerInput, signal?: AbortSignal): Promise<FinalAnswer>
}
