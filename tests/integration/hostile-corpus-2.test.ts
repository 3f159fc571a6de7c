/**
 * The second hostile corpus (issue 20; files from scripts/hostile-corpus-2.ts, written at test time) through `info`,
 * `exec` (a one-node raster.read DAG) and `ask`, each in a child process with a time limit (HOSTILE2_TIMEOUT_MS,
 * 10 s) and a resident-memory limit (HOSTILE2_MAX_RSS_MB, 3072). A surface passes when the process neither crashes
 * (a signal, exit 133/134/139, a fatal V8 message), hangs nor grows past the memory limit, and answers what the case
 * accepts: for valid files the right values (known by construction or decoded by GDAL), for hostile ones one
 * sentence naming the file and the reason.
 *
 * Cases that fail today are listed, with what was observed, in hostile-corpus-2.expected-failures.json so that the
 * test passes now and the list can shrink; a listed case that passes is reported so its entry can be removed.
 * `HOSTILE2_WRITE_EXPECTED=1` rewrites the list from this run.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeHostileCorpus2, type Accept, type BandStats, type Hostile2Case } from '../../scripts/hostile-corpus-2'
import { shared, tempDir } from '../helpers/tmp'

const ROOT = path.resolve(__dirname, '..', '..')
const EXPECTED_FILE = path.join(__dirname, 'hostile-corpus-2.expected-failures.json')
/** The time limit per surface: 10 s of work on top of what the same surface takes on a small valid file, measured
 * once at the start (a loaded machine starts node + tsx and the agent slowly; that is not the file's doing). */
const WORK_MS = Number(process.env.HOSTILE2_TIMEOUT_MS ?? 10_000)
const LIMIT_MS: Record<Surface, number> = { info: WORK_MS, exec: WORK_MS, ask: WORK_MS }
const MAX_RSS_MB = Number(process.env.HOSTILE2_MAX_RSS_MB ?? 3072)
const ASK_NAME = 'H_2019-07-28_NDVI.tif'

type Surface = 'info' | 'exec' | 'ask'

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  killedFor: 'time' | 'memory' | null
  ms: number
  peakRssMb: number
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : 0
  } catch {
    return 0
  }
}

/** `rsure ARGS` in a child process, killed past the time or memory limit. */
function rsure(args: string[], dataDir: string, cwd: string, limitMs: number): Promise<Run> {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'rsure.mjs'), ...args], { cwd, env: { ...process.env, RSURE_DATA_DIR: dataDir } })
    let stdout = ''
    let stderr = ''
    let killedFor: Run['killedFor'] = null
    let peak = 0
    child.stdout.on('data', (b: Buffer) => {
      if (stdout.length < 32 * 1024 * 1024) stdout += b.toString('utf8')
    })
    child.stderr.on('data', (b: Buffer) => {
      if (stderr.length < 1024 * 1024) stderr += b.toString('utf8')
    })
    const timer = setTimeout(() => {
      killedFor = 'time'
      child.kill('SIGKILL')
    }, limitMs)
    const watch = setInterval(() => {
      if (!child.pid) return
      const mb = rssMb(child.pid)
      peak = Math.max(peak, mb)
      if (mb > MAX_RSS_MB) {
        killedFor = 'memory'
        child.kill('SIGKILL')
      }
    }, 100)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      clearInterval(watch)
      resolve({ code, signal, stdout, stderr, killedFor, ms: Date.now() - started, peakRssMb: Math.round(peak) })
    })
  })
}

/** One clear sentence naming the file: not empty, no stack trace, at most three lines, the file's name in it. */
function sentenceProblem(text: string, name: string): string | null {
  const t = text.trim()
  if (!t) return 'no message'
  if (/\n\s+at /.test(t)) return `a stack trace: ${short(t)}`
  if (t.split('\n').length > 3) return `more than three lines: ${short(t)}`
  if (!t.includes(name)) return `does not name the file: ${short(t)}`
  return null
}

function short(t: string): string {
  return t.replace(/\s+/g, ' ').trim().slice(0, 240)
}

function crashOf(r: Run): string | null {
  if (r.killedFor === 'time') return `hang: killed after ${r.ms} ms`
  if (r.killedFor === 'memory') return `memory: killed above ${MAX_RSS_MB} MB resident`
  if (r.signal) return `crash: signal ${r.signal}`
  if (r.code === 133 || r.code === 134 || r.code === 139) return `crash: exit ${r.code}: ${short(r.stderr)}`
  if (/FATAL ERROR|Fatal JavaScript|Segmentation fault|heap out of memory|Cannot create a string longer/i.test(r.stderr)) return `crash: ${short(r.stderr)}`
  return null
}

function statsMatch(obs: Record<string, unknown>, s: BandStats, scale = 1): boolean {
  const mean = Number(obs.mean ?? obs.value)
  if (!Number.isFinite(mean)) return false
  const tol = s.meanTol !== undefined ? s.meanTol * scale : Math.max(1e-9 * Math.abs(s.mean * scale), 1e-12)
  if (Math.abs(mean - s.mean * scale) > tol) return false
  if (s.meanTol !== undefined) return true
  if (obs.min !== undefined && Math.abs(Number(obs.min) - s.min * scale) > 1e-9 * Math.max(1, Math.abs(s.min * scale))) return false
  if (obs.max !== undefined && Math.abs(Number(obs.max) - s.max * scale) > 1e-9 * Math.max(1, Math.abs(s.max * scale))) return false
  if (obs.valid !== undefined && Number(obs.valid) !== s.valid) return false
  return true
}

/** What each surface may answer: a header that is read but not decoded may be described by `info`. */
function acceptFor(c: Hostile2Case, surface: Surface): Accept {
  if (surface === 'info' && c.accept === 'refusal' && (c.family === 'predictor' || c.family === 'picture bomb')) return 'values-or-refusal'
  return c.accept
}

/** Judges one run: null when it passed, else what went wrong. */
function judge(c: Hostile2Case, surface: Surface, r: Run, shownName: string): string | null {
  const crash = crashOf(r)
  if (crash) return crash
  const accept = acceptFor(c, surface)
  let doc: Record<string, unknown> | null = null
  try {
    doc = JSON.parse(r.stdout) as Record<string, unknown>
  } catch {
    doc = null
  }
  if (surface === 'info') {
    if (r.code === 0 && doc) {
      if (accept === 'refusal') return `described a file it should refuse: ${short(r.stdout)}`
      const w = Number(doc.width ?? (doc.size as { width?: number } | undefined)?.width)
      const h = Number(doc.height ?? (doc.size as { height?: number } | undefined)?.height)
      if (c.width !== undefined && (w !== c.width || h !== c.height)) return `wrong size ${w} x ${h}, expected ${c.width} x ${c.height}`
      if (c.nodata !== undefined) {
        const nd = doc.nodata
        const ok = c.nodata === null ? nd === null || nd === undefined || nd === 'NaN' : Number(nd) === c.nodata
        if (!ok) return `wrong nodata ${JSON.stringify(nd)}, expected ${c.nodata}`
      }
      return null
    }
    if (accept === 'values') return `refused a valid file: ${short(r.stderr || r.stdout)}`
    return sentenceProblem(r.stderr, shownName)
  }
  if (surface === 'exec') {
    if (!doc) return `no ToolResult (exit ${r.code}): ${short(r.stderr)}`
    const status = String(doc.status)
    if (status === 'ok') {
      if (accept === 'refusal') return `ok on a file it should refuse: ${short(JSON.stringify(doc.observation))}`
      const obs = (doc.observation ?? {}) as Record<string, unknown>
      if (!c.stats) return null
      if ([c.stats, ...(c.altStats ?? [])].some((s) => statsMatch(obs, s))) return null
      return `wrong values: mean ${obs.mean} min ${obs.min} max ${obs.max} valid ${obs.valid}, expected mean ${c.stats.mean} min ${c.stats.min} max ${c.stats.max} valid ${c.stats.valid}`
    }
    if (accept === 'values') return `refused a valid file: ${short(String(doc.reason ?? r.stderr))}`
    return sentenceProblem(String(doc.reason ?? r.stderr), shownName)
  }
  // ask
  if (!doc) return `no answer document (exit ${r.code}): ${short(r.stderr)}`
  const trajectory = (doc.trajectory as { kind: string; payload: Record<string, unknown> }[]) ?? []
  const answer = [...trajectory].reverse().find((s) => s.kind === 'answer')?.payload ?? {}
  const value = typeof answer.value === 'number' && Number.isFinite(answer.value) ? answer.value : null
  const words = `${doc.answer ?? ''} ${doc.explanation ?? ''}`
  if (value !== null) {
    if (c.kind === 'mtl-folder') return c.waterShare !== undefined && Math.abs(value - c.waterShare) <= 0.05 ? null : `silent wrong water share ${value} % (clean scene ${c.waterShare} %)`
    if (c.kind === 'picture') return Math.abs(value) <= 1e-9 ? null : `change between an image and itself reported as ${value}`
    if (accept === 'refusal') return `answered ${value} for a file it should refuse`
    if (!c.stats) return null
    // The NDVI role may be read raw or scaled by 1e-4 (the Earth-Bench convention): either is the file's value.
    if ([c.stats, ...(c.altStats ?? [])].some((s) => statsMatch({ mean: value }, s, 1) || statsMatch({ mean: value }, s, 1e-4))) return null
    return `wrong value ${value}, expected ${c.stats.mean} (or x 1e-4)`
  }
  if (accept === 'values' && c.kind !== 'picture') return `no value for a valid file: ${short(words)}`
  return sentenceProblem(String(doc.explanation ?? ''), shownName)
}

const tmp = tempDir('rsure-hostile2-')
let cases: Hostile2Case[] = []
const failures: Record<string, string> = {}
const passed: string[] = []

beforeAll(async () => {
  cases = await writeHostileCorpus2(path.join(tmp.dir, 'corpus'), { landsatDir: shared('fixtures', 'landsat8_L1TP_016037_20170813') })
  const valid = (cases.find((c) => c.name === 'predictor-2-uint16-valid.tif') as Hostile2Case).path
  const folder = path.join(tmp.dir, 'baseline')
  fs.mkdirSync(folder)
  fs.copyFileSync(valid, path.join(folder, ASK_NAME))
  fs.writeFileSync(path.join(folder, 'dag.json'), JSON.stringify({ nodes: [{ id: 'read', op: 'raster.read', params: { path: valid } }], output: 'read' }))
  const data = path.join(tmp.dir, 'data')
  const base: Record<Surface, string[]> = {
    info: ['info', valid, '--json'],
    exec: ['exec', '--dag', path.join(folder, 'dag.json'), '--json'],
    ask: ['ask', '--json', '--files', folder, 'What was the mean NDVI on 2019-07-28?'],
  }
  for (const s of ['info', 'exec', 'ask'] as Surface[]) {
    const r = await rsure(base[s], data, folder, 120_000)
    LIMIT_MS[s] = WORK_MS + r.ms
  }
  console.log(`limits per run (10 s + the surface on a small valid file): ${JSON.stringify(LIMIT_MS)}`)
}, 600_000)

afterAll(() => tmp.cleanup())

async function mapLimit<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++])
    }),
  )
}

describe('hostile corpus 2', () => {
  it('writes at least 60 files of the issue-20 families', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60)
    for (const f of ['decompression bomb', 'picture bomb', 'interlaced png', 'tiny tiles', 'jpeg in tiff', 'predictor', 'bigtiff', 'nodata string', 'metadata', 'mtl', 'geotransform', 'webp/lerc/zstd in tiff', 'symlink'])
      expect(cases.some((c) => c.family === f), f).toBe(true)
    // The sparse files take no real disk space.
    const sparse = cases.find((c) => c.name === 'bigtiff-be-data-past-4gib-sparse.tif') as Hostile2Case
    const st = fs.statSync(sparse.path)
    expect(st.size).toBeGreaterThan(5 * 1024 ** 3)
    expect(st.blocks * 512).toBeLessThan(64 * 1024 * 1024)
  })

  it('no crash, no hang, and a sentence or the right values on every surface (known failures listed)', async () => {
    const dataDir = path.join(tmp.dir, 'data')
    const askRoot = path.join(tmp.dir, 'ask')
    fs.mkdirSync(askRoot)
    const jobs: { c: Hostile2Case; surface: Surface }[] = cases.flatMap((c) => (['info', 'exec', 'ask'] as Surface[]).filter((s) => !(c.kind === 'mtl-folder' && s === 'exec')).map((surface) => ({ c, surface })))
    const log: string[] = []
    await mapLimit(jobs, 2, async ({ c, surface }) => {
      const key = `${c.name}|${surface}`
      let args: string[]
      let shownName = c.name
      const work = path.join(tmp.dir, 'work', key.replace(/[|]/g, '-'))
      fs.mkdirSync(work, { recursive: true })
      if (surface === 'info') {
        const target = c.kind === 'mtl-folder' ? path.join(c.path, fs.readdirSync(c.path).find((f) => f.endsWith('_MTL.txt')) as string) : c.path
        shownName = path.basename(target)
        args = ['info', target, '--json']
      } else if (surface === 'exec') {
        const dag = { nodes: [{ id: 'read', op: 'raster.read', params: { path: c.path } }], output: 'read' }
        fs.writeFileSync(path.join(work, 'dag.json'), JSON.stringify(dag))
        args = ['exec', '--dag', path.join(work, 'dag.json'), '--json']
      } else if (c.kind === 'mtl-folder') {
        shownName = path.basename(c.path)
        args = ['ask', '--json', '--files', c.path, 'What share of this scene is water?']
      } else if (c.kind === 'picture') {
        args = ['ask', '--json', '--image', c.path, '--image', c.path, 'What share of the area changed between the two images?']
      } else {
        // The file under a name the catalog reads as an NDVI layer of 2019-07-28 (a hard link, or the symlink itself).
        const folder = path.join(askRoot, c.name)
        fs.mkdirSync(folder)
        const dest = path.join(folder, ASK_NAME)
        const lst = fs.lstatSync(c.path)
        if (lst.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(c.path), dest)
        else {
          try {
            fs.linkSync(c.path, dest)
          } catch {
            fs.copyFileSync(c.path, dest)
          }
        }
        shownName = ASK_NAME
        args = ['ask', '--json', '--files', folder, 'What was the mean NDVI on 2019-07-28?']
      }
      const r = await rsure(args, dataDir, work, LIMIT_MS[surface])
      const problem = judge(c, surface, r, shownName)
      log.push(`${problem ? 'FAIL' : 'pass'} ${key} (${r.ms} ms, ${r.peakRssMb} MB)${problem ? `: ${problem}` : ''}`)
      if (problem) failures[key] = problem
      else passed.push(key)
    })
    log.sort()
    console.log(log.join('\n'))

    const expected = JSON.parse(fs.readFileSync(EXPECTED_FILE, 'utf8')) as { note?: string; failures: Record<string, string> }
    const kinds = (pred: (p: string) => boolean) => Object.values(failures).filter(pred).length
    const summary = {
      files: cases.length,
      runs: jobs.length,
      passed: passed.length,
      failed: Object.keys(failures).length,
      crashes: kinds((p) => p.startsWith('crash')),
      hangs: kinds((p) => p.startsWith('hang')),
      memory: kinds((p) => p.startsWith('memory')),
      silentWrong: kinds((p) => /^(wrong|silent wrong|ok on a file|answered|described a file|change between)/.test(p)),
      unclearRefusal: kinds((p) => /^(does not name|no message|a stack trace|more than three|no ToolResult|no answer document)/.test(p)),
      refusedValid: kinds((p) => /^(refused a valid|no value for a valid)/.test(p)),
    }
    console.log(`hostile corpus 2: ${JSON.stringify(summary)}`)
    if (process.env.HOSTILE2_WRITE_EXPECTED === '1') {
      const sorted = Object.fromEntries(Object.entries(failures).sort(([a], [b]) => a.localeCompare(b)))
      fs.writeFileSync(EXPECTED_FILE, `${JSON.stringify({ note: expected.note, measured: new Date().toISOString().slice(0, 10), summary, failures: sorted }, null, 1)}\n`)
    }
    const fixed = Object.keys(expected.failures).filter((k) => passed.includes(k))
    if (fixed.length) console.log(`now passing, remove from ${path.basename(EXPECTED_FILE)}: ${fixed.join(', ')}`)
    const unexpected = Object.entries(failures).filter(([k]) => !(k in expected.failures))
    expect(unexpected.map(([k, p]) => `${k}: ${p}`)).toEqual([])
  }, 3_600_000)
})
