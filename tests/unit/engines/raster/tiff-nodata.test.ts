/**
 * Nodata matching of the lean reader against GDAL's nodata mask.
 *
 * Reference (GDAL 3.6.2, python3-gdal, run once by hand): a Float32 GTiff holding [-9999.9, 1.5, 2.25, -9999.9,
 * 0.1, 0.1, 3, 4] with SetNoDataValue(-9999.9) gives GetMaskBand() = [0, 255, 255, 0, 255, 255, 255, 255]; with
 * SetNoDataValue(0.1) it gives [255, 255, 255, 255, 0, 0, 255, 255]. GDAL compares float32 samples with the
 * nodata value cast to float32 (GDALNoDataMaskBand), so a tag that float32 cannot hold exactly still matches.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TiffFile } from '../../../../main/engines/raster/tiff/reader'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const values = [-9999.9, 1.5, 2.25, -9999.9, 0.1, 0.1, 3, 4]

async function validMask(dtype: 'float32' | 'float64', nodata: string): Promise<number[]> {
  const f = writeTinyTiff(path.join(tmp.dir, `${dtype}-${nodata}.tif`), { width: 4, height: 2, bands: [values], dtype, nodata })
  const t = TiffFile.open(f)
  try {
    const data = await t.readBand({ band: 1, nodata: t.nodata, scale: 1, offset: 0 })
    return Array.from(data, (v) => (Number.isNaN(v) ? 0 : 255))
  } finally {
    t.close()
  }
}

describe('nodata against float32 samples', () => {
  it('matches a nodata tag that float32 cannot represent exactly, as GDAL does', async () => {
    expect(await validMask('float32', '-9999.9')).toEqual([0, 255, 255, 0, 255, 255, 255, 255])
    expect(await validMask('float32', '0.1')).toEqual([255, 255, 255, 255, 0, 0, 255, 255])
  })

  it('keeps exact comparison for float64 samples', async () => {
    expect(await validMask('float64', '0.1')).toEqual([255, 255, 255, 255, 0, 0, 255, 255])
  })
})
