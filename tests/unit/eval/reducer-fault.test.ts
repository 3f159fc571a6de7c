/**
 * The `reducer-off` fault (main/eval/faults/kinds.ts): a defect of the raster engine's reduction sinks that leaves
 * the evidence self-consistent. The reduced values and everything computed from them are 3 % high; reads, counts,
 * dates and every other node stay the honest run's; a run without a reduction operator is left alone.
 */
import { describe, expect, it } from 'vitest'
import { faultKind, REDUCER_BIAS } from '../../../main/eval/faults/kinds'
import type { ToolResult } from '../../../main/tools/protocol'

const result = (reducer: string): ToolResult =>
  ({
    status: 'ok',
    observation: { value: 300, unit: 'K' },
    evidence: {
      source: {
        operators: {
          catalog: { op: 'asset.catalog', params: {}, inputs: {} },
          lst: { op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@catalog' } },
          per_date: { op: reducer, params: { stat: 'mean' }, inputs: { data: '@lst' } },
          over_dates: { op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@per_date' } },
        },
      },
      intermediate: {
        nodes: {
          lst: { items: [{ date: '2019-07-12', valid: 10, total: 12, mean: 310 }] },
          per_date: {
            unit: 'K',
            points: [
              { date: '2019-07-12', id: 'a', value: 310, valid: 10 },
              { date: '2019-07-28', id: 'b', value: 290, valid: 12 },
            ],
            items_used: 2,
          },
          over_dates: { value: 300, unit: 'K' },
        },
      },
      validity: { node_status: { per_date: 'ok' } },
    },
    artifacts: [],
    config: { tool: 'execute', coarse: 'execute:timeseries.aggregate', fine: 'execute:timeseries.aggregate|all-mean' },
  }) as unknown as ToolResult

describe('the reducer-off fault', () => {
  const kind = faultKind('reducer-off')

  it('is a result fault of execute, 3 % high', () => {
    expect(kind).toMatchObject({ point: 'result', tool: 'execute' })
    expect(REDUCER_BIAS).toBe(1.03)
  })

  it('scales the per-date reduction and what follows it, nothing else', () => {
    const honest = result('raster.batch_reduce')
    const r = kind.corruptResult!(honest)!
    const nodes = r.evidence.intermediate.nodes as Record<string, Record<string, unknown>>
    // 310 * 1.03 = 319.3, 290 * 1.03 = 298.7, 300 * 1.03 = 309.
    expect((nodes.per_date.points as { value: number; valid: number; date: string }[]).map((p) => [p.date, p.value, p.valid])).toEqual([
      ['2019-07-12', expect.closeTo(319.3, 9), 10],
      ['2019-07-28', expect.closeTo(298.7, 9), 12],
    ])
    expect(nodes.per_date.items_used).toBe(2)
    expect(nodes.over_dates.value).toBeCloseTo(309, 9)
    expect((r.observation as { value: number; unit: string }).value).toBeCloseTo(309, 9)
    expect((r.observation as { unit: string }).unit).toBe('K')
    // The read's own summary is the honest one, and the input result is not changed.
    expect(nodes.lst).toEqual({ items: [{ date: '2019-07-12', valid: 10, total: 12, mean: 310 }] })
    expect((honest.observation as { value: number }).value).toBe(300)
  })

  it('acts on a raster summary too, and leaves a run without a reduction sink alone', () => {
    expect((kind.corruptResult!(result('raster.summarize'))!.observation as { value: number }).value).toBeCloseTo(309, 9)
    expect(kind.corruptResult!(result('spatial.query'))).toBeNull()
    expect(kind.corruptResult!({ ...result('raster.batch_reduce'), status: 'insufficient' } as ToolResult)).toBeNull()
  })
})
