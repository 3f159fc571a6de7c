/**
 * SIGTERM ends every long run within 1 s (issue 20): a running `rsure ask` (exit 130, its run stored as cancelled
 * with the trajectory so far, one sentence), a running `rsure serve` in the middle of a preview of a 944-million-
 * pixel file (exit 0, "RSure stopped serving."), and `rsure perceive` on a FIFO named like an image ends by itself
 * with one sentence naming it (the reader opens non-blocking and refuses special files).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../main/store/database'
import { buildTiff } from '../../scripts/hostile-corpus'
import { startServe, terminate, useRsureProcesses, waitUntil, writeLongTiff, wsRequest } from '../helpers/rsure-process'

const { dir, start } = useRsureProcesses('rsure-sigterm-')

describe('SIGTERM within 1 s', () => {
  it('rsure ask: exit 130 in under 1 s, the run stored as cancelled', async () => {
    const folder = path.join(dir, 'ask')
    fs.mkdirSync(folder)
    writeLongTiff(path.join(folder, 'Testville_2020-01-01_NTL.tif'))
    const data = path.join(dir, 'ask-data')
    const ask = start(['ask', '--files', folder, 'What was the mean night-time light of Testville in 2020?'], { RSURE_DATA_DIR: data })
    await waitUntil(() => fs.existsSync(path.join(data, 'rsure.sqlite')), 120_000)
    await new Promise((r) => setTimeout(r, 3000))
    expect(ask.child.exitCode).toBeNull()
    const { code, ms } = await terminate(ask)
    expect(code).toBe(130)
    expect(ms).toBeLessThan(1000)
    expect(ask.err().trim().split('\n').pop()).toBe('The question was interrupted; the run is stored as cancelled with its trajectory so far.')
    const db = openDatabase({ file: path.join(data, 'rsure.sqlite'), readonly: true })
    const rows = db.prepare('SELECT status FROM runs').all() as { status: string }[]
    db.close()
    expect(rows.map((r) => r.status)).toEqual(['cancelled'])
  }, 180_000)

  it('rsure serve: exit 0 in under 1 s while a preview of a 944-million-pixel file is being drawn', async () => {
    const big = path.join(dir, 'shared-tiles.tif')
    const n = 120
    const tile = zlib.deflateSync(Buffer.alloc(65536), { level: 9 })
    fs.writeFileSync(big, buildTiff({ width: n * 256, height: n * 256, tile: [256, 256], compression: 8, chunks: Array.from({ length: n * n }, () => new Uint8Array(tile)) }).bytes)
    const { serve, ws } = await startServe(start, dir)
    const added = await wsRequest(ws, 1, 'files.add', { paths: [big] })
    const id = added.value.added[0].id as string
    void wsRequest(ws, 2, 'image.preview', { id, maxSize: 1024 })
    await new Promise((r) => setTimeout(r, 500))
    const { code, ms } = await terminate(serve)
    expect(code).toBe(0)
    expect(ms).toBeLessThan(1000)
    expect(serve.err()).toContain('RSure stopped serving.')
  }, 180_000)

  it('rsure perceive on a FIFO named like an image ends by itself with one sentence naming it', async () => {
    const fifo = path.join(dir, 'scene.png')
    execFileSync('mkfifo', [fifo])
    const p = start(['perceive', '--mode', 'regions', '--image', fifo, '--backend', 'classical', '--target', 'water=water'], { RSURE_DATA_DIR: path.join(dir, 'p-data') })
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 60_000)
    const code = await p.exit
    clearTimeout(timer)
    expect(code).not.toBeNull()
    expect(code).not.toBe(0)
    // Progress lines come first on stderr; the last line is the sentence.
    const msg = p.err().trim().split('\n').pop() as string
    expect(msg).toMatch(/'scene\.png' is a named pipe \(FIFO\), not an image file/)
    expect(msg).not.toMatch(/\n\s+at |ENXIO|EISDIR/)
  }, 120_000)
})
