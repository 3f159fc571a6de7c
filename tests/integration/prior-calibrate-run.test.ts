/**
 * Calibration by running a suite (`rsure prior calibrate --suite DIR --run`): every task runs once with RSure-Base
 * through the real agent loop, the runs land in SQLite, and calibration reads those trajectories back. The model
 * is a scripted OpenAI-protocol server and execute a scripted tool, so the loop, the stored step format and the
 * prior meet exactly as in the app.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createBackbone } from '../../main/agent/llm/backbone-spec'
import { ToolRegistry } from '../../main/agent/tool-registry'
import { runSuiteTasks, suiteTaskSpec } from '../../main/cli/commands/prior'
import { main } from '../../main/cli/index'
import type { CliIo } from '../../main/cli/io'
import { calibrateFromRuns, loadSuite } from '../../main/prior/calibration'
import { openServices, type Services } from '../../main/services'
import { EXECUTE_EVIDENCE } from '../../main/tools/execute/evidence'
import type { ToolResult } from '../../main/tools/protocol'
import type { Tool } from '../../main/tools/tool'
import { startScriptedModelServer } from '../helpers/scripted-model-server'
import { tempDir } from '../helpers/tmp'

let dir: string
let cleanup: () => void
let services: Services
beforeEach(() => {
  ;({ dir, cleanup } = tempDir('rsure-calibrate-run-'))
  services = openServices({ dataDir: path.join(dir, 'data') })
})
afterEach(() => {
  services.close()
  cleanup()
})

function io(): CliIo & { err: string[] } {
  const err: string[] = []
  return { stdout: () => undefined, stderr: (t) => void err.push(t), signal: new AbortController().signal, err }
}

const TVDI = { tool: 'execute' as const, coarse: 'execute:raster.product', fine: 'execute:raster.product|tvdi' }

/** An execute double: one ok scalar observation per call, with the evidence shape the real tool returns. */
function executeDouble(): Tool<Record<string, unknown>, unknown> & { calls: number } {
  const tool = {
    name: 'execute' as const,
    description: 'execute (test double)',
    args: z.record(z.string(), z.unknown()),
    evidence: EXECUTE_EVIDENCE,
    calls: 0,
    async run(): Promise<ToolResult> {
      tool.calls++
      return {
        status: 'ok',
        observation: { value: 0.69, unit: 'dimensionless' },
        evidence: { source: { operators: [{ id: 'tvdi', op: 'raster.product' }] }, intermediate: { valid: 900 }, validity: { failed_nodes: [] } },
        artifacts: [],
        config: TVDI,
      }
    },
  }
  return tool
}

function writeSuite(tasks: object[]): string {
  const suite = path.join(dir, 'tvdi-suite')
  fs.mkdirSync(suite)
  fs.writeFileSync(path.join(suite, 'tasks.jsonl'), tasks.map((t) => JSON.stringify(t)).join('\n'))
  return suite
}

describe('calibration by running a suite', () => {
  it('runs every task with RSure-Base and counts the observations of right and wrong answers', async () => {
    const suite = writeSuite([
      { id: 'a', question: 'What is the annual mean TVDI in 2019?\nA.0.52\nB.0.69', answer: 'B', files: ['files/a'] },
      { id: 'b', question: 'What is the mean TVDI in July 2019?', options: ['0.31', '0.69'], answer: 'B' },
      { id: 'c', question: 'What is the mean TVDI in August 2019?', options: 'A. 0.69\nB. 0.12', answer: 'A' },
    ])
    const server = await startScriptedModelServer({
      planner: (_req, i) => (i % 2 === 0 ? { toolCalls: [{ name: 'execute', arguments: { nodes: [], output: 'tvdi' } }] } : { text: 'The observation answers it.' }),
      writer: () => ({ json: { answer: 'B', explanation: 'The computed mean is nearest option B.', choice: 'B' } }),
    })
    const execute = executeDouble()
    const registry = new ToolRegistry([execute])
    const backbone = createBackbone({ kind: 'openai', baseUrl: server.url, model: 'scripted' }, registry)
    try {
      const out = io()
      const ran = await runSuiteTasks(loadSuite(suite), { backbone, registry, services }, out)
      expect(ran).toEqual({ ran: 3, failed: [] })
      expect(out.err.join('')).toContain('calibration run 3/3: c')
    } finally {
      await backbone.close()
      await server.close()
    }
    expect(execute.calls).toBe(3)
    expect(server.byRole('verifier')).toHaveLength(0)
    const stored = services.runs.listRuns()
    expect(stored.map((r) => r.settings.baseline)).toEqual(['RSure-Base', 'RSure-Base', 'RSure-Base'])

    const report = calibrateFromRuns(services.prior, services.runs, loadSuite(suite))
    expect(report).toMatchObject({ tasks: 3, tasks_with_runs: 3, runs_judged: 3, records: 3, valid: 2, invalid: 1, unmatched: [] })
    expect(services.prior.cell('environmental_assessment', 'fine', TVDI.fine)).toEqual({ n: 3, n_valid: 2, source: 'calibration' })
    // The coarse cell adds the records to the published counts of table E.1 (0.810).
    const coarse = services.prior.cell('environmental_assessment', 'coarse', TVDI.coarse)
    expect(coarse.source).toBe('published+calibration')
  })

  it('turns suite tasks into agent tasks with options split and paths resolved', () => {
    const spec = suiteTaskSpec({ id: 'x', question: 'Which modality?\nA.SAR\nB.RGB', answer: 'B', images: ['images/m.png'] }, '/suite')
    expect(spec).toMatchObject({ question: 'Which modality?', format: 'choice', images: ['/suite/images/m.png'] })
    expect(spec.options).toEqual([
      { letter: 'A', text: 'SAR' },
      { letter: 'B', text: 'RGB' },
    ])
    expect(suiteTaskSpec({ id: 'y', question: 'What is the mean LST?', answer: 300 }, '/s')).toMatchObject({ format: 'number', options: [] })
  })

  it('runs through the command line with the rules backbone', async () => {
    const suite = writeSuite([{ id: 'q', question: 'Describe this scene in one sentence.', answer: 'a field', answer_type: 'text' }])
    let out = ''
    const cli: CliIo = { stdout: (t) => void (out += t), stderr: () => undefined, signal: new AbortController().signal }
    const code = await main(['prior', 'calibrate', '--suite', suite, '--run', '--json', '--data-dir', path.join(dir, 'cli-data')], cli)
    expect(code).toBe(0)
    expect(JSON.parse(out)).toMatchObject({ tasks: 1, tasks_with_runs: 1, runs_started: 1, runs_failed: [] })
  })
})
