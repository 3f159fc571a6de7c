/**
 * Child process of the CI-sized hostile corpus 2 test: runs the jobs of a JSON file (each a CLI command run
 * in-process through main(), or a preview) one after another, printing `START key` before and `REPORT {...}` after
 * each, so the parent can hold each job to its own time and memory limit and kill and replace this process when
 * one is exceeded. Running in-process spares a node + tsx start per job (17 s each on a loaded two-core machine).
 *
 * Usage: node --import tsx hostile2-runner.ts JOBS_JSON
 */
import fs from 'node:fs'
import { main } from '../../main/cli/index'
import type { CliIo } from '../../main/cli/io'
import { renderPreview } from '../../main/engines/raster/preview'

export interface Job {
  key: string
  /** CLI arguments, or for a preview the file. */
  args: string[]
  preview?: boolean
}

export interface JobReport {
  key: string
  code: number
  stdout: string
  stderr: string
  ms: number
  rssMb: number
}

async function run(job: Job): Promise<JobReport> {
  const t0 = Date.now()
  let out = ''
  let err = ''
  let code: number
  if (job.preview) {
    try {
      const p = await renderPreview(job.args[0], { maxSize: 128 })
      out = JSON.stringify({ width: p.width, height: p.height, validPixels: p.validPixels })
      code = 0
    } catch (e) {
      err = String((e as Error)?.message ?? e)
      code = 1
    }
  } else {
    const io: CliIo = { stdout: (s) => void (out.length < 1 << 20 && (out += s)), stderr: (s) => void (err.length < 1 << 16 && (err += s)), signal: new AbortController().signal }
    code = await main(job.args, io)
  }
  return { key: job.key, code, stdout: out, stderr: err, ms: Date.now() - t0, rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) }
}

const jobs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Job[]
process.stdout.write('READY\n')
for (const job of jobs) {
  process.stdout.write(`START ${job.key}\n`)
  const report = await run(job)
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`)
}
process.exit(0)
