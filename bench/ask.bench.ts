/**
 * Planning and verification must cost little (issue 4): `rsure ask` on Earth-Bench task 46 with the default rules
 * backbone, end to end (classification, planning, the execute call, rule checks, the evidence policy, the answer,
 * every trajectory step written to SQLite), beside the raw execute time of the very DAG the planner emits. Both run
 * warm in this process on the same worker pool, alternating. On shared cores one execute can vary by a second or
 * more between runs, so besides the ratio of the medians the bench measures the agent's own cost directly — the
 * ask's wall time minus the execute call inside it — and checks that raw execute plus that cost is at most 1.2x
 * the raw execute. Where `rsure exec` exists, the two CLI commands are also timed cold, as a user sees them.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { planTask } from '../main/agent/rules/rules-planner'
import { makeTask, parseOptions } from '../main/agent/task'
import { openServices } from '../main/services'
import { executeDag } from '../main/tools/execute'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TASK = path.resolve(ROOT, '..', 'shared', 'benchmarks', 'earthbench-q46')
const LIMIT = 1.2

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function cliSeconds(args: string[], env: NodeJS.ProcessEnv): number | null {
  const t0 = performance.now()
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'rsure.mjs'), ...args], { cwd: ROOT, env, encoding: 'utf8' })
  return r.status === 0 ? (performance.now() - t0) / 1000 : null
}

export default async function bench(argv: string[]): Promise<number> {
  const line = JSON.parse(fs.readFileSync(path.join(TASK, 'tasks.jsonl'), 'utf8').split('\n')[0]) as { question: string; options: string; answer: string }
  const task = makeTask({ question: line.question, options: parseOptions(line.options), files: [path.join(TASK, 'files')] })
  const wf = planTask(task).workflow
  if (!wf?.ok || wf.tool !== 'execute') {
    process.stdout.write('ask: the rules planner found no execute workflow for task 46\n')
    return 1
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-ask-bench-'))
  const services = openServices({ dataDir })
  const rounds = argv.includes('--quick') ? 3 : 5
  const raw: number[] = []
  const ask: number[] = []
  const overhead: number[] = []
  let answer = ''
  let verified = 0
  try {
    // Warm-up: start the worker pool and fill the OS file cache once, outside the timings.
    await executeDag(wf.args, { artifacts: services.artifacts })
    for (let i = 0; i < rounds; i++) {
      let t0 = performance.now()
      const r = await executeDag(wf.args, { artifacts: services.artifacts })
      raw.push((performance.now() - t0) / 1000)
      if (r.status !== 'ok') throw new Error(`raw execute returned ${r.status}: ${r.reason}`)
      t0 = performance.now()
      const result = await services.ask(task, { verify: true, prior: true, backbone: 'rules' })
      ask.push((performance.now() - t0) / 1000)
      const inside = result.trajectory.filter((st) => st.kind === 'tool_result').reduce((n, st) => n + ((st.payload as { ms?: number }).ms ?? 0), 0) / 1000
      overhead.push(ask.at(-1)! - inside)
      answer = result.answer.answer
      verified = result.verified.length
    }
  } finally {
    services.close()
  }
  const ratio = median(ask) / median(raw)
  const costRatio = (median(raw) + median(overhead)) / median(raw)
  const ok = costRatio <= LIMIT && answer === line.answer && verified === 1
  process.stdout.write(
    `ask (task 46, rules backbone, warm, median of ${rounds}):\n` +
      `  raw execute of the planned DAG: ${median(raw).toFixed(2)} s  [${raw.map((t) => t.toFixed(2)).join(', ')}]\n` +
      `  rsure ask end to end:           ${median(ask).toFixed(2)} s  [${ask.map((t) => t.toFixed(2)).join(', ')}]\n` +
      `  agent's own cost per ask (ask minus its execute call): ${(median(overhead) * 1000).toFixed(0)} ms  [${overhead.map((t) => (t * 1000).toFixed(0)).join(', ')}]\n` +
      `  ratio of medians ${ratio.toFixed(3)}; (raw + agent cost) / raw ${costRatio.toFixed(3)} (limit ${LIMIT})\n` +
      `  answer ${answer} (gold ${line.answer}); verified observations ${verified} -> ${ok ? 'OK' : 'FAIL'}\n`,
  )
  if (fs.existsSync(path.join(ROOT, 'main', 'cli', 'commands', 'exec.ts')) && !argv.includes('--quick')) {
    const env = { ...process.env, RSURE_DATA_DIR: dataDir }
    const dagFile = path.join(dataDir, 'q46-dag.json')
    fs.writeFileSync(dagFile, JSON.stringify(wf.args))
    const exec = cliSeconds(['exec', '--dag', dagFile, '--json'], env)
    const cli = cliSeconds(['ask', '--files', path.join(TASK, 'files'), '--options', line.options, '--json', line.question], env)
    process.stdout.write(`  CLI, cold (process start included): rsure exec ${exec?.toFixed(2) ?? 'failed'} s, rsure ask ${cli?.toFixed(2) ?? 'failed'} s\n`)
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
  return ok ? 0 : 1
}
