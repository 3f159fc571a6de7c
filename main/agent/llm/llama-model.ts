/**
 * The embedded llama.cpp backbone (node-llama-cpp, text only, a local GGUF file). The dependency is optional and
 * loaded lazily: the GGUF file is checked first (present, GGUF magic), then the module is imported, so each
 * failure is one clear sentence. Tool calling and JSON answers are emulated through the prompt: the transcript is
 * rendered as text and the reply is read with tolerant JSON extraction.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { ChatMessage, ChatRequest, ChatResponse, Model, ModelToolCall } from '../model'
import { extractJson } from './json-extract'

/** The version this code is written against; installs as an optional dependency. */
export const LLAMA_PACKAGE = 'node-llama-cpp'
export const LLAMA_VERSION = '3.21.1'

/** Check that `file` is a readable GGUF model; throws one sentence otherwise. */
export function checkGguf(file: string): string {
  const abs = path.resolve(file)
  let fd: number
  try {
    fd = fs.openSync(abs, 'r')
  } catch {
    throw new Error(`The GGUF model file ${abs} does not exist or cannot be read: pass the path of a downloaded .gguf model to --backbone llama:PATH.`)
  }
  try {
    const magic = Buffer.alloc(4)
    const n = fs.readSync(fd, magic, 0, 4, 0)
    if (n < 4 || magic.toString('latin1') !== 'GGUF') {
      throw new Error(`The file ${abs} is not a GGUF model (it does not start with the GGUF signature): use a llama.cpp .gguf file.`)
    }
  } finally {
    fs.closeSync(fd)
  }
  return abs
}

/** The part of node-llama-cpp's API this backbone uses. */
interface LlamaModule {
  getLlama(): Promise<{ loadModel(o: { modelPath: string }): Promise<LlamaLoadedModel> }>
  LlamaChatSession: new (o: { contextSequence: unknown }) => {
    prompt(text: string, o?: { signal?: AbortSignal; maxTokens?: number; temperature?: number }): Promise<string>
    dispose?(): void
  }
}
interface LlamaLoadedModel {
  createContext(): Promise<{ getSequence(): unknown; dispose(): Promise<void> }>
  tokenize(text: string): unknown[]
  dispose(): Promise<void>
}

async function importLlama(): Promise<LlamaModule> {
  const specifier = LLAMA_PACKAGE
  try {
    return (await import(specifier)) as LlamaModule
  } catch {
    throw new Error(`install ${LLAMA_PACKAGE} ${LLAMA_VERSION} to use llama: backbones (npm i -O -E ${LLAMA_PACKAGE}@${LLAMA_VERSION}).`)
  }
}

function render(messages: ChatMessage[]): string {
  return messages
    .map((m) => {
      if (m.role === 'user')
        return `USER: ${typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '[image omitted: this model reads text only]')).join('\n')}`
      if (m.role === 'assistant')
        return `ASSISTANT: ${m.content ?? ''}${m.toolCalls?.length ? `\n${JSON.stringify({ tool_calls: m.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })) })}` : ''}`
      if (m.role === 'tool') return `TOOL RESULT (${m.toolCallId}): ${m.content}`
      return `SYSTEM: ${m.content}`
    })
    .join('\n\n')
}

function toolInstructions(req: ChatRequest): string {
  if (!req.tools?.length) return ''
  const specs = req.tools.map((t) => `- ${t.name}: ${t.description}\n  arguments schema: ${JSON.stringify(t.parameters)}`).join('\n')
  return `\n\nYou may call these tools:\n${specs}\nTo call tools, reply with JSON only: {"tool_calls": [{"name": "...", "arguments": {...}}]}. To finish, reply with plain text.`
}

export class LlamaModel implements Model {
  readonly id: string
  readonly capabilities = { tools: true, images: false, jsonSchema: false }
  private loaded: Promise<{ module: LlamaModule; model: LlamaLoadedModel }> | null = null
  private calls = 0

  constructor(private readonly file: string) {
    this.id = `llama:${path.resolve(file)}`
  }

  private load() {
    this.loaded ??= (async () => {
      const modelPath = checkGguf(this.file)
      const module = await importLlama()
      const llama = await module.getLlama()
      return { module, model: await llama.loadModel({ modelPath }) }
    })()
    return this.loaded
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const { module, model } = await this.load()
    const context = await model.createContext()
    try {
      const session = new module.LlamaChatSession({ contextSequence: context.getSequence() })
      let prompt = render(request.messages) + toolInstructions(request)
      if (request.responseSchema) prompt += `\n\nReply with one JSON object only, matching this schema: ${JSON.stringify(request.responseSchema.schema)}`
      const text = await session.prompt(prompt, { signal, maxTokens: request.maxTokens, temperature: request.temperature })
      this.calls += 1
      const json = extractJson(text)
      let toolCalls: ModelToolCall[] = []
      if (request.tools?.length && json && typeof json === 'object' && Array.isArray((json as { tool_calls?: unknown }).tool_calls)) {
        toolCalls = (json as { tool_calls: { name?: unknown; arguments?: unknown }[] }).tool_calls
          .filter((c) => typeof c?.name === 'string')
          .map((c, i) => ({ id: `llama_${this.calls}_${i}`, name: c.name as string, arguments: c.arguments ?? {} }))
      }
      return {
        text: toolCalls.length ? '' : text,
        toolCalls,
        json: request.responseSchema ? json : undefined,
        usage: { promptTokens: model.tokenize(prompt).length, completionTokens: model.tokenize(text).length },
        finishReason: toolCalls.length ? 'tool_calls' : 'stop',
      }
    } finally {
      await context.dispose()
    }
  }

  async close(): Promise<void> {
    if (!this.loaded) return
    const { model } = await this.loaded.catch(() => ({ model: null }))
    await model?.dispose()
  }
}
