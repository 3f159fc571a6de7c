/**
 * Child process of the hostile-corpus test: runs each file it is given through `rsure info`, a preview, an exec DAG
 * and `rsure ask`, and prints one JSON line per file with what each run said and the process's peak memory so far.
 * It prints READY once its modules are loaded; the parent enforces the time limit per file from then on (it kills
 * this process when a file takes too long) and judges the answers.
 *
 * Usage: node --import tsx hostile-runner.ts WORK_DIR FILE...
 */
import fs from 'node:fs'
import path from 'node:path'
import { main } from '../../main/cli/index'
import type { CliIo } from '../../main/cli/io'
import { renderPreview } from '../../main/engines/raster/preview'
import { buildTiff } from '../../scripts/hostile-corpus'

export interface RunOutcome {
  code: number
  /** stderr, or the error message (preview). */
  message: string
  json: unknown
}

export interface FileReport {
  file: string
  info: RunOutcome
  preview: RunOutcome
  exec: RunOutcome
  ask: RunOutcome
  /** Peak resident set size of this process so far, bytes. */
  maxRss: number
  ms: number
}

/** The name a file gets in its `ask` folder: a dated night-time-lights layer, which the rules backbone plans for. */
export const ASK_NAME = 'Testville_2020-01-01_NTL.tif'
export const ASK_QUESTION = 'What was the mean night-time light of Testville in 2020?'

async function cli(args: string[]): Promise<RunOutcome> {
  let out = ''
  let err = ''
  const io: CliIo = { stdout: (s) => void (out += s), stderr: (s) => void (err += s), signal: new AbortController().signal }
  const code = await main(args, io)
  let json: unknown = null
  try {
    json = out ? JSON.parse(out) : null
  } catch {
    json = out
  }
  return { code, message: err.trim(), json }
}

async function run(work: string, file: string): Promise<FileReport> {
  const t0 = Date.now()
  const name = path.basename(file)
  const info = await cli(['info', file, '--json'])
  let preview: RunOutcome
  try {
    const p = await renderPreview(file, { maxSize: 128 })
    preview = { code: 0, message: '', json: { width: p.width, height: p.height, validPixels: p.validPixels } }
  } catch (err) {
    preview = { code: 1, message: String((err as Error)?.message ?? err), json: { name: (err as Error)?.name } }
  }
  const dag = path.join(work, `${name}.dag.json`)
  fs.writeFileSync(dag, JSON.stringify({
    nodes: [
      { id: 'r', op: 'raster.read', params: { path: file, band: 1 } },
      { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean'] }, inputs: { data: '@r' } },
    ],
    output: 's',
  }))
  const exec = await cli(['exec', '--dag', dag, '--json'])
  const folder = path.join(work, `ask-${name}`)
  fs.mkdirSync(folder, { recursive: true })
  fs.symlinkSync(file, path.join(folder, ASK_NAME))
  const ask = await cli(['ask', '--files', folder, '--json', ASK_QUESTION])
  return { file, info, preview, exec, ask, maxRss: process.resourceUsage().maxRSS * 1024, ms: Date.now() - t0 }
}

const [work, ...files] = process.argv.slice(2)
// Warm up on a plain 2 x 2 file first (modules loaded, the raster worker started), so a file's time limit measures
// its own runs, not start-up on a loaded machine.
const warm = path.join(work, 'warm-up.tif')
fs.writeFileSync(warm, buildTiff({ width: 2, height: 2, chunks: [new Uint8Array([1, 2, 3, 4])] }).bytes)
await run(work, warm)
process.stdout.write('READY\n')
for (const f of files) {
  process.stdout.write(`START ${f}\n`)
  const report = await run(work, f)
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`)
}
process.exit(0)
