/**
 * The hostile corpus (scripts/hostile-corpus.ts, written at test time): every file goes through `rsure info`, a
 * preview, an exec DAG (band 1: count and mean) and `rsure ask`, in child processes that the test kills when one
 * file takes longer than its limit. Each run must end with one clear sentence or with a result that matches the
 * corpus's hand count; no run may hang, crash, print internal JavaScript text, or return a number for a file that
 * cannot be read; the children's peak memory stays under the budget they run with.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeCorpus, type CorpusEntry } from '../../scripts/hostile-corpus'
import { tempDir } from '../helpers/tmp'
import type { FileReport, RunOutcome } from './hostile-runner'

const ROOT = path.resolve(__dirname, '..', '..')
/** A file's four runs must end within this (the parent kills the child otherwise). */
const FILE_LIMIT_MS = 45_000
/** Memory budget of each child: V8 heap limit and RSURE_MAX_MEMORY_MB; peak RSS must stay under it. */
const MEMORY_MB = 1024
const CHILDREN = 2

const t = tempDir('rsure-hostile-')
let corpus: CorpusEntry[] = []
const reports = new Map<string, FileReport>()
const hung: string[] = []
const crashed: string[] = []

/** Run the runner over `files`; on a hang or crash, note the file and go on with the rest in a new child. */
async function runChild(files: string[], k: number): Promise<void> {
  let rest = files
  while (rest.length) {
    const work = path.join(t.dir, `work-${k}-${rest.length}`)
    fs.mkdirSync(work, { recursive: true })
    const child = spawn(process.execPath, [`--max-old-space-size=${MEMORY_MB}`, '--import', 'tsx', path.join(__dirname, 'hostile-runner.ts'), work, ...rest], {
      cwd: ROOT,
      env: { ...process.env, RSURE_DATA_DIR: path.join(work, 'data'), RSURE_RASTER_WORKERS: '1', RSURE_MAX_MEMORY_MB: String(MEMORY_MB / 2) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let current: string | null = null
    let timer: NodeJS.Timeout | null = null
    let buf = ''
    const done = new Set<string>()
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    child.stdout.on('data', (d) => {
      buf += d
      let i
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i)
        buf = buf.slice(i + 1)
        if (line === 'READY') continue
        if (line.startsWith('START ')) {
          current = line.slice(6)
          if (timer) clearTimeout(timer)
          timer = setTimeout(() => {
            hung.push(current!)
            child.kill('SIGKILL')
          }, FILE_LIMIT_MS)
        } else if (line.startsWith('REPORT ')) {
          const r = JSON.parse(line.slice(7)) as FileReport
          reports.set(r.file, r)
          done.add(r.file)
          current = null
          if (timer) clearTimeout(timer)
        }
      }
    })
    const code = await exit
    if (timer) clearTimeout(timer)
    if (current && !hung.includes(current)) crashed.push(`${current} (exit ${code})`)
    rest = rest.filter((f) => !done.has(f) && f !== current)
  }
}

beforeAll(async () => {
  corpus = writeCorpus(path.join(t.dir, 'corpus'))
  const files = corpus.map((c) => c.file)
  const groups = Array.from({ length: CHILDREN }, (_, k) => files.filter((_, i) => i % CHILDREN === k))
  await Promise.all(groups.map((g, k) => runChild(g, k)))
}, 600_000)
afterAll(() => t.cleanup())

/** Internal text that must never reach the analyst. */
const INTERNAL = /Cannot read properties|is not a function|is not defined|undefined|out of range|ERR_[A-Z_]+|TypeError|RangeError|SyntaxError|ENOENT|EISDIR|ENXIO|errno|\n\s+at /

/** Why a message is not one clear sentence of the app's own (null when it is). */
function unclear(message: string): string | null {
  const m = message.trim()
  if (!m) return 'empty message'
  if (m.split('\n').length !== 1) return 'more than one line'
  if (!/[.!?)]$/.test(m)) return 'not a finished sentence'
  if (INTERNAL.test(m)) return `internal text: ${m}`
  if (m.includes(t.dir) && m.includes(`${path.sep}data${path.sep}`)) return 'the data folder path'
  if (m.length > 500) return 'too long'
  return null
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b))

/** The problems of one file's report against its expectation. */
function judge(entry: CorpusEntry, r: FileReport): string[] {
  const bad: string[] = []
  const e = entry.expect
  const clearly = (what: string, o: RunOutcome) => {
    const why = unclear(o.message)
    if (why) bad.push(`${what}: ${why}`)
  }
  if (r.info.code !== 0) clearly('info', r.info)
  if (r.preview.code !== 0) clearly('preview', r.preview)
  if (e.kind === 'refuse' && r.preview.code === 0 && /\.(png|jpe?g)$/.test(entry.name)) bad.push('preview: a damaged picture was drawn')

  const ex = r.exec.json as { status?: string; observation?: { count?: number; mean?: number } } | null
  if (e.kind === 'value' || e.kind === 'value-or-refuse') {
    if (ex?.status === 'ok') {
      if (ex.observation?.count !== e.count || !close(ex.observation?.mean ?? NaN, e.mean)) {
        bad.push(`exec: ok with count ${ex.observation?.count} mean ${ex.observation?.mean}, hand count ${e.count} mean ${e.mean}`)
      }
    } else if (e.kind === 'value') bad.push(`exec: expected a value, got ${r.exec.message || ex?.status}`)
    else clearly('exec', r.exec)
  } else {
    if (ex?.status === 'ok' || r.exec.code === 0) bad.push(`exec: returned ${JSON.stringify(ex?.observation)} for a file that cannot be read`)
    clearly('exec', r.exec)
  }

  // ask: never a crash, and never a number from this file other than the hand count.
  if (r.ask.code !== 0) clearly('ask', r.ask)
  const traj = ((r.ask.json as { trajectory?: { kind: string; payload: any }[] } | null)?.trajectory ?? []).filter((s) => s.kind === 'tool_result')
  for (const s of traj) {
    const res = s.payload?.result
    if (res?.status !== 'ok') {
      const why = unclear(String(res?.reason ?? ''))
      if (why) bad.push(`ask tool result: ${why}`)
      continue
    }
    const v = res.observation?.value
    if (typeof v !== 'number') continue
    if (e.kind === 'refuse') bad.push(`ask: computed ${v} from a file that cannot be read`)
    else if (!close(v, e.mean)) bad.push(`ask: computed ${v}, hand count ${e.mean}`)
  }
  if (r.maxRss > MEMORY_MB * 2 ** 20) bad.push(`peak memory ${Math.round(r.maxRss / 2 ** 20)} MiB over ${MEMORY_MB} MiB`)
  return bad
}

describe('the hostile corpus', () => {
  it('has at least 60 files covering every kind of hostility', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60)
    for (const name of ['ifd-self-loop.tif', 'size-1e6-sparse-tiled.tif', 'strip-half-length.tif', 'planar-2-one-plane.tif', 'spp-65535.tif', 'f64-near-max.tif', 'fifo.tif', 'png-absurd-size.png']) {
      expect(corpus.map((c) => c.name)).toContain(name)
    }
  })

  it('0 hangs and 0 crashes: every file ends within its time limit', () => {
    expect(hung).toEqual([])
    expect(crashed).toEqual([])
    expect(reports.size).toBe(corpus.length)
  })

  it('0 silent wrong results: each run ends with one clear sentence or the hand-counted value', () => {
    const problems: string[] = []
    for (const c of corpus) {
      const r = reports.get(c.file)
      if (!r) continue
      for (const p of judge(c, r)) problems.push(`${c.name} (${c.why}): ${p}`)
    }
    expect(problems).toEqual([])
  })

  it('readable files give their hand-counted statistics, refused ones give no number', () => {
    const values = corpus.filter((c) => c.expect.kind === 'value')
    expect(values.length).toBeGreaterThanOrEqual(10)
    for (const c of values) expect((reports.get(c.file)?.exec.json as { status?: string })?.status, c.name).toBe('ok')
    const refused = corpus.filter((c) => c.expect.kind === 'refuse')
    expect(refused.length).toBeGreaterThanOrEqual(50)
  })

  it('peak memory of every child stays under the budget', () => {
    const peak = Math.max(...[...reports.values()].map((r) => r.maxRss))
    const slowest = Math.max(...[...reports.values()].map((r) => r.ms))
    console.info(`hostile corpus: ${reports.size} files, slowest file ${slowest} ms (limit ${FILE_LIMIT_MS}), peak RSS ${Math.round(peak / 2 ** 20)} MiB (budget ${MEMORY_MB})`)
    expect(peak).toBeLessThan(MEMORY_MB * 2 ** 20)
  })
})
