/**
 * The one worker-thread pool of the engines (after loaders.gl's WorkerPool): every CPU-heavy worker of RSure
 * (raster jobs, previews, map tiles, ONNX inference) is a `WorkerPool<Job, Result>` over a worker entry that calls
 * `serveJobs` (serve.ts). What differs between them is configuration, not code:
 *
 * - `size` workers at most, started on first use (or by `warm`) and kept for the next job; a worker runs one job at
 *   a time, the others wait in one queue, first come first served.
 * - `affinity`: jobs with the same key always run on the same worker (a map layer's tiles reuse that worker's open
 *   source and decoded blocks); other keys spread over the workers by hash.
 * - `resourceLimits` (V8 heap of each worker: a job whose heap runs away ends its worker, not the process) and
 *   `timeoutMs` (a job that runs longer has its worker terminated): either way the job fails with the pool's own
 *   sentence (`failure`) and the worker is replaced on next use; the queue goes on at once.
 * - `AbortSignal` per job: a queued job is dropped; a running one either has its worker terminated (`onAbort:
 *   'terminate'`, the default) or is detached (`'detach'`: the worker finishes and its reply is dropped, for native
 *   code that cannot be interrupted and a worker that must not be terminated). Rejects with Error('cancelled').
 * - `replace: false`: a worker that dies is not started again (onnxruntime-node cannot be loaded twice in one
 *   process); later jobs fail with `failure('dead', ...)`. Such a worker is never retired for being idle.
 * - Idle workers are unref'd, so a CLI process can exit while they wait.
 *
 * Errors a job raises in the worker cross as {name, message, node?} and are rebuilt by `revive`.
 */
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads'
import type { WireError, WorkerMessage } from './serve'
import { errorCode } from '../../domain/errors'

export type { WireError } from './serve'

/** Why a job failed outside its own code. */
export type FailureKind = 'oom' | 'crash' | 'exit' | 'timeout' | 'dead'

export interface WorkerPoolOptions<Job> {
  /** The worker entry (a URL or path); called when a worker is started. */
  entry: () => URL | string
  /** Most workers at once (at least 1). */
  size: number
  workerData?: Record<string, unknown>
  resourceLimits?: ResourceLimits
  /** Longest a job may run (ms) before its worker is terminated; none when omitted. */
  timeoutMs?: number
  /** Jobs with the same key run on the same worker. */
  affinity?: (job: Job) => string
  /** What an aborted running job does to its worker (default 'terminate'). */
  onAbort?: 'terminate' | 'detach'
  /** Start a new worker after one died (default true). */
  replace?: boolean
  /**
   * Terminate a worker that has been idle this long (ms), so what a big job left in its heap and native buffers is
   * returned to the system (the next job starts a fresh one); default RSURE_WORKER_IDLE_MS, else 60 000. A server
   * that decoded a 256 MiB strip would otherwise stay hundreds of MB above its idle size.
   */
  idleMs?: number
  /** The Error a job gets when its worker failed it (the sentence the analyst reads). */
  failure: (kind: FailureKind, job: Job, detail: string) => Error
  /** Rebuild an error the job threw in the worker (default: a plain Error with its message). */
  revive?: (error: WireError, job: Job) => Error
}

export interface RunJobOptions {
  signal?: AbortSignal
  /** Buffers to transfer to the worker with the job (they become unusable here). */
  transfer?: Transferable[]
}

interface Queued<Job, Result> {
  job: Job
  slot: number | null
  transfer: Transferable[]
  signal?: AbortSignal
  resolve: (r: Result) => void
  reject: (e: Error) => void
  onAbort?: () => void
}

interface Running<Job, Result> {
  q: Queued<Job, Result>
  id: number
  timer: NodeJS.Timeout | null
}

interface Slot<Job, Result> {
  index: number
  worker: Worker | null
  running: Running<Job, Result> | null
  /** A detached job still occupies the worker until it replies. */
  detachedId: number | null
  dead: string | null
  idle: NodeJS.Timeout | null
}

function defaultIdleMs(): number {
  const v = process.env.RSURE_WORKER_IDLE_MS
  return v !== undefined && /^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : 60_000
}

/**
 * A `revive` that rebuilds errors by class name: `classes` maps each name a worker may send to the constructor of the
 * error it becomes here (FileFormatError for ImageFileError...); any other name becomes a plain Error.
 */
export function reviveByName(classes: Record<string, new (message: string) => Error>): (error: WireError) => Error {
  return (error) => {
    const Ctor = Object.hasOwn(classes, error.name) ? classes[error.name] : Error
    return new Ctor(error.message)
  }
}

function hashKey(key: string): number {
  // FNV-1a: a stable spread of keys over the workers.
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export class WorkerPool<Job, Result> {
  private readonly slots: Slot<Job, Result>[]
  private readonly queue: Queued<Job, Result>[] = []
  private nextId = 1
  private closed = false

  constructor(private readonly opts: WorkerPoolOptions<Job>) {
    const size = Math.max(1, Math.floor(opts.size))
    this.slots = Array.from({ length: size }, (_, index) => ({ index, worker: null, running: null, detachedId: null, dead: null, idle: null }))
  }

  get size(): number {
    return this.slots.length
  }

  /** Workers started now (for tests and diagnostics). */
  get started(): number {
    return this.slots.filter((s) => s.worker).length
  }

  /** Run one job; resolves with its result or rejects with the job's error, a failure, or Error('cancelled'). */
  run(job: Job, options: RunJobOptions = {}): Promise<Result> {
    if (this.closed) return Promise.reject(this.opts.failure('dead', job, 'the pool was closed'))
    const { signal } = options
    if (signal?.aborted) return Promise.reject(new Error('cancelled'))
    return new Promise<Result>((resolve, reject) => {
      const key = this.opts.affinity?.(job)
      const q: Queued<Job, Result> = {
        job,
        slot: key === undefined ? null : hashKey(key) % this.slots.length,
        transfer: options.transfer ?? [],
        signal,
        resolve,
        reject,
      }
      if (signal) {
        q.onAbort = () => this.abort(q)
        signal.addEventListener('abort', q.onAbort, { once: true })
      }
      this.queue.push(q)
      this.pump()
    })
  }

  /** Start idle workers ahead of the first jobs (up to `count`, at most the pool size). */
  warm(count = this.slots.length): void {
    for (const slot of this.slots.slice(0, count)) if (!slot.worker && !slot.dead && !this.closed) this.spawn(slot)
  }

  /** Terminate every worker; queued jobs fail. */
  async close(): Promise<void> {
    this.closed = true
    for (const q of this.queue.splice(0)) this.settle(q, this.opts.failure('dead', q.job, 'the pool was closed'))
    const workers: Worker[] = []
    for (const slot of this.slots) {
      if (slot.running) this.finish(slot, this.opts.failure('dead', slot.running.q.job, 'the pool was closed'))
      if (slot.worker) workers.push(slot.worker)
      slot.worker = null
    }
    await Promise.all(workers.map((w) => w.terminate()))
  }

  private settle(q: Queued<Job, Result>, outcome: Error | { value: Result }): void {
    if (q.onAbort) q.signal?.removeEventListener('abort', q.onAbort)
    if (outcome instanceof Error) q.reject(outcome)
    else q.resolve(outcome.value)
  }

  private abort(q: Queued<Job, Result>): void {
    const at = this.queue.indexOf(q)
    if (at >= 0) {
      this.queue.splice(at, 1)
      this.settle(q, new Error('cancelled'))
      return
    }
    const slot = this.slots.find((s) => s.running?.q === q)
    if (!slot) return
    if (this.opts.onAbort === 'detach') {
      slot.detachedId = slot.running!.id
      this.finish(slot, new Error('cancelled'))
    } else {
      this.finish(slot, new Error('cancelled'))
      this.retire(slot)
    }
    this.pump()
  }

  /** End the slot's running job with `outcome`; the slot is free afterwards (unless a detached job holds it). */
  private finish(slot: Slot<Job, Result>, outcome: Error | { value: Result }): void {
    const r = slot.running
    if (!r) return
    if (r.timer) clearTimeout(r.timer)
    slot.running = null
    this.settle(r.q, outcome)
    if (slot.detachedId === null) slot.worker?.unref()
    this.idleLater(slot)
  }

  /** Retire the slot's worker once it has been idle for idleMs (cancelled when a job starts on it). */
  private idleLater(slot: Slot<Job, Result>): void {
    if (slot.idle) clearTimeout(slot.idle)
    // A worker that may not be replaced (the ONNX Runtime binding loads once per process) is never retired.
    if (this.opts.replace === false) return
    const ms = this.opts.idleMs ?? defaultIdleMs()
    slot.idle = setTimeout(() => {
      slot.idle = null
      if (slot.worker && !slot.running && slot.detachedId === null && !this.closed) this.retire(slot)
    }, ms)
    slot.idle.unref()
  }

  /** Terminate the slot's worker (its replacement starts on next use). */
  private retire(slot: Slot<Job, Result>): void {
    const w = slot.worker
    slot.worker = null
    slot.detachedId = null
    if (!w) return
    w.removeAllListeners()
    w.on('error', () => undefined)
    void w.terminate()
  }

  private spawn(slot: Slot<Job, Result>): Worker {
    // workerData must be an object: tsx's register() and geotiff's web-worker polyfill both read it in any worker.
    const worker = new Worker(this.opts.entry(), { workerData: this.opts.workerData ?? {}, resourceLimits: this.opts.resourceLimits })
    slot.worker = worker
    worker.on('message', (msg: WorkerMessage<Result>) => {
      if (slot.detachedId === msg.id) {
        slot.detachedId = null
        if (!slot.running) worker.unref()
        this.pump()
        return
      }
      const r = slot.running
      if (!r || r.id !== msg.id) return
      if (msg.ok) this.finish(slot, { value: msg.value })
      else this.finish(slot, this.opts.revive ? this.opts.revive(msg.error, r.q.job) : new Error(msg.error.message))
      this.pump()
    })
    const died = (kind: FailureKind, detail: string) => {
      if (slot.worker !== worker) return
      slot.worker = null
      slot.detachedId = null
      if (this.opts.replace === false) slot.dead = detail
      if (slot.running) this.finish(slot, this.opts.failure(kind, slot.running.q.job, detail))
      if (!this.closed) this.pump()
    }
    worker.on('error', (err: Error) => died(errorCode(err) === 'ERR_WORKER_OUT_OF_MEMORY' ? 'oom' : 'crash', err.message))
    worker.on('exit', (code) => died('exit', `exit code ${code}`))
    this.idleLater(slot)
    // After the listeners: adding a 'message' listener refs the worker's port again, so an idle worker unref'd
    // before it would keep a CLI process alive after its answer (rsure ask/exec never exited).
    worker.unref()
    return worker
  }

  private pump(): void {
    if (this.closed) return
    for (let i = 0; i < this.queue.length;) {
      const q = this.queue[i]
      const candidates = q.slot === null ? this.slots : [this.slots[q.slot]]
      const free = (s: Slot<Job, Result>) => !s.running && s.detachedId === null
      const slot = candidates.find((s) => s.worker && free(s)) ?? candidates.find((s) => !s.worker && !s.dead && free(s))
      if (!slot) {
        const dead = candidates.every((s) => s.dead)
        if (dead) {
          this.queue.splice(i, 1)
          this.settle(q, this.opts.failure('dead', q.job, candidates[0].dead ?? 'stopped'))
          continue
        }
        i++
        continue
      }
      this.queue.splice(i, 1)
      this.start(slot, q)
    }
  }

  private start(slot: Slot<Job, Result>, q: Queued<Job, Result>): void {
    const worker = slot.worker ?? this.spawn(slot)
    const id = this.nextId++
    const running: Running<Job, Result> = { q, id, timer: null }
    slot.running = running
    if (slot.idle) {
      clearTimeout(slot.idle)
      slot.idle = null
    }
    const limit = this.opts.timeoutMs
    if (limit !== undefined && Number.isFinite(limit)) {
      running.timer = setTimeout(() => {
        if (slot.running !== running) return
        this.finish(slot, this.opts.failure('timeout', q.job, `longer than ${limit} ms`))
        this.retire(slot)
        this.pump()
      }, limit)
      running.timer.unref()
    }
    worker.ref()
    worker.postMessage({ id, job: q.job }, q.transfer)
  }
}
