/**
 * What one model on an OpenAI-compatible server can really do, found by asking it, not by trusting its name:
 *
 * - tools: offered one function (`report_number`) and asked to call it with n = 7, does it answer with a call to it
 *   (whole, not streamed, so a server that drops calls while streaming is not misjudged)?
 * - images: shown a 16 x 16 PNG filled with pure red (#ff0000) and asked its colour, does it say red? A server
 *   without a vision projector (llama-server without --mmproj, a text-only Ollama model) either refuses the image
 *   part with an HTTP error or answers without seeing it.
 * - jsonSchema: asked 2 + 3 with `response_format: json_schema` (an object with one integer `answer`), is the whole
 *   reply that JSON object? A server that ignores the field answers in words; RSure then asks in words and extracts
 *   the JSON from the text (openai-client.ts), so "no" is slower and less reliable, not unusable.
 *
 * Each check is one non-streamed request with its own deadline (`timeoutMs`, default 30 s, so a probe takes at most
 * 90 s: a model that is still loading may need that) and ends in 'yes', 'no' or 'unknown' (the endpoint failed in a
 * way that says nothing about the capability) with one sentence saying why. Requests go through the egress
 * allow-list like every model request.
 */
import { PNG } from 'pngjs'
import { z } from 'zod'
import type { ChatRequest, ModelCapabilities } from '../model'
import { checkEgress } from './egress'
import { requestBody, WireCompletion } from './openai-wire'

/** The deadline of one capability check, ms (a cold model may load for tens of seconds on its first request). */
export const PROBE_CHECK_TIMEOUT_MS = 30_000

export const CapabilityCheck = z.object({
  verdict: z.enum(['yes', 'no', 'unknown']),
  /** One sentence: what the model did. */
  detail: z.string(),
  /** Wall time of the check, ms. */
  ms: z.number().nonnegative(),
})
export type CapabilityCheck = z.infer<typeof CapabilityCheck>

export const ModelProbe = z.object({
  baseUrl: z.string(),
  model: z.string(),
  tools: CapabilityCheck,
  images: CapabilityCheck,
  jsonSchema: CapabilityCheck,
})
export type ModelProbe = z.infer<typeof ModelProbe>

export interface ProbeOptions {
  apiKey?: string
  /** Deadline of each check, ms (default PROBE_CHECK_TIMEOUT_MS). */
  timeoutMs?: number
  signal?: AbortSignal
}

/** A 16 x 16 PNG of pure red, as a data URI. */
export function redSquareDataUri(): string {
  const png = new PNG({ width: 16, height: 16 })
  for (let i = 0; i < png.data.length; i += 4) png.data.set([255, 0, 0, 255], i)
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`
}

const TOOL_REQUEST: ChatRequest = {
  messages: [{ role: 'user', content: 'Call the function report_number with n = 7. Do not answer in text.' }],
  tools: [
    { name: 'report_number', description: 'Report one integer.', parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
  ],
  temperature: 0,
  maxTokens: 64,
}

const imageRequest = (): ChatRequest => ({
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What single colour fills this image? Answer with one word.' },
        { type: 'image', dataUri: redSquareDataUri() },
      ],
    },
  ],
  temperature: 0,
  maxTokens: 16,
})

const JSON_SCHEMA = { type: 'object', properties: { answer: { type: 'integer' } }, required: ['answer'], additionalProperties: false }
const JSON_REQUEST: ChatRequest = {
  messages: [{ role: 'user', content: 'What is 2 + 3? Give the result as the integer field answer.' }],
  responseSchema: { name: 'rsure_probe', schema: JSON_SCHEMA },
  temperature: 0,
  maxTokens: 32,
}

type Exchange =
  | { kind: 'reply'; text: string; toolCalls: { name: string; arguments: string }[] }
  | { kind: 'refused'; status: number; body: string }
  | { kind: 'failed'; sentence: string }

/** One non-streamed request; every outcome is a value, never a throw (bodies are read up to 1 MiB). */
async function exchange(url: string, model: string, request: ChatRequest, opts: ProbeOptions): Promise<Exchange> {
  const timeoutMs = opts.timeoutMs ?? PROBE_CHECK_TIMEOUT_MS
  try {
    checkEgress(url)
  } catch (err) {
    return { kind: 'failed', sentence: (err as Error).message }
  }
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
  let text: string
  let status: number
  try {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'error',
      headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      body: JSON.stringify(requestBody(request, { model, stream: false, jsonMode: true })),
      signal,
    })
    status = res.status
    text = await boundedText(res, 1 << 20)
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason
    if (timeout.aborted) return { kind: 'failed', sentence: `it did not answer within ${timeoutMs / 1000} s` }
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    return { kind: 'failed', sentence: `it is not reachable (${cause?.code ?? cause?.message ?? (err as Error).message})` }
  }
  if (status < 200 || status >= 300) return { kind: 'refused', status, body: text.replace(/\s+/g, ' ').trim().slice(0, 200) }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { kind: 'failed', sentence: 'it answered something that is not JSON' }
  }
  const parsed = WireCompletion.safeParse(raw)
  if (!parsed.success) return { kind: 'failed', sentence: 'it answered something that is not a chat completion' }
  const message = parsed.data.choices[0].message
  return {
    kind: 'reply',
    text: message.content ?? '',
    toolCalls: (message.tool_calls ?? []).map((c) => ({ name: c.function.name, arguments: c.function.arguments })),
  }
}

async function boundedText(res: Response, max: number): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done || !value) break
      chunks.push(value)
      bytes += value.byteLength
      if (bytes > max) break
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const quote = (s: string) => `'${s.replace(/\s+/g, ' ').trim().slice(0, 60)}'`

async function timed(fn: () => Promise<Omit<CapabilityCheck, 'ms'>>): Promise<CapabilityCheck> {
  const t0 = performance.now()
  const r = await fn()
  return { ...r, ms: Math.round(performance.now() - t0) }
}

function unknown(e: Extract<Exchange, { kind: 'failed' | 'refused' }>): Omit<CapabilityCheck, 'ms'> {
  return {
    verdict: 'unknown',
    detail: e.kind === 'failed' ? `Not known: ${e.sentence}.` : `Not known: the server answered HTTP ${e.status}${e.body ? ` (${e.body})` : ''}.`,
  }
}

async function probeTools(url: string, model: string, opts: ProbeOptions) {
  return timed(async () => {
    const e = await exchange(url, model, TOOL_REQUEST, opts)
    if (e.kind === 'refused' && e.status >= 400 && e.status < 500 && /tool|function/i.test(e.body))
      return { verdict: 'no', detail: `The server refuses tools for this model (HTTP ${e.status}: ${e.body}).` }
    if (e.kind !== 'reply') return unknown(e)
    const call = e.toolCalls.find((c) => c.name === 'report_number')
    if (call) return { verdict: 'yes', detail: `It called the offered function with ${call.arguments || '{}'}.` }
    if (e.toolCalls.length) return { verdict: 'no', detail: `It called a function it was not offered ('${e.toolCalls[0].name}').` }
    return { verdict: 'no', detail: `It answered in text (${quote(e.text)}) instead of calling the offered function.` }
  })
}

async function probeImages(url: string, model: string, opts: ProbeOptions) {
  return timed(async () => {
    const e = await exchange(url, model, imageRequest(), opts)
    if (e.kind === 'refused' && /image|vision|multimodal|mmproj|image_url/i.test(e.body))
      return { verdict: 'no', detail: `The server refuses images for this model (HTTP ${e.status}: ${e.body}).` }
    if (e.kind !== 'reply') return unknown(e)
    if (/\bred\b/i.test(e.text)) return { verdict: 'yes', detail: 'It named the colour of a pure red test image.' }
    return { verdict: 'no', detail: `Shown a pure red image it answered ${quote(e.text)}: it does not see images (is the vision projector loaded?).` }
  })
}

async function probeJsonSchema(url: string, model: string, opts: ProbeOptions) {
  return timed(async () => {
    const e = await exchange(url, model, JSON_REQUEST, opts)
    if (e.kind === 'refused' && e.status >= 400 && e.status < 500 && /response_format|json_schema|json schema|grammar/i.test(e.body)) {
      return { verdict: 'no', detail: `The server refuses response_format json_schema (HTTP ${e.status}); RSure asks in words and extracts the JSON instead.` }
    }
    if (e.kind !== 'reply') return unknown(e)
    let value: unknown
    try {
      value = JSON.parse(e.text.trim())
    } catch {
      return { verdict: 'no', detail: `It ignored response_format and answered ${quote(e.text)}; RSure asks in words and extracts the JSON instead.` }
    }
    const ok = z.object({ answer: z.number().int() }).strict().safeParse(value)
    if (ok.success) return { verdict: 'yes', detail: `Its reply was the requested JSON object (${JSON.stringify(value)}).` }
    return { verdict: 'no', detail: `Its reply was JSON but not of the requested schema (${quote(e.text)}).` }
  })
}

/** Probe the three capabilities of `model` at `baseUrl` (up to and including /v1), one after the other. */
export async function probeModel(baseUrl: string, model: string, opts: ProbeOptions = {}): Promise<ModelProbe> {
  const base = baseUrl.replace(/\/+$/, '')
  const url = `${base}/chat/completions`
  // One after the other: a local server runs one request at a time, and parallel ones would share its deadline.
  const tools = await probeTools(url, model, opts)
  const images = await probeImages(url, model, opts)
  const jsonSchema = await probeJsonSchema(url, model, opts)
  return { baseUrl: base, model, tools, images, jsonSchema }
}

/** The capabilities to give the client: a 'no' turns the capability off, 'yes' and 'unknown' leave the default. */
export function capabilitiesOf(p: ModelProbe): Partial<ModelCapabilities> {
  const out: Partial<ModelCapabilities> = {}
  for (const k of ['tools', 'images', 'jsonSchema'] as const) if (p[k].verdict === 'no') out[k] = false
  return out
}

/** The probe as lines for a terminal: one per capability, verdict then the sentence. */
export function probeText(p: ModelProbe): string {
  const row = (name: string, c: CapabilityCheck) => `  ${name.padEnd(12)} ${c.verdict.padEnd(8)} ${c.detail} (${c.ms} ms)`
  return `${p.model} at ${p.baseUrl}\n${row('tools', p.tools)}\n${row('images', p.images)}\n${row('json schema', p.jsonSchema)}\n`
}
