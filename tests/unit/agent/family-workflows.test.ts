/**
 * Plans of the rules backbone for the phrasing families it was taught, run through the real execute tool on tiny
 * GeoTIFFs whose every pixel the test knows: Landsat band-10 brightness temperature already in kelvin (single-channel
 * LST without a K1/K2 step), the mean of one variable over the pixels another selects, and the absolute change of a
 * share of the area between two months.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { planAndRun } from '../../helpers/plan-and-run'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const dirs: { cleanup: () => void }[] = []
const four = (k: number) => [k, k, k, k]
afterAll(() => dirs.forEach((d) => d.cleanup()))

/** A folder of 2 x 2 px layers: name -> values (float32 unless the name says LST/NDVI, stored as MODIS DNs). */
function folder(layers: Record<string, number[]>): string {
  const t = tempDir('rsure-family-')
  dirs.push(t)
  for (const [name, values] of Object.entries(layers)) {
    const file = path.join(t.dir, name)
    if (name.endsWith('_LST.tif')) writeTinyTiff(file, { width: 2, height: 2, bands: [values.map((k) => k / 0.02)], dtype: 'uint16', geo })
    else if (name.endsWith('_NDVI.tif')) writeTinyTiff(file, { width: 2, height: 2, bands: [values.map((v) => Math.round(v / 0.0001))], dtype: 'int16', geo })
    else writeTinyTiff(file, { width: 2, height: 2, bands: [values], dtype: 'float32', geo })
  }
  return t.dir
}

describe('rules workflows for the taught families', () => {
  it('uses a band-10 brightness temperature layer as kelvin in the single-channel method', async () => {
    // NDVI = (0.5 - 0.05) / 0.55 = 0.82 > 0.7 -> emissivity 0.99; LST = BT / (1 + (10.9 BT / 14387.7) ln 0.99)
    // BT 295, 299.5, 302, 310 -> LST 295.7, 300.2, 302.7, 310.7: three of four pixels above 300 K.
    const dir = folder({
      'Forest_2021-07-29_b4.tif': [0.05, 0.05, 0.05, 0.05],
      'Forest_2021-07-29_b5.tif': [0.5, 0.5, 0.5, 0.5],
      'Forest_2021-07-29_BT10.tif': [295, 299.5, 302, 310],
    })
    const r = await planAndRun(
      'Using Landsat 8 Band 10, Band 4 and Band 5 on July 29, 2021, estimate LST with the single-channel method and give the percentage of pixels with LST above 300 K.',
      dir,
    )
    expect(r.plan.skill?.id).toBe('compiled-spec')
    expect(r.nodes.find((n) => n.id === 'bt')).toMatchObject({ op: 'raster.read', params: { role: 'BT10', unit: 'K' } })
    expect(r.nodes.some((n) => n.params.product === 'brightness_temperature')).toBe(false)
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(75, 9)
  })

  it('averages NDVI over the pixels whose LST passes the threshold', async () => {
    const dir = folder({ 'Oasis_2020-07-01_LST.tif': [290, 305, 310, 295], 'Oasis_2020-07-01_NDVI.tif': [0.8, 0.2, 0.4, 0.6] })
    const r = await planAndRun('On July 1, 2020, what is the mean NDVI of the pixels whose land surface temperature is above 300 K?', dir)
    expect(r.plan.view).toMatchObject({ statistic: 'masked_mean', measured: 'ndvi' })
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(0.3, 9) // NDVI of the 305 K and 310 K pixels: (0.2 + 0.4) / 2
  })

  // LST 300, 310, 320, 330 K over NDVI 0.8, 0.9, 0.1, 0.15: vegetated pixels 305 K on average, bare ones 325 K.
  const contrastLayers = { 'Oasis_2020-07-01_LST.tif': [300, 310, 320, 330], 'Oasis_2020-07-01_NDVI.tif': [0.8, 0.9, 0.1, 0.15] }

  it.each([
    ['How much cooler is the vegetated area (NDVI > 0.7) than bare ground (NDVI < 0.2), based on mean LST on July 1, 2020?', 20, 'first'],
    ['On July 1, 2020 give the absolute difference between the overall mean LST and the mean LST in areas with NDVI greater than 0.7.', 10, 'all'],
  ])('contrasts the mean LST of two masked areas: %s', async (q, expected, second) => {
    const r = await planAndRun(q, folder(contrastLayers))
    expect(r.plan.view.statistic).toBe('masked_contrast')
    // The second side is the whole image (no mask) or the second masked selection.
    expect(r.nodes.some((n) => n.id === (second === 'all' ? 'over_dates_all' : 'masked_second'))).toBe(true)
    expect(r.nodes.some((n) => n.id === 'masked_all')).toBe(false)
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(expected, 9)
  })

  it('averages the product over the pixels it selects itself', async () => {
    const r = await planAndRun('On July 1, 2020, what is the average LST where LST is above 315 K?', folder(contrastLayers))
    expect(r.plan.view).toMatchObject({ statistic: 'masked_mean', measured: 'lst' })
    expect(r.value).toBeCloseTo(325, 9)
  })

  it('keeps the sign of a contrast that is not asked as a magnitude', async () => {
    const r = await planAndRun('On July 1, 2020, what is the mean LST where NDVI > 0.7 minus the mean LST where NDVI < 0.2?', folder(contrastLayers))
    expect(r.value).toBeCloseTo(-20, 9)
  })

  it('takes the share of pixels meeting two conditions at once', async () => {
    const r = await planAndRun('On July 1, 2020, what proportion of pixels has LST above 305 K and NDVI above 0.5 simultaneously?', folder(contrastLayers))
    expect(r.plan.view.joint).toBe(true)
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(25, 9) // only the 310 K / 0.9 pixel
  })

  it('takes the absolute change of the share above a threshold between two named months', async () => {
    const dir = folder({
      'Basin_2023-06-10_LST.tif': [301, 302, 303, 290],
      'Basin_2023-07-12_LST.tif': [301, 301, 301, 301],
      'Basin_2023-08-13_LST.tif': [301, 290, 290, 290],
    })
    const r = await planAndRun(
      'Calculate the proportion of pixels with LST > 300 K in June and August 2023, then the absolute difference between these two values.',
      dir,
    )
    const catalogs = r.nodes.filter((n) => n.op === 'asset.catalog').map((n) => [n.params.start, n.params.end])
    expect(catalogs).toEqual([
      ['2023-06-01', '2023-06-30'],
      ['2023-08-01', '2023-08-31'],
    ])
    expect(r.nodes.at(-1)).toMatchObject({ op: 'math.abs' })
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(50, 9) // |25% - 75%|; July is in neither month
  })

  it('converts a kelvin temperature before choosing among options in degrees Celsius', async () => {
    const dir = folder({ 'City_2023-11-22_LST.tif': [299, 300, 300, 301] })
    const r = await planAndRun('What is the mean land surface temperature on November 22, 2023?', dir, 'A. 25.78 °C\nB. 26.85 °C\nC. 27.41 °C\nD. 299.00 °F')
    expect(r.nodes.find((n) => n.id === 'celsius')).toMatchObject({ op: 'math.expr', params: { expr: 'x - 273.15', unit: 'degC' } })
    expect(r.result.status).toBe('ok')
    expect((r.result.observation as { choice: string }).choice).toBe('B')
  })

  it('takes the difference of two shares of one variable, as a size when the options are sizes', async () => {
    const q = 'On July 1, 2020, calculate the percentage of pixels with LST below 305 K and of pixels with LST above 315 K, and their difference.'
    const signed = await planAndRun(q, folder(contrastLayers))
    expect(signed.plan.view.shareContrast).toBe(true)
    expect(signed.value).toBeCloseTo(-25, 9) // 25% cool minus 50% hot
    const sized = await planAndRun(q, folder(contrastLayers), 'A. 10%\nB. 25%\nC. 40%')
    expect((sized.result.observation as { choice: string }).choice).toBe('B')
  })

  it('compares two seasons of the one year a question names', async () => {
    const dir = folder({ 'City_2022-07-01_LST.tif': four(310), 'City_2022-10-01_LST.tif': four(300), 'City_2022-12-20_LST.tif': four(260) })
    const r = await planAndRun(
      'Using LST data in 2022, calculate the average LST for summer and autumn, and determine the mean difference.',
      dir,
      'A. 5 K\nB. 10 K\nC. 15 K\nD. 50 K',
    )
    const catalogs = r.nodes.filter((n) => n.op === 'asset.catalog').map((n) => [n.params.start, n.params.end])
    expect(catalogs).toEqual([
      ['2022-06-01', '2022-08-31'],
      ['2022-09-01', '2022-11-30'],
    ])
    expect(r.nodes.some((n) => n.op === 'math.abs')).toBe(true)
    expect((r.result.observation as { choice: string }).choice).toBe('B') // |300 - 310|; December is in neither season
  })

  it('refuses a night-time LST from a layer whose name does not say night, and reads an LST_Night layer', async () => {
    const plain = planTask(
      makeTask({ question: 'What is the mean night-time land surface temperature on July 1, 2020?', options: [], files: [folder(contrastLayers)] }),
    )
    expect(plain.workflow).toBeNull()
    expect(plain.refusal).toMatch(/night-time LST/)
    const night = await planAndRun(
      'What is the mean night-time land surface temperature on July 1, 2020?',
      folder({ 'Oasis_2020-07-01_LST_Night.tif': [14000, 14100, 14200, 14300] }),
    ) // MOD11 DN, 0.02 K each
    expect(night.value).toBeCloseTo(283, 6)
  })

  it('an area is pixels times the pixel area in a metric grid, and the true ground area in Web Mercator', async () => {
    // 10 m pixels in UTM 33N: LST above 305 K on July 1, 2020 keeps 3 of 4 pixels -> 300 m2
    const utm = await planAndRun('What area in square metres had LST above 305 K on July 1, 2020?', folder(contrastLayers))
    expect(utm.value).toBeCloseTo(300, 9)
    const t = tempDir('rsure-family-3857-')
    dirs.push(t)
    writeTinyTiff(path.join(t.dir, 'Oasis_2020-07-01_LST.tif'), {
      width: 2,
      height: 2,
      bands: [[300, 310, 320, 330].map((k) => k / 0.02)],
      dtype: 'uint16',
      geo: { ...geo, epsg: 3857 },
    })
    // Web Mercator: a pixel of row r covers 100 m2 x cos^2(latitude of the row's centre) on the sphere R = 6378137 m;
    // row 0 keeps one pixel (310 K), row 1 two (320, 330 K).
    const merc = await planAndRun('What area in square metres had LST above 305 K on July 1, 2020?', t.dir)
    const cos2 = (y: number) => Math.cos(2 * Math.atan(Math.exp(y / 6378137)) - Math.PI / 2) ** 2
    expect(merc.value).toBeCloseTo(100 * cos2(1995) + 2 * 100 * cos2(1985), 9)
  })

  it('says it has no recipe for a threshold relative to the mean instead of answering without it', () => {
    const dir = folder({ 'City_2022-07-01_LST.tif': four(310) })
    const plan = planTask(makeTask({ question: 'On July 1, 2022, what share of pixels has an LST above 105% of the image mean?', options: [], files: [dir] }))
    // No workflow, and the refusal names the phrase it would have dropped (the recipe table that said "no recipe" is gone).
    expect(plan.workflow).toBeNull()
    expect(plan.refusal).toContain('105% of the image')
    expect(plan.refusal).toContain('relative to a statistic')
  })
})
