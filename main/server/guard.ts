/**
 * Who may talk to `rsure serve`. The server listens on 127.0.0.1 only, but any page open in any local browser can
 * reach 127.0.0.1, so every WebSocket must also (1) carry this launch's random token, (2) come from the server's
 * own origin (a foreign page's Origin header cannot be forged by the page), and (3) name the server in its Host
 * header (defeats DNS rebinding). The token travels as a WebSocket subprotocol, never in a URL the server logs.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../preload/wire'

/** A fresh per-launch token: 32 random bytes as 64 hex digits. */
export function newToken(): string {
  return randomBytes(32).toString('hex')
}

/** Hosts a browser uses for this server. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`])
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`])
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export interface Verdict {
  ok: boolean
  status: number
  reason: string
}

/** Subprotocols offered by the client (Sec-WebSocket-Protocol, comma-separated). */
export function offeredProtocols(req: IncomingMessage): string[] {
  const raw = req.headers['sec-websocket-protocol']
  return (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Decide whether a WebSocket upgrade may proceed. */
export function checkUpgrade(req: IncomingMessage, port: number, token: string): Verdict {
  const host = req.headers.host ?? ''
  if (!allowedHosts(port).has(host)) return { ok: false, status: 421, reason: `Host '${host}' is not this server` }
  const origin = req.headers.origin
  if (!origin || !allowedOrigins(port).has(origin)) {
    return { ok: false, status: 403, reason: `Origin '${origin ?? '(none)'}' may not use this server` }
  }
  const protocols = offeredProtocols(req)
  if (!protocols.includes(WIRE_PROTOCOL)) return { ok: false, status: 400, reason: `The client must speak ${WIRE_PROTOCOL}` }
  const offered = protocols.find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX))?.slice(TOKEN_PROTOCOL_PREFIX.length)
  if (!offered || !tokensEqual(offered, token)) return { ok: false, status: 401, reason: 'The launch token is missing or wrong' }
  return { ok: true, status: 101, reason: 'ok' }
}
