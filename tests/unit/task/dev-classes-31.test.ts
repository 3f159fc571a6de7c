/**
 * Classes from the blind development sets read in session 31, on real data, with phrasings of this file's own
 * ([own]). References: the q46 rasters decoded here with geotiff.js (tests/helpers/independent-stats.ts; LST = DN x
 * 0.02 K with DN 0 no data, NDVI = DN x 0.0001 with its nodata tag), never by the code under test. A part of the image
 * holds the pixels whose centre lies inside it (the west half: columns whose centre is left of the middle; the
 * top-right cell of a 3 x 3 grid: centre in the top third of the rows and the right third of the columns).
 *
 * - A pooled order statistic or standard deviation of a part of the image over several dates ("p90 of the west half,
 *   both dates pooled into one sample") had been refused ("a pooled percentile is taken over whole images"): it is
 *   one statistic over the part's valid pixels of every date together.
 * - "mean per date, then the highest of those means": the verifier had read no maximum in "the highest of those
 *   means" (a question naming dates may ask for a date there) and asked for the mean of the means instead, so the
 *   right value was not answered; an extreme right before "of those/the per-date means" is a statistic.
 * - A part's kind said again alone ("the per-date quadrant means", "the quadrant's valid pixels") after one part of
 *   that kind was read had blocked as a part the reader could not place; "SE-quadrant" (hyphen) was not read; a month
 *   range after its year and a comma ("2019 dates, Apr-Oct") was not placed. All three are read now (not a plural
 *   "the other three quadrants", nor a range after a year when the question names another year).
 * - Dates of a month set aside with their count ("except the two April ones", "without the two dates in April") had
 *   blocked; the month is left out of the period, and the answer's words say "without April".
 * - "population standard deviation (ddof 0)" names the statistic computed; the sample standard deviation ("sample
 *   std", "ddof=1") is not computed, and is refused naming its words (the population one had been answered).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { answeredWithin, planExecuteAnswered, plannedRefusal } from '../../helpers/plan-execute'
import { readTask } from '../../../main/task/read-task'
import { decode, percentile, std } from '../../helpers/independent-stats'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-dev-classes-31-')
afterAll(() => store.cleanup())

const file = (date: string, layer: 'LST' | 'NDVI') => path.join(FIXTURES.Q46_FILES, `Xinjiang_${date}_${layer}.tif`)

/** The valid values of a layer whose pixel centre (col + 0.5, row + 0.5), as fractions of the grid, lies in the box. */
async function inPart(date: string, layer: 'LST' | 'NDVI', cols: [number, number], rows: [number, number]): Promise<number[]> {
  const { data, width, height } = await decode(file(date, layer), layer === 'LST' ? 0.02 : 0.0001)
  const out: number[] = []
  for (let r = 0; r < height; r++) {
    const y = (r + 0.5) / height
    if (y < rows[0] || y >= rows[1]) continue
    for (let c = 0; c < width; c++) {
      const x = (c + 0.5) / width
      if (x < cols[0] || x >= cols[1]) continue
      const v = data[r * width + c]
      if (v === v && (layer === 'NDVI' || v > 0)) out.push(v)
    }
  }
  return out
}

describe('a pooled statistic of a part of the image over several dates', () => {
  it('is one percentile or standard deviation over the part pixels of every date together', async () => {
    const may = [...(await inPart('2019-05-09', 'LST', [0, 0.5], [0, 1])), ...(await inPart('2019-05-25', 'LST', [0, 0.5], [0, 1]))]
    const p90F = (percentile(may, 90) - 273.15) * 1.8 + 32
    const perDate = [await inPart('2019-05-09', 'LST', [0, 0.5], [0, 1]), await inPart('2019-05-25', 'LST', [0, 0.5], [0, 1])].map((v) => percentile(v, 90))
    // The pooled value is not the mean of the per-date percentiles, so the test tells them apart.
    expect(Math.abs(p90F - (((perDate[0] + perDate[1]) / 2 - 273.15) * 1.8 + 32))).toBeGreaterThan(0.01)
    const lstFiles = [file('2019-05-09', 'LST'), file('2019-05-25', 'LST')]
    await answeredWithin('p90 LST, west half, May 2019 (both dates pooled into one sample), °F.', lstFiles, [p90F], 1e-3, store.dir)

    const jan = [...(await inPart('2019-01-01', 'LST', [0, 1], [0, 0.5])), ...(await inPart('2019-01-17', 'LST', [0, 1], [0, 0.5]))]
    const janFiles = [file('2019-01-01', 'LST'), file('2019-01-17', 'LST'), file('2019-02-02', 'LST')]
    await answeredWithin(
      'Pooling every pixel of January 2019, what is the median LST in the northern half of the image?',
      janFiles,
      [percentile(jan, 50)],
      1e-6,
      store.dir,
    )

    const cell: [[number, number], [number, number]] = [
      [2 / 3, 1],
      [0, 1 / 3],
    ]
    const july = [...(await inPart('2019-07-12', 'NDVI', ...cell)), ...(await inPart('2019-07-28', 'NDVI', ...cell))]
    const ndviFiles = [file('2019-07-12', 'NDVI'), file('2019-07-28', 'NDVI')]
    await answeredWithin(
      'Top-right cell of a 3 x 3 grid, NDVI, both July 2019 acquisitions pooled into one sample: population standard deviation (ddof 0)?',
      ndviFiles,
      [std(july)],
      1e-6,
      store.dir,
    )
  }, 180_000)
})

describe('an extreme of the per-date values said after them', () => {
  it('"mean per date, then the highest of those means" is the largest per-date mean', async () => {
    const dates = ['2019-09-14', '2019-09-30', '2019-10-16', '2019-11-01', '2019-11-17']
    const means: number[] = []
    for (const d of dates) {
      const v = await inPart(d, 'LST', [0, 0.5], [0, 1])
      if (v.length) means.push(v.reduce((a, x) => a + x, 0) / v.length)
    }
    const avg = means.reduce((a, x) => a + x, 0) / means.length
    expect(Math.max(...means) - avg).toBeGreaterThan(0.1)
    await answeredWithin(
      'LST of Sep-Nov 2019, western half: take the mean per date, then the highest of those means (K).',
      dates.map((d) => file(d, 'LST')),
      [Math.max(...means)],
      1e-3,
      store.dir,
    )
  }, 120_000)
})

describe('a part named again by its kind, and a month range after its year', () => {
  it('"2019 dates, Apr-Oct, whose SE-quadrant mean ..." and "the quadrant\'s valid pixels" count the dates of that part', async () => {
    // The LST dates of April to October 2019 among task 46's files.
    const DATES = fs
      .readdirSync(FIXTURES.Q46_FILES)
      .map((f) => /_(2019-(0[4-9]|10)-\d\d)_LST\.tif$/.exec(f)?.[1])
      .filter((d): d is string => d !== undefined)
      .sort()
    expect(DATES.length).toBe(13)
    let count = 0
    for (const d of DATES) {
      const v = await inPart(d, 'LST', [0.5, 1], [0.5, 1])
      if (v.length && v.reduce((a, x) => a + x, 0) / v.length > 273.15 + 27) count++
    }
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThan(DATES.length)
    const files = ['2019-03-22', ...DATES, '2019-11-01'].map((d) => file(d, 'LST'))
    await answeredWithin('count of 2019 dates, Apr-Oct, whose SE-quadrant mean LST > 27 °C.', files, [count], 0, store.dir)
    await answeredWithin(
      "How many of the 2019 acquisitions from April to October have a mean LST above 27 °C in the lower-right quadrant? Each date's mean is taken over the quadrant's valid pixels.",
      files,
      [count],
      0,
      store.dir,
    )
  }, 180_000)

  it('does not take a range after a year for the year of another period, nor a plural "quadrants" for the part read', () => {
    const files = ['2019-06-10', '2019-07-12', '2019-08-13'].map((d) => file(d, 'LST'))
    expect(plannedRefusal('mean LST 2018 vs 2019, June-August', files)).not.toBeNull()
    const rest = plannedRefusal('On 13 August 2019, mean LST of the NE quadrant minus that of the other three quadrants?', [file('2019-08-13', 'LST')])
    expect(rest).toContain('"quadrant"')
  })
})

describe('dates of a month set aside from a period, with their count', () => {
  it('"1 March to 30 June 2019 without the two dates in April" leaves April out, and the answer says so', async () => {
    const kept = ['2019-03-06', '2019-03-22', '2019-05-09', '2019-05-25', '2019-06-10', '2019-06-26']
    const means: number[] = []
    for (const d of kept) {
      const v = await inPart(d, 'LST', [2 / 3, 1], [2 / 3, 1])
      means.push(v.reduce((a, x) => a + x, 0) / v.length)
    }
    means.sort((a, b) => a - b)
    const median = (means[2] + means[3]) / 2
    const files = [...kept, '2019-04-07', '2019-04-23'].sort().map((d) => file(d, 'LST'))
    for (const q of [
      'Mean LST per date of the lower-right cell of a 3 x 3 grid, 1 March to 30 June 2019 without the two dates in April; the median of those per-date means, in K.',
      'every acquisition from 1 march to 30 june 2019 except the two april ones: mean lst per date in the bottom-right cell of a 3x3 grid, then the median of those per-date means (kelvin)',
    ]) {
      await answeredWithin(q, files, [median], 1e-3, store.dir)
      const out = await planExecuteAnswered(q, files, { artifacts: store.dir, provenance: true })
      expect(out.wf.describe, q).toMatch(/without April/)
    }
  }, 180_000)

  it("takes a day before a month for the day set aside, not for a count of the month's dates", () => {
    for (const q of ['mean LST of June-August 2019 excluding the 12 July scene', 'mean LST of every June-August 2019 acquisition except 12 July']) {
      const periods = readTask({ question: q }).periods
      // The day splits the period; July's other dates stay in.
      expect(
        periods.some((p) => p.start <= '2019-07-28' && p.end >= '2019-07-28' && !(p.months && !p.months.includes(7))),
        q,
      ).toBe(true)
      expect(
        periods.some((p) => p.start <= '2019-07-12' && p.end >= '2019-07-12' && !(p.months && !p.months.includes(7))),
        q,
      ).toBe(false)
    }
  })
})

describe('the sample standard deviation', () => {
  it('is refused naming its words, where "ddof 0" is answered', () => {
    const files = [file('2019-07-12', 'NDVI')]
    for (const [q, words] of [
      ['What is the sample standard deviation of NDVI on 2019-07-12?', 'sample standard deviation'],
      ['NDVI 2019-07-12: std with ddof=1 please', 'ddof=1'],
    ] as const) {
      const refusal = plannedRefusal(q, files)
      expect(refusal, q).toContain(`"${words}"`)
      expect(refusal, q).toMatch(/sample standard deviation \(ddof 1\)/)
    }
    expect(plannedRefusal('NDVI 2019-07-12: std (ddof 0) please', files)).toBeNull()
  })
})
