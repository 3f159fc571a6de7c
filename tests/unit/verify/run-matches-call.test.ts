import { afterAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute'
import { checkRunMatchesCall } from '../../../main/verify/policy/run-matches-call'
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

  it('rejects a run whose evidence shows a changed parameter, naming the node and the parameter', async () => {
    const args = { ...call, base_dir: fx.dir }
    const ran = structuredClone(args)
    ran.nodes[0].params = { path: 'red.tif', nodata: 'none' } as never
    const r = await executeDag(ran, ctx, { pool })
    expect(r.status).toBe('ok')
    const f = checkRunMatchesCall(args, r.evidence.source)
    expect(f).toHaveLength(1)
    expect(f[0].severity).toBe('reject')
    expect(f[0].message).toContain("node 'red': parameter 'nodata'")
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
