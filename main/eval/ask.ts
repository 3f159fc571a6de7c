/**
 * How the harness runs one task: through the application service's `ask` (main/services.ts), the same path as
 * `rsure ask` and the desk, so an evaluation measures the app as it is used. The harness sees only this narrow
 * shape, which `Services.ask` satisfies, so eval never imports the composition root above it.
 */
import type { Backbone } from '../agent/backbone'
import type { AgentResult } from '../agent/run-agent'
import type { TaskSpec } from '../agent/task'
import type { ToolRegistry } from '../agent/tool-registry'

/** The switches of one evaluated run. `forceChoice` is passed through for agents that support it. */
export interface EvalSwitches {
  verify: boolean
  prior: boolean
  forceChoice?: boolean
  backbone?: string
}

export interface EvalHooks {
  /** The tools of this run: the installed ones, or with one wrapped by a known fault. */
  registry?: (installed: ToolRegistry) => ToolRegistry | Promise<ToolRegistry>
  /** A backbone built by the harness (a planner fault wraps its planner); the harness closes it. */
  backbone?: Backbone
}

export type AskFn = (task: TaskSpec, switches: EvalSwitches, signal?: AbortSignal, onEvent?: undefined, hooks?: EvalHooks) => Promise<AgentResult>

/** The configurations of paper table 6: RSure-Base, verification without the prior, and the full agent. */
export const EVAL_CONFIGS = {
  base: { verify: false, prior: false },
  verify: { verify: true, prior: false },
  full: { verify: true, prior: true },
} as const
export type EvalConfig = keyof typeof EVAL_CONFIGS
export const CONFIG_NAMES = Object.keys(EVAL_CONFIGS) as EvalConfig[]

/** `base|verify|full|all` or a comma list, in the canonical order. */
export function parseConfigs(text: string): EvalConfig[] {
  const parts = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  if (parts.includes('all')) return [...CONFIG_NAMES]
  const bad = parts.filter((p) => !(p in EVAL_CONFIGS))
  if (bad.length || parts.length === 0) throw new Error(`Unknown configuration '${bad[0] ?? text}': use base, verify, full or all.`)
  return CONFIG_NAMES.filter((c) => parts.includes(c))
}
