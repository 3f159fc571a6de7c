/**
 * Classes from the blind development set 12's refusals (session 29), on real data, with phrasings of this file's own
 * ([own]) in the dev sets' habits. References: window statistics of the q46 rasters computed here by /usr/bin/python3
 * with osgeo.gdal and numpy in a child process (LST = DN x 0.02 K, DN 0 no data; NDVI = DN x 0.0001, nodata -32768),
 * never by the code under test.
 *
 * - A pixel window's numbering said away from the window ("Our plot map numbers rows and columns from 1."), or right
 *   after it with a restatement inside ("(1-based, first row = row 1, ends included)"), shifts the window; two
 *   statements that disagree leave the window unread (refused, naming it). A window written "rows a..b x cols c..d"
 *   is read (ends included), and a slice "a:b" whose ends are said to be included keeps its last row.
 * - A yes/no question comparing its statistic with a value ("Was the mean NDVI of 2019-06-26 below 0.2?") had been
 *   answered as the mean of the pixels below 0.2 (0.110, verified; the scene's mean is 0.325): the comparison is now
 *   refused by the planner, naming it, and the verifier rejects a DAG that keeps only the pixels on one side of it.
 *   A range after the statistic in a question that asks the value ("What is the mean NDVI between 0 and 1") stays a
 *   restriction of the pixels.
 * - QA classes listed after one exclusion word, the first restated by its bit ("excluding fill (BQA bit 0) and cloud
 *   pixels") had left the later ones selected (the mean NDVI of the cloudy pixels); "mask out" and a checklist's
 *   "mask out: fill (bit 0), cloud (bit 4)" are exclusion words. Reference: set 12's GDAL file (c2). A land-cover
 *   class as an item of such a list ("... and the built-up area", set 12 rf5#1, to refuse) blocks, naming it, and a
 *   QA class beside "urban pixels" no longer counts as the condition that defines them.
 * - A blank to fill in right before the counted noun ("TBD pixels have an NDVI of 0.2 or more", "___ dates had ...")
 *   asks the count, for both readers.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { answeredWithin, planExecute, plannedRefusal } from '../../helpers/plan-execute'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { readQuestion } from '../../../main/verify/question-reader/index'
import { readTask } from '../../../main/task/read-task'
import { FIXTURES, shared, tempDir } from '../../helpers/tmp'
import { references, type DevReference } from '../../helpers/dev-references'

const store = tempDir('rsure-dev-classes-29-')
afterAll(() => store.cleanup())

const file = (date: string, layer: 'LST' | 'NDVI') => path.join(FIXTURES.Q46_FILES, `Xinjiang_${date}_${layer}.tif`)

/**
 * A statistic of one q46 layer over the 0-based rows [r0, r1] and columns [c0, c1] (ends included), by GDAL + numpy:
 * `mean` of the valid values, or `count` of the valid values >= `atLeast`.
 */
function windowStat(date: string, layer: 'LST' | 'NDVI', rows: [number, number], cols: [number, number], stat: 'mean' | 'count', atLeast = 0): number {
  const py = `
import sys
import numpy as np
from osgeo import gdal
ds = gdal.Open(sys.argv[1])
b = ds.GetRasterBand(1)
a = b.ReadAsArray().astype(np.float64)
nd = b.GetNoDataValue()
r0, r1, c0, c1 = (int(x) for x in sys.argv[2:6])
w = a[r0:r1 + 1, c0:c1 + 1]
ok = (w != nd) if nd is not None else np.ones(w.shape, bool)
if sys.argv[6] == 'LST':
    ok &= w > 0
    v = w * 0.02
else:
    v = w * 0.0001
if sys.argv[7] == 'mean':
    print(float(v[ok].mean()))
else:
    print(int((ok & (v >= float(sys.argv[8]))).sum()))
`
  const args = [file(date, layer), ...[rows[0], rows[1], cols[0], cols[1]].map(String), layer, stat, String(atLeast)]
  return Number(execFileSync('/usr/bin/python3', ['-c', py, ...args], { encoding: 'utf8' }).trim())
}

describe("a pixel window's numbering", () => {
  const lst = [file('2019-05-25', 'LST')]

  it('said in another sentence shifts the window, and the two numberings give different answers', async () => {
    const oneBased = windowStat('2019-05-25', 'LST', [1200, 1239], [1900, 1939], 'mean')
    const zeroBased = windowStat('2019-05-25', 'LST', [1201, 1240], [1901, 1940], 'mean')
    expect(Math.abs(oneBased - zeroBased)).toBeGreaterThan(0.005)
    await answeredWithin(
      'Our field sheets number rows and columns from 1, like a spreadsheet. What is the mean LST in K of the 25 May 2019 Xinjiang scene over rows 1201 to 1240 and columns 1901 to 1940, ends included?',
      lst,
      [oneBased],
      0.005,
      store.dir,
    )
    await answeredWithin(
      'row and column numbers start at 0 in our tool. mean lst (K) 2019-05-25, rows 1201-1240, cols 1901-1940',
      lst,
      [zeroBased],
      0.005,
      store.dir,
    )
  }, 120_000)

  it('restated with other words in the brackets after the window, or written a..b x c..d, or as a slice said inclusive', async () => {
    const want = windowStat('2019-05-25', 'LST', [1200, 1239], [1900, 1939], 'mean')
    for (const q of [
      'Mean LST (kelvin) of 2019-05-25 in the window rows 1201-1240, columns 1901-1940 (1-based, first row = row 1, ends included).',
      'mean lst K, 2019-05-25, rows 1200..1239 x cols 1900..1939 (zero-based, incl.)',
      'mean lst K on 2019-05-25 over rows 1200:1239, cols 1900:1939 (0-based, both ends included)',
    ])
      await answeredWithin(q, lst, [want], 0.005, store.dir)
  }, 120_000)

  it('said two ways that disagree is refused, naming the window', () => {
    const refusal = plannedRefusal(
      'Rows and columns are counted from 0 here. What is the mean LST of 2019-05-25 over rows 1201-1240, cols 1901-1940 (1-based)?',
      lst,
    )
    expect(refusal).toMatch(/rows 1201-1240, cols 1901-1940/)
    expect(refusal).toMatch(/numbering .* two ways/)
  })

  it('is not said by a sentence that names no rows, columns or pixels', () => {
    const spec = readTask({ question: 'Our export starts at 1 in every file. What is the mean LST of 2019-05-25 over rows 10-19 and columns 10-19?' })
    expect(spec.region).toMatchObject({ kind: 'bbox', bbox: [10, 10, 20, 20], crs: 'pixel' })
  })
})

describe('a blank before the counted noun', () => {
  it('asks the count of pixels, for both readers, and is answered', async () => {
    const q =
      'Fill the TBD in my notes: "In rows 1501-1560, columns 1301-1360 (1-based) of the 14 Sep 2019 Xinjiang NDVI, TBD pixels have an NDVI of 0.2 or more."'
    expect(readTask({ question: q }).quantity.statistic).toBe('count_pixels')
    expect(readQuestion(q).statistics.map((s) => s.kind)).toContain('pixel_count')
    const want = windowStat('2019-09-14', 'NDVI', [1500, 1559], [1300, 1359], 'count', 0.2)
    await answeredWithin(q, [file('2019-09-14', 'NDVI')], [want], 0.5, store.dir)
  }, 120_000)

  it('asks the count of dates', () => {
    const q = 'For the summary line: in 2019, ___ acquisitions had a scene-mean LST above 300 K.'
    expect(readTask({ question: q }).quantity.statistic).toBe('count_dates')
    expect(readQuestion(q).statistics.map((s) => s.kind)).toContain('date_count')
  })
})

/** The mean of one q46 NDVI date's valid values, over those in [lo, hi] when given, by GDAL + numpy. */
function ndviMean(date: string, range?: [number, number]): number {
  const py = `
import sys
import numpy as np
from osgeo import gdal
ds = gdal.Open(sys.argv[1])
b = ds.GetRasterBand(1)
a = b.ReadAsArray().astype(np.float64)
v = a[a != b.GetNoDataValue()] * 0.0001
if len(sys.argv) > 2:
    v = v[(v >= float(sys.argv[2])) & (v <= float(sys.argv[3]))]
print(float(v.mean()))
`
  return Number(execFileSync('/usr/bin/python3', ['-c', py, file(date, 'NDVI'), ...(range ?? []).map(String)], { encoding: 'utf8' }).trim())
}

describe('a yes/no question comparing its statistic with a value', () => {
  const ndvi = [file('2019-06-26', 'NDVI')]

  it('is refused naming the comparison, not answered as the mean of the pixels on one side of it', () => {
    // The whole-scene mean is far from the value compared: a mask would answer "yes" to each.
    const whole = ndviMean('2019-06-26')
    expect(whole).toBeGreaterThan(0.3)
    for (const [q, words] of [
      ['Was the mean NDVI of 2019-06-26 below 0.2?', 'below 0.2'],
      ['For the memo: is the mean NDVI on 2019-06-26 greater than 0.6?', 'greater than 0.6'],
      ['pls tell me whether the average ndvi of 2019-06-26 exceeded 0.6', 'exceeded 0.6'],
      ['Did any 2019 date have a mean LST above 300 K?', 'above 300 K'],
    ]) {
      const refusal = plannedRefusal(q, ndvi)
      expect(refusal, q).toContain(words)
      expect(refusal, q).toMatch(/yes\/no comparison of the result/)
    }
  })

  it('stays the criterion of a count of dates said in the same sentence', () => {
    const spec = readTask({ question: 'How many dates in 2019, if any, had a mean LST above 300 K?' })
    expect(spec.quantity.statistic).toBe('count_dates')
    expect(spec.conditions).toMatchObject([{ variable: 'lst', op: '>', value: 300 }])
  })

  it("is rejected by the verifier when a DAG keeps only the pixels on one side (the planner's DAG for a mask)", async () => {
    const masked = await planExecute('What is the mean NDVI of the pixels below 0.2 on 2019-06-26?', ndvi, { artifacts: store.dir })
    if (masked.refusal !== null) throw new Error(masked.refusal)
    const findings = checkProvenance('Was the mean NDVI of 2019-06-26 below 0.2?', masked.wf.args, masked.result.evidence, masked.result.observation)
    expect(findings.filter((f) => f.severity === 'reject').map((f) => f.message)).toEqual([expect.stringMatching(/compares its result with .*0\.2/)])
  }, 120_000)

  it('leaves a range said after the statistic in a question that asks the value a restriction of the pixels', async () => {
    await answeredWithin('What is the mean NDVI between 0 and 1 on 2019-06-26?', ndvi, [ndviMean('2019-06-26', [0, 1])], 1e-6, store.dir)
  }, 120_000)
})

describe('QA classes listed after one exclusion word, each perhaps restated by its bit', () => {
  const REFS_12 = references('references-12.json')
  const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
  const cloud = (q: string) => readTask({ question: q }).conditions.filter((c) => c.variable === 'cloud')

  it('leaves every class of the list out, for both readers', () => {
    for (const q of [
      // "cloud pixels" after "fill (BQA bit 0) and" had been read as selected: the mean of the cloudy pixels.
      'Mean TOA NDVI of the 2017-08-13 Landsat scene, excluding fill (BQA bit 0) and cloud pixels.',
      'Mean TOA NDVI of the 2017-08-13 Landsat scene; mask out fill (BQA bit 0) and cloud (BQA bit 4).',
      '- data: Landsat 8, 2017-08-13\n- mask out: fill (BQA bit 0), cloud (BQA bit 4)\n- statistic: mean TOA NDVI',
    ]) {
      expect(cloud(q), q).toMatchObject([{ negated: true }])
      expect(
        readQuestion(q).conditions.filter((c) => c.variable === 'cloud'),
        q,
      ).toMatchObject([{ negated: true }])
    }
  })

  it('refuses a land-cover class in the list, naming it, rather than dropping it unread', () => {
    const blocking = (q: string) => (readTask({ question: q }).notUnderstood ?? []).filter((n) => n.blocking).map((n) => n.text)
    expect(
      blocking('- data: Landsat 8 scene 2017-08-13\n- mask out: clouds (BQA bit 4), fill (bit 0) and the built-up area\n- statistic: mean TOA NDVI'),
    ).toEqual(['built-up'])
    expect(blocking('mean TOA NDVI of the Landsat scene, excluding clouds and the forest')).toEqual(['forest'])
    // A QA class left out beside it defines no land cover.
    expect(blocking('mean TOA NDVI of the Landsat scene; mask out clouds and urban pixels')).toEqual(['urban pixels'])
    // A class given as the reason for what is left out is no item of the list.
    expect(blocking('mean NDVI of 2019-06-26, leave out negative NDVI values, they are water')).toEqual([])
  })

  it("answers with set 12's GDAL reference, not its cloudy-only misreading", async () => {
    const c2 = REFS_12.c2 as DevReference & { misreadings: Record<string, number> }
    expect(Math.abs(c2.value - c2.misreadings.cloudy_only)).toBeGreaterThan(0.1)
    await answeredWithin(
      'Mean TOA NDVI (no sun-elevation correction) of the 2017-08-13 Landsat scene, excluding fill (BQA bit 0) and cloud pixels.',
      [LANDSAT],
      [c2.value],
      c2.tolerance,
      store.dir,
    )
  }, 180_000)
})
