/**
 * The evaluation report as markdown (the same text `rsure eval --report`, the fault bench and the desk show): per
 * configuration the task metrics of paper tables 1, 6, 7 and 10, the verification statistics of table 8, and for a
 * suite with injected faults the clean/faulted split and one row per fault kind (table 9 per kind), with where each
 * fault shows and, when the full configuration still let it through, why.
 */
import { EVAL_CONFIGS, type EvalConfig } from './ask'
import { FAULT_KINDS, FILE_FAULT_KINDS, MODEL_FAULT_KINDS } from './faults/kinds'

/** Every kind the suite can inject: at the tool, planner or result, as files, or as a spoiled model pack. */
const ALL_KINDS = [...FAULT_KINDS, ...FILE_FAULT_KINDS, ...MODEL_FAULT_KINDS]
import type { EvalReport } from './harness'
import type { TaskOutcome } from './judge'
import { configMetrics, type ConfigMetrics, type FaultStats, type Rate } from './metrics'

export const pct = (r: Rate | null | undefined) => (r && r.value !== null ? `${(100 * r.value).toFixed(1)}% (${r.num}/${r.den})` : '–')
const num = (v: number | null | undefined, d = 2) => (v === null || v === undefined ? '–' : v.toFixed(d))

function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`
}

function table(head: string[], rows: (string | number)[][]): string {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n')
}

function summaryTable(ms: ConfigMetrics[]): string {
  return table(
    [
      'config',
      'tasks run',
      'accuracy',
      'accuracy without guesses',
      'R_dep',
      'R_err',
      'R_prop',
      'tool-call ratio',
      'tool calls',
      'follow-ups',
      'LLM calls',
      'tokens',
      's mean',
      's median',
    ],
    ms.map((m) => [
      m.config,
      `${m.ran}/${m.tasks}`,
      pct(m.accuracy),
      pct(m.accuracy_without_guesses),
      pct(m.r_dep),
      pct(m.r_err),
      pct(m.r_prop),
      m.tool_call_ratio.tasks ? `${num(m.tool_call_ratio.value, 3)} (${m.tool_call_ratio.tasks})` : '–',
      num(m.per_task.tool_calls),
      num(m.per_task.follow_ups),
      num(m.per_task.llm_calls),
      num(m.per_task.tokens, 0),
      num(m.per_task.seconds_mean),
      num(m.per_task.seconds_median),
    ]),
  )
}

function verificationTable(ms: ConfigMetrics[]): string {
  const v = ms.filter((m) => m.verification)
  if (!v.length) return 'No configuration verified observations.'
  return table(
    [
      'config',
      'tasks with a failed observation',
      'with evidence requests',
      'accepted after the request',
      'of which correct',
      'rejected calls',
      'accept',
      'request',
      'reject',
      'rule failure',
      'false rejection',
      'of clean controls',
      'wrong accepted',
      'targeted requests',
      'resolved on new evidence',
      'prior found (fine)',
      'r̂ range',
      'corroboration requests',
    ],
    v.map((m) => {
      const s = m.verification!
      return [
        m.config,
        pct(s.tasks_with_failed_observation),
        pct(s.tasks_with_request),
        pct(s.tasks_with_accept_after_request),
        pct(s.answered_correctly),
        s.rejected_calls,
        pct(s.accept_rate),
        pct(s.request_rate),
        pct(s.reject_rate),
        pct(s.rule_fail_rate),
        pct(s.false_rejection),
        pct(s.false_rejection_clean),
        pct(s.missed_wrong),
        pct(s.targeted_requests),
        pct(s.requests_resolved),
        s.prior ? `${pct(s.prior.found)} (${s.prior.fine} fine)` : 'off',
        s.prior && s.prior.r_min !== null && s.prior.r_max !== null ? `${s.prior.r_min.toFixed(2)}-${s.prior.r_max.toFixed(2)}` : '-',
        s.prior ? s.prior.corroboration_requests : '-',
      ]
    }),
  )
}

function faultTable(report: EvalReport, configs: string[]): string {
  const kinds = [...new Set(report.outcomes.map((o) => o.fault?.kind).filter((k): k is string => Boolean(k)))]
  const order = ALL_KINDS.map((k) => k.id)
  kinds.sort((a, b) => order.indexOf(a) - order.indexOf(b))
  const by = new Map(configs.map((c) => [c, new Map(configMetricsFor(report, c).faults.map((f) => [f.kind, f]))]))
  const last = configs[configs.length - 1]
  const head = [
    'fault',
    'injected at',
    'tasks',
    'applied',
    ...configs.flatMap((c) => [`wrong obs (${c})`, `R_prop (${c})`, `accuracy (${c})`]),
    `under ${last}`,
    'visible in',
  ]
  return table(
    head,
    kinds.map((k) => {
      const kind = ALL_KINDS.find((x) => x.id === k)
      const first = by.get(configs[0])?.get(k)
      return [
        k,
        kind?.point ?? '?',
        first?.tasks ?? 0,
        first?.applied ?? 0,
        ...configs.flatMap((c) => {
          const f = by.get(c)?.get(k)
          return [f?.erroneous ?? 0, pct(f?.propagated), pct(f?.correct)]
        }),
        caughtText(by.get(last)?.get(k), kind?.point),
        kind?.visibleIn ?? '',
      ]
    }),
  )
}

/** Whether the last configuration stopped a fault kind, in words; a result fault is said to be out of reach. */
function caughtText(f: FaultStats | undefined, point: string | undefined): string {
  if (!f || f.applied === 0) return 'not applied'
  if (f.erroneous === 0) return 'changed no observation'
  const n = f.propagated.num
  const verdict = n === 0 ? 'caught' : n === f.erroneous ? 'not caught' : `caught in ${f.erroneous - n} of ${f.erroneous}`
  return point === 'result' && n > 0 ? `${verdict}: the evidence was changed with the value, so no evidence check can see it` : verdict
}

const metricsCache = new WeakMap<EvalReport, Map<string, ConfigMetrics>>()
function configMetricsFor(report: EvalReport, config: string, filter?: (o: TaskOutcome) => boolean, tag = ''): ConfigMetrics {
  let cache = metricsCache.get(report)
  if (!cache) metricsCache.set(report, (cache = new Map()))
  const key = `${config}|${tag}`
  if (!cache.has(key)) {
    const verify = config in EVAL_CONFIGS ? EVAL_CONFIGS[config as EvalConfig].verify : true
    cache.set(
      key,
      configMetrics(
        config,
        report.backbone,
        verify,
        report.outcomes.filter((o) => o.config === config && (!filter || filter(o))),
      ),
    )
  }
  return cache.get(key)!
}

/** Faults the last configuration let through to a wrong answer, with where they would have shown. */
function escapes(report: EvalReport, config: string): string[] {
  return report.outcomes
    .filter((o) => o.config === config && o.fault && o.propagated)
    .map((o) => {
      const kind = ALL_KINDS.find((k) => k.id === o.fault?.kind)
      const why =
        kind?.point === 'result'
          ? 'its evidence was changed with it, so nothing in the evidence contradicts it'
          : `the verifier did not read it from ${kind?.visibleIn ?? 'the evidence'}`
      return `- ${o.task}: ${o.fault?.kind} reached the answer (${o.answer ?? 'no answer'}); ${why}.`
    })
}

/** The markdown report of one evaluation. */
export function renderReport(report: EvalReport, opts: { title?: string; plot?: string } = {}): string {
  const title = opts.title ?? `Evaluation of ${report.suite}`
  const configs = report.configs.map((c) => c.config)
  const faulted = report.outcomes.some((o) => o.fault)
  const parts = [
    `# ${title}`,
    '',
    `Backbone \`${report.backbone}\`; ${report.tasks} tasks; configurations ${configs.join(', ')} (base = verification and prior off, verify = verification without the prior, full = both); ${report.seconds} s${report.resumed ? `, ${report.resumed} runs reused from an earlier run` : ''}.`,
    '',
    ...(opts.plot ? [`![R_prop and accuracy by configuration](${opts.plot})`, ''] : []),
    '## Tasks',
    '',
    summaryTable(report.configs),
    '',
    'Accuracy counts a missing or unreadable answer as wrong; the next column also counts a `--force-choice` guess as wrong. R_dep, R_err and R_prop follow paper section 3.1: tasks with a tool observation, of those with a wrong one (against the reference observations), of those whose wrong answer agrees with a wrong observation.',
    '',
    '## Verification',
    '',
    verificationTable(report.configs),
    '',
    'False rejection: observations equal to their reference that never entered the verified history (rejected, failed a rule, or left with an open evidence request). Wrong accepted: observations off their reference that did.',
  ]
  if (faulted) {
    const clean = configs.map((c) => configMetricsFor(report, c, (o) => !o.fault, 'clean'))
    const bad = configs.map((c) => configMetricsFor(report, c, (o) => Boolean(o.fault), 'faulted'))
    parts.push(
      '',
      '## Clean and faulted tasks',
      '',
      '### Clean tasks',
      '',
      summaryTable(clean),
      '',
      verificationTable(clean),
      '',
      '### Faulted tasks',
      '',
      summaryTable(bad),
      '',
      '## Per fault kind',
      '',
      faultTable(report, configs),
      '',
      'Applied: tasks where the fault found something to corrupt in the call. A fault injected at the tool changes what the tool runs and the evidence reports what ran; at the planner it changes the planned call itself (a misreading of the question); in the result it changes the observation and its evidence together, which no evidence check can see.',
    )
    const notInjected = FAULT_KINDS.filter((k) => !report.outcomes.some((o) => o.fault?.kind === k.id))
    if (notInjected.length) {
      parts.push(
        '',
        `Not injected in this suite (no task gives them a target with the tools installed): ${notInjected.map((k) => `${k.id} (${k.tool})`).join(', ')}.`,
      )
    }
    const last = configs[configs.length - 1]
    const escaped = escapes(report, last)
    parts.push('', `### Faults that reached the answer under ${last}`, '', escaped.length ? escaped.join('\n') : 'None.')
  }
  const failed = report.outcomes.filter((o) => o.status === 'failed')
  if (failed.length) parts.push('', '## Failed runs', '', ...failed.map((o) => `- ${o.task} (${o.config}): ${o.reason}`))
  return `${parts.join('\n')}\n`
}
