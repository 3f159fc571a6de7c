/**
 * Data faults made as files (issue 16): faulted copies of the shared fixtures, each beside a clean control written
 * the same way, asked about in plain words through `rsure ask`. The files and every expected value come from
 * tests/data-faults/make_faults.py (GDAL + numpy), never from RSure; the questions and what counts as a named
 * refusal are in tests/data-faults/cases.json.
 */
import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..', '..')
export const DATA_FAULTS_DIR = path.join(ROOT, 'tests', 'data-faults')

export interface CaseExpect {
  /** Values accepted as right (a fault the app can correct, or the control's value). */
  right?: number[]
  /** Values accepted as right only when the answer also names the fault (`caveat`). */
  right_with_caveat?: number[]
  caveat?: string
  tolerance_rel?: number
  /** A refusal whose sentence matches this pattern (case-insensitive) names the fault. */
  refusal?: string
  /** Change controls: any numeric answer is right (the change engine has no independent reference value). */
  answered?: boolean
}

export interface DataFaultCase {
  id: string
  family: string
  kind: 'control' | 'fault'
  control?: string
  question: string
  files: string | null
  images: string[]
  expect: CaseExpect
}

export interface DataFaultManifest {
  out: string
  values: Record<string, number>
  cases: DataFaultCase[]
}

/** A Python 3 with GDAL and numpy: RSURE_PYTHON, else Debian's /usr/bin/python3, else python3 on the PATH. */
export function pythonWithGdal(): string {
  const candidates = [process.env.RSURE_PYTHON, '/usr/bin/python3', 'python3'].filter((p): p is string => !!p)
  for (const py of candidates) {
    try {
      execFileSync(py, ['-c', 'from osgeo import gdal; import numpy'], { stdio: 'ignore' })
      return py
    } catch {
      // try the next one
    }
  }
  throw new Error('No python3 with GDAL and numpy was found: install python3-gdal and python3-numpy (Debian), or set RSURE_PYTHON.')
}

/** The python with GDAL, or null with a warning naming the test whose comparison with GDAL is then skipped. */
export function pythonWithGdalOrSkip(test: string): string | null {
  try {
    return pythonWithGdal()
  } catch (err) {
    console.warn(`${test}: the comparison with GDAL is skipped: ${(err as Error).message}`)
    return null
  }
}

/** Writes every faulted folder and its control under `dir` and returns the manifest with the expected values. */
export function buildDataFaults(dir: string): DataFaultManifest {
  const out = execFileSync(
    pythonWithGdal(),
    [path.join(DATA_FAULTS_DIR, 'make_faults.py'), path.join(dir, 'faults'), path.join(DATA_FAULTS_DIR, 'cases.json')],
    {
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    },
  )
  return JSON.parse(out) as DataFaultManifest
}

export type Mode = 'verify' | 'base'
/** `error`: the command itself failed (no JSON document), e.g. a crash or a module that does not load. */
export type Outcome = 'right' | 'refused_named' | 'refused_other' | 'wrong' | 'error'

export interface AskRecord {
  value: number | null
  unit: string | null
  answer: string
  explanation: string
  /** The last verdict's feedback and the last failed tool's reason, for the report only (the classification reads
   * the answer's own words, what the analyst is told). */
  lastVerdict: string | null
  toolReason: string | null
  exitCode: number | null
  stderr: string
  seconds: number
  /** No JSON document came back: the command failed before answering. */
  failed: boolean
}

/** One `rsure ask --json` in a child process; base = `--no-verify --no-prior`. */
export function askCase(c: DataFaultCase, mode: Mode, dataDir: string, timeoutMs = 180_000): Promise<AskRecord> {
  const args = [path.join(ROOT, 'bin', 'rsure.mjs'), 'ask', '--json']
  if (c.files) args.push('--files', c.files)
  for (const img of c.images) args.push('--image', img)
  if (mode === 'base') args.push('--no-verify', '--no-prior')
  args.push(c.question)
  const started = Date.now()
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: ROOT, env: { ...process.env, RSURE_DATA_DIR: dataDir }, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const seconds = (Date.now() - started) / 1000
        const exitCode = err ? ((err as { code?: number }).code ?? null) : 0
        let doc: Record<string, unknown> | null = null
        try {
          doc = JSON.parse(stdout) as Record<string, unknown>
        } catch {
          doc = null
        }
        if (!doc) {
          resolve({
            value: null,
            unit: null,
            answer: '',
            explanation: stderr.trim(),
            lastVerdict: null,
            toolReason: null,
            exitCode,
            stderr,
            seconds,
            failed: true,
          })
          return
        }
        const trajectory = (doc.trajectory as { kind: string; payload: Record<string, unknown> }[]) ?? []
        const answerStep = [...trajectory].reverse().find((s) => s.kind === 'answer')
        const verdicts = trajectory.filter((s) => s.kind === 'verdict')
        const reasons = trajectory
          .filter((s) => s.kind === 'tool_result')
          .map((s) => (s.payload.result as { reason?: unknown } | undefined)?.reason)
          .filter((x): x is string => typeof x === 'string' && x.length > 0)
        const v = answerStep?.payload.value
        resolve({
          value: typeof v === 'number' && Number.isFinite(v) ? v : null,
          unit: typeof answerStep?.payload.unit === 'string' ? (answerStep.payload.unit as string) : null,
          answer: String(doc.answer ?? ''),
          explanation: [String(doc.explanation ?? ''), ...((doc.missing as string[]) ?? [])].join(' '),
          lastVerdict: verdicts.length ? String(verdicts[verdicts.length - 1].payload.feedback ?? '') : null,
          toolReason: reasons.length ? reasons[reasons.length - 1] : null,
          exitCode,
          stderr,
          seconds,
          failed: false,
        })
      },
    )
  })
}

function near(a: number, b: number, rel: number): boolean {
  return Math.abs(a - b) <= rel * Math.max(Math.abs(b), 1e-12)
}

/**
 * right / refused with the fault named / refused otherwise / wrong (a value that is not right). A refusal's words
 * are the answer, the last verdict's feedback and the last failed tool's reason (what the analyst reads in the
 * answer and the timeline). It counts as naming the fault only when they match the fault's pattern and differ from
 * the words the same question got on the clean control (a reader that refuses "cloud-free" on both names the
 * question, not the data).
 */
export function classify(c: DataFaultCase, r: AskRecord, control?: AskRecord): Outcome {
  if (r.failed) return 'error'
  const e = c.expect
  const text = `${r.answer} ${r.explanation}`
  const refusalWords = (x: AskRecord) => `${x.answer} ${x.explanation} ${x.lastVerdict ?? ''} ${x.toolReason ?? ''}`
  if (r.value !== null) {
    if (e.answered) return 'right'
    const tol = e.tolerance_rel ?? 1e-6
    if ((e.right ?? []).some((x) => near(r.value as number, x, tol))) return 'right'
    if (e.caveat && (e.right_with_caveat ?? []).some((x) => near(r.value as number, x, tol)) && new RegExp(e.caveat, 'i').test(text)) return 'right'
    return 'wrong'
  }
  const words = refusalWords(r)
  const sameAsControl = control !== undefined && control.value === null && refusalWords(control) === words
  if (e.refusal && new RegExp(e.refusal, 'i').test(words) && !sameAsControl) return 'refused_named'
  return 'refused_other'
}

/** Runs `fn` over `items` with at most `n` at once, keeping the order of the results. */
export async function mapLimit<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i])
    }
  })
  await Promise.all(workers)
  return results
}

export interface CaseResult {
  c: DataFaultCase
  verify: AskRecord
  base: AskRecord
  outVerify: Outcome
  outBase: Outcome
}

export type Counts = Record<Outcome, number>

export function countsBy(results: CaseResult[], mode: Mode, keep: (r: CaseResult) => boolean = () => true): Counts {
  const counts: Counts = { right: 0, refused_named: 0, refused_other: 0, wrong: 0, error: 0 }
  for (const r of results.filter(keep)) counts[mode === 'verify' ? r.outVerify : r.outBase]++
  return counts
}

function cell(text: string): string {
  return text.replace(/\|/g, '/').replace(/\s+/g, ' ').trim().slice(0, 220)
}

/** The markdown report: per family counts for base and verify, then every case with its values and words. */
export function reportMarkdown(results: CaseResult[], manifest: DataFaultManifest): string {
  const fmt = (c: Counts) => `${c.right} / ${c.refused_named} / ${c.refused_other} / ${c.wrong}${c.error ? ` (+${c.error} failed to run)` : ''}`
  const families = [...new Set(results.map((r) => r.c.family))]
  const lines = [
    '# Data faults made as files: base vs verification',
    '',
    `Measured ${new Date().toISOString()} with the rules backbone; files written by tests/data-faults/make_faults.py from ../shared`,
    '(q46 all 23 dates, the Landsat 8 scene, the LEVIR-CD pair); expected values computed there with GDAL + numpy.',
    'Counts are right / refused naming the fault / refused otherwise / wrong. base = `--no-verify --no-prior`.',
    '',
    '| family | cases | base | verify |',
    '|---|---|---|---|',
  ]
  for (const f of families) {
    const keep = (r: CaseResult) => r.c.family === f
    lines.push(`| ${f} | ${results.filter(keep).length} | ${fmt(countsBy(results, 'base', keep))} | ${fmt(countsBy(results, 'verify', keep))} |`)
  }
  const faults = (r: CaseResult) => r.c.kind === 'fault'
  const controls = (r: CaseResult) => r.c.kind === 'control'
  lines.push(`| **all faults** | ${results.filter(faults).length} | ${fmt(countsBy(results, 'base', faults))} | ${fmt(countsBy(results, 'verify', faults))} |`)
  lines.push(
    `| **all controls** | ${results.filter(controls).length} | ${fmt(countsBy(results, 'base', controls))} | ${fmt(countsBy(results, 'verify', controls))} |`,
  )
  lines.push(
    '',
    '## Cases',
    '',
    '| case | question | expected | base | verify | verify answer (words) | last verdict / failed tool |',
    '|---|---|---|---|---|---|---|',
  )
  for (const r of results) {
    const e = r.c.expect
    const expected = e.answered
      ? 'any value (detection test)'
      : [...(e.right ?? []).map((v) => String(Number(v.toPrecision(10)))), e.refusal ? `refusal /${e.refusal}/` : ''].filter(Boolean).join(' or ')
    const show = (a: AskRecord, o: Outcome) => `${o}: ${a.value ?? cell(a.answer)}`
    lines.push(
      `| ${r.c.id} | ${cell(r.c.question)} | ${cell(expected)} | ${show(r.base, r.outBase)} | ${show(r.verify, r.outVerify)} | ${cell(r.verify.explanation)} | ${cell([r.verify.lastVerdict, r.verify.toolReason].filter(Boolean).join(' / '))} |`,
    )
  }
  lines.push(
    '',
    `Values computed independently: ${Object.entries(manifest.values)
      .map(([k, v]) => `${k} = ${v}`)
      .join('; ')}.`,
    '',
  )
  return lines.join('\n')
}

export function readCeiling(): { wrong_verify_on: Record<string, number>; controls_not_right_today: Record<string, string> } {
  return JSON.parse(fs.readFileSync(path.join(DATA_FAULTS_DIR, 'ceiling.json'), 'utf8'))
}

/**
 * GDAL + numpy, apart from RSure: the mean over the given LST files of each file's mean of DN * scale over the pixels
 * that are not its nodata value (the July LST reference of the prior and third-route tests).
 */
export function gdalMeanOfDateMeans(files: string[], scale: number): number {
  const py = `
import sys
from osgeo import gdal
import numpy as np
scale = float(sys.argv[1])
means = []
for f in sys.argv[2:]:
    ds = gdal.Open(f)
    b = ds.GetRasterBand(1)
    a = b.ReadAsArray().astype(np.float64)
    means.append((a[a != b.GetNoDataValue()] * scale).mean())
print(repr(float(np.mean(means))))
`
  return Number(execFileSync(pythonWithGdal(), ['-c', py, String(scale), ...files], { encoding: 'utf8' }).trim())
}
