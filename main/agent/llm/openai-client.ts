/**
 * An OpenAI-compatible chat client (Ollama, llama.cpp's llama-server, vLLM, LM Studio, a cloud endpoint where
 * allowed): tool calls, images as data URIs, JSON-schema answers with a fallback to tolerant extraction, streaming,
 * a timeout per request, bounded retries on transient failures, and one clear sentence when the endpoint is down
 * or answers something that is not a chat completion.
 */
import type { ChatRequest, ChatResponse, Model, ModelCapabilities, ModelToolCall } from '../model'
import { checkEgress } from './egress'
import { extractJson } from './json-extract'
import { requestBody, toolCallOf, WireChunk, WireCompletion } from './openai-wire'
import { DEFAULT_MAX_STREAM_BYTES, sseData, StreamTooLongError } from './sse'

export interface OpenAIClientOptions {
  /** Base URL up to and including the API version, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string
  model: string
  apiKey?: string
  /** Stream responses (server-sent events). Default true. */
  stream?: boolean
  /**
   * The one deadline of a chat call in ms, across all its attempts and retries (default 120 s): a slow or silent
   * server ends in one sentence when it passes, however many retries were left.
   */
  timeoutMs?: number
  /** Most bytes one reply may have, streamed or whole (default 16 MiB): a longer one fails in one sentence. */
  maxReplyBytes?: number
  /** Retries after a transient failure (network, 429, 5xx). Default 2. */
  retries?: number
  /** Base delay of the exponential backoff, ms. Default 250. */
  backoffMs?: number
  capabilities?: Partial<ModelCapabilities>
}

/** A failure of the model endpoint, as one sentence the user can act on. */
export class ModelEndpointError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message)
    this.name = 'ModelEndpointError'
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true })
  })

export class OpenAIClient implements Model {
  readonly id: string
  readonly capabilities: ModelCapabilities
  private readonly url: string
  private jsonMode = true

  constructor(private readonly opts: OpenAIClientOptions) {
    const base = opts.baseUrl.replace(/\/+$/, '')
    this.url = `${base}/chat/completions`
    this.id = `openai:${base}#${opts.model}`
    this.capabilities = { tools: true, images: true, jsonSchema: true, ...opts.capabilities }
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const retries = this.opts.retries ?? 2
    // One deadline for the whole call: every attempt, retry and backoff shares it.
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 120_000)
    const stream = this.opts.stream ?? true
    for (let attempt = 0; ; attempt++) {
      try {
        const first = await this.once(request, signal, timeout, stream)
        // A tool turn whose stream said it called a tool but delivered none (a call dropped while streaming, as
        // some servers do): ask once more without streaming, where the server sends the calls whole.
        if (stream && request.tools?.length && first.toolCalls.length === 0 && /^tool/.test(first.finishReason)) {
          return await this.once(request, signal, timeout, false)
        }
        return first
      } catch (err) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : err
        if (err instanceof ModelEndpointError && err.transient && attempt < retries && !timeout.aborted) {
          await sleep((this.opts.backoffMs ?? 250) * 2 ** attempt, signal ? AbortSignal.any([signal, timeout]) : timeout).catch(() => undefined)
          if (!timeout.aborted) continue
        }
        if (timeout.aborted && !(err instanceof ModelEndpointError && !err.transient)) throw this.deadlineError()
        throw err
      }
    }
  }

  private deadlineError(): ModelEndpointError {
    return new ModelEndpointError(
      `The model endpoint ${this.url} did not answer within ${(this.opts.timeoutMs ?? 120_000) / 1000} s: check that the model is loaded or raise the timeout.`,
      false,
    )
  }

  private async once(request: ChatRequest, signal: AbortSignal | undefined, timeout: AbortSignal, stream: boolean): Promise<ChatResponse> {
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
    // The one allow-list (egress.ts): loopback or an endpoint the analyst configured; never followed elsewhere.
    checkEgress(this.url)
    let response: Response
    try {
      response = await fetch(this.url, {
        redirect: 'error',
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}) },
        body: JSON.stringify(requestBody(request, { model: this.opts.model, stream, jsonMode: this.jsonMode && !!request.responseSchema })),
        signal: combined,
      })
    } catch (err) {
      if (signal?.aborted) throw err
      if (timeout.aborted) throw this.deadlineError()
      const cause = (err as { cause?: { code?: string; message?: string } }).cause
      throw new ModelEndpointError(
        `The model endpoint ${this.url} is not reachable (${cause?.code ?? cause?.message ?? (err as Error).message}): start the server or fix the --backbone URL.`,
        true,
      )
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).slice(0, 300)
      if (response.status === 400 && request.responseSchema && this.jsonMode && /response_format|json_schema/i.test(text)) {
        // The server has no JSON-schema mode: ask in words from now on and extract the JSON tolerantly.
        this.jsonMode = false
        return this.once(request, signal, timeout, stream)
      }
      const transient = response.status === 429 || response.status >= 500
      throw new ModelEndpointError(
        `The model endpoint ${this.url} answered HTTP ${response.status}${text ? ` (${text.replace(/\s+/g, ' ').trim()})` : ''}: ${transient ? 'it is overloaded or failing; try again later' : 'check the model name and the request'}.`,
        transient,
      )
    }
    const isStream = stream && (response.headers.get('content-type') ?? '').includes('text/event-stream')
    let result: ChatResponse
    try {
      result = isStream && response.body ? await this.readStream(response.body, combined) : await this.readWhole(response, combined)
    } catch (err) {
      if (signal?.aborted) throw err
      if (timeout.aborted) throw this.deadlineError()
      if (err instanceof StreamTooLongError)
        throw new ModelEndpointError(`The model endpoint ${this.url} sent a reply longer than ${this.maxBytes} bytes; it was cut off and not used.`, false)
      throw err
    }
    if (request.responseSchema) {
      const json = extractJson(result.text)
      if (json === undefined && result.toolCalls.length === 0) {
        throw new ModelEndpointError(
          `The model at ${this.url} was asked for JSON but answered text that holds no JSON object ("${result.text.slice(0, 80)}").`,
          false,
        )
      }
      result.json = json
    }
    return result
  }

  private get maxBytes(): number {
    return this.opts.maxReplyBytes ?? DEFAULT_MAX_STREAM_BYTES
  }

  /** The body as text, at most `maxBytes` (read as a stream, so a 50 MB reply never sits in memory whole). */
  private async boundedText(response: Response, signal: AbortSignal): Promise<string> {
    if (!response.body) return ''
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let bytes = 0
    try {
      for (;;) {
        if (signal.aborted) throw signal.reason
        const { value, done } = await reader.read()
        if (done) break
        bytes += value.byteLength
        if (bytes > this.maxBytes) throw new StreamTooLongError(this.maxBytes)
        text += decoder.decode(value, { stream: true })
      }
    } finally {
      await reader.cancel().catch(() => undefined)
    }
    return text + decoder.decode()
  }

  private async readWhole(response: Response, signal: AbortSignal): Promise<ChatResponse> {
    let raw: unknown
    const text = await this.boundedText(response, signal)
    try {
      raw = JSON.parse(text)
    } catch {
      throw new ModelEndpointError(
        `The model endpoint ${this.url} answered something that is not JSON: check that the URL points at an OpenAI-compatible /v1 API.`,
        false,
      )
    }
    const parsed = WireCompletion.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new ModelEndpointError(
        `The model endpoint ${this.url} answered something that is not a chat completion (${issue.path.join('.') || 'top level'}: ${issue.message}): check that the URL points at an OpenAI-compatible /v1 API.`,
        false,
      )
    }
    const choice = parsed.data.choices[0]
    const toolCalls = (choice.message.tool_calls ?? []).map((c, i) => toolCallOf(c.id, c.function.name, c.function.arguments, i))
    return {
      // null or "" beside tool calls (llama-server, Ollama) both mean no text.
      text: choice.message.content ?? '',
      toolCalls,
      usage: { promptTokens: parsed.data.usage?.prompt_tokens ?? 0, completionTokens: parsed.data.usage?.completion_tokens ?? 0 },
      finishReason: choice.finish_reason ?? 'stop',
    }
  }

  private async readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<ChatResponse> {
    let text = ''
    let finishReason = 'stop'
    let usage = { promptTokens: 0, completionTokens: 0 }
    const calls: { index: number | undefined; id?: string; name: string; args: string }[] = []
    for await (const data of sseData(body, signal, this.maxBytes)) {
      let raw: unknown
      try {
        raw = JSON.parse(data)
      } catch {
        throw new ModelEndpointError(`The model endpoint ${this.url} streamed a chunk that is not JSON ("${data.slice(0, 60)}").`, false)
      }
      const chunk = WireChunk.safeParse(raw)
      if (!chunk.success) throw new ModelEndpointError(`The model endpoint ${this.url} streamed a chunk that is not a chat completion delta.`, false)
      if (chunk.data.usage) usage = { promptTokens: chunk.data.usage.prompt_tokens ?? 0, completionTokens: chunk.data.usage.completion_tokens ?? 0 }
      for (const choice of chunk.data.choices) {
        if (choice.delta.content) text += choice.delta.content
        for (const d of choice.delta.tool_calls ?? []) accumulate(calls, d)
        if (choice.finish_reason) finishReason = choice.finish_reason
      }
    }
    const toolCalls: ModelToolCall[] = calls.filter((c) => c.name !== '').map((c, i) => toolCallOf(c.id, c.name, c.args, i))
    return { text, toolCalls, usage, finishReason }
  }
}

type Partial_ = { index: number | undefined; id?: string; name: string; args: string }
type Delta = { index?: number; id?: string | null; function?: { name?: string | null; arguments: string } }

/**
 * Add one streamed tool-call delta to the calls of a turn, the way the servers really send them: by `index`
 * (OpenAI, vLLM), without any index (some llama-server builds), or with the same index for every call (some Ollama
 * versions). A delta starts a new call when it brings a new id, or a name while the call it would extend already
 * has a name; otherwise it continues the call with its index (or the last one).
 */
export function accumulate(calls: Partial_[], d: Delta): void {
  const byIndex = d.index === undefined ? undefined : [...calls].reverse().find((c) => c.index === d.index)
  let cur = byIndex ?? (d.index === undefined ? calls[calls.length - 1] : undefined)
  const name = d.function?.name ?? ''
  const startsNew = !cur || (d.id && cur.id && d.id !== cur.id) || (name !== '' && cur.name !== '' && (cur.args !== '' || !!d.id))
  if (startsNew) {
    cur = { index: d.index, name: '', args: '' }
    calls.push(cur)
  }
  const c = cur as Partial_
  if (d.id) c.id = d.id
  if (name) c.name += name
  if (d.function?.arguments) c.args += d.function.arguments
}
