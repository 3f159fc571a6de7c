/**
 * The CLI from the built bundle (`npm run build` -> out/main/cli.js) runs in plain Node, no TypeScript compiled at
 * run time, and answers Earth-Bench task 46 with the question and options of its tasks.jsonl; the expected letter is
 * the benchmark's own answer. The build is made into a temporary copy of out/ only when RSURE_TEST_BUILD=1 or no
 * build is present; otherwise the present out/main/cli.js is used.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shared, tempDir } from '../../helpers/tmp'

const root = path.resolve(__dirname, '..', '..', '..')
const cli = path.join(root, 'out', 'main', 'cli.js')

describe('the built CLI', () => {
  it('is built with every worker entry beside it and imports no tsx', { timeout: 400_000 }, () => {
    if (process.env.RSURE_TEST_BUILD === '1' || !fs.existsSync(cli)) {
      const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, encoding: 'utf8' })
      expect(r.status, r.stderr.slice(-2000)).toBe(0)
    }
    for (const entry of ['cli.js', 'index.js', 'exec-worker.js', 'inference-worker.js', 'preview-worker.js', 'tile-worker.js']) {
      expect(fs.existsSync(path.join(root, 'out', 'main', entry)), entry).toBe(true)
    }
    const sources = fs.readdirSync(path.join(root, 'out', 'main')).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(root, 'out', 'main', f), 'utf8'))
    expect(sources.some((s) => /from\s*["']tsx|import\(["']tsx/.test(s))).toBe(false)
    const v = spawnSync(process.execPath, [cli, '--version'], { encoding: 'utf8' })
    expect(v.stdout.trim()).toBe(`rsure ${JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version}`)
  })

  it('answers task 46 from the bundle', { timeout: 400_000 }, () => {
    const bench = shared('benchmarks', 'earthbench-q46')
    const task = JSON.parse(fs.readFileSync(path.join(bench, 'tasks.jsonl'), 'utf8').split('\n')[0]) as { question: string; options: string; answer: string }
    const t = tempDir('rsure-built-cli-')
    try {
      const r = spawnSync(process.execPath, [cli, 'ask', '--json', '--files', path.join(bench, 'files'), '--options', task.options, task.question], {
        encoding: 'utf8', cwd: t.dir, env: { ...process.env, RSURE_DATA_DIR: path.join(t.dir, 'data'), NODE_OPTIONS: '' }, maxBuffer: 256 * 1024 * 1024,
      })
      expect(r.status, r.stderr.slice(-2000)).toBe(0)
      const out = JSON.parse(r.stdout) as { answer: string; grounded: boolean }
      expect(out.answer).toBe(task.answer)
      expect(out.grounded).toBe(true)
    } finally {
      t.cleanup()
    }
  })
})
