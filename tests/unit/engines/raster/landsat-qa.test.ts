/**
 * Fill values of Landsat QA bands in the catalog. USGS: in BQA (Collection 1) and QA_PIXEL (Collection 2) bit 0 is
 * "designated fill", so a fill pixel reads 1; in QA_RADSAT bit 0 is "band 1 saturated" (Landsat 8-9 C2 Level-1
 * data format control book), so 1 is a valid value there and must not be masked as fill.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../../../main/engines/raster/catalog/catalog'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const scene = 'LC08_L1TP_016037_20210813_20210819_02_T1'
for (const b of ['B4', 'QA_PIXEL', 'QA_RADSAT']) {
  writeTinyTiff(path.join(tmp.dir, `${scene}_${b}.TIF`), { width: 1, height: 1, bands: [[1]], dtype: 'uint16' })
}

describe('Landsat QA fill values', () => {
  it('QA_PIXEL fill is 1, QA_RADSAT has no fill value of its own, reflective bands fill 0', () => {
    const c = buildCatalog({ dir: tmp.dir, calibration: 'dn', sun_correction: false }, '/')
    const bands = c.assets[0].bands
    expect(bands.QA_PIXEL.nodata).toBe(1)
    expect(bands.QA_RADSAT.nodata).toBeUndefined()
    expect(bands.B4.nodata).toBe(0)
  })
})
