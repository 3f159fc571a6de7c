/**
 * Where an evaluation keeps its per-task outcomes: one JSON line per (task, configuration, backbone), appended as
 * each run finishes, so an interrupted evaluation resumes where it stopped. A task whose definition changed since
 * (its fingerprint differs) or whose run failed is run again; the latest line for a key wins.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { TaskOutcome } from './judge'
import type { EvalTask } from './suite'

/** A stable fingerprint of a task's definition (key order does not matter). */
export function taskFingerprint(task: EvalTask): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, x]) => [k, canon(x)]),
          )
        : v
  return createHash('sha256')
    .update(JSON.stringify(canon(task)))
    .digest('hex')
    .slice(0, 16)
}

const keyOf = (task: string, config: string, backbone: string) => `${task}\u0000${config}\u0000${backbone}`

export class ResultsStore {
  private readonly kept = new Map<string, TaskOutcome>()

  /** Opens (and reads back) the results file; `fresh` starts it over. */
  constructor(
    readonly file: string,
    fresh = false,
  ) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    if (fresh && fs.existsSync(file)) fs.rmSync(file)
    if (!fs.existsSync(file)) return
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue
      try {
        const o = JSON.parse(line) as TaskOutcome
        if (typeof o.task === 'string' && typeof o.config === 'string') this.kept.set(keyOf(o.task, o.config, o.backbone), o)
      } catch {
        // A line cut short by an interrupted write is dropped; its task runs again.
      }
    }
  }

  /** The stored outcome to reuse for this task, or null when it must run (absent, changed, or failed). */
  reusable(task: EvalTask, config: string, backbone: string, fingerprint: string): TaskOutcome | null {
    const o = this.kept.get(keyOf(task.id, config, backbone))
    return o && o.fingerprint === fingerprint && o.status !== 'failed' ? o : null
  }

  add(outcome: TaskOutcome): void {
    this.kept.set(keyOf(outcome.task, outcome.config, outcome.backbone), outcome)
    fs.appendFileSync(this.file, `${JSON.stringify(outcome)}\n`)
  }
}
