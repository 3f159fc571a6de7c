/**
 * The verifier reads a DAG's masks as the pixels they keep, from the expression tree: "outside 290-310 K" written
 * `v < 290 || v > 310` is no "between 310 and 290"; a negation (`!(m1 > 0.5)`, or a mask that sends the pixels
 * meeting its condition to NaN) keeps the other side; a dropped negation (the inside kept where the outside is
 * asked) is rejected. The per-date mean of any 0/1 indicator is a share. A maximum and a minimum taken side by side
 * (a range) are never both rewritten to one statistic by a repair route (their difference would be 0). The
 * refusal names the checks that rejected in words, never the feedback's numbers. Lead's own cases.
 */
import { describe, expect, it } from 'vitest'
import { dagConditions } from '../../../main/verify/provenance/dag-conditions'
import { DagVariables } from '../../../main/verify/provenance/dag-variables'
import { statisticChain } from '../../../main/verify/provenance/statistic-chain'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { maskConditionWords } from '../../../main/agent/rules/condition-words'
import { gapsOf } from '../../../main/agent/gaps'
import type { LoopEvent } from '../../../main/agent/loop-events'
import type { Evidence } from '../../../main/tools/protocol'

type N = { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, string> }
const node = (id: string, op: string, params: Record<string, unknown>, inputs: Record<string, string> = {}): N => ({ id, op, params, inputs })

/** A one-date share of LST pixels kept by `expr` (v = LST), as the compiler writes it. */
function shareDag(expr: string): { nodes: N[]; output: string } {
  return {
    nodes: [
      node('catalog', 'asset.catalog', { dir: '/data', start: '2019-07-12', end: '2019-07-12' }),
      node('lst', 'raster.read', { role: 'LST' }, { data: '@catalog' }),
      node('selected', 'raster.algebra', { expr, unit: 'dimensionless' }, { v: '@lst' }),
      node('per_date', 'raster.batch_reduce', { stat: 'mean' }, { data: '@selected' }),
      node('over_dates', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: '@per_date' }),
      node('percent', 'math.expr', { expr: 'x * 100', unit: 'percent' }, { x: '@over_dates' }),
    ],
    output: 'percent',
  }
}

/** A mean of LST over the pixels kept by `expr` on the NDVI layer (m1), as the compiler writes it. */
function maskedMeanDag(expr: string): { nodes: N[]; output: string } {
  return {
    nodes: [
      node('catalog', 'asset.catalog', { dir: '/data', start: '2019-07-12', end: '2019-07-12' }),
      node('lst', 'raster.read', { role: 'LST' }, { data: '@catalog' }),
      node('ndvi', 'raster.read', { role: 'NDVI' }, { data: '@catalog' }),
      node('masked', 'raster.algebra', { expr, unit: 'K' }, { v: '@lst', m1: '@ndvi' }),
      node('per_date', 'raster.batch_reduce', { stat: 'mean' }, { data: '@masked' }),
      node('over_dates', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: '@per_date' }),
    ],
    output: 'over_dates',
  }
}

const conditionsOf = (dag: { nodes: N[]; output: string }) => dagConditions(dag.nodes, dag.output, new DagVariables(dag.nodes))
const evidence: Evidence = { source: {}, intermediate: {}, validity: {} }
const rejects = (question: string, dag: { nodes: N[]; output: string }) =>
  checkProvenance(question, dag, evidence, { value: 1 })
    .filter((f) => f.severity === 'reject')
    .map((f) => f.check)

describe('the masks a DAG applies, read from the expression tree', () => {
  it('an "or" that leaves a gap keeps the outside; an "and" of two bounds keeps the inside', () => {
    expect(conditionsOf(shareDag('where(isnan(v), 0/0, where((v < 290 || v > 310), 1, 0))'))).toEqual([
      { node: 'selected', op: 'raster.algebra', variable: 'lst', cmp: 'between', low: 290, high: 310, negated: true, role: 'criterion' },
    ])
    expect(conditionsOf(shareDag('where(isnan(v), 0/0, where((v >= 290 && v <= 310), 1, 0))'))).toEqual([
      { node: 'selected', op: 'raster.algebra', variable: 'lst', cmp: 'between', low: 290, high: 310, role: 'criterion', inclusive: true },
    ])
    // Strict bounds keep neither end; bounds among other terms of a conjunction still make one range.
    expect(conditionsOf(shareDag('where(isnan(v), 0/0, where((v > 290 && v < 310), 1, 0))'))).toEqual([
      { node: 'selected', op: 'raster.algebra', variable: 'lst', cmp: 'between', low: 290, high: 310, role: 'criterion', inclusive: false },
    ])
    expect(conditionsOf(shareDag('where(isnan(v), 0/0, where(!isnan(v) && (v > 290) && (v < 310), 1, 0))'))).toEqual([
      { node: 'selected', op: 'raster.algebra', variable: 'lst', cmp: 'between', low: 290, high: 310, role: 'criterion', inclusive: false },
    ])
  })

  it('a negated comparison, and a mask that drops the pixels meeting it, keep the other side', () => {
    expect(conditionsOf(maskedMeanDag('where((!isnan(m1) && !(m1 > 0.5)), v, 0/0)'))).toEqual([
      { node: 'masked', op: 'raster.algebra', variable: 'ndvi', cmp: '<', value: 0.5, role: 'mask' },
    ])
    expect(conditionsOf(maskedMeanDag('where(m1 > 0.5, 0/0, v)'))).toEqual([
      { node: 'masked', op: 'raster.algebra', variable: 'ndvi', cmp: '<', value: 0.5, role: 'mask' },
    ])
  })

  it('the per-date mean of any 0/1 indicator is a share', () => {
    const chain = statisticChain(shareDag('where(isnan(v), 0/0, where((v < 290 || v > 310), 1, 0))').nodes, 'percent')
    expect(chain.map((s) => s.kind)).toEqual(['mean', 'fraction'])
    // A masked layer (values kept, not 0/1) is no indicator: its mean is a mean.
    expect(statisticChain(maskedMeanDag('where(m1 > 0.5, v, 0/0)').nodes, 'over_dates').map((s) => s.kind)).toEqual(['mean', 'mean'])
  })

  it('accepts the outside when the outside is asked, and rejects the inside (a negation dropped)', () => {
    const q = 'What share of pixels has LST outside the range 290 K to 310 K on 2019-07-12?'
    expect(rejects(q, shareDag('where(isnan(v), 0/0, where((v < 290 || v > 310), 1, 0))'))).toEqual([])
    expect(rejects(q, shareDag('where(isnan(v), 0/0, where((v >= 290 && v <= 310), 1, 0))'))).toContain('provenance_mask')
    const excluding = 'What is the mean LST on 2019-07-12 excluding pixels with NDVI above 0.5?'
    expect(rejects(excluding, maskedMeanDag('where((!isnan(m1) && !(m1 > 0.5)), v, 0/0)'))).toEqual([])
    expect(rejects(excluding, maskedMeanDag('where(m1 > 0.5, v, 0/0)'))).toContain('provenance_mask')
  })
})

describe('a range is a maximum and a minimum', () => {
  const rangeDag = {
    nodes: [
      node('catalog', 'asset.catalog', { dir: '/data', start: '2019-01-01', end: '2019-12-31' }),
      node('lst', 'raster.read', { role: 'LST' }, { data: '@catalog' }),
      node('per_date', 'raster.batch_reduce', { stat: 'mean' }, { data: '@lst' }),
      node('max_over_dates', 'timeseries.aggregate', { by: 'all', stat: 'max' }, { data: '@per_date' }),
      node('min_over_dates', 'timeseries.aggregate', { by: 'all', stat: 'min' }, { data: '@per_date' }),
      node('range_over_dates', 'math.subtract', {}, { a: '@max_over_dates', b: '@min_over_dates' }),
    ],
    output: 'range_over_dates',
  }
  it('the range of the per-date means passes the statistic check', () => {
    const findings = checkProvenance('What is the range of the per-date mean LST values in 2019?', rangeDag, evidence, { value: 49.6 })
    expect(findings.filter((f) => f.check === 'provenance_statistic' && f.severity !== 'pass')).toEqual([])
  })
  it('a mean asked of a range DAG is rejected with no route that sets both to one statistic', () => {
    const findings = checkProvenance('What is the mean of the per-date mean LST in 2019?', rangeDag, evidence, { value: 49.6 })
    const stat = findings.find((f) => f.check === 'provenance_statistic')
    expect(stat?.severity).toBe('reject')
    expect(stat?.route).toBeUndefined()
  })
  it('a range of the scene means computed over the pixels is rejected', () => {
    const pixels = {
      nodes: [
        ...rangeDag.nodes.slice(0, 2),
        node('max_per_date', 'raster.batch_reduce', { stat: 'max' }, { data: '@lst' }),
        node('min_per_date', 'raster.batch_reduce', { stat: 'min' }, { data: '@lst' }),
        node('max_over_dates', 'timeseries.aggregate', { by: 'all', stat: 'max' }, { data: '@max_per_date' }),
        node('min_over_dates', 'timeseries.aggregate', { by: 'all', stat: 'min' }, { data: '@min_per_date' }),
        node('range', 'math.subtract', {}, { a: '@max_over_dates', b: '@min_over_dates' }),
      ],
      output: 'range',
    }
    const q = 'max minus min of the scene means, LST, 2019?'
    expect(rejects(q, pixels)).toContain('provenance_statistic')
    expect(rejects(q, rangeDag)).toEqual([])
    // The same DAG answers the range of the pixels.
    expect(rejects('What is the range (max minus min) of LST over all pixels of 2019?', pixels)).toEqual([])
  })
  it('"the date range" names a period, not a range', () => {
    const findings = checkProvenance('What is the mean LST over the date range 2019-01-01 to 2019-12-31?', rangeDag, evidence, { value: 49.6 })
    expect(findings.find((f) => f.check === 'provenance_statistic')?.severity).toBe('reject')
  })
})

describe('a pooled share', () => {
  it('is the pooled mean of a 0/1 indicator: a fraction over the pooled pixels', () => {
    const dag = shareDag('where(isnan(v), 0/0, where(v > 300, 1, 0))')
    const nodes = [
      ...dag.nodes.slice(0, 3),
      node('sum_per_date', 'raster.batch_reduce', { stat: 'sum' }, { data: '@selected' }),
      node('sum_over_dates', 'timeseries.aggregate', { by: 'all', stat: 'sum' }, { data: '@sum_per_date' }),
      node('count_per_date', 'raster.batch_reduce', { stat: 'count' }, { data: '@selected' }),
      node('count_over_dates', 'timeseries.aggregate', { by: 'all', stat: 'sum' }, { data: '@count_per_date' }),
      node('pooled_share', 'math.divide', { unit: 'dimensionless' }, { a: '@sum_over_dates', b: '@count_over_dates' }),
    ]
    expect(statisticChain(nodes, 'pooled_share')).toEqual([
      { node: 'pooled_share', op: 'math.divide', kind: 'fraction', over: 'pooled', stat: 'pooled fraction' },
    ])
  })
})

describe('what the answer says of a mask', () => {
  const layer = (n: string) => ({ v: 'LST', m1: 'NDVI' })[n] ?? n
  it('in words, without the checks that only keep valid data', () => {
    expect(maskConditionWords('where(isnan(v), 0/0, where((v < 290 || v > 310), 1, 0))', layer)).toBe('LST below 290 or LST above 310')
    expect(maskConditionWords('where((!isnan(m1) && !(m1 > 0.5)), v, 0/0)', layer)).toBe('NDVI not above 0.5')
    expect(maskConditionWords('where((m1 >= 0.2 && m1 <= 0.5), v, 0/0)', layer)).toBe('NDVI from 0.2 to 0.5')
    expect(maskConditionWords('where(m1 > 0.5, 0/0, v)', layer)).toBe('NDVI not above 0.5')
    expect(maskConditionWords('v * 0.02', layer)).toBeNull()
  })
})

describe('a refusal says why the verifier rejected, without its numbers', () => {
  const action = { tool: 'execute' as const, args: {} }
  const rejected = (call: number): LoopEvent => ({
    kind: 'verdict',
    call,
    turn: call,
    action,
    followUp: call > 1,
    decision: 'reject',
    feedback: 'the question keeps only pixels with lst outside 290 and 310 but the mask keeps 63.4% between 290 and 310',
    needed: [],
    files: ['a_LST.tif'],
    checks: ['provenance_mask'],
  })
  it('one sentence for repairs rejected alike, naming the check in words', () => {
    const gaps = gapsOf([rejected(1), rejected(2), rejected(3)], [], 'finished')
    expect(gaps).toEqual([
      "the execute observations of calls 1, 2 and 3 (from 'a_LST.tif') were rejected by the verifier: its mask keeps other pixels than the condition asked",
    ])
    expect(gaps.join(' ')).not.toMatch(/63\.4|290/)
  })
})
