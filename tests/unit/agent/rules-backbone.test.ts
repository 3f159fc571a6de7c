import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TemplateAnswerWriter } from '../../../main/agent/rules/answer-templates'
import { createRulesBackbone } from '../../../main/agent/rules/rules-backbone'
import { planTask, RulesPlanner } from '../../../main/agent/rules/rules-planner'
import type { LoopEvent, PlannerView } from '../../../main/agent/loop-events'
import { runAgent } from '../../../main/agent/run-agent'
import { makeTask, parseOptions, type TaskSpec } from '../../../main/agent/task'
import { ToolRegistry } from '../../../main/agent/tool-registry'
import { VerifiedHistory } from '../../../main/agent/verified-history'
import { FIXTURES } from '../../helpers/tmp'
import { executeOk, memoryStores, scriptedTool, type StoreBundle } from './doubles'

const FILES = FIXTURES.Q46_FILES
const OPTIONS = parseOptions('A. Annual Mean TVDI: 0.7123\nB. Annual Mean TVDI: 0.6897\nC. Annual Mean TVDI: 0.6543\nD. Annual Mean TVDI: 0.7245')
const q46 = () =>
  makeTask({ question: 'Calculate the daily and annual average TVDI near Urumqi in 2019 from NDVI and LST.', options: OPTIONS, files: [FILES] })

type Node = { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, unknown> }

describe('the rules planner', () => {
  it('plans task 46 as one complete DAG ending in decision.select', () => {
    const plan = planTask(q46())
    expect(plan.skill?.id).toBe('compiled-spec')
    const wf = plan.workflow
    if (!wf?.ok || wf.tool !== 'execute') throw new Error('expected an execute workflow')
    const nodes = wf.args.nodes as Node[]
    expect(nodes.map((n) => n.op)).toEqual(['asset.catalog', 'raster.read', 'raster.read', 'raster.product', 'raster.batch_reduce', 'timeseries.aggregate', 'decision.select'])
    expect(nodes[0].params).toMatchObject({ dir: FILES, start: '2019-01-01', end: '2019-12-31', scales: { LST: { scale: 0.02, unit: 'K' }, NDVI: { scale: 0.0001, unit: 'dimensionless' } } })
    expect(nodes[3]).toMatchObject({ params: { product: 'tvdi', bins: 100, min_pixels: 100 }, inputs: { lst: '@lst', ndvi: '@ndvi' } })
    expect(nodes[6].params.options).toEqual([{ label: 'A', value: 0.7123 }, { label: 'B', value: 0.6897 }, { label: 'C', value: 0.6543 }, { label: 'D', value: 0.7245 }])
    expect(wf.args.output).toBe('pick')
  })

  function view(task: TaskSpec, events: LoopEvent[], request: PlannerView['request'] = null): PlannerView {
    return { task, taskType: 'environmental_assessment', tools: ['execute'], events, budget: { used: events.length, max: 10 }, request, abandoned: [] }
  }
  const event = (kind: 'verdict' | 'accepted', args: unknown, call: number): LoopEvent =>
    kind === 'accepted'
      ? { kind, call, turn: call, action: { tool: 'execute', args }, followUp: false, observation: {}, evidence: { source: {}, intermediate: {}, validity: {} }, caveats: [], feedback: '' }
      : { kind, call, turn: call, action: { tool: 'execute', args }, followUp: false, decision: 'reject', feedback: 'wrong band', needed: [] }

  it('repairs after a rejection with a new variant, follows up an evidence request, and stops after acceptance', async () => {
    const task = q46()
    const planner = new RulesPlanner()
    const first = await planner.next(view(task, []))
    if (first.kind !== 'calls') throw new Error('expected a call')
    const base = first.calls[0].args as { nodes: Node[] }
    const repair = await planner.next(view(task, [event('verdict', base, 1)]))
    if (repair.kind !== 'calls') throw new Error('expected a repair')
    expect((repair.calls[0].args as { nodes: Node[] }).nodes[0].params.role_bands).toEqual({ LST: 'LST', NDVI: 'NDVI' })
    const follow = await planner.next(view(task, [event('verdict', base, 1)], { origin: 1, feedback: 'dates', needed: ['temporal_coverage'], followUpsUsed: 0, followUpsLeft: 3 }))
    if (follow.kind !== 'calls') throw new Error('expected a follow-up')
    const catalog = (follow.calls[0].args as { nodes: Node[] }).nodes[0].params
    expect(catalog.dir).toBeUndefined()
    expect((catalog.files as string[]).length).toBe(46)
    expect((await planner.next(view(task, [event('accepted', base, 1)]))).kind).toBe('finish')
  })

  it('runs out of repairs instead of repeating a call', async () => {
    const task = q46()
    const planner = new RulesPlanner()
    const events: LoopEvent[] = []
    for (let i = 1; i <= 6; i++) {
      const step = await planner.next(view(task, events))
      if (step.kind === 'finish') break
      events.push(event('verdict', step.calls[0].args, i))
    }
    expect(events).toHaveLength(4)
    expect(new Set(events.map((e) => JSON.stringify(e.action.args))).size).toBe(4)
  })
})

describe('the rules backbone end to end over tool doubles', () => {
  let stores: StoreBundle
  beforeEach(() => {
    stores = memoryStores()
  })
  afterEach(() => stores.cleanup())

  it('answers "not installed" honestly when counting needs a missing detector', async () => {
    const registry = new ToolRegistry([scriptedTool('execute', () => executeOk(1))])
    const task = makeTask({ question: 'How many ships are in the harbour?', images: [FILES + '/Xinjiang_2019-01-01_LST.tif'] })
    const result = await runAgent(task, { verify: true, prior: true }, { backbone: createRulesBackbone(), registry, artifacts: stores.artifacts, runs: stores.runs })
    expect(result.trajectory.find((s) => s.kind === 'rule_check')?.payload).toMatchObject({ rule: 'unknown_tool' })
    expect(result.answer.answer).toBe('Not determined')
    expect(result.answer.explanation).toContain('the measure tool is not installed (no model pack for it)')
    expect(result.metrics).toMatchObject({ tool_calls: 1, llm_calls: 0, tokens: 0 })
  })

  it('writes a day count and a trend from verified series and tables', async () => {
    const writer = new TemplateAnswerWriter()
    const history = new VerifiedHistory()
    const series = { nodes: [{ id: 'f', op: 'threshold_fraction', params: {}, inputs: {} }], output: 'f' }
    history.add({
      kind: 'observation', call: 1, action: { tool: 'execute', args: series }, status: 'accepted', caveats: [], feedback: 'ok', artifacts: [], prior: null,
      observation: { unit: 'fraction', points: [{ date: '2019-07-12', value: 0.5 }, { date: '2019-07-28', value: 0.2 }, { date: '2019-08-13', value: 0.45 }] },
      evidence: { source: {}, intermediate: {}, validity: {} }, config: { tool: 'execute', coarse: 'execute:threshold_fraction', fine: 'execute:threshold_fraction|x' },
    })
    const task = makeTask({ question: 'On how many days in summer 2019 did more than 40% of the area have TVDI above 0.7?' })
    const a = await writer.write({ task, taskType: 'environmental_assessment', history, gaps: [] })
    expect(a.answer).toBe('2 days')
    expect(a.explanation).toContain('2019-07-12, 2019-08-13')
  })
})
