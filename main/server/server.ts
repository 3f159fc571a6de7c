/**
 * `rsure serve`: the app in a local browser, without Electron. An HTTP server on 127.0.0.1 serves the built
 * renderer; a WebSocket on the same port (path /ws) carries the contract of preload/contract.ts in the frames of
 * preload/wire.ts to the same router the desktop app uses. Only this launch's pages can connect (guard.ts).
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import { decodeFrame, encodeFrame, MAX_FRAME_BYTES, WIRE_PROTOCOL, WireRequest } from '../../preload/wire'
import { createIpcHost, type IpcHost } from '../ipc'
import { rendererCsp } from './csp'
import { allowedHosts, checkUpgrade, newToken } from './guard'
import { printPdfWithChromium } from './pdf-chromium'
import { serveStatic } from './static-files'
import { serveTiles, TILE_PATH } from './tiles-http'

/** The only address the server binds: loopback, never the network. */
export const HOST = '127.0.0.1'
export const WS_PATH = '/ws'

export interface ServerOptions {
  /** TCP port; 0 picks a free one. */
  port: number
  /** Folder of the built renderer (index.html and assets). */
  rendererDir: string
  dataDir: string
  version: string
  /** Fixed token for tests; a fresh random one otherwise. */
  token?: string
}

export interface RunningServer {
  port: number
  origin: string
  token: string
  /** The address to open: origin plus the token in the fragment (never sent over HTTP). */
  url: string
  host: IpcHost
  close(): Promise<void>
}

export class ServeError extends Error {}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const index = path.join(opts.rendererDir, 'index.html')
  if (!fs.existsSync(index)) {
    throw new ServeError(`The browser build is missing (${index} not found); run 'npm run build:renderer' first.`)
  }
  const token = opts.token ?? newToken()
  // Tile URLs are absolute (maplibre resolves no relative tile URLs); the origin is known once the port is.
  let tileOrigin = ''
  const host = createIpcHost({
    version: opts.version,
    dataDir: opts.dataDir,
    printPdf: printPdfWithChromium,
    tileBase: (transport) => (transport === 'ipc' ? 'rsure-tile://layer/' : `${tileOrigin}${TILE_PATH}`),
  })
  let port = opts.port
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end()
  const server = http.createServer((req, res) => handler(req, res))
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has(WIRE_PROTOCOL) ? WIRE_PROTOCOL : false),
  })

  server.on('upgrade', (req, socket, head) => {
    // Node takes its own error listener off an upgraded socket; without one, a client resetting the connection
    // would throw an unhandled 'error' and stop the server.
    socket.on('error', () => socket.destroy())
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
    const verdict = pathname === WS_PATH ? checkUpgrade(req, port, token) : { ok: false, status: 404, reason: 'No WebSocket here' }
    if (!verdict.ok) {
      socket.end(
        `HTTP/1.1 ${verdict.status} ${http.STATUS_CODES[verdict.status] ?? 'Refused'}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${verdict.reason}.\n`,
      )
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  })

  const clients = new Set<WebSocket>()
  wss.on('connection', (ws: WebSocket) => {
    clients.add(ws)
    ws.on('close', () => clients.delete(ws))
    // A frame over MAX_FRAME_BYTES or a protocol violation makes ws emit 'error' (then close the socket); an
    // 'error' nobody listens to would crash the whole server, so it is only noted here.
    ws.on('error', () => clients.delete(ws))
    ws.on('message', async (data, isBinary) => {
      let frame: unknown
      try {
        const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
        frame = decodeFrame(isBinary ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf.toString('utf8'))
      } catch {
        ws.close(1007, 'Malformed frame: not the rsure.v1 wire format.')
        return
      }
      const req = WireRequest.safeParse(frame)
      if (!req.success) {
        ws.close(1008, 'Malformed request: expected {type:"request", id, channel, payload}.')
        return
      }
      const result = await host.router.dispatch(req.data.channel, req.data.payload, { transport: 'websocket' })
      if (ws.readyState === ws.OPEN) ws.send(encodeFrame({ type: 'response', id: req.data.id, result }))
    })
  })
  const unsubscribe = host.hub.subscribe((event, payload) => {
    const frame = encodeFrame({ type: 'event', event, payload })
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(frame)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE' ? new ServeError(`Port ${opts.port} on ${HOST} is already in use; choose another with --port N (0 picks a free one).`) : err,
      )
    })
    server.listen(opts.port, HOST, () => resolve())
  })
  port = (server.address() as AddressInfo).port
  const origin = `http://${HOST}:${port}`
  tileOrigin = origin
  const csp = rendererCsp({ websocketOrigins: [`ws://${HOST}:${port}`, `ws://localhost:${port}`] })
  const statics = serveStatic(opts.rendererDir, csp)
  const tiles = serveTiles(host, token, csp)
  const hosts = allowedHosts(port)
  handler = (req, res) => {
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends its own Host header.
    if (!hosts.has(req.headers.host ?? '')) {
      res.writeHead(421, { 'Content-Type': 'text/plain' }).end('This server answers only to 127.0.0.1 and localhost.\n')
      return
    }
    if (new URL(req.url ?? '/', 'http://localhost').pathname.startsWith(TILE_PATH)) void tiles(req, res)
    else statics(req, res)
  }

  return {
    port,
    origin,
    token,
    url: `${origin}/#token=${token}`,
    host,
    async close() {
      unsubscribe()
      for (const ws of clients) ws.terminate()
      await new Promise<void>((r) => wss.close(() => r()))
      await new Promise<void>((r) => server.close(() => r()))
      await host.close()
    },
  }
}
