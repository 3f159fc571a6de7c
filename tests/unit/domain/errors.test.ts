/** What a thrown value says (main/domain/errors.ts), read without trusting its type: cases by hand. */
import { describe, expect, it } from 'vitest'
import { errorCode, errorMessage, errorName } from '../../../main/domain/errors'

describe('thrown values', () => {
  it('an Error gives its message and name; anything else its text and no name', () => {
    expect(errorMessage(new RangeError('out of range'))).toBe('out of range')
    expect(errorName(new RangeError('x'))).toBe('RangeError')
    expect(errorMessage('plain text')).toBe('plain text')
    expect(errorMessage(42)).toBe('42')
    expect(errorMessage(null)).toBe('null')
    expect(errorMessage(undefined)).toBe('undefined')
    expect(errorMessage({ message: 'not an Error' })).toBe('[object Object]')
    expect(errorName({ name: 'BudgetError' })).toBeUndefined()
    expect(errorName('BudgetError')).toBeUndefined()
  })

  it("a Node error's code, when it is a string", () => {
    const e = Object.assign(new Error('no such file'), { code: 'ENOENT' })
    expect(errorCode(e)).toBe('ENOENT')
    expect(errorCode({ code: 'EPERM' })).toBe('EPERM')
    expect(errorCode(Object.assign(new Error('x'), { code: 5 }))).toBeUndefined()
    expect(errorCode(new Error('x'))).toBeUndefined()
    expect(errorCode(null)).toBeUndefined()
    expect(errorCode('ENOENT')).toBeUndefined()
  })
})
