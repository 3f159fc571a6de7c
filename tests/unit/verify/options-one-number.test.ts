/**
 * Options that differ in one number only (Earth-Bench task 46: every option states Min 0.0000 and Max 1.0000, only
 * the annual mean differs): a statistic the question also asks for but every option states alike cannot change the
 * choice, so the provenance check states it instead of rejecting the mean that decides.
 */
import { describe, expect, it } from 'vitest'
import { optionsDifferInOneNumber } from '../../../main/verify/provenance/check-provenance'

describe('options that differ in one number', () => {
  it('holds for task 46 (the mean differs, min and max do not)', () => {
    const options = ['0.7123', '0.6897', '0.6543', '0.7245'].map((m) => `Annual Mean TVDI: ${m}, Min: 0.0000, Max: 1.0000`)
    expect(optionsDifferInOneNumber(options)).toBe(true)
  })

  it('does not hold when two numbers differ, when the options carry different counts of numbers, or for one option', () => {
    expect(optionsDifferInOneNumber(['Mean 0.71, Max 0.9', 'Mean 0.69, Max 1.0'])).toBe(false)
    expect(optionsDifferInOneNumber(['Mean 0.71, Max 1.0', 'Mean 0.69'])).toBe(false)
    expect(optionsDifferInOneNumber(['Mean 0.71, Max 1.0'])).toBe(false)
    // A single number per option is not a compound statement: nothing else is asked alongside it.
    expect(optionsDifferInOneNumber(['0.71', '0.69'])).toBe(false)
  })
})
