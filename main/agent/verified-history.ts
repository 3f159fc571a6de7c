/**
 * The verified history (paper section 4.4, H^ver): only accepted (action, observation, evidence) triples and the
 * cards from retrieve, in call order. The final answer is written from it alone. With verification switched off
 * (RSure-Base) results pass straight in, marked `unverified`.
 */
import type { Artifact, Evidence, ToolConfig } from '../tools/protocol'
import type { PriorEstimate } from '../prior/store'
import type { ToolAction } from '../verify/verdict'

export interface ObservationEntry {
  kind: 'observation'
  /** The number of the call in the run (1-based, as counted against the budget). */
  call: number
  action: ToolAction
  observation: unknown
  evidence: Evidence
  config: ToolConfig
  artifacts: Artifact[]
  /** 'accepted' by the verifier, or 'unverified' when verification was switched off. */
  status: 'accepted' | 'unverified'
  /** Limits the answer must state beside the value (from the verifier). */
  caveats: string[]
  /** What the verifier said when accepting. */
  feedback: string
  /** The task-tool reliability prior the verifier was given (null: none at n_min, prior off, or unverified). */
  prior: PriorEstimate | null
}

export interface CardEntry {
  kind: 'card'
  call: number
  action: ToolAction
  /** The retrieved cards (title, text, id) as returned by retrieve. */
  cards: unknown
}

export type HistoryEntry = ObservationEntry | CardEntry

export class VerifiedHistory {
  private readonly items: HistoryEntry[] = []

  add(entry: HistoryEntry): void {
    this.items.push(entry)
  }

  get entries(): readonly HistoryEntry[] {
    return this.items
  }

  observations(): ObservationEntry[] {
    return this.items.filter((e): e is ObservationEntry => e.kind === 'observation')
  }

  /** The most recent accepted observation of a tool, if any. */
  latest(tool?: string): ObservationEntry | undefined {
    return this.observations()
      .filter((e) => tool === undefined || e.action.tool === tool)
      .at(-1)
  }

  get size(): number {
    return this.items.length
  }
}
