/**
 * What the backbone sees of the run so far (paper Eq. 11): for an accepted call the (action, observation, evidence)
 * triple; for a call the verifier did not accept, the action with the decision and its feedback; for a call that
 * failed the rules, the action with the diagnosis. Never the observation of a call that was not accepted.
 * Loop state is plain data, so planners are stateless functions of it.
 */
import type { Decision, QuestionPart } from '../domain/run-events'
import type { Evidence } from '../domain/tool-result'
import type { RuleName } from '../verify/rule-checks'
import type { ToolAction } from '../verify/verdict'
import type { AnswerOption, TaskSpec } from './task'

/** A call the backbone wants made; `callId` is the model's own id for it (echoed back in the tool message). */
export interface PlannedCall {
  tool: string
  args: unknown
  callId?: string
  /** Why, in the backbone's words (recorded in the trajectory). */
  purpose?: string
}

interface EventBase {
  /** 1-based number of the call in this run. */
  call: number
  /** The planner turn that asked for it (several calls may share one turn). */
  turn: number
  callId?: string
  action: ToolAction
  /** True when this call was a follow-up to an open evidence request. */
  followUp: boolean
}

export type LoopEvent =
  | (EventBase & { kind: 'accepted'; observation: unknown; evidence: Evidence; caveats: string[]; feedback: string })
  | (EventBase & { kind: 'unverified'; observation: unknown; evidence: Evidence })
  /** `files`: base names of the image files the observation's evidence says it read (for the answer's gaps). */
  /** `checks`: for a reject, the checks that rejected (names only; gaps.ts words them). */
  | (EventBase & { kind: 'verdict'; decision: Exclude<Decision, 'accept'>; feedback: string; needed: string[]; files?: string[]; checks?: string[] })
  /** `reason`: a failed status check's own refusal sentence (the tool's, naming the file and why; never an observation). */
  | (EventBase & { kind: 'rule_failed'; rule: RuleName | 'arguments' | 'unknown_tool'; diagnosis: string; reason?: string; cause?: string })
  /** `reason`: the thrown error's sentence when it is one of the engines' own refusals (a file named, and why). */
  | (EventBase & { kind: 'tool_failed'; diagnosis: string; reason?: string })
  | (EventBase & { kind: 'cards'; cards: unknown })

/** An evidence request that is still open: follow-up calls count against it until K_max. */
export interface OpenRequest {
  /** The call whose observation the verifier wanted more evidence for. */
  origin: number
  feedback: string
  needed: string[]
  followUpsUsed: number
}

/** What a planner is given at each turn. */
export interface PlannerView {
  task: TaskSpec
  taskType: string
  /** Tools available in this run. */
  tools: string[]
  events: readonly LoopEvent[]
  /** Calls used and the budget H_max. */
  budget: { used: number; max: number }
  /** The open evidence request, if any, and how many follow-ups it still allows. */
  request: (OpenRequest & { followUpsLeft: number }) | null
  /** Requests that ran out of follow-ups (K_max) without a decision. */
  abandoned: OpenRequest[]
}

export type PlannerStep =
  | { kind: 'calls'; calls: PlannedCall[]; thought?: string }
  | { kind: 'finish'; thought?: string; unread?: QuestionPart[]; read?: { text: string; role: string }[] }

export interface Planner {
  next(view: PlannerView, signal?: AbortSignal): Promise<PlannerStep>
}

export type { AnswerOption }
