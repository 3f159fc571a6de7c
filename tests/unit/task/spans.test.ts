/**
 * The span parser and the coverage ledger over the lexicon, by the classes of issue 15's table: units in
 * thresholds, negation, regions (thirds, centre, lon/lat and CRS boxes, pixel windows), periods across a year
 * boundary, month pairs, the growing season and the water year, series granularity, the order of statistics,
 * answer units, and context sentences that must not block. Expected dates come from the calendar (Date.UTC in the
 * test), not from the parser.
 */
import { describe, expect, it } from 'vitest'
import { UNITS } from '../../../main/domain/lexicon'
import { all, first, ledgerOf, parseQuestion } from '../../../main/domain/spans'
import { readTask } from '../../../main/task/read-task'
import { blockingPhrases, featuresOf } from '../../../main/task/spec'

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
const periods = (q: string) => all(parseQuestion(q).spans, 'period').map((p) => [p.start, p.last, ...(p.months ? [p.months.join(',')] : [])])

describe('periods', () => {
  it('a winter across a year boundary, month pairs, named spans, recurring seasons', () => {
    expect(periods('mean LST in winter 2019/20')).toEqual([[iso(2019, 12, 1), iso(2020, 2, lastDay(2020, 2))]])
    expect(periods('mean LST from December 2019 to February 2020')).toEqual([[iso(2019, 12, 1), iso(2020, 2, lastDay(2020, 2))]])
    expect(periods('mean NDVI in Jan/Feb 2021')).toEqual([[iso(2021, 1, 1), iso(2021, 2, lastDay(2021, 2))]])
    expect(periods('mean NDVI over the growing season of 2019')).toEqual([[iso(2019, 4, 1), iso(2019, 10, 31)]])
    expect(periods('total precipitation in water year 2019')).toEqual([[iso(2018, 10, 1), iso(2019, 9, 30)]])
    expect(periods('mean LST in the summers of 2018-2020')).toEqual([[iso(2018, 6, 1), iso(2020, 8, 31), '6,7,8']])
    expect(periods('mean LST in austral summer 2019')).toEqual([[iso(2019, 12, 1), iso(2020, 2, lastDay(2020, 2))]])
    expect(periods('how much did NDVI change from March 2019 to May 2019')).toEqual([[iso(2019, 3, 1), iso(2019, 3, 31)], [iso(2019, 5, 1), iso(2019, 5, 31)]])
  })
})

describe('conditions', () => {
  it('reads units, negation, "not exceeding", outside and QA classes', () => {
    const c = (q: string) => all(parseQuestion(q).spans, 'condition').map(({ variable, op, value, low, high, unit, negated }) => ({ variable, op, value, low, high, unit, negated }))
    expect(c('share of pixels with LST above 86 °F')).toEqual([{ variable: 'lst', op: '>', value: 86, low: undefined, high: undefined, unit: 'degF', negated: false }])
    expect(c('mean LST of pixels with NDVI not exceeding 0.3')).toMatchObject([{ variable: 'ndvi', op: '<=', value: 0.3, negated: false }])
    expect(c('mean LST over pixels outside the NDVI range 0.2-0.5')).toMatchObject([{ variable: 'ndvi', op: 'outside', low: 0.2, high: 0.5 }])
    expect(c('mean LST excluding pixels with NDVI > 0.5')).toMatchObject([{ variable: 'ndvi', op: '>', value: 0.5, negated: true }])
    expect(c('mean NDVI excluding cloudy pixels')).toMatchObject([{ variable: 'cloud', negated: true }])
    expect(c('mean NDVI of cloud-free pixels')).toMatchObject([{ variable: 'cloud', negated: true }])
    // The conversion the compiler applies is the lexicon's: 86 °F is 303.15 K.
    const f = UNITS.find((u) => u.key === 'degF')!
    expect(86 * f.scale + f.offset).toBeCloseTo(((86 - 32) * 5) / 9 + 273.15, 9)
  })
})

describe('regions', () => {
  it('thirds, the centre, lon/lat and EPSG boxes, pixel windows', () => {
    const r = (q: string) => parseQuestion(q).spans.find((s) => s.type === 'part' || s.type === 'box')
    expect(r('mean LST in the northern third of the image')).toMatchObject({ type: 'part', rows: [0, 1 / 3], cols: [0, 1] })
    expect(r('mean LST in the central part of the image')).toMatchObject({ type: 'part', rows: [0.25, 0.75], cols: [0.25, 0.75] })
    expect(r('mean LST between longitude 114.2 and 114.6 and latitude 30.1 to 30.5')).toMatchObject({ type: 'box', bbox: [114.2, 30.1, 114.6, 30.5], srs: 'EPSG:4326' })
    expect(r('mean LST inside the box [-8950000, 3830000, -8940000, 3840000] in EPSG:3857')).toMatchObject({ type: 'box', crs: 'map', srs: 'EPSG:3857' })
    expect(r('mean NDVI over rows 0:100, cols 20:80')).toMatchObject({ type: 'box', crs: 'pixel', bbox: [20, 0, 80, 100] })
  })
})

describe('the spec composes', () => {
  it('series, the order of statistics, percent change, answer units', () => {
    expect(readTask({ question: 'What is the trend of monthly mean NDVI from 2015 to 2020?' }).series).toMatchObject({ granularity: 'monthly', perStep: 'mean' })
    const order = readTask({ question: 'What is the median of the per-date means of TVDI in 2019?' })
    expect([order.quantity.statistic, order.quantity.acrossDates]).toEqual(['mean', 'median'])
    expect(readTask({ question: 'What is the percent change of mean NDVI between July 2019 and July 2020?' }).quantity.combine).toBe('percent_change')
    expect(readTask({ question: 'What is the mean LST in 2020 in Fahrenheit?' }).unit).toBe('degF')
    expect(featuresOf(readTask({ question: 'What is the mean LST in 2020 in Fahrenheit?' })).map((f) => f.feature)).toEqual(['unit_degF'])
  })
})

describe('the coverage ledger', () => {
  it('a context clause does not block; an unplaced word that could change the value does, named', () => {
    const memo = readTask({ question: 'For a memo on the heatwave and its weekly impacts, what is the mean LST in July 2019?' })
    expect(blockingPhrases(memo)).toEqual([])
    const weekly = readTask({ question: 'What is the weekly mean LST in July 2019?' })
    expect(blockingPhrases(weekly).map((n) => n.text)).toEqual(['weekly'])
    const p = parseQuestion('What is the mean LST in July 2019 for the memo?')
    const ledger = ledgerOf(p, p.spans)
    expect(ledger.entries.filter((e) => e.by !== null).map((e) => e.word)).toEqual(expect.arrayContaining(['mean', 'LST', 'July', '2019']))
    expect(first(p.spans, 'statistic')?.key).toBe('mean')
  })
})
