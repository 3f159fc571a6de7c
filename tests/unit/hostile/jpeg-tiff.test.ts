/**
 * JPEG-in-TIFF (compression 7) as GDAL writes it, compared with GDAL's own read: grey, RGB (PHOTOMETRIC=RGB) and
 * YCbCr (PHOTOMETRIC=YCBCR, chroma subsampled 2 x 2, the form GDAL recommends for RGB photos), tiled and in strips
 * with a shorter last strip. The files are written by GDAL (Debian's python3-gdal) into this test's temporary folder
 * at test time, beside GDAL's read of every band (for YCbCr: the RGB that GDAL's JPEGCOLORMODE=RGB read gives).
 * The lean reader, the preview and a map tile must give GDAL's values, sample for sample. Before libjpeg decoded
 * these chunks, YCbCr files differed from GDAL in 3 of 4 samples, by up to 93 levels. Without GDAL the comparison
 * is skipped, saying why.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import { afterAll, describe, expect, it } from 'vitest'
import { renderPreview } from '../../../main/engines/raster/preview'
import { renderTile } from '../../../main/engines/raster/tiles'
import { TiffFile } from '../../../main/engines/raster/tiff/reader'
import { pythonWithGdalOrSkip } from '../../helpers/data-faults'
import { tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-jpeg-tiff-')
afterAll(() => tmp.cleanup())

const python = pythonWithGdalOrSkip('jpeg-tiff')

const GDAL_WRITER = `
import sys
import numpy as np
from osgeo import gdal
gdal.UseExceptions()
out = sys.argv[1]
w, h = 300, 203
y, x = np.mgrid[0:h, 0:w]
# Smooth ramps and a sawtooth with sharp colour edges (where chroma upsampling shows).
bands = [((x * 255) // w), ((y * 255) // h), ((x + y) * 7) % 256]
variants = {
  'grey-tiled': (1, ['COMPRESS=JPEG', 'TILED=YES']),
  'rgb-tiled': (3, ['COMPRESS=JPEG', 'PHOTOMETRIC=RGB', 'TILED=YES', 'BLOCKXSIZE=128', 'BLOCKYSIZE=128']),
  'ycbcr-tiled': (3, ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'TILED=YES']),
  'ycbcr-strips': (3, ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'BLOCKYSIZE=16', 'JPEG_QUALITY=90']),
}
for name, (n, opts) in variants.items():
  mem = gdal.GetDriverByName('MEM').Create('', w, h, n, gdal.GDT_Byte)
  for i in range(n):
    mem.GetRasterBand(i + 1).WriteArray(bands[i].astype(np.uint8))
  f = '%s/%s.tif' % (out, name)
  gdal.GetDriverByName('GTiff').CreateCopy(f, mem, options=opts)
  d = gdal.Open(f)
  with open(f[:-4] + '.gdal', 'wb') as g:
    for i in range(n):
      g.write(d.GetRasterBand(i + 1).ReadRaster())
  print(f)
`

/** Samples of `got` (pixel-interleaved, `stride` per pixel, the first `bands` used) that differ from GDAL's band-sequential read. */
function differing(got: ArrayLike<number>, stride: number, bands: number, reference: Buffer, n: number): number {
  let d = 0
  for (let b = 0; b < bands; b++) for (let i = 0; i < n; i++) if (got[i * stride + b] !== reference[b * n + i]) d++
  return d
}

describe.skipIf(!python)("JPEG-in-TIFF as GDAL writes it: the reader, previews and tiles give GDAL's values", () => {
  const files = python ? execFileSync(python, ['-c', GDAL_WRITER, tmp.dir], { encoding: 'utf8' }).trim().split('\n') : []

  it('GDAL wrote the four variants', () => {
    expect(files.map((f) => path.basename(f))).toEqual(['grey-tiled.tif', 'rgb-tiled.tif', 'ycbcr-tiled.tif', 'ycbcr-strips.tif'])
  })

  for (const file of files) {
    const name = path.basename(file)
    const reference = () => fs.readFileSync(file.replace(/\.tif$/, '.gdal'))

    it(`${name}: every band read equals GDAL's`, async () => {
      const tiff = TiffFile.open(file)
      try {
        expect(tiff.compression).toBe(7)
        if (name.startsWith('ycbcr')) expect(tiff.photometric).toBe(6)
        const n = tiff.width * tiff.height
        const ref = reference()
        for (let b = 1; b <= tiff.bandCount; b++) {
          const values = await tiff.readBand({ band: b, nodata: null, scale: 1, offset: 0 })
          expect(differing(values, 1, 1, ref.subarray((b - 1) * n, b * n), n), `band ${b}`).toBe(0)
        }
      } finally {
        tiff.close()
      }
    })

    it(`${name}: the preview at full size (no stretch) shows GDAL's colours`, async () => {
      const p = await renderPreview(file, { stretch: { kind: 'none' }, maxSize: 1024 })
      const png = PNG.sync.read(Buffer.from(p.png))
      expect([png.width, png.height]).toEqual([300, 203])
      const bands = name.startsWith('grey') ? 1 : 3
      // A grey preview repeats the one band in red, green and blue.
      expect(differing(png.data, 4, bands, reference(), 300 * 203)).toBe(0)
    })

    it(`${name}: a map tile of the whole image at full resolution (range 0-255) shows GDAL's colours`, async () => {
      const bands = name.startsWith('grey') ? [1] : [1, 2, 3]
      const t = await renderTile(file, { kind: 'pixel', x: 0, y: 0, width: 300, height: 203, outWidth: 300, outHeight: 203 }, { bands, stretch: { kind: 'range', min: 0, max: 255 } })
      const png = PNG.sync.read(Buffer.from(t.png))
      expect([png.width, png.height]).toEqual([300, 203])
      expect(differing(png.data, 4, bands.length, reference(), 300 * 203)).toBe(0)
    })
  }
})
