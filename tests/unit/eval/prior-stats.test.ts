/**
 * The prior as the report shows it (main/eval/metrics.ts): how many verified calls found a prior cell (and at which
 * level), the range of r̂ found, how many observations were sent to a second route because r̂ was low, and false
 * rejection over the clean controls apart from all observations. Hand-made trajectories in the shape
 * main/agent/loop.ts records (`prior` steps between the rule check and the verdict).
 */
import { describe, expect, it } from 'vitest'
import type { AgentResult } from '../../../main/agent/run-agent'
import type { RecordedStep } from '../../../main/agent/trajectory'
import { judgeRun } from '../../../main/eval/judge'
import { configMetrics } from '../../../main/eval/metrics'
import { EvalTaskSchema } from '../../../main/eval/suite'

type Call = { value: number; decision: string; needed?: string[]; prior: { r_hat: number; level: string } | null; followUp?: boolean }

function run(calls: Call[]): AgentResult {
  const steps: RecordedStep[] = []
  const push = (kind: RecordedStep['kind'], payload: unknown) => steps.push({ seq: steps.length, kind, payload, at: '2026-01-01T00:00:00Z' })
  push('task', { question: 'q', options: [] })
  calls.forEach((c, i) => {
    const call = i + 1
    push('tool_call', { call, tool: 'execute', args: { nodes: [], output: `n${call}` }, followUp: c.followUp === true })
    push('tool_result', {
      call,
      result: {
        status: 'ok',
        observation: { value: c.value, unit: 'K' },
        evidence: {},
        artifacts: [],
        config: { tool: 'execute', coarse: 'execute:timeseries.aggregate', fine: 'execute:timeseries.aggregate|all-mean' },
      },
    })
    push('rule_check', { call, passed: true })
    push('prior', {
      call,
      taskType: 'environmental_assessment',
      config: {},
      prior: c.prior === null ? null : { ...c.prior, n: 10, n_valid: 3, source: 'calibration' },
    })
    push('verdict', { call, decision: c.decision, needed: c.needed ?? [] })
  })
  return {
    runId: 'r',
    answer: { answer: 'x', explanation: '', unit: 'K', missing: [], choice: null, value: null, basis: [] } as unknown as AgentResult['answer'],
    taskType: 'environmental_assessment',
    classifiedBy: 'rule',
    verified: [],
    trajectory: steps,
    metrics: { tool_calls: calls.length, llm_calls: 0, tokens: 0, seconds: 1 },
    stop: 'finished',
  }
}

const task = (id: string) =>
  EvalTaskSchema.parse({
    id,
    question: 'q',
    answer: 300,
    answer_type: 'number',
    tolerance: 0.01,
    reference_observations: [{ value: 300, tolerance: 1e-6, unit: 'K' }],
  })

describe('prior statistics of a configuration', () => {
  it('counts lookups that found a cell, the r̂ range, corroboration requests and clean-control false rejection', () => {
    // Clean control: r̂ 0.24 asks for corroboration, the second route agrees (both right: kept, no false rejection).
    const clean = judgeRun({
      task: task('c'),
      config: 'full',
      backbone: 'rules',
      fingerprint: 'f',
      fault: null,
      result: run([
        { value: 300, decision: 'request_evidence', needed: ['corroboration'], prior: { r_hat: 0.24, level: 'fine' } },
        { value: 300, decision: 'accept', prior: { r_hat: 0.24, level: 'fine' }, followUp: true },
      ]),
    })
    // Faulted task: the first call is 3 % off; the right second route disagrees and is rejected (a false rejection
    // outside the clean controls); a third call found no cell.
    const faulted = judgeRun({
      task: task('f'),
      config: 'full',
      backbone: 'rules',
      fingerprint: 'f',
      fault: { kind: 'reducer-off', tool: 'execute', corrupted: [1] },
      result: run([
        { value: 309, decision: 'request_evidence', needed: ['corroboration'], prior: { r_hat: 0.5, level: 'coarse' } },
        { value: 300, decision: 'reject', prior: { r_hat: 0.5, level: 'coarse' }, followUp: true },
        { value: 300, decision: 'reject', prior: null },
      ]),
    })
    const v = configMetrics('full', 'rules', true, [clean, faulted]).verification!
    expect(v.prior).toEqual({ found: { num: 4, den: 5, value: 0.8 }, fine: 2, r_min: 0.24, r_max: 0.5, corroboration_requests: 2 })
    expect(v.false_rejection).toEqual({ num: 2, den: 4, value: 0.5 })
    expect(v.false_rejection_clean).toEqual({ num: 0, den: 2, value: 0 })
    // With the prior switched off (verify) no prior statistics are given: the lookups there are None by design.
    expect(configMetrics('verify', 'rules', true, [clean]).verification!.prior).toBeNull()
  })
})
