/**
 * `rsure mcp --http`: the MCP server over Streamable HTTP, bound to 127.0.0.1 only, one session per client
 * (mcp-session-id), each request carrying the launch token as `Authorization: Bearer TOKEN` (or `?token=` in the
 * URL, for clients that cannot set headers). Host headers other
 * than the loopback address are refused (DNS rebinding), so a web page cannot reach it.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'

export interface McpHttpHandle {
  url: string
  token: string
  port: number
  close(): Promise<void>
}

export const MCP_PATH = '/mcp'

/** A fresh launch token: 32 random bytes, hex. */
export function launchToken(): string {
  return randomBytes(32).toString('hex')
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (!m) return false
  const a = Buffer.from(m[1])
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

function jsonError(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))
}

async function readJson(req: http.IncomingMessage, limit = 16 * 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new Error(`the request body is larger than ${limit} bytes`)
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : undefined
}

/** Serve `makeServer()` (one MCP server per session) on 127.0.0.1:`port` (0: any free port). */
export async function serveMcpHttp(makeServer: () => Server, opts: { port?: number; token?: string } = {}): Promise<McpHttpHandle> {
  const token = opts.token ?? launchToken()
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>()
  let allowedHosts: string[] = []

  const httpServer = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (url.pathname !== MCP_PATH) return jsonError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`)
      if (!allowedHosts.includes(req.headers.host ?? '')) return jsonError(res, 403, 'Only the loopback address may be used as the host.')
      const queryToken = url.searchParams.get('token')
      if (!tokenMatches(req.headers.authorization ?? (queryToken ? `Bearer ${queryToken}` : undefined), token)) {
        return jsonError(res, 401, 'The launch token is missing or wrong: send it as "Authorization: Bearer TOKEN" (or ?token=TOKEN in the URL).')
      }
      const sid = req.headers['mcp-session-id']
      const sessionId = Array.isArray(sid) ? sid[0] : sid
      const body = req.method === 'POST' ? await readJson(req) : undefined
      if (sessionId) {
        const s = sessions.get(sessionId)
        if (!s) return jsonError(res, 404, 'This MCP session is unknown or has ended; initialise a new one.')
        return await s.transport.handleRequest(req, res, body)
      }
      if (req.method !== 'POST' || !isInitializeRequest(body)) return jsonError(res, 400, 'No MCP session: start with an initialize request.')
      const server = makeServer()
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, { transport, server }),
      })
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId)
      }
      await server.connect(transport)
      await transport.handleRequest(req, res, body)
    } catch (err) {
      if (!res.headersSent) jsonError(res, 400, `The request could not be read: ${(err as Error).message}.`)
      else res.end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (httpServer.address() as AddressInfo).port
  allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    token,
    port,
    async close() {
      for (const s of sessions.values()) await s.server.close().catch(() => undefined)
      sessions.clear()
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
      httpServer.closeAllConnections()
    },
  }
}
