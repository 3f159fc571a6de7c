/**
 * A real local HTTP server speaking the OpenAI chat-completions protocol, scripted per test. Each request is
 * classified by role — the planner (it offers tools), the verifier (JSON answer named 'verdict'), the answer
 * writer (JSON answer named 'final_answer'), or other (e.g. the task classifier) — and answered by that role's
 * script, in order. Replies stream as server-sent events when the request asks to stream. Every request body is
 * kept for assertions.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Role = 'planner' | 'verifier' | 'writer' | 'other'

/**
 * How a tool-call reply is put on the wire, one switch per behaviour of a real local server: `content` null or ""
 * beside the calls, no call ids, arguments as an object instead of a JSON string, stream chunks without `index` or
 * with index 0 for every call, the finish reason it names, or the calls dropped from the stream (the finish reason
 * still says tool_calls; sent whole only when not streaming).
 */
export interface WireQuirks {
  content?: null | ''
  noIds?: boolean
  argsAsObject?: boolean
  streamNoIndex?: boolean
  streamSameIndex?: boolean
  finishReason?: 'tool_calls' | 'tool' | 'stop'
  dropInStream?: boolean
}

export type ScriptedReply =
  | { toolCalls: { name: string; arguments: unknown; id?: string }[]; text?: string; wire?: WireQuirks }
  | { text: string }
  | { json: unknown }
  | { status: number; body: string }
  | { raw: string; contentType?: string }
  /** Answer nothing for this long (then close), to exercise client timeouts. */
  | { silenceMs: number }
  /** Stream content deltas of `pieceBytes` (default 64 KiB) forever (every `everyMs`), never [DONE]: an endless stream. */
  | { endless: true; everyMs?: number; pieceBytes?: number }
  /** A 200 reply of `bytes` bytes of JSON-looking padding (a 50 MB reply). */
  | { hugeBytes: number }
  /** A normal reply sent after `delayMs` (a slow server). */
  | { delayMs: number; then: ScriptedReply }

export interface RecordedRequest {
  role: Role
  body: Record<string, unknown>
  /** All message texts of the request joined, for "does the prompt contain X" assertions. */
  text: string
}

export type Script = Partial<Record<Role, ScriptedReply[] | ((req: RecordedRequest, index: number) => ScriptedReply)>>

export interface ScriptedModelServer {
  /** Base URL up to /v1. */
  url: string
  requests: RecordedRequest[]
  byRole(role: Role): RecordedRequest[]
  close(): Promise<void>
}

function roleOf(body: Record<string, unknown>): Role {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined
  const text = JSON.stringify(body.messages ?? [])
  if (format?.json_schema?.name === 'verdict' || text.includes('You verify one tool observation')) return 'verifier'
  if (format?.json_schema?.name === 'final_answer' || text.includes('Write the final answer to the task below')) return 'writer'
  if (Array.isArray(body.tools) && body.tools.length > 0) return 'planner'
  return 'other'
}

function messageText(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { content?: unknown; tool_calls?: unknown }[]
  return messages
    .map((m) => {
      const c = m.content
      const content = typeof c === 'string' ? c : Array.isArray(c) ? c.map((p) => (p as { text?: string }).text ?? '[image]').join('\n') : ''
      return m.tool_calls ? `${content}\n${JSON.stringify(m.tool_calls)}` : content
    })
    .join('\n')
}

type Plain = Extract<ScriptedReply, { toolCalls: unknown } | { text: string } | { json: unknown }>

function completion(reply: Plain) {
  const message: Record<string, unknown> = { role: 'assistant', content: null }
  if ('toolCalls' in reply) {
    const w = reply.wire ?? {}
    message.content = w.content !== undefined ? w.content : (reply.text ?? null)
    message.tool_calls = reply.toolCalls.map((c, i) => ({
      ...(w.noIds ? {} : { id: c.id ?? `call_${i}_${Math.random().toString(36).slice(2, 8)}` }),
      type: 'function',
      function: { name: c.name, arguments: w.argsAsObject ? c.arguments : JSON.stringify(c.arguments) },
    }))
  } else if ('json' in reply) message.content = JSON.stringify(reply.json)
  else message.content = reply.text
  return message
}

export async function startScriptedModelServer(script: Script): Promise<ScriptedModelServer> {
  const requests: RecordedRequest[] = []
  const counters: Record<Role, number> = { planner: 0, verifier: 0, writer: 0, other: 0 }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('/models')) {
        // The model list (settings' connection test): empty, so any model name is taken as served.
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [] }))
        return
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }))
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
      const role = roleOf(body)
      const recorded: RecordedRequest = { role, body, text: messageText(body) }
      requests.push(recorded)
      const entry = script[role]
      const index = counters[role]++
      let reply = typeof entry === 'function' ? entry(recorded, index) : entry?.[index]
      if (reply && 'delayMs' in reply) {
        const later = reply.then
        setTimeout(() => respond(later), reply.delayMs)
        return
      }
      respond(reply)

      function respond(reply: ScriptedReply | undefined): void {
      if (!reply) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no scripted ${role} reply #${index + 1}` } }))
        return
      }
      if ('silenceMs' in reply) {
        setTimeout(() => res.destroy(), reply.silenceMs)
        return
      }
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body)
        return
      }
      if ('raw' in reply) {
        res.writeHead(200, { 'content-type': reply.contentType ?? 'application/json' }).end(reply.raw)
        return
      }
      if ('endless' in reply) {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        const piece = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'x'.repeat(reply.pieceBytes ?? 64 * 1024) } }] })}\n\n`
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(piece)), reply.everyMs ?? 0)
        res.on('close', () => clearInterval(timer))
        return
      }
      if ('hugeBytes' in reply) {
        res.writeHead(200, { 'content-type': 'application/json' })
        const block = Buffer.alloc(1024 * 1024, 0x20)
        let left = reply.hugeBytes
        const pump = () => {
          while (left > 0 && !res.destroyed) {
            const n = Math.min(left, block.length)
            left -= n
            if (!res.write(block.subarray(0, n))) return void res.once('drain', pump)
          }
          res.end()
        }
        pump()
        return
      }
      if ('delayMs' in reply) return respond(reply.then)
      const message = completion(reply)
      const wire = 'toolCalls' in reply ? (reply.wire ?? {}) : {}
      const usage = { prompt_tokens: Math.ceil(recorded.text.length / 4), completion_tokens: 7 }
      if (body.stream === true) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
        const send = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`)
        const content = typeof message.content === 'string' ? message.content : ''
        // Content in two pieces, tool calls with their arguments split, as real servers do.
        if (content) {
          send({ choices: [{ index: 0, delta: { role: 'assistant', content: content.slice(0, Math.ceil(content.length / 2)) } }] })
          send({ choices: [{ index: 0, delta: { content: content.slice(Math.ceil(content.length / 2)) } }] })
        }
        const calls = (wire.dropInStream ? [] : (message.tool_calls ?? [])) as { id?: string; function: { name: string; arguments: unknown } }[]
        calls.forEach((c, i) => {
          const argText = typeof c.function.arguments === 'string' ? c.function.arguments : JSON.stringify(c.function.arguments)
          const half = Math.ceil(argText.length / 2)
          const idx = wire.streamNoIndex ? {} : { index: wire.streamSameIndex ? 0 : i }
          send({ choices: [{ index: 0, delta: { tool_calls: [{ ...idx, ...(c.id ? { id: c.id } : {}), type: 'function', function: { name: c.function.name, arguments: argText.slice(0, half) } }] } }] })
          send({ choices: [{ index: 0, delta: { tool_calls: [{ ...idx, function: { arguments: argText.slice(half) } }] } }] })
        })
        const named = (message.tool_calls ?? []) as unknown[]
        send({ choices: [{ index: 0, delta: {}, finish_reason: wire.finishReason ?? (named.length ? 'tool_calls' : 'stop') }] })
        send({ choices: [], usage })
        res.end('data: [DONE]\n\n')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message, finish_reason: wire.finishReason ?? (message.tool_calls ? 'tool_calls' : 'stop') }], usage }),
      )
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    byRole: (role) => requests.filter((r) => r.role === role),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
