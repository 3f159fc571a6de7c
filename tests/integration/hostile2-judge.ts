/**
 * How a run of one hostile-corpus-2 case is judged (shared by the opt-in full test, hostile-corpus-2.test.ts, and
 * the CI-sized one, hostile-corpus-2-ci.test.ts): a surface passes when the run neither crashes, hangs nor grows
 * past its memory limit, and answers what the case accepts: for valid files the right values (known by
 * construction or decoded by GDAL), for hostile ones one sentence naming the file and the reason.
 */
import type { Accept, BandStats, Hostile2Case } from '../../scripts/hostile-corpus-2'

export type Surface = 'info' | 'exec' | 'ask' | 'preview' | 'perceive'

export interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  killedFor: 'time' | 'memory' | null
  ms: number
  peakRssMb: number
}

export const ASK_NAME = 'H_2019-07-28_NDVI.tif'
export const ASK_NDVI = 'What was the mean NDVI on 2019-07-28?'
export const ASK_WATER = 'What share of this scene is water?'
export const ASK_CHANGE = 'What share of the area changed between the two images?'

/** One clear sentence naming the file: not empty, no stack trace, at most three lines, the file's name in it. */
export function sentenceProblem(text: string, name: string): string | null {
  const t = text.trim()
  if (!t) return 'no message'
  if (/\n\s+at /.test(t)) return `a stack trace: ${short(t)}`
  if (t.split('\n').length > 3) return `more than three lines: ${short(t)}`
  if (!t.includes(name)) return `does not name the file: ${short(t)}`
  return null
}

export function short(t: string): string {
  return t.replace(/\s+/g, ' ').trim().slice(0, 240)
}

export function crashOf(r: Run, maxRssMb: number): string | null {
  if (r.killedFor === 'time') return `hang: killed after ${r.ms} ms`
  if (r.killedFor === 'memory') return `memory: killed above ${maxRssMb} MB resident`
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
  // The raster operations compute on GeoTIFF bands; a picture is refused by name there (measure and perceive read it).
  if (surface === 'exec' && c.kind === 'picture' && c.accept === 'values') return 'values-or-refusal'
  return c.accept
}

/** Judges one run: null when it passed, else what went wrong. `shownName` is the name the message must carry. */
export function judge(c: Hostile2Case, surface: Surface, r: Run, shownName: string, maxRssMb: number): string | null {
  const crash = crashOf(r, maxRssMb)
  if (crash) return crash
  const accept = acceptFor(c, surface)
  let doc: Record<string, unknown> | null = null
  try {
    doc = JSON.parse(r.stdout) as Record<string, unknown>
  } catch {
    doc = null
  }
  if (surface === 'preview') {
    // A preview draws the file or refuses it in one sentence; a damaged picture must not be drawn.
    if (r.code === 0) return accept === 'refusal' && c.kind === 'picture' ? `drew a picture it should refuse: ${short(r.stdout)}` : null
    if (accept === 'values') return `refused a valid file: ${short(r.stderr)}`
    return sentenceProblem(r.stderr, shownName)
  }
  if (surface === 'perceive') {
    // Exit 3 (insufficient: no engine for the bands) is an honest outcome about the method, not the file.
    if (r.code === 0) return accept === 'refusal' ? `perceived a file it should refuse: ${short(r.stdout)}` : null
    if (r.code === 3) {
      const t = r.stderr.trim() || String(doc?.reason ?? '')
      if (/\n\s+at /.test(t)) return `a stack trace: ${short(t)}`
      return null
    }
    return sentenceProblem(r.stderr || String(doc?.reason ?? ''), shownName)
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
  // A valid picture compared with itself may be answered "no change to separate": a clear sentence, not a refusal.
  if (accept === 'values' && c.kind === 'picture') {
    const t = String(doc.explanation ?? '')
    return /\n\s+at /.test(t) ? `a stack trace: ${short(t)}` : t.split('\n').length > 3 ? `more than three lines: ${short(t)}` : null
  }
  return sentenceProblem(String(doc.explanation ?? ''), shownName)
}

/** Tallies of failures by kind, for the summary line. */
export function summarize(failures: Record<string, string>): Record<string, number> {
  const kinds = (pred: (p: string) => boolean) => Object.values(failures).filter(pred).length
  return {
    failed: Object.keys(failures).length,
    crashes: kinds((p) => p.startsWith('crash')),
    hangs: kinds((p) => p.startsWith('hang')),
    memory: kinds((p) => p.startsWith('memory')),
    silentWrong: kinds((p) => /^(wrong|silent wrong|ok on a file|answered|described a file|change between|drew a picture|perceived a file)/.test(p)),
    unclearRefusal: kinds((p) => /^(does not name|no message|a stack trace|more than three|no ToolResult|no answer document)/.test(p)),
    refusedValid: kinds((p) => /^(refused a valid|no value for a valid)/.test(p)),
  }
}
