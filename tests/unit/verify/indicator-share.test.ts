/**
 * The second route of a threshold share (a 0/1 indicator averaged by a whole-grid region query) is read by the
 * verifier as the share it computes, and its indicator layer's constant rows are no corrupt block (issue 16: these
 * two readings rejected right corroborations under a low prior: 8 false rejections in the calibrated fault suite).
 */
import { describe, expect, it } from 'vitest'
import { isIndicator, statisticChain } from '../../../main/verify/provenance/statistic-chain'
import { checkContent } from '../../../main/verify/policy/content'

const node = (id: string, op: string, params: Record<string, unknown>, inputs: Record<string, string> = {}) => ({ id, op, params, inputs })

describe('threshold share by a second route', () => {
  it('a whole-grid mean of a 0/1 indicator is a fraction over pixels; a mean of a plain layer is not', () => {
    const nodes = [
      node('lst', 'raster.read', { role: 'LST' }),
      node('ind', 'raster.algebra', { expr: 'where(isnan(v), 0/0, where(v > 300, 1, 0))' }, { v: '@lst' }),
      node('frac', 'spatial.query', { geometry: { type: 'grid', rows: [0, 1], cols: [0, 1] }, stat: 'mean' }, { data: '@ind' }),
      node('pct', 'math.expr', { expr: 'x * 100' }, { x: '@frac' }),
    ]
    expect(statisticChain(nodes, 'pct')).toEqual([{ node: 'frac', op: 'spatial.query', kind: 'fraction', over: 'pixels', stat: 'fraction' }])
    const plain = [node('lst', 'raster.read', { role: 'LST' }), node('q', 'spatial.query', { stat: 'mean' }, { data: '@lst' })]
    expect(statisticChain(plain, 'q')[0]).toMatchObject({ kind: 'mean', over: 'region' })
    expect(isIndicator(node('a', 'raster.algebra', { expr: 'where(v > 0.3, 1, 0)' }))).toBe(true)
    expect(isIndicator(node('a', 'raster.algebra', { expr: 'where(v > 0.3, v, 0/0)' }))).toBe(false)
  })

  it('constant rows of a derived indicator are not reported; of a read they are', () => {
    const action = { nodes: [node('lst', 'raster.read', { role: 'LST' }), node('ind', 'raster.algebra', { expr: 'where(v > 300, 1, 0)' }, { v: '@lst' })], output: 'ind' }
    const content = { rows: 100, constant_rows: 40, longest_constant_run: 40, constant_run_start: 0, constant_value: 1, min_count: 1, max_count: 1 }
    const source = { band_mapping: { lst: { role: 'LST', scale: 0.02, offset: 0, unit: 'K' } } }
    const derived = { nodes: { lst: { status: 'ok', unit: 'K', min: 280, max: 320, mean: 300, valid: 1000, content: { ...content, constant_rows: 0, longest_constant_run: 0 } }, ind: { status: 'ok', unit: 'dimensionless', min: 0, max: 1, mean: 0.5, valid: 1000, content } } }
    expect(checkContent('What percentage of pixels had LST above 300 K?', action, source, derived, {}).filter((f) => f.check === 'content_constant_rows')).toEqual([])
    const read = { nodes: { ...derived.nodes, lst: { ...derived.nodes.lst, content } } }
    expect(checkContent('What percentage of pixels had LST above 300 K?', action, source, read, {}).filter((f) => f.check === 'content_constant_rows')).toHaveLength(1)
  })
})
