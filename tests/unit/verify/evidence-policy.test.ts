import { describe, expect, it } from 'vitest'
import { EvidencePolicyVerifier } from '../../../main/verify/evidence-policy'
import { routeFor } from '../../../main/verify/evidence-routes'
import type { PriorEstimate } from '../../../main/prior/store'
import type { VerificationInput } from '../../../main/verify/verdict'
import { executeOk } from '../agent/doubles'

const QUESTION = 'What was the annual mean TVDI near Urumqi in 2019?'
const every16 = (from: string, n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 16 * 86_400_000).toISOString().slice(0, 10))

const dag = (catalog: Record<string, unknown> = { dir: '/d', start: '2019-01-01', end: '2019-12-31' }) => ({
  nodes: [
    { id: 'catalog', op: 'asset.catalog', params: catalog, inputs: {} },
    { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@catalog' } },
    { id: 'ndvi', op: 'raster.read', params: { role: 'NDVI' }, inputs: { data: '@catalog' } },
    { id: 'tvdi', op: 'raster.product', params: { product: 'tvdi' }, inputs: { ndvi: '@ndvi', lst: '@lst' } },
    { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@tvdi' } },
    { id: 'overall', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
  ],
  output: 'overall',
})

function input(
  over: { dates?: string[]; value?: number; prior?: PriorEstimate | null; action?: unknown; lstMean?: number; question?: string } = {},
): VerificationInput {
  const r = executeOk(over.value ?? 0.69, { dates: over.dates })
  const nodes = r.evidence.intermediate.nodes as Record<string, unknown>
  nodes.lst = { items: (over.dates ?? every16('2019-01-01', 23)).map((date) => ({ date, valid: 800, total: 1000, mean: over.lstMean ?? 290 })) }
  r.evidence.source.band_mapping = { lst: [{ path: '/d/X_2019-01-01_LST.tif', role: 'LST' }], ndvi: [{ path: '/d/X_2019-01-01_NDVI.tif', role: 'NDVI' }] }
  return {
    images: [],
    question: over.question ?? QUESTION,
    options: [],
    taskType: 'environmental_assessment',
    action: { tool: 'execute', args: over.action ?? dag() },
    status: r.status,
    observation: r.observation,
    evidence: r.evidence,
    config: r.config,
    prior: over.prior ?? null,
  }
}

const verify = (i: VerificationInput) => new EvidencePolicyVerifier().verify(i)
const low: PriorEstimate = { r_hat: 0.5, level: 'coarse', n: 40, n_valid: 19, source: 'calibration' }
const high: PriorEstimate = { r_hat: 0.97, level: 'fine', n: 200, n_valid: 194, source: 'published' }

describe('the deterministic evidence policy', () => {
  it('accepts complete, plausible evidence and says what it checked', async () => {
    const v = await verify(input())
    expect(v.decision).toBe('accept')
    expect(v.feedback).toContain('23 dates from 2019-01-01 to 2019-12-19 cover 100%')
    expect(v.caveats).toEqual([])
  })

  it('requests evidence when most of the requested period has no data', async () => {
    const v = await verify(input({ dates: every16('2019-01-01', 8) }))
    expect(v.decision).toBe('request_evidence')
    expect(v.needed).toEqual(['temporal_coverage'])
    // The files end in April: the end of the year asked is not reached (an edge, not a gap inside the period).
    expect(v.feedback).toContain('do not reach the end of 2019-01-01 to 2019-12-31')
  })

  it('accepts a partial period with the gap as a caveat, but not under a low prior', async () => {
    // A gap inside the period (March to September), the year's start and end reached.
    const dates = [...every16('2019-01-01', 5), ...every16('2019-09-01', 8)]
    const normal = await verify(input({ dates }))
    expect(normal.decision).toBe('accept')
    expect(normal.caveats.join(' ')).toContain('dates missing from the requested period')
    const strict = await verify(input({ dates, prior: low }))
    expect(strict.decision).toBe('request_evidence')
    expect(strict.feedback).toContain('strict thresholds applied')
  })

  it('never waives a check for a high prior', async () => {
    const v = await verify(input({ dates: every16('2019-01-01', 8), prior: high }))
    expect(v.decision).toBe('request_evidence')
    const wrong = await verify(input({ lstMean: 0.31, prior: high }))
    expect(wrong.decision).toBe('reject')
  })

  it('rejects a temperature input whose values are not temperatures (wrong band or scale)', async () => {
    const v = await verify(input({ lstMean: 5.8 }))
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain("the temperature layer behind 'lst' (node 'lst') has a typical mean of 5.800")
  })

  it('checks the TVDI edge fits: mostly crossed edges reject, a few are a caveat, poor fits ask for evidence', async () => {
    const withEdges = (dry: object, wet: object) => {
      const i = input()
      ;(i.evidence.intermediate as Record<string, unknown>).products = { tvdi: [{ date: '2019-01-01', dry_edge: dry, wet_edge: wet }] }
      return i
    }
    const good = await verify(withEdges({ intercept: 300, slope: -20, r2: 0.8 }, { intercept: 270, slope: 5, r2: 0.6 }))
    expect(good.decision).toBe('accept')
    expect(good.feedback).toContain('median r² 0.80')
    const crossed = await verify(withEdges({ intercept: 270, slope: -20, r2: 0.8 }, { intercept: 275, slope: 5, r2: 0.6 }))
    expect(crossed.decision).toBe('reject')
    expect(crossed.feedback).toContain('where TVDI is degenerate')
    const oneOfTwo = input()
    ;(oneOfTwo.evidence.intermediate as Record<string, unknown>).products = {
      tvdi: [
        { date: '2019-01-01', dry_edge: { intercept: 300, slope: -20, r2: 0.8 }, wet_edge: { intercept: 270, slope: 5, r2: 0.6 } },
        { date: '2019-01-17', dry_edge: { intercept: 270, slope: -20, r2: 0.8 }, wet_edge: { intercept: 275, slope: 5, r2: 0.6 } },
        { date: '2019-02-02', dry_edge: { intercept: 301, slope: -20, r2: 0.7 }, wet_edge: { intercept: 271, slope: 5, r2: 0.6 } },
      ],
    }
    const few = await verify(oneOfTwo)
    expect(few.decision).toBe('accept')
    expect(few.caveats.join(' ')).toContain('on 2019-01-17, where TVDI is degenerate')
    const poor = await verify(withEdges({ intercept: 300, slope: -20, r2: 0.1 }, { intercept: 270, slope: 5, r2: 0.6 }))
    expect(poor).toMatchObject({ decision: 'request_evidence', needed: ['edge_fit'] })
  })

  it('judges a temperature in degrees Celsius by its own range', async () => {
    const i = input({ lstMean: 24.5 })
    const lst = (i.evidence.intermediate.nodes as Record<string, { items: Record<string, unknown>[] }>).lst
    lst.items.forEach((item) => (item.unit = 'degC'))
    expect((await verify(i)).decision).toBe('accept')
    expect((await verify(input({ lstMean: 24.5 }))).decision).toBe('reject')
  })

  it('rejects a product input bound to the wrong role, and a file of the wrong kind', async () => {
    const swapped = dag()
    swapped.nodes[1].params = { role: 'NDVI' }
    const v = await verify(input({ action: swapped }))
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain("input 'lst' of tvdi node 'tvdi' expects a temperature layer but is bound to 'NDVI'")
  })

  it('asks for the requested period when a catalog filter cuts off part of it (a targeted route), rejects the follow-up that still does, and an impossible TVDI', async () => {
    const action = dag({ dir: '/d', start: '2019-01-01', end: '2019-06-30' })
    const cut = await verify(input({ action }))
    expect(cut.decision).toBe('request_evidence')
    expect(cut.feedback).toContain('cuts off part of the requested period')
    expect(cut.needed).toEqual(['route:period@catalog=2019-01-01..2019-12-31'])
    // The route is a call with the catalog keeping the period, nothing else changed.
    const routed = routeFor(cut.needed, action)
    const cat = (routed!.args as ReturnType<typeof dag>).nodes[0]
    expect(cat.params).toEqual({ dir: '/d', start: '2019-01-01', end: '2019-12-31' })
    // A follow-up that still cuts the period is rejected with both values (no second request).
    const again = await verify({
      ...input({ action, value: 0.5 }),
      corroborates: { call: 1, action: { tool: 'execute', args: action }, observation: { value: 0.69 } },
    })
    expect(again.decision).toBe('reject')
    expect(again.feedback).toContain('the follow-up gives 0.500000 against 0.690000 from call 1')
    const impossible = await verify(input({ value: 1.7 }))
    expect(impossible.decision).toBe('reject')
    expect(impossible.feedback).toContain('outside the possible range 0 to 1')
  })

  it('asks for a requested day that has no data, and for the period itself when no date falls inside it', async () => {
    const twoDays = 'Compare the mean TVDI on July 12, 2019 with July 28, 2019.'
    const v = await verify(input({ question: twoDays, action: dag({ dir: '/d' }), dates: ['2019-07-12'] }))
    expect(v.decision).toBe('request_evidence')
    expect(v.feedback).toContain('no data for the requested date(s) 2019-07-28')
    const none = await verify(input({ question: 'What was the mean TVDI on July 20, 2019?', action: dag({ dir: '/d' }), dates: ['2019-07-12', '2019-07-28'] }))
    expect(none.decision).toBe('request_evidence')
    expect(none.needed).toEqual(['route:period@catalog=2019-07-20..2019-07-20'])
    expect(none.feedback).toContain('no input date falls inside the requested period 2019-07-20 to 2019-07-20')
  })
})
