import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileFormatError } from '../../../main/engines/raster/describe'
import { PreviewError, renderPreview } from '../../../main/engines/raster/preview'
import { createIpcHost } from '../../../main/ipc'
import { PreviewPool } from '../../../main/ipc/preview-pool'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const RED = FIXTURES.RED
const RGBN = FIXTURES.RGBN

let tmp: { dir: string; cleanup: () => void }
let pool: PreviewPool
beforeAll(() => {
  tmp = tempDir()
  pool = new PreviewPool(undefined, 2)
})
afterAll(async () => {
  await pool.close()
  tmp.cleanup()
})

describe('previews in worker threads', () => {
  it('gives exactly the in-process result, several at once', async () => {
    const [a, b, c] = await Promise.all([pool.preview(RED, { maxSize: 100 }), pool.preview(RGBN, { bands: [3, 2, 1] }), pool.preview(RED)])
    const inline = await renderPreview(RED, { maxSize: 100 })
    expect(a.png).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(a.png).equals(Buffer.from(inline.png))).toBe(true)
    expect({ ...a, png: null }).toEqual({ ...inline, png: null })
    expect(b.bands).toEqual([3, 2, 1])
    expect([c.width, c.height]).toEqual([255, 259])
  })

  it('brings errors back with their class, so the router maps them the same way', async () => {
    const txt = path.join(tmp.dir, 'x.tif')
    fs.writeFileSync(txt, 'not a tiff')
    await expect(pool.preview(txt)).rejects.toBeInstanceOf(FileFormatError)
    await expect(pool.preview(RED, { bands: [2] })).rejects.toBeInstanceOf(PreviewError)
    await expect(pool.preview(RED, { bands: [2] })).rejects.toThrow(/Band 2 does not exist/)
  })

  it('serves image.preview through the host by default', async () => {
    const host = createIpcHost({ version: '1', dataDir: path.join(tmp.dir, 'data') })
    try {
      const { added } = await host.router.call('files.add', { paths: [RED] })
      const p = await host.router.call('image.preview', { id: added[0].id, maxSize: 60 })
      expect([p.level, p.width, p.height]).toEqual([2, 59, 60]) // 255 x 259 scaled to 60 rows: 59.07 -> 59 columns, read from the 64 x 65 overview
      const bad = await host.router.dispatch('image.preview', { id: added[0].id, bands: [9] }, { transport: 'ipc' })
      expect(bad).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringContaining('Band 9 does not exist') } })
    } finally {
      await host.close()
    }
  })

  it('refuses work after close with one sentence', async () => {
    const p = new PreviewPool(undefined, 1)
    await p.close()
    await expect(p.preview(RED)).rejects.toThrow(/shut down; restart RSure/)
  })
})
