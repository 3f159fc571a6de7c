/**
 * The prior deciding on a real task (issue 16, DESIGN sections 5-6): Earth-Bench task 46's rasters, the July 2019
 * TVDI mean (two dates), the rules backbone. The prior is given here as the lookup the loop reads, the way an
 * imported or calibrated matrix reaches it.
 *
 * - With r̂ high (0.81, the published cell) one computation with complete evidence is accepted.
 * - With r̂ low (0.24) the same observation is not accepted alone: the verifier asks for corroboration, the planner
 *   answers with a second route (the per-date reduction recomputed as whole-grid region queries), the two agree and
 *   the answer is kept.
 * - With r̂ low and a per-date reducer that is off by 3 % (a defect of one operator path that leaves the evidence
 *   self-consistent, so no content or provenance check sees it), the second route disagrees: the value is rejected
 *   with both numbers shown, and the answer never carries it.
 *
 * - With r̂ low, the reducer off and a quantity the verifier can recompute apart from the engine (the July LST mean),
 *   the tie of the two routes is broken by a third (the same files decoded by geotiff.js, reduced by its own loops):
 *   the value the two independent routes agree on is accepted, the other rejected with all values shown.
 *
 * The right TVDI value is the clean run's own (the fault suite checks that value against geotiff.js references); the
 * right LST value comes from GDAL + numpy run here by /usr/bin/python3.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRulesBackbone } from '../../main/agent/rules/rules-backbone'
import { runAgent } from '../../main/agent/run-agent'
import { makeTask } from '../../main/agent/task'
import { ToolRegistry } from '../../main/agent/tool-registry'
import type { PriorEstimate } from '../../main/prior/store'
import { newFaultLog, withToolFault } from '../../main/eval/faults/wrap'
import { gdalMeanOfDateMeans } from '../helpers/data-faults'
import { executeTool } from '../../main/tools/execute/index'
import type { ToolResult } from '../../main/tools/protocol'
import type { Tool } from '../../main/tools/tool'
import type { PriorLookup } from '../../main/verify/prior-lookup'
import { FIXTURES } from '../helpers/tmp'
import { memoryStores, type StoreBundle } from '../unit/agent/doubles'

const QUESTION = 'What was the mean TVDI near Urumqi in July 2019?'
const prior = (r_hat: number, n: number, n_valid: number): PriorLookup => ({
  lookup: (_t, c): PriorEstimate | null => (c.coarse === 'execute:raster.product' ? { r_hat, level: 'coarse', n, n_valid, source: 'test' } : null),
})
const HIGH = prior(17 / 21, 19, 16)
const LOW = prior(9 / 38, 36, 8)

type Dag = { nodes: { op: string }[] }
/** Scale every number under `v` (per-date values, the output) by `f`: a consistent defect of one reducer. */
function scaled(v: unknown, f: number): unknown {
  if (typeof v === 'number') return v * f
  if (Array.isArray(v)) return v.map((x) => scaled(x, f))
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, ['date', 'id', 'valid', 'total', 'count', 'width', 'height'].includes(k) ? x : scaled(x, f)]),
    )
  return v
}

/** Execute whose per-date reduction (raster.batch_reduce) reports values 3 % high, its evidence rewritten to match. */
function reducerOff(): Tool<unknown, unknown> & { corrupted: number } {
  const tool = {
    ...executeTool,
    corrupted: 0,
    run: async (args: unknown, ctx: Parameters<typeof executeTool.run>[1]) => {
      const r = (await executeTool.run(args as never, ctx)) as ToolResult
      if (r.status !== 'ok' || !(args as Dag).nodes.some((n) => n.op === 'raster.batch_reduce')) return r
      tool.corrupted += 1
      const nodes = (r.evidence.intermediate as { nodes?: Record<string, unknown> }).nodes ?? {}
      const fixed = Object.fromEntries(Object.entries(nodes).map(([id, v]) => [id, id === 'per_date' || id === 'over_dates' ? scaled(v, 1.03) : v]))
      return { ...r, observation: scaled(r.observation, 1.03), evidence: { ...r.evidence, intermediate: { ...r.evidence.intermediate, nodes: fixed } } }
    },
  }
  return tool
}

let stores: StoreBundle
beforeAll(() => {
  stores = memoryStores()
})
afterAll(() => stores.cleanup())

const ask = (tool: Tool<unknown, unknown>, lookup: PriorLookup, question = QUESTION) =>
  runAgent(
    makeTask({ question, files: [FIXTURES.Q46_FILES] }),
    { verify: true, prior: true },
    { backbone: createRulesBackbone(), registry: new ToolRegistry([tool]), artifacts: stores.artifacts, runs: stores.runs, prior: lookup },
  )

const verdicts = (r: Awaited<ReturnType<typeof ask>>) =>
  r.trajectory.filter((s) => s.kind === 'verdict').map((s) => s.payload as { call: number; decision: string; feedback: string; needed: string[] })
const calls = (r: Awaited<ReturnType<typeof ask>>) =>
  r.trajectory.filter((s) => s.kind === 'tool_call').map((s) => s.payload as { call: number; args: Dag; purpose?: string })

describe('the prior decides how much corroboration an observation needs', () => {
  let right = 0

  it('a high r̂ accepts one computation with complete evidence', async () => {
    const r = await ask(executeTool as Tool<unknown, unknown>, HIGH)
    expect(verdicts(r).map((v) => v.decision)).toEqual(['accept'])
    right = r.answer.value!
    expect(right).toBeGreaterThan(0.5)
    expect(right).toBeLessThan(1)
  }, 120_000)

  it('a low r̂ asks for a second route; the route agrees and the answer is kept', async () => {
    const r = await ask(executeTool as Tool<unknown, unknown>, LOW)
    const v = verdicts(r)
    expect(v[0]).toMatchObject({ decision: 'request_evidence', needed: ['corroboration'] })
    expect(v[0].feedback).toMatch(/r̂ = 0\.24 < 0\.7/)
    const second = calls(r)[1]
    expect(second.args.nodes.some((n) => n.op === 'spatial.query')).toBe(true)
    expect(second.args.nodes.some((n) => n.op === 'raster.batch_reduce')).toBe(false)
    expect(v[1].decision).toBe('accept')
    expect(v[1].feedback).toMatch(/an independent route agrees with call 1/)
    expect(r.answer.value).toBeCloseTo(right, 10)
  }, 240_000)

  it('a low r̂ with a reducer 3 % off: the second route refutes it, the value is rejected with both numbers', async () => {
    const tool = reducerOff()
    const r = await ask(tool, LOW)
    expect(tool.corrupted).toBeGreaterThan(0)
    const v = verdicts(r)
    expect(v[0]).toMatchObject({ decision: 'request_evidence', needed: ['corroboration'] })
    const refuted = v.find((x) => x.decision === 'reject' && /the two routes disagree/.test(x.feedback))
    expect(refuted, JSON.stringify(v)).toBeDefined()
    const wrong = right * 1.03
    expect(refuted!.feedback).toContain(right.toPrecision(6))
    expect(refuted!.feedback).toContain(wrong.toPrecision(6))
    // The disagreement settles it: no repair is tried after it, and no call is made twice.
    expect(calls(r)).toHaveLength(2)
    const plans = r.trajectory.filter((s) => s.kind === 'plan').map((s) => s.payload as { kind: string; thought?: string })
    expect(plans.at(-1)).toMatchObject({ kind: 'finish' })
    expect(plans.at(-1)!.thought).toMatch(/follow-up computed for the evidence request \(corroboration\) was rejected/)
    // No accepted observation carries the faulty value, so the answer does not either.
    for (const e of r.verified) expect(JSON.stringify(e)).not.toContain(String(wrong).slice(0, 7))
    if (r.answer.value !== null) expect(r.answer.value).not.toBeCloseTo(wrong, 6)
  }, 400_000)
})

const JULY_LST = 'What was the mean LST near Urumqi in July 2019?'
const anyCell: PriorLookup = { lookup: () => ({ r_hat: 9 / 38, level: 'fine', n: 36, n_valid: 8, source: 'test' }) }

/** GDAL + numpy: the mean of the two July dates' means of DN * 0.02 over the pixels that are not the file's nodata. */
function julyLst(): number {
  const files = ['2019-07-12', '2019-07-28'].map((d) => path.join(FIXTURES.Q46_FILES, `Xinjiang_${d}_LST.tif`))
  return gdalMeanOfDateMeans(files, 0.02)
}

describe('a third route breaks the tie of two disagreeing routes', () => {
  let right = 0
  beforeAll(() => {
    right = julyLst()
  })

  it('the reducer 3 % off on the July LST mean: the third route agrees with the second, whose value is accepted', async () => {
    const tool = reducerOff()
    const r = await ask(tool, anyCell, JULY_LST)
    expect(tool.corrupted).toBeGreaterThan(0)
    const v = verdicts(r)
    expect(v[0]).toMatchObject({ decision: 'request_evidence', needed: ['corroboration'] })
    const settled = v.at(-1)!
    expect(settled.decision, JSON.stringify(v)).toBe('accept')
    expect(settled.feedback).toMatch(/third/)
    expect(settled.feedback).toContain((right * 1.03).toPrecision(6))
    expect(settled.feedback).toContain(right.toPrecision(6))
    expect(r.answer.value).toBeCloseTo(right, 6)
    expect(r.verified.filter((e) => e.kind === 'observation')).toHaveLength(1)
  }, 400_000)

  it('the second route 3 % off: the third route sides with the first call, which is kept, and the second is rejected', async () => {
    const tool = {
      ...executeTool,
      run: async (args: unknown, ctx: Parameters<typeof executeTool.run>[1]) => {
        const res = (await executeTool.run(args as never, ctx)) as ToolResult
        if (res.status !== 'ok' || !(args as Dag).nodes.some((n) => n.op === 'spatial.query')) return res
        return { ...res, observation: scaled(res.observation, 1.03) }
      },
    }
    const r = await ask(tool as Tool<unknown, unknown>, anyCell, JULY_LST)
    const v = verdicts(r)
    expect(v.map((x) => x.decision)).toEqual(['request_evidence', 'reject'])
    expect(v[1].feedback).toMatch(/third, independent route .* agrees with call 1/)
    expect(v[1].feedback).toContain((right * 1.03).toPrecision(6))
    const kept = r.verified.filter((e) => e.kind === 'observation')
    expect(kept.map((e) => e.call)).toEqual([1])
    expect(r.answer.value).toBeCloseTo(right, 6)
  }, 400_000)

  it('dates missing from the first call only: the clean follow-ups are not compared with it, and the right value is kept', async () => {
    const spec = { kind: 'dates-missing', tool: 'execute', calls: 'first' as const }
    const log = newFaultLog(spec)
    const registry = withToolFault(new ToolRegistry([executeTool as Tool<unknown, unknown>]), spec, log)
    const r = await runAgent(
      makeTask({ question: JULY_LST, files: [FIXTURES.Q46_FILES] }),
      { verify: true, prior: true },
      { backbone: createRulesBackbone(), registry, artifacts: stores.artifacts, runs: stores.runs, prior: anyCell },
    )
    expect(log.corrupted).toEqual([1])
    const v = verdicts(r)
    expect(v[0].decision).toBe('request_evidence')
    expect(
      v.some((x) => x.decision === 'reject'),
      JSON.stringify(v),
    ).toBe(false)
    expect(v.at(-1)!.decision).toBe('accept')
    // Call 1's own evidence showed the run lost files: no later call is measured against its value.
    // Its follow-up is corroborated on its own: by the independent reader here (or a second route of its own).
    expect(v[1].feedback).toMatch(/call 1's own evidence left its value in doubt|an independent reader .* agreeing with this call/)
    for (const x of v.slice(1)) expect(x.feedback).not.toMatch(/(from|with|of) call 1\b/)
    expect(v.at(-1)!.feedback).toMatch(/agrees with call 2|independent reader .* agreeing with this call/)
    expect(r.answer.value).toBeCloseTo(right, 6)
  }, 400_000)

  it('a band bound wrong on the first call only: its second route, with no route left to compare, is corroborated by the independent reader', async () => {
    const spec = { kind: 'wrong-band', tool: 'execute', calls: 'first' as const }
    const log = newFaultLog(spec)
    const registry = withToolFault(new ToolRegistry([executeTool as Tool<unknown, unknown>]), spec, log)
    const scene = path.join(FIXTURES.Q46_FILES, '..', '..', '..', 'fixtures', 'landsat8_L1TP_016037_20170813')
    const task = makeTask({ question: 'What is the mean value of the red band?', files: [scene] })
    const r = await runAgent(
      task,
      { verify: true, prior: true },
      { backbone: createRulesBackbone(), registry, artifacts: stores.artifacts, runs: stores.runs, prior: anyCell },
    )
    expect(log.corrupted).toEqual([1])
    const v = verdicts(r)
    expect(v.at(-1)!.decision, JSON.stringify(v)).toBe('accept')
    expect(v.at(-1)!.feedback).toMatch(/independent reader/)
    // ../shared/fixtures/README.md: B4 mean over DN > 0, GDAL + numpy.
    expect(r.answer.value).toBeCloseTo(11195.847483731019, 4)
  }, 400_000)
})
