/**
 * asset.catalog over the dated series layouts of series-names.ts, on tiny GeoTIFFs: roles and units from the
 * variable vocabulary, the integer-storage scale rule, grouping of place-less files, one asset per acquisition time,
 * year-only dates, and the evidence strings that state every assumption.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../../../main/engines/raster/catalog/catalog'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff, type TinyDtype } from './tiny-tiff'

const tmp = tempDir('rsure-layouts-')
afterAll(() => tmp.cleanup())

function folder(name: string, files: Record<string, TinyDtype>): string {
  const dir = path.join(tmp.dir, name)
  fs.mkdirSync(dir)
  for (const [f, dtype] of Object.entries(files)) writeTinyTiff(path.join(dir, f), { width: 1, height: 1, bands: [[100]], dtype })
  return dir
}
const catalog = (dir: string) => buildCatalog({ dir, calibration: 'dn', sun_correction: false }, '/')

describe('series layouts in asset.catalog', () => {
  it('maps MODIS sur_refl bands to roles, scaling integer storage by 0.0001 and keeping floats as stored', () => {
    const c = catalog(folder('modis', { 'Cape Town_sur_refl_b02_2024-11-08.tif': 'int16', 'Cape Town_sur_refl_b07_2024-11-08.tif': 'float32' }))
    expect(c.assets.map((a) => [a.id, a.date])).toEqual([['Cape Town_2024-11-08', '2024-11-08']])
    const a = c.assets[0]
    expect(a.bands.nir).toMatchObject({ name: 'sur_refl_b02', scale: 0.0001, offset: 0, unit: 'reflectance' })
    expect(a.bands.nir.scaleSource).toMatch(/^MOD09 surface reflectance scale 0\.0001 .*assumed for integer storage; MODIS MOD09 surface reflectance band 2 \(nir\)$/)
    expect(a.bands.swir2).toMatchObject({ name: 'sur_refl_b07', scale: 1, unit: 'reflectance' })
    expect(a.bands.swir2.scaleSource).toMatch(/^values as stored \(floating point\)/)
    expect(Object.keys(a.bands).sort()).toEqual(['MODIS_B02', 'MODIS_B07', 'nir', 'sur_refl_b02', 'sur_refl_b07', 'swir2'])
  })

  it('pairs place-less brightness temperatures with the emissivity of the one place named', () => {
    const c = catalog(folder('hebei', {
      '2021_08_05_0310_BT_31.tif': 'float32', '2021_08_05_0310_BT_32.tif': 'float32',
      'Hebei.tif_2021-08-05_0310_Emis31.tif': 'uint8', 'Hebei.tif_2021-08-05_0310_Emis32.tif': 'uint8',
    }))
    expect(c.assets).toHaveLength(1)
    const a = c.assets[0]
    expect(a).toMatchObject({ id: 'Hebei_2021-08-05', date: '2021-08-05', sensor: 'Hebei' })
    expect(a.notes).toEqual(['files without a place in their name are grouped with the only place named, Hebei'])
    expect(a.bands.BT31).toMatchObject({ name: 'BT_31', unit: 'K', scale: 1 })
    expect(a.bands.Emis32).toMatchObject({ name: 'Emis32', unit: 'dimensionless', scale: 0.002, offset: 0.49 })
    expect(a.bands.Emis32.scaleSource).toMatch(/^MOD11 emissivity/)
  })

  it('leaves an integer brightness temperature without a declared scale as DN, and says why', () => {
    const a = catalog(folder('btdn', { '2022_08_10_0110_BT_31.tif': 'uint16' })).assets[0]
    expect(a.id).toBe('2022-08-10')
    expect(a.bands.BT31).toMatchObject({ unit: 'dn', scale: 1 })
    expect(a.bands.BT31.scaleSource).toBe('raw DN (integer storage without a declared scale); brightness temperature of band 31')
  })

  it('gives Landsat-like band numbers OLI/TIRS roles and states the assumption', () => {
    const a = catalog(folder('germany', { 'Germany_2021-07-29_b4.tif': 'float32', 'Germany_2021-07-29_b5.tif': 'float32', 'Germany_2021-07-29_b10.tif': 'float32' })).assets[0]
    expect(a.bands.red).toMatchObject({ name: 'b4', unit: 'reflectance' })
    expect(a.bands.nir.name).toBe('b5')
    expect(a.bands.tir1).toMatchObject({ name: 'b10', unit: 'K' })
    expect(a.bands.tir1.scaleSource).toContain('Landsat 8/9 OLI/TIRS numbering assumed (no product id in the name); thermal band taken as brightness temperature in K')
  })

  it('splits a date with several acquisitions of one variable into one asset per time, sharing once-a-day layers', () => {
    const c = catalog(folder('overpasses', {
      '2022_07_15_0215_BT_31.tif': 'float32', '2022_07_15_0215_BT_32.tif': 'float32', '2022_07_15_1455_BT_31.tif': 'float32', '2022_07_15_1455_BT_32.tif': 'float32',
      'Wuhan.tif_2022-07-15_0215_Emis31.tif': 'float32',
    }))
    expect(c.assets.map((a) => a.id)).toEqual(['Wuhan_2022-07-15T0215', 'Wuhan_2022-07-15T1455'])
    expect(c.assets[1].bands.BT32.path).toMatch(/1455_BT_32\.tif$/)
    expect(c.assets.map((a) => a.bands.Emis31.path)).toEqual([expect.stringMatching(/0215_Emis31\.tif$/), expect.stringMatching(/0215_Emis31\.tif$/)])
    expect(c.assets[1].notes).toEqual([
      'files without a place in their name are grouped with the only place named, Wuhan',
      'one variable occurs at several times on this date: one asset per acquisition time',
      'Emis31 is observed once on 2022-07-15 and shared by each acquisition time of that date',
    ])
  })

  it('dates year-only files on the first day of the year and says so', () => {
    const c = catalog(folder('ghsl', { 'Shanghai_built_volume_total_1985.tif': 'float32', 'Shanghai_built_volume_total_1990.tif': 'float32' }))
    expect(c.assets.map((a) => a.date)).toEqual(['1985-01-01', '1990-01-01'])
    expect(c.assets[0].notes).toEqual(['year-only date in the name, taken as 1985-01-01 (date_precision year)'])
    expect(c.assets[0].bands.built_volume_total).toMatchObject({ unit: 'dn', scale: 1 })
    expect(c.assets[0].bands.built_volume_total.scaleSource).toBe('raw DN (no engine unit); GHSL built-up layer (no engine unit, kept as stored)')
  })

  it('applies the Collection-2 Level-2 scale to integer SR bands and the QA_PIXEL fill convention', () => {
    const a = catalog(folder('somerville', { 'SR_B3_2018-01-01.tif': 'uint16', 'SR_B5_2018-01-01.tif': 'uint16', 'QA_PIXEL_2018-01-01.tif': 'uint16' })).assets[0]
    expect(a.id).toBe('2018-01-01')
    expect(a.bands.green).toMatchObject({ name: 'SR_B3', scale: 2.75e-5, offset: -0.2, unit: 'reflectance' })
    expect(a.bands.nir.name).toBe('SR_B5')
    expect(a.bands.qa).toMatchObject({ name: 'QA_PIXEL', nodata: 1, unit: 'dn' })
  })
})
