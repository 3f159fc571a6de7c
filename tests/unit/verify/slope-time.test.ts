/**
 * The unit of time a slope is asked per must be the one its trend ran on, as the evidence states the trend's `time`
 * and `per`. Lead's own cases; the first is the class of a wrong answer of the tenth blind set ("unit per week pls,
 * not per day" was answered per day, and verified).
 */
import { describe, expect, it } from 'vitest'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { readSlopeTime } from '../../../main/verify/question-reader/slope-time'
import type { Evidence } from '../../../main/tools/protocol'

function trendRun(params: Record<string, unknown>): { dag: unknown; evidence: Evidence } {
  const nodes = [
    { id: 'catalog', op: 'asset.catalog', params: { dir: '/data', start: '2019-01-01', end: '2019-12-31' }, inputs: {} },
    { id: 'ndvi', op: 'raster.read', params: { role: 'NDVI' }, inputs: { data: '@catalog' } },
    { id: 'per_date', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@ndvi' } },
    { id: 'trend', op: 'timeseries.trend', params: { alpha: 0.05, ...params }, inputs: { data: '@per_date' } },
  ]
  const operators = Object.fromEntries(nodes.map((n) => [n.id, { op: n.op, params: n.params }]))
  return { dag: { nodes, output: 'trend' }, evidence: { source: { operators }, intermediate: {}, validity: {} } }
}
const severities = (question: string, params: Record<string, unknown>) => {
  const run = trendRun(params)
  return checkProvenance(question, run.dag, run.evidence, { slope: 0.1 })
    .filter((f) => f.check === 'provenance_method')
    .map((f) => f.severity)
}

describe('the unit of time of a slope', () => {
  it('reads the unit asked, leaving out one set aside, and nothing where two are asked', () => {
    expect(readSlopeTime('need a slope of mean ndvi\nunit per week pls, not per day')).toMatchObject({ unit: 'week', every: 1 })
    expect(readSlopeTime('the trend of mean LST in K/yr')).toMatchObject({ unit: 'year', every: 1 })
    expect(readSlopeTime('the slope of mean NDVI per 16 days')).toMatchObject({ unit: 'day', every: 16 })
    expect(readSlopeTime('the slope of mean NDVI, per week and per day')).toBeNull()
    expect(readSlopeTime('the mean NDVI per month of 2019')).toBeNull()
  })

  it('rejects a trend run on another time axis and passes the one asked', () => {
    const q = 'need a slope of the mean ndvi per acquisition in 2019\nunit per week pls, not per day'
    expect(severities(q, { time: 'days', per: 1 })).toEqual(['reject'])
    expect(severities(q, { time: 'days', per: 7 })).toEqual(['pass'])
    expect(severities('slope of mean LST in K per month over 2019', { time: 'years', per: 1 })).toEqual(['reject'])
    expect(severities('slope of mean LST in K per month over 2019', { time: 'months', per: 1 })).toEqual(['pass'])
    expect(severities('the trend of annual mean LST in K/yr, 2015-2020', { time: 'index', per: 1 })).toEqual(['pass'])
  })
})
