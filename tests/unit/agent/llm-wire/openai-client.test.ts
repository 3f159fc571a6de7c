/**
 * The OpenAI-compatible client against a real local server that behaves as Ollama, llama-server, vLLM and LM Studio
 * do (tests/helpers/scripted-model-server.ts, one wire quirk per case), and against its faults: down, silent, slow,
 * malformed, endless, huge. Each fault ends in one sentence within the documented deadline.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ModelEndpointError, OpenAIClient } from '../../../../main/agent/llm/openai-client'
import { sseData } from '../../../../main/agent/llm/sse'
import type { ChatRequest } from '../../../../main/agent/model'
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedReply, type WireQuirks } from '../../../helpers/scripted-model-server'

let server: ScriptedModelServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

const toolRequest: ChatRequest = {
  messages: [{ role: 'user', content: 'plan' }],
  tools: [{ name: 'execute', description: 'run a DAG', parameters: { type: 'object' } }],
}
const CALLS = [
  { name: 'execute', arguments: { nodes: [{ id: 'a' }], output: 'a' } },
  { name: 'retrieve', arguments: { query: 'tvdi' } },
]

async function plannerReply(reply: ScriptedReply, stream: boolean, opts: { timeoutMs?: number; maxReplyBytes?: number; retries?: number } = {}) {
  server = await startScriptedModelServer({ planner: [reply, reply] })
  const client = new OpenAIClient({ baseUrl: server.url, model: 'm', stream, retries: opts.retries ?? 0, timeoutMs: opts.timeoutMs ?? 10_000, maxReplyBytes: opts.maxReplyBytes })
  return client.chat(toolRequest)
}

describe('local servers as they behave', () => {
  const quirks: [string, WireQuirks][] = [
    ['content null beside tool calls', { content: null }],
    ['content "" beside tool calls', { content: '' }],
    ['no tool-call ids', { noIds: true }],
    ['arguments as an object', { argsAsObject: true }],
    ['stream chunks without index', { streamNoIndex: true }],
    ['the same index for every call', { streamSameIndex: true }],
    ['finish_reason "tool"', { finishReason: 'tool' }],
    ['finish_reason "stop" beside tool calls', { finishReason: 'stop' }],
    ['a tool call dropped while streaming', { dropInStream: true }],
  ]
  for (const stream of [true, false]) {
    it.each(quirks)(`${stream ? 'streamed' : 'whole'}: %s gives both calls with their arguments`, async (_name, wire) => {
      const r = await plannerReply({ toolCalls: CALLS, wire }, stream)
      expect(r.toolCalls.map((c) => c.name)).toEqual(CALLS.map((c) => c.name))
      expect(r.toolCalls.map((c) => c.arguments)).toEqual(CALLS.map((c) => c.arguments))
      expect(new Set(r.toolCalls.map((c) => c.id)).size).toBe(2)
      expect(r.text).toBe('')
    })
  }

  it('falls back to one non-streamed request when a streamed tool turn drops its calls', async () => {
    await plannerReply({ toolCalls: CALLS, wire: { dropInStream: true } }, true)
    expect(server!.requests.map((r) => r.body.stream)).toEqual([true, false])
  })
})

describe('model faults end in one sentence within the deadline', () => {
  it('endpoint down', async () => {
    const s = http.createServer()
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
    const port = (s.address() as AddressInfo).port
    await new Promise<void>((r) => s.close(() => r()))
    const client = new OpenAIClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', retries: 1, backoffMs: 10 })
    await expect(client.chat(toolRequest)).rejects.toThrow(/is not reachable \(ECONNREFUSED\): start the server/)
  })

  it('never answers: one deadline across all retries', async () => {
    const t0 = Date.now()
    await expect(plannerReply({ silenceMs: 60_000 }, true, { timeoutMs: 800, retries: 5 })).rejects.toThrow(/did not answer within 0.8 s/)
    expect(Date.now() - t0).toBeLessThan(3000)
  })

  it('slow but within the deadline is answered', async () => {
    const r = await plannerReply({ delayMs: 300, then: { toolCalls: CALLS } }, true, { timeoutMs: 5000 })
    expect(r.toolCalls).toHaveLength(2)
  })

  it('slower than the deadline fails in one sentence', async () => {
    await expect(plannerReply({ delayMs: 3000, then: { toolCalls: CALLS } }, false, { timeoutMs: 500 })).rejects.toThrow(/did not answer within 0.5 s/)
  })

  it('malformed JSON', async () => {
    await expect(plannerReply({ raw: '{"choices": [' }, false)).rejects.toThrow(/answered something that is not JSON/)
  })

  it('an endless stream is cut at the byte bound, not at "Invalid string length"', async () => {
    const t0 = Date.now()
    const err = await plannerReply({ endless: true }, true, { maxReplyBytes: 4 * 1024 * 1024 }).catch((e) => e)
    expect(err).toBeInstanceOf(ModelEndpointError)
    expect(err.message).toMatch(/sent a reply longer than 4194304 bytes/)
    expect(Date.now() - t0).toBeLessThan(10_000)
  })

  it('a 50 MB reply is refused at the byte bound', async () => {
    const err = await plannerReply({ hugeBytes: 50 * 1024 * 1024 }, false).catch((e) => e)
    expect(err).toBeInstanceOf(ModelEndpointError)
    expect(err.message).toMatch(/longer than 16777216 bytes/)
  })
})

describe('sseData', () => {
  function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
    const enc = new TextEncoder()
    return new ReadableStream({ start(c) { for (const p of pieces) c.enqueue(enc.encode(p)); c.close() } })
  }
  async function collect(pieces: string[]): Promise<string[]> {
    const out: string[] = []
    for await (const d of sseData(streamOf(pieces))) out.push(d)
    return out
  }

  it('splits events across arbitrary chunk boundaries and CRLF', async () => {
    const text = 'data: {"a":1}\r\n\r\n: comment\n\ndata: {"b"\ndata: :2}\n\ndata: [DONE]\n\n'
    const want = ['{"a":1}', '{"b"\n:2}']
    for (let cut = 1; cut < text.length; cut++) expect(await collect([text.slice(0, cut), text.slice(cut)])).toEqual(want)
  })

  it('is linear: one 4 MB event in 1 KB chunks (a long tool argument) is read at once, not re-searched per chunk', async () => {
    // The former reader searched its whole buffer on every chunk: 53 s here for this input (11.7 s for half of it).
    const n = 4_000_000
    const whole = `data: {"a":"${'x'.repeat(n)}"}\n\ndata: [DONE]\n\n`
    const pieces: string[] = []
    for (let i = 0; i < whole.length; i += 1024) pieces.push(whole.slice(i, i + 1024))
    const out: string[] = []
    const t0 = performance.now()
    for await (const d of sseData(streamOf(pieces), undefined, 64 * 1024 * 1024)) out.push(d)
    expect(out).toHaveLength(1)
    expect(out[0].length).toBe(n + 8)
    expect(performance.now() - t0).toBeLessThan(5000)
  })

  it('is linear on a stream with no blank line (data lines that never end an event): 4x the input, not 16x the time', async () => {
    const read = async (mb: number): Promise<number> => {
      const line = `data: ${'y'.repeat(250)}\n`
      const lines = Math.floor((mb * 1024 * 1024) / line.length)
      const pieces: string[] = []
      // Lines cut across 1 KB chunks, as a network delivers them.
      const block = line.repeat(64)
      for (let i = 0; i < lines / 64; i++) for (let j = 0; j < block.length; j += 1024) pieces.push(block.slice(j, j + 1024))
      const t0 = performance.now()
      const out: string[] = []
      for await (const d of sseData(streamOf(pieces), undefined, 64 * 1024 * 1024)) out.push(d)
      // The unterminated event is given at the end of the stream, whole.
      expect(out).toHaveLength(1)
      expect(out[0].length).toBeGreaterThan(mb * 1000 * 1000 * 0.9)
      return performance.now() - t0
    }
    await read(1)
    const small = await read(2)
    const large = await read(8)
    expect(large).toBeLessThan(5000)
    expect(large / Math.max(small, 1)).toBeLessThan(10)
  })
})
