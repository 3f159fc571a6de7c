/**
 * What a run could not verify says the real cause (main/agent/gaps.ts): a run whose every observation the verifier
 * sent back for more evidence, with the repairs tried and none accepted, names the evidence asked for; it does not
 * say that no tool observation was made.
 */
import { describe, expect, it } from 'vitest'
import { gapsOf } from '../../../main/agent/gaps'
import type { LoopEvent } from '../../../main/agent/loop-events'

const action = { tool: 'execute' as const, args: {} }
const requested = (call: number): LoopEvent => ({
  kind: 'verdict',
  call,
  turn: call,
  action,
  followUp: call > 1,
  decision: 'request_evidence',
  feedback: '1 dates cover 5% of the year; 272.4 K',
  needed: ['temporal_coverage'],
})

describe('gaps', () => {
  it('names the evidence the verifier kept asking for when no call gave it, and none of its feedback', () => {
    const gaps = gapsOf([requested(1), requested(2)], [], 'finished', 'Every repair of the workflow has been tried.')
    expect(gaps).toHaveLength(1)
    expect(gaps[0]).toMatch(/the verifier asked for more evidence for calls 1 and 2 and no call gave it: the dates used cover too little of the period asked/)
    expect(gaps.join(' ')).not.toMatch(/272\.4|5%/)
  })

  it('says nothing of it once the tool has an accepted observation', () => {
    const accepted: LoopEvent = {
      kind: 'accepted',
      call: 3,
      turn: 3,
      action,
      followUp: false,
      observation: 1,
      evidence: { source: {}, intermediate: {}, validity: {} },
      caveats: [],
      feedback: 'ok',
    }
    expect(gapsOf([requested(1), accepted], [], 'finished')).toEqual([])
  })
})
