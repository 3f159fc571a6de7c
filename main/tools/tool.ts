/**
 * What every tool is to the agent: a name, a description for the backbone, a zod schema of its arguments, and a
 * `run` that returns one ToolResult (DESIGN sections 3-4). Engines and stores arrive through the context, never
 * as imported globals, so the CLI, the server, the app and the tests can each hand in their own.
 */
import type { z } from 'zod'
import type { ArtifactStore } from '../store/artifacts'
import type { FileAccess } from './access'
import type { EvidenceDeclaration, ToolName, ToolResult } from './protocol'

/** Progress of long work, for the UI's progress bar and the CLI's stderr line. */
export interface Progress {
  /** What is being done, e.g. 'read Xinjiang_2019-03-06_LST.tif' or 'node tvdi'. */
  stage: string
  done: number
  total: number
}

export interface ToolContext {
  artifacts: ArtifactStore
  /** Cancels the call; tools stop promptly and return status 'error' with reason 'cancelled'. */
  signal?: AbortSignal
  onProgress?: (p: Progress) => void
  /** The run this call belongs to, recorded with saved artifacts. */
  runId?: string | null
  /**
   * The files and folders this call may read (tools/access.ts): set for calls planned by a backbone, where only the
   * analyst's inputs and run artifacts may be named; absent on the command line (`rsure exec`), whose user names paths.
   */
  access?: FileAccess
}

export interface Tool<A = unknown, O = unknown> {
  name: ToolName
  /** Written for the backbone: what the tool does, when to use it, what it returns. */
  description: string
  args: z.ZodType<A>
  /**
   * The evidence each of its modes must return (DESIGN section 3), declared here beside the argument schema. A
   * result whose configuration is not covered fails the rule checks closed: nothing says how to check it.
   */
  evidence: EvidenceDeclaration
  run(args: A, ctx: ToolContext): Promise<ToolResult<O>>
}
