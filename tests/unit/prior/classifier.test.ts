import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TASK_TYPE,
  classifierPrompt,
  classifyByRules,
  classifyTask,
  matchRule,
  taskTypeFromText,
} from '../../../main/prior/classifier'
import { CLASSIFIER_RULES } from '../../../main/prior/classifier-rules'
import { parseQuestion } from '../../../main/prior/question-text'
import { TASK_TYPES, type TaskType } from '../../../main/prior/task-types'
import { shared } from '../../helpers/tmp'
import { HELD_OUT } from './classifier-heldout'

interface Labelled {
  id: string
  task_type: TaskType
  question: string
  options?: string
}

function readJsonl(file: string): Labelled[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Labelled)
}

function accuracy(rows: Labelled[]): { correct: number; total: number; misses: string[] } {
  const misses: string[] = []
  let correct = 0
  for (const row of rows) {
    const got = classifyByRules(row.question, row.options)
    if (got === row.task_type) correct++
    else misses.push(`${row.task_type} -> ${got}: ${row.question.split('\n')[0]}`)
  }
  return { correct, total: rows.length, misses }
}

describe('task classifier rules', () => {
  it('reaches at least 95% on CHOICE development questions by rules alone', () => {
    const rows = readJsonl(shared('benchmarks', 'choice-dev.jsonl'))
    expect(rows).toHaveLength(105)
    const { correct, total, misses } = accuracy(rows)
    expect(misses).toEqual([])
    expect(correct / total).toBeGreaterThanOrEqual(0.95)
  })

  it('types every CHOICE sample task of the suite format', () => {
    const rows = readJsonl(shared('benchmarks', 'choice-sample', 'tasks.jsonl'))
    const { correct, total, misses } = accuracy(rows)
    expect(misses).toEqual([])
    expect(correct).toBe(total)
  })

  it('generalises to questions written from the definitions (held out from the development file)', () => {
    const rows: Labelled[] = Object.entries(HELD_OUT).flatMap(([t, qs]) =>
      qs.map((q, i) => ({ id: `${t}-${i}`, task_type: t as TaskType, question: q })),
    )
    expect(new Set(rows.map((r) => r.task_type)).size).toBe(21)
    const { misses } = accuracy(rows)
    expect(misses).toEqual([])
  })

  it('has at least one rule for each of the 21 types and unique rule ids', () => {
    const covered = new Set(CLASSIFIER_RULES.map((r) => r.type))
    expect([...TASK_TYPES].filter((t) => !covered.has(t))).toEqual([])
    const ids = CLASSIFIER_RULES.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('lets the offered "not in the picture" option decide hallucination detection', () => {
    const stem = 'Where is the airplane located in this image?'
    expect(classifyByRules(`${stem}\nA.Top\nB.Left\nC.Bottom`)).toBe('object_localization')
    expect(classifyByRules(`${stem}\nA.Top\nB.The object is not in the picture\nC.Bottom`)).toBe('hallucination_detection')
    // Options given apart from the question count the same.
    expect(classifyByRules(stem, ['Top', 'The object is not in the picture'])).toBe('hallucination_detection')
    // A plain "No" of a presence question is not an absence statement.
    expect(classifyByRules('Can you see a ship in this image?\nA.Yes\nB.No')).toBe('object_presence')
  })

  it('reads the asked attribute before the position that picks the object', () => {
    expect(classifyByRules('What color is the car at the top left of the image?')).toBe('attribute_recognition')
    expect(classifyByRules('Where is the red car in this image?')).toBe('object_localization')
    expect(classifyByRules('Is the red car the same color as the blue van?')).toBe('attribute_comparison')
  })

  it('keeps population out of counting and measurement units out of counting', () => {
    expect(classifyByRules('How many people live in this district?')).toBe('resource_assessment')
    expect(classifyByRules('How many meters long is the bridge?')).toBe('physical_property')
    expect(classifyByRules('How many ships are in the harbour?')).toBe('object_counting')
  })

  it('maps Earth-Bench style raster questions to the environmental and resource types', () => {
    expect(
      classifyByRules(
        'Based on NDVI and LST from the agricultural region near Urumqi in 2019, calculate the daily and annual average TVDI.',
      ),
    ).toBe('environmental_assessment')
    expect(classifyByRules('Identify and count the number of spikes in the drought index from June to September.')).toBe(
      'environmental_assessment',
    )
    expect(classifyByRules('Analyze NDSI changes between 2020 and 2022 to assess snow cover variation.')).toBe(
      'environmental_assessment',
    )
    expect(classifyByRules('Process the TIF files in the working directory and calculate the percentage of pixels meeting the conditions.')).toBe(
      'environmental_assessment',
    )
    expect(classifyByRules('Based on January nighttime light intensity of Leon (2013-2024), estimate the linear trend.')).toBe(
      'resource_assessment',
    )
    expect(classifyByRules('Determining the number of images captured in airport areas.')).toBe('scene_classification')
  })

  it('reports the rule that fired and returns null when none does', () => {
    expect(matchRule('How many tennis courts are visible?')?.id).toBe('counting.how-many')
    expect(classifyByRules('Hello there.')).toBeNull()
    expect(classifyByRules('')).toBeNull()
  })
})

describe('classifyTask', () => {
  it('uses the rules first and never asks the backbone when a rule fires', async () => {
    let asked = 0
    const fallback = async () => {
      asked++
      return 'image_quality' as TaskType
    }
    await expect(classifyTask('How many airplanes are on the apron?', { fallback })).resolves.toEqual({
      taskType: 'object_counting',
      by: 'rule',
    })
    expect(asked).toBe(0)
  })

  it('asks the backbone when no rule fires, then falls back to the documented default', async () => {
    const q = 'Tell me about this.'
    await expect(classifyTask(q, { fallback: async () => 'image_caption' })).resolves.toEqual({
      taskType: 'image_caption',
      by: 'model',
    })
    await expect(classifyTask(q, { fallback: async () => null })).resolves.toEqual({ taskType: DEFAULT_TASK_TYPE, by: 'default' })
    await expect(
      classifyTask(q, {
        fallback: async () => {
          throw new Error('backbone offline')
        },
      }),
    ).resolves.toEqual({ taskType: DEFAULT_TASK_TYPE, by: 'default' })
    await expect(classifyTask(q, { fallback: async () => 'not_a_type' as TaskType })).resolves.toEqual({
      taskType: DEFAULT_TASK_TYPE,
      by: 'default',
    })
    await expect(classifyTask(q)).resolves.toEqual({ taskType: DEFAULT_TASK_TYPE, by: 'default' })
  })

  it('parses a backbone reply and builds a prompt listing all definitions', () => {
    expect(taskTypeFromText('The type is: Object Counting.')).toBe('object_counting')
    expect(taskTypeFromText('I think scene_classification, maybe image_caption')).toBe('scene_classification')
    expect(taskTypeFromText('no idea')).toBeNull()
    const prompt = classifierPrompt('Is it raining?')
    for (const t of TASK_TYPES) expect(prompt).toContain(`- ${t}:`)
    expect(prompt).toContain('Question: Is it raining?')
  })
})

describe('question text', () => {
  it('splits CHOICE-style lettered options from the stem', () => {
    const q = parseQuestion('Which modality?\nA.SAR\nB) RGB\n(C) false color\nD: night-time light')
    expect(q.stem).toBe('which modality?')
    expect(q.options).toEqual(['sar', 'rgb', 'false color', 'night-time light'])
  })

  it('accepts options on one line or as a list and normalises a/an and underscores', () => {
    expect(parseQuestion('Is a/an storage_tank present?', 'A. Yes B. No').options).toEqual(['yes', 'no'])
    expect(parseQuestion('Is a/an storage_tank present?').stem).toBe('is a storage tank present?')
    expect(parseQuestion('Q', ['A. one', 'two']).options).toEqual(['one', 'two'])
  })
})

describe('backbone fallback', () => {
  it('sends the definitions prompt and reads the reply', async () => {
    const { backboneFallback } = await import('../../../main/prior/classifier')
    const seen: string[] = []
    const model = {
      chat: async (req: { messages: { role: string; content: string }[] }) => {
        seen.push(req.messages[0].content)
        return { text: 'time_property' }
      },
    }
    await expect(classifyTask('Tell me about this.', { fallback: backboneFallback(model) })).resolves.toEqual({
      taskType: 'time_property',
      by: 'model',
    })
    expect(seen[0]).toContain('Question: Tell me about this.')
  })
})
