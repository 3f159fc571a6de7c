/**
 * A backbone bundles the three roles a run needs (DESIGN section 5): the planner of the ReAct loop, the semantic
 * verifier (in its own context), and the answer writer (in a fresh context). `rules` fills them with skills, the
 * evidence policy and templates; a language model fills them with prompts over one `Model`.
 */
import type { SemanticVerifier } from '../verify/verdict'
import type { TaskType } from '../prior/task-types'
import type { AnswerWriter } from './answer'
import type { Planner } from './loop-events'
import type { UsageMeter } from './model'

export interface Backbone {
  /** `rules`, `openai:URL#MODEL` or `llama:PATH`. */
  readonly id: string
  readonly planner: Planner
  readonly verifier: SemanticVerifier
  readonly writer: AnswerWriter
  /** LLM calls and tokens spent (zero for rules). */
  readonly meter: UsageMeter
  /** The run's one deadline, ms (run-deadline.ts); absent: RSURE_ASK_TIMEOUT_S, else 1800 s. */
  readonly deadlineMs?: number
  /** Asked to type a question no classifier rule matched; absent for rules (the default type is used). */
  classifyFallback?(question: string, signal?: AbortSignal): Promise<TaskType | null>
  close(): Promise<void>
}
