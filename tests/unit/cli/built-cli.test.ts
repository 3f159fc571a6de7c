/**
 * The CLI from the built bundle (`npm run build` -> out/main/cli.js) runs in plain Node, no TypeScript compiled at
 * run time, and answers Earth-Bench task 46 with the question and options of its tasks.jsonl; the expected letter is
 * the benchmark's own answer. The build is made into a temporary copy of out/ only when RSURE_TEST_BUILD=1 or no
 * build is present; otherwise the present out/main/cli.js is used.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { startServe, wsRequest, type RsureProcess } from '../../helpers/rsure-process'
import { FIXTURES, shared, tempDir } from '../../helpers/tmp'

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

  it('serves previews and tiles from the bundle (rsure serve finds its preview and tile workers)', { timeout: 200_000 }, async () => {
    const t = tempDir('rsure-built-serve-')
    const children: ChildProcess[] = []
    // `node out/main/cli.js ARGS`, its output collected, killed after the test.
    const start = (args: string[]): RsureProcess => {
      let out = ''
      let err = ''
      const child = spawn(process.execPath, [cli, ...args], { cwd: t.dir, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] })
      children.push(child)
      child.stdout!.on('data', (d) => (out += d))
      child.stderr!.on('data', (d) => (err += d))
      return { child, out: () => out, err: () => err, exit: new Promise((r) => child.on('exit', (code) => r(code))) }
    }
    try {
      const { serve, ws } = await startServe(start, t.dir)
      const added = await wsRequest(ws, 1, 'files.add', { paths: [FIXTURES.RED] }, 60_000)
      expect(added.ok, JSON.stringify(added.error)).toBe(true)
      const entry = added.value.added[0] as { id: string; error?: string; info: { width: number; height: number } }
      expect(entry.error ?? null).toBeNull()
      const preview = await wsRequest(ws, 2, 'image.preview', { id: entry.id, maxSize: 128 }, 60_000)
      expect(preview.ok, `${JSON.stringify(preview.error)}\n${serve.err().slice(-1500)}`).toBe(true)
      const { width, height } = entry.info
      const tile = await wsRequest(ws, 3, 'layers.tile', { layer: { fileId: entry.id }, tile: { kind: 'pixel', x: 0, y: 0, width: Math.min(width, 256), height: Math.min(height, 256), outWidth: 64, outHeight: 64 } }, 60_000)
      expect(tile.ok, `${JSON.stringify(tile.error)}\n${serve.err().slice(-1500)}`).toBe(true)
      ws.close()
    } finally {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
      t.cleanup()
    }
  })

  it('serve without --renderer looks for the browser build in this project, not beside the bundle', { timeout: 60_000 }, async () => {
    const t = tempDir('rsure-built-serve-default-')
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--json', '--data-dir', path.join(t.dir, 'data')], { cwd: t.dir, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    const exited = new Promise((r) => child.on('exit', r))
    try {
      const web = path.join(root, 'out', 'web', 'index.html')
      const t0 = Date.now()
      while (!out.includes('}') && child.exitCode === null && Date.now() - t0 < 50_000) await new Promise((r) => setTimeout(r, 100))
      if (fs.existsSync(web)) expect(out, err).toMatch(/"url":\s*"http:\/\/127\.0\.0\.1:\d+/)
      else expect(err).toContain(web)
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      t.cleanup()
    }
  })
})
