/**
 * A convention the question names must be the one the observation ran with, as its evidence states the operator's
 * parameters: TVDI binning ("a closed last bin", "Earth-Agent's binning") and the trend estimator ("least squares").
 * Lead's own cases.
 */
import { describe, expect, it } from 'vitest'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import type { Evidence } from '../../../main/tools/protocol'

type N = { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, string> }
const node = (id: string, op: string, params: Record<string, unknown>, inputs: Record<string, string> = {}): N => ({ id, op, params, inputs })

function tvdiRun(lastBin: string): { dag: { nodes: N[]; output: string }; evidence: Evidence } {
  const nodes = [
    node('catalog', 'asset.catalog', { dir: '/data', start: '2019-01-01', end: '2019-12-31' }),
    node('lst', 'raster.read', { role: 'LST' }, { data: '@catalog' }),
    node('ndvi', 'raster.read', { role: 'NDVI' }, { data: '@catalog' }),
    node('tvdi', 'raster.product', { product: 'tvdi', bins: 100 }, { ndvi: '@ndvi', lst: '@lst' }),
    node('per_date', 'raster.batch_reduce', { stat: 'mean' }, { data: '@tvdi' }),
    node('over_dates', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: '@per_date' }),
  ]
  // The evidence states each operator's parameters with the defaults filled (execute/evidence.ts).
  const operators = Object.fromEntries(
    nodes.map((n) => [n.id, { op: n.op, params: n.op === 'raster.product' ? { ...n.params, last_bin: lastBin } : n.params }]),
  )
  return { dag: { nodes, output: 'over_dates' }, evidence: { source: { operators }, intermediate: {}, validity: {} } }
}

function trendRun(method: string): { dag: { nodes: N[]; output: string }; evidence: Evidence } {
  const nodes = [
    node('catalog', 'asset.catalog', { dir: '/data', start: '2019-01-01', end: '2019-12-31' }),
    node('lst', 'raster.read', { role: 'LST' }, { data: '@catalog' }),
    node('per_date', 'raster.batch_reduce', { stat: 'mean' }, { data: '@lst' }),
    node('trend', 'timeseries.trend', { method }, { data: '@per_date' }),
  ]
  const operators = Object.fromEntries(nodes.map((n) => [n.id, { op: n.op, params: n.params }]))
  return { dag: { nodes, output: 'trend' }, evidence: { source: { operators }, intermediate: {}, validity: {} } }
}

const methodFindings = (question: string, run: { dag: unknown; evidence: Evidence }) =>
  checkProvenance(question, run.dag, run.evidence, { value: 0.7 }).filter((f) => f.check === 'provenance_method')

describe('named conventions against the evidence', () => {
  it('rejects a TVDI binned otherwise than the question names, and passes the one named', () => {
    expect(methodFindings('Mean TVDI of 2019 with a closed last bin?', tvdiRun('open')).map((f) => f.severity)).toEqual(['reject'])
    expect(methodFindings('Mean TVDI of 2019 with a closed last bin?', tvdiRun('closed')).map((f) => f.severity)).toEqual(['pass'])
    expect(methodFindings("Mean TVDI of 2019 using Earth-Agent's binning?", tvdiRun('closed')).map((f) => f.severity)).toEqual(['reject'])
  })

  it('rejects a Theil-Sen slope where least squares is named', () => {
    expect(methodFindings('The least-squares trend of mean LST over 2019?', trendRun('sen')).map((f) => f.severity)).toEqual(['reject'])
    expect(methodFindings('The least-squares trend of mean LST over 2019?', trendRun('ols')).map((f) => f.severity)).toEqual(['pass'])
  })

  it('holds nothing to a question that names no convention, or names two for one operator', () => {
    expect(methodFindings('Mean TVDI of 2019?', tvdiRun('open'))).toEqual([])
    expect(methodFindings('Mean TVDI of 2019 with a closed last bin or an open last bin?', tvdiRun('open'))).toEqual([])
  })
})
