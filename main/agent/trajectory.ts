/**
 * The run's trajectory: every step written to SQLite as it happens (RunStore, one INSERT each), and kept in memory
 * for the `--json` output. A run that dies half-way can be read back step by step; `RunStore.markInterrupted` flags it.
 * Each kind's payload is typed by the schema the prior reads them back with (prior/trajectory-steps.ts).
 */
import type { StepKind, StepPayload } from '../prior/trajectory-steps'
import type { RunStore } from '../store/runs'

/** Kinds of steps and their payloads: the one description the prior's reader parses (prior/trajectory-steps.ts). */
export type { StepKind }

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

  record<K extends StepKind>(kind: K, payload: StepPayload<K>): void {
    const plain = toPlain(payload)
    const seq = this.runs && this.runId ? this.runs.appendStep(this.runId, kind, plain) : this.steps.length
    this.steps.push({ seq, kind, payload: plain, at: new Date().toISOString() })
  }
}

/** A JSON-safe copy: typed arrays become plain arrays, non-finite numbers become strings, functions are dropped. */
export function toPlain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v) => {
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v)
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number>)
      if (typeof v === 'bigint') return Number(v)
      return v
    }) ?? 'null',
  )
}
