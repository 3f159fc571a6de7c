/**
 * The reliability prior changes decisions (DESIGN sections 5-6), shown on real data: the task-46 files (23 dates of
 * MODIS LST/NDVI, TVDI) and the Landsat 8 fixture (NDVI from raw DN). With a high r̂ for the task type and the
 * call's configuration, the first computation with complete evidence is accepted. With a low r̂ the verifier asks
 * for the same quantity by an independent route (a region query over the whole image instead of the per-date
 * reduction); the follow-up is accepted only because it agrees, and a route that repeats the first, or disagrees,
 * is not. The loop, the execute tool and the evidence policy are the real ones; only the planner is a short script.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PlannerView, Planner } from '../../main/agent/loop-events'
import { runLoop } from '../../main/agent/loop'
import { makeTask, parseOptions } from '../../main/agent/task'
import { ToolRegistry } from '../../main/agent/tool-registry'
import { TrajectoryRecorder } from '../../main/agent/trajectory'
import { TiffFile } from '../../main/engines/raster/tiff/reader'
import type { PriorEstimate } from '../../main/prior/store'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeTool } from '../../main/tools/execute/index'
import { EvidencePolicyVerifier } from '../../main/verify/evidence-policy'
import { checkCorroboration } from '../../main/verify/policy/corroboration'
import { shared, tempDir } from '../helpers/tmp'

const tmp = tempDir('rsure-prior-branches-')
afterAll(() => tmp.cleanup())

const Q46 = shared('benchmarks', 'earthbench-q46')
const q46Size = (() => {
  const t = TiffFile.open(path.join(Q46, 'files', 'Xinjiang_2019-01-01_LST.tif'))
  return { width: t.width, height: t.height }
})()

/**
 * Task 46's quantity (mean of the daily mean TVDI) over the first quarter of 2019, to keep the test short, by route 1
 * (per-date batch reduction) or route 2 (a pixel-box query over the whole image per date).
 */
const Q1 = 'Using NDVI and LST near Urumqi, what was the mean TVDI in the first quarter of 2019?'
function q46Dag(route: 1 | 2): unknown {
  const perDate = route === 1
    ? { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@tvdi' } }
    : { id: 'daily', op: 'spatial.query', params: { geometry: { type: 'bbox', bbox: [0, 0, q46Size.width, q46Size.height], crs: 'pixel' }, stat: 'mean' }, inputs: { data: '@tvdi' } }
  return {
    base_dir: Q46,
    nodes: [
      { id: 'cat', op: 'asset.catalog', params: { dir: 'files', start: '2019-01-01', end: '2019-03-31', scales: { LST: { scale: 0.02, unit: 'K' }, NDVI: { scale: 0.0001, unit: 'dimensionless' } } } },
      // The files' nodata tags mark the winter fill values, which would otherwise drag the LST layer's mean down.
      { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@cat' } },
      { id: 'ndvi', op: 'raster.read', params: { role: 'NDVI' }, inputs: { data: '@cat' } },
      { id: 'tvdi', op: 'raster.product', params: { product: 'tvdi', bins: 100, min_pixels: 100 }, inputs: { ndvi: '@ndvi', lst: '@lst' } },
      perDate,
      { id: 'annual', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
    ],
    output: 'annual',
  }
}

const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
/** Mean NDVI from raw DN of the Landsat scene (fill DN 0 left out by the catalog), by one of two routes. */
function landsatDag(route: 1 | 2): unknown {
  const reduce = route === 1
    ? { id: 'per', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@ndvi' } }
    : { id: 'per', op: 'spatial.query', params: { geometry: { type: 'bbox', bbox: [0, 0, 255, 259], crs: 'pixel' }, stat: 'mean' }, inputs: { data: '@ndvi' } }
  return {
    nodes: [
      { id: 'cat', op: 'asset.catalog', params: { dir: LANDSAT, start: '2017-08-13', end: '2017-08-13' } },
      { id: 'red', op: 'raster.read', params: { role: 'red' }, inputs: { data: '@cat' } },
      { id: 'nir', op: 'raster.read', params: { role: 'nir' }, inputs: { data: '@cat' } },
      { id: 'ndvi', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } },
      reduce,
      { id: 'mean', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@per' } },
    ],
    output: 'mean',
  }
}

/** A planner that makes the first route, and the second only when the verifier asks for corroborating evidence. */
function twoRoutePlanner(first: unknown, second: unknown): Planner {
  return {
    async next(view: PlannerView) {
      const last = view.events.at(-1)
      if (view.events.length === 0) return { kind: 'calls', calls: [{ tool: 'execute', args: first }] }
      if (view.request?.needed.includes('corroboration') && view.events.length === 1) return { kind: 'calls', calls: [{ tool: 'execute', args: second }] }
      return { kind: 'finish', thought: last?.kind ?? 'none' }
    },
  }
}

const prior = (r_hat: number): PriorEstimate => ({ r_hat, level: 'coarse', n: 40, n_valid: Math.round(r_hat * 40), source: 'test' })

async function loop(question: string, options: string, files: string, planner: Planner, r_hat: number) {
  const task = makeTask({ question, options: options ? parseOptions(options) : [], files: [files] })
  return runLoop({
    task, taskType: 'environmental_assessment', planner, verifier: new EvidencePolicyVerifier(),
    prior: { lookup: () => prior(r_hat) }, registry: new ToolRegistry([executeTool]),
    toolContext: { artifacts: new ArtifactStore(tmp.dir) }, recorder: new TrajectoryRecorder(null, null),
  })
}

const valueOf = (o: unknown) => (o as { value: number }).value

describe('the prior changes the decision on the task-46 files', () => {
  it('high r̂: the first computation with complete evidence is accepted, no second call', async () => {
    const out = await loop(Q1, '', path.join(Q46, 'files'), twoRoutePlanner(q46Dag(1), q46Dag(2)), 0.92)
    expect(out.toolCalls).toBe(1)
    expect(out.events.map((e) => e.kind)).toEqual(['accepted'])
    expect(valueOf(out.history.observations()[0].observation)).toBeGreaterThan(0)
  })

  it('low r̂: corroboration is requested, and the independent route that agrees is accepted', async () => {
    const out = await loop(Q1, '', path.join(Q46, 'files'), twoRoutePlanner(q46Dag(1), q46Dag(2)), 0.45)
    expect(out.toolCalls).toBe(2)
    const [first, second] = out.events
    expect(first).toMatchObject({ kind: 'verdict', decision: 'request_evidence', needed: ['corroboration'] })
    expect(first.kind === 'verdict' && first.feedback).toContain('r̂ = 0.45 < 0.7')
    expect(second.kind).toBe('accepted')
    if (second.kind !== 'accepted') return
    expect(second.feedback).toContain('an independent route agrees with call 1')
    // The two routes give the same number; it is the one a high prior accepts at once.
    const high = await loop(Q1, '', path.join(Q46, 'files'), twoRoutePlanner(q46Dag(1), q46Dag(2)), 0.92)
    expect(valueOf(second.observation)).toBeCloseTo(valueOf(high.history.observations()[0].observation), 9)
    // Only the corroborated observation is in the verified history.
    expect(out.history.observations().map((e) => e.call)).toEqual([2])
  })

  it('low r̂: a follow-up that repeats the first route is not accepted', async () => {
    const out = await loop(Q1, '', path.join(Q46, 'files'), twoRoutePlanner(q46Dag(1), { ...(q46Dag(1) as object), save: [] }), 0.45)
    expect(out.events[1]).toMatchObject({ kind: 'verdict', decision: 'request_evidence' })
    expect(out.events[1].kind === 'verdict' && out.events[1].feedback).toContain('repeats the route of call 1')
    expect(out.history.observations()).toHaveLength(0)
  })
})

describe('the prior changes the decision on the Landsat 8 fixture', () => {
  const Q = 'What was the mean NDVI of the Landsat 8 scene on 2017-08-13?'
  /** fixtures/README.md: NDVI on raw DN over B4 > 0 and B5 > 0 (n = 46100). */
  const REFERENCE = 0.20559621830211325

  it('high r̂ accepts one route; low r̂ accepts only after a second route agrees, both at the reference value', async () => {
    const high = await loop(Q, '', LANDSAT, twoRoutePlanner(landsatDag(1), landsatDag(2)), 0.9)
    expect(high.events.map((e) => e.kind)).toEqual(['accepted'])
    expect(valueOf(high.history.observations()[0].observation)).toBeCloseTo(REFERENCE, 9)

    const low = await loop(Q, '', LANDSAT, twoRoutePlanner(landsatDag(1), landsatDag(2)), 0.5)
    expect(low.events.map((e) => e.kind)).toEqual(['verdict', 'accepted'])
    expect(valueOf(low.history.observations()[0].observation)).toBeCloseTo(REFERENCE, 9)
  })

  it('low r̂: two routes that disagree reject the follow-up', () => {
    const action = { tool: 'execute', args: landsatDag(2) }
    const earlier = { call: 1, action: { tool: 'execute', args: landsatDag(1) }, observation: { value: REFERENCE * 1.01, unit: 'dimensionless' } }
    const findings = checkCorroboration(prior(0.5), action, { value: REFERENCE, unit: 'dimensionless' }, earlier)
    expect(findings).toMatchObject([{ check: 'corroboration', severity: 'reject' }])
    expect(findings[0].message).toContain('the two routes disagree')
    expect(checkCorroboration(prior(0.9), action, { value: REFERENCE }, earlier)).toEqual([])
  })
})
