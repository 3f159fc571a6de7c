/**
 * One file cannot block the preview queue: a preview that never ends has its worker terminated after the time
 * limit and replaced, and the next preview is answered; a worker whose heap outgrows its V8 limits ends alone.
 * The stuck and greedy workers are test workers that spin or allocate on purpose (the pool, not a decoder, is
 * under test); the last case runs the real worker on the corpus's 1e6 x 1e6 file.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PreviewError } from '../../../main/engines/raster/preview'
import { PreviewPool } from '../../../main/ipc/preview-pool'
import { writeCorpus } from '../../../scripts/hostile-corpus'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const t = tempDir('rsure-pool-')
afterAll(() => t.cleanup())

const worker = path.join(t.dir, 'test-worker.mjs')
fs.writeFileSync(
  worker,
  `import { parentPort } from 'node:worker_threads'
parentPort.on('message', ({ id, job }) => {
  if (job.file.includes('stuck')) for (;;) {}
  if (job.file.includes('greedy')) { const keep = []; for (let i = 0; ; i++) keep.push(new Array(4e6).fill(i + 0.5)) }
  parentPort.postMessage({ id, ok: true, value: { png: new Uint8Array(1), width: 1, height: 1 } })
})
`,
)

describe('preview workers under hostile files', () => {
  it('kills a stuck worker after the time limit, replaces it, and answers the next preview', async () => {
    const pool = new PreviewPool(worker, 1, 800)
    try {
      const started = Date.now()
      const stuck = pool.preview('/x/stuck.tif')
      const next = pool.preview('/x/normal.tif')
      await expect(stuck).rejects.toThrow(/'stuck\.tif' took longer than 1 s and was stopped/)
      await expect(stuck).rejects.toBeInstanceOf(PreviewError)
      expect((await next).width).toBe(1)
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      await pool.close()
    }
  })

  it('a worker that outgrows its heap limit fails that preview with one sentence; the pool goes on', async () => {
    const pool = new PreviewPool(worker, 1, 60_000)
    try {
      await expect(pool.preview('/x/greedy.tif')).rejects.toThrow(/^The preview of 'greedy\.tif' stopped because it needed more memory than a preview may use;/)
      expect((await pool.preview('/x/normal.tif')).width).toBe(1)
    } finally {
      await pool.close()
    }
  }, 60_000)

  it('the real worker refuses the 1e6 x 1e6 file at once and then previews a normal file', async () => {
    const corpus = writeCorpus(path.join(t.dir, 'corpus'))
    const huge = corpus.find((c) => c.name === 'size-1e6-sparse-tiled.tif')!.file
    const loop = corpus.find((c) => c.name === 'ifd-self-loop.tif')!.file
    const pool = new PreviewPool(undefined, 1)
    try {
      await expect(pool.preview(huge)).rejects.toThrow(/1000000 x 1000000 pixels and no overview small enough/)
      await expect(pool.preview(loop)).rejects.toThrow(/loops back to byte/)
      const ok = await pool.preview(FIXTURES.RED, { maxSize: 64 })
      expect(ok.width).toBeGreaterThan(0)
    } finally {
      await pool.close()
    }
  }, 60_000)
})
