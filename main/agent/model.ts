/**
 * The narrow interface every language-model backbone speaks (DESIGN section 5): one chat call with optional tools,
 * images and a JSON-schema answer, with token accounting and cancellation. The OpenAI-compatible HTTP client and the
 * embedded llama.cpp model implement it; tests drive it through a scripted server speaking the same protocol.
 */

/** A piece of a user message: text or an image as a data URI (`data:image/png;base64,...`). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image'; dataUri: string }

/** A tool call the model asked for; `arguments` is the parsed JSON object (or the raw text when it was not JSON). */
export interface ModelToolCall {
  id: string
  name: string
  arguments: unknown
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; toolCalls?: ModelToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string }

/** A function the model may call: name, description and a JSON schema of its arguments. */
export interface ModelToolSpec {
  name: string
  description: string
  parameters: Record<string, unknown>
}

export interface ChatRequest {
  messages: ChatMessage[]
  tools?: ModelToolSpec[]
  /** Ask for a JSON answer matching this schema (OpenAI `response_format: json_schema`). */
  responseSchema?: { name: string; schema: Record<string, unknown> }
  temperature?: number
  maxTokens?: number
}

export interface TokenUsage {
  promptTokens: number
  completionTokens: number
}

export interface ChatResponse {
  /** The assistant's text (empty when it only called tools). */
  text: string
  toolCalls: ModelToolCall[]
  /** With `responseSchema`: the parsed JSON answer (from the JSON mode or extracted tolerantly from the text). */
  json?: unknown
  usage: TokenUsage
  finishReason: string
}

export interface ModelCapabilities {
  tools: boolean
  images: boolean
  jsonSchema: boolean
}

export interface Model {
  /** e.g. `openai:http://127.0.0.1:8080/v1#qwen2.5-7b` or `llama:/models/x.gguf`. */
  readonly id: string
  readonly capabilities: ModelCapabilities
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>
  /** Release sockets, native memory, child processes. */
  close?(): Promise<void>
}

/** Calls and tokens spent by one run, across the planner, the verifier and the answer writer. */
export class UsageMeter {
  calls = 0
  promptTokens = 0
  completionTokens = 0

  get tokens(): number {
    return this.promptTokens + this.completionTokens
  }

  add(usage: TokenUsage): void {
    this.calls += 1
    this.promptTokens += usage.promptTokens
    this.completionTokens += usage.completionTokens
  }
}

/** A model whose every call is counted in `meter`. */
export function metered(model: Model, meter: UsageMeter): Model {
  return {
    id: model.id,
    capabilities: model.capabilities,
    async chat(request, signal) {
      const response = await model.chat(request, signal)
      meter.add(response.usage)
      return response
    },
    close: model.close?.bind(model),
  }
}
