/**
 * A targeted evidence route that changes what the question is read to ask (its statistic, region or period),
 * requested of the DAG the rules planner compiled from its own reading of the question, means the verifier reads the
 * question otherwise: the planner stops instead of computing the verifier's reading (blind set 14's "the lowest
 * monthly mean" had been answered with the mean of the monthly means, in words that said their minimum). The same
 * route requested of a call that is not the compiled DAG (a repair, a variant) is still computed: it brings that call
 * back to what was asked.
 */
import { describe, expect, it } from 'vitest'
import { RulesPlanner } from '../../../main/agent/rules/rules-planner'
import type { LoopEvent, PlannerView } from '../../../main/agent/loop-events'
import { makeTask, type TaskSpec } from '../../../main/agent/task'
import { FIXTURES } from '../../helpers/tmp'

type Node = { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, unknown> }
type Args = { nodes: Node[]; output: string }

const view = (task: TaskSpec, events: LoopEvent[], request: PlannerView['request']): PlannerView => ({
  task,
  taskType: 'environmental_assessment',
  tools: ['execute'],
  events,
  budget: { used: events.length, max: 10 },
  request,
  abandoned: [],
})
const asked = (args: unknown, needed: string[]): LoopEvent => ({
  kind: 'verdict',
  call: 1,
  turn: 1,
  action: { tool: 'execute', args },
  followUp: false,
  decision: 'request_evidence',
  feedback: 'the question asks for another statistic',
  needed,
})

describe('a reading route requested of the compiled DAG', () => {
  const task = makeTask({ question: 'What was the lowest monthly mean NDVI of 2019?', files: [FIXTURES.Q46_FILES] })

  it('stops the run, naming both readings, instead of computing the verifier\'s', async () => {
    const planner = new RulesPlanner()
    const first = await planner.next(view(task, [], null))
    if (first.kind !== 'calls') throw new Error('expected the compiled call')
    const args = first.calls[0].args as Args
    const top = args.nodes.find((n) => n.id === args.output)!
    expect(top.params.stat).toBe('min')
    const needed = [`route:statistic@${top.id}=mean`]
    const step = await planner.next(view(task, [asked(args, needed)], { origin: 1, feedback: 'statistic', needed, followUpsUsed: 0, followUpsLeft: 3 }))
    expect(step.kind).toBe('finish')
    if (step.kind === 'finish') {
      expect(step.thought).toMatch(/reads the question otherwise than the plan/)
      expect(step.thought).toMatch(/minimum/)
    }
  })

  it('still computes the route for a call that is not the compiled DAG', async () => {
    const planner = new RulesPlanner()
    const first = await planner.next(view(task, [], null))
    if (first.kind !== 'calls') throw new Error('expected the compiled call')
    const args = first.calls[0].args as Args
    // A call that took the maximum where the plan takes the minimum: the route back to the minimum is computed.
    const other: Args = { ...args, nodes: args.nodes.map((n) => (n.id === args.output ? { ...n, params: { ...n.params, stat: 'max' } } : n)) }
    const needed = [`route:statistic@${args.output}=min`]
    const step = await planner.next(view(task, [asked(other, needed)], { origin: 1, feedback: 'statistic', needed, followUpsUsed: 0, followUpsLeft: 3 }))
    expect(step.kind).toBe('calls')
    if (step.kind === 'calls') expect((step.calls[0].args as Args).nodes.find((n) => n.id === args.output)!.params.stat).toBe('min')
  })
})
