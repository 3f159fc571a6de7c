/**
 * WebP-in-TIFF (compression 50001) as GDAL writes it: RGB and RGBA, lossless and lossy, tiled and in strips (the
 * last strip shorter). The files are written at test time by GDAL itself (Debian's python3-gdal) into this test's
 * temporary folder, and every sample the lean reader decodes is compared with GDAL's own read of the same file (the
 * reference is GDAL, not RSure). Without GDAL the comparison is skipped, saying why. A WebP tile that declares
 * another size than its TIFF header, and layouts GDAL never writes, are refused in one sentence naming WebP.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { TiffFile, readProblem } from '../../../main/engines/raster/tiff/reader'
import { webpFrameSize } from '../../../main/engines/raster/tiff/codecs'
import { buildTiff } from '../../../scripts/hostile-corpus'
import { pythonWithGdalOrSkip } from '../../helpers/data-faults'
import { tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-webp-tiff-')
afterAll(() => tmp.cleanup())

const python = pythonWithGdalOrSkip('webp-tiff')

/** Writes the GDAL files and, beside each, GDAL's own read of every band (band-sequential bytes, `NAME.gdal`). */
const GDAL_WRITER = `
import sys
import numpy as np
from osgeo import gdal
gdal.UseExceptions()
out = sys.argv[1]
w, h = 300, 203
y, x = np.mgrid[0:h, 0:w]
bands = [((x * 255) // w), ((y * 255) // h), ((x + y) * 7) % 256, np.where((x // 50 + y // 50) % 2 == 0, 255, 128)]
variants = {
  'lossless-tiled': ['COMPRESS=WEBP', 'WEBP_LOSSLESS=YES', 'TILED=YES', 'BLOCKXSIZE=128', 'BLOCKYSIZE=128'],
  'lossy-tiled': ['COMPRESS=WEBP', 'WEBP_LEVEL=60', 'TILED=YES', 'BLOCKXSIZE=128', 'BLOCKYSIZE=128'],
  'lossy-strips': ['COMPRESS=WEBP', 'WEBP_LEVEL=80', 'BLOCKYSIZE=16'],
}
for n in (3, 4):
  mem = gdal.GetDriverByName('MEM').Create('', w, h, n, gdal.GDT_Byte)
  for i in range(n):
    mem.GetRasterBand(i + 1).WriteArray(bands[i].astype(np.uint8))
  for name, opts in variants.items():
    f = '%s/%s-%s.tif' % (out, 'rgb' if n == 3 else 'rgba', name)
    gdal.GetDriverByName('GTiff').CreateCopy(f, mem, options=opts)
    d = gdal.Open(f)
    assert d.GetMetadata('IMAGE_STRUCTURE')['COMPRESSION'] == 'WEBP'
    with open(f[:-4] + '.gdal', 'wb') as g:
      for i in range(n):
        g.write(d.GetRasterBand(i + 1).ReadRaster())
    print(f)
`

describe.skipIf(!python)('WebP-in-TIFF as GDAL writes it: every sample equals GDAL\'s read', () => {
  const files = python ? execFileSync(python, ['-c', GDAL_WRITER, tmp.dir], { encoding: 'utf8' }).trim().split('\n') : []

  it('GDAL wrote the six variants', () => {
    expect(files).toHaveLength(6)
  })

  for (const file of files) {
    it(path.basename(file), async () => {
      const reference = fs.readFileSync(file.replace(/\.tif$/, '.gdal'))
      const tiff = TiffFile.open(file)
      try {
        expect(tiff.compression).toBe(50001)
        const n = tiff.width * tiff.height
        expect(reference.length).toBe(n * tiff.bandCount)
        for (let b = 1; b <= tiff.bandCount; b++) {
          const values = await tiff.readBand({ band: b, nodata: null, scale: 1, offset: 0 })
          let differing = 0
          for (let i = 0; i < n; i++) if (values[i] !== reference[(b - 1) * n + i]) differing++
          expect(differing, `band ${b}: samples that differ from GDAL's read`).toBe(0)
        }
      } finally {
        tiff.close()
      }
    })
  }
})

describe('WebP tiles RSure refuses, in one sentence naming WebP', () => {
  const webp = (w: number, h: number, channels: 3 | 4) => sharp({ create: { width: w, height: h, channels, background: { r: 10, g: 200, b: 30, alpha: 1 } } }).webp({ lossless: true }).toBuffer()

  async function refusal(file: string): Promise<string> {
    let message = ''
    try {
      const tiff = TiffFile.open(file)
      try {
        await tiff.readBand({ band: 1, nodata: null, scale: 1, offset: 0 })
      } finally {
        tiff.close()
      }
    } catch (err) {
      message = readProblem(file, err)
    }
    return message
  }

  it('the WebP header is read before decoding: VP8L, and sharp writes what it says', async () => {
    expect(webpFrameSize(await webp(300, 17, 3))).toEqual({ width: 300, height: 17, lossless: true })
    expect(webpFrameSize(new Uint8Array(40))).toBeNull()
  })

  it('a 128 x 128 tile holding a 1024 x 1024 WebP picture (a small file that decodes large) is refused unread', async () => {
    const big = await webp(1024, 1024, 3)
    const file = path.join(tmp.dir, 'webp-bomb.tif')
    fs.writeFileSync(file, buildTiff({ width: 128, height: 128, spp: 3, bits: [8, 8, 8], compression: 50001, tile: [128, 128], chunks: [big], tags: { 262: { type: 3, values: [2] } } }).bytes)
    const message = await refusal(file)
    expect(message).toContain("'webp-bomb.tif'")
    expect(message).toMatch(/WebP picture of 1024 x 1024 pixels where its header declares 128 x 128/)
    expect(message).toMatch(/^[^\n]+\.$/)
  })

  it('one band per pixel (a layout GDAL never writes as WebP) is refused naming WebP', async () => {
    const file = path.join(tmp.dir, 'webp-grey.tif')
    fs.writeFileSync(file, buildTiff({ width: 64, height: 64, spp: 1, bits: 8, compression: 50001, tile: [64, 64], chunks: [await webp(64, 64, 3)], tags: { 262: { type: 3, values: [1] } } }).bytes)
    const message = await refusal(file)
    expect(message).toContain("'webp-grey.tif'")
    expect(message).toMatch(/WebP compression with 1 band\(s\) per pixel, which RSure cannot decode/)
    expect(message).toMatch(/^[^\n]+\.$/)
  })

  it('a tile that is not WebP at all is refused as damaged, naming the compression', async () => {
    const file = path.join(tmp.dir, 'webp-garbage.tif')
    fs.writeFileSync(file, buildTiff({ width: 64, height: 64, spp: 3, bits: [8, 8, 8], compression: 50001, tile: [64, 64], chunks: [new Uint8Array(500).fill(7)], tags: { 262: { type: 3, values: [2] } } }).bytes)
    const message = await refusal(file)
    expect(message).toContain("'webp-garbage.tif'")
    expect(message).toMatch(/WEBP|WebP/)
  })
})
