import { afterAll, describe, expect, it } from 'vitest'
import { compileDag } from '../../../../main/tools/execute/compile'
import { CompileError } from '../../../../main/tools/execute/ops/types'
import { makeFixtures } from './fixtures'

const fx = makeFixtures()
afterAll(() => fx.cleanup())

type N = { id: string; op: string; params?: Record<string, unknown>; inputs?: Record<string, string | number> }
const dag = (nodes: N[], output = nodes[nodes.length - 1].id) => ({ base_dir: fx.dir, nodes, output })
const red = { id: 'red', op: 'raster.read', params: { path: 'red.tif' } }
const nir = { id: 'nir', op: 'raster.read', params: { path: 'nir.tif' } }

function failure(d: unknown): CompileError {
  try {
    compileDag(d)
  } catch (err) {
    if (err instanceof CompileError) return err
    throw err
  }
  throw new Error('the DAG compiled, but a CompileError was expected')
}

describe('execute DAG compilation fails closed, naming the node', () => {
  it('rejects an unknown operator', () => {
    const e = failure(dag([red, { id: 'magic', op: 'raster.magic', inputs: { data: '@red' } }]))
    expect(e.node).toBe('magic')
    expect(e.message).toMatch(/^Node 'magic' uses the unknown operator 'raster\.magic'/)
  })

  it('rejects a cycle and names the nodes in it', () => {
    const e = failure(dag([
      { id: 'a', op: 'math.add', inputs: { a: '@b', b: 1 } },
      { id: 'b', op: 'math.add', inputs: { a: '@a', b: 1 } },
    ]))
    expect(e.message).toMatch(/'a' -> 'b' -> 'a' form a cycle|'b' -> 'a' -> 'b' form a cycle/)
  })

  it('rejects a link to a missing node and a link written without @', () => {
    expect(failure(dag([{ id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@nope' } }])).message).toMatch(/Node 's' input 'data' links to '@nope', which is not a node/)
    expect(failure(dag([red, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: 'red' } }])).message).toMatch(/Node 's' input 'data' is 'red'; link a node as "@<id>"/)
  })

  it('rejects a missing required input', () => {
    const e = failure(dag([red, { id: 'nd', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@red' } }]))
    expect(e.message).toMatch(/Node 'nd' needs input 'b'/)
  })

  it('rejects an invalid unit', () => {
    const e = failure(dag([{ id: 'r', op: 'raster.read', params: { path: 'red.tif', scale: 0.1, unit: 'kelvin' } }]))
    expect(e.node).toBe('r')
    expect(e.message).toMatch(/'kelvin' is not a known unit/)
  })

  it('rejects an input whose unit the product cannot accept', () => {
    const e = failure(dag([red, nir, { id: 'tv', op: 'raster.product', params: { product: 'tvdi' }, inputs: { ndvi: '@nir', lst: '@red' } }]))
    expect(e.message).toMatch(/Node 'tv' input 'ndvi' has unit 'dn' \(from node 'nir'\), but tvdi needs a dimensionless ratio/)
  })

  it('rejects impossible parameters', () => {
    const nd = { id: 'nd', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } }
    expect(failure(dag([red, nir, nd, { id: 'k', op: 'raster.product', params: { product: 'tvdi', bins: 1 }, inputs: { ndvi: '@nd', lst: '@nd' } }])).message).toMatch(/Node 'k' \(raster\.product\) has an invalid parameter: bins: tvdi: bins must be at least 2/)
    expect(failure(dag([red, { id: 'f', op: 'threshold_fraction', params: { op: 'between', low: 5, high: 1 }, inputs: { data: '@red' } }])).message).toMatch(/Node 'f'.*low must not exceed high/)
    expect(failure(dag([red, { id: 'b', op: 'raster.read', params: { path: 'red.tif', band: 2 } }])).message).toMatch(/Node 'b' asks for band 2, but red\.tif has 1 band/)
    expect(failure(dag([red, { id: 'p', op: 'spatial.query', params: { geometry: { type: 'bbox', bbox: [0, 0, 1, 1] }, stat: 'value' }, inputs: { data: '@red' } }])).message).toMatch(/Node 'p'.*needs a point/)
    expect(failure(dag([{ id: 'x', op: 'math.add', inputs: { a: 1, b: 2 } }, { id: 'd', op: 'decision.select', params: { options: 'A. high\nB. low' }, inputs: { data: '@x' } }])).message).toMatch(/Node 'd': option A carries no number/)
    expect(failure(dag([red, nir, { id: 'w', op: 'raster.product', params: { product: 'ttm_lst', weights: [1, 1, 1] }, inputs: { t1: '@red', t2: '@nir', t3: '@nir' } }])).node).toBe('w')
  })

  it('rejects unknown parameters and inputs an operator does not take', () => {
    expect(failure(dag([{ id: 'r', op: 'raster.read', params: { path: 'red.tif', colour: 'red' } }])).message).toMatch(/Node 'r' \(raster\.read\) has an invalid parameter: .*colour/)
    expect(failure(dag([red, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@red', extra: '@red' } }])).message).toMatch(/Node 's' has an input 'extra' its operator does not take/)
    expect(failure(dag([red, { id: 's', op: 'raster.summarize', params: { stats: ['avg'] }, inputs: { data: '@red' } }])).message).toMatch(/Node 's'.*a statistic is one of/)
  })

  it('rejects type mismatches between operators', () => {
    const cat = { id: 'cat', op: 'asset.catalog', params: { dir: 'series' } }
    const v = { id: 'v', op: 'raster.read', params: { role: 'V' }, inputs: { data: '@cat' } }
    expect(failure(dag([cat, v, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@v' } }])).message).toMatch(/Node 's' summarizes one raster, but 'v' is a collection; use raster\.batch_reduce/)
    expect(failure(dag([red, { id: 'b', op: 'raster.batch_reduce', inputs: { data: '@red' } }])).message).toMatch(/Node 'b' input 'data' must be a raster collection, but node 'red' gives a raster/)
    expect(failure(dag([cat, v, { id: 'b', op: 'raster.batch_reduce', inputs: { data: '@v' } }, { id: 't', op: 'decision.select', params: { options: 'A. 1\nB. 2' }, inputs: { data: '@b' } }])).message).toMatch(/Node 't' input 'data' must be a number or a table of statistics, but node 'b' gives a time series/)
  })

  it('checks catalog roles before reading pixels', () => {
    const cat = { id: 'cat', op: 'asset.catalog', params: { dir: 'series' } }
    const e = failure(dag([cat, { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@cat' } }, { id: 'b', op: 'raster.batch_reduce', inputs: { data: '@lst' } }]))
    expect(e.message).toMatch(/Node 'lst' asks for role 'LST', which asset Site_2020-01-10 does not have \(it has V\)/)
    expect(failure(dag([{ id: 'cat', op: 'asset.catalog', params: { dir: 'missing-folder' } }])).message).toMatch(/Node 'cat': the folder .* cannot be read/)
  })

  it('rejects expressions that use unknown names or leave inputs unused, and unit-mixing arithmetic', () => {
    expect(failure(dag([red, { id: 'x', op: 'raster.algebra', params: { expr: 'red * k' }, inputs: { red: '@red' } }])).message).toMatch(/Node 'x' expression uses 'k', which is not one of its inputs/)
    expect(failure(dag([red, nir, { id: 'x', op: 'raster.algebra', params: { expr: 'red * 2' }, inputs: { red: '@red', nir: '@nir' } }])).message).toMatch(/Node 'x' input 'nir' is not used/)
    expect(failure(dag([red, { id: 'x', op: 'raster.algebra', params: { expr: 'red +* 2' }, inputs: { red: '@red' } }])).message).toMatch(/Node 'x' expression is not valid/)
  })

  it('rejects shape errors with the node named', () => {
    expect(failure({ nodes: [{ id: '1bad', op: 'math.add' }], output: '1bad' }).message).toMatch(/not valid at node '1bad'/)
    expect(failure({ nodes: [red, red], output: 'red' }).message).toMatch(/Two nodes have the id 'red'/)
    expect(failure({ nodes: [red], output: 'nope' }).message).toMatch(/The output 'nope' is not a node/)
  })

  it('tracks scalar units through math and refuses to add unlike units', () => {
    const mean = { id: 'm', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@t' } }
    const t = { id: 't', op: 'raster.read', params: { path: 'red.tif', scale: 0.02, unit: 'K' } }
    const get = { id: 'g', op: 'math.get', params: { key: 'mean' }, inputs: { data: '@m' } }
    const c = compileDag(dag([t, mean, get, { id: 'r', op: 'math.divide', inputs: { a: '@g', b: '@g' } }, { id: 'x', op: 'math.multiply', inputs: { a: '@g', b: 2 } }, { id: 'o', op: 'math.max', inputs: { a: '@r', b: '@x' } }]))
    expect(c.nodes.get('g')!.info.unit).toBe('K')
    expect(c.nodes.get('r')!.info.unit).toBe('dimensionless')
    expect(c.nodes.get('x')!.info.unit).toBe('K')
    expect(failure(dag([t, mean, get, { id: 'bad', op: 'math.add', inputs: { a: '@g', b: 1 } }])).message).toMatch(/Node 'bad' adds or subtracts 'K' and 'dimensionless'/)
  })

  it('compiles a valid DAG into dependency order with types and units', () => {
    const c = compileDag(dag([
      red, nir,
      { id: 'nd', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } },
      { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@nd' } },
    ]))
    expect(c.order.indexOf('nd')).toBeGreaterThan(c.order.indexOf('red'))
    expect(c.nodes.get('nd')!.info).toEqual({ type: 'raster', unit: 'dimensionless', domain: null })
    expect(c.nodes.get('s')!.info.type).toBe('table')
  })
})
