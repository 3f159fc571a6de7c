/**
 * The rules backbone plans over the Earth-Bench series layouts (series-names.ts) and the execute tool runs the plan
 * on tiny GeoTIFFs whose every pixel the test knows: MODIS band 31/32 brightness temperatures named
 * `<date>_<HHMM>_BT_31.tif` (two-channel LST), the same with MOD11 emissivity stored as uint8 (split window),
 * Landsat-like `b4`/`B10` tokens without a product id (single-channel LST), MODIS `sur_refl_b02/b07` int16 (NBR)
 * and Collection-2 `SR_B3`/`SR_B5` uint16 without a place (NDWI with the C2 scale and offset).
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeInputs } from '../../../main/agent/rules/input-files'
import { planAndRun } from '../../helpers/plan-and-run'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff, type TinyDtype } from '../engines/raster/tiny-tiff'

const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const dirs: { cleanup: () => void }[] = []
afterAll(() => dirs.forEach((d) => d.cleanup()))

function folder(layers: Record<string, [TinyDtype, number[]]>): string {
  const t = tempDir('rsure-layouts-')
  dirs.push(t)
  for (const [name, [dtype, values]] of Object.entries(layers)) writeTinyTiff(path.join(t.dir, name), { width: 2, height: 2, bands: [values], dtype, geo })
  return t.dir
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
/** The planner's normalised difference: (a - b) / (a + b + 1e-6), on physical reflectance. */
const nd = (a: number, b: number) => (a - b) / (a + b + 1e-6)

describe('rules workflows over series layouts', () => {
  it('learns roles, dates and temperature layers from the names alone', () => {
    const dir = folder({ 'Chicago_B10_2024-01-07.tif': ['float32', [1, 1, 1, 1]], 'Chicago_sur_refl_b07_2024-01-07.tif': ['int16', [1, 1, 1, 1]], 'Shanghai_built_volume_total_1985.tif': ['float32', [1, 1, 1, 1]] })
    const inputs = describeInputs(dir, [])
    expect([...inputs.roles].sort()).toEqual(['B10', 'BUILT_VOLUME_TOTAL', 'MODIS_B07', 'SUR_REFL_B07', 'SWIR2', 'TIR1'])
    expect([...inputs.temperatures].sort()).toEqual(['B10', 'TIR1'])
    expect(inputs.dates).toEqual(['1985-01-01', '2024-01-07'])
    expect(inputs.dateVarSeries).toBe(true)
  })

  it('estimates two-channel LST from <date>_<HHMM>_BT_31/BT_32 files and takes the share above 310 K', async () => {
    // LST = 1.022 T31 + 0.47 (T31 - T32) + 0.43: 307.5, 308.992, 313.08, 319.13 K -> two of four above 310 K
    const dir = folder({ '2022_08_10_0110_BT_31.tif': ['float32', [300, 301, 305, 310]], '2022_08_10_0110_BT_32.tif': ['float32', [299, 299, 303, 306]] })
    const r = await planAndRun('Based on thermal Band 31 and Band 32 data over Tokyo on August 10, 2022, estimate land surface temperature (LST) using the split-window method, and calculate the proportion of the area where LST exceeds 310K.', dir)
    expect(r.plan.skill?.id).toBe('compiled-spec')
    expect(r.products).toEqual(['multi_channel_lst'])
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(50, 9)
  })

  it('runs the split window with the MOD11 emissivity of the one place named, scaled from uint8', async () => {
    // emissivity DN 250 -> 0.49 + 0.002 * 250 = 0.99 (band 31), DN 245 -> 0.98 (band 32); w = 2 g/cm2
    const dir = folder({
      '2021_08_05_0310_BT_31.tif': ['float32', [300, 302, 304, 306]], '2021_08_05_0310_BT_32.tif': ['float32', [298, 300, 303, 303]],
      'Hebei.tif_2021-08-05_0310_Emis31.tif': ['uint8', [250, 250, 250, 250]], 'Hebei.tif_2021-08-05_0310_Emis32.tif': ['uint8', [245, 245, 245, 245]],
    })
    const r = await planAndRun('Based on thermal Band 31 and 32 data over northern Hebei on August 5, 2021, apply the split-window algorithm to estimate land surface temperature (LST) and calculate the mean LST.', dir)
    expect(r.products).toEqual(['split_window_lst'])
    expect(r.result.status).toBe('ok')
    const sw = (ti: number, tj: number) => {
      const d = ti - tj
      return ti + 1.378 * d + 0.183 * d * d - 0.268 + (54.3 - 2.238 * 2) * (1 - 0.985) + (-129.2 + 16.4 * 2) * 0.01
    }
    expect(r.value).toBeCloseTo(mean([sw(300, 298), sw(302, 300), sw(304, 303), sw(306, 303)]), 6)
  })

  it.each([
    ['after the date', { 'Germany_2021-07-29_b4.tif': 0.05, 'Germany_2021-07-29_b5.tif': 0.5, 'Germany_2021-07-29_b10.tif': 0 }],
    ['before the date', { 'Black Forest_B4_2021-07-29.tif': 0.05, 'Black Forest_B5_2021-07-29.tif': 0.5, 'Black Forest_B10_2021-07-29.tif': 0 }],
  ])('runs single-channel LST on Landsat-like band tokens %s, band 10 read as brightness temperature', async (_, names) => {
    // NDVI = 0.82 -> emissivity 0.99; BT 295, 299.5, 302, 310 -> LST 295.7, 300.2, 302.7, 310.7: 3 of 4 above 300 K
    const layers: Record<string, [TinyDtype, number[]]> = {}
    for (const [n, v] of Object.entries(names)) layers[n] = ['float32', v === 0 ? [295, 299.5, 302, 310] : [v, v, v, v]]
    const r = await planAndRun('Using Landsat 8 Band 10, Band 4 and Band 5 on July 29, 2021, estimate LST with the single-channel method and give the percentage of pixels with LST above 300 K.', folder(layers))
    expect(r.products).toEqual(['normalized_difference', 'single_channel_lst'])
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(75, 9)
  })

  it('combines ASTER band 10-12 brightness temperatures with the three-temperature method', async () => {
    const dir = folder({ '2022_12_23_BT_10.tif': ['float32', [280, 290, 300, 310]], '2022_12_23_BT_11.tif': ['float32', [282, 292, 302, 312]], '2022_12_23_BT_12.tif': ['float32', [284, 294, 304, 314]] })
    const r = await planAndRun('On December 23, 2022, use LST retrieved via the Three-Temperature Method (TTM) from ASTER Bands 10-12 and calculate the mean LST.', dir)
    expect(r.products).toEqual(['ttm_lst'])
    expect(r.result.status).toBe('ok')
    // LST = 0.3 T10 + 0.3 T11 + 0.4 T12 + 2 K (the engine's default weights), all within 240-340 K
    expect(r.value).toBeCloseTo(mean([280, 290, 300, 310].map((t) => 0.3 * t + 0.3 * (t + 2) + 0.4 * (t + 4) + 2)), 9)
  })

  it('takes the two-channel form for an LST asked as given when only band 31/32 temperatures are there', async () => {
    const dir = folder({ '2020_02_23_0550_BT_31.tif': ['float32', [300, 300, 300, 300]], '2020_02_23_0550_BT_32.tif': ['float32', [298, 298, 298, 298]] })
    const r = await planAndRun('Calculate the average land surface temperature at 05:50 on February 23, 2020.', dir)
    expect(r.products).toEqual(['multi_channel_lst'])
    expect(r.value).toBeCloseTo(1.022 * 300 + 0.47 * 2 + 0.43, 9)
  })

  it('computes NBR from MODIS sur_refl_b02/b07 stored as int16', async () => {
    const dir = folder({ 'Cape Town-South Africa_sur_refl_b02_2024-11-08.tif': ['int16', [3000, 3000, 2000, 2000]], 'Cape Town-South Africa_sur_refl_b07_2024-11-08.tif': ['int16', [1000, 2000, 2000, 3000]] })
    const r = await planAndRun('Based on MODIS sur_refl_b02 (NIR) and sur_refl_b07 (SWIR) data of Cape Town on November 8, 2024, calculate the mean NBR.', dir)
    expect(r.products).toEqual(['normalized_difference'])
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(mean([nd(0.3, 0.1), nd(0.3, 0.2), nd(0.2, 0.2), nd(0.2, 0.3)]), 9) // DN * 0.0001
  })

  it('computes NDWI from place-less SR_B3/SR_B5 with the Collection-2 scale and offset', async () => {
    // green 20000 * 2.75e-5 - 0.2 = 0.35, NIR 10000 * 2.75e-5 - 0.2 = 0.075 -> (0.35 - 0.075) / 0.425; raw DN would give 1/3
    const dir = folder({ 'SR_B3_2018-01-01.tif': ['uint16', [20000, 20000, 20000, 20000]], 'SR_B5_2018-01-01.tif': ['uint16', [10000, 10000, 10000, 10000]] })
    const r = await planAndRun("Based on 'SR_B3' and 'SR_B5' of Somerville Lake on 2018-01-01, calculate NDWI and its mean value.", dir)
    expect(r.products).toEqual(['normalized_difference'])
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(nd(20000 * 2.75e-5 - 0.2, 10000 * 2.75e-5 - 0.2), 9)
    // The assumption is in the evidence: the read's scale source and the catalog's grouping of place-less files.
    expect(JSON.stringify(r.result.evidence.source.band_mapping)).toContain('Landsat Collection-2 Level-2 SR scale 2.75e-5, offset -0.2')
  })
})
