/**
 * The classifier measured on held-out phrasings the rules were not written from (issue 8). Each figure is printed;
 * the floors keep a rule change from losing ground on unseen phrasings.
 * - set 2 (classifier-heldout-2.ts): 78/105 (74.3 %) when first measured; 98/105 after the rules were tuned on
 *   classifier-dev-2.ts, which was written after this set's misses had been seen, so no longer a clean figure;
 * - set 3 (classifier-heldout-3.ts): written after the last rule change and measured once: 95/105 (90.5 %), the
 *   figure the README reports.
 */
import { describe, expect, it } from 'vitest'
import { classifyByRules, DEFAULT_TASK_TYPE } from '../../../main/prior/classifier'
import { TASK_TYPES, type TaskType } from '../../../main/prior/task-types'
import { HELD_OUT_2 } from './classifier-heldout-2'
import { HELD_OUT_3 } from './classifier-heldout-3'

function measure(name: string, set: Record<TaskType, string[]>): number {
  const rows = Object.entries(set).flatMap(([type, qs]) => qs.map((q) => ({ type, q })))
  expect(new Set(rows.map((r) => r.type)).size).toBe(TASK_TYPES.length)
  const misses = rows.filter((r) => (classifyByRules(r.q) ?? DEFAULT_TASK_TYPE) !== r.type)
  const correct = rows.length - misses.length
  console.log(`classifier ${name}: ${correct}/${rows.length} = ${((100 * correct) / rows.length).toFixed(1)}%`)
  for (const m of misses) console.log(`  miss: ${m.type} <- ${classifyByRules(m.q) ?? DEFAULT_TASK_TYPE}: ${m.q.split('\n')[0]}`)
  return correct
}

describe('task classifier on held-out phrasings', () => {
  it('set 2', () => expect(measure('held-out set 2', HELD_OUT_2)).toBeGreaterThanOrEqual(98))
  it('set 3 (the reported figure)', () => expect(measure('held-out set 3', HELD_OUT_3)).toBeGreaterThanOrEqual(95))
})
