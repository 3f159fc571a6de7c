/**
 * The main-thread side of inference: one worker thread (inference-worker.ts) owns every ONNX session, so a long
 * run never blocks the UI, IPC or the CLI's event loop. Sessions are opened once per model file and provider list,
 * cached, and released when idle (default 5 minutes), when more than `maxSessions` are open (least recently used
 * first), or on close().
 *
 * The worker is one per process and is never terminated: onnxruntime-node's binding is not context-aware, so a
 * second thread of the same process cannot load it again ("Module did not self-register"). Its pool is made with
 * `replace: false`, which also keeps the pool's idle retirement (RSURE_WORKER_IDLE_MS) from ending it: an eval run
 * that paused more than a minute between perception tasks lost every later one to that. It is unref'd, so it
 * never keeps a CLI process alive. An aborted run rejects at once with 'cancelled'; ORT cannot interrupt a run, so
 * the worker finishes it in the background and its result is dropped.
 *
 * Worker entry: under tsx (CLI, tests) boot.mjs registers tsx and imports inference-worker.ts; a bundled build must
 * emit inference-worker.js next to this module or set RSURE_VISION_WORKER to its path.
 */
import { workerEntry } from '../../worker-entry'
import { WorkerPool } from '../../workers/pool'
import { VisionError } from '../errors'
import { DEFAULT_PROVIDERS, type Provider } from '../providers'
import type { OpenReply, WireTensor, WorkerReply, WorkerRequest } from './protocol'

function visionWorkerEntry(): URL | string {
  const entry = workerEntry(import.meta.url, 'inference-worker.js', 'RSURE_VISION_WORKER')
  if (entry) return entry
  throw new VisionError('The inference worker inference-worker.js was not found next to the bundle; set RSURE_VISION_WORKER to its path.')
}

export interface SessionHandle extends OpenReply {
  key: string
  file: string
}

/**
 * The process-wide inference worker: a WorkerPool of one that is never replaced (a second load of the ORT binding
 * fails) and never terminated by a cancel (ORT cannot interrupt a run: the reply is dropped).
 */
let pool: WorkerPool<WorkerRequest, WorkerReply> | null = null

function request(body: WorkerRequest, signal?: AbortSignal): Promise<WorkerReply> {
  pool ??= new WorkerPool<WorkerRequest, WorkerReply>({
    entry: visionWorkerEntry,
    size: 1,
    workerData: { role: 'rsure-vision-worker' },
    onAbort: 'detach',
    replace: false,
    failure: (_kind, _job, why) => new VisionError(`The inference worker stopped (${why}); restart the app to run models again.`),
  })
  return pool.run(body, { signal }).catch((err: Error) => {
    throw err.message === 'cancelled' ? new VisionError('cancelled') : err
  })
}

export interface RuntimeOptions {
  idleMs?: number
  maxSessions?: number
  threads?: number
}

interface Entry {
  /** Null while the session is opening. */
  handle: SessionHandle | null
  lastUsed: number
  opening: Promise<SessionHandle> | null
}

let runtimes = 0

/** A set of cached sessions in the process-wide inference worker. */
export class VisionRuntime {
  private sessions = new Map<string, Entry>()
  private idleTimer: NodeJS.Timeout | null = null
  private readonly idleMs: number
  private readonly maxSessions: number
  private readonly threads: number | undefined
  private readonly prefix = `r${++runtimes}`

  constructor(opts: RuntimeOptions = {}) {
    this.idleMs = opts.idleMs ?? 5 * 60_000
    this.maxSessions = opts.maxSessions ?? 6
    this.threads = opts.threads
  }

  /** Open (or reuse) a session for a model file; reports the provider chosen and the model's inputs/outputs. */
  async open(file: string, providers: Provider[] = DEFAULT_PROVIDERS): Promise<SessionHandle> {
    const key = `${this.prefix}|${file}|${providers.join(',')}`
    const cached = this.sessions.get(key)
    if (cached) {
      cached.lastUsed = Date.now()
      if (cached.opening) return cached.opening
      if (cached.handle) return cached.handle
    }
    const opening = (async () => {
      const reply = await request({ op: 'open', key, file, providers, threads: this.threads })
      if (!reply.ok) throw new VisionError(reply.message, 'invalid')
      return { key, file, ...reply.open! }
    })()
    const entry: Entry = { handle: null, lastUsed: Date.now(), opening }
    this.sessions.set(key, entry)
    let handle: SessionHandle
    try {
      handle = await opening
      entry.handle = handle
      entry.opening = null
    } catch (err) {
      this.sessions.delete(key)
      throw err
    }
    await this.evict()
    this.armIdle()
    return handle
  }

  /** Run a session; resolves with the named outputs (all when `outputs` is omitted). */
  async run(
    handle: SessionHandle,
    feeds: Record<string, WireTensor>,
    opts: { outputs?: string[]; signal?: AbortSignal } = {},
  ): Promise<Record<string, WireTensor>> {
    const entry = this.sessions.get(handle.key)
    if (!entry) throw new VisionError('The model session was released; open it again.')
    entry.lastUsed = Date.now()
    const reply = await request({ op: 'run', key: handle.key, feeds, outputs: opts.outputs }, opts.signal)
    if (!reply.ok) throw new VisionError(`The model ${handle.file.split(/[\\/]/).pop()} failed to run: ${reply.message.split('\n')[0]}`)
    entry.lastUsed = Date.now()
    this.armIdle()
    return reply.outputs!
  }

  /** Release one session (its memory is freed in the worker). */
  async release(handle: SessionHandle): Promise<void> {
    if (!this.sessions.delete(handle.key) || !pool || pool.started === 0) return
    await request({ op: 'close', key: handle.key })
  }

  /** Keys of the sessions open now (for tests and diagnostics). */
  openSessions(): string[] {
    return [...this.sessions.keys()]
  }

  private async evict(): Promise<void> {
    while (this.sessions.size > this.maxSessions) {
      const oldest = [...this.sessions.values()].filter((e) => !e.opening).sort((a, b) => a.lastUsed - b.lastUsed)[0]
      if (!oldest) return
      if (oldest.handle) await this.release(oldest.handle)
    }
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => void this.releaseIdle(), this.idleMs)
    this.idleTimer.unref()
  }

  /** Release the sessions unused for `idleMs`. */
  async releaseIdle(now = Date.now()): Promise<void> {
    for (const e of [...this.sessions.values()]) {
      if (e.handle && !e.opening && now - e.lastUsed >= this.idleMs) await this.release(e.handle)
    }
  }

  /** Release every session of this runtime (the worker itself stays, idle and unref'd). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    for (const e of [...this.sessions.values()]) if (e.handle && !e.opening) await this.release(e.handle)
    this.sessions.clear()
  }
}

let sharedRuntime: VisionRuntime | null = null

/** The process-wide runtime. */
export function sharedVisionRuntime(): VisionRuntime {
  sharedRuntime ??= new VisionRuntime()
  return sharedRuntime
}
