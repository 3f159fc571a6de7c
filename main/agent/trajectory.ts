/**
 * The run's trajectory: every step written to SQLite as it happens (RunStore, one INSERT each), and kept in memory
 * for the `--json` output. A run that dies half-way can be read back step by step; `RunStore.markInterrupted` flags it.
 * Each kind's payload is typed by the one versioned RunEvent union (main/domain/run-events.ts) that the store
 * keeps, the prior and the window read back, and the contract carries.
 */
import type { RunEventInput, RunEventKind } from '../domain/run-events'
import type { RunStore } from '../store/runs'

/** Kinds of steps: the RunEvent kinds. */
export type StepKind = RunEventKind

export interface RecordedStep {
  seq: number
  kind: StepKind
  payload: unknown
  at: string
}

export class TrajectoryRecorder {
  readonly steps: RecordedStep[] = []

  constructor(
    private readonly runs: RunStore | null,
    readonly runId: string | null,
  ) {}

  record<K extends StepKind>(kind: K, payload: RunEventInput<K>): void {
    const plain = toPlain(payload)
    const seq = this.runs && this.runId ? this.runs.appendStep(this.runId, kind, plain) : this.steps.length
    this.steps.push({ seq, kind, payload: plain, at: new Date().toISOString() })
  }
}

const isTypedArray = (v: unknown): v is Iterable<number> => ArrayBuffer.isView(v) && !(v instanceof DataView)

/** A JSON-safe copy: typed arrays become plain arrays, non-finite numbers become strings, functions are dropped. */
export function toPlain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v) => {
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v)
      if (isTypedArray(v)) return Array.from(v)
      if (typeof v === 'bigint') return Number(v)
      return v
    }) ?? 'null',
  )
}
