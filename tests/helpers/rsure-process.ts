/**
 * `rsure` as a real process, for the tests that signal, starve or flood one (hostile-serve-cancel, hostile-sigterm,
 * the hostile corpus 2 serve pass): spawn it with its output collected, kill what a test file left running, start
 * `rsure serve` on a free port and speak the contract to it over its WebSocket, and the long-to-read sparse file
 * that keeps a run busy long enough to be cancelled.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll } from 'vitest'
import WebSocket from 'ws'
import { decodeFrame, encodeFrame, TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../preload/wire'
import { buildTiff } from '../../scripts/hostile-corpus'
import { tempDir } from './tmp'

export const ROOT = path.resolve(__dirname, '..', '..')
export const RSURE = path.join(ROOT, 'bin', 'rsure.mjs')

export interface RsureProcess {
  child: ChildProcess
  out: () => string
  err: () => string
  exit: Promise<number | null>
}

/** Spawns `rsure ARGS` (stdout and stderr collected) and adds it to `children`. */
export function spawnRsure(args: string[], env: Record<string, string>, children: ChildProcess[]): RsureProcess {
  let out = ''
  let err = ''
  const child = spawn(process.execPath, [RSURE, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, out: () => out, err: () => err, exit }
}

/** Sends SIGTERM and waits for the exit: its code and how long after the signal it came (ms). */
export async function terminate(p: RsureProcess): Promise<{ code: number | null; ms: number }> {
  const sent = Date.now()
  p.child.kill('SIGTERM')
  const code = await p.exit
  return { code, ms: Date.now() - sent }
}

/** Kills (SIGKILL) every child still running. */
export function killAll(children: ChildProcess[]): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
}

export interface RsureProcesses {
  /** The test file's temp folder (removed after it). */
  dir: string
  children: ChildProcess[]
  /** `rsure ARGS` with `defaultEnv` and then `env` over the environment. */
  start(args: string[], env?: Record<string, string>): RsureProcess
}

/** A temp folder and the processes one test file starts: after the file, the folder is removed and any process still running killed. */
export function useRsureProcesses(prefix: string, defaultEnv: (dir: string) => Record<string, string> = () => ({})): RsureProcesses {
  const t = tempDir(prefix)
  const children: ChildProcess[] = []
  afterAll(() => {
    killAll(children)
    t.cleanup()
  })
  return { dir: t.dir, children, start: (args, env = {}) => spawnRsure(args, { ...defaultEnv(t.dir), ...env }, children) }
}

/** Waits until `done()` holds or `limitMs` passes, polling every `stepMs`. */
export async function waitUntil(done: () => boolean, limitMs: number, stepMs = 100): Promise<void> {
  const t0 = Date.now()
  while (!done() && Date.now() - t0 < limitMs) await new Promise((r) => setTimeout(r, stepMs))
}

/** A 30000 x 30000 sparse tiled file: 7 KB on disk, 900 million pixels to read (tens of seconds). */
export function writeLongTiff(file: string): void {
  const n = Math.ceil(30000 / 1024) ** 2
  fs.writeFileSync(
    file,
    buildTiff({ width: 30000, height: 30000, tile: [1024, 1024], chunks: Array.from({ length: n }, () => new Uint8Array(0)), sparse: true }).bytes,
  )
}

/** One contract request over the WebSocket; its result, or after `timeoutMs` (when given) a failure naming the channel. */
export function wsRequest(ws: WebSocket, id: number, channel: string, payload: unknown, timeoutMs?: number): Promise<any> {
  return new Promise((resolve) => {
    const timer =
      timeoutMs === undefined
        ? null
        : setTimeout(() => {
            ws.off('message', onMessage)
            resolve({ ok: false, error: { message: `no answer to ${channel} within ${timeoutMs} ms` } })
          }, timeoutMs)
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      const buf = data as Buffer
      const frame = decodeFrame(isBinary ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf.toString()) as any
      if (frame.type === 'response' && frame.id === id) {
        if (timer) clearTimeout(timer)
        ws.off('message', onMessage)
        resolve(frame.result)
      }
    }
    ws.on('message', onMessage)
    ws.send(encodeFrame({ type: 'request', id, channel, payload }))
  })
}

export interface RunningServe {
  serve: RsureProcess
  ws: WebSocket
}

/**
 * `rsure serve --port 0 --json` over a stub renderer in `dir`/web with its data in `dir`/`dataName`, started with
 * `start` (so its owner kills it), and a WebSocket connected with the launch token. Socket errors after the open
 * (the server killed under it) are ignored.
 */
export async function startServe(
  start: (args: string[], env?: Record<string, string>) => RsureProcess,
  dir: string,
  opts: { env?: Record<string, string>; dataName?: string; startLimitMs?: number } = {},
): Promise<RunningServe> {
  const web = path.join(dir, 'web')
  fs.mkdirSync(web, { recursive: true })
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>')
  const serve = start(['serve', '--port', '0', '--json', '--renderer', web, '--data-dir', path.join(dir, opts.dataName ?? 'serve-data')], opts.env)
  await waitUntil(() => serve.out().includes('}'), opts.startLimitMs ?? 120_000)
  const { url, origin, port } = JSON.parse(serve.out()) as { url: string; origin: string; port: number }
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, [WIRE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${url.split('#token=')[1]}`], { origin })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  ws.on('error', () => undefined)
  return { serve, ws }
}
