/**
 * The window against the command line (issue 17): Earth-Bench task 46 asked from the desk in browser mode (`rsure
 * serve` + Chromium) and with `rsure ask`, on the same 46 files, on the same machine, in the same bench run. Each
 * window round is the analyst's day as tests/e2e/desk-reload.test.ts has it: the desk reopened with the 46 task files
 * and the 9 Landsat bands, all 55 layers shown and drawn; the Landsat bands removed (the map moves to Urumqi, where
 * 46 layers wait to be drawn; the cards' previews may still be coming after the reload) and task 46 asked at once
 * with its options. The rounds alternate (CLI, window, CLI, window, ...) so a change in the machine's load falls on
 * both; the execute tool's in-process node cache is off in the server, so each window round computes, as each fresh
 * `rsure ask` process does.
 *
 * Measured: the window from Enter to the answer shown on the page; the CLI as anyone typing it sees it, a fresh
 * process start included. Beside them the run's own time in each (the stored run's `seconds`, and its tool call's)
 * and the CPU the server and Chromium used during the window's ask, which tell where a difference lies. The bench
 * fails when an answer is not the reference letter or the ratio of the medians exceeds 1.3. `--quick`: one round
 * each. Needs Chromium (RSURE_CHROMIUM or /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../main/store/database'
import { RunStore } from '../main/store/runs'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TASK = path.resolve(ROOT, '..', 'shared', 'benchmarks', 'earthbench-q46')
const LIMIT = 1.3

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ')

interface Q46 {
  question: string
  options: string
  answer: string
}

/** One `rsure ask` as a user types it: wall time, the run's own seconds, the letter. */
interface Step {
  kind: string
  payload?: unknown
}

/** Seconds the tool calls of a trajectory took (their results' `ms`). */
function toolSeconds(steps: Step[]): number {
  let ms = 0
  for (const s of steps) {
    const p = s.payload as { ms?: unknown } | undefined
    if (s.kind === 'tool_result' && typeof p?.ms === 'number') ms += p.ms
  }
  return ms / 1000
}

/** CPU seconds (user + system) a process and all its descendants have used so far, from /proc (Linux); NaN elsewhere. */
function treeCpu(root: number, exclude: number | null = null): number {
  try {
    const parent = new Map<number, number>()
    const cpu = new Map<number, number>()
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8')
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        parent.set(Number(d), Number(f[1]))
        cpu.set(Number(d), (Number(f[11]) + Number(f[12])) / 100)
      } catch {
        // gone meanwhile
      }
    }
    const inTree = (pid: number): boolean => {
      for (let p: number | undefined = pid; p; p = parent.get(p)) {
        if (p === exclude) return false
        if (p === root) return true
      }
      return false
    }
    let total = 0
    for (const [pid, t] of cpu) if (inTree(pid)) total += t
    return total
  } catch {
    return NaN
  }
}

function cliAsk(q: Q46, dataDir: string): { wall: number; run: number; tool: number; choice: string | null } {
  const t0 = performance.now()
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bin', 'rsure.mjs'), 'ask', '--files', path.join(TASK, 'files'), '--options', q.options, '--json', q.question],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 600_000,
      env: { ...process.env, RSURE_DATA_DIR: dataDir },
    },
  )
  const wall = (performance.now() - t0) / 1000
  if (r.status !== 0) throw new Error(`rsure ask failed (${r.status}): ${r.stderr}`)
  const out = JSON.parse(r.stdout) as { choice: string | null; metrics?: { seconds?: number }; trajectory: Step[] }
  return { wall, run: out.metrics?.seconds ?? NaN, tool: toolSeconds(out.trajectory), choice: out.choice }
}

export default async function bench(argv: string[]): Promise<number> {
  const q = JSON.parse(fs.readFileSync(path.join(TASK, 'tasks.jsonl'), 'utf8').split('\n')[0]) as Q46
  const rounds = argv.includes('--quick') ? 1 : 3
  // The desk helpers find the project and ../shared from their own folder (__dirname, which vitest provides; this
  // module is ESM), as scripts/screenshots.ts does.
  if (!('__dirname' in globalThis)) Object.assign(globalThis, { __dirname: path.join(ROOT, 'tests', 'e2e') })
  const { addFiles, ask, connect, LANDSAT_TIFS, layerRows, mapSettled, openDesk, Q46_TIFS } = await import('../tests/e2e/rsure-serve')
  // The node cache would answer the window's second ask at once: off in the server, as in each fresh `rsure ask`.
  const cacheWas = process.env.RSURE_NODE_CACHE
  process.env.RSURE_NODE_CACHE = '0'
  const desk = await openDesk('rsure-window-bench-').finally(() => {
    if (cacheWas === undefined) delete process.env.RSURE_NODE_CACHE
    else process.env.RSURE_NODE_CACHE = cacheWas
  })
  const { page } = desk
  const cliData = path.join(desk.dir, 'cli-data')
  const win: number[] = []
  const winRun: number[] = []
  const cli: number[] = []
  const cliRun: number[] = []
  const winTool: number[] = []
  const cliTool: number[] = []
  const letters: string[] = []
  const cpu = { server: [] as number[], browser: [] as number[] }
  try {
    const files = [...Q46_TIFS, ...LANDSAT_TIFS]
    await addFiles(page, files, files.length)
    const rows = await layerRows(page, files.length)
    process.stdout.write(`window bench: ${rows.length} layers listed and shown (the 46 task files, then the 9 Landsat bands)\n`)
    const store = new RunStore(openDatabase({ file: path.join(desk.dataDir, 'rsure.sqlite'), readonly: true }))
    const serverPid = desk.served.child.pid ?? -1
    for (let i = 0; i < rounds; i++) {
      const c = cliAsk(q, cliData)
      cli.push(c.wall)
      cliRun.push(c.run)
      cliTool.push(c.tool)
      letters.push(`cli ${c.choice}`)
      // The analyst's day, as desk-reload.test.ts has it: the desk reopened with all 55 layers shown, the map drawn
      // (at the Landsat scene, the last added), the Landsat bands removed (the map moves to Urumqi, its 46 layers
      // to draw) and task 46 asked at once with its options.
      await connect(page, desk.served.url)
      await layerRows(page, files.length)
      for (const box of await page.locator('[data-testid=layer-row] input[type=checkbox]').all()) await box.check()
      await mapSettled(page, 'map', files.length, 300_000, 1000)
      for (const f of LANDSAT_TIFS) await page.locator(`[data-testid=file-card][data-name="${path.basename(f)}"] button[aria-label^=remove]`).click()
      await page.check('[data-testid=options-toggle]')
      await page.fill('[data-testid=options]', q.options)
      const s0 = treeCpu(serverPid)
      const b0 = treeCpu(process.pid, serverPid)
      const t0 = performance.now()
      const { runId, answer } = await ask(page, q.question, 600_000)
      win.push((performance.now() - t0) / 1000)
      cpu.server.push(treeCpu(serverPid) - s0)
      cpu.browser.push(treeCpu(process.pid, serverPid) - b0)
      const seconds = store.getRun(runId)?.metrics?.seconds
      winRun.push(typeof seconds === 'number' ? seconds : NaN)
      winTool.push(toolSeconds(store.trajectory(runId)))
      letters.push(`window ${answer}`)
      await addFiles(page, LANDSAT_TIFS, files.length)
    }
  } finally {
    await desk.close()
  }
  const ratio = median(win) / median(cli)
  const right = letters.every((l) => l.endsWith(` ${q.answer}`))
  const ok = right && ratio <= LIMIT
  process.stdout.write(
    `task 46, median of ${rounds} (alternating, same machine, same files):\n` +
      `  window, Enter to answer:      ${median(win).toFixed(1)} s  [${fmt(win)}]; its run in the server ${median(winRun).toFixed(1)} s  [${fmt(winRun)}], its tool call ${median(winTool).toFixed(1)} s  [${fmt(winTool)}]\n` +
      `  rsure ask, process included:  ${median(cli).toFixed(1)} s  [${fmt(cli)}]; its run ${median(cliRun).toFixed(1)} s  [${fmt(cliRun)}], its tool call ${median(cliTool).toFixed(1)} s  [${fmt(cliTool)}]\n` +
      `  CPU used during the window's ask: the server (its run, tiles, previews) ${fmt(cpu.server)} s, Chromium and this bench ${fmt(cpu.browser)} s\n` +
      `  answers: ${letters.join(', ')} (reference ${q.answer})\n` +
      `  ratio window / rsure ask ${ratio.toFixed(2)} (limit ${LIMIT}) -> ${ok ? 'OK' : 'FAIL'}\n`,
  )
  return ok ? 0 : 1
}
