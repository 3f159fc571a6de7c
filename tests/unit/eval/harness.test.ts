/**
 * The harness loop with a stand-in `ask` (no agent): configurations in order with their switches, unavailable
 * tasks listed but never asked, a throwing run recorded as failed while the evaluation goes on, a planner fault
 * without a backbone builder failing in one sentence, tool faults handed over as a registry hook, progress to the
 * end, and cancelling stops at once.
 */
import { describe, expect, it } from 'vitest'
import type { AgentResult } from '../../../main/agent/run-agent'
import type { TaskSpec } from '../../../main/agent/task'
import { z } from 'zod'
import { ToolRegistry, type AnyTool } from '../../../main/agent/tool-registry'
import type { AskFn, EvalHooks, EvalSwitches } from '../../../main/eval/ask'
import { runEvaluation } from '../../../main/eval/harness'
import { makeSuite } from '../../../main/eval/suite'

const suite = makeSuite('s', '/data', [
  { id: 'ok', question: 'What is the mean NDVI?', answer: 0.5, answer_type: 'number', tolerance: 0.01, files: ['x'] },
  { id: 'gone', question: 'What is the mean LST?', answer: 1, unavailable: 'no rasters here' },
  { id: 'boom', question: 'What is the max NDVI?', answer: 1 },
  { id: 'misread', question: 'What is the median NDVI?', answer: 1, fault: { kind: 'wrong-statistic' } },
  { id: 'leak', question: 'What is the min NDVI?', answer: 1, fault: { kind: 'nodata-leak' } },
])

function result(answer: string): AgentResult {
  return {
    runId: 'r', taskType: 't', classifiedBy: 'rule', verified: [], stop: 'finished',
    answer: { answer, explanation: '', choice: null, value: Number(answer), unit: null, basis: [], missing: [] } as unknown as AgentResult['answer'],
    trajectory: [], metrics: { tool_calls: 0, llm_calls: 0, tokens: 0, seconds: 0.1 },
  }
}

describe('the evaluation harness', () => {
  it('runs each configuration over the tasks and records what could not run', async () => {
    const seen: { task: TaskSpec; switches: EvalSwitches; hooks?: EvalHooks }[] = []
    const ask: AskFn = async (task, switches, _s, _e, hooks) => {
      seen.push({ task, switches, hooks })
      if (task.question.includes('max')) throw new Error('the raster could not be read')
      return result('0.5')
    }
    const progress: number[] = []
    const report = await runEvaluation({ suite, configs: ['base', 'full'], ask, onProgress: (p) => progress.push(p.done) })
    expect(seen.map((s) => `${s.switches.verify}/${s.switches.prior} ${s.task.question}`)).toEqual([
      'false/false What is the mean NDVI?', 'false/false What is the max NDVI?', 'false/false What is the min NDVI?',
      'true/true What is the mean NDVI?', 'true/true What is the max NDVI?', 'true/true What is the min NDVI?',
    ])
    expect(seen[0].task.files).toEqual(['/data/x'])
    // A tool fault reaches ask as a registry hook that wraps the installed tools.
    const leak = seen.find((s) => s.task.question.includes('min'))!
    const execute = { name: 'execute', description: '', args: z.unknown(), evidence: {}, run: async () => ({}) } as unknown as AnyTool
    const wrapped = await leak.hooks!.registry!(new ToolRegistry([execute]))
    expect(wrapped.get('execute')).not.toBe(execute)
    expect(wrapped.get('execute')!.name).toBe('execute')
    const by = (id: string, c = 'base') => report.outcomes.find((o) => o.task === id && o.config === c)!
    expect(by('ok')).toMatchObject({ status: 'done', correct: true })
    expect(by('gone')).toMatchObject({ status: 'unavailable', reason: 'no rasters here' })
    expect(by('boom')).toMatchObject({ status: 'failed', reason: 'the raster could not be read' })
    expect(by('misread').reason).toMatch(/misreading fault needs the harness to build the backbone/)
    expect(report.configs.map((c) => [c.config, c.ran, c.unavailable, c.failed])).toEqual([['base', 2, 1, 2], ['full', 2, 1, 2]])
    expect(progress.at(-1)).toBe(10)
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    const ask: AskFn = async () => {
      controller.abort(new Error('stop'))
      throw new Error('cancelled mid-run')
    }
    await expect(runEvaluation({ suite, configs: ['base'], ask, signal: controller.signal })).rejects.toThrow('cancelled mid-run')
  })
})
