import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildCatalog, CatalogError } from '../../../../main/engines/raster/catalog/catalog'
import { parseMtl } from '../../../../main/engines/raster/catalog/mtl'
import { parseName } from '../../../../main/engines/raster/catalog/names'
import { applyMask } from '../../../../main/engines/raster/mask'
import { GeometryError, selectPixels } from '../../../../main/engines/raster/spatial'
import { aggregate, erfc, normalCdf, seasonLabel, timeAxis, trend } from '../../../../main/engines/raster/timeseries'
import { shared, tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('time series', () => {
  it('computes erfc and the normal CDF to double precision', () => {
    expect(erfc(0.5)).toBeCloseTo(0.4795001221869535, 15) // math.erfc(0.5)
    expect(erfc(3.5) / 7.430983723414128e-7).toBeCloseTo(1, 12) // math.erfc(3.5)
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12)
    expect(erfc(-1)).toBeCloseTo(2 - 0.15729920705028513, 14)
  })

  it('gives Sen slope, intercept and the Mann-Kendall statistics', () => {
    const y = [0.32, 0.35, 0.31, 0.38, 0.4, 0.42]
    const r = trend([0, 1, 2, 3, 4, 5], y, 0.05)
    expect(r.s).toBe(11)
    expect(r.var_s).toBeCloseTo((6 * 5 * 17) / 18, 12)
    expect(r.z).toBeCloseTo(10 / Math.sqrt(85 / 3), 12)
    expect(r.p).toBeCloseTo(2 * (1 - normalCdf(10 / Math.sqrt(85 / 3))), 12)
    expect(r.tau).toBeCloseTo(11 / 15, 12)
    expect(r.slope).toBeCloseTo(0.02, 12)
    expect(r.intercept).toBeCloseTo(0.32, 12)
    expect(r.trend).toBe(0) // p = 0.060 > 0.05
  })

  it('corrects the variance for ties', () => {
    const r = trend([0, 1, 2, 3], [1, 1, 2, 3], 0.05)
    expect(r.s).toBe(5)
    expect(r.var_s).toBeCloseTo((4 * 3 * 13 - 2 * 1 * 9) / 18, 12)
    expect(r.z).toBeCloseTo(4 / Math.sqrt(138 / 18), 12)
  })

  it('flags a strong monotonic trend', () => {
    const r = trend([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.05)
    expect(r.trend).toBe(1)
    expect(r.tau).toBe(1)
  })

  it('aggregates by year, month and meteorological season', () => {
    const pts = [
      { date: '2018-12-20', id: 'a', value: 1, valid: 1 },
      { date: '2019-02-10', id: 'b', value: 3, valid: 1 },
      { date: '2019-03-01', id: 'c', value: 10, valid: 1 },
      { date: '2019-03-30', id: 'd', value: 20, valid: 1 },
    ]
    expect(seasonLabel('2018-12-20')).toBe('2019-DJF')
    expect(aggregate(pts, 'season', 'mean').map((p) => [p.date, p.value])).toEqual([['2019-DJF', 2], ['2019-MAM', 15]])
    expect(aggregate(pts, 'month', 'sum').map((p) => [p.date, p.value])).toEqual([['2018-12', 1], ['2019-02', 3], ['2019-03', 30]])
    expect(aggregate(pts, 'year', 'max').map((p) => [p.date, p.value, p.valid])).toEqual([['2018', 1, 1], ['2019', 20, 3]])
    expect(aggregate(pts, 'all', 'mean')[0].value).toBe(8.5)
    expect(timeAxis(pts, 'days')).toEqual([0, 52, 71, 100])
    expect(timeAxis(pts, 'index')).toEqual([0, 1, 2, 3])
  })
})

describe('file naming conventions', () => {
  it('parses Landsat Collection-1/2, Sentinel-2 and dated series names', () => {
    expect(parseName('LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF')).toMatchObject({ kind: 'landsat', mission: 8, date: '2017-08-13', band: 'B4', scene: 'LC08_L1TP_016037_20170813_20170814_01_RT' })
    expect(parseName('LC09_L2SP_044034_20220601_20220603_02_T1_SR_B5.TIF')).toMatchObject({ kind: 'landsat', mission: 9, level: 'L2SP', band: 'SR_B5' })
    expect(parseName('LT05_L1TP_044034_19990601_20160916_01_T1_B6.TIF')).toMatchObject({ sensor: 'TM', band: 'B6' })
    expect(parseName('T33UUP_20200101T101411_B8A_20m.jp2')).toMatchObject({ kind: 'sentinel2', date: '2020-01-01', band: 'B8A' })
    expect(parseName('Xinjiang_2019-03-06_LST.tif')).toMatchObject({ kind: 'series', place: 'Xinjiang', date: '2019-03-06', variable: 'LST', phase: null })
    expect(parseName('Valley_20190306_LST_Night.tif')).toMatchObject({ kind: 'series', date: '2019-03-06', variable: 'LST_Night', phase: 'night' })
    expect(parseName('Valley_2019-02-30_LST.tif')).toBeNull()
    expect(parseName('photo.tif')).toBeNull()
  })

  it('reads MTL groups and keeps repeated keys apart', () => {
    const mtl = parseMtl('GROUP = A\n  GROUP = LEVEL1_RADIOMETRIC_RESCALING\n    REFLECTANCE_MULT_BAND_4 = 2.0000E-05\n  END_GROUP = LEVEL1_RADIOMETRIC_RESCALING\n  GROUP = LEVEL2_SURFACE_REFLECTANCE_PARAMETERS\n    REFLECTANCE_MULT_BAND_4 = 2.75e-05\n    SPACECRAFT = "LANDSAT_9"\n  END_GROUP = LEVEL2_SURFACE_REFLECTANCE_PARAMETERS\nEND_GROUP = A\nEND\n')
    expect(mtl.groups.get('LEVEL1_RADIOMETRIC_RESCALING')!.get('REFLECTANCE_MULT_BAND_4')).toBe('2.0000E-05')
    expect(mtl.groups.get('LEVEL2_SURFACE_REFLECTANCE_PARAMETERS')!.get('SPACECRAFT')).toBe('LANDSAT_9')
  })
})

describe('asset.catalog', () => {
  const dir = path.join(tmp.dir, 'series')
  fs.mkdirSync(dir)
  const tif = (name: string) => writeTinyTiff(path.join(dir, name), { width: 2, height: 1, bands: [[1, 2]], dtype: 'uint16' })
  tif('Oasis_2020-01-05_LST.tif')
  tif('Oasis_2020-01-05_NDVI.tif')
  tif('Oasis_20200301_LST.tif')
  tif('Oasis_2020-03-01_NDVI.tif')
  tif('Oasis_2021-07-01_LST.tif')
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'x')
  writeTinyTiff(path.join(dir, 'scan.tif'), { width: 1, height: 1, bands: [[1], [2], [3]], dtype: 'uint8' })

  it('groups dated variables into assets, filters the period and reports coverage gaps', () => {
    const c = buildCatalog({ dir, start: '2020-01-01', end: '2020-12-31', calibration: 'dn', sun_correction: false, scales: { LST: { scale: 0.02, unit: 'K' } } }, '/')
    expect(c.assets.map((a) => a.id)).toEqual(['Oasis_2020-01-05', 'Oasis_2020-03-01'])
    expect(c.assets[0].bands.LST).toMatchObject({ scale: 0.02, unit: 'K', scaleSource: 'params.scales' })
    expect(c.assets[0].bands.NDVI).toMatchObject({ scale: 1, unit: 'dn' })
    // 2020-01-01 -> 01-05 (4 days), 01-05 -> 03-01 (56), 03-01 -> 12-31 (305)
    expect(c.coverage).toMatchObject({ count: 2, first: '2020-01-05', last: '2020-03-01', largest_gap_days: 305 })
    // Entries that are not rasters are counted, never named (a catalog must not reveal what else a folder holds).
    expect(c.skipped.map((s) => s.file).sort()).toEqual(['(1 other entry)', 'scan.tif'])
  })

  it('binds roles to named bands and to band numbers of an undated file, and rejects unknown bands', () => {
    const c = buildCatalog({ dir, end: '2020-02-01', calibration: 'dn', sun_correction: false, role_bands: { temp: 'LST' } }, '/')
    expect(c.assets[0].bands.temp.name).toBe('LST')
    const s = buildCatalog({ files: [path.join(dir, 'scan.tif')], calibration: 'dn', sun_correction: false, role_bands: { red: 1, nir: 3 } }, '/')
    expect(s.assets[0]).toMatchObject({ id: 'scan', date: null })
    expect(s.assets[0].bands.nir.band).toBe(3)
    expect(() => buildCatalog({ dir, calibration: 'dn', sun_correction: false, role_bands: { swir: 'B11' } }, '/')).toThrow(CatalogError)
    expect(() => buildCatalog({ files: [path.join(dir, 'scan.tif')], calibration: 'dn', sun_correction: false, role_bands: { red: 4 } }, '/')).toThrow(/has 3 band/)
  })

  it('keeps only the requested day/night phases', () => {
    const d = path.join(tmp.dir, 'phases')
    fs.mkdirSync(d)
    for (const v of ['LST_Day', 'LST_Night', 'Albedo']) writeTinyTiff(path.join(d, `Plain_2021-05-01_${v}.tif`), { width: 1, height: 1, bands: [[1]], dtype: 'uint16' })
    const both = buildCatalog({ dir: d, calibration: 'dn', sun_correction: false }, '/')
    expect(Object.keys(both.assets[0].bands).sort()).toEqual(['Albedo', 'LST_Day', 'LST_Night'])
    const day = buildCatalog({ dir: d, phases: ['day'], calibration: 'dn', sun_correction: false }, '/')
    expect(Object.keys(day.assets[0].bands).sort()).toEqual(['Albedo', 'LST_Day'])
  })

  it('calibrates Collection-2 Level-2 bands from the Level-2 MTL groups and Sentinel-2 bands by 1/10000', () => {
    const d = path.join(tmp.dir, 'c2')
    fs.mkdirSync(d)
    const scene = 'LC09_L2SP_044034_20220601_20220603_02_T1'
    for (const b of ['SR_B4', 'SR_B5', 'ST_B10', 'QA_PIXEL']) writeTinyTiff(path.join(d, `${scene}_${b}.TIF`), { width: 1, height: 1, bands: [[10000]], dtype: 'uint16' })
    fs.writeFileSync(path.join(d, `${scene}_MTL.txt`), [
      'GROUP = LANDSAT_METADATA_FILE',
      '  GROUP = LEVEL2_SURFACE_REFLECTANCE_PARAMETERS',
      '    REFLECTANCE_MULT_BAND_4 = 2.75e-05', '    REFLECTANCE_ADD_BAND_4 = -0.2',
      '    REFLECTANCE_MULT_BAND_5 = 2.75e-05', '    REFLECTANCE_ADD_BAND_5 = -0.2',
      '  END_GROUP = LEVEL2_SURFACE_REFLECTANCE_PARAMETERS',
      '  GROUP = LEVEL2_SURFACE_TEMPERATURE_PARAMETERS',
      '    TEMPERATURE_MULT_BAND_ST_B10 = 0.00341802', '    TEMPERATURE_ADD_BAND_ST_B10 = 149.0',
      '  END_GROUP = LEVEL2_SURFACE_TEMPERATURE_PARAMETERS',
      '  GROUP = LEVEL1_RADIOMETRIC_RESCALING',
      '    REFLECTANCE_MULT_BAND_4 = 2.0E-05', '    REFLECTANCE_ADD_BAND_4 = -0.1',
      '  END_GROUP = LEVEL1_RADIOMETRIC_RESCALING',
      'END_GROUP = LANDSAT_METADATA_FILE', 'END',
    ].join('\n'))
    const c = buildCatalog({ dir: d, calibration: 'toa', sun_correction: false }, '/')
    const a = c.assets[0]
    expect(a.sensor).toBe('Landsat 9 OLI/TIRS L2SP')
    expect(a.bands.red).toMatchObject({ name: 'SR_B4', scale: 2.75e-5, offset: -0.2, unit: 'reflectance' })
    expect(a.bands.tir1).toMatchObject({ name: 'ST_B10', scale: 0.00341802, offset: 149, unit: 'K' })
    expect(a.bands.qa.name).toBe('QA_PIXEL')

    const s2 = path.join(tmp.dir, 's2')
    fs.mkdirSync(s2)
    for (const b of ['B04_10m', 'B08_10m', 'SCL_20m']) writeTinyTiff(path.join(s2, `T33UUP_20200101T101411_${b}.tif`), { width: 1, height: 1, bands: [[1]], dtype: 'uint16' })
    const sc = buildCatalog({ dir: s2, calibration: 'toa', sun_correction: false }, '/')
    expect(sc.assets[0].date).toBe('2020-01-01')
    expect(sc.assets[0].bands.red).toMatchObject({ name: 'B04', scale: 1e-4, unit: 'reflectance', nodata: 0 })
    expect(sc.assets[0].bands.nir.name).toBe('B08')
    expect(sc.assets[0].bands.scl).toMatchObject({ scale: 1, unit: 'dn' })
  })

  it('reads the Landsat fixture with MTL calibration (TOA reflectance, thermal radiance with K1/K2)', () => {
    const c = buildCatalog({ dir: shared('fixtures/landsat8_L1TP_016037_20170813'), calibration: 'toa', sun_correction: false }, '/')
    expect(c.assets).toHaveLength(1)
    const a = c.assets[0]
    expect(a.date).toBe('2017-08-13')
    expect(a.bands.red).toMatchObject({ name: 'B4', scale: 2e-5, offset: -0.1, unit: 'reflectance', nodata: 0 })
    expect(a.bands.tir1).toMatchObject({ name: 'B10', scale: 3.342e-4, offset: 0.1, unit: 'radiance', meta: { k1: 774.8853, k2: 1321.0789 } })
    const sun = buildCatalog({ dir: shared('fixtures/landsat8_L1TP_016037_20170813'), calibration: 'toa', sun_correction: true }, '/')
    expect(sun.assets[0].bands.nir.scale).toBeCloseTo(2e-5 / Math.sin((62.17310472 * Math.PI) / 180), 15)
  })
})

describe('masks and spatial selection', () => {
  it('drops nodata, out-of-range and rejected QA bit values, counting each rule', () => {
    const data = Float64Array.from([5, 0, 50, 7, NaN, 8])
    const qa = Float64Array.from([0, 0, 0, 0b0010, 0, 0b1100])
    const r = applyMask(data, { nodata: [0], max: 10, qa_bits: [{ first: 1, last: 1, reject: [1] }, { first: 2, last: 3, reject: [3] }] }, qa)
    expect(Array.from(r.data)).toEqual([5, NaN, NaN, NaN, NaN, NaN])
    expect(r.dropped).toEqual({ already_invalid: 1, nodata: 1, range: 1, qa: 2 })
  })

  const grid = { width: 4, height: 3, geoTransform: [100, 10, 0, 200, 0, -10] as [number, number, number, number, number, number], crs: null, geoKeyTags: null }
  it('selects pixels whose centres fall in a bbox or polygon, in map or pixel coordinates', () => {
    expect(selectPixels(grid, { type: 'bbox', bbox: [100, 180, 120, 200], crs: 'map' })).toEqual([0, 1, 4, 5])
    expect(selectPixels(grid, { type: 'bbox', bbox: [1, 1, 3, 2], crs: 'pixel' })).toEqual([5, 6])
    // triangle over pixel space (0,0)-(4,0)-(0,3): centres with x/4 + y/3 < 1
    expect(selectPixels(grid, { type: 'polygon', coordinates: [[0, 0], [4, 0], [0, 3]], crs: 'pixel' })).toEqual([0, 1, 2, 4, 5, 8])
    expect(selectPixels(grid, { type: 'point', x: 135, y: 175, crs: 'map' })).toEqual([2 * 4 + 3])
    expect(() => selectPixels(grid, { type: 'point', x: 99, y: 175, crs: 'map' })).toThrow(GeometryError)
  })
})
