/**
 * Tiles in worker threads give exactly the bytes of the in-process renderer, keep the event loop free, and bring
 * errors back with their class and sentence.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileFormatError } from '../../../main/engines/raster/describe'
import { closeTileSources } from '../../../main/engines/raster/tiles-source'
import { layerGeometry, renderTile, TileError } from '../../../main/engines/raster/tiles'
import { TilePool } from '../../../main/ipc/tile-pool'
import { FIXTURES, tempDir } from '../../helpers/tmp'

let pool: TilePool
let tmp: { dir: string; cleanup: () => void }
beforeAll(() => {
  tmp = tempDir()
  pool = new TilePool(undefined, 2)
})
afterAll(async () => {
  await pool.close()
  await closeTileSources()
  tmp.cleanup()
})

describe('tile workers', () => {
  it('render the same tiles and descriptions as the in-process renderer', async () => {
    const address = { kind: 'xyz' as const, z: 7, x: 35, y: 51 }
    const [a, b] = await Promise.all([pool.tile(FIXTURES.B4, address), renderTile(FIXTURES.B4, address)])
    expect(a.empty).toBe(false)
    expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(true)
    expect(await pool.geometry(FIXTURES.RED)).toEqual(await layerGeometry(FIXTURES.RED))
  })

  it('leave the event loop free while they work', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    await Promise.all([0, 1, 2].map((d) => pool.tile(FIXTURES.RGBN, { kind: 'pixel', x: 0, y: 0, width: 515, height: 403, outWidth: 600 + d, outHeight: 480 })))
    clearInterval(timer)
    expect(ticks).toBeGreaterThan(2)
  })

  it('bring errors back with their class and sentence', async () => {
    await expect(pool.tile(FIXTURES.B4, { kind: 'xyz', z: 1, x: 5, y: 0 })).rejects.toBeInstanceOf(TileError)
    const missing = pool.tile(path.join(tmp.dir, 'none.tif'), { kind: 'xyz', z: 0, x: 0, y: 0 })
    await expect(missing).rejects.toThrow(/ENOENT|no such file/)
    const notRaster = path.join(tmp.dir, 'x.tif')
    fs.writeFileSync(notRaster, 'hello, not a tiff')
    await expect(pool.tile(notRaster, { kind: 'xyz', z: 0, x: 0, y: 0 })).rejects.toBeInstanceOf(FileFormatError)
  })
})
