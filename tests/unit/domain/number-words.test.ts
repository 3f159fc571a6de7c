/**
 * Numbers said in words (a dictated question) are written as digits before the parsers read the question, and words
 * that are not values stay as written. Expectations are the plain English reading of each phrase.
 */
import { describe, expect, it } from 'vitest'
import { parseQuestion } from '../../../main/domain/spans'
import { spelledNumbers } from '../../../main/domain/spans/number-words'

describe('numbers said in words', () => {
  it('writes cardinals, decimals, spoken years and ordinal days as digits', () => {
    const cases: [string, string][] = [
      ['LST above thirty degrees celsius', 'LST above 30 degrees celsius'],
      ['NDVI over zero point three', 'NDVI over 0.3'],
      ['a threshold of point zero five', 'a threshold of 0.05'],
      ['one point five kelvin', '1.5 kelvin'],
      ['three hundred and ten kelvin', '310 kelvin'],
      ['twenty five percent of the pixels', '25 percent of the pixels'],
      ['forty-two thousand pixels', '42000 pixels'],
      ['in twenty nineteen', 'in 2019'],
      ['from two thousand and eighteen', 'from 2018'],
      ['nineteen ninety-nine', '1999'],
      ['twenty twenty three', '2023'],
      ['on the fifth of July', 'on the 5th of July'],
      ['on July twenty-third', 'on July 23rd'],
      ['the thirty-first of December', 'the 31st of December'],
      ['band five minus band four', 'band 5 minus band 4'],
      ['between five and ten percent', 'between 5 and 10 percent'],
      ['NDWI above zero.', 'NDWI above 0.'],
      ['NDVI between zero and 0.3', 'NDVI between 0 and 0.3'],
    ]
    for (const [said, written] of cases) expect(spelledNumbers(said), said).toBe(written)
  })

  it('leaves words that are not values as written', () => {
    for (const q of [
      'at least one pixel',
      'which one has the lowest mean',
      'compare the two dates',
      'the upper two thirds of the image',
      'the second half of July',
      'a hundred ways',
      'five five',
      'over two vertically aligned regions',
      'more than three dates',
    ])
      expect(spelledNumbers(q), q).toBe(q)
  })

  it('is read by the parsers: a threshold and a year said in words', () => {
    const spans = parseQuestion('how many dates in twenty nineteen have a median LST above thirty degrees celsius').spans
    const cond = spans.find((s) => s.type === 'condition')
    expect(cond && cond.type === 'condition' ? [cond.op, cond.value, cond.unit] : null).toEqual(['>', 30, 'degC'])
    const period = spans.find((s) => s.type === 'period')
    expect(period && period.type === 'period' ? [period.start, period.last] : null).toEqual(['2019-01-01', '2019-12-31'])
  })
})
