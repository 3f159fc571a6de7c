/**
 * Runs started from a window (ask.start): each runs in the background on the services' ask, its steps, progress and
 * end are pushed to every window as `run.*` events, and it can be cancelled by id (ask.cancel) through its
 * AbortSignal. ask.start answers as soon as the run is stored (its id known), not when it ends.
 */
import type { TaskSpec } from '../agent/task'
import type { AskSwitches, Services } from '../services'
import type { EventHub } from './events'
import { RsureError } from './errors'
import { toRunStep } from './run-steps'

/** Progress events per run are sent at most this often (ms), except the last of a stage. */
const PROGRESS_INTERVAL_MS = 100

export class LiveRuns {
  private readonly running = new Map<string, AbortController>()
  private readonly pending = new Set<Promise<unknown>>()

  constructor(
    private readonly services: () => Services,
    private readonly hub: EventHub,
  ) {}

  has(runId: string): boolean {
    return this.running.has(runId)
  }

  /** Start a run; resolves with its id once it is stored, rejects when it could not start (one sentence). */
  start(task: TaskSpec, switches: AskSwitches, ref: string | null): Promise<string> {
    const services = this.services()
    const controller = new AbortController()
    let runId: string | null = null
    let lastProgress = 0
    return new Promise<string>((resolve, reject) => {
      const finished = () => {
        if (!runId) return
        this.running.delete(runId)
        const run = services.runs.getRun(runId)
        this.hub.emit('run.finished', {
          runId,
          status: run?.status ?? 'failed',
          answer: run?.answer ?? null,
          error: run?.error ?? null,
          metrics: run?.metrics ?? null,
        })
      }
      const work = services
        .ask(task, switches, controller.signal, (e) => {
          if (e.type === 'started') {
            runId = e.runId
            this.running.set(e.runId, controller)
            resolve(e.runId)
            this.hub.emit('run.started', { runId: e.runId, ref, question: task.question })
          } else if (e.type === 'step') {
            this.hub.emit('run.step', toRunStep(e.runId, e.step))
          } else if (e.runId) {
            const { stage, done, total } = e.progress
            const now = Date.now()
            if (done < total && now - lastProgress < PROGRESS_INTERVAL_MS) return
            lastProgress = now
            const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0
            this.hub.emit('run.progress', { runId: e.runId, call: e.call, stage, done, total, fraction })
          }
        })
        .then(finished, (err: unknown) => {
          if (!runId) {
            reject(new RsureError('failed', `The run could not start: ${String((err as Error)?.message ?? err).replace(/[.\s]+$/, '')}.`))
            return
          }
          finished()
        })
      this.pending.add(work)
      void work.finally(() => this.pending.delete(work))
    })
  }

  /** Cancel a running run; false when it is not running in this process. */
  cancel(runId: string): boolean {
    const c = this.running.get(runId)
    if (!c) return false
    c.abort(new Error('the analyst cancelled the run'))
    return true
  }

  /** Cancel every run and wait until each has stored its end (shutdown), so the database can be closed. */
  async cancelAll(): Promise<void> {
    for (const c of this.running.values()) c.abort(new Error('RSure is shutting down'))
    await Promise.allSettled([...this.pending])
  }
}
