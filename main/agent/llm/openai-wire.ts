/**
 * The OpenAI chat-completions wire format, as far as RSure speaks it: request bodies built from our message types,
 * and zod schemas that every response (whole or streamed) must pass before anything reads it.
 */
import { z } from 'zod'
import type { ChatMessage, ChatRequest, ModelToolCall } from '../model'

/**
 * Tool-call arguments as servers send them: a JSON string (OpenAI, vLLM, llama-server), an object (Ollama, some LM
 * Studio builds) or nothing; always read as text here and parsed once by `toolCallOf`.
 */
const WireArguments = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((a) => (a === undefined || a === null ? '' : typeof a === 'string' ? a : JSON.stringify(a)))

export const WireToolCall = z.object({
  id: z.string().nullable().optional(),
  type: z.string().optional(),
  function: z.object({ name: z.string().min(1), arguments: WireArguments }),
})

export const WireCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          tool_calls: z.array(WireToolCall).nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1, 'the response has no choices'),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).partial().nullable().optional(),
})
export type WireCompletion = z.infer<typeof WireCompletion>

export const WireChunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullable().optional(),
            tool_calls: z
              .array(
                z.object({
                  // Absent on some servers, or the same for every call of a turn: see openai-client's accumulator.
                  index: z.number().int().nonnegative().optional(),
                  id: z.string().nullable().optional(),
                  function: z.object({ name: z.string().nullable().optional(), arguments: WireArguments }).optional(),
                }),
              )
              .nullable()
              .optional(),
          })
          .default({}),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .default([]),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).partial().nullable().optional(),
})

function wireMessage(m: ChatMessage): Record<string, unknown> {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content }
    case 'user':
      return {
        role: 'user',
        content:
          typeof m.content === 'string'
            ? m.content
            : m.content.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: p.dataUri } })),
      }
    case 'assistant':
      return {
        role: 'assistant',
        content: m.content,
        ...(m.toolCalls?.length
          ? {
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
              })),
            }
          : {}),
      }
    case 'tool':
      return { role: 'tool', tool_call_id: m.toolCallId, content: m.content }
  }
}

export interface BodyOptions {
  model: string
  stream: boolean
  /** Send `response_format`; false after the server refused it once. */
  jsonMode: boolean
}

export function requestBody(req: ChatRequest, opts: BodyOptions): Record<string, unknown> {
  const messages = req.messages.map(wireMessage)
  if (req.responseSchema && !opts.jsonMode) {
    // Without a JSON mode, ask in words; the reply is then extracted tolerantly.
    messages.push({
      role: 'system',
      content: `Reply with one JSON object only, matching this JSON schema:\n${JSON.stringify(req.responseSchema.schema)}`,
    })
  }
  const body: Record<string, unknown> = { model: opts.model, messages, stream: opts.stream }
  if (opts.stream) body.stream_options = { include_usage: true }
  if (req.tools?.length) {
    body.tools = req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }))
    body.tool_choice = 'auto'
  }
  if (req.responseSchema && opts.jsonMode) {
    body.response_format = { type: 'json_schema', json_schema: { name: req.responseSchema.name, schema: req.responseSchema.schema, strict: false } }
  }
  if (req.temperature !== undefined) body.temperature = req.temperature
  if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens
  return body
}

/** Parse a tool call's argument text; keep the raw text when it is not JSON (the loop's argument check reports it). */
export function toolCallOf(id: string | null | undefined, name: string, args: string, index: number): ModelToolCall {
  let parsed: unknown
  try {
    parsed = args.trim() === '' ? {} : JSON.parse(args)
  } catch {
    parsed = args
  }
  return { id: id || `call_${index}`, name, arguments: parsed }
}
