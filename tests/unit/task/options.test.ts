import { describe, expect, it } from 'vitest'
import { nearestOption, numericOptions, optionsAreNumeric, percentIn, readOptions, sharedKey } from '../../../main/task/options'
import { answerFormatFor, parseOptions } from '../../../main/agent/task'

describe('answer options', () => {
  const q46 = parseOptions(
    'A. Annual Mean TVDI: 0.7123, Min: 0.0000, Max: 1.0000\nB. Annual Mean TVDI: 0.6897, Min: 0.0000, Max: 1.0000\nC. Annual Mean TVDI: 0.6543, Min: 0.0000, Max: 1.0000\nD. Annual Mean TVDI: 0.7245, Min: 0.0000, Max: 1.0000',
  )

  it('splits lettered options on lines, on one line, and with parentheses', () => {
    expect(q46.map((o) => o.letter)).toEqual(['A', 'B', 'C', 'D'])
    expect(q46[1].text).toBe('Annual Mean TVDI: 0.6897, Min: 0.0000, Max: 1.0000')
    expect(parseOptions('A) 12.87% B) 22.40% C) 28.07%').map((o) => o.text)).toEqual(['12.87%', '22.40%', '28.07%'])
    expect(parseOptions('(A) yes (B) no').map((o) => o.text)).toEqual(['yes', 'no'])
    expect(() => parseOptions('just one thing')).toThrow('at least two lettered options')
  })

  it('reads the keyed number of each option and matches a value to the nearest', () => {
    expect(sharedKey(q46)).toBe('Annual Mean TVDI')
    expect(numericOptions(q46).map((o) => o.value)).toEqual([0.7123, 0.6897, 0.6543, 0.7245])
    expect(nearestOption(q46, 0.68969)?.option.letter).toBe('B')
  })

  it('compares fractions with percent options and reads decreases as negative', () => {
    const pct = parseOptions('A. 12.87%\nB. 22.40%\nC. 28.07%\nD. 36.56%')
    expect(nearestOption(pct, 0.2791, 'fraction')?.option.letter).toBe('C')
    const change = parseOptions('A. Increase by 0.39\nB. Decrease by 0.58\nC. Increase by 0.57\nD. Decrease by 0.22')
    expect(numericOptions(change).map((o) => o.value)).toEqual([0.39, -0.58, 0.57, -0.22])
    expect(nearestOption(change, -0.5)?.option.letter).toBe('B')
  })

  it('knows numeric option sets from textual ones, and the answer format', () => {
    expect(optionsAreNumeric(parseOptions('A. +0.21 K/year\nB. +0.38 K/year\nC. -0.28 K/year\nD. No significant trend'))).toBe(true)
    expect(optionsAreNumeric(parseOptions('A. June\nB. July\nC. August'))).toBe(false)
    expect(answerFormatFor('anything', q46)).toBe('choice')
    expect(answerFormatFor('What is the mean NDVI in 2019?', [])).toBe('number')
    expect(answerFormatFor('Describe the scene.', [])).toBe('text')
  })

  it('reads degrees Celsius as their own unit', () => {
    const opts = numericOptions(parseOptions('A. 25.78 °C B. -15.642 °C C. 27.41 ℃ D. 300 K'))
    expect(opts.map((o) => [o.value, o.unit])).toEqual([[25.78, 'degC'], [-15.642, 'degC'], [27.41, 'degC'], [300, 'K']])
  })
})


describe('the option parser reads options semantically', () => {
  const read = (texts: string[]) => readOptions(texts.map((text, i) => ({ letter: String.fromCharCode(65 + i), text })))

  it('reads significance, direction, ranges, thousands, dates and combined fields', () => {
    const [a, b, c, d] = read(['No significant trend', 'Decreasing by 0.037 per year (significant)', 'Increasing at 0.05 K/year', 'Stable'])
    expect(a).toMatchObject({ value: null, significance: 'none', direction: 'none' })
    expect(b).toMatchObject({ value: -0.037, unit: '/year', significance: 'significant', direction: 'down' })
    expect(c).toMatchObject({ value: 0.05, unit: 'K/year', direction: 'up' })
    expect(d).toMatchObject({ significance: 'none' })
    expect(read(['between 0.2 and 0.3', '0.3-0.4'])[1]).toMatchObject({ value: null, range: [0.3, 0.4] })
    expect(read(['1,234 km²', '2,000 km²'])[0]).toMatchObject({ value: 1234, unit: 'km2' })
    expect(read(['2019-07-12', '2019-08-13'])[0]).toMatchObject({ value: null, unit: 'date' })
    expect(read(['Mean: 0.69, Min: 0.00', 'Mean: 0.71, Min: 0.10'])[1].fields).toEqual({ mean: 0.71, min: 0.1 })
  })

  it('finds the percentage beside an absolute number', () => {
    expect(percentIn('The change is 10,392.58 and 179.96%')).toBe(179.96)
    expect(percentIn('-12.5 % drop')).toBe(-12.5)
    expect(percentIn('0.42')).toBeNull()
  })

  it('matches a value inside a range option at distance 0, and K against °C options', () => {
    const ranges = parseOptions('A. 0.1-0.2\nB. 0.2-0.3\nC. 0.3-0.4')
    expect(nearestOption(ranges, 0.25)).toMatchObject({ distance: 0, option: { letter: 'B' } })
    const celsius = parseOptions('A. 15.0 °C\nB. 25.0 °C')
    expect(nearestOption(celsius, 298.15, 'K')?.option.letter).toBe('B')
  })
})
