/**
 * SIGTERM ends every long run within 1 s (issue 20): a running `rsure ask` (exit 130, its run stored as cancelled
 * with the trajectory so far, one sentence), a running `rsure serve` in the middle of a preview of a 944-million-
 * pixel file (exit 0, "RSure stopped serving."), and `rsure perceive` on a FIFO named like an image ends by itself
 * with one sentence naming it (the reader opens non-blocking and refuses special files).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { decodeFrame, encodeFrame, TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../preload/wire'
import { openDatabase } from '../../main/store/database'
import { buildTiff } from '../../scripts/hostile-corpus'
import { tempDir } from '../helpers/tmp'

const ROOT = path.resolve(__dirname, '..', '..')
const t = tempDir('rsure-sigterm-')
const children: ChildProcess[] = []
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  t.cleanup()
})

function start(args: string[], env: Record<string, string>) {
  let out = ''
  let err = ''
  const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'rsure.mjs'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, out: () => out, err: () => err, exit }
}

/** A 30000 x 30000 sparse tiled file: 7 KB on disk, 900 million pixels to read (tens of seconds). */
function longFile(file: string): void {
  const n = Math.ceil(30000 / 1024) ** 2
  fs.writeFileSync(file, buildTiff({ width: 30000, height: 30000, tile: [1024, 1024], chunks: Array.from({ length: n }, () => new Uint8Array(0)), sparse: true }).bytes)
}

describe('SIGTERM within 1 s', () => {
  it('rsure ask: exit 130 in under 1 s, the run stored as cancelled', async () => {
    const folder = path.join(t.dir, 'ask')
    fs.mkdirSync(folder)
    longFile(path.join(folder, 'Testville_2020-01-01_NTL.tif'))
    const data = path.join(t.dir, 'ask-data')
    const ask = start(['ask', '--files', folder, 'What was the mean night-time light of Testville in 2020?'], { RSURE_DATA_DIR: data })
    const t0 = Date.now()
    while (!fs.existsSync(path.join(data, 'rsure.sqlite')) && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 3000))
    expect(ask.child.exitCode).toBeNull()
    const sent = Date.now()
    ask.child.kill('SIGTERM')
    const code = await ask.exit
    const ms = Date.now() - sent
    expect(code).toBe(130)
    expect(ms).toBeLessThan(1000)
    expect(ask.err().trim().split('\n').pop()).toBe('The question was interrupted; the run is stored as cancelled with its trajectory so far.')
    const db = openDatabase({ file: path.join(data, 'rsure.sqlite'), readonly: true })
    const rows = db.prepare('SELECT status FROM runs').all() as { status: string }[]
    db.close()
    expect(rows.map((r) => r.status)).toEqual(['cancelled'])
  }, 180_000)

  it('rsure serve: exit 0 in under 1 s while a preview of a 944-million-pixel file is being drawn', async () => {
    const big = path.join(t.dir, 'shared-tiles.tif')
    const n = 120
    const tile = zlib.deflateSync(Buffer.alloc(65536), { level: 9 })
    fs.writeFileSync(big, buildTiff({ width: n * 256, height: n * 256, tile: [256, 256], compression: 8, chunks: Array.from({ length: n * n }, () => new Uint8Array(tile)) }).bytes)
    const web = path.join(t.dir, 'web')
    fs.mkdirSync(web)
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>')
    const serve = start(['serve', '--port', '0', '--json', '--renderer', web, '--data-dir', path.join(t.dir, 'serve-data')], {})
    const t0 = Date.now()
    while (!serve.out().includes('}') && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 100))
    const { url, origin, port } = JSON.parse(serve.out()) as { url: string; origin: string; port: number }
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, [WIRE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${url.split('#token=')[1]}`], { origin })
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    ws.on('error', () => undefined)
    const answers = new Map<number, any>()
    ws.on('message', (d: WebSocket.RawData, bin: boolean) => {
      const b = d as Buffer
      const f = decodeFrame(bin ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : b.toString()) as any
      if (f.type === 'response') answers.set(f.id, f.result)
    })
    ws.send(encodeFrame({ type: 'request', id: 1, channel: 'files.add', payload: { paths: [big] } }))
    while (!answers.has(1) && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 50))
    const id = answers.get(1).value.added[0].id as string
    ws.send(encodeFrame({ type: 'request', id: 2, channel: 'image.preview', payload: { id, maxSize: 1024 } }))
    await new Promise((r) => setTimeout(r, 500))
    const sent = Date.now()
    serve.child.kill('SIGTERM')
    const code = await serve.exit
    const ms = Date.now() - sent
    expect(code).toBe(0)
    expect(ms).toBeLessThan(1000)
    expect(serve.err()).toContain('RSure stopped serving.')
  }, 180_000)

  it('rsure perceive on a FIFO named like an image ends by itself with one sentence naming it', async () => {
    const fifo = path.join(t.dir, 'scene.png')
    execFileSync('mkfifo', [fifo])
    const p = start(['perceive', '--mode', 'regions', '--image', fifo, '--backend', 'classical', '--target', 'water=water'], { RSURE_DATA_DIR: path.join(t.dir, 'p-data') })
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 60_000)
    const code = await p.exit
    clearTimeout(timer)
    expect(code).not.toBeNull()
    expect(code).not.toBe(0)
    // Progress lines come first on stderr; the last line is the sentence.
    const msg = p.err().trim().split('\n').pop() as string
    expect(msg).toMatch(/'scene\.png' is a named pipe \(FIFO\), not an image file/)
    expect(msg).not.toMatch(/\n\s+at |ENXIO|EISDIR/)
  }, 120_000)
})
