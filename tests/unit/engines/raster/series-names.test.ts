/**
 * Dated series layouts seen in Earth-Bench folders (variable before or after the date, no place, HHMM times,
 * year-only dates, places with spaces, hyphens and underscores), parsed to literal results; Landsat and Sentinel-2
 * product names must parse exactly as before.
 */
import { describe, expect, it } from 'vitest'
import { parseName } from '../../../../main/engines/raster/catalog/names'
import { seriesRoles, variableInfo } from '../../../../main/engines/raster/catalog/series-vocabulary'

const series = (place: string, date: string, variable: string, extra: Record<string, unknown> = {}) => ({
  kind: 'series', place, date, datePrecision: 'day', time: null, variable, phase: null, ...extra,
})

describe('dated series names', () => {
  it.each([
    // <place>_<date>_<VAR> (the original layout)
    ['Xinjiang_2019-03-06_LST.tif', series('Xinjiang', '2019-03-06', 'LST', { variableSource: 'after-date' })],
    ['Yellow River basin_2023-06-10_NDVI.tif', series('Yellow River basin', '2023-06-10', 'NDVI')],
    ['Germany_2021-07-29_b4.tif', series('Germany', '2021-07-29', 'b4')],
    ['Chicago_2021-01-06_BT10.tif', series('Chicago', '2021-01-06', 'BT10')],
    ['Valley_20190306_LST_Night.tif', series('Valley', '2019-03-06', 'LST_Night', { phase: 'night' })],
    // date first, HHMM time, no place
    ['2022_08_10_0110_BT_31.tif', series('', '2022-08-10', 'BT_31', { time: '01:10' })],
    ['2020_01_01_0530_Reflectance_2.tif', series('', '2020-01-01', 'Reflectance_2', { time: '05:30' })],
    ['2023_07_01_1750_BT_31_Day.tif', series('', '2023-07-01', 'BT_31_Day', { time: '17:50', phase: 'day' })],
    ['2022_06_15_BT_10.tif', series('', '2022-06-15', 'BT_10')],
    ['2022_12_23_BT_10_Polygon1.tif', series('Polygon1', '2022-12-23', 'BT_10')],
    // place, date, time, variable; a stray .tif inside the stem
    ['Cyprus_2020-07-05_0000_albedo.tif', series('Cyprus', '2020-07-05', 'albedo', { time: '00:00' })],
    ['Hebei.tif_2021-08-05_0310_Emis31.tif', series('Hebei', '2021-08-05', 'Emis31', { time: '03:10' })],
    // variable before the date, told from the place by the vocabulary
    ['Chicago_B10_2024-01-07.tif', series('Chicago', '2024-01-07', 'B10', { variableSource: 'vocabulary' })],
    ['Taihu Lake-China_sur_refl_b01_2022-01-01.tif', series('Taihu Lake-China', '2022-01-01', 'sur_refl_b01')],
    ['Coral_Gables_NDVI_2021-01-20.tif', series('Coral_Gables', '2021-01-20', 'NDVI')],
    ['Northeast Plain of China _NDVI_2021-04-07.tif', series('Northeast Plain of China', '2021-04-07', 'NDVI')],
    ['Sahara Desert- Algeria_NDVI_2022-03-06.tif', series('Sahara Desert- Algeria', '2022-03-06', 'NDVI')],
    ['somerville_SR_B3_2018-01-10.tif', series('somerville', '2018-01-10', 'SR_B3')],
    ['SR_B3_2018-01-01.tif', series('', '2018-01-01', 'SR_B3')],
    ['QA_PIXEL_2018-01-01.tif', series('', '2018-01-01', 'QA_PIXEL')],
    ['Thailand_MaxFRP_2018-01-01.tif', series('Thailand', '2018-01-01', 'MaxFRP')],
    ['Mumbai_avg_rad_2013-01-01.tif', series('Mumbai', '2013-01-01', 'avg_rad')],
    ['Los_Angeles_2015_avg_rad_2015-01-01.tif', series('Los_Angeles_2015', '2015-01-01', 'avg_rad')],
    ['Bhutan_avg_rad.tif_2024-06-04.tif', series('Bhutan', '2024-06-04', 'avg_rad')],
    ['Aracaju_precipitation_2025-01-01.tif', series('Aracaju', '2025-01-01', 'precipitation')],
    ['Arctic_sur_refl_b04_2012-07-01.tif', series('Arctic', '2012-07-01', 'sur_refl_b04')],
    ['the_great_lake_sur_refl_b02_2022-07-01.tif', series('the_great_lake', '2022-07-01', 'sur_refl_b02')],
    ['Singapore_B10_2023-11-22.tif', series('Singapore', '2023-11-22', 'B10')],
    // unknown variable before the date: the last token, said so
    ['Oasis_snowdepth_2020-02-01.tif', series('Oasis', '2020-02-01', 'snowdepth', { variableSource: 'position' })],
    // coarser dates
    ['Shanghai_built_volume_total_1985.tif', series('Shanghai', '1985-01-01', 'built_volume_total', { datePrecision: 'year' })],
    ['Delta_NDVI_2020-05.tif', series('Delta', '2020-05-01', 'NDVI', { datePrecision: 'month' })],
  ])('%s', (file, expected) => {
    expect(parseName(file)).toMatchObject(expected)
  })

  it('rejects names without a trustworthy date or variable', () => {
    expect(parseName('Valley_2019-02-30_LST.tif')).toBeNull()
    expect(parseName('photo.tif')).toBeNull()
    expect(parseName('scene_2000.tif')).toBeNull() // a bare year beside an unknown token is no date
    expect(parseName('Oasis_2020-01-01.tif')).toMatchObject({ variable: 'Oasis', place: '', variableSource: 'position' })
    expect(parseName('Oasis_2020-01-01_2560_LST.tif')).toBeNull() // 25:60 is no time
    expect(parseName('notes_2020-01-01.txt')).toBeNull()
  })

  it('keeps Landsat and Sentinel-2 product names as before', () => {
    expect(parseName('LC08_L1TP_016037_20170813_20170814_01_RT_B10.TIF')).toEqual({ kind: 'landsat', scene: 'LC08_L1TP_016037_20170813_20170814_01_RT', mission: 8, sensor: 'OLI/TIRS', level: 'L1TP', date: '2017-08-13', band: 'B10' })
    expect(parseName('LC09_L2SP_044034_20220601_20220603_02_T1_QA_PIXEL.TIF')).toMatchObject({ kind: 'landsat', band: 'QA_PIXEL' })
    expect(parseName('T33UUP_20200101T101411_B04_10m.jp2')).toEqual({ kind: 'sentinel2', scene: 'T33UUP_20200101T101411', date: '2020-01-01', band: 'B04' })
  })
})

describe('series variable vocabulary', () => {
  it('gives the roles the name makes unambiguous', () => {
    expect(['b01', 'b02', 'b03', 'b04', 'b05', 'b06', 'b07'].map((b) => seriesRoles(`sur_refl_${b}`).slice(1))).toEqual([
      ['MODIS_B01', 'red'], ['MODIS_B02', 'nir'], ['MODIS_B03', 'blue'], ['MODIS_B04', 'green'], ['MODIS_B05', 'swir1240'], ['MODIS_B06', 'swir1'], ['MODIS_B07', 'swir2'],
    ])
    expect(seriesRoles('BT_31')).toEqual(['BT_31', 'BT31'])
    expect(seriesRoles('BT_32_Night')).toEqual(['BT_32_Night', 'BT32', 'BT32_NIGHT', 'BT_NIGHT'])
    expect(seriesRoles('Emis31')).toEqual(['Emis31', 'EMIS31'])
    expect(seriesRoles('b4')).toEqual(['b4', 'red'])
    expect(seriesRoles('B10')).toEqual(['B10', 'tir1'])
    expect(seriesRoles('SR_B5')).toEqual(['SR_B5', 'nir'])
    expect(seriesRoles('QA_PIXEL')).toEqual(['QA_PIXEL', 'qa'])
    expect(seriesRoles('Reflectance_19')).toEqual(['Reflectance_19', 'MODIS_B19'])
    expect(seriesRoles('b03')).toEqual(['b03']) // Sentinel-2 or MODIS numbering: not guessed
    expect(seriesRoles('snowdepth')).toEqual(['snowdepth'])
  })

  it('names MODIS bands the same way in both reflectance forms (band 2 is NIR, 7 SWIR2; 12 has no role)', () => {
    expect(seriesRoles('Reflectance_2')).toEqual(['Reflectance_2', 'MODIS_B02', 'nir'])
    expect(seriesRoles('Reflectance_07')).toEqual(['Reflectance_07', 'MODIS_B07', 'swir2'])
    expect(seriesRoles('sur_refl_b12')).toEqual(['sur_refl_b12', 'MODIS_B12'])
    expect(variableInfo('sur_refl_b07')?.note).toBe('MODIS MOD09 surface reflectance band 7 (swir2)')
    expect(variableInfo('sur_refl_b12')?.note).toBe('MODIS MOD09 surface reflectance band 12')
  })

  it('states units and the integer scales of the products', () => {
    expect(variableInfo('sur_refl_b01')).toMatchObject({ unit: 'reflectance', integerScale: { scale: 0.0001, offset: 0 } })
    expect(variableInfo('Emis32')).toMatchObject({ unit: 'dimensionless', integerScale: { scale: 0.002, offset: 0.49 } })
    expect(variableInfo('SR_B3')).toMatchObject({ integerScale: { scale: 2.75e-5, offset: -0.2 } })
    expect(variableInfo('BT_31')).toMatchObject({ unit: 'K', temperature: true })
    expect(variableInfo('BT_31')!.integerScale).toBeUndefined()
    expect(variableInfo('B10')!.note).toMatch(/OLI\/TIRS numbering assumed/)
    expect(variableInfo('avg_rad')).toMatchObject({ unit: null })
  })
})
