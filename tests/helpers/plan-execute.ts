/**
 * Plan a question with the rules planner and run the planned DAG with the real execute tool, optionally followed by
 * the verifier's provenance check: the plan-execute-verify step the rules-workflow tests under tests/unit/agent
 * share (no loop, no semantic verifier). A refusal comes back in the planner's words, never as a value.
 */
import { expect } from 'vitest'
import { planTask, type RulesPlan } from '../../main/agent/rules/rules-planner'
import type { Workflow } from '../../main/agent/rules/skills'
import { makeTask } from '../../main/agent/task'
import type { RasterPool } from '../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeDag } from '../../main/tools/execute/index'
import type { ToolResult } from '../../main/tools/protocol'
import type { Finding } from '../../main/verify/policy/finding'
import { checkProvenance } from '../../main/verify/provenance/check-provenance'

// A raster job that fails in a way nobody expected says only "failed unexpectedly" unless RSURE_DEBUG is set (the
// workers read it when they start): set here, so a rare failure on CI prints its stack in the assertion message.
process.env.RSURE_DEBUG ??= '1'

export interface PlanExecuteOptions {
  /** Where the run's artifacts are written. */
  artifacts: string
  /** A raster worker pool the test owns (closed by it); the execute tool's own when absent. */
  pool?: RasterPool
  /** Run the verifier's provenance check and expect no reject or request finding. */
  provenance?: boolean
}

export type Executed = {
  refusal: null
  plan: RulesPlan
  wf: Extract<Workflow, { tool: 'execute' }>
  result: ToolResult
  /** The observation's `value` (a scalar answer), NaN when it has none. */
  value: number
  /** The provenance findings, when they were checked. */
  findings: Finding[]
}

/** The planned DAG run to an ok result, or the planner's refusal (or missing input) in words. */
export async function planExecute(question: string, files: string[], opts: PlanExecuteOptions): Promise<Executed | { refusal: string; plan: RulesPlan }> {
  const task = makeTask({ question, files })
  const plan = planTask(task)
  const wf = plan.workflow
  if (plan.refusal || !wf || !wf.ok || wf.tool !== 'execute') return { refusal: plan.refusal ?? (wf && !wf.ok ? wf.missing : 'no workflow'), plan }
  const result = await executeDag(wf.args, { artifacts: new ArtifactStore(opts.artifacts) }, { pool: opts.pool })
  expect(result.status, result.reason).toBe('ok')
  const findings = opts.provenance ? checkProvenance(task.question, wf.args, result.evidence, result.observation) : []
  expect(findings.filter((f) => f.severity === 'reject' || f.severity === 'request').map((f) => f.message)).toEqual([])
  const observed: unknown = result.observation
  const value = observed !== null && typeof observed === 'object' && 'value' in observed && typeof observed.value === 'number' ? observed.value : NaN
  return { refusal: null, plan, wf, result, value, findings }
}

/** The same for a question that must be answered: a refusal throws `refused: <the reason>`. */
export async function planExecuteAnswered(question: string, files: string[], opts: PlanExecuteOptions): Promise<Executed> {
  const out = await planExecute(question, files, opts)
  if (out.refusal !== null) throw new Error(`refused: ${out.refusal}`)
  return out
}

/**
 * The same, with the provenance check, and the value within `tol` of one of `wants` (the readings a blind reference
 * spans); returns the value.
 */
export async function answeredWithin(question: string, files: string[], wants: readonly number[], tol: number, artifacts: string): Promise<number> {
  const got = await planExecuteAnswered(question, files, { artifacts, provenance: true })
  expect(Math.min(...wants.map((w) => Math.abs(got.value - w))), `${question}: ${got.value}`).toBeLessThanOrEqual(tol)
  return got.value
}

/**
 * Why the rules planner plans no run for a question, in words: its refusal, what its workflow lacks, or that it
 * planned none; null when it plans a run.
 */
export function plannedRefusal(question: string, files: string[]): string | null {
  const task = makeTask({ question, files })
  const plan = planTask(task)
  if (plan.refusal) return plan.refusal
  if (!plan.workflow) return 'no workflow'
  if (plan.workflow.ok) return null
  const missing: unknown = plan.workflow.missing
  return typeof missing === 'string' ? missing : JSON.stringify(missing)
}

/** The slope of a planned, run and verified trend, within `tol` of one of `wants` (the readings a blind reference spans). */
export async function slopeWithin(question: string, files: string[], wants: readonly number[], tol: number, artifacts: string): Promise<number> {
  const got = await planExecuteAnswered(question, files, { artifacts, provenance: true })
  const slope = (got.result.observation as { slope: number }).slope
  expect(Math.min(...wants.map((w) => Math.abs(slope - w))), `${question}: ${slope}`).toBeLessThanOrEqual(tol)
  return slope
}
