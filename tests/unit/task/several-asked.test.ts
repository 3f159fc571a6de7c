/**
 * One question, one quantity (main/task/several-asked.ts): a question asking for two quantities is refused with
 * both named, never answered with the first one's number; a question asking one quantity in several words is read.
 * The phrasings are the lead's own (written after the defect was seen: "the mean LST and the mean NDVI" was
 * answered 307.702 K, the July 2019 mean LST, as verified).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'

const read = (question: string, options: string[] = []) =>
  readTask({ question, options: options.map((text, i) => ({ letter: String.fromCharCode(65 + i), text })) })
const blocking = (question: string, options: string[] = []) => read(question, options).notUnderstood.filter((n) => n.blocking)

describe('more than one quantity asked', () => {
  it.each([
    ['What is the mean LST and the mean NDVI in July 2019?', ['mean of LST', 'mean of NDVI']],
    ['Give the mean LST and NDVI for July 2019.', ['mean of LST', 'mean of NDVI']],
    ['In July 2019, what fraction of pixels has LST above 300 K, and what fraction has NDVI above 0.5?', ['share with LST', 'share with NDVI']],
    ['In July 2019, what is the share of pixels with LST above 290 K and the share with NDVI above 0.6?', ['share with LST', 'share with NDVI']],
    ['What are the mean and standard deviation of NDVI in July 2019?', ['mean', 'std']],
  ])('%s is refused, both quantities named', (question, quantities) => {
    const why = blocking(question).map((n) => n.why)
    expect(why.some((w) => w.startsWith('more than one quantity asked') && quantities.every((q) => w.includes(q)))).toBe(true)
  })

  it.each([
    'What share of pixels had LST above 290 K and NDVI above 0.6 in July 2019?',
    'Compute TVDI from the mean LST and NDVI for July 2019 and give its mean.',
    'What is the mean NDVI of pixels whose mean LST exceeds 300 K in July 2019?',
    'What is the mean LST of pixels where NDVI is above 0.5 in July 2019?',
    'From April to June 2019, compute for each date the proportion of pixels with TVDI exceeding 0.7, then count how many times this proportion surpassed 40%.',
    'What is the difference between the maximum and minimum NDVI in July 2019?',
    'Take the scene mean LST of every 2019 date; how far apart are the largest and the smallest of these means?',
  ])('%s asks one quantity', (question) => {
    expect(blocking(question).filter((n) => n.why.startsWith('more than one quantity'))).toEqual([])
  })

  it('options that pair two statistics decide, so the pair is not refused', () => {
    expect(blocking('What are the mean and standard deviation of NDVI in July 2019?', ['0.21 / 0.08', '0.31 / 0.12'])).toEqual([])
  })

  it('"the difference between the maximum and minimum" is the range', () => {
    expect(read('What is the difference between the maximum and minimum NDVI in July 2019?').quantity.statistic).toBe('range')
  })
})

/**
 * Phrasings written blind (a helper given only the data's description, not the reader: several-asked-blind.jsonl),
 * 32 asking two or more quantities and 31 asking one in words that name several variables or statistics. The
 * one-quantity phrasings must all be read as one; of the others, 23 are refused by this rule at the commit that
 * added it (the other 9 are refused for other reasons or ask a date and its value, see the lead's note), and that
 * figure may only grow.
 */
describe('blind phrasings', () => {
  const rows = fs
    .readFileSync(path.join(__dirname, 'several-asked-blind.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { question: string; asks: 'one' | 'two' })
  const several = (q: string) => blocking(q).some((n) => n.why.startsWith('more than one quantity'))

  it.each(rows.filter((r) => r.asks === 'one').map((r) => r.question))('one quantity: %s', (q) => {
    expect(several(q)).toBe(false)
  })

  it('refuses at least 23 of the 32 asking several', () => {
    const two = rows.filter((r) => r.asks === 'two')
    expect(two).toHaveLength(32)
    expect(two.filter((r) => several(r.question)).length).toBeGreaterThanOrEqual(23)
  })
})
