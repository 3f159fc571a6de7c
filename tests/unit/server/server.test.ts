import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../../main/server/server'
import { decodeFrame, encodeFrame, TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../../preload/wire'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const B4 = FIXTURES.B4

let tmp: { dir: string; cleanup: () => void }
let server: RunningServer

beforeAll(async () => {
  tmp = tempDir()
  const web = path.join(tmp.dir, 'web')
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true })
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>')
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)')
  fs.writeFileSync(path.join(tmp.dir, 'secret.txt'), 'secret')
  server = await startServer({ port: 0, rendererDir: web, dataDir: path.join(tmp.dir, 'data'), version: '9.9.9' })
})
afterAll(async () => {
  await server.close()
  tmp.cleanup()
})

/** Try a WebSocket upgrade; resolves with 'open' or the HTTP status of the refusal. */
function tryConnect(opts: { origin?: string; token?: string | null; host?: string; protocols?: string[] }): Promise<{ ws?: WebSocket; status: number | 'open' }> {
  const protocols = opts.protocols ?? [WIRE_PROTOCOL, ...(opts.token === null ? [] : [`${TOKEN_PROTOCOL_PREFIX}${opts.token ?? server.token}`])]
  const headers: Record<string, string> = {}
  if (opts.host) headers.Host = opts.host
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, protocols, { origin: opts.origin ?? server.origin, headers })
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ ws, status: 'open' }))
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }))
    ws.once('error', () => resolve({ status: 0 }))
  })
}

function request(ws: WebSocket, id: number, channel: string, payload: unknown): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      const buf = data as Buffer
      const frame = decodeFrame(isBinary ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf.toString()) as any
      if (frame.type === 'response' && frame.id === id) {
        ws.off('message', onMessage)
        resolve(frame.result)
      }
    }
    ws.on('message', onMessage)
    ws.send(encodeFrame({ type: 'request', id, channel, payload }))
  })
}

function get(urlPath: string, host = `127.0.0.1:${server.port}`): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: urlPath, headers: { Host: host } }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('rsure serve: who may connect', () => {
  it('binds 127.0.0.1 only and prints an address with a 64-hex-digit token in the fragment', () => {
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`)
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/#token=[0-9a-f]{64}$`))
  })

  it('refuses a WebSocket without the token (401) or with a wrong one', async () => {
    expect((await tryConnect({ token: null })).status).toBe(401)
    expect((await tryConnect({ token: 'f'.repeat(64) })).status).toBe(401)
  })

  it('refuses a WebSocket from a foreign Origin (403), even with the right token', async () => {
    expect((await tryConnect({ origin: 'http://evil.example' })).status).toBe(403)
    expect((await tryConnect({ origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403)
  })

  it('refuses a rebound Host name (421) for the socket and the pages', async () => {
    expect((await tryConnect({ host: `evil.example:${server.port}` })).status).toBe(421)
    expect((await get('/', `evil.example:${server.port}`)).status).toBe(421)
  })

  it('accepts this launch page and answers requests over the contract', async () => {
    const { ws, status } = await tryConnect({})
    expect(status).toBe('open')
    expect(ws!.protocol).toBe(WIRE_PROTOCOL)
    const hello = await request(ws!, 1, 'app.hello', {})
    expect(hello).toMatchObject({ ok: true, value: { app: 'rsure-desktop', version: '9.9.9', transport: 'websocket' } })
    const bad = await request(ws!, 2, 'files.info', { id: 42 })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
    ws!.close()
  })

  it('carries bytes both ways: a chunked upload in, a PNG preview out', async () => {
    const { ws } = await tryConnect({})
    const bytes = fs.readFileSync(B4)
    const begin = await request(ws!, 1, 'files.uploadBegin', { name: 'B4.TIF', size: bytes.length })
    const uploadId = begin.value.uploadId
    expect((await request(ws!, 2, 'files.uploadChunk', { uploadId, offset: 0, bytes: new Uint8Array(bytes) })).ok).toBe(true)
    const end = await request(ws!, 3, 'files.uploadEnd', { uploadId })
    expect(end.value.added[0].info).toMatchObject({ width: 255, height: 259, dtype: 'uint16', rasterType: 'PixelIsPoint' })
    const preview = await request(ws!, 4, 'image.preview', { id: end.value.added[0].id })
    expect(preview.ok).toBe(true)
    expect(preview.value.png).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(preview.value.png.subarray(1, 4)).toString()).toBe('PNG')
    ws!.close()
  })

  it('closes a socket that sends frames outside the wire format', async () => {
    const { ws } = await tryConnect({})
    const code = await new Promise<number>((resolve) => {
      ws!.once('close', (c) => resolve(c))
      ws!.send(JSON.stringify({ hello: 'world' }))
    })
    expect(code).toBe(1008)
  })

  it('survives a socket that breaks the WebSocket protocol itself (invalid UTF-8 in a text frame)', async () => {
    const { ws } = await tryConnect({})
    const code = await new Promise<number>((resolve) => {
      ws!.once('close', (c) => resolve(c))
      ws!.on('error', () => undefined)
      // A masked text frame (FIN, opcode 1) of two bytes that are not UTF-8, written below the ws library.
      ;(ws as unknown as { _socket: import('node:net').Socket })._socket.write(Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xff, 0xfe]))
    })
    expect([1006, 1007]).toContain(code)
    const again = await tryConnect({})
    expect(again.status).toBe('open')
    expect(await request(again.ws!, 1, 'app.hello', {})).toMatchObject({ ok: true })
    again.ws!.close()
  })
})

describe('rsure serve: static files', () => {
  it('serves the renderer with a strict CSP and never a file outside its folder', async () => {
    const index = await get('/')
    expect(index.status).toBe(200)
    expect(index.headers['content-security-policy']).toContain("default-src 'none'")
    expect(index.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}`)
    expect(index.headers['x-content-type-options']).toBe('nosniff')
    expect((await get('/assets/app.js')).headers['content-type']).toContain('javascript')
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const r = await get(p)
      expect(r.body).not.toContain('secret')
    }
    expect((await get('/missing.js')).status).toBe(404)
  })
})
