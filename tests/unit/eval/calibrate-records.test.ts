/**
 * `rsure eval --calibrate`: the judged observations of the first configuration become the prior's calibration
 * records (valid = right by the reference), with the run's task type and the call's coarse and fine ids; calls no
 * reference judged are not recorded.
 */
import { describe, expect, it } from 'vitest'
import { calibrationRecords } from '../../../main/eval/harness'
import type { TaskOutcome } from '../../../main/eval/judge'

const obs = (call: number, wrong: boolean | null, faulted = false) => ({
  call, tool: 'execute', coarse: 'execute:timeseries.aggregate', fine: 'execute:timeseries.aggregate|all-mean', followUp: false, fate: 'unverified' as const,
  value: 1, reference: 1, wrong, faulted,
})
const outcome = (task: string, observations: ReturnType<typeof obs>[], task_type: string | null = 'environmental_assessment') =>
  ({ task, config: 'base', task_type, observations }) as unknown as TaskOutcome

describe('calibration records from an evaluation', () => {
  it('records every judged observation with its validity, task type and configuration', () => {
    const r = calibrationRecords('faults', [outcome('a', [obs(1, false)]), outcome('a~wrong-band', [obs(1, true, true), obs(2, null)])])
    expect(r).toHaveLength(2)
    expect(r[0]).toMatchObject({ taskType: 'environmental_assessment', valid: true, source: 'calibration', suite: 'faults', taskId: 'a', config: { tool: 'execute', coarse: 'execute:timeseries.aggregate', fine: 'execute:timeseries.aggregate|all-mean' } })
    expect(r[1]).toMatchObject({ valid: false, taskId: 'a~wrong-band' })
    expect(r[1].note).toMatch(/fault-injected/)
    // One key per configuration, task and call: re-recording the same evaluation replaces, never doubles.
    expect(new Set(r.map((x) => x.uid)).size).toBe(2)
  })

  it('skips runs without a task type (older results)', () => {
    expect(calibrationRecords('faults', [outcome('a', [obs(1, false)], null)])).toEqual([])
  })
})
