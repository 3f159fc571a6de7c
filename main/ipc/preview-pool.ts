/**
 * Previews made in worker threads (preview-worker.ts), at most `size` at once, workers started on first use and
 * kept for the next. Errors come back with their class restored (FileFormatError, PreviewError), so the router maps
 * them to the same codes as in-process. A worker that dies fails its job with one sentence and is replaced.
 *
 * Bounds, so one file cannot block the queue: each worker runs with V8 resourceLimits (a heap that grows past them
 * ends that worker, not the process), and a preview that runs longer than its time limit (RSURE_PREVIEW_TIMEOUT_MS,
 * default 30 s) has its worker terminated and replaced; the next preview in the queue starts at once.
 */
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { budget } from '../engines/raster/budget'
import { FileFormatError } from '../engines/raster/describe'
import { PreviewError, type PreviewOptions, type PreviewResult } from '../engines/raster/preview'

/** Where the worker code is: the bootstrap next to this file in source form; the desktop build passes its bundle. */
export const SOURCE_WORKER = new URL('./preview-worker-boot.mjs', import.meta.url)

interface Pending {
  resolve: (v: PreviewResult) => void
  reject: (e: Error) => void
}

interface Slot {
  worker: Worker
  busy: (Pending & { id: number; file: string; timer: NodeJS.Timeout }) | null
}

/** V8 limits of one preview worker (pixel buffers are outside the heap; the pixel budget bounds those). */
export const PREVIEW_WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 }

interface Queued extends Pending {
  file: string
  opts: PreviewOptions
}

function revive(error: { name: string; message: string }): Error {
  if (error.name === 'ImageFileError' || error.name === 'FileFormatError') return new FileFormatError(error.message)
  if (error.name === 'PreviewError' || error.name === 'BudgetError') return new PreviewError(error.message)
  if (error.name === 'SpecialFileError') return new FileFormatError(error.message)
  return new Error(error.message)
}

export class PreviewPool {
  private readonly slots: Slot[] = []
  private readonly queue: Queued[] = []
  private nextId = 1
  private closed = false

  constructor(
    private readonly workerUrl: URL | string = SOURCE_WORKER,
    readonly size = Math.max(1, Math.min(2, (os.availableParallelism?.() ?? 2) - 1)),
    /** How long one preview may take before its worker is replaced (ms). */
    readonly timeLimitMs = budget().timeLimitMs,
  ) {}

  preview(file: string, opts: PreviewOptions = {}): Promise<PreviewResult> {
    if (this.closed) return Promise.reject(new Error('The preview workers were shut down; restart RSure.'))
    return new Promise((resolve, reject) => {
      this.queue.push({ file, opts, resolve, reject })
      this.pump()
    })
  }

  private spawn(): Slot {
    // workerData must be an object: geotiff pulls in the `web-worker` polyfill, which destructures it when loaded
    // inside any worker thread (and with no `mod` in it, stays out of the way).
    const worker = new Worker(this.workerUrl, { workerData: {}, resourceLimits: PREVIEW_WORKER_LIMITS })
    const slot: Slot = { worker, busy: null }
    worker.on('message', (msg: { id: number; ok: boolean; value?: PreviewResult; error?: { name: string; message: string } }) => {
      const job = slot.busy
      if (!job || job.id !== msg.id) return
      clearTimeout(job.timer)
      slot.busy = null
      if (msg.ok) job.resolve(msg.value!)
      else job.reject(revive(msg.error!))
      this.pump()
    })
    const fail = (why: string) => {
      const i = this.slots.indexOf(slot)
      if (i >= 0) this.slots.splice(i, 1)
      if (slot.busy) {
        clearTimeout(slot.busy.timer)
        slot.busy.reject(new PreviewError(`The preview of '${path.basename(slot.busy.file)}' stopped because ${why}; try a smaller preview, or build overviews for the file.`))
      }
      slot.busy = null
      if (!this.closed) this.pump()
    }
    worker.on('error', (err) => fail((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'it needed more memory than a preview may use' : 'its worker failed'))
    worker.on('exit', () => fail('its worker stopped'))
    this.slots.push(slot)
    return slot
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy)
      if (!slot && this.slots.length < this.size) slot = this.spawn()
      if (!slot) return
      const job = this.queue.shift()!
      const id = this.nextId++
      const s = slot
      const timer = setTimeout(() => {
        // A stuck preview (a decoder in an endless loop, a file far beyond the budget) gives up its worker.
        const busy = s.busy
        if (!busy || busy.id !== id) return
        s.busy = null
        const i = this.slots.indexOf(s)
        if (i >= 0) this.slots.splice(i, 1)
        s.worker.removeAllListeners('exit')
        s.worker.removeAllListeners('error')
        s.worker.on('error', () => undefined)
        void s.worker.terminate()
        busy.reject(new PreviewError(`The preview of '${path.basename(busy.file)}' took longer than ${Math.round(this.timeLimitMs / 1000)} s and was stopped; build overviews for the file or ask for a smaller preview.`))
        if (!this.closed) this.pump()
      }, this.timeLimitMs)
      slot.busy = { id, file: job.file, timer, resolve: job.resolve, reject: job.reject }
      slot.worker.postMessage({ id, file: job.file, opts: job.opts })
    }
  }

  async close(): Promise<void> {
    this.closed = true
    for (const q of this.queue.splice(0)) q.reject(new Error('The preview workers were shut down; restart RSure.'))
    const slots = this.slots.splice(0)
    for (const s of slots) if (s.busy) clearTimeout(s.busy.timer)
    await Promise.all(slots.map((s) => s.worker.terminate()))
  }
}
