import { describe, expect, it } from 'vitest'
import { answerLetter, isOptionLetter, letterAt, parseOptions, startsWithOption } from '../../../main/domain/options'
import { layerKey, parseLayerKey } from '../../../main/domain/layers'

describe('the one option reader', () => {
  it('splits lettered options written one per line or several on a line', () => {
    expect(parseOptions('A. 0.71\nB. 0.69\nC) 0.5')).toEqual([
      { letter: 'A', text: '0.71' },
      { letter: 'B', text: '0.69' },
      { letter: 'C', text: '0.5' },
    ])
    expect(parseOptions('(A) warmer; (B) cooler')).toEqual([
      { letter: 'A', text: 'warmer' },
      { letter: 'B', text: 'cooler' },
    ])
    expect(parseOptions('  ')).toEqual([])
  })

  it('refuses an options text with fewer than two lettered options, saying what it expects', () => {
    expect(() => parseOptions('just one thing')).toThrow(/at least two lettered options/)
  })

  it('reads the letter an answer names, from its start or from "answer is X"', () => {
    expect(answerLetter('B')).toBe('B')
    expect(answerLetter('(C) because ...')).toBe('C')
    expect(answerLetter('a cat')).toBeNull()
    expect(answerLetter('**D.** 12 K')).toBe('D')
    expect(answerLetter('The answer is A')).toBe('A')
    expect(answerLetter('no option fits')).toBeNull()
  })

  it('knows what an option letter and an option line are', () => {
    expect(['A', 'h', 'I', 'AB', 3].map(isOptionLetter)).toEqual([true, true, false, false, false])
    expect([0, 1, 7].map(letterAt)).toEqual(['A', 'B', 'H'])
    expect(['A. x', ' (B) y', 'C) z', 'Dogs: 3', 'A cat'].map(startsWithOption)).toEqual([true, true, true, false, false])
  })
})

describe('the one layer key', () => {
  it('round-trips every kind of layer reference', () => {
    const sha = 'ab'.repeat(32)
    for (const ref of [{ fileId: 'f1a2b3c4' }, { artifact: sha }, { basemap: true as const }]) expect(parseLayerKey(layerKey(ref))).toEqual(ref)
    expect(layerKey({ artifact: sha })).toBe(`a${sha}`)
    expect(parseLayerKey('file:f1a2b3c4')).toBeNull()
  })
})
