/**
 * The machinery of the hostile corpus 2 tests (the CI-sized one in npm test, hostile-corpus-2-ci.test.ts, and the
 * full-size opt-in one, hostile-corpus-2.test.ts): which jobs each case gets, runner children (hostile2-runner.ts)
 * that run them in-process and are killed and replaced when a job passes its time or memory limit, and a pass of
 * every file through a running `rsure serve` (upload, preview, tile) with its resident memory afterwards.
 *
 * In-process runners time each file's own work: a child per run would time node + tsx + the agent starting, which
 * takes 3-17 s on a loaded two-core machine and made most "hangs" of the first measurement.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import WebSocket from 'ws'
import { decodeFrame, encodeFrame, TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../preload/wire'
import type { Hostile2Case } from '../../scripts/hostile-corpus-2'
import { ASK_CHANGE, ASK_NAME, ASK_NDVI, ASK_WATER, type Run, type Surface } from './hostile2-judge'
import type { Job, JobReport } from './hostile2-runner'

const ROOT = path.resolve(__dirname, '..', '..')
/** One job's limit once its runner is warm (a hang is a job past it). */
export const JOB_LIMIT_MS = 20_000
/** The first jobs of a runner load the CLI, the agent and the workers: a loaded machine takes long for that. */
const WARM_LIMIT_MS = 180_000
/** Resident memory a runner may reach (the whole process: main thread, raster and preview workers). */
export const MAX_RSS_MB = 1536
/** The decode budget the runs get: one read at most 2^26 pixels (a Landsat scene is 6.5e7), 512 MiB at once. */
export const BUDGET_ENV = { RSURE_MAX_PIXELS: String(2 ** 26), RSURE_MAX_MEMORY_MB: '512', RSURE_RASTER_WORKERS: '1' }

export interface Planned {
  job: Job
  c: Hostile2Case
  surface: Surface
  shownName: string
}

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : 0
  } catch {
    return 0
  }
}

/** The jobs of one case, as the opt-in test plans them (ask folders hold the file under a dated NDVI name). */
export function plan(c: Hostile2Case, tmpDir: string): Planned[] {
  const out: Planned[] = []
  const work = path.join(tmpDir, 'work', c.name)
  fs.mkdirSync(work, { recursive: true })
  const add = (surface: Surface, args: string[], shownName = c.name, preview = false) => out.push({ job: { key: `${c.name}|${surface}`, args, preview }, c, surface, shownName })
  if (c.kind === 'mtl-folder') {
    const mtl = path.join(c.path, fs.readdirSync(c.path).find((f) => f.endsWith('_MTL.txt')) as string)
    add('info', ['info', mtl, '--json'], path.basename(mtl))
    // The refusal names the MTL file (the folder's name is the test's, not the scene's).
    add('ask', ['ask', '--json', '--files', c.path, ASK_WATER], path.basename(mtl))
    return out
  }
  add('info', ['info', c.path, '--json'])
  add('preview', [c.path], c.name, true)
  const dag = path.join(work, 'dag.json')
  fs.writeFileSync(dag, JSON.stringify({ nodes: [{ id: 'read', op: 'raster.read', params: { path: c.path } }], output: 'read' }))
  add('exec', ['exec', '--dag', dag, '--json'])
  if (c.kind === 'picture') {
    add('ask', ['ask', '--json', '--image', c.path, '--image', c.path, ASK_CHANGE])
  } else {
    const folder = path.join(work, 'ask')
    fs.mkdirSync(folder)
    const dest = path.join(folder, ASK_NAME)
    const lst = fs.lstatSync(c.path)
    if (lst.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(c.path), dest)
    else fs.linkSync(c.path, dest)
    add('ask', ['ask', '--json', '--files', folder, ASK_NDVI], ASK_NAME)
  }
  if (c.kind === 'picture' || ['decompression bomb', 'tiny tiles', 'jpeg in tiff'].includes(c.family)) {
    add('perceive', ['perceive', '--mode', 'regions', '--image', c.path, '--backend', 'classical', '--target', 'water=water', '--json'])
  }
  return out
}

/** Warm-up jobs: every surface on the corpus's small valid GeoTIFF and PNG (their reports are not judged). */
export function warmupJobs(cases: Hostile2Case[], tmpDir: string): Planned[] {
  const picks = ['predictor-2-uint16-valid.tif', 'png-interlaced-grey-256x192.png'].map((n) => cases.find((c) => c.name === n)).filter((c): c is Hostile2Case => !!c)
  return picks.flatMap((c) => plan({ ...c, name: `warm-up-${c.name}` }, tmpDir)).map((p) => ({ ...p, job: { ...p.job, key: `warm-up|${p.job.key}` } }))
}

/**
 * Run `jobs` through runner children; a job past its limit is a hang and the rest go on in a new child. Each child
 * first runs `warmups` (every surface on a small valid file, their reports dropped) under the start-up limit, so the
 * job limit measures a file's own work, not the first load of the agent or the workers.
 */
export async function runJobs(jobs: Planned[], k: number, reports: Map<string, Run>, tmpDir: string, children: ChildProcess[], warmups: Planned[] = []): Promise<void> {
  let rest = jobs
  const warmKeys = new Set(warmups.map((w) => w.job.key))
  while (rest.length) {
    const file = path.join(tmpDir, `jobs-${k}-${rest.length}.json`)
    fs.writeFileSync(file, JSON.stringify([...warmups, ...rest].map((p) => p.job)))
    let warm = false
    let started = 0
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'hostile2-runner.ts'), file], {
      cwd: ROOT,
      env: { ...process.env, ...BUDGET_ENV, RSURE_DATA_DIR: path.join(tmpDir, `data-${k}`) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let current: { key: string; started: number; peak: number } | null = null
    let killedFor: Run['killedFor'] = null
    let buf = ''
    let stderr = ''
    const done = new Set<string>()
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 1 << 16) stderr += d.toString()
    })
    const watch = setInterval(() => {
      if (!current || !child.pid) return
      const mb = rssMb(child.pid)
      current.peak = Math.max(current.peak, mb)
      if (mb > MAX_RSS_MB) killedFor = 'memory'
      else if (Date.now() - current.started > (warm ? JOB_LIMIT_MS : WARM_LIMIT_MS)) killedFor = 'time'
      if (killedFor) child.kill('SIGKILL')
    }, 100)
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString()
      let i
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i)
        buf = buf.slice(i + 1)
        if (line.startsWith('START ')) {
          const key = line.slice(6)
          // Warm-up jobs (or, without any, a child's first job) get the start-up limit; every other job its own.
          warm = warmKeys.size ? !warmKeys.has(key) : started > 0
          started++
          current = { key, started: Date.now(), peak: 0 }
        } else if (line.startsWith('REPORT ')) {
          const r = JSON.parse(line.slice(7)) as JobReport
          const peak = current?.peak ?? r.rssMb
          current = null
          if (warmKeys.has(r.key)) continue
          reports.set(r.key, { code: r.code, signal: null, stdout: r.stdout, stderr: r.stderr, killedFor: null, ms: r.ms, peakRssMb: Math.round(peak) })
          done.add(r.key)
        }
      }
    })
    const { code, signal } = await exit
    clearInterval(watch)
    if (current) {
      const c = current as { key: string; started: number; peak: number }
      if (warmKeys.has(c.key)) throw new Error(`the warm-up job ${c.key} failed (${killedFor ?? `exit ${code}`}): ${stderr.slice(-500)}`)
      reports.set(c.key, { code, signal, stdout: '', stderr, killedFor, ms: Date.now() - c.started, peakRssMb: Math.round(c.peak) })
      done.add(c.key)
    }
    rest = rest.filter((p) => !done.has(p.job.key))
  }
}


export function request(ws: WebSocket, id: number, channel: string, payload: unknown, timeoutMs = 60_000): Promise<any> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.off('message', onMessage)
      resolve({ ok: false, error: { message: `no answer to ${channel} within ${timeoutMs} ms` } })
    }, timeoutMs)
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      const b = data as Buffer
      const frame = decodeFrame(isBinary ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : b.toString()) as any
      if (frame.type === 'response' && frame.id === id) {
        clearTimeout(timer)
        ws.off('message', onMessage)
        resolve(frame.result)
      }
    }
    ws.on('message', onMessage)
    ws.send(encodeFrame({ type: 'request', id, channel, payload }))
  })
}

/** Every file through a running `rsure serve`: files.add, image.preview, a pixel tile; its RSS after the pass. */
export async function serveCorpus(cases: Hostile2Case[], tmpDir: string, children: ChildProcess[]): Promise<{ problems: string[]; rss: number; answered: boolean; alive: boolean; files: number }> {
    const web = path.join(tmpDir, 'web')
    fs.mkdirSync(web, { recursive: true })
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>')
    let out = ''
    const serve = spawn(process.execPath, [path.join(ROOT, 'bin', 'rsure.mjs'), 'serve', '--port', '0', '--json', '--renderer', web, '--data-dir', path.join(tmpDir, 'serve-data')], {
      cwd: ROOT,
      // Workers idle for a second are retired (default a minute), so the memory big files left in them goes back.
      env: { ...process.env, ...BUDGET_ENV, RSURE_WORKER_IDLE_MS: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(serve)
    serve.stdout!.on('data', (d) => (out += d))
    const exited = new Promise<number | null>((resolve) => serve.on('exit', (code) => resolve(code)))
    const t0 = Date.now()
    while (!out.includes('}') && Date.now() - t0 < 180_000) await new Promise((r) => setTimeout(r, 100))
    const { url, origin, port } = JSON.parse(out) as { url: string; origin: string; port: number }
    const token = url.split('#token=')[1]
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, [WIRE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`], { origin })
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    let id = 1
    const problems: string[] = []
    const files = cases.filter((c) => c.kind !== 'mtl-folder')
    for (const c of files) {
      const added = await request(ws, id++, 'files.add', { paths: [c.path] })
      if (!added.ok) {
        problems.push(`${c.name}: files.add failed: ${JSON.stringify(added.error)}`)
        continue
      }
      const entry = added.value.added[0] as { id: string; name: string; error?: string; info?: { width: number; height: number } } | undefined
      if (!entry) continue
      if (entry.error) {
        if (c.accept === 'values') problems.push(`${c.name}: upload refused a valid file: ${entry.error}`)
        else if (!entry.error.includes(c.name)) problems.push(`${c.name}: upload refusal does not name the file: ${entry.error}`)
        continue
      }
      const preview = await request(ws, id++, 'image.preview', { id: entry.id, maxSize: 128 })
      if (!preview.ok && !String(preview.error?.message ?? '').includes(c.name) && c.accept !== 'values') problems.push(`${c.name}: preview refusal does not name the file: ${preview.error?.message}`)
      if (!preview.ok && c.accept === 'values' && c.kind !== 'picture') problems.push(`${c.name}: preview refused a valid file: ${preview.error?.message}`)
      if (c.kind !== 'picture') {
        const w = Math.min(entry.info?.width ?? 256, 256)
        const h = Math.min(entry.info?.height ?? 256, 256)
        const tile = await request(ws, id++, 'layers.tile', { layer: { fileId: entry.id }, tile: { kind: 'pixel', x: 0, y: 0, width: w, height: h, outWidth: 64, outHeight: 64 } })
        if (!tile.ok && c.accept === 'values') problems.push(`${c.name}: tile refused a valid file: ${tile.error?.message}`)
      }
      if (serve.exitCode !== null) {
        problems.push(`${c.name}: rsure serve exited (${serve.exitCode})`)
        break
      }
    }
    const hello = await request(ws, id++, 'app.hello', {})
    const alive = serve.exitCode === null
    // Idle workers are retired after 1 s; give them 3 s, and the heap a moment to be returned.
    await new Promise((r) => setTimeout(r, 3000))
    const rss = rssMb(serve.pid as number)
    console.log(`rsure serve after ${files.length} uploads: ${Math.round(rss)} MB resident`)
    ws.close()
    serve.kill('SIGTERM')
    await exited
    return { problems, rss, answered: hello.ok === true, alive, files: files.length }
}
