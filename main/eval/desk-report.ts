/**
 * The evaluation report for the desk (and anyone holding a results file): read the per-task outcomes an
 * evaluation wrote (results-store.ts), recompute the metrics per configuration and render the same markdown and
 * SVG plot as `rsure eval --report` and the fault bench. The desk calls `evalReportFromResults(file)` for an eval
 * run and shows `markdown` with `svg` beside it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { CONFIG_NAMES, EVAL_CONFIGS, type EvalConfig } from './ask'
import type { EvalReport } from './harness'
import type { TaskOutcome } from './judge'
import { configMetrics } from './metrics'
import { renderPlot } from './plot'
import { renderReport } from './report'

export interface EvalReportDocument {
  suite: string
  backbone: string
  configs: string[]
  tasks: number
  markdown: string
  svg: string
}

/** The report of the outcomes kept in a results file (for one backbone: the one named, else the latest written). */
export function evalReportFromResults(file: string, opts: { backbone?: string; suite?: string } = {}): EvalReportDocument {
  if (!fs.existsSync(file)) throw new Error(`The evaluation results file ${path.basename(file)} does not exist; run rsure eval first.`)
  const latest = new Map<string, TaskOutcome>()
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue
    try {
      const o = JSON.parse(line) as TaskOutcome
      if (typeof o.task === 'string' && typeof o.config === 'string' && typeof o.backbone === 'string')
        latest.set(`${o.task}\u0000${o.config}\u0000${o.backbone}`, o)
    } catch {
      // a line cut short by an interrupted write
    }
  }
  const all = [...latest.values()]
  if (all.length === 0) throw new Error(`The evaluation results file ${path.basename(file)} holds no outcome yet.`)
  const backbone = opts.backbone ?? all[all.length - 1].backbone
  const outcomes = all.filter((o) => o.backbone === backbone)
  const configs = [...new Set(outcomes.map((o) => o.config))].sort((a, b) => CONFIG_NAMES.indexOf(a as EvalConfig) - CONFIG_NAMES.indexOf(b as EvalConfig))
  const report: EvalReport = {
    suite: opts.suite ?? path.basename(file).replace(/\.jsonl$/, ''),
    backbone,
    tasks: new Set(outcomes.map((o) => o.task)).size,
    configs: configs.map((c) =>
      configMetrics(
        c,
        backbone,
        c in EVAL_CONFIGS ? EVAL_CONFIGS[c as EvalConfig].verify : true,
        outcomes.filter((o) => o.config === c),
      ),
    ),
    outcomes,
    resumed: 0,
    seconds: Number(outcomes.reduce((a, o) => a + o.seconds, 0).toFixed(2)),
  }
  return { suite: report.suite, backbone, configs, tasks: report.tasks, markdown: renderReport(report), svg: renderPlot(report) }
}
