/**
 * A pool of raster worker threads, sized to the cores, so pixel work never runs on the thread that serves the UI
 * or the IPC. Jobs are queued and handed to idle workers; results come back in job order. Cancelling (AbortSignal)
 * terminates the busy workers at once and rejects with an Error('cancelled'); idle workers are unref'd so a CLI
 * process can exit while they wait. `size: 0` evaluates jobs inline on the calling thread (for callers already
 * off the main thread).
 *
 * Worker entry: under tsx (CLI, tests) `boot.mjs` registers tsx and imports `exec-worker.ts`; in a bundled build
 * the bundler must emit `exec-worker.js` next to this module (or set RSURE_RASTER_WORKER to its path).
 */
import os from 'node:os'
import { workerEntry } from '../../worker-entry'
import { WorkerPool, type FailureKind } from '../../workers/pool'
import { evaluateJob } from '../job/evaluate'
import { publicError } from '../job/public-error'
import { BufferRecycler } from '../job/recycler'
import { RasterJobError, type JobResult, type RasterJob } from '../job/types'

function rasterWorkerEntry(): URL | string {
  const entry = workerEntry(import.meta.url, 'exec-worker.js', 'RSURE_RASTER_WORKER')
  if (entry) return entry
  throw new Error('The raster worker entry exec-worker.js was not found next to the bundle; set RSURE_RASTER_WORKER to its path.')
}

/** V8 limits of one raster worker (pixel buffers live outside the heap; the pixel and memory budget bound those). */
export const RASTER_WORKER_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 }

export interface RunOptions {
  signal?: AbortSignal
  /** Called as each job finishes (in completion order). */
  onResult?: (index: number, result: JobResult) => void
}

function rasterFailure(kind: FailureKind, _job: RasterJob, detail: string): Error {
  if (kind === 'oom') return new Error('the raster work needed more memory than a worker may use; read a window or a smaller region')
  if (kind === 'exit') return new Error(`the raster worker stopped unexpectedly (${detail})`)
  if (kind === 'dead') return new Error('the raster workers were shut down')
  return new Error('the raster worker failed on this job; try again, and report it if it repeats')
}

export class RasterPool {
  private readonly inlineRecycler = new BufferRecycler()
  private readonly workers: WorkerPool<RasterJob, JobResult> | null

  constructor(readonly size = Math.max(1, os.availableParallelism?.() ?? os.cpus().length)) {
    // Workers are threads of this process: their memory shows in process.resourceUsage().maxRSS.
    this.workers =
      size === 0
        ? null
        : new WorkerPool<RasterJob, JobResult>({
            entry: rasterWorkerEntry,
            size,
            workerData: { role: 'rsure-raster-worker' },
            resourceLimits: RASTER_WORKER_LIMITS,
            failure: rasterFailure,
            revive: (e) => (e.node ? new RasterJobError(e.node, e.message) : new Error(e.message)),
          })
  }

  /** Start idle workers ahead of a run (up to `count`, at most the pool size), so their start-up overlaps other work. */
  warm(count = this.size): void {
    this.workers?.warm(count)
  }

  /** Run jobs on the pool; resolves with the results in job order, rejects on the first failure. */
  async run(jobs: RasterJob[], opts: RunOptions = {}): Promise<JobResult[]> {
    const { signal, onResult } = opts
    if (signal?.aborted) throw new Error('cancelled')
    const results = new Array<JobResult>(jobs.length)
    const workers = this.workers
    if (!workers) {
      for (let i = 0; i < jobs.length; i++) {
        if (signal?.aborted) throw new Error('cancelled')
        try {
          results[i] = await evaluateJob(jobs[i], this.inlineRecycler)
        } catch (err) {
          throw publicError(err)
        }
        onResult?.(i, results[i])
      }
      return results
    }
    // One lane per worker: a lane takes the next job when its last one finished; after a failure no lane starts another.
    let next = 0
    // The first failure, whatever was thrown (held in an object: a lane sets it, so the check after the lanes is no dead code to TS).
    const run: { failed?: { err: unknown } } = {}
    const lane = async () => {
      while (!run.failed && next < jobs.length) {
        const i = next++
        try {
          results[i] = await workers.run(jobs[i], { signal })
          onResult?.(i, results[i])
        } catch (err) {
          run.failed ??= { err }
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.size, jobs.length) }, lane))
    if (run.failed) throw run.failed.err
    return results
  }

  /** Terminate every worker. */
  async close(): Promise<void> {
    await this.workers?.close()
  }
}

let shared: RasterPool | null = null

/** The process-wide pool (created on first use, sized by RSURE_RASTER_WORKERS or the core count). */
export function sharedRasterPool(): RasterPool {
  if (!shared) {
    const env = process.env.RSURE_RASTER_WORKERS
    const n = env !== undefined && /^\d+$/.test(env) ? Number(env) : undefined
    shared = new RasterPool(n)
  }
  return shared
}
