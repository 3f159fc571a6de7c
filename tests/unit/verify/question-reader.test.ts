/**
 * The verifier's own question reader: what an observation must show, read from the question alone. Each case is
 * a phrase of issue 8's table or a variant, with what the reader must find and what it must not invent.
 */
import { describe, expect, it } from 'vitest'
import { readQuestion } from '../../../main/verify/question-reader/index'

const stat = (q: string) => readQuestion(q).statistics.map((s) => (s.kind === 'percentile' ? `p${s.p}` : s.kind))

describe('statistics', () => {
  it.each([
    ['What was the median TVDI in 2019?', ['median']],
    ['What is the standard deviation of LST in July 2019?', ['std']],
    ['What was the 90th percentile of LST in summer 2020?', ['p90']],
    ['Give the upper quartile of NDVI.', ['p75']],
    ['How many pixels had TVDI above 0.9 in 2019?', ['pixel_count']],
    ['How many scenes were acquired in 2019?', ['date_count']],
    ['What percentage of the area had NDVI above 0.3?', ['fraction']],
    ['Analyze the percentage of areas where TVDI exceeds 0.7.', ['fraction']],
    ['What is the maximum LST in August 2019?', ['max']],
    ['What is the Sen slope of annual mean NDVI from 2014 to 2023?', ['mean', 'trend']],
    ['What was the average TVDI of 2019?', ['mean']],
  ])('%s', (q, kinds) => {
    expect(stat(q).sort()).toEqual([...kinds].sort())
  })

  it('does not read a percentage change as a share of pixels, nor a total area as a sum', () => {
    expect(stat('What was the percentage change of NDVI between 2019 and 2020?')).toEqual([])
    expect(stat('What is the total area of water?')).toEqual([])
  })

  it('reports a statistic word it cannot check instead of guessing', () => {
    const d = readQuestion('What was the typical LST in July 2019?')
    expect(d.statistics).toEqual([])
    expect(d.unchecked).toEqual(["the statistic word 'typical'"])
  })
})

describe('pixel conditions', () => {
  it('reads ranges and thresholds tied to pixels', () => {
    expect(readQuestion('What was the mean LST for pixels with NDVI between 0.2 and 0.5 in 2019?').conditions).toMatchObject([{ variable: 'ndvi', op: 'between', low: 0.2, high: 0.5 }])
    expect(readQuestion('How many pixels had TVDI above 0.9?').conditions).toMatchObject([{ variable: 'tvdi', op: '>', value: 0.9, inclusive: false }])
    expect(readQuestion('What share of the land has NDVI of at least 0.4?').conditions).toMatchObject([{ variable: 'ndvi', op: '>', value: 0.4, inclusive: true }])
    expect(readQuestion('Mean NDVI over areas where LST exceeds 310 K').conditions).toMatchObject([{ variable: 'lst', op: '>', value: 310, unit: 'K' }])
    expect(readQuestion('What fraction of pixels exceed a TVDI of 0.8?').conditions).toMatchObject([{ variable: 'tvdi', op: '>', value: 0.8 }])
  })

  it('does not read a comparison of the result, or a selection of dates, as a mask', () => {
    expect(readQuestion('Was the mean LST above 300 K in July 2019?').conditions).toEqual([])
    expect(readQuestion('How many days in July 2019 had a mean LST above 300 K?').conditions).toEqual([])
    // ... but a share of the area inside a date count is still a pixel condition, and the dates are no unit 'count'.
    const d = readQuestion('How many dates in July 2019 had more than 40% of the area with TVDI above 0.7?')
    expect(d.conditions).toMatchObject([{ variable: 'tvdi', op: '>', value: 0.7 }])
    expect(d.unit).toBeNull()
  })

  it('reports a pixel condition without a threshold as unchecked', () => {
    expect(readQuestion('What is the mean LST of pixels with high NDVI?').unchecked).toEqual(["the condition 'pixels with high NDVI' (no threshold given)"])
  })
})

describe('region, unit, pooling, periods', () => {
  it('reads halves, quadrants and pixel boxes, north up', () => {
    expect(readQuestion('mean TVDI for the northern half of the image').region).toMatchObject({ kind: 'part', part: { x0: 0, x1: 1, y0: 0, y1: 0.5 } })
    expect(readQuestion('mean LST in the lower-left quadrant').region).toMatchObject({ kind: 'part', part: { x0: 0, x1: 0.5, y0: 0.5, y1: 1 } })
    expect(readQuestion('mean LST in the NE quadrant').region).toMatchObject({ kind: 'part', part: { x0: 0.5, x1: 1, y0: 0, y1: 0.5 } })
    expect(readQuestion('mean NDVI over rows 0 to 49 and columns 10-60').region).toMatchObject({ kind: 'box', rows: [0, 49], cols: [10, 60] })
    expect(readQuestion('mean NDVI inside fields.geojson').region).toMatchObject({ kind: 'polygon', file: 'fields.geojson' })
    expect(readQuestion('mean TVDI in the first quarter of 2019').region).toBeNull()
  })

  it('reads the unit asked', () => {
    expect(readQuestion('What was the mean LST in degrees Celsius?').unit?.unit).toBe('degC')
    expect(readQuestion('mean LST (°C) in July').unit?.unit).toBe('degC')
    expect(readQuestion('mean LST in kelvin').unit?.unit).toBe('K')
    expect(readQuestion('What percentage of pixels had TVDI above 0.6?').unit?.unit).toBe('percent')
    expect(readQuestion('How many pixels had TVDI above 0.9?').unit?.unit).toBe('count')
    expect(readQuestion('What was the mean NDVI?').unit).toBeNull()
  })

  it('reads pooling', () => {
    expect(readQuestion('the mean of the daily means of TVDI in 2019').pooling).toBe('per_date')
    expect(readQuestion('the median over all pixels of all dates in 2019').pooling).toBe('pooled')
    expect(readQuestion('the mean TVDI in 2019').pooling).toBeNull()
  })

  it('reads quarters and numeric month ranges as their months, not as the whole year', () => {
    const span = (q: string) => readQuestion(q).periods.map((p) => [p.start, p.end])
    expect(span('mean TVDI in the first quarter of 2019')).toEqual([['2019-01-01', '2019-03-31']])
    expect(span('mean TVDI between 03/2019 and 05/2019')).toEqual([['2019-03-01', '2019-05-31']])
    expect(span('mean TVDI from 2019-03 to 2019-05')).toEqual([['2019-03-01', '2019-05-31']])
    expect(span('How much did TVDI change between March 2019 and August 2019?')).toEqual([['2019-03-01', '2019-03-31'], ['2019-08-01', '2019-08-31']])
  })
})
