/** The held-out judge (tests/heldout/harness.ts): what counts as right, refused and wrong, including a chosen letter. */
import { describe, expect, it } from 'vitest'
import { judge, numbersIn, optionText, statesDate, type AnswerSeen, type HeldoutQuestion } from '../../heldout/harness'

const q = (expect: HeldoutQuestion['expect'], options?: string): HeldoutQuestion => ({
  id: 'x#1',
  computation_id: 'x',
  family: 'f',
  habit: 'formal',
  question: 'q?',
  files: ['a'],
  expect,
  options,
})
const seen = (over: Partial<AnswerSeen>): AnswerSeen => ({ answer: '', explanation: '', choice: null, missing: [], verifiedObservations: 1, ...over })
const VALUE = { kind: 'value', value: 33069, tolerance: 0.5, unit: 'px' } as const
const OPTIONS = 'A. 23069\nB. 33069\nC. 43069\nD. 46101'

describe('held-out judge', () => {
  it('reads numbers with thousands separators, exponents and a unicode minus', () => {
    expect(numbersIn('17,811 px, 1.2e-3 and \u22123.5; .5')).toEqual([17811, 0.0012, -3.5, 0.5])
  })
  it('finds a date written as ISO or in words', () => {
    expect(statesDate('on 13 August 2019', '2019-08-13')).toBe(true)
    expect(statesDate('August 13th, 2019', '2019-08-13')).toBe(true)
    expect(statesDate('2019-08-29', '2019-08-13')).toBe(false)
  })
  it('takes the text of a chosen option, in either letter style', () => {
    expect(optionText(OPTIONS, 'B')).toBe('33069')
    expect(optionText('A) 0.62 B) 0.67 C) 0.72', 'c')).toBe('0.72')
    expect(optionText(OPTIONS, null)).toBe('')
  })
  it('judges a letter by the value its option states', () => {
    expect(judge(q(VALUE, OPTIONS), seen({ answer: 'B', choice: 'B' }))).toBe('right')
    expect(judge(q(VALUE, OPTIONS), seen({ answer: 'C', choice: 'C' }))).toBe('wrong')
  })
  it('counts a refusal as refused when a value was expected, and as right when a refusal was', () => {
    expect(judge(q(VALUE), seen({ answer: 'Not determined', verifiedObservations: 0 }))).toBe('refused')
    expect(judge(q({ kind: 'refuse', reason: 'no data' }), seen({ answer: 'The files do not cover 2020.', missing: ['2020'] }))).toBe('right')
    expect(judge(q({ kind: 'refuse', reason: 'no data' }), seen({ answer: '12 px' }))).toBe('wrong')
  })
  it('counts a number stated with limits of its evidence as an answer: wrong when it is wrong, never a refusal', () => {
    const caveat = { missing: ['3 of 23 dates in per_date gave no value and were left out'] }
    expect(judge(q(VALUE), seen({ answer: '289.4047 K', ...caveat }))).toBe('wrong')
    expect(judge(q(VALUE), seen({ answer: 'Not determined', ...caveat }))).toBe('refused')
    expect(judge(q(VALUE), seen({ answer: 'No option is supported by verified evidence', ...caveat }))).toBe('refused')
  })
})
