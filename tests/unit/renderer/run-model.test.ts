/**
 * The run reducer behind the timeline: steps streamed one by one and the same steps replayed from history give the
 * same run; follow-ups sit under the call whose evidence request caused them; rule failures, the prior (r̂ or None),
 * verdicts, the answer and a cancellation are read from the steps the agent records.
 */
import { describe, expect, it } from 'vitest'
import { acceptedCalls, applyStep, buildRun, emptyRun } from '../../../renderer/src/model/run-model'
import { readableArgs } from '../../../renderer/src/model/readable-args'
import { callSteps, event, events, NDVI_DAG, taskStep, type StepLike } from './synthetic-runs'

const objects = { mode: 'objects', image_paths: ['/imgs/a.png'] }

function steps(): StepLike[] {
  return [
    taskStep('How many ships?'),
    ...callSteps(1, 1, 'perceive', objects, { observation: { count: 3 } }, 'request_evidence'),
    ...callSteps(2, 6, 'perceive', { ...objects, view: 'tiles' }, { observation: { count: 4 } }, 'accept', { followUpOf: 1 }),
    { seq: 12, kind: 'tool_call', payload: { call: 3, tool: 'measure', args: { spec: { metric: 'count' } }, purpose: null, followUp: false } },
    { seq: 13, kind: 'rule_check', payload: { call: 3, passed: false, rule: 'novelty', diagnosis: 'The same measure call was already made.' } },
    {
      seq: 14,
      kind: 'answer',
      payload: { answer: 'B', explanation: 'Four ships.', choice: 'B', value: 4, unit: null, basis: [2], missing: ['one tile was cloudy'] },
    },
  ]
}

describe('run model', () => {
  it('streams and replays to the same run, with the follow-up nested under its request', () => {
    const live = events(steps()).reduce(applyStep, emptyRun())
    const replayed = buildRun(events([...steps()].reverse()))
    for (const run of [live, replayed]) {
      expect(run.question).toBe('How many ships?')
      expect(run.options.map((o) => o.letter)).toEqual(['A', 'B'])
      expect(run.calls.map((c) => c.call)).toEqual([1, 3])
      expect(run.calls[0].followUps.map((c) => c.call)).toEqual([2])
      expect(run.byCall.get(2)!.origin).toBe(1)
      expect(run.byCall.get(1)!.verdict!.decision).toBe('request_evidence')
      expect(run.byCall.get(1)!.prior!.r_hat).toBe(0.75)
      expect(run.byCall.get(3)!.rules).toEqual({ passed: false, checked: [], rule: 'novelty', diagnosis: 'The same measure call was already made.' })
      expect(run.byCall.get(3)!.prior).toBeUndefined()
      expect(run.answer!.basis).toEqual([2])
      expect(run.answer!.missing).toEqual(['one tile was cloudy'])
      expect(run.status).toBe('done')
      expect(acceptedCalls(run).map((c) => c.call)).toEqual([2])
      expect([...run.byCall.values()].every((c) => c.phase === 'done')).toBe(true)
    }
  })

  it('shows a call as running until its verdict, and a None prior as null', () => {
    const s = steps().slice(0, 4)
    const run = buildRun(events(s))
    expect(run.byCall.get(1)!.phase).toBe('running')
    expect(run.byCall.get(1)!.result!.observation).toEqual({ count: 3 })
    const withNone = applyStep(run, event({ seq: 4, kind: 'prior', payload: { call: 1, taskType: 'object_counting', config: null, prior: null } }))
    expect(withNone.byCall.get(1)!.prior).toBeNull()
    expect(run.byCall.get(1)!.prior).toBeUndefined()
  })

  it('stops the calls a cancelled run left going, so none says running', () => {
    const going = buildRun(events(steps().slice(0, 4)))
    expect(going.byCall.get(1)!.phase).toBe('running')
    const cancelled = applyStep(going, event({ seq: 4, kind: 'error', payload: { message: 'The run was cancelled.', cancelled: true } }))
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.byCall.get(1)!.phase).toBe('stopped')
    expect(cancelled.calls[0].phase).toBe('stopped')
    // The run it came from is unchanged (React compares states by reference).
    expect(going.byCall.get(1)!.phase).toBe('running')
  })

  it('records a cancelled run', () => {
    const run = buildRun(events([taskStep('q'), { seq: 1, kind: 'error', payload: { message: 'The run was cancelled.', cancelled: true } }]))
    expect(run.status).toBe('cancelled')
    expect(run.error).toEqual({ message: 'The run was cancelled.', cancelled: true })
  })

  it('writes a DAG as one readable line per node and shortens file paths', () => {
    const lines = readableArgs('execute', NDVI_DAG)
    expect(lines.map((l) => l.key)).toEqual(['catalog', 'nir', 'red', 'ndvi', 'daily', 'overall', 'output'])
    expect(lines[3].text).toBe('raster.product(normalized_difference) ← a: nir, b: red')
    expect(lines[5].text).toBe('timeseries.aggregate(all; mean) ← data: daily')
    const p = readableArgs('perceive', { image_paths: ['/very/long/folder/name/for/images/harbour.png'], mode: 'objects' })
    expect(p).toEqual([
      { key: 'image_paths', text: 'harbour.png', title: '/very/long/folder/name/for/images/harbour.png' },
      { key: 'mode', text: 'objects' },
    ])
  })
})
