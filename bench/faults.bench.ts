/**
 * The fault-injection benchmark (issue 11): the whole fault suite (main/eval/faults/fault-suite.ts, 100+ tasks over
 * ../shared fixtures and Earth-Bench task 46's rasters, each fault with its clean twin) under RSure-Base and the
 * full agent with the rules backbone, through the application service. Writes `.bench/eval-report.md` and
 * `.bench/eval-report.svg` (the same report `rsure eval --faults --report` writes) and passes when the issue's
 * targets hold: R_prop(base) >= 90%, R_prop(full) <= 20%, false rejection of right clean observations <= 5%, and
 * clean accuracy with verification no lower than without. `--quick` runs the Landsat questions only.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRulesBackbone } from '../main/agent/rules/rules-backbone'
import { BASE_QUESTIONS, buildFaultSuite } from '../main/eval/faults/fault-suite'
import { runEvaluation } from '../main/eval/harness'
import { configMetrics } from '../main/eval/metrics'
import { renderPlot } from '../main/eval/plot'
import { pct, renderReport } from '../main/eval/report'
import { openServices } from '../main/services'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SHARED = path.resolve(ROOT, '..', 'shared')
const OUT = path.join(ROOT, '.bench')

export default async function bench(argv: string[]): Promise<number> {
  const quick = argv.includes('--quick')
  const suite = await buildFaultSuite(SHARED, quick ? { only: BASE_QUESTIONS.filter((b) => b.id.startsWith('l-')).map((b) => b.id) } : {})
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-fault-bench-'))
  const services = openServices({ dataDir })
  let last = 0
  try {
    const report = await runEvaluation({
      suite,
      configs: ['base', 'full'],
      ask: (task, switches, signal, _e, hooks) => services.ask(task, switches, signal, undefined, hooks),
      makeBackbone: async () => createRulesBackbone(),
      onProgress: (p) => {
        if (Date.now() - last > 5000 || p.done === p.total) process.stdout.write(`  ${p.done}/${p.total} ${p.stage}\n`)
        last = Date.now()
      },
    })
    fs.mkdirSync(OUT, { recursive: true })
    fs.writeFileSync(path.join(OUT, 'eval-report.svg'), renderPlot(report))
    // The questions with their references and where each reference comes from, after the report's tables.
    const references = [
      '',
      '## Questions and references',
      '',
      '| question id | question | reference | unit | source |',
      '| --- | --- | --- | --- | --- |',
      ...suite.tasks
        .filter((t) => !t.fault)
        .map(
          (t) =>
            `| ${t.id} | ${t.question} | ${t.reference_observations?.[0]?.value} | ${t.answer_unit ?? ''} | ${String((t as { reference_source?: string }).reference_source ?? '')} |`,
        ),
    ].join('\n')
    fs.writeFileSync(
      path.join(OUT, 'eval-report.md'),
      `${renderReport(report, { title: 'Fault-injection benchmark', plot: 'eval-report.svg' })}${references}\n`,
    )

    const of = (config: string, clean: boolean) =>
      configMetrics(
        config,
        report.backbone,
        config !== 'base',
        report.outcomes.filter((o) => o.config === config && !o.fault === clean),
      )
    const base = report.configs.find((c) => c.config === 'base')!
    const full = report.configs.find((c) => c.config === 'full')!
    const cleanBase = of('base', true)
    const cleanFull = of('full', true)
    const checks: [string, boolean][] = [
      [`R_prop(base) ${pct(base.r_prop)} >= 90%`, (base.r_prop.value ?? 0) >= 0.9],
      [`R_prop(full) ${pct(full.r_prop)} <= 20%`, full.r_prop.value !== null && full.r_prop.value <= 0.2],
      [
        `false rejection of right clean observations ${pct(cleanFull.verification?.false_rejection)} <= 5%`,
        (cleanFull.verification?.false_rejection.value ?? 0) <= 0.05,
      ],
      [`clean accuracy full ${pct(cleanFull.accuracy)} >= base ${pct(cleanBase.accuracy)}`, (cleanFull.accuracy.value ?? 0) >= (cleanBase.accuracy.value ?? 0)],
    ]
    process.stdout.write(
      `faults: ${suite.tasks.length} tasks (${suite.tasks.filter((t) => t.fault).length} faulted), ${report.seconds} s; report ${path.relative(ROOT, path.join(OUT, 'eval-report.md'))}\n`,
    )
    for (const [text, ok] of checks) process.stdout.write(`  ${ok ? 'ok  ' : 'FAIL'} ${text}\n`)
    return checks.every(([, ok]) => ok) ? 0 : 1
  } finally {
    services.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
