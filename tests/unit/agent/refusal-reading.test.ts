/**
 * What a refusal tells the window it could not read (issue 17, item 3: every refusal with a fillable part offers
 * the field). On the Landsat fixture's B4 and B5 (one date, 2017-08-13, in their names):
 * - a period the files do not cover is a period part not read, with the period read as a phrase (so the window can
 *   put the filled period in its place);
 * - a phrase the reader could not place, that the compiler refused by name, is given as an UNPLACED phrase, so the
 *   window offers a field to say it another way;
 * - a question read whole and planned has no reading at all.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { PlannerStep } from '../../../main/agent/loop-events'
import { RulesPlanner } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { UNPLACED } from '../../../main/domain/run-events'
import { shared } from '../../helpers/tmp'

const DIR = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const BANDS = fs
  .readdirSync(DIR)
  .filter((f) => /_B[45]\.TIF$/i.test(f))
  .map((f) => path.join(DIR, f))

async function first(question: string): Promise<PlannerStep> {
  const task = makeTask({ question, options: [], files: BANDS })
  return new RulesPlanner().next({ task, taskType: 'statistics', tools: ['execute'], events: [], budget: { used: 0, max: 8 }, request: null, abandoned: [] })
}

describe('the reading a refusal carries', () => {
  it('names the period when the files hold no date inside it, with the period read', async () => {
    const step = await first('What was the mean NDVI in July 2021?')
    expect(step.kind).toBe('finish')
    if (step.kind !== 'finish') return
    expect(step.thought).toMatch(/no date inside "July 2021"/)
    expect(step.unread).toEqual(['period'])
    expect(step.read).toEqual(expect.arrayContaining([{ text: 'July 2021', role: 'period' }]))
  })
  it('gives a phrase the reader could not place as UNPLACED', async () => {
    const step = await first('What is the mean NDVI over the XYZ wetlands?')
    expect(step.kind).toBe('finish')
    if (step.kind !== 'finish') return
    expect(step.read).toEqual(expect.arrayContaining([{ text: 'XYZ wetlands', role: UNPLACED }]))
  })
  it('carries no reading when the question is planned', async () => {
    const step = await first('What is the mean NDVI?')
    expect(step.kind).toBe('calls')
    expect(step).not.toHaveProperty('unread')
  })
})
