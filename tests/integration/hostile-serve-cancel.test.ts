/**
 * The command line and the server under hostile files, as real processes: a running `rsure serve` given the IFD-loop
 * file and the 1e6 x 1e6 file still previews a normal file and stays up; `rsure ask` over a folder holding a FIFO
 * named like a raster ends with a clear message; SIGTERM during a long `rsure exec` ends it within 2 s (a long
 * `rsure ask`: hostile-sigterm.test.ts, within 1 s and stored as cancelled).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeCorpus } from '../../scripts/hostile-corpus'
import { startServe, terminate, useRsureProcesses, waitUntil, writeLongTiff, wsRequest as request } from '../helpers/rsure-process'
import { FIXTURES } from '../helpers/tmp'

const { dir, start } = useRsureProcesses('rsure-hostile-proc-', (d) => ({ RSURE_DATA_DIR: path.join(d, 'data') }))
const corpus = writeCorpus(path.join(dir, 'corpus'))
const file = (name: string) => corpus.find((c) => c.name === name)!.file

describe('hostile files against running processes', () => {
  it('rsure serve: adding the IFD-loop and 1e6 x 1e6 files leaves previews of a normal file working', async () => {
    const { serve, ws } = await startServe(start, dir)
    const added = await request(ws, 1, 'files.add', { paths: [file('ifd-self-loop.tif'), file('size-1e6-sparse-tiled.tif'), FIXTURES.RED] })
    expect(added.ok).toBe(true)
    const byName = (n: string) => added.value.added.find((f: { name: string }) => f.name === n)
    // The loop file is kept with one sentence saying why it cannot be read; the 1e6 file is described (headers only).
    expect(byName('ifd-self-loop.tif').error).toMatch(/loops back to byte/)
    expect(byName('size-1e6-sparse-tiled.tif').info).toMatchObject({ width: 1_000_000, height: 1_000_000 })
    const t0 = Date.now()
    const huge = await request(ws, 2, 'image.preview', { id: byName('size-1e6-sparse-tiled.tif').id, maxSize: 256 })
    expect(huge.ok).toBe(false)
    expect(huge.error.message).toMatch(/no overview small enough to preview/)
    const loop = await request(ws, 3, 'image.preview', { id: byName('ifd-self-loop.tif').id })
    expect(loop.ok).toBe(false)
    const normal = await request(ws, 4, 'image.preview', { id: byName('red.tif').id, maxSize: 64 })
    expect(normal.ok).toBe(true)
    expect(Date.now() - t0).toBeLessThan(15_000)
    // Still up: a new request is answered and the process has not exited.
    expect((await request(ws, 5, 'app.hello', {})).ok).toBe(true)
    expect(serve.child.exitCode).toBeNull()
    ws.close()
    serve.child.kill('SIGTERM')
    await serve.exit
  }, 180_000)

  it('rsure ask over a folder holding a FIFO named like a raster ends with a clear message', async () => {
    const folder = path.join(dir, 'fifo-folder')
    fs.mkdirSync(folder)
    execFileSync('mkfifo', [path.join(folder, 'Testville_2020-01-01_NTL.tif')])
    const ask = start(['ask', '--files', folder, '--json', 'What was the mean night-time light of Testville in 2020?'])
    const timer = setTimeout(() => ask.child.kill('SIGKILL'), 120_000)
    const code = await ask.exit
    clearTimeout(timer)
    expect(code).toBe(0)
    const out = JSON.parse(ask.out()) as { answer: string; trajectory: { kind: string; payload: any }[] }
    expect(out.answer).toBe('Not determined')
    const reasons = out.trajectory.filter((s) => s.kind === 'tool_result').map((s) => String(s.payload.result.reason))
    expect(reasons[0]).toMatch(/^Node '\w+' reads from catalog '\w+', which found no assets \(1 file\(s\) skipped; 'Testville_2020-01-01_NTL\.tif': a named pipe \(FIFO\), not a regular file\); check its dir, files and period\.$/)
    expect(ask.err()).not.toMatch(/Error|at .*\(/)
  }, 150_000)

  it('SIGTERM during a long rsure exec ends it within 2 s with one sentence', async () => {
    const long = path.join(dir, 'long.tif')
    writeLongTiff(long)
    const dag = path.join(dir, 'long.json')
    fs.writeFileSync(dag, JSON.stringify({ nodes: [{ id: 'r', op: 'raster.read', params: { path: long } }, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@r' } }], output: 's' }))
    const data = path.join(dir, 'cancel-data')
    const exec = start(['exec', '--dag', dag], { RSURE_DATA_DIR: data })
    // The run is under way once the command has opened its database (it then compiles the DAG in milliseconds and
    // starts the pixel work); wait for that, plus a second, however slowly a loaded machine loads the modules.
    await waitUntil(() => fs.existsSync(path.join(data, 'rsure.sqlite')), 120_000)
    await new Promise((r) => setTimeout(r, 1000))
    expect(exec.child.exitCode).toBeNull()
    const { code, ms } = await terminate(exec)
    expect(ms).toBeLessThan(2000)
    expect(code).toBe(130)
    expect(exec.err().trim().split('\n').pop()).toBe('The run was interrupted before it finished; nothing was computed.')
  }, 180_000)
})
