import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isTaskType, TASK_TYPE_INFO, TASK_TYPES, TaskTypeSchema, taskTypeList } from '../../../main/prior/task-types'
import { shared } from '../../helpers/tmp'

describe('task types', () => {
  it('are exactly the 21 CHOICE types, in the categories CHOICE gives them', () => {
    const rows = fs
      .readFileSync(shared('benchmarks', 'choice-dev.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { task_type: string; category: string })
    const choice = new Map(rows.map((r) => [r.task_type, r.category]))
    expect(TASK_TYPES).toHaveLength(21)
    expect([...TASK_TYPES].sort()).toEqual([...choice.keys()].sort())
    for (const t of TASK_TYPES) expect(TASK_TYPE_INFO[t].category, t).toBe(choice.get(t))
  })

  it('define each type and its answer form in full sentences', () => {
    for (const info of taskTypeList()) {
      expect(info.definition.length, info.id).toBeGreaterThan(60)
      expect(info.definition.endsWith('.'), info.id).toBe(true)
      expect(info.answerForm.length, info.id).toBeGreaterThan(5)
    }
    expect(new Set(taskTypeList().map((i) => i.label)).size).toBe(21)
  })

  it('validate ids with one clear message', () => {
    expect(isTaskType('object_counting')).toBe(true)
    expect(isTaskType('counting')).toBe(false)
    const parsed = TaskTypeSchema.safeParse('counting')
    expect(parsed.error?.issues[0].message).toMatch(/^'counting' is not one of the 21 task types \(image_modality, /)
  })
})
