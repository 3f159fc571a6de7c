/**
 * Plan a question over a folder with the rules backbone and run the planned DAG with the real execute tool:
 * the end-to-end check the rules-workflow tests share (planner + compiler + engine, no loop or verifier).
 */
import path from 'node:path'
import { planTask } from '../../main/agent/rules/rules-planner'
import { makeTask, parseOptions } from '../../main/agent/task'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeDag } from '../../main/tools/execute/index'

export type PlannedNode = { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, unknown> }

export async function planAndRun(question: string, dir: string, options = '') {
  const plan = planTask(makeTask({ question, options: options ? parseOptions(options) : [], files: [dir] }))
  const wf = plan.workflow
  if (!wf?.ok || wf.tool !== 'execute') throw new Error(`no execute workflow: ${wf && !wf.ok ? wf.missing : 'none'}`)
  const result = await executeDag(wf.args, { artifacts: new ArtifactStore(path.join(dir, 'artifacts')) })
  const nodes = wf.args.nodes as PlannedNode[]
  const obs = result.observation as Record<string, unknown> | null
  return {
    plan,
    wf,
    nodes,
    result,
    obs,
    value: obs?.value as number | undefined,
    products: nodes.filter((n) => n.op === 'raster.product').map((n) => n.params.product),
  }
}
