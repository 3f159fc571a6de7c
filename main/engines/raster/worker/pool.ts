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
import { Worker } from 'node:worker_threads'
import { workerEntry } from '../../worker-entry'
import { evaluateJob } from '../job/evaluate'
import { publicError } from '../job/public-error'
import { BufferRecycler } from '../job/recycler'
import { RasterJobError, type JobResult, type RasterJob } from '../job/types'
import type { WorkerReply } from './exec-worker'

function rasterWorkerEntry(): URL | string {
  const entry = workerEntry(import.meta.url, 'exec-worker.js', 'RSURE_RASTER_WORKER')
  if (entry) return entry
  throw new Error('The raster worker entry exec-worker.js was not found next to the bundle; set RSURE_RASTER_WORKER to its path.')
}

interface Slot {
  worker: Worker
  busy: boolean
}

/** V8 limits of one raster worker (pixel buffers live outside the heap; the pixel and memory budget bound those). */
export const RASTER_WORKER_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 }

export interface RunOptions {
  signal?: AbortSignal
  /** Called as each job finishes (in completion order). */
  onResult?: (index: number, result: JobResult) => void
}

export class RasterPool {
  private slots: Slot[] = []
  private nextId = 1
  private readonly inlineRecycler = new BufferRecycler()

  constructor(readonly size = Math.max(1, os.availableParallelism?.() ?? os.cpus().length)) {}

  private spawn(): Slot {
    // Workers are threads of this process: their memory shows in process.resourceUsage().maxRSS.
    // tsx's register() inside the worker reads workerData, so always pass an object.
    // resourceLimits: a job whose JavaScript heap runs away ends its worker (ERR_WORKER_OUT_OF_MEMORY), not the process.
    const worker = new Worker(rasterWorkerEntry(), { workerData: { role: 'rsure-raster-worker' }, resourceLimits: RASTER_WORKER_LIMITS })
    worker.unref()
    const slot: Slot = { worker, busy: false }
    this.slots.push(slot)
    return slot
  }

  private drop(slot: Slot): void {
    this.slots = this.slots.filter((s) => s !== slot)
    void slot.worker.terminate()
  }

  private runOn(slot: Slot, job: RasterJob, signal?: AbortSignal): Promise<JobResult> {
    if (signal?.aborted) return Promise.reject(new Error('cancelled'))
    const id = this.nextId++
    slot.busy = true
    slot.worker.ref()
    return new Promise<JobResult>((resolve, reject) => {
      const cleanup = () => {
        slot.worker.off('message', onMessage)
        slot.worker.off('error', onError)
        slot.worker.off('exit', onExit)
        signal?.removeEventListener('abort', onAbort)
        slot.busy = false
        slot.worker.unref()
      }
      const onMessage = (msg: WorkerReply) => {
        if (msg.id !== id) return
        cleanup()
        if (msg.ok) resolve(msg.result)
        else reject(msg.node ? new RasterJobError(msg.node, msg.message) : new Error(msg.message))
      }
      const onError = (err: Error) => {
        cleanup()
        this.drop(slot)
        const oom = (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
        reject(new Error(oom ? 'the raster work needed more memory than a worker may use; read a window or a smaller region' : 'the raster worker failed on this job; try again, and report it if it repeats'))
      }
      const onExit = (code: number) => {
        cleanup()
        this.drop(slot)
        reject(new Error(`the raster worker stopped unexpectedly (exit code ${code})`))
      }
      const onAbort = () => {
        cleanup()
        this.drop(slot)
        reject(new Error('cancelled'))
      }
      slot.worker.on('message', onMessage)
      slot.worker.on('error', onError)
      slot.worker.on('exit', onExit)
      signal?.addEventListener('abort', onAbort, { once: true })
      slot.worker.postMessage({ id, job })
    })
  }

  /** Start idle workers ahead of a run (up to `count`, at most the pool size), so their start-up overlaps other work. */
  warm(count = this.size): void {
    while (this.slots.length < Math.min(count, this.size)) this.spawn()
  }

  /** Run jobs on the pool; resolves with the results in job order, rejects on the first failure. */
  async run(jobs: RasterJob[], opts: RunOptions = {}): Promise<JobResult[]> {
    const { signal, onResult } = opts
    if (signal?.aborted) throw new Error('cancelled')
    const results = new Array<JobResult>(jobs.length)
    if (this.size === 0) {
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
    let next = 0
    let failed: Error | null = null
    const lanes = Math.min(this.size, jobs.length)
    const lane = async () => {
      let slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.size ? this.spawn() : null)
      while (!failed && next < jobs.length) {
        if (!slot || slot.busy || !this.slots.includes(slot)) slot = this.slots.find((s) => !s.busy) ?? this.spawn()
        const i = next++
        try {
          results[i] = await this.runOn(slot, jobs[i], signal)
          onResult?.(i, results[i])
        } catch (err) {
          failed ??= err as Error
        }
      }
    }
    await Promise.all(Array.from({ length: lanes }, lane))
    if (failed) {
      if ((failed as Error).message === 'cancelled') for (const s of [...this.slots]) if (s.busy) this.drop(s)
      throw failed
    }
    return results
  }

  /** Terminate every worker. */
  async close(): Promise<void> {
    const slots = this.slots
    this.slots = []
    await Promise.all(slots.map((s) => s.worker.terminate()))
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
