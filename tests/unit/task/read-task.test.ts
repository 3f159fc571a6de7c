import { describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import { blockingPhrases, refusalOf, TaskSpec } from '../../../main/task/spec'

const read = (question: string, options: string[] = []) => readTask({ question, options: options.map((text, i) => ({ letter: String.fromCharCode(65 + i), text })) })

describe('the task reader', () => {
  it('reads the statistic asked, with no default', () => {
    expect(read('What is the median TVDI in 2019?').quantity.statistic).toBe('median')
    expect(read('Give the standard deviation of LST in July 2019.').quantity.statistic).toBe('std')
    expect(read('What is the 95th percentile of NDVI?').quantity).toMatchObject({ statistic: 'percentile', percentile: 95 })
    expect(read('What is the lower quartile of LST?').quantity).toMatchObject({ statistic: 'percentile', percentile: 25 })
    expect(read('How many pixels had TVDI above 0.9 on 2019-07-12?').quantity.statistic).toBe('count_pixels')
    expect(read('On how many dates did the mean LST exceed 300 K in 2019?').quantity.statistic).toBe('count_dates')
    expect(read('What percentage of the area had TVDI above 0.7?').quantity.statistic).toBe('fraction')
    expect(read('What is the trend of NDVI from 2015 to 2020, and is it significant?').quantity).toMatchObject({ statistic: 'trend', significance: true })
    expect(read('On which date was the mean LST highest in 2019?').quantity.statistic).toBe('date_of_max')
    expect(read('What is the LST in 2019?').quantity.statistic).toBeNull()
    // The label every option shares names it when the question does not.
    expect(read('What was the TVDI in 2019?', ['Annual Mean TVDI: 0.71', 'Annual Mean TVDI: 0.69']).quantity.statistic).toBe('mean')
  })

  it('reads conditions: comparisons, ranges in several forms, units, and the area condition', () => {
    expect(read('mean LST for pixels with NDVI between 0.2 and 0.5').conditions).toEqual([{ variable: 'ndvi', op: 'between', low: 0.2, high: 0.5, unit: null, text: 'NDVI between 0.2 and 0.5', variableKind: 'index' }])
    expect(read('mean LST where 0.2 <= NDVI <= 0.5').conditions[0]).toMatchObject({ variable: 'ndvi', op: 'between', low: 0.2, high: 0.5 })
    expect(read('mean LST for NDVI values from 0.1 to 0.4').conditions[0]).toMatchObject({ variable: 'ndvi', op: 'between', low: 0.1, high: 0.4 })
    expect(read('share of pixels with LST above 30 °C').conditions[0]).toMatchObject({ variable: 'lst', op: '>', value: 30, unit: 'degC' })
    expect(read('share of pixels with NDVI at least 0.3').conditions[0]).toMatchObject({ op: '>=', value: 0.3 })
    const s = read('How many dates had TVDI > 0.7 over more than 40% of the area in 2019?')
    expect(s.areaCondition).toEqual({ op: '>', value: 0.4 })
    expect(s.conditions).toHaveLength(1)
  })

  it('reads regions: halves, quadrants, pixel boxes, rows and columns, polygon files', () => {
    expect(read('mean TVDI for the northern half of the image').region).toMatchObject({ kind: 'part', part: 'north' })
    expect(read('mean LST in the bottom half').region).toMatchObject({ kind: 'part', part: 'south' })
    expect(read('mean LST in the upper-right quadrant').region).toMatchObject({ kind: 'part', part: 'northeast' })
    expect(read('mean NDVI inside the pixel box [0, 0, 100, 50]').region).toMatchObject({ kind: 'bbox', bbox: [0, 0, 100, 50], crs: 'pixel' })
    expect(read('mean NDVI inside the bounding box [500000, 4000000, 501000, 4001000]').region).toMatchObject({ kind: 'bbox', crs: 'map' })
    expect(read('mean NDVI for rows 10-19 and columns 0-9').region).toMatchObject({ kind: 'bbox', bbox: [0, 10, 10, 20], crs: 'pixel' })
    expect(read('mean NDVI within the polygon in fields.geojson').region).toMatchObject({ kind: 'polygon_file', file: 'fields.geojson' })
  })

  it('reads periods, quarters and month ranges in numeric form, pooling and the unit wanted', () => {
    expect(read('mean TVDI in the first quarter of 2019').periods.map((p) => [p.start, p.end])).toEqual([['2019-01-01', '2019-03-31']])
    expect(read('mean TVDI between 03/2019 and 05/2019').periods.map((p) => [p.start, p.end])).toEqual([['2019-03-01', '2019-05-31']])
    expect(read('the pooled mean LST over all pixels of all dates in 2019').pooling).toBe('pooled')
    expect(read('the mean LST in 2019').pooling).toBe('per_date')
    expect(read('the mean LST in 2019 in degrees Celsius').unit).toBe('degC')
    expect(read('the share of pixels above 300 K, as a percentage').unit).toBe('percent')
  })

  it('lists what it does not understand, blocking only what could change the value', () => {
    // Read now (the centre as a grid band, a negated QA-class mask), and refused by name by a planner that does not compute them.
    const s = read('What is the mean LST of the central part of the image, excluding cloudy pixels, in 2019?')
    expect(s.region).toMatchObject({ kind: 'grid', rows: [0.25, 0.75], cols: [0.25, 0.75] })
    expect(s.conditions).toEqual([expect.objectContaining({ variable: 'cloud', variableKind: 'qa_class', negated: true })])
    expect(refusalOf(s)).toMatch(/^The question was read, but this planner does not compute every part of it(?=.*"central part of the image" \(a part of the image other than a half or quadrant\))(?=.*"excluding cloudy pixels" \(a QA-class mask\))/)
    expect(refusalOf(s, ['grid_region', 'qa_class_condition'])).toBeNull()
    const unread = read('What is the mean LST of the image edges, with a weighted mean, in 2019?')
    expect(blockingPhrases(unread).map((n) => n.text).join(' ')).toMatch(/weighted/)
    expect(refusalOf(unread)).toMatch(/^The question could not be read completely, so nothing was computed: .*"weighted/)
    // A part of the image named without a half or quadrant: a count or mean over the whole image would be another quantity.
    expect(blockingPhrases(read('Count the cars in the parking lot at the bottom of the image.')).map((n) => n.text)).toEqual(['bottom of the image'])
    expect(blockingPhrases(read('What is the mean NDVI in the top-left corner of the image?')).map((n) => n.text)).toContain('top-left corner')
    // Context words are listed, not blocking.
    const context = read('Farmers near Urumqi worry about drought. What is the mean TVDI in 2019?')
    expect(blockingPhrases(context)).toEqual([])
    expect(context.notUnderstood.map((n) => n.text).join(' ')).toMatch(/Farmers/)
    expect(refusalOf(context)).toBeNull()
  })

  it('gives a spec the zod schema accepts, also for every Earth-Bench-like phrasing', () => {
    for (const q of ['What is the median TVDI in 2019?', 'Count the ships in the harbour.', 'What is the trend of LST between 2015 and 2020?', 'Describe the scene.']) {
      expect(TaskSpec.safeParse(read(q)).success).toBe(true)
    }
    expect(read('How many ships are in the harbour?').subjects[0]).toBe('ship')
  })
})
