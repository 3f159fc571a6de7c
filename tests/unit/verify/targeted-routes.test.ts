import { describe, expect, it } from 'vitest'
import { describeRoute, replacesCall, routeFor } from '../../../main/verify/evidence-routes'
import { checkRunMatchesCall } from '../../../main/verify/policy/run-matches-call'
import { operatorRegistry } from '../../../main/tools/execute/ops'

const call = () => ({
  nodes: [
    { id: 'catalog', op: 'asset.catalog', params: { files: ['/q/X_2019-07-12_LST.tif', '/q/X_2019-07-28_LST.tif'], start: '2019-07-01', end: '2019-07-31' }, inputs: {} },
    { id: 'lst', op: 'raster.read', params: { role: 'LST', window: { col: 1, row: 1, width: 2, height: 2 } }, inputs: { data: '@catalog' } },
    { id: 'per_date', op: 'raster.batch_reduce', params: { stat: 'median' }, inputs: { data: '@lst' } },
    { id: 'over_dates', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@per_date' } },
  ],
  output: 'over_dates',
})

describe('targeted evidence routes (issue 16)', () => {
  it('recomputes exactly the part a route names: the statistic, the whole image, the period from the folder', () => {
    const dag = call()
    const r = routeFor(['route:statistic@per_date=mean', 'route:whole-image@lst', 'route:period@catalog=2019-06-01..2019-06-30'], dag)
    const nodes = (r!.args as ReturnType<typeof call>).nodes
    expect(nodes[2].params).toEqual({ stat: 'mean' })
    expect(nodes[1].params).toEqual({ role: 'LST' })
    expect(nodes[0].params).toEqual({ dir: '/q', start: '2019-06-01', end: '2019-06-30' })
    expect(nodes[3]).toEqual(dag.nodes[3])
    // The original is untouched, and the follow-up replaces it (it is not a corroboration to compare).
    expect(dag.nodes[2].params.stat).toBe('median')
    expect(replacesCall(dag, r!.args)).toBe(true)
    expect(describeRoute('route:statistic@per_date=mean')).toContain('per_date: mean')
  })

  it('a second route that changes operators is not a replacement; an unknown key gives no route', () => {
    const dag = call()
    const other = { ...dag, nodes: dag.nodes.map((n) => (n.id === 'per_date' ? { ...n, op: 'spatial.query' } : n)) }
    expect(replacesCall(dag, other)).toBe(false)
    expect(routeFor(['route:statistic@nope=mean', 'something'], dag)).toBeNull()
  })

  it('names the route that settles a run differing from its call by a dropped scale, a rebound role or a narrowed file list', () => {
    const planned = { nodes: [{ id: 'catalog', op: 'asset.catalog', params: { dir: '/q' }, inputs: {} }, { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@catalog' } }], output: 'lst' }
    // The evidence reports each node's parameters as the operator's schema filled them in.
    const registry = operatorRegistry(() => null)
    const filled = (op: string, params: Record<string, unknown>) => registry.get(op)!.params.parse(params) as Record<string, unknown>
    const ran = (catalog: Record<string, unknown>, read: Record<string, unknown>) => ({
      operators: {
        catalog: { op: 'asset.catalog', params: { ...filled('asset.catalog', { dir: '/q' }), ...catalog }, inputs: {} },
        lst: { op: 'raster.read', params: { ...filled('raster.read', { role: 'LST' }), ...read }, inputs: { data: '@catalog' } },
      },
    })
    expect(checkRunMatchesCall(planned, ran({}, {}))[0].severity).toBe('pass')
    const [scale] = checkRunMatchesCall(planned, ran({}, { scale: 1 }))
    expect(scale.severity).toBe('reject')
    expect(scale.route).toBe('route:scale-apart@lst')
    expect(checkRunMatchesCall(planned, ran({ role_bands: { LST: 'NDVI' } }, {}))[0].route).toBe('route:bind-roles@catalog')
    // Two different causes: no single route settles them, the rejection stands.
    expect(checkRunMatchesCall(planned, ran({ role_bands: { LST: 'NDVI' } }, { scale: 1 }))[0].route).toBeUndefined()
  })
})
