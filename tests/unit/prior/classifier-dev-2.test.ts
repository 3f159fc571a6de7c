/** The development phrasings of classifier-dev-2.ts: rule changes are tuned on these, and all must be typed. */
import { describe, expect, it } from 'vitest'
import { classifyByRules, DEFAULT_TASK_TYPE } from '../../../main/prior/classifier'
import { DEV_2 } from './classifier-dev-2'

describe('task classifier on development set 2', () => {
  it('types every development phrasing', () => {
    const misses = Object.entries(DEV_2).flatMap(([type, qs]) => qs.filter((q) => (classifyByRules(q) ?? DEFAULT_TASK_TYPE) !== type).map((q) => `${type}: ${q}`))
    expect(misses).toEqual([])
  })
})
