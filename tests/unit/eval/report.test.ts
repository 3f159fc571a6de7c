/**
 * The report the CLI, the bench and the desk share: markdown tables per configuration, the clean/faulted split and
 * the per-fault rows when faults were injected, the faults that reached the answer, and an SVG bar plot; and the
 * desk's entry point that rebuilds it from a results file.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evalReportFromResults } from '../../../main/eval/desk-report'
import type { EvalReport } from '../../../main/eval/harness'
import type { JudgedObservation, TaskOutcome } from '../../../main/eval/judge'
import { configMetrics } from '../../../main/eval/metrics'
import { renderPlot } from '../../../main/eval/plot'
import { renderReport } from '../../../main/eval/report'
import { tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-eval-report-')
afterAll(() => tmp.cleanup())

const obs = (wrong: boolean, fate: JudgedObservation['fate']): JudgedObservation => ({ call: 1, tool: 'execute', coarse: 'execute:x', followUp: false, fate, value: 1, reference: 1, wrong, faulted: wrong })

function outcome(task: string, config: string, o: Partial<TaskOutcome>): TaskOutcome {
  return {
    task, config, backbone: 'rules', status: 'done', answer: '1', choice: null, value: 1, grounded: config !== 'base', guessed: false, correct: true,
    tool_calls: 1, follow_ups: 0, rejections: 0, requests: 0, rule_failures: 0, llm_calls: 0, tokens: 0, seconds: 0.5, reference_calls: null,
    run_id: 'r', observations: [], dependent: true, judged: true, erroneous: false, propagated: false, fault: null, fingerprint: 'f', ...o,
  }
}

const outcomes: TaskOutcome[] = [
  outcome('a', 'base', { observations: [obs(false, 'unverified')] }),
  outcome('a~wrong-band', 'base', { correct: false, observations: [obs(true, 'unverified')], erroneous: true, propagated: true, fault: { kind: 'wrong-band', applied: 1 } }),
  outcome('a', 'full', { observations: [obs(false, 'accepted')] }),
  outcome('a~wrong-band', 'full', { correct: false, answer: '7', observations: [obs(true, 'accepted')], erroneous: true, propagated: true, fault: { kind: 'wrong-band', applied: 1 } }),
]

const report: EvalReport = {
  suite: 'faults', backbone: 'rules', tasks: 2, resumed: 0, seconds: 2, outcomes,
  configs: [configMetrics('base', 'rules', false, outcomes.filter((o) => o.config === 'base')), configMetrics('full', 'rules', true, outcomes.filter((o) => o.config === 'full'))],
}

describe('the evaluation report', () => {
  it('renders the task, verification, clean/faulted and per-fault tables', () => {
    const md = renderReport(report, { plot: 'x.svg' })
    expect(md).toContain('![R_prop and accuracy by configuration](x.svg)')
    expect(md).toMatch(/\| base \| 2\/2 \| 50\.0% \(1\/2\) \|/)
    expect(md).toMatch(/\| full \| 2\/2 \| 50\.0% \(1\/2\) \|/)
    expect(md).toMatch(/\| wrong-band \| tool \| 1 \| 1 \| 1 \| 100\.0% \(1\/1\) \| 0\.0% \(0\/1\) \| 1 \| 100\.0% \(1\/1\) \| 0\.0% \(0\/1\) \| not caught \|/)
    expect(md).toContain('- a~wrong-band: wrong-band reached the answer (7); the verifier did not read it from band mapping')
    expect(md).toMatch(/Not injected in this suite .*scale-dropped \(execute\)/)
    // Verification statistics only for the configuration that verified.
    expect(md).toMatch(/\| full \| 0\.0% \(0\/2\) \|/)
  })

  it('draws one bar per configuration and group', () => {
    const svg = renderPlot(report)
    expect(svg.startsWith('<svg')).toBe(true)
    // groups: R_prop all, accuracy clean, R_prop wrong-band -> 3 groups x 2 configurations
    expect((svg.match(/<rect x="[\d.]+" y="[\d.]+" width="12"/g) ?? []).length).toBe(6)
    expect(svg).toContain('<title>full R_prop, wrong-band: 100.0%</title>')
  })

  it('is rebuilt for the desk from a results file', () => {
    const file = path.join(tmp.dir, 'faults-rules.jsonl')
    fs.writeFileSync(file, `${outcomes.map((o) => JSON.stringify(o)).join('\n')}\n`)
    const doc = evalReportFromResults(file)
    expect(doc).toMatchObject({ suite: 'faults-rules', backbone: 'rules', configs: ['base', 'full'], tasks: 2 })
    expect(doc.markdown).toContain('## Per fault kind')
    expect(doc.svg).toContain('<svg')
    expect(() => evalReportFromResults(path.join(tmp.dir, 'none.jsonl'))).toThrow(/does not exist; run rsure eval first/)
  })
})
