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
import { afterAll, beforeAll } from 'vitest'
import { writeHostileCorpus2, type Hostile2Case } from '../../scripts/hostile-corpus-2'
import { spawnRsure, startServe, wsRequest } from '../helpers/rsure-process'
import { shared, tempDir } from '../helpers/tmp'
import { ASK_CHANGE, ASK_NAME, ASK_NDVI, ASK_WATER, judge, type Run, type Surface } from './hostile2-judge'
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

/** The families every corpus size writes. */
export const FAMILIES = ['decompression bomb', 'picture bomb', 'interlaced png', 'tiny tiles', 'jpeg in tiff', 'predictor', 'bigtiff', 'nodata string', 'metadata', 'mtl', 'geotransform', 'webp/lerc/zstd in tiff', 'symlink']

export interface Corpus2 {
  readonly dir: string
  /** The cases written (filled before the tests run). */
  readonly cases: Hostile2Case[]
  /** Runner and server children: any still running are killed after the file. */
  readonly children: ChildProcess[]
}

/** One test file's corpus: written into a temp folder before all its tests (at `scale`), removed after, with its children killed. */
export function useCorpus2(prefix: string, scale: 'ci' | undefined, writeTimeoutMs: number): Corpus2 {
  const tmp = tempDir(prefix)
  const corpus = { dir: tmp.dir, cases: [] as Hostile2Case[], children: [] as ChildProcess[] }
  beforeAll(async () => {
    const landsatDir = shared('fixtures', 'landsat8_L1TP_016037_20170813')
    corpus.cases.push(...(await writeHostileCorpus2(path.join(tmp.dir, 'corpus'), scale ? { landsatDir, scale } : { landsatDir })))
  }, writeTimeoutMs)
  afterAll(() => {
    for (const c of corpus.children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    tmp.cleanup()
  })
  return corpus
}

export interface Judged extends Planned {
  report: Run | undefined
  /** What is wrong with the run (null: nothing). */
  problem: string | null
}

/** Every case on every surface, over `runners` lanes of runner children (each warmed up first), each run judged. */
export async function runAndJudge(corpus: Corpus2, runners: number): Promise<Judged[]> {
  const planned = corpus.cases.flatMap((c) => plan(c, corpus.dir))
  const reports = new Map<string, Run>()
  const lanes = Array.from({ length: runners }, (_, k) => planned.filter((_, i) => i % runners === k))
  const warm = warmupJobs(corpus.cases, corpus.dir)
  await Promise.all(lanes.map((l, k) => runJobs(l, k, reports, corpus.dir, corpus.children, warm)))
  return planned.map((p) => {
    const report = reports.get(p.job.key)
    return { ...p, report, problem: report ? judge(p.c, p.surface, report, p.shownName, MAX_RSS_MB) : 'no report' }
  })
}

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


/** Every file through a running `rsure serve`: files.add, image.preview, a pixel tile; its RSS after the pass. */
export async function serveCorpus(cases: Hostile2Case[], tmpDir: string, children: ChildProcess[]): Promise<{ problems: string[]; rss: number; answered: boolean; alive: boolean; files: number }> {
    // Workers idle for a second are retired (default a minute), so the memory big files left in them goes back.
    const env = { ...BUDGET_ENV, RSURE_WORKER_IDLE_MS: '1000' }
    const { serve: proc, ws } = await startServe((args) => spawnRsure(args, env, children), tmpDir, { startLimitMs: 180_000 })
    const serve = proc.child
    const request = (w: typeof ws, id: number, channel: string, payload: unknown) => wsRequest(w, id, channel, payload, 60_000)
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
    await proc.exit
    return { problems, rss, answered: hello.ok === true, alive, files: files.length }
}
