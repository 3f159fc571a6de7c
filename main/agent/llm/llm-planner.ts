/**
 * The ReAct planner over a language model. Stateless: each turn rebuilds the conversation from the loop state
 * (paper Eq. 11): the task, then for every call the model's tool call and what came back — the observation and
 * evidence when accepted, otherwise only the decision with its feedback or the rule diagnosis. A reply without
 * tool calls ends the loop. With a model that sees images, a one-look question is routed (intent-route.ts): the
 * first turn is one perceive call planned without asking the model, and its acceptance ends the loop.
 */
import { compactJson } from '../../verify/compact-json'
import { fillPrompt } from '../../verify/prompt-template'
import type { LoopEvent, Planner, PlannerStep, PlannerView } from '../loop-events'
import type { ChatMessage, ContentPart, Model } from '../model'
import { answerRequirement } from '../task'
import type { ToolRegistry } from '../tool-registry'
import { imageParts } from './image-parts'
import { oneLookCall, routedCallSettled } from './intent-route'
import { ModelEndpointError } from './openai-client'

/** What the model reads back for one call. */
export function renderEvent(e: LoopEvent): string {
  switch (e.kind) {
    case 'accepted':
      return `ACCEPTED (call ${e.call}). OBSERVATION: ${compactJson(e.observation, { maxChars: 3000 })}\nEVIDENCE: ${compactJson(e.evidence, { maxChars: 5000 })}${e.caveats.length ? `\nCAVEATS: ${e.caveats.join('; ')}` : ''}`
    case 'unverified':
      return `RESULT (call ${e.call}, verification off). OBSERVATION: ${compactJson(e.observation, { maxChars: 3000 })}\nEVIDENCE: ${compactJson(e.evidence, { maxChars: 5000 })}`
    case 'verdict':
      return e.decision === 'reject'
        ? `REJECTED (call ${e.call}): ${e.feedback} The observation is discarded; change the plan.`
        : `REQUEST_EVIDENCE (call ${e.call}): ${e.feedback}${e.needed.length ? ` NEEDED: ${e.needed.join(', ')}.` : ''} Make a targeted follow-up call that supplies it.`
    case 'rule_failed':
      return `RULE FAILURE (call ${e.call}, ${e.rule}): ${e.diagnosis}`
    case 'tool_failed':
      return `TOOL FAILURE (call ${e.call}): ${e.diagnosis}`
    case 'cards':
      return `CARDS (call ${e.call}, context only): ${compactJson(e.cards, { maxChars: 4000 })}`
  }
}

/** Calls in a row that name no tool of the run or fail its argument schema before the model is given up on. */
export const MAX_UNUSABLE_CALLS = 3

/**
 * A model that keeps calling tools that do not exist, or with arguments no tool accepts, cannot drive the run:
 * after MAX_UNUSABLE_CALLS such calls in a row (each answered with its diagnosis) the run ends in one sentence
 * naming the last diagnosis, and is saved as failed, instead of spending the whole budget on them.
 */
function unusableCalls(events: readonly LoopEvent[]): string | null {
  const tail = events.slice(-MAX_UNUSABLE_CALLS)
  if (tail.length < MAX_UNUSABLE_CALLS || !tail.every((e) => e.kind === 'rule_failed' && (e.rule === 'unknown_tool' || e.rule === 'arguments'))) return null
  const last = tail[tail.length - 1] as Extract<LoopEvent, { kind: 'rule_failed' }>
  return `The model made ${MAX_UNUSABLE_CALLS} tool calls in a row that RSure cannot run (the last: ${last.diagnosis.replace(/\.$/, '')}), so it cannot drive the tools; use a model with tool calling, or the rules backbone.`
}

export class LlmPlanner implements Planner {
  constructor(
    private readonly model: Model,
    private readonly registry: ToolRegistry,
    /** Route one-look questions to a single perceive call (paper 003); default true. */
    private readonly opts: { routeSimpleIntents?: boolean } = {},
  ) {}

  /** The conversation for the current loop state (exported for tests and the trajectory viewer). */
  async messages(view: PlannerView): Promise<ChatMessage[]> {
    const { task } = view
    const system = fillPrompt('planner-system', { tools: view.tools.join(', ') || 'none', budget: String(view.budget.max) })
    const text = fillPrompt('planner-task', {
      question: task.question,
      options: task.options.length ? `OPTIONS:\n${task.options.map((o) => `${o.letter}. ${o.text}`).join('\n')}` : '',
      task_type: view.taskType,
      images: task.images.join(', ') || 'none',
      files: task.files.join(', ') || 'none',
      requirement: answerRequirement(task),
    })
    const images = this.model.capabilities.images ? await imageParts(task.images) : []
    const user: ContentPart[] = [{ type: 'text', text }, ...images]
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: images.length ? user : text },
    ]
    const turns = new Map<number, LoopEvent[]>()
    for (const e of view.events) turns.set(e.turn, [...(turns.get(e.turn) ?? []), e])
    for (const events of turns.values()) {
      messages.push({
        role: 'assistant',
        content: null,
        toolCalls: events.map((e) => ({ id: e.callId ?? `call_${e.call}`, name: e.action.tool, arguments: e.action.args })),
      })
      for (const e of events) messages.push({ role: 'tool', toolCallId: e.callId ?? `call_${e.call}`, content: renderEvent(e) })
    }
    if (view.events.length > 0) {
      const status = [`Budget: ${view.budget.used} of ${view.budget.max} tool calls used.`]
      if (view.request) status.push(`Open evidence request on call ${view.request.origin}: ${view.request.followUpsLeft} follow-up call(s) left.`)
      for (const r of view.abandoned) status.push(`The evidence request on call ${r.origin} ran out of follow-ups; that observation stays unverified.`)
      messages.push({ role: 'user', content: status.join(' ') })
    }
    return messages
  }

  async next(view: PlannerView, signal?: AbortSignal): Promise<PlannerStep> {
    const routed = this.opts.routeSimpleIntents !== false && this.model.capabilities.images && view.tools.includes('perceive') ? oneLookCall(view.task) : null
    if (routed && view.events.length === 0)
      return { kind: 'calls', thought: 'One look answers this question: a single perceive call, verified like any other.', calls: [routed] }
    if (routed && routedCallSettled(view.events)) return { kind: 'finish', thought: 'The one-look perceive call was accepted; it answers the question.' }
    const unusable = unusableCalls(view.events)
    if (unusable) throw new ModelEndpointError(unusable, false)
    const response = await this.model.chat({ messages: await this.messages(view), tools: this.registry.specs(), temperature: 0 }, signal)
    if (response.toolCalls.length === 0) return { kind: 'finish', thought: response.text }
    return {
      kind: 'calls',
      thought: response.text || undefined,
      calls: response.toolCalls.map((c) => ({ tool: c.name, args: c.arguments, callId: c.id })),
    }
  }
}
