/**
 * More rasters than the tile-source cache keeps open, read all at once (a reopened session with the 46 task-46
 * files and the 9 Landsat bands asks layers.info of every one together): no read may find its file closed under it
 * (the EBADF of issue 17), and each answer matches the file's own size read by geotiff.js.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, describe, expect, it } from 'vitest'
import { layerGeometry, renderTile } from '../../../main/engines/raster/tiles'
import { closeTileSources } from '../../../main/engines/raster/tiles-source'
import { FIXTURES } from '../../helpers/tmp'

const LANDSAT = path.dirname(FIXTURES.B4)
const files = [
  ...fs.readdirSync(FIXTURES.Q46_FILES).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(FIXTURES.Q46_FILES, f)),
  ...fs.readdirSync(LANDSAT).filter((f) => /\.TIF$/i.test(f)).map((f) => path.join(LANDSAT, f)),
]

afterAll(async () => {
  await closeTileSources()
})

describe('tile sources under load', () => {
  it('answers layers.info and a tile of every task-46 and Landsat raster asked together, closing none still being read', async () => {
    expect(files.length).toBeGreaterThan(50)
    for (let round = 0; round < 3; round++) {
      const geos = await Promise.all(files.map((f) => layerGeometry(f)))
      const tiles = await Promise.all(files.map((f) => renderTile(f, { kind: 'pixel', x: 0, y: 0, width: 64, height: 64, outWidth: 32, outHeight: 32 })))
      for (let i = 0; i < files.length; i++) {
        const t = await fromFile(files[i])
        const img = await t.getImage()
        expect([geos[i].width, geos[i].height]).toEqual([img.getWidth(), img.getHeight()])
        expect(tiles[i].width).toBe(32)
      }
    }
  }, 120_000)
})
