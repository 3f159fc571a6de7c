/**
 * The command line and the server under hostile files, as real processes: a running `rsure serve` given the IFD-loop
 * file and the 1e6 x 1e6 file still previews a normal file and stays up; `rsure ask` over a folder holding a FIFO
 * named like a raster ends with a clear message; SIGTERM during a long `rsure exec` or `rsure ask` ends it within 2 s.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { decodeFrame, encodeFrame, TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../preload/wire'
import { buildTiff, writeCorpus } from '../../scripts/hostile-corpus'
import { FIXTURES, tempDir } from '../helpers/tmp'

const ROOT = path.resolve(__dirname, '..', '..')
const RSURE = path.join(ROOT, 'bin', 'rsure.mjs')
const t = tempDir('rsure-hostile-proc-')
const corpus = writeCorpus(path.join(t.dir, 'corpus'))
const file = (name: string) => corpus.find((c) => c.name === name)!.file
const children: ChildProcess[] = []
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  t.cleanup()
})

function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; out: () => string; err: () => string; exit: Promise<number | null> } {
  let out = ''
  let err = ''
  const child = spawn(process.execPath, [RSURE, ...args], { cwd: ROOT, env: { ...process.env, RSURE_DATA_DIR: path.join(t.dir, 'data'), ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, out: () => out, err: () => err, exit }
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

describe('hostile files against running processes', () => {
  it('rsure serve: adding the IFD-loop and 1e6 x 1e6 files leaves previews of a normal file working', async () => {
    const web = path.join(t.dir, 'web')
    fs.mkdirSync(web, { recursive: true })
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>')
    const serve = start(['serve', '--port', '0', '--json', '--renderer', web, '--data-dir', path.join(t.dir, 'serve-data')])
    const started = Date.now()
    while (!serve.out().includes('}') && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 100))
    const { url, origin, port } = JSON.parse(serve.out()) as { url: string; origin: string; port: number }
    const token = url.split('#token=')[1]
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, [WIRE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`], { origin })
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    const added = await request(ws, 1, 'files.add', { paths: [file('ifd-self-loop.tif'), file('size-1e6-sparse-tiled.tif'), FIXTURES.RED] })
    expect(added.ok).toBe(true)
    const byName = (n: string) => added.value.added.find((f: { name: string }) => f.name === n)
    // The loop file is kept with one sentence saying why it cannot be read; the 1e6 file is described (headers only).
    expect(byName('ifd-self-loop.tif').error).toMatch(/loops back to byte/)
    expect(byName('size-1e6-sparse-tiled.tif').info).toMatchObject({ width: 1_000_000, height: 1_000_000 })
    const t0 = Date.now()
    const huge = await request(ws, 2, 'image.preview', { id: byName('size-1e6-sparse-tiled.tif').id, maxSize: 256 })
    expect(huge.ok).toBe(false)
    expect(huge.error.message).toMatch(/no overview small enough to preview/)
    const loop = await request(ws, 3, 'image.preview', { id: byName('ifd-self-loop.tif').id })
    expect(loop.ok).toBe(false)
    const normal = await request(ws, 4, 'image.preview', { id: byName('red.tif').id, maxSize: 64 })
    expect(normal.ok).toBe(true)
    expect(Date.now() - t0).toBeLessThan(15_000)
    // Still up: a new request is answered and the process has not exited.
    expect((await request(ws, 5, 'app.hello', {})).ok).toBe(true)
    expect(serve.child.exitCode).toBeNull()
    ws.close()
    serve.child.kill('SIGTERM')
    await serve.exit
  }, 180_000)

  it('rsure ask over a folder holding a FIFO named like a raster ends with a clear message', async () => {
    const folder = path.join(t.dir, 'fifo-folder')
    fs.mkdirSync(folder)
    execFileSync('mkfifo', [path.join(folder, 'Testville_2020-01-01_NTL.tif')])
    const ask = start(['ask', '--files', folder, '--json', 'What was the mean night-time light of Testville in 2020?'])
    const timer = setTimeout(() => ask.child.kill('SIGKILL'), 120_000)
    const code = await ask.exit
    clearTimeout(timer)
    expect(code).toBe(0)
    const out = JSON.parse(ask.out()) as { answer: string; trajectory: { kind: string; payload: any }[] }
    expect(out.answer).toBe('Not determined')
    const reasons = out.trajectory.filter((s) => s.kind === 'tool_result').map((s) => String(s.payload.result.reason))
    expect(reasons[0]).toMatch(/^Node '\w+' reads from catalog '\w+', which found no assets \(1 file\(s\) skipped; 'Testville_2020-01-01_NTL\.tif': a named pipe \(FIFO\), not a regular file\); check its dir, files and period\.$/)
    expect(ask.err()).not.toMatch(/Error|at .*\(/)
  }, 150_000)

  it('SIGTERM during a long rsure exec ends it within 2 s with one sentence', async () => {
    // A 30000 x 30000 sparse tiled file: 7 KB on disk, 900 million pixels to read (tens of seconds).
    const long = path.join(t.dir, 'long.tif')
    const n = Math.ceil(30000 / 1024) ** 2
    fs.writeFileSync(long, buildTiff({ width: 30000, height: 30000, tile: [1024, 1024], chunks: Array.from({ length: n }, () => new Uint8Array(0)), sparse: true }).bytes)
    const dag = path.join(t.dir, 'long.json')
    fs.writeFileSync(dag, JSON.stringify({ nodes: [{ id: 'r', op: 'raster.read', params: { path: long } }, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@r' } }], output: 's' }))
    const data = path.join(t.dir, 'cancel-data')
    const exec = start(['exec', '--dag', dag], { RSURE_DATA_DIR: data })
    // The run is under way once the command has opened its database (it then compiles the DAG in milliseconds and
    // starts the pixel work); wait for that, plus a second, however slowly a loaded machine loads the modules.
    const t0 = Date.now()
    while (!fs.existsSync(path.join(data, 'rsure.sqlite')) && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 1000))
    expect(exec.child.exitCode).toBeNull()
    const sent = Date.now()
    exec.child.kill('SIGTERM')
    const code = await exec.exit
    expect(Date.now() - sent).toBeLessThan(2000)
    expect(code).toBe(130)
    expect(exec.err().trim().split('\n').pop()).toBe('The run was interrupted before it finished; nothing was computed.')
  }, 180_000)

  it('SIGTERM during a long rsure ask ends it within 2 s, the run stored as cancelled', async () => {
    const folder = path.join(t.dir, 'long-ask')
    fs.mkdirSync(folder)
    const n = Math.ceil(30000 / 1024) ** 2
    fs.writeFileSync(path.join(folder, 'Testville_2020-01-01_NTL.tif'), buildTiff({ width: 30000, height: 30000, tile: [1024, 1024], chunks: Array.from({ length: n }, () => new Uint8Array(0)), sparse: true }).bytes)
    const data = path.join(t.dir, 'ask-cancel-data')
    const ask = start(['ask', '--files', folder, 'What was the mean night-time light of Testville in 2020?'], { RSURE_DATA_DIR: data })
    const t0 = Date.now()
    while (!fs.existsSync(path.join(data, 'rsure.sqlite')) && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 3000))
    expect(ask.child.exitCode).toBeNull()
    const sent = Date.now()
    ask.child.kill('SIGTERM')
    const code = await ask.exit
    expect(Date.now() - sent).toBeLessThan(2000)
    expect(code).toBe(130)
    expect(ask.err().trim().split('\n').pop()).toBe('The question was interrupted; the run is stored as cancelled with its trajectory so far.')
  }, 180_000)
})
