/**
 * Peer benchmarks as suites: Earth-Bench (every task an entry, phrasing selectable, tasks without local rasters
 * marked unavailable, the reference tool sequence kept), CHOICE (the sample folder in the suite format, the bare
 * jsonl with its images missing), and the ThinkGeo/TerraLogic task texts. Plus the suite reader's errors and the
 * resumable results file.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { adaptSuite } from '../../../main/eval/adapters/adapt'
import { earthBenchSuite } from '../../../main/eval/adapters/earthbench'
import { notRun } from '../../../main/eval/judge'
import { parseConfigs } from '../../../main/eval/ask'
import { ResultsStore, taskFingerprint } from '../../../main/eval/results-store'
import { loadEvalSuite } from '../../../main/eval/suite'
import { evalTaskSpec } from '../../../main/eval/task-spec'
import { shared, tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-eval-adapters-')
afterAll(() => tmp.cleanup())

const EARTHBENCH = shared('benchmarks', 'earthbench-tasks.jsonl')

describe('Earth-Bench adapter', () => {
  const lines = fs.readFileSync(EARTHBENCH, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l))

  it('turns every task into an entry; only task 46 has its rasters here', () => {
    const suite = earthBenchSuite(EARTHBENCH)
    expect(suite.tasks).toHaveLength(lines.length)
    const available = suite.tasks.filter((t) => !t.unavailable)
    expect(available.map((t) => t.id)).toEqual(['earthbench-46'])
    const t46 = available[0]
    expect(t46.reference_tools).toEqual(['get_filelist', 'compute_tvdi', 'calc_batch_image_mean_max_min'])
    expect(t46.answer).toBe('B')
    const spec = evalTaskSpec(t46, suite.dir)
    expect(spec.files).toEqual([shared('benchmarks', 'earthbench-q46', 'files')])
    expect(spec.options.map((o) => o.letter)).toEqual(['A', 'B', 'C', 'D'])
    expect(spec.options[1].text).toContain('0.6897')
    expect(suite.tasks.find((t) => t.id === 'earthbench-2')?.unavailable).toMatch(/not under the data folder/)
    expect(new Set(suite.tasks.map((t) => t.subset))).toEqual(new Set(lines.map((l) => l.modality_guess)))
  })

  it('selects the phrasing', () => {
    const line2 = lines.find((l) => l.id === '2')
    expect(earthBenchSuite(EARTHBENCH, { phrasing: 'user' }).tasks.find((t) => t.id === 'earthbench-2')?.question).toBe(line2.q_user.trim())
    expect(earthBenchSuite(EARTHBENCH, { phrasing: 'instruction' }).tasks.find((t) => t.id === 'earthbench-2')?.question).toBe(line2.q_instruction_following.trim())
    expect(() => earthBenchSuite(EARTHBENCH, { phrasing: 'loud' })).toThrow(/Unknown Earth-Bench phrasing 'loud'/)
  })

  it('is recognised from the file itself', () => {
    expect(adaptSuite(EARTHBENCH).tasks).toHaveLength(lines.length)
  })
})

describe('CHOICE and the option-less peers', () => {
  it('reads the sample folder as a suite, options split from the question', () => {
    const suite = adaptSuite(shared('benchmarks', 'choice-sample'))
    expect(suite.tasks).toHaveLength(21)
    const spec = evalTaskSpec(suite.tasks[0], suite.dir)
    expect(spec.options.length).toBeGreaterThanOrEqual(2)
    expect(spec.question).not.toMatch(/\nA\./)
    expect(fs.existsSync(spec.images[0])).toBe(true)
  })

  it('marks CHOICE items without images unavailable', () => {
    const suite = adaptSuite(shared('benchmarks', 'choice-dev.jsonl'))
    expect(suite.tasks).toHaveLength(105)
    expect(suite.tasks.every((t) => t.unavailable)).toBe(true)
  })

  it('puts ThinkGeo and TerraLogic samples in their task texts', () => {
    fs.writeFileSync(path.join(tmp.dir, 'a.png'), 'x')
    const file = path.join(tmp.dir, 'peer.jsonl')
    fs.writeFileSync(file, `${JSON.stringify({ id: 1, query: 'How far apart are the two towers?', image: 'a.png', answer: '42 m', tolerance: 1 })}\n`)
    const tl = adaptSuite(file, 'terralogic').tasks[0]
    expect(tl.question).toContain('Question: How far apart are the two towers?')
    expect(tl.question).toContain('<Answer>value unit</Answer>')
    expect(tl).toMatchObject({ answer_type: 'number', tolerance: 1, images: ['a.png'] })
    expect(tl.unavailable).toBeUndefined()
    const tg = adaptSuite(file, 'thinkgeo').tasks[0]
    expect(tg.question).toContain('Task: How far apart are the two towers?')
    expect(tg.answer_type).toBe('text')
    expect(() => adaptSuite(file)).toThrow(/Cannot tell which benchmark/)
  })
})

describe('suite files and results', () => {
  it('rejects a duplicated id and a bad reference in one sentence', () => {
    const dir = path.join(tmp.dir, 'bad')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'tasks.jsonl'), `${JSON.stringify({ id: 'a', question: 'q?', answer: 1 })}\n${JSON.stringify({ id: 'a', question: 'q?', answer: 1 })}\n`)
    expect(() => loadEvalSuite(dir)).toThrow(/lists the task id a twice/)
    fs.writeFileSync(path.join(dir, 'tasks.jsonl'), `${JSON.stringify({ id: 'a', question: 'q?', answer: 1, reference_observations: [{ value: 'x', tolerance: 0 }] })}\n`)
    expect(() => loadEvalSuite(dir)).toThrow(/Task a of the suite bad is not valid at reference_observations.0.value/)
  })

  it('parses configurations', () => {
    expect(parseConfigs('all')).toEqual(['base', 'verify', 'full'])
    expect(parseConfigs('full,base')).toEqual(['base', 'full'])
    expect(() => parseConfigs('fast')).toThrow(/Unknown configuration 'fast'/)
  })

  it('keeps outcomes per task and configuration, and reruns changed or failed tasks', () => {
    const file = path.join(tmp.dir, 'results', 'r.jsonl')
    const task = loadEvalSuite(shared('benchmarks', 'earthbench-q46')).tasks[0]
    const fp = taskFingerprint(task)
    const store = new ResultsStore(file)
    store.add(notRun(task, 'base', 'rules', 'unavailable', 'x', fp))
    store.add(notRun(task, 'full', 'rules', 'failed', 'boom', fp))
    fs.appendFileSync(file, '{"task": "cut sho')
    const again = new ResultsStore(file)
    expect(again.reusable(task, 'base', 'rules', fp)?.status).toBe('unavailable')
    expect(again.reusable(task, 'full', 'rules', fp)).toBeNull()
    expect(again.reusable(task, 'base', 'rules', taskFingerprint({ ...task, question: 'changed' }))).toBeNull()
    expect(again.reusable(task, 'base', 'openai:x', fp)).toBeNull()
    expect(taskFingerprint({ ...task })).toBe(fp)
    expect(new ResultsStore(file, true).reusable(task, 'base', 'rules', fp)).toBeNull()
  })
})
