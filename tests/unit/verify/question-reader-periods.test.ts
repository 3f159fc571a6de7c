import { describe, expect, it } from 'vitest'
import { extractPeriods, spanOf } from '../../../main/verify/question-reader/periods'

const ranges = (q: string) => extractPeriods(q).map((p) => [p.start, p.end, p.granularity])

describe('extractPeriods', () => {
  it.each([
    ['in 2019, calculate', [['2019-01-01', '2019-12-31', 'year']]],
    ['in February 2022', [['2022-02-01', '2022-02-28', 'month']]],
    ['On July 12, 2022, researchers', [['2022-07-12', '2022-07-12', 'day']]],
    ['from June to September 2023', [['2023-06-01', '2023-09-30', 'month']]],
    ['between 2019 and 2023', [['2019-01-01', '2023-12-31', 'years']]],
    ['from June 1 to September 30, 2019', [['2019-06-01', '2019-09-30', 'day']]],
    ['during July 20–29, 2023.', [['2023-07-20', '2023-07-29', 'day']]],
    ['summer 2022', [['2022-06-01', '2022-08-31', 'season']]],
    ['winter 2020', [['2020-12-01', '2021-02-28', 'season']]],
    ['June 2020 and June 2021', [['2020-06-01', '2020-06-30', 'month'], ['2021-06-01', '2021-06-30', 'month']]],
    ['during July of 2015 and 2023', [['2015-07-01', '2015-07-31', 'month'], ['2023-07-01', '2023-07-31', 'month']]],
    ['February 2024', [['2024-02-01', '2024-02-29', 'month']]],
  ])('%s', (q, expected) => {
    expect(ranges(q)).toEqual(expected)
  })

  it.each([
    // Two months joined by "and" are two periods; only "between ... and ..." spans the months in between.
    ['in June and August 2023 over the basin', [['2023-06-01', '2023-06-30', 'month'], ['2023-08-01', '2023-08-31', 'month']]],
    ['from June and August 2021 in the valley', [['2021-06-01', '2021-06-30', 'month'], ['2021-08-01', '2021-08-31', 'month']]],
    ['between June and August 2023', [['2023-06-01', '2023-08-31', 'month']]],
    ['in 2013 and 2019', [['2013-01-01', '2013-12-31', 'year'], ['2019-01-01', '2019-12-31', 'year']]],
    ['between 2013 and 2019', [['2013-01-01', '2019-12-31', 'years']]],
    ['for June–July of 2020 and 2021, estimate', [['2020-06-01', '2020-07-31', 'month'], ['2021-06-01', '2021-07-31', 'month']]],
    ['for July 5th of 2015 and 2023, calculate', [['2015-07-05', '2015-07-05', 'day'], ['2023-07-05', '2023-07-05', 'day']]],
    ['between 2013 and 2018 (January-April) to assess', [['2013-01-01', '2013-04-30', 'month'], ['2018-01-01', '2018-04-30', 'month']]],
    ['data in 2022 over the city, then the average LST for summer and autumn, and their difference', [['2022-06-01', '2022-08-31', 'season'], ['2022-09-01', '2022-11-30', 'season']]],
    ['For 2023, derive averages for spring, summer, autumn, and winter, then the difference between summer and winter', [['2023-06-01', '2023-08-31', 'season'], ['2023-12-01', '2024-02-29', 'season']]],
    ['compare summer 2019 and winter 2020', [['2019-06-01', '2019-08-31', 'season'], ['2020-12-01', '2021-02-28', 'season']]],
    ['summer and autumn between 2019 and 2021', [['2019-01-01', '2021-12-31', 'years']]],
    ['in June and July of 2020 and 2021, first', [['2020-06-01', '2020-07-31', 'month'], ['2021-06-01', '2021-07-31', 'month']]],
    // Quarters and halves of a year.
    ['NDVI for Coral Gables (Q1 vs. Q3 2021), calculate', [['2021-01-01', '2021-03-31', 'month'], ['2021-07-01', '2021-09-30', 'month']]],
    ['from Q1 and Q3 of 2021', [['2021-01-01', '2021-03-31', 'month'], ['2021-07-01', '2021-09-30', 'month']]],
    ['dynamics during Q4 2024.', [['2024-10-01', '2024-12-31', 'month']]],
    ['the first half of 2013 and the second half of 2019', [['2013-01-01', '2013-06-30', 'month'], ['2019-07-01', '2019-12-31', 'month']]],
    // A bracketed month range borrows the year named beside it, and that year is not read again on its own.
    ['during the 2021 heatwave season (June–September), first', [['2021-06-01', '2021-09-30', 'month']]],
    ['during the 2021 heatwave season (June-September), calculate', [['2021-06-01', '2021-09-30', 'month']]],
    ['during the summer months (June to August) of 2021 using', [['2021-06-01', '2021-08-31', 'month']]],
  ])('period family: %s', (q, expected) => {
    expect(ranges(q)).toEqual(expected)
  })

  it('reads a day once, not also as its year', () => {
    expect(extractPeriods('On August 13, 2022 in Chengdu')).toHaveLength(1)
  })

  it('finds nothing in a question without dates, and spans several periods', () => {
    expect(extractPeriods('How many ships are in the harbour?')).toEqual([])
    expect(spanOf(extractPeriods('June 2020 and June 2021'))).toEqual({ start: '2020-06-01', end: '2021-06-30' })
  })
})
