/**
 * The run's trajectory: every step written to SQLite as it happens (RunStore, one INSERT each), and kept in memory
 * for the `--json` output. A run that dies half-way can be read back step by step; `RunStore.markInterrupted` flags it.
 */
import type { RunStore } from '../store/runs'

/** Kinds of steps, in the order they usually occur. */
export type StepKind =
  | 'task'
  | 'plan'
  | 'tool_call'
  | 'tool_result'
  | 'rule_check'
  | 'prior'
  | 'verdict'
  | 'follow_up'
  | 'give_up'
  | 'budget_exhausted'
  | 'answer'
  | 'error'

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

  record(kind: StepKind, payload: unknown): void {
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
