/**
 * The desk over `rsure serve`: a run's events reach the page's WebSocket as they happen, and the tile route serves
 * PNG tiles of a session file only to requests carrying this launch's token (the same tiles as layers.tile).
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../../main/server/server'
import { decodeFrame, encodeFrame, TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../../preload/wire'
import { writePyramidTiff } from '../../helpers/pyramid-tiff'
import { FIXTURES, shared, tempDir } from '../../helpers/tmp'

let tmp: { dir: string; cleanup: () => void }
let server: RunningServer
let ws: WebSocket
const frames: any[] = []

beforeAll(async () => {
  tmp = tempDir()
  const web = path.join(tmp.dir, 'web')
  fs.mkdirSync(web, { recursive: true })
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>')
  server = await startServer({ port: 0, rendererDir: web, dataDir: path.join(tmp.dir, 'data'), version: '9.9.9' })
  ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, [WIRE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${server.token}`], { origin: server.origin })
  ws.on('message', (data: Buffer, isBinary: boolean) => frames.push(decodeFrame(isBinary ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data.toString())))
  await new Promise((r) => ws.once('open', r))
})
afterAll(async () => {
  ws.close()
  await server.close()
  tmp.cleanup()
})

let nextId = 1
async function call(channel: string, payload: unknown): Promise<any> {
  const id = nextId++
  ws.send(encodeFrame({ type: 'request', id, channel, payload }))
  for (;;) {
    const f = frames.find((x) => x.type === 'response' && x.id === id)
    if (f) return f.result
    await new Promise((r) => setTimeout(r, 10))
  }
}

function getTile(urlPath: string, token?: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: `127.0.0.1:${server.port}` }
    if (token) headers.Authorization = `Bearer ${token}`
    const req = http.request({ host: '127.0.0.1', port: server.port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the desk in browser mode', () => {
  it('pushes a run\'s steps and its end to the page as they happen', async () => {
    const L = shared('fixtures', 'landsat8_L1TP_016037_20170813', 'LC08_L1TP_016037_20170813_20170814_01_RT')
    const added = await call('files.add', { paths: [`${L}_B4.TIF`, `${L}_B5.TIF`] })
    const started = await call('ask.start', { question: 'What is the mean NDVI of this scene?', fileIds: added.value.added.map((f: { id: string }) => f.id) })
    expect(started.ok).toBe(true)
    const runId = started.value.runId
    for (let i = 0; i < 600 && !frames.some((f) => f.event === 'run.finished' && f.payload.runId === runId); i++) await new Promise((r) => setTimeout(r, 50))
    const mine = frames.filter((f) => f.type === 'event' && f.payload?.runId === runId)
    expect(mine[0].event).toBe('run.started')
    expect(mine.at(-1)).toMatchObject({ event: 'run.finished', payload: { status: 'finished' } })
    const kinds = mine.filter((f) => f.event === 'run.step').map((f) => f.payload.kind)
    expect(kinds).toEqual(expect.arrayContaining(['task', 'plan', 'tool_call', 'tool_result', 'rule_check', 'prior', 'verdict', 'answer']))
  }, 120_000)

  it('serves tiles at the address layers.info gives, only with the launch token', async () => {
    const b = { minX: 0, maxY: 20037508.342789244 / 4, size: (2 * 20037508.342789244) / 8 }
    const file = path.join(tmp.dir, 'merc.tif')
    writePyramidTiff(file, { width: 32, height: 32, tile: 16, dtype: 'uint8', overviews: 1, value: (c, r) => (c + r) * 4, geo: { originX: b.minX, originY: b.maxY, sizeX: b.size / 32, sizeY: b.size / 32, epsg: 3857 } })
    const added = await call('files.add', { paths: [file, FIXTURES.B4] })
    const id = added.value.added[0].id
    const info = await call('layers.info', { layer: { fileId: id } })
    expect(info.ok).toBe(true)
    expect(info.value.tileUrl).toMatch(new RegExp(`^${server.origin}/tiles/${id}/\\{z\\}/\\{x\\}/\\{y\\}\\.png\\?style=`))
    const url = info.value.tileUrl.slice(server.origin.length).replace('{z}', '3').replace('{x}', '4').replace('{y}', '2')
    expect((await getTile(url)).status).toBe(401)
    expect((await getTile(url, 'f'.repeat(64))).status).toBe(401)
    const ok = await getTile(url, server.token)
    expect(ok.status).toBe(200)
    expect(ok.type).toBe('image/png')
    const viaContract = await call('layers.tile', { layer: { fileId: id }, tile: { kind: 'xyz', z: 3, x: 4, y: 2 }, style: info.value.style })
    expect(Buffer.from(viaContract.value.png).equals(ok.body)).toBe(true)
    // Only session files, run layers and the basemap can be named; a bad address is a 404 or 400 sentence.
    expect((await getTile('/tiles/fnotinsession/3/4/2.png', server.token)).status).toBe(404)
    expect((await getTile('/tiles/..%2F..%2Fetc%2Fpasswd/3/4/2.png', server.token)).status).toBe(404)
    expect((await getTile(`/tiles/${id}/2/9/0.png`, server.token)).status).toBe(400)
    // B4 is georeferenced in UTM: its tiles come through proj4; one far away is empty but still a PNG.
    const b4 = added.value.added[1].id
    expect((await getTile(`/tiles/${b4}/0/0/0.png`, server.token)).status).toBe(200)
  })
})
