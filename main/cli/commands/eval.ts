/**
 * `rsure eval --suite PATH [--adapter auto|suite|earthbench|choice|thinkgeo|terralogic] [--config base|verify|full|all]
 * [--backbone SPEC] [--json] [--report FILE] [--results FILE] [--fresh] [--force-choice]`
 * `rsure eval --faults [--shared DIR] [--only IDS] [--kinds IDS] ...`
 *
 * Runs a task suite through the application service (the same `ask` as `rsure ask` and the desk), judges every run
 * and prints the metrics per configuration (main/eval). Outcomes are kept per task in a results file, so an
 * interrupted evaluation resumes where it stopped (`--fresh` starts over). `--faults` builds the fault-injection
 * suite from the real rasters in the shared folder and compares base and full by default.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createBackbone, parseBackbone } from '../../agent/llm/backbone-spec'
import { adaptSuite, ADAPTERS, type AdapterName } from '../../eval/adapters/adapt'
import { parseConfigs } from '../../eval/ask'
import { buildFaultSuite } from '../../eval/faults/fault-suite'
import { runEvaluation, type EvalReport } from '../../eval/harness'
import { renderPlot } from '../../eval/plot'
import { renderReport, pct } from '../../eval/report'
import { ResultsStore } from '../../eval/results-store'
import type { EvalSuite } from '../../eval/suite'
import { openServices } from '../../services'
import { CliError, parseCommandArgs, printJson, progressPrinter, type Command } from '../io'

const USAGE = [
  'rsure eval --suite PATH [--adapter auto|suite|earthbench|choice|thinkgeo|terralogic] [--data DIR] [--phrasing user|planning|instruction]',
  '           [--config base|verify|full|all] [--backbone SPEC] [--json] [--report FILE] [--results FILE] [--fresh] [--force-choice]',
  '       rsure eval --faults [--shared DIR] [--only IDS] [--kinds IDS] [--calls all|first] [--packs DIR] [--config ...] [--calibrate] [--json] [--report FILE]',
  '       --packs: a folder of fake detector packs (tests/data-faults/detector-packs.ts) adds the perception faults (also RSURE_FAULT_PACKS)',
  '       --calls: the tool and planner faults corrupt every call (all, persistent: the default) or the first only (transient)',
  "       --calibrate: record the first configuration's judged observations into the prior (calibration) before the others run",
].join('\n')

function summary(report: EvalReport): string {
  const lines = [
    `Suite ${report.suite} (${report.tasks} tasks, backbone ${report.backbone}, ${report.seconds} s${report.resumed ? `, ${report.resumed} runs resumed` : ''}):`,
  ]
  for (const m of report.configs) {
    lines.push(
      `  ${m.config.padEnd(6)} accuracy ${pct(m.accuracy)}  without guesses ${pct(m.accuracy_without_guesses)}  R_dep ${pct(m.r_dep)}  R_err ${pct(m.r_err)}  R_prop ${pct(m.r_prop)}` +
        `${m.tool_call_ratio.tasks ? `  tool-call ratio ${m.tool_call_ratio.value?.toFixed(3)} (${m.tool_call_ratio.tasks} tasks)` : ''}` +
        `${m.verification ? `  false rejection ${pct(m.verification.false_rejection)} (clean controls ${pct(m.verification.false_rejection_clean)})  targeted requests ${pct(m.verification.targeted_requests)} (resolved ${pct(m.verification.requests_resolved)})` : ''}${m.unavailable ? `  unavailable ${m.unavailable}` : ''}${m.failed ? `  failed ${m.failed}` : ''}`,
    )
  }
  return `${lines.join('\n')}\n`
}

const command: Command = {
  name: 'eval',
  summary: 'Evaluate the agent on a task suite (accuracy, R_dep/R_err/R_prop, tool-call ratio, verification statistics), or on the fault-injection suite.',
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseCommandArgs(
      'eval',
      argv,
      {
        suite: { type: 'string' },
        adapter: { type: 'string' },
        data: { type: 'string' },
        phrasing: { type: 'string' },
        faults: { type: 'boolean', default: false },
        shared: { type: 'string' },
        only: { type: 'string' },
        kinds: { type: 'string' },
        calls: { type: 'string' },
        packs: { type: 'string' },
        config: { type: 'string' },
        backbone: { type: 'string' },
        json: { type: 'boolean', default: false },
        report: { type: 'string' },
        results: { type: 'string' },
        fresh: { type: 'boolean', default: false },
        calibrate: { type: 'boolean', default: false },
        'force-choice': { type: 'boolean', default: false },
      },
      false,
    )
    if (!values.suite === !values.faults) throw new CliError('rsure eval needs exactly one of --suite PATH or --faults.', 2)
    let configs
    try {
      configs = parseConfigs(values.config ?? (values.faults ? 'base,full' : 'full'))
    } catch (err) {
      throw new CliError((err as Error).message, 2)
    }
    const backboneText = values.backbone ?? 'rules'
    let spec
    try {
      spec = parseBackbone(backboneText)
    } catch (err) {
      throw new CliError((err as Error).message, 2)
    }
    const list = (s?: string) =>
      s
        ? s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : undefined

    let suite: EvalSuite
    try {
      if (values.faults) {
        const shared = path.resolve(values.shared ?? path.join('..', 'shared'))
        io.stderr("Computing the fault suite's reference values from the rasters...\n")
        if (values.calls !== undefined && values.calls !== 'first' && values.calls !== 'all')
          throw new Error(`--calls takes 'first' or 'all', not '${values.calls}'.`)
        const packs = values.packs ?? process.env.RSURE_FAULT_PACKS
        suite = await buildFaultSuite(shared, {
          only: list(values.only),
          kinds: list(values.kinds),
          ...(values.calls ? { calls: values.calls } : {}),
          ...(packs ? { packs: path.resolve(packs) } : {}),
        })
      } else {
        const adapter = (values.adapter ?? 'auto') as AdapterName
        if (!ADAPTERS.includes(adapter)) throw new Error(`Unknown adapter '${values.adapter}'; use one of ${ADAPTERS.join(', ')}.`)
        suite = adaptSuite(path.resolve(values.suite!), adapter, { dataDir: values.data ? path.resolve(values.data) : undefined, phrasing: values.phrasing })
      }
    } catch (err) {
      throw new CliError((err as Error).message, 2)
    }

    const services = openServices()
    const resultsFile = values.results
      ? path.resolve(values.results)
      : path.join(services.paths.root, 'eval', `${suite.name}-${backboneText.replace(/[^A-Za-z0-9._-]+/g, '_')}.jsonl`)
    try {
      const results = new ResultsStore(resultsFile, values.fresh)
      const report = await runEvaluation({
        suite,
        configs,
        backbone: backboneText,
        ask: (task, switches, signal, _e, hooks) => services.ask(task, switches, signal, undefined, hooks),
        makeBackbone: async () => createBackbone(spec, await services.tools(), { apiKey: process.env.RSURE_OPENAI_API_KEY }),
        results,
        forceChoice: values['force-choice'],
        onProgress: progressPrinter(io),
        signal: io.signal,
        ...(values.calibrate ? { calibrate: { from: configs[0], record: (records) => services.prior.record(records) } } : {}),
      })
      if (values.report) {
        // The markdown and its SVG plot side by side: REPORT.md and REPORT.svg.
        const file = path.resolve(values.report)
        const svg = file.replace(/\.md$/i, '') + '.svg'
        fs.mkdirSync(path.dirname(file), { recursive: true })
        fs.writeFileSync(svg, renderPlot(report))
        fs.writeFileSync(file, renderReport(report, { plot: path.basename(svg) }))
      }
      if (values.json) printJson(io, { ...report, results_file: resultsFile })
      else io.stdout(`${summary(report)}Per-task results: ${resultsFile}${values.report ? `\nReport: ${values.report}` : ''}\n`)
      return 0
    } catch (err) {
      if (io.signal.aborted) throw new CliError('The evaluation was interrupted; finished tasks are kept and a rerun resumes after them.', 130)
      throw err
    } finally {
      services.close()
    }
  },
}

export default command
