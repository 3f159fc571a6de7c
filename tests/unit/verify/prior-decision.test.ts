/**
 * The decision rule of the reliability prior (DESIGN sections 5-6, paper eq. 7 and section 4.4), with priors set by
 * hand and with priors the store computes from calibration records: r̂ = (n_valid + 1) / (n + 2) below 0.7 demands a
 * second, independent route that agrees before an observation is accepted; r̂ at or above 0.7, or None, accepts on
 * the rules and the evidence alone; a follow-up that repeats the first route is no corroboration, one that disagrees
 * is rejected with both values. The numbers the tests expect are worked out by hand from the formula.
 */
import { describe, expect, it } from 'vitest'
import { PriorStore } from '../../../main/prior/store'
import type { PriorEstimate } from '../../../main/prior/store'
import type { RecordInput } from '../../../main/prior/records'
import { openDatabase } from '../../../main/store/database'
import { EvidencePolicyVerifier } from '../../../main/verify/evidence-policy'
import type { VerificationInput } from '../../../main/verify/verdict'
import { executeOk } from '../agent/doubles'

const QUESTION = 'What was the annual mean TVDI near Urumqi in 2019?'

/** The task-46 shape: catalog, two reads, TVDI, a per-date reduction (route 1) or a whole-grid query (route 2), the mean over dates. */
const dag = (route: 1 | 2) => ({
  nodes: [
    { id: 'catalog', op: 'asset.catalog', params: { dir: '/d', start: '2019-01-01', end: '2019-12-31' }, inputs: {} },
    { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@catalog' } },
    { id: 'ndvi', op: 'raster.read', params: { role: 'NDVI' }, inputs: { data: '@catalog' } },
    { id: 'tvdi', op: 'raster.product', params: { product: 'tvdi' }, inputs: { ndvi: '@ndvi', lst: '@lst' } },
    route === 1
      ? { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@tvdi' } }
      : { id: 'daily', op: 'spatial.query', params: { geometry: { type: 'grid', rows: [0, 1], cols: [0, 1] }, stat: 'mean' }, inputs: { data: '@tvdi' } },
    { id: 'overall', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
  ],
  output: 'overall',
})

function input(value: number, prior: PriorEstimate | null, route: 1 | 2 = 1, corroborates?: VerificationInput['corroborates']): VerificationInput {
  const r = executeOk(value)
  const nodes = r.evidence.intermediate.nodes as Record<string, unknown>
  const dates = Array.from({ length: 23 }, (_, i) => new Date(Date.UTC(2019, 0, 1 + 16 * i)).toISOString().slice(0, 10))
  nodes.lst = { items: dates.map((date) => ({ date, valid: 800, total: 1000, mean: 290 })) }
  r.evidence.source.band_mapping = { lst: [{ path: '/d/X_2019-01-01_LST.tif', role: 'LST' }], ndvi: [{ path: '/d/X_2019-01-01_NDVI.tif', role: 'NDVI' }] }
  return {
    images: [],
    question: QUESTION,
    options: [],
    taskType: 'environmental_assessment',
    action: { tool: 'execute', args: dag(route) },
    status: r.status,
    observation: r.observation,
    evidence: r.evidence,
    config: r.config,
    prior,
    ...(corroborates ? { corroborates } : {}),
  }
}

const verify = (i: VerificationInput) => new EvidencePolicyVerifier().verify(i)
const estimate = (n: number, nValid: number): PriorEstimate => ({ r_hat: (nValid + 1) / (n + 2), level: 'coarse', n, n_valid: nValid, source: 'test' })
const first = (value: number) => ({ call: 1, action: { tool: 'execute', args: dag(1) }, observation: { value, unit: 'dimensionless' } })

describe('how much corroboration r̂ demands', () => {
  it('None (no cell) and a high r̂ accept one computation with complete evidence', async () => {
    expect((await verify(input(0.69, null))).decision).toBe('accept')
    // 194 of 200 right: r̂ = 195/202 = 0.965.
    const high = await verify(input(0.69, estimate(200, 194)))
    expect(high.decision).toBe('accept')
    expect(high.feedback).toContain('r̂ = 0.97')
  })

  it('the line is r̂ = 0.7: 12 of 18 right (r̂ 13/20 = 0.65) asks for a second route, 13 of 18 (14/20 = 0.70) does not', async () => {
    const below = await verify(input(0.69, estimate(18, 12)))
    expect(below.decision).toBe('request_evidence')
    expect(below.needed).toContain('corroboration')
    expect(below.feedback).toMatch(/r̂ = 0\.65 < 0\.7/)
    expect((await verify(input(0.69, estimate(18, 13)))).decision).toBe('accept')
  })

  it('a low r̂ accepts a second route that agrees, and only a different route', async () => {
    const low = estimate(36, 8) // r̂ = 9/38 = 0.24
    const agrees = await verify(input(0.69, low, 2, first(0.69)))
    expect(agrees.decision).toBe('accept')
    expect(agrees.feedback).toContain('an independent route agrees with call 1 (0.690000 against 0.690000)')
    const repeats = await verify(input(0.69, low, 1, first(0.69)))
    expect(repeats.decision).toBe('request_evidence')
    expect(repeats.feedback).toContain('repeats the route of call 1')
  })

  it('a low r̂ rejects when the second route disagrees, naming both values', async () => {
    const v = await verify(input(0.69, estimate(36, 8), 2, first(0.69 * 1.03)))
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain('the two routes disagree: 0.690000 here against 0.710700 from call 1')
  })

  it('a first call whose own evidence left it in doubt is no reference: the follow-up is asked for its own second route', async () => {
    const v = await verify(input(0.69, estimate(36, 8), 1, { ...first(0.69 * 1.03), inDoubt: true }))
    expect(v.decision).toBe('request_evidence')
    expect(v.needed).toEqual(['corroboration'])
    expect(v.feedback).toContain("call 1's own evidence left its value in doubt")
    expect(v.feedback).not.toContain('0.710700')
  })

  it('a high r̂ never waives a rejection the evidence shows', async () => {
    const i = input(0.69, estimate(200, 194))
    ;(i.evidence.intermediate.nodes as Record<string, { items: { mean: number }[] }>).lst.items.forEach((x) => (x.mean = 0.31))
    expect((await verify(i)).decision).toBe('reject')
  })
})

describe('calibration records decide through the store', () => {
  const cfg = { tool: 'execute', coarse: 'execute:timeseries.aggregate', fine: 'execute:timeseries.aggregate|mean' }
  const records = (n: number, valid: number, fine = cfg.fine): RecordInput[] =>
    Array.from({ length: n }, (_, i) => ({ taskType: 'environmental_assessment', config: { ...cfg, fine }, valid: i < valid, source: 'calibration' as const }))

  it('n and n_valid written by calibration set r̂; below n_min = 8 the lookup is None and the rules alone decide', async () => {
    const prior = new PriorStore(openDatabase({ file: ':memory:' }), { seed: 'none' })
    prior.record(records(7, 1))
    expect(prior.lookup('environmental_assessment', cfg)).toBeNull()
    expect((await verify(input(0.69, prior.lookup('environmental_assessment', cfg)))).decision).toBe('accept')
    // 10 calls, 3 right: r̂ = 4/12 = 0.333 at the fine level.
    prior.record(records(3, 2))
    const low = prior.lookup('environmental_assessment', cfg)
    expect(low).toEqual({ r_hat: 4 / 12, level: 'fine', n: 10, n_valid: 3, source: 'calibration' })
    expect((await verify(input(0.69, low))).decision).toBe('request_evidence')
  })

  it('a fine cell under n_min falls back to its coarse cell: 32 right of 32 (30 under another fine id) give r̂ 33/34 and accept', async () => {
    const prior = new PriorStore(openDatabase({ file: ':memory:' }), { seed: 'none' })
    prior.record([...records(30, 30, 'execute:timeseries.aggregate|median'), ...records(2, 2)])
    const p = prior.lookup('environmental_assessment', cfg)
    expect(p).toMatchObject({ level: 'coarse', n: 32, n_valid: 32 })
    expect(p!.r_hat).toBeCloseTo(33 / 34, 12)
    expect((await verify(input(0.69, p))).decision).toBe('accept')
  })
})
