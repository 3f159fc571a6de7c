import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { answerIsCorrect, answerLetter, firstNumber } from '../../../main/prior/answer-match'
import { calibrateFromRuns, loadSuite, runMatchesTask } from '../../../main/prior/calibration'
import type { ConfigTriple } from '../../../main/prior/config-ids'
import { PriorStore } from '../../../main/prior/store'
import { observedCalls, usedObservations } from '../../../main/prior/trajectory'
import { openDatabase } from '../../../main/store/database'
import { RunStore } from '../../../main/store/runs'
import { shared, tempDir } from '../../helpers/tmp'

const COUNT: ConfigTriple = { tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' }
const OBJECTS: ConfigTriple = { tool: 'perceive', coarse: 'perceive:objects', fine: 'perceive:objects|auto|full' }
const RETRIEVE: ConfigTriple = { tool: 'retrieve', coarse: 'retrieve:cards', fine: 'retrieve:cards|bm25' }

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

function suiteDir(tasks: object[]): string {
  const t = tempDir()
  cleanup = t.cleanup
  const dir = path.join(t.dir, 'counting-suite')
  fs.mkdirSync(dir)
  fs.writeFileSync(path.join(dir, 'tasks.jsonl'), tasks.map((x) => JSON.stringify(x)).join('\n') + '\n')
  return dir
}

/** Store a finished run whose calls are [config, status, decision?]. */
function storeRun(
  runs: RunStore,
  question: string,
  answer: string,
  calls: [ConfigTriple, 'ok' | 'error', ('accept' | 'reject')?][],
  inputs: Record<string, unknown> = {},
): string {
  const id = runs.createRun({ question, taskType: 'object_counting', inputs })
  calls.forEach(([config, status, decision], i) => {
    runs.appendStep(id, 'tool_call', { call: i + 1, tool: config.tool, args: {} })
    runs.appendStep(id, 'tool_result', { call: i + 1, result: { status, config, ...(status === 'ok' ? {} : { reason: 'failed' }) } })
    if (decision) {
      runs.appendStep(id, 'rule_check', { call: i + 1, passed: true })
      runs.appendStep(id, 'verdict', { call: i + 1, decision })
    }
  })
  runs.appendStep(id, 'answer', { text: answer })
  runs.finishRun(id, { status: 'finished', answer })
  return id
}

describe('calibration from stored trajectories', () => {
  it('adds one record per observation that reached the answer, valid when the answer was right', () => {
    const dir = suiteDir([
      { id: 't1', question: 'How many airplanes are visible?\nA.3\nB.4', answer: 'B', answer_type: 'choice' },
      { id: 't2', question: 'How many ships are in the harbour?', answer: 12, answer_type: 'number', tolerance: 0.5 },
      { id: 't3', question: 'How many tanks are there?', answer: 'A', answer_type: 'choice' },
    ])
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const prior = new PriorStore(db, { seed: 'none' })
    // t1: right answer; perceive + measure accepted, a retrieve call and a failed call do not count.
    storeRun(runs, 'How many airplanes are visible?\nA.3\nB.4', 'B. Four aircraft were counted.', [
      [OBJECTS, 'ok', 'accept'],
      [RETRIEVE, 'ok'],
      [COUNT, 'error'],
      [COUNT, 'ok', 'accept'],
    ])
    // t2: wrong number (verification off: every ok observation counts).
    storeRun(runs, 'How many ships are in the harbour?', '14 ships', [[COUNT, 'ok']], { task_id: 't2' })
    // t2 also has an older run under another task id, which must not match.
    storeRun(runs, 'How many ships are in the harbour?', '12', [[COUNT, 'ok']], { task_id: 'other' })

    const before = prior.cell('object_counting', 'coarse', 'measure:count')
    const report = calibrateFromRuns(prior, runs, loadSuite(dir))
    expect(before.n).toBe(0)
    expect(report).toEqual({
      suite: 'counting-suite',
      tasks: 3,
      tasks_with_runs: 2,
      runs_judged: 2,
      runs_unjudged: 0,
      records: 3,
      valid: 2,
      invalid: 1,
      unmatched: ['t3'],
      dry_run: false,
    })
    expect(prior.cell('object_counting', 'fine', COUNT.fine)).toEqual({ n: 2, n_valid: 1, source: 'calibration' })
    expect(prior.cell('object_counting', 'coarse', 'perceive:objects')).toEqual({ n: 1, n_valid: 1, source: 'calibration' })

    // Calibrating again replaces the same records instead of adding them.
    calibrateFromRuns(prior, runs, loadSuite(dir))
    expect(prior.cell('object_counting', 'fine', COUNT.fine).n).toBe(2)
  })

  it('ignores rejected observations and reaches the lookup once n_min runs are in', () => {
    const question = 'How many storage tanks are there?'
    const dir = suiteDir([{ id: 'tanks', question, answer: 'C' }])
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const prior = new PriorStore(db, { seed: 'none' })
    for (let i = 0; i < 8; i++) {
      storeRun(runs, question, i < 6 ? 'C' : 'A', [
        [OBJECTS, 'ok', 'reject'],
        [COUNT, 'ok', 'accept'],
      ])
    }
    expect(calibrateFromRuns(prior, runs, loadSuite(dir)).records).toBe(1)
    const report = calibrateFromRuns(prior, runs, loadSuite(dir), { allRuns: true })
    expect(report.records).toBe(8)
    expect(prior.lookup('object_counting', COUNT)).toEqual({ r_hat: 0.7, level: 'fine', n: 8, n_valid: 6, source: 'calibration' })
    expect(prior.cell('object_counting', 'coarse', 'perceive:objects').n).toBe(0)
  })

  it('leaves the matrix untouched in a dry run and counts unreadable answers apart', () => {
    const dir = suiteDir([{ id: 'x', question: 'How many cars?\nA.1\nB.2', answer: 'A' }])
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const prior = new PriorStore(db, { seed: 'none' })
    storeRun(runs, 'How many cars?\nA.1\nB.2', 'I cannot tell.', [[COUNT, 'ok']])
    const report = calibrateFromRuns(prior, runs, loadSuite(dir), { dryRun: true })
    expect(report).toMatchObject({ runs_judged: 0, runs_unjudged: 1, records: 0, dry_run: true })
    expect(prior.stats().records.calibration).toBe(0)
  })

  it('reads the shared suites and refuses a broken one with one sentence', () => {
    expect(loadSuite(shared('benchmarks', 'choice-sample')).tasks).toHaveLength(21)
    expect(loadSuite(shared('benchmarks', 'earthbench-q46')).tasks[0].answer).toBe('B')
    const dir = suiteDir([{ id: 'a', question: 'q?' }])
    expect(() => loadSuite(dir)).toThrow(/Task on line 1 of .*tasks.jsonl is not valid at answer/)
    expect(() => loadSuite(path.join(dir, 'nope'))).toThrow(/has no tasks.jsonl/)
  })

  it('matches runs by task id first, else by question and options', () => {
    const base = { id: 'r', sessionId: null, settings: {}, taskType: null, status: 'finished' as const, answer: 'A', metrics: null, error: null, startedAt: '', finishedAt: null }
    const task = { id: 'q1', question: 'Which modality?\nA.SAR\nB.RGB', answer: 'A' }
    expect(runMatchesTask({ ...base, question: 'Which modality?', options: 'A.SAR\nB.RGB', inputs: {} }, task)).toBe(true)
    expect(runMatchesTask({ ...base, question: 'Which modality?', options: 'A.RGB\nB.SAR', inputs: {} }, task)).toBe(false)
    expect(runMatchesTask({ ...base, question: 'Something else', options: null, inputs: { task_id: 'q1' } }, task)).toBe(true)
    expect(runMatchesTask({ ...base, question: 'Which modality?\nA.SAR\nB.RGB', options: null, inputs: { task_id: 'q2' } }, task)).toBe(false)
  })
})

describe('trajectory reading', () => {
  it('pairs results and verdicts with calls even without call numbers', () => {
    const steps = [
      { seq: 0, kind: 'tool_call', payload: { tool: 'measure' }, createdAt: '' },
      { seq: 1, kind: 'tool_result', payload: { result: { status: 'ok', config: COUNT } }, createdAt: '' },
      { seq: 2, kind: 'verdict', payload: { decision: 'reject' }, createdAt: '' },
      { seq: 3, kind: 'tool_call', payload: { tool: 'perceive' }, createdAt: '' },
      { seq: 4, kind: 'tool_result', payload: { status: 'ok', config: OBJECTS }, createdAt: '' },
      { seq: 5, kind: 'verdict', payload: { decision: 'accept' }, createdAt: '' },
      { seq: 6, kind: 'tool_result', payload: { result: { status: 'ok', config: { tool: 'measure', coarse: 'nonsense' } } }, createdAt: '' },
    ]
    const calls = observedCalls(steps)
    expect(calls.map((c) => [c.config.coarse, c.decision, c.steps])).toEqual([
      ['measure:count', 'reject', [0, 1, 2]],
      ['perceive:objects', 'accept', [3, 4, 5]],
    ])
    expect(usedObservations(calls).map((c) => c.config.coarse)).toEqual(['perceive:objects'])
  })
})

describe('answer matching', () => {
  it('reads option letters, numbers and text answers', () => {
    expect(answerLetter('B. Annual mean TVDI 0.6897')).toBe('B')
    expect(answerLetter('(C) because the count is 9')).toBe('C')
    expect(answerLetter('**D** — the verified count')).toBe('D')
    expect(answerLetter('The answer is A.')).toBe('A')
    expect(answerLetter('All aircraft were counted')).toBeNull()
    expect(firstNumber('about 1,234.5 m²')).toBe(1234.5)
    expect(answerIsCorrect('B', { answer: 'B' })).toBe(true)
    expect(answerIsCorrect('A.', { answer: 'B', answer_type: 'choice' })).toBe(false)
    expect(answerIsCorrect('0.69 (annual mean)', { answer: 0.6897, tolerance: 0.0001 })).toBe(false)
    expect(answerIsCorrect('0.69 (annual mean)', { answer: 0.6897, tolerance: 0.001 })).toBe(true)
    expect(answerIsCorrect('0.6897', { answer: '0.6897' })).toBe(true)
    expect(answerIsCorrect('12.4 km²', { answer: 12, tolerance: 0.5 })).toBe(true)
    expect(answerIsCorrect('Suzhou, China', { answer: 'suzhou', answer_type: 'text' })).toBe(true)
    expect(answerIsCorrect('', { answer: 'A' })).toBeNull()
    expect(answerIsCorrect('no idea', { answer: 3, answer_type: 'number' })).toBeNull()
  })
})
