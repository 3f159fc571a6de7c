/**
 * Issue 8's table on the real task-46 files, through both readers: the rules planner plans each question from its
 * own task spec, the execute engine runs it on a few dates, and the verifier (its own question reader and the
 * provenance check, over the real DAG evidence) accepts it. The same plan turned into the quantity the old planner
 * computed (the mean for a median or a standard deviation, the whole image for a half, no NDVI mask, a share for a
 * count, the whole year for a quarter, kelvin for Celsius) is rejected with a diagnosis naming the part that differs.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../main/agent/rules/rules-planner'
import { makeTask } from '../../main/agent/task'
import { RasterPool } from '../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeDag } from '../../main/tools/execute/index'
import { EvidencePolicyVerifier } from '../../main/verify/evidence-policy'
import { routeFor } from '../../main/verify/evidence-routes'
import { FIXTURES, tempDir } from '../helpers/tmp'

const store = tempDir('rsure-verify-table-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

type Node = { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, string | number> }
type Args = { nodes: Node[]; output: string }

const both = (...dates: string[]) => dates.flatMap((d) => ['LST', 'NDVI'].map((v) => path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_${v}.tif`)))

function plan(question: string, files: string[]): Args {
  const wf = planTask(makeTask({ question, files })).workflow
  if (!wf?.ok || wf.tool !== 'execute') throw new Error(`no execute plan for: ${question}`)
  return wf.args as Args
}

async function verify(question: string, args: Args) {
  const r = await executeDag(args, { artifacts: new ArtifactStore(store.dir) }, { pool })
  expect(r.status, r.reason).toBe('ok')
  return new EvidencePolicyVerifier().verify({
    images: [], question, options: [], taskType: 'environmental_assessment', action: { tool: 'execute', args },
    status: r.status, observation: r.observation, evidence: r.evidence, config: r.config, prior: null,
  })
}

const withNode = (args: Args, op: string, change: (n: Node) => Node): Args => ({ ...args, nodes: args.nodes.map((n) => (n.op === op ? change(n) : n)) })

describe("the verifier on the rules planner's plans for issue 8's table (task-46 files)", () => {
  it('median: the per-date median is accepted, the mean rejected', async () => {
    const q = 'What was the median TVDI in July 2019?'
    const planned = plan(q, both('2019-07-12'))
    expect((await verify(q, planned)).decision).toBe('accept')
    const mean = withNode(planned, 'raster.batch_reduce', (n) => ({ ...n, params: { ...n.params, stat: 'mean' } }))
    const v = await verify(q, mean)
    // Not a plain rejection: a targeted request to recompute the per-date node with the median, which gives back the
    // planner's own DAG.
    expect(v.decision).toBe('request_evidence')
    expect(v.feedback).toMatch(/the question asks for the median but the observation's statistic node '\w+' computes the mean over dates \(of the mean\)/)
    expect(routeFor(v.needed, mean)!.args).toEqual(planned)
  })

  it('standard deviation: accepted, and the mean in its place rejected', async () => {
    const q = 'What was the standard deviation of LST in July 2019?'
    const planned = plan(q, both('2019-07-12'))
    expect((await verify(q, planned)).decision).toBe('accept')
    const mean = withNode(planned, 'raster.batch_reduce', (n) => ({ ...n, params: { ...n.params, stat: 'mean' } }))
    const v = await verify(q, mean)
    expect(v.decision).toBe('request_evidence')
    expect(v.feedback).toContain('the question asks for the standard deviation but')
    expect(routeFor(v.needed, mean)!.args).toEqual(planned)
  })

  it('northern half: the north part is accepted, the whole image rejected', async () => {
    const q = 'What was the mean TVDI for the northern half of the image in July 2019?'
    const planned = plan(q, both('2019-07-12'))
    const ok = await verify(q, planned)
    expect(ok.decision, ok.feedback).toBe('accept')
    expect(ok.feedback).toMatch(/covers the northern half \(columns 0-2599, rows 0-12(86|87)\)/)
    const whole = withNode(planned, 'spatial.query', (n) => ({ id: n.id, op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: n.inputs }))
    const v = await verify(q, whole)
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain('the question asks about the northern half but the observation covers the whole image')
  })

  it('NDVI range mask: accepted with the mask, rejected without it', async () => {
    const q = 'What was the mean LST for pixels with NDVI between 0.2 and 0.5 in July 2019?'
    const planned = plan(q, both('2019-07-12'))
    expect((await verify(q, planned)).decision).toBe('accept')
    const unmasked = withNode(planned, 'raster.batch_reduce', (n) => ({ ...n, inputs: { data: '@lst' } }))
    const v = await verify(q, unmasked)
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain('the question keeps only pixels with NDVI between 0.2 and 0.5 but the observation applies no such condition on NDVI')
  })

  it('pixel count: a count is accepted, a percentage of pixels rejected', async () => {
    const q = 'How many pixels had TVDI above 0.9 on 2019-07-12?'
    const planned = plan(q, both('2019-07-12'))
    const ok = await verify(q, planned)
    expect(ok.decision, ok.feedback).toBe('accept')
    const share: Args = {
      nodes: [...planned.nodes.filter((n) => ['asset.catalog', 'raster.read', 'raster.product'].includes(n.op)), { id: 'share', op: 'threshold_fraction', params: { op: '>', value: 0.9, as: 'percent' }, inputs: { data: '@tvdi' } }, { id: 'over', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@share' } }],
      output: 'over',
    }
    const v = await verify(q, share)
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain("the question asks for the number of pixels but the observation's statistic node 'over' computes the mean over dates (of the fraction (or percentage) of pixels)")
  })

  it('first quarter: only its dates are accepted, the whole year rejected', async () => {
    const q = 'What was the mean TVDI in the first quarter of 2019?'
    const files = both('2019-01-17', '2019-03-22', '2019-07-12')
    const planned = plan(q, files)
    expect((await verify(q, planned)).decision).toBe('accept')
    const year = withNode(planned, 'asset.catalog', (n) => ({ ...n, params: { files, start: '2019-01-01', end: '2019-12-31' } }))
    const v = await verify(q, year)
    expect(v.decision).toBe('reject')
    expect(v.feedback).toMatch(/catalog '\w+' keeps only 2019-01-01 to 2019-12-31, which cuts off part of the requested period|outside the requested periods \(2019-07-12\)/)
  })

  it('degrees Celsius: the converted value is accepted, kelvin rejected', async () => {
    const q = 'What was the mean LST in July 2019 in degrees Celsius?'
    const planned = plan(q, both('2019-07-12'))
    expect((await verify(q, planned)).decision).toBe('accept')
    const kelvin: Args = { nodes: planned.nodes.filter((n) => n.op !== 'math.expr'), output: planned.nodes.find((n) => n.op === 'timeseries.aggregate')!.id }
    const v = await verify(q, kelvin)
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain("the question asks for degrees Celsius ('in degrees Celsius') but the observation's output is in kelvin")
  })
})
