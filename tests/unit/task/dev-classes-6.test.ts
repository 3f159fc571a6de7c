/**
 * Classes from the second blind development set's remaining refusals (tests/dev-questions/questions-dev-2.jsonl),
 * each fixed as a class and tested here with this file's own phrasings. References come from
 * tests/dev-questions/references-2.json (python3 + GDAL + numpy, by that set's author) or from geotiff.js decoding
 * here (tests/helpers/independent-stats.ts), never from the code under test.
 *
 * - Boxes written the ways analysts write them: hemisphere letters on both ends of each range with a slash between
 *   ("80.2W-79.8W / 32.6N-33.0N"), axis words with the unit after ("X from ... to ... and Y from ... to ... metres"),
 *   thousands and millions written onto the number ("x 550k-620k, y 3.60M-3.70M").
 * - A part restated by the side it lies along ("the lowest third of the Landsat image, the southern rows"); a side
 *   it does not lie along is refused, and the verifier does not read "lowest" of a part as the minimum.
 * - The values of a single unlabelled file asked with no variable named ("the mean DN of red.tif", "the median pixel
 *   value"): its one band as stored. A file the question names that is not given is refused, naming it; "nodata
 *   excluded" names no variable.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { readTask } from '../../../main/task/read-task'
import { decode, mean, percentile, valid } from '../../helpers/independent-stats'
import { REFS_2 as REFS } from '../../helpers/dev-references'
import { answeredWithin } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-dev-classes-6-')
afterAll(() => store.cleanup())
const Q46 = shared('benchmarks', 'earthbench-q46', 'files')
const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const RED = shared('fixtures', 'riotiler', 'red.tif')

/** Answered, with no provenance finding rejecting or asking for evidence, within `tol` of one of `wants`. */
const answered = (q: string, files: string[], wants: readonly number[], tol: number) => answeredWithin(q, files, wants, tol, store.dir)

describe('boxes written the ways analysts write them', () => {
  it('reads hemisphere letters with a slash, axis words with metres after, and k/M written onto the numbers', async () => {
    const bt = REFS.rg2_ls_bt10_mean_lonlat_box_C
    for (const q of ['landsat band 10 brightness temperature mean in °C, box 80.2W-79.8W / 32.6N-33.0N', 'mean B10 BT (°C) for 32.6N-33.0N x 80.2W-79.8W'])
      await answered(q, [LANDSAT], bt.alternatives, bt.tolerance)
    const ndvi = REFS.rg2_ndvi_mean_3857_box_0712
    await answered(
      'NDVI mean for 12 July 2019 in the web mercator box with X from 9790000 to 9815000 and Y from 5430000 to 5460000 meters',
      [Q46],
      [ndvi.value],
      ndvi.tolerance,
    )
    const red = REFS.rg2_redtif_mean_utm_box_dn
    for (const q of [
      'mean DN of red.tif in the EPSG:32617 box x 550k-620k, y 3.60M-3.70M',
      'red.tif: mean pixel value, nodata excluded, UTM zone 17N box x 550000 to 620000 m, y 3600000 to 3700000 m',
    ])
      await answered(q, [RED], red.alternatives, red.tolerance)
  }, 120_000)
})

describe('a part restated by the side it lies along', () => {
  it('reads the restatement, refuses a side the part does not lie along, and is no minimum to the verifier', async () => {
    const third = REFS.rg2_ls_ndvi_toa_mean_bottom_third
    await answered(
      'Mean NDVI from TOA reflectance in the lowest third of the Landsat image, the southern rows?',
      [LANDSAT],
      third.alternatives,
      third.tolerance,
    )
    await answered('TOA NDVI average, bottom third (i.e. the southernmost rows)', [LANDSAT], third.alternatives, third.tolerance)
    const wrongSide = planTask(makeTask({ question: 'Mean NDVI from TOA reflectance in the bottom third of the image, the northern rows?', files: [LANDSAT] }))
    expect(wrongSide.refusal).toMatch(/northern rows/)
    expect(readTask({ question: 'mean TOA NDVI of the left half, the western columns', options: [] }).region).toMatchObject({ kind: 'part', part: 'west' })
  }, 120_000)
})

describe('the values of a single unlabelled file, asked with no variable named', () => {
  it('are its one band as stored; a file not given is refused, naming it; "nodata excluded" names no variable', async () => {
    const d = await decode(RED)
    const values = valid(d.data)
    await answered('What is the mean DN of red.tif?', [RED], [mean(values)], 1e-6 * mean(values))
    await answered('median pixel value of riotiler/red.tif, nodata excluded', [RED], [percentile(values, 50)], 0.5)
    // The bands of an index restated in a bracket's first clause, the calibration after the comma.
    const ndwi = readTask({ question: 'mean NDWI (green against NIR, TOA reflectance) of the scene', options: [] })
    expect([ndwi.subjects[0], ndwi.notUnderstood.filter((n) => n.blocking)]).toEqual(['ndwi', []])
    expect(ndwi.used.map((u) => u.text)).toContain('green against NIR')
    const other = planTask(makeTask({ question: 'What is the mean DN of blue.tif?', files: [RED] }))
    expect(other.refusal).toMatch(/"blue\.tif".*not among the files given/)
    // A variable the file does not hold is not answered with its values.
    const chlorophyll = planTask(makeTask({ question: 'What is the mean chlorophyll of red.tif?', files: [RED] }))
    expect(chlorophyll.refusal).toMatch(/chlorophyll/)
    // With several files, which one's values are meant is not said.
    const several = planTask(
      makeTask({ question: 'What is the mean pixel value?', files: [RED, `${LANDSAT}/LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF`] }),
    )
    expect(several.refusal).toMatch(/2 rasters are given/)
    expect(readTask({ question: 'For red.tif, what is the mean pixel value, nodata excluded?', options: [] }).subjects).toEqual(['value'])
  }, 120_000)
})
