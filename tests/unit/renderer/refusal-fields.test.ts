/**
 * The question a refused run is asked again with: the filled parts appended in words the reader reads. Checked by
 * reading the composed question with the task reader (main/task), so each filled part must land in its own slot.
 */
import { describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import { optionsText, questionWithParts } from '../../../renderer/src/desk/refusal-fields'
import { UNPLACED } from '../../../main/domain/run-events'
import { parseOptions } from '../../../main/domain/options'
import { buildRun } from '../../../renderer/src/model/run-model'
import { events, taskStep } from './synthetic-runs'

describe('questionWithParts', () => {
  it('appends each filled part as a sentence the reader reads into that part', () => {
    const q = questionWithParts('What is the NDVI of this scene?', {
      statistic: 'median',
      period: 'July 2019',
      region: 'north half',
      mask: 'NDVI > 0.3',
      unit: 'percent',
    })
    const spec = readTask({ question: q, options: [] })
    expect(spec.quantity.statistic).toBe('median')
    expect(spec.periods.map((p) => [p.start, p.end])).toEqual([['2019-07-01', '2019-07-31']])
    expect(spec.region).toMatchObject({ kind: 'part', part: 'north' })
    expect(spec.conditions).toHaveLength(1)
    expect(spec.conditions[0]).toMatchObject({ op: '>', value: 0.3 })
    expect(spec.unit).toBe('percent')
    expect(spec.notUnderstood.filter((n) => n.blocking)).toEqual([])
  })
  it('leaves the question as it was when nothing is filled, and ends an unpunctuated question before adding', () => {
    expect(questionWithParts('mean NDVI ', { period: '  ' })).toBe('mean NDVI')
    expect(questionWithParts('NDVI of this scene', { statistic: 'maximum' })).toBe('NDVI of this scene. Use the maximum.')
  })
})

describe('questionWithParts with what the refusal read', () => {
  it('puts a filled period in place of the period read (the files cover 2019; 2021 was asked), not beside it', () => {
    const q = questionWithParts('What was the mean NDVI in July 2021?', { period: 'July 2019' }, [{ text: 'July 2021', role: 'period' }])
    const spec = readTask({ question: q, options: [] })
    expect(spec.periods.map((p) => [p.start, p.end])).toEqual([['2019-07-01', '2019-07-31']])
    expect(spec.quantity.statistic).toBe('mean')
  })
  it('says a phrase the reader could not place the way the analyst restated it', () => {
    const q = questionWithParts('What is the mean NDVI of the zorbl?', {}, [{ text: 'zorbl', role: UNPLACED }], { zorbl: 'north half' })
    const spec = readTask({ question: q, options: [] })
    expect(spec.region).toMatchObject({ kind: 'part', part: 'north' })
    expect(spec.notUnderstood).toEqual([])
  })
})

describe('a refusal step as the window reads it', () => {
  it('keeps the parts not read and the phrases read; a stored part outside the five is no step the window trusts', () => {
    const finish = { turn: 1, kind: 'finish', thought: 'no statistic', unread: ['statistic'], read: [{ text: 'NDVI', role: 'subject' }] }
    const run = buildRun(events([taskStep('What is the NDVI?'), { seq: 1, kind: 'plan', payload: finish }]))
    expect(run.plans).toEqual([{ turn: 1, kind: 'finish', thought: 'no statistic', unread: ['statistic'], read: [{ text: 'NDVI', role: 'subject' }] }])
    const odd = buildRun(events([taskStep('q'), { seq: 1, kind: 'plan', payload: { ...finish, unread: ['colour'] } }]))
    expect(odd.plans).toEqual([])
  })
})

describe('optionsText', () => {
  it("writes a run's options back so the options parser reads the same options", () => {
    const asked = parseOptions('A. 0.71\nB. between 0.2 and 0.3\nC. no significant trend')
    expect(asked).toHaveLength(3)
    expect(parseOptions(optionsText(asked))).toEqual(asked)
  })
})
