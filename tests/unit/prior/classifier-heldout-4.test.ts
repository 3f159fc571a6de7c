/**
 * Held-out set 4 (issue 15): the CHOICE task-type classifier's accuracy on 105 questions written blind, five per
 * type. The floor is the figure of the first and only measurement (see FIRST_MEASURED); a lower figure fails.
 */
import { describe, expect, it } from 'vitest'
import { classifyByRules, DEFAULT_TASK_TYPE } from '../../../main/prior/classifier'
import { TASK_TYPES, type TaskType } from '../../../main/prior/task-types'
import { HELD_OUT_4 } from './classifier-heldout-4'

/** Correct of 105 when first measured (2026-12-01, before anyone saw its misses). */
const FIRST_MEASURED = 87

describe('classifier on held-out set 4', () => {
  const rows = TASK_TYPES.flatMap((type) => HELD_OUT_4[type].map((q) => ({ type, q })))

  it('has five questions for each of the 21 types, none repeated', () => {
    for (const t of TASK_TYPES) expect(HELD_OUT_4[t as TaskType]).toHaveLength(5)
    expect(new Set(rows.map((r) => r.q)).size).toBe(105)
  })

  it('types at least as many as at the first measurement', () => {
    const right = rows.filter((r) => (classifyByRules(r.q) ?? DEFAULT_TASK_TYPE) === r.type).length
    console.log(`held-out set 4: ${right}/105 = ${((100 * right) / 105).toFixed(1)} %`)
    expect(right).toBeGreaterThanOrEqual(FIRST_MEASURED)
  })
})
