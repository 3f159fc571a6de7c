/**
 * A backbone over one language model: the ReAct planner, the LLM verifier in its own context, and the answer
 * writer in a fresh context all share the model, every call is counted in one meter, and all calls of the run share
 * one deadline (withAskDeadline).
 */
import { classifierPrompt, taskTypeFromText } from '../../prior/classifier'
import { LlmVerifier, type JsonChat } from '../../verify/llm-verifier'
import { ProvenanceGate } from '../../verify/provenance-gate'
import type { Backbone } from '../backbone'
import { metered, UsageMeter, type ContentPart, type Model } from '../model'
import type { ToolRegistry } from '../tool-registry'
import { LlmAnswerWriter } from './llm-answer-writer'
import { ModelEndpointError } from './openai-client'
import { LlmPlanner } from './llm-planner'

/** The verifier's view of a model: one prompt, images attached when the model can see them, a JSON answer. */
export function jsonChatOf(model: Model): JsonChat {
  return {
    async completeJson({ prompt, images, schemaName, schema }, signal) {
      const parts: ContentPart[] = [{ type: 'text', text: prompt }]
      if (model.capabilities.images) for (const dataUri of images) parts.push({ type: 'image', dataUri })
      const response = await model.chat({ messages: [{ role: 'user', content: parts.length > 1 ? parts : prompt }], responseSchema: { name: schemaName, schema }, temperature: 0 }, signal)
      return response.json
    },
  }
}

export interface LlmBackboneOptions {
  /** Route one-look questions to a single perceive call (intent-route.ts, paper 003); default true. */
  routeSimpleIntents?: boolean
  /** The one deadline of all model calls of the run, ms (default DEFAULT_ASK_TIMEOUT_MS); see withAskDeadline. */
  askTimeoutMs?: number
}

/** Default deadline of all model calls of one ask: 30 minutes, room for a CPU-only 7B model over a full run of 10 tool calls with their verdicts (RSURE_ASK_TIMEOUT_S overrides it). */
export const DEFAULT_ASK_TIMEOUT_MS = 1_800_000

/**
 * One deadline per ask: every model call of the run (planner, verifier, writer, classifier) shares one clock that
 * starts at the first of them, `ms` long, on top of each call's own deadline (openai-client's timeoutMs). A slow
 * model that answers each call in time but would take hours over a whole run ends, at the first call past the
 * deadline, in one sentence (a ModelEndpointError, so the run is saved as failed). Tool time between calls counts:
 * the deadline is the analyst's wait, not the model's compute.
 */
export function withAskDeadline(model: Model, ms: number): Model {
  let deadline: AbortSignal | null = null
  const sentence = () => new ModelEndpointError(`The model calls of this run passed their deadline of ${ms / 1000} s (RSURE_ASK_TIMEOUT_S): the model is too slow for the run; use a faster model or raise the deadline.`, false)
  return {
    id: model.id,
    capabilities: model.capabilities,
    async chat(request, signal) {
      deadline ??= AbortSignal.timeout(ms)
      if (deadline.aborted) throw sentence()
      try {
        return await model.chat(request, signal ? AbortSignal.any([signal, deadline]) : deadline)
      } catch (err) {
        if (deadline.aborted && !signal?.aborted) throw sentence()
        throw err
      }
    },
    close: model.close?.bind(model),
  }
}

export function createLlmBackbone(model: Model, registry: ToolRegistry, opts: LlmBackboneOptions = {}): Backbone {
  const meter = new UsageMeter()
  const m = metered(withAskDeadline(model, opts.askTimeoutMs ?? DEFAULT_ASK_TIMEOUT_MS), meter)
  return {
    id: model.id,
    planner: new LlmPlanner(m, registry, { routeSimpleIntents: opts.routeSimpleIntents }),
    verifier: new ProvenanceGate(new LlmVerifier(jsonChatOf(m))),
    writer: new LlmAnswerWriter(m),
    meter,
    async classifyFallback(question, signal) {
      const response = await m.chat({ messages: [{ role: 'user', content: classifierPrompt(question) }], temperature: 0 }, signal)
      return taskTypeFromText(response.text)
    },
    close: async () => {
      await model.close?.()
    },
  }
}
