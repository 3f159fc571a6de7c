/**
 * Earth-Bench task 46 in its three phrasings (../shared/benchmarks/earthbench-tasks.jsonl: q_user,
 * q_autonomous_planning, q_instruction_following) over its real files (../shared/benchmarks/earthbench-q46). The
 * instruction phrasing orders its steps ("first apply the TVDI method by constructing a scatter plot of NDVI versus
 * LST ... Then, compute the daily average"): an ordinal before a verb is a step, not a part of the image, and two
 * inputs of TVDI set against each other are the axes of its method, not two quantities compared. All three read to
 * the same spec and compile to the same DAG, which answers the benchmark's gold letter (B, annual mean TVDI
 * 0.6897, the benchmark's own reference).
 */
import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask, parseOptions } from '../../../main/agent/task'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { FIXTURES, shared, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-eb46-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const row = fs
  .readFileSync(shared('benchmarks', 'earthbench-tasks.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, unknown>)
  .find((r) => r.id === '46')!
const options = parseOptions((row.choices as string[]).map((c, i) => `${String.fromCharCode(65 + i)}. ${c}`).join('\n'))

describe('Earth-Bench task 46, three phrasings', () => {
  it('read to the same spec, compile to the same DAG and answer B', async () => {
    const plans = (['q_user', 'q_autonomous_planning', 'q_instruction_following'] as const).map((f) => planTask(makeTask({ question: row[f] as string, options, files: [FIXTURES.Q46_FILES] })))
    for (const p of plans) expect(p.refusal).toBeNull()
    const stated = plans.map((p) => JSON.stringify({ q: p.spec!.quantity, s: p.spec!.subjects[0], c: p.spec!.conditions, p: p.spec!.periods.map((x) => [x.start, x.end]), r: p.spec!.region }))
    expect(new Set(stated).size).toBe(1)
    const dags = plans.map((p) => (p.workflow?.ok && p.workflow.tool === 'execute' ? JSON.stringify(p.workflow.args.nodes) : null))
    expect(dags[0]).not.toBeNull()
    expect(new Set(dags).size).toBe(1)
    const wf = plans[2].workflow!
    if (!wf.ok || wf.tool !== 'execute') throw new Error('no execute workflow')
    const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) }, { pool })
    expect(r.status, r.reason).toBe('ok')
    const obs = r.observation as { choice: string; value: number }
    console.log(`Earth-Bench 46 (instruction phrasing): choice ${obs.choice}, annual mean TVDI ${obs.value}`)
    expect(obs.choice).toBe(row.answer)
    expect(obs.value).toBeCloseTo(0.6897, 3)
  }, 300_000)
})
