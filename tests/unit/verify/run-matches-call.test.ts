import { afterAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute'
import { checkRunMatchesCall, MASK_NODATA } from '../../../main/verify/policy/run-matches-call'
import { routeFor } from '../../../main/verify/evidence-routes'
import { tempDir } from '../../helpers/tmp'
import { makeFixtures } from '../tools/execute/fixtures'

const fx = makeFixtures()
const store = tempDir('rsure-rmc-')
afterAll(() => {
  fx.cleanup()
  store.cleanup()
})
const ctx = { artifacts: new ArtifactStore(store.dir) }
const pool = new RasterPool(0)

const call = {
  base_dir: '',
  nodes: [
    { id: 'red', op: 'raster.read', params: { path: 'red.tif' }, inputs: {} },
    { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean'] }, inputs: { data: '@red' } },
  ],
  output: 's',
}

describe('the execute run must be the planned call', () => {
  it('passes an honest run: defaults filled by the operator schema are not differences', async () => {
    const args = { ...call, base_dir: fx.dir }
    const r = await executeDag(args, ctx, { pool })
    expect(r.status).toBe('ok')
    const f = checkRunMatchesCall(args, r.evidence.source)
    expect(f.map((x) => x.severity)).toEqual(['pass'])
  })

  it('a run that ignored only the read nodata gets a targeted request; the route it names masks the tag and gives the honest value', async () => {
    const args = { ...call, base_dir: fx.dir }
    const ran = structuredClone(args)
    ran.nodes[0].params = { path: 'red.tif', nodata: 'none' } as never
    const r = await executeDag(ran, ctx, { pool })
    expect(r.status).toBe('ok')
    const f = checkRunMatchesCall(args, r.evidence.source)
    expect(f).toHaveLength(1)
    expect(f[0].severity).toBe('request')
    expect(f[0].message).toContain("node 'red': parameter 'nodata'")
    // red.tif tags nodata 0 (fixtures.ts): the key names that fill for node red.
    expect(f[0].key).toBe(`${MASK_NODATA}@red=0`)
    const route = routeFor([f[0].key!], args)
    expect(route).not.toBeNull()
    const nodes = (route!.args as { nodes: { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, string> }[] }).nodes
    expect(nodes.find((n) => n.id === 'red')!.params.nodata).toBe('none')
    expect(nodes.find((n) => n.op === 'raster.mask')!.params.nodata).toEqual([0])
    expect(nodes.find((n) => n.id === 's')!.inputs.data).toBe('@red_fill_masked')
    const routed = await executeDag(route!.args, ctx, { pool })
    // Pixels 10, 20, 30, 0, 50, 60 with 0 the fill (fixtures.ts): 5 valid, mean 34.
    expect(routed.observation).toMatchObject({ count: 5, mean: 34 })
    expect(checkRunMatchesCall(route!.args, routed.evidence.source).map((x) => x.severity)).toEqual(['pass'])
  })

  it('rejects a run that differs in more than the read nodata', async () => {
    const args = { ...call, base_dir: fx.dir }
    const ran = structuredClone(args)
    ran.nodes[0].params = { path: 'nir.tif', nodata: 'none' } as never
    const r = await executeDag(ran, ctx, { pool })
    const f = checkRunMatchesCall(args, r.evidence.source)
    expect(f[0].severity).toBe('reject')
    expect(f[0].key).toBeUndefined()
  })

  it('rejects a run with a node the call did not plan', async () => {
    const args = { ...call, base_dir: fx.dir }
    const ran = structuredClone(args)
    ran.nodes.push({ id: 'nir', op: 'raster.read', params: { path: 'nir.tif' }, inputs: {} })
    ran.nodes[1].inputs = { data: '@nir' }
    const r = await executeDag(ran, ctx, { pool })
    const f = checkRunMatchesCall(args, r.evidence.source)
    expect(f[0].severity).toBe('reject')
    expect(f[0].message).toContain("node 'nir' was run but is not in the call")
  })
})
