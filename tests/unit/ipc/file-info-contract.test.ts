/**
 * The file facts both kinds of FileInfo carry (preload/contract-values.ts): path, byte size, width and height, with
 * one rule each for a raster and a picture. Real descriptions of shared fixtures parse; each fact broken the same way
 * is refused for both kinds; a kind with the other kind's format is refused.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeFile } from '../../../main/engines/raster/describe'
import { FileInfo } from '../../../preload/contract'

const FIXTURES = path.resolve(__dirname, '../../../../shared/fixtures')
const raster = () => describeFile(path.join(FIXTURES, 'riotiler/red.tif'))
// 256 x 256 by its IHDR, read with python's struct.
const picture = () => describeFile(path.join(FIXTURES, 'levircd/A/test_2_0000_0000.png'))

describe('FileInfo file facts', () => {
  it('a raster and a picture description parse, with their own kind and format', async () => {
    const r = FileInfo.parse(await raster())
    const p = FileInfo.parse(await picture())
    expect([r.kind, r.format]).toEqual(['raster', 'GeoTIFF'])
    expect([p.kind, p.format, p.width, p.height]).toEqual(['image', 'PNG', 256, 256])
  })

  it('each broken fact is refused for both kinds', async () => {
    for (const info of [await raster(), await picture()]) {
      for (const broken of [{ path: 5 }, { fileSize: -1 }, { fileSize: 1.5 }, { width: 0 }, { height: 2.5 }, { width: undefined }]) {
        expect(FileInfo.safeParse({ ...info, ...broken }).success, `${info.kind} ${JSON.stringify(broken)}`).toBe(false)
      }
    }
  })

  it("a kind with the other kind's format is refused", async () => {
    expect(FileInfo.safeParse({ ...(await raster()), format: 'PNG' }).success).toBe(false)
    expect(FileInfo.safeParse({ ...(await picture()), format: 'GeoTIFF' }).success).toBe(false)
  })
})
