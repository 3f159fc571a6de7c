/**
 * The judging and the metric math on hand-made trajectories (the shapes main/agent/loop.ts records): which
 * observations are wrong, when a wrong answer counts as propagated, and R_dep / R_err / R_prop, accuracy with and
 * without guesses, the tool-call ratio and the table-8 verification statistics.
 */
import { describe, expect, it } from 'vitest'
import type { AgentResult } from '../../../main/agent/run-agent'
import type { RecordedStep } from '../../../main/agent/trajectory'
import { judgeRun, notRun, type TaskOutcome } from '../../../main/eval/judge'
import { configMetrics } from '../../../main/eval/metrics'
import { EvalTaskSchema, type EvalTask } from '../../../main/eval/suite'

type Call = { value: number | null; fate: 'accept' | 'reject' | 'request_evidence' | 'rule' | 'off'; followUp?: boolean; choice?: string }

/** A run's trajectory: one execute call per entry, judged as `fate` says. */
function run(calls: Call[], answer: { answer: string; choice?: string | null; value?: number | null; basis?: number[]; grounded?: boolean; guess?: { choice: string; grounded: false; reason: string } }, options: string[] = []): AgentResult {
  const steps: RecordedStep[] = []
  const push = (kind: RecordedStep['kind'], payload: unknown) => steps.push({ seq: steps.length, kind, payload, at: '2026-01-01T00:00:00Z' })
  push('task', { question: 'q', options: options.map((text, i) => ({ letter: String.fromCharCode(65 + i), text })) })
  calls.forEach((c, i) => {
    const call = i + 1
    push('tool_call', { call, tool: 'execute', args: { nodes: [], output: `n${call}` }, followUp: c.followUp === true })
    const observation = c.value === null ? null : { value: c.value, unit: 'dimensionless', ...(c.choice ? { choice: c.choice } : {}) }
    push('tool_result', { call, result: { status: c.value === null ? 'insufficient' : 'ok', observation, evidence: {}, artifacts: [], config: { tool: 'execute', coarse: 'execute:raster.product', fine: 'x' } } })
    if (c.fate === 'off') return
    push('rule_check', { call, passed: c.fate !== 'rule', rule: c.fate === 'rule' ? 'status' : undefined })
    if (c.fate !== 'rule') push('verdict', { call, decision: c.fate })
  })
  return {
    runId: 'r1',
    answer: { explanation: '', unit: null, missing: [], choice: null, value: null, basis: [], ...answer } as unknown as AgentResult['answer'],
    taskType: 't',
    classifiedBy: 'rule',
    verified: [],
    trajectory: steps,
    metrics: { tool_calls: calls.length, llm_calls: 2, tokens: 100, seconds: 1.5 },
    stop: 'finished',
  }
}

const task = (over: Record<string, unknown> = {}): EvalTask =>
  EvalTaskSchema.parse({ id: 't1', question: 'What is the mean NDVI?', answer: 0.5, answer_type: 'number', tolerance: 0.001, reference_observations: [{ value: 0.5, tolerance: 1e-6 }], ...over })

const judge = (t: EvalTask, r: AgentResult, config = 'full', fault: Parameters<typeof judgeRun>[0]['fault'] = null) =>
  judgeRun({ task: t, config, backbone: 'rules', result: r, fault, fingerprint: 'f' })

describe('judging one run', () => {
  it('marks the observation off its reference as wrong and the faulted invocation as faulted', () => {
    const o = judge(task(), run([{ value: 0.7, fate: 'reject' }, { value: 0.5, fate: 'accept' }], { answer: '0.5000', value: 0.5, basis: [2] }), 'full', {
      kind: 'wrong-band', tool: 'execute', corrupted: [1],
    })
    expect(o.observations.map((x) => [x.wrong, x.faulted, x.fate])).toEqual([[true, true, 'rejected'], [false, false, 'accepted']])
    expect(o).toMatchObject({ correct: true, dependent: true, erroneous: true, propagated: false, rejections: 1, fault: { kind: 'wrong-band', applied: 1 } })
  })

  it('a wrong answer propagates when it rests on the wrong call, repeats its value, or takes the option it points to', () => {
    const base = [{ value: 0.7, fate: 'off' as const }]
    expect(judge(task(), run(base, { answer: 'Not determined', basis: [1] })).propagated).toBe(true)
    expect(judge(task(), run(base, { answer: '0.7000', value: 0.7 })).propagated).toBe(true)
    // Wrong, but not the wrong observation's value: the answer went wrong on its own.
    expect(judge(task(), run(base, { answer: '0.9', value: 0.9 })).propagated).toBe(false)
    const choice = task({ answer: 'B', answer_type: 'choice', tolerance: undefined, reference_observations: [{ value: 0.5, tolerance: 1e-6 }] })
    const opts = ['0.7', '0.5', '0.3']
    expect(judge(choice, run(base, { answer: 'A', choice: 'A' }, opts)).propagated).toBe(true)
    expect(judge(choice, run(base, { answer: 'C', choice: 'C' }, opts)).propagated).toBe(false)
    expect(judge(choice, run([{ value: 0.5, fate: 'off', choice: 'C' }], { answer: 'C', choice: 'C' }, opts)).propagated).toBe(false)
    // Without a reference observation, an observation that picks an option is judged against the gold letter.
    const gold = task({ answer: 'B', answer_type: 'choice', tolerance: undefined, reference_observations: undefined })
    const picked = judge(gold, run([{ value: 0.69, fate: 'off', choice: 'C' }, { value: 0.1, fate: 'off' }], { answer: 'C', choice: 'C' }, opts))
    expect(picked.observations.map((o) => o.wrong)).toEqual([true, null])
    expect(picked).toMatchObject({ judged: true, erroneous: true, propagated: true })
    expect(judge(choice, run(base, { answer: 'B', choice: 'B' }, opts))).toMatchObject({ correct: true, propagated: false })
  })

  it('a value in another unit than the reference names is wrong, and so is an answer stating it', () => {
    const t = task({ answer_unit: 'K', reference_observations: [{ value: 0.5, tolerance: 1e-6, unit: 'K' }] })
    const r = run([{ value: 0.5, fate: 'off' }], { answer: '0.5 degC', value: 0.5, basis: [1] })
    // The run's observation says 'dimensionless' (the helper's unit), not K.
    const o = judge(t, r, 'base')
    expect(o.observations[0].wrong).toBe(true)
    expect(judge(t, run([], { answer: '0.5 degC', value: 0.5, unit: 'degC' } as never)).correct).toBe(false)
    expect(judge(t, run([], { answer: '0.5 K', value: 0.5, unit: 'K' } as never)).correct).toBe(true)
    expect(judge(t, run([], { answer: '0.5', value: 0.5 })).correct).toBe(true)
  })

  it('a choice task without a chosen option is wrong, and a force-choice guess is flagged ungrounded', () => {
    const choice = task({ answer: 'B', answer_type: 'choice', tolerance: undefined })
    expect(judge(choice, run([], { answer: 'No option is supported by verified evidence' })).correct).toBe(false)
    const guess = judge(choice, run([], { answer: 'No option is supported by verified evidence', choice: null, grounded: false, guess: { choice: 'B', grounded: false, reason: 'blind' } }))
    expect(guess).toMatchObject({ correct: true, choice: 'B', grounded: false, guessed: true, dependent: false })
    // A base answer is not grounded (nothing was verified) but it is no guess.
    expect(judge(choice, run([], { answer: 'B', choice: 'B', grounded: false }), 'base')).toMatchObject({ correct: true, guessed: false })
  })
})

describe('suite metrics', () => {
  it('computes R_dep, R_err and R_prop over the right denominators', () => {
    const t = task({ reference_tools: ['a', 'b'] })
    const outcomes: TaskOutcome[] = [
      // dependent, wrong observation, wrong answer agreeing with it -> propagated
      judge(t, run([{ value: 0.7, fate: 'off' }], { answer: '0.7', value: 0.7 }), 'base'),
      // dependent, wrong observation, answer right anyway
      judge(t, run([{ value: 0.7, fate: 'off' }, { value: 0.5, fate: 'off' }], { answer: '0.5', value: 0.5 }), 'base'),
      // dependent, right observation
      judge(t, run([{ value: 0.5, fate: 'off' }], { answer: '0.5', value: 0.5 }), 'base'),
      // not dependent: no observation
      judge(t, run([{ value: null, fate: 'off' }], { answer: 'Not determined' }), 'base'),
      notRun(t, 'base', 'rules', 'unavailable', 'no data', 'f'),
    ]
    const m = configMetrics('base', 'rules', false, outcomes)
    expect(m).toMatchObject({ tasks: 5, ran: 4, unavailable: 1, verification: null })
    expect([m.r_dep.num, m.r_dep.den, m.r_err.num, m.r_err.den, m.r_prop.num, m.r_prop.den]).toEqual([3, 4, 2, 3, 1, 2])
    // A dependent task no ground truth covers does not count toward R_err.
    const unjudged = judge(task({ reference_observations: undefined }), run([{ value: 0.7, fate: 'off' }], { answer: '0.7', value: 0.7 }), 'base')
    const m2 = configMetrics('base', 'rules', false, [...outcomes, unjudged])
    expect([m2.r_dep.num, m2.r_dep.den, m2.r_err.num, m2.r_err.den]).toEqual([4, 5, 2, 3])
    expect(m.accuracy.value).toBe(0.5)
    // tool calls / reference calls (2) per task: 1/2, 2/2, 1/2, 1/2
    expect(m.tool_call_ratio).toEqual({ value: (0.5 + 1 + 0.5 + 0.5) / 4, tasks: 4 })
    expect(m.per_task).toMatchObject({ llm_calls: 2, tokens: 100, seconds_mean: 1.5, seconds_median: 1.5 })
  })

  it('scores force-choice guesses apart and counts the table-8 verification steps', () => {
    const choice = task({ answer: 'B', answer_type: 'choice', tolerance: undefined })
    const opts = ['0.7', '0.5']
    const outcomes = [
      // request -> follow-up accepted -> correct
      judge(choice, run([{ value: 0.5, fate: 'request_evidence' }, { value: 0.5, fate: 'accept', followUp: true }], { answer: 'B', choice: 'B' }, opts)),
      // wrong observation rejected, nothing accepted, guess B (right, but ungrounded)
      judge(choice, run([{ value: 0.7, fate: 'reject' }], { answer: 'No option', choice: null, grounded: false, guess: { choice: 'B', grounded: false, reason: 'x' } }, opts)),
      // right observation failed a rule (kept out: a false rejection), wrong one accepted
      judge(choice, run([{ value: 0.5, fate: 'rule' }, { value: 0.7, fate: 'accept' }], { answer: 'A', choice: 'A' }, opts)),
    ]
    const m = configMetrics('full', 'rules', true, outcomes)
    expect([m.accuracy.num, m.accuracy_without_guesses.num, m.guesses]).toEqual([2, 1, 1])
    const v = m.verification!
    expect([v.tasks_with_failed_observation.num, v.tasks_with_request.num, v.tasks_with_accept_after_request.num, v.answered_correctly.num]).toEqual([3, 1, 1, 1])
    expect(v.rejected_calls).toBe(1)
    expect([v.accept_rate.num, v.request_rate.num, v.reject_rate.num, v.rule_fail_rate.num, v.accept_rate.den]).toEqual([2, 1, 1, 1, 5])
    // right observations: call1 (requested, then corroborated by the accepted follow-up call2: kept), call2
    // (accepted), task3 call1 (rule) -> 1 of 3 kept out
    expect([v.false_rejection.num, v.false_rejection.den]).toEqual([1, 3])
    expect([v.missed_wrong.num, v.missed_wrong.den]).toEqual([1, 2])
    expect([m.r_prop.num, m.r_prop.den]).toEqual([1, 2])
  })
})

describe('a task whose right answer is a refusal naming the fault (data faults made as files)', () => {
  const refusal = task({ expect_refusal: 'identical|duplicate|copy' })
  const withReason = (r: AgentResult, thought: string) => ({ ...r, trajectory: [...r.trajectory, { seq: r.trajectory.length, kind: 'plan', payload: { thought }, at: '2026-01-01T00:00:00Z' } as RecordedStep] })

  it('is right when no value is given and the answer or the stated reason names the fault', () => {
    expect(judge(refusal, run([{ value: 0.7, fate: 'reject' }], { answer: 'Not determined', explanation: 'two dates hold identical pixels' } as never)).correct).toBe(true)
    expect(judge(refusal, withReason(run([{ value: 0.7, fate: 'reject' }], { answer: 'Not determined' }), 'The verifier found that two dates hold identical pixels')).correct).toBe(true)
  })

  it('is wrong when a value is given (even the clean one) or the refusal names something else', () => {
    expect(judge(refusal, run([{ value: 0.5, fate: 'off' }], { answer: '0.5', value: 0.5 })).correct).toBe(false)
    expect(judge(refusal, withReason(run([{ value: 0.7, fate: 'reject' }], { answer: 'Not determined' }), 'Every repair of the workflow has been tried.')).correct).toBe(false)
  })
})
