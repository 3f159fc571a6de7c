/**
 * A backbone over one language model: the ReAct planner, the LLM verifier in its own context, and the answer
 * writer in a fresh context all share the model, every call is counted in one meter, and the run's one deadline
 * (run-deadline.ts, enforced by runAgent over model calls and tools alike) is `askTimeoutMs`.
 */
import { classifierPrompt, taskTypeFromText } from '../../prior/classifier'
import { LlmVerifier, type JsonChat } from '../../verify/llm-verifier'
import { ProvenanceGate } from '../../verify/provenance-gate'
import type { Backbone } from '../backbone'
import { metered, UsageMeter, type ContentPart, type Model } from '../model'
import type { ToolRegistry } from '../tool-registry'
import { LlmAnswerWriter } from './llm-answer-writer'
import { LlmPlanner } from './llm-planner'

/** The verifier's view of a model: one prompt, images attached when the model can see them, a JSON answer. */
export function jsonChatOf(model: Model): JsonChat {
  return {
    async completeJson({ prompt, images, schemaName, schema }, signal) {
      const parts: ContentPart[] = [{ type: 'text', text: prompt }]
      if (model.capabilities.images) for (const dataUri of images) parts.push({ type: 'image', dataUri })
      const response = await model.chat(
        { messages: [{ role: 'user', content: parts.length > 1 ? parts : prompt }], responseSchema: { name: schemaName, schema }, temperature: 0 },
        signal,
      )
      return response.json
    },
  }
}

export interface LlmBackboneOptions {
  /** Route one-look questions to a single perceive call (intent-route.ts, paper 003); default true. */
  routeSimpleIntents?: boolean
  /** The run's one deadline, ms, over its model calls and its tools (run-deadline.ts; default RSURE_ASK_TIMEOUT_S, else 1800 s). */
  askTimeoutMs?: number
}

export function createLlmBackbone(model: Model, registry: ToolRegistry, opts: LlmBackboneOptions = {}): Backbone {
  const meter = new UsageMeter()
  const m = metered(model, meter)
  return {
    id: model.id,
    deadlineMs: opts.askTimeoutMs,
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
