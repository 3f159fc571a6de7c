/**
 * The typo refiner of the span parser: typing slips read as the one lexicon word they stand for; words of their own,
 * inflections and slips at the first letter stay as written. Cases written by hand (the slips are those the blind
 * dev set's typo habit shows: a letter left out, two swapped, one mistyped in a long word).
 */
import { describe, expect, it } from 'vitest'
import { correctTypos, typoOf } from '../../../main/domain/spans/typos'
import { readTask } from '../../../main/task/read-task'

describe('typing slips', () => {
  it('read as the lexicon word', () => {
    const cases: [string, string][] = [
      ['avrage', 'average'],
      ['temprature', 'temperature'],
      ['thrid', 'third'],
      ['botom', 'bottom'],
      ['standrad', 'standard'],
      ['reflectence', 'reflectance'],
      ['nortwest', 'northwest'],
      ['percentle', 'percentile'],
    ]
    for (const [typed, word] of cases) expect(typoOf(typed), typed).toBe(word)
    expect(correctTypos('Avrage LST of the botom half')).toBe('Average LST of the bottom half')
  })

  it('leave words of their own, inflections, acronyms, file names and first-letter slips alone', () => {
    for (const w of ['scope', 'asked', 'early', 'round', 'stated', 'divides', 'county', 'bordered', 'brought', 'multiple', 'analyst', 'LEVIR', 'mouth'])
      expect(typoOf(w), w).toBeNull()
    expect(correctTypos('read rgbn.tif and Xinjiang_2019-06-10_LST.tif')).toBe('read rgbn.tif and Xinjiang_2019-06-10_LST.tif')
  })

  it('let the reader place what the slip hid', () => {
    const a = readTask({ question: 'whats the avrage land surface temprature on 2019-06-10 in kelvin' })
    expect(a).toMatchObject({ quantity: { statistic: 'mean' }, subjects: ['lst'], unit: 'K' })
    const b = readTask({ question: 'whats the mean LST in the upper thrid of the image on 12 july 2019 (K)' })
    expect(b.region).toMatchObject({ kind: 'grid', rows: [0, 1 / 3], cols: [0, 1] })
    expect(b.notUnderstood.filter((n) => n.blocking)).toEqual([])
  })
})
