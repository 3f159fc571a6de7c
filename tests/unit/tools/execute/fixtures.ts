/**
 * Tiny rasters for the execute tool tests, written to a temporary folder. Every value below is chosen so the
 * expected results can be computed by hand in the tests.
 *
 * red.tif / nir.tif: 3 x 2 uint16, north-up at (1000, 2000), 10 m pixels, EPSG:32633; red has nodata tag 0.
 *   red = [10, 20, 30, 0, 50, 60]   nir = [30, 20, 90, 40, 50, 180]
 *   NDVI (red nodata honoured) = [0.5, 0, 0.5, NaN, 0, 0.5]: 5 valid, mean 0.3
 * series/Site_<date>_V.tif: four dates of 2 x 2 float32, every pixel = date index + 1 except pixel 3 = NaN.
 */
import fs from 'node:fs'
import path from 'node:path'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from '../../engines/raster/tiny-tiff'

export const SERIES_DATES = ['2020-01-10', '2020-04-10', '2020-07-10', '2021-01-10']

export function makeFixtures() {
  const t = tempDir('rsure-exec-')
  const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
  writeTinyTiff(path.join(t.dir, 'red.tif'), { width: 3, height: 2, bands: [[10, 20, 30, 0, 50, 60]], dtype: 'uint16', nodata: '0', geo, compression: 8, predictor: 2, rowsPerStrip: 1 })
  writeTinyTiff(path.join(t.dir, 'nir.tif'), { width: 3, height: 2, bands: [[30, 20, 90, 40, 50, 180]], dtype: 'uint16', geo })
  writeTinyTiff(path.join(t.dir, 'small.tif'), { width: 2, height: 2, bands: [[1, 2, 3, 4]], dtype: 'uint16', geo })
  fs.mkdirSync(path.join(t.dir, 'series'))
  SERIES_DATES.forEach((d, i) => {
    const v = i + 1
    writeTinyTiff(path.join(t.dir, 'series', `Site_${d}_V.tif`), { width: 2, height: 2, bands: [[v, v, v, NaN]], dtype: 'float32', geo })
  })
  return t
}
