/**
 * Fault injection with the real execute tool on Earth-Bench task 46's rasters (DESIGN section 8): a wrapper makes
 * execute compute on the wrong band, or silently lose dates, while the planner's call stays correct. The rules
 * backbone's deterministic verifier must catch the fault from the evidence alone, and the answer must stay right
 * (after a repair) or say what is missing, never carry the faulty value.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRulesBackbone } from '../../main/agent/rules/rules-backbone'
import { runAgent } from '../../main/agent/run-agent'
import { makeTask, parseOptions } from '../../main/agent/task'
import { ToolRegistry } from '../../main/agent/tool-registry'
import { executeTool } from '../../main/tools/execute/index'
import type { Tool } from '../../main/tools/tool'
import { FIXTURES, shared } from '../helpers/tmp'
import { memoryStores, type StoreBundle } from '../unit/agent/doubles'

const FILES = FIXTURES.Q46_FILES
type Dag = { nodes: { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, unknown> }[]; output: string }

/**
 * Execute, but on the first call the read feeding TVDI's `lst` input takes the NDVI band and labels it a temperature
 * in K (mis-declared band metadata), so the DAG still compiles and computes a wrong TVDI.
 */
function wrongBandOnce(): Tool<unknown, unknown> & { faults: number } {
  let calls = 0
  const tool = {
    ...executeTool,
    faults: 0,
    run: async (args: unknown, ctx: Parameters<typeof executeTool.run>[1]) => {
      calls += 1
      const dag = structuredClone(args) as Dag
      if (calls === 1) {
        const read = dag.nodes.find((n) => n.op === 'raster.read' && n.params.role === 'LST')
        if (read) {
          read.params.role = 'NDVI'
          read.params.unit = 'K'
          tool.faults += 1
        }
      }
      return executeTool.run(dag as never, ctx)
    },
  }
  return tool
}

/** Execute, but the catalog silently keeps only the files dated before May (every call). */
function losesDates(): Tool<unknown, unknown> {
  const kept = fs.readdirSync(FILES).filter((f) => /_2019-0[1-4]-/.test(f)).map((f) => path.join(FILES, f))
  return {
    ...executeTool,
    run: async (args, ctx) => {
      const dag = structuredClone(args) as Dag
      for (const n of dag.nodes.filter((x) => x.op === 'asset.catalog')) {
        delete n.params.dir
        n.params.files = kept
      }
      return executeTool.run(dag as never, ctx)
    },
  }
}

let stores: StoreBundle
beforeAll(() => {
  stores = memoryStores()
})
afterAll(() => stores.cleanup())

async function ask(tool: Tool<unknown, unknown>, question: string, options = '') {
  const registry = new ToolRegistry([tool])
  return runAgent(makeTask({ question, options: options ? parseOptions(options) : [], files: [FILES] }), { verify: true, prior: true }, {
    backbone: createRulesBackbone(),
    registry,
    artifacts: stores.artifacts,
    runs: stores.runs,
  })
}

describe('fault injection on the rules backbone', () => {
  const question = 'What was the mean TVDI near Urumqi from March to June 2019?'

  it('a computation on the wrong band is rejected from its evidence, repaired, and the answer stays right', async () => {
    const clean = await ask(executeTool as Tool<unknown, unknown>, question)
    expect(clean.verified).toHaveLength(1)
    const right = clean.answer.value!
    expect(right).toBeGreaterThan(0)

    const faulty = wrongBandOnce()
    const result = await ask(faulty, question)
    expect(faulty.faults).toBe(1)
    const verdicts = result.trajectory.filter((s) => s.kind === 'verdict').map((s) => s.payload as { decision: string; feedback: string })
    expect(verdicts[0].decision).toBe('reject')
    expect(verdicts[0].feedback).toMatch(/expects a temperature layer|actually read NDVI|outside the plausible 150 to 400/)
    expect(verdicts[1].decision).toBe('accept')
    // The repaired call binds the band roles explicitly and its value is the clean one; the faulty value is gone.
    expect(result.verified.map((e) => e.call)).toEqual([2])
    expect(result.answer.value).toBeCloseTo(right, 10)
    const rejectedResult = result.trajectory.find((s) => s.kind === 'tool_result')!.payload as { result: { observation: { value: number } } }
    const faultyValue = rejectedResult.result.observation.value
    expect(faultyValue).not.toBeCloseTo(right, 3)
    expect(JSON.stringify(result.answer)).not.toContain(String(faultyValue).slice(0, 6))
  })

  it('a tool that silently narrows the period is rejected: its evidence shows a run other than the call', async () => {
    const q46 = JSON.parse(fs.readFileSync(shared('benchmarks', 'earthbench-q46', 'tasks.jsonl'), 'utf8').split('\n')[0])
    const result = await ask(losesDates(), q46.question, q46.options)
    const verdicts = result.trajectory.filter((s) => s.kind === 'verdict').map((s) => s.payload as { decision: string; needed: string[]; feedback: string })
    expect(verdicts.length).toBeGreaterThanOrEqual(1)
    expect(verdicts[0].decision).toBe('reject')
    expect(verdicts[0].feedback).toContain('describes a different run from the call')
    expect(verdicts[0].feedback).toMatch(/parameter '(dir|files)'/)
    expect(verdicts.some((v) => v.decision === 'accept')).toBe(false)
    expect(result.verified).toEqual([])
    expect(result.answer.choice).toBeNull()
  })
})
