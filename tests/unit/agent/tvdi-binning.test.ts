/**
 * The TVDI binning a question names reaches the DAG, and an answer that names none gets the house default: the last
 * NDVI bin closed (every valid pixel in a bin, as numpy.histogram bins). Earth-Agent's open last bin is asked in words.
 */
import { describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { FIXTURES } from '../../helpers/tmp'

type Node = { id: string; op: string; params: Record<string, unknown> }

function tvdiNode(question: string): { node: Node | undefined; refused: string | null } {
  const plan = planTask(makeTask({ question, options: [], files: [FIXTURES.Q46_FILES] }))
  const wf = plan.workflow
  if (!wf?.ok || wf.tool !== 'execute') return { node: undefined, refused: plan.refusal }
  return { node: (wf.args.nodes as Node[]).find((n) => n.op === 'raster.product' && n.params.product === 'tvdi'), refused: null }
}

describe('TVDI binning words', () => {
  it.each([
    ['What was the mean TVDI over 2019?', 'closed'],
    ['What was the mean TVDI over 2019, with the maximum NDVI in the last bin?', 'closed'],
    ['Mean TVDI for 2019 using a closed last bin.', 'closed'],
    ['Mean TVDI for 2019 using Earth-Agent binning.', 'open'],
    ["Mean TVDI for 2019, binned with Earth-Agent's convention.", 'open'],
    ['Mean TVDI for 2019 with an open last bin (the maximum NDVI in no bin).', 'open'],
  ])('%s -> last bin %s', (question, lastBin) => {
    const { node, refused } = tvdiNode(question)
    expect(refused).toBeNull()
    expect(node?.params.last_bin).toBe(lastBin)
  })

  it('refuses a question that asks for both conventions', () => {
    const { node, refused } = tvdiNode('Mean TVDI for 2019 with a closed last bin and an open last bin.')
    expect(node).toBeUndefined()
    expect(refused).toMatch(/binning/i)
  })
})
