/**
 * How clearly a decision.select result supports its option: a near tie is a caveat, a value lying outside the
 * options by more than they spread (a unit or scale slip) supports no option and is rejected.
 */
import { describe, expect, it } from 'vitest'
import { checkDecisionMargin } from '../../../main/verify/policy/execute-quality'

const choice = (value: number, options: Record<string, number>) => ({
  choice: 'B',
  value,
  distances: Object.fromEntries(Object.entries(options).map(([k, o]) => [k, Math.abs(o - value)])),
})
const CELSIUS = { A: 25.78, B: 26.25, C: 26.83, D: 27.41 }

describe('checkDecisionMargin', () => {
  it('passes a value that sits on one option', () => {
    expect(checkDecisionMargin(choice(26.26, CELSIUS)).map((f) => f.severity)).toEqual(['pass'])
  })

  it('keeps a near tie as a caveat', () => {
    expect(checkDecisionMargin(choice(26.54, CELSIUS)).map((f) => f.severity)).toEqual(['caveat'])
  })

  it('rejects a kelvin value matched against options in degrees Celsius', () => {
    const [f] = checkDecisionMargin(choice(299.4, CELSIUS))
    expect(f.severity).toBe('reject')
    expect(f.message).toContain('no option describes it')
  })

  it('accepts a value just beyond the options, within their spread', () => {
    expect(checkDecisionMargin(choice(28.2, CELSIUS))[0].severity).not.toBe('reject')
  })
})
