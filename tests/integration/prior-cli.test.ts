/**
 * The prior and classifier through the `rsure` command line, on a real data folder: the commands of DESIGN
 * section 7 and the "Done when" checks of the prior issue.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../main/cli/index'
import type { CliIo } from '../../main/cli/io'
import { openServices } from '../../main/services'
import { startScriptedModelServer } from '../helpers/scripted-model-server'
import { shared, tempDir } from '../helpers/tmp'

let dir: string
let cleanup: () => void

beforeEach(() => {
  ;({ dir, cleanup } = tempDir('rsure-prior-cli-'))
})
afterEach(() => cleanup())

async function rsure(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), signal: new AbortController().signal }
  const code = await main(argv, io)
  return { code, out, err }
}

const data = () => ['--data-dir', path.join(dir, 'data')]
const COUNT = { tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' }

describe('rsure classify', () => {
  it('types the CHOICE development file at >= 95% by rules, one JSON line per input', async () => {
    const file = shared('benchmarks', 'choice-dev.jsonl')
    const { code, out, err } = await rsure('classify', '--jsonl', file)
    expect(code).toBe(0)
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { id: string; task_type: string; by: string })
    const gold = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; task_type: string })
    expect(lines.map((l) => l.id)).toEqual(gold.map((g) => g.id))
    expect(lines.every((l) => l.by === 'rule')).toBe(true)
    const correct = lines.filter((l, i) => l.task_type === gold[i].task_type).length
    expect(correct / gold.length).toBeGreaterThanOrEqual(0.95)
    expect(err).toBe(`${correct}/105 labelled questions typed as labelled (${((100 * correct) / 105).toFixed(1)}%).\n`)
  })

  it('asks the configured backbone only when no rule fires', async () => {
    const server = await startScriptedModelServer({ other: [{ text: 'The task type is time_property.' }] })
    try {
      const file = path.join(dir, 'two.jsonl')
      fs.writeFileSync(file, ['{"id": "a", "question": "How many ships are in the harbour?"}', '{"id": "b", "question": "Tell me about this."}'].join('\n'))
      const r = await rsure('classify', '--jsonl', file, '--backbone', `openai:${server.url}#scripted`)
      expect(r.code).toBe(0)
      expect(r.out.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
        { id: 'a', task_type: 'object_counting', by: 'rule' },
        { id: 'b', task_type: 'time_property', by: 'model' },
      ])
      expect(server.requests).toHaveLength(1)
      expect(server.requests[0].text).toContain('Question: Tell me about this.')
    } finally {
      await server.close()
    }
    const rules = await rsure('classify', '--json', 'Tell me about this.')
    expect(JSON.parse(rules.out)).toMatchObject({ task_type: 'situation_inference', by: 'default', rule: null })
    const bad = await rsure('classify', '--backbone', 'gpt', 'Tell me about this.')
    expect(bad.code).toBe(2)
    expect(bad.err).toMatch(/^The backbone 'gpt' is not understood/)
  })

  it('types one question as JSON and rejects a malformed input line with one sentence', async () => {
    const one = await rsure('classify', '--json', 'How many storage tanks are visible in the image?')
    expect(JSON.parse(one.out)).toMatchObject({ task_type: 'object_counting', by: 'rule', rule: 'counting.how-many' })
    const bad = path.join(dir, 'bad.jsonl')
    fs.writeFileSync(bad, '{"id": "a"}\n')
    const r = await rsure('classify', '--jsonl', bad)
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/^Line 1 of .*bad\.jsonl is not valid at question: .*\.\n$/)
  })
})

describe('rsure prior', () => {
  it('query returns 0.975 at level fine for the published counting entry', async () => {
    const { code, out } = await rsure('prior', 'query', '--task', 'object_counting', '--config', 'measure:count|auto|objects', '--json', ...data())
    expect(code).toBe(0)
    expect(JSON.parse(out)).toEqual({ r_hat: 0.975, level: 'fine', n: 38, n_valid: 38, source: 'published' })
    const coarse = await rsure('prior', 'query', '--task', 'object_counting', '--config', 'perceive:objects|yolo|tiles', '--json', ...data())
    expect(JSON.parse(coarse.out)).toMatchObject({ level: 'coarse', source: 'published' })
    const none = await rsure('prior', 'query', '--task', 'time_property', '--config', 'perceive:objects|auto|full', '--json', ...data())
    expect(JSON.parse(none.out)).toBeNull()
  })

  it('calibrates from stored runs of a suite, takes feedback, and round-trips export/import', async () => {
    // A suite of nine counting tasks and their finished runs, as the agent stores them.
    const suite = path.join(dir, 'suite')
    fs.mkdirSync(suite)
    const tasks = Array.from({ length: 9 }, (_, i) => ({ id: `t${i}`, question: `How many ships are in harbour ${i}?`, answer: 5, answer_type: 'number' }))
    fs.writeFileSync(path.join(suite, 'tasks.jsonl'), tasks.map((t) => JSON.stringify(t)).join('\n'))
    const services = openServices({ dataDir: path.join(dir, 'data') })
    const runIds = tasks.map((t, i) => {
      const id = services.runs.createRun({ question: t.question, taskType: 'object_counting', inputs: { task_id: t.id } })
      services.runs.appendStep(id, 'tool_call', { call: 1, tool: 'measure', args: {} })
      services.runs.appendStep(id, 'tool_result', { call: 1, result: { status: 'ok', config: { ...COUNT, fine: 'measure:count|near|objects' } } })
      services.runs.finishRun(id, { status: 'finished', answer: i < 7 ? '5 ships' : '9 ships' })
      return id
    })
    services.close()

    const before = await rsure('prior', 'query', '--task', 'object_counting', '--config', 'measure:count|near|objects', '--json', ...data())
    expect(JSON.parse(before.out)).toMatchObject({ level: 'coarse', n: 60, n_valid: 59, source: 'published' })

    const cal = await rsure('prior', 'calibrate', '--suite', suite, '--json', ...data())
    expect(cal.code).toBe(0)
    expect(JSON.parse(cal.out)).toMatchObject({ tasks: 9, runs_judged: 9, records: 9, valid: 7, invalid: 2, unmatched: [] })
    const after = await rsure('prior', 'query', '--task', 'object_counting', '--config', 'measure:count|near|objects', '--json', ...data())
    expect(JSON.parse(after.out)).toEqual({ r_hat: 8 / 11, level: 'fine', n: 9, n_valid: 7, source: 'calibration' })

    // The analyst marks one run wrong: one more call, not valid, for the configuration it used.
    const fb = await rsure('prior', 'feedback', '--run', runIds[0], '--wrong', '--json', ...data())
    expect(JSON.parse(fb.out)).toEqual({ records: 1, taskType: 'object_counting', configs: ['measure:count|near|objects'] })
    const marked = await rsure('prior', 'query', '--task', 'object_counting', '--config', 'measure:count|near|objects', '--json', ...data())
    expect(JSON.parse(marked.out)).toEqual({ r_hat: 8 / 12, level: 'fine', n: 10, n_valid: 7, source: 'calibration+feedback' })

    const file = path.join(dir, 'prior.json')
    expect((await rsure('prior', 'export', '--out', file, ...data())).code).toBe(0)
    const other = ['--data-dir', path.join(dir, 'other')]
    const imp = await rsure('prior', 'import', file, '--replace', '--json', ...other)
    expect(JSON.parse(imp.out)).toEqual({ mode: 'replace', seeds: 68, records: 10 })
    const again = await rsure('prior', 'export', ...other)
    const first = JSON.parse(fs.readFileSync(file, 'utf8'))
    expect({ ...JSON.parse(again.out), exported_at: '' }).toEqual({ ...first, exported_at: '' })
    const shown = await rsure('prior', 'show', '--task', 'object_counting', '--level', 'fine', ...other)
    expect(shown.out).toContain('measure:count|near|objects  0.667  n=10')
  })

  it('says what is wrong in one sentence with a non-zero exit', async () => {
    const r1 = await rsure('prior', 'query', '--task', 'object_counting', ...data())
    expect(r1.code).toBe(2)
    expect(r1.err).toMatch(/needs --task and --config/)
    const r2 = await rsure('prior', 'calibrate', '--suite', path.join(dir, 'missing'), ...data())
    expect(r2.code).toBe(2)
    expect(r2.err).toMatch(/has no tasks\.jsonl/)
    fs.writeFileSync(path.join(dir, 'x.json'), '{"format":"nope"}')
    const r3 = await rsure('prior', 'import', path.join(dir, 'x.json'), ...data())
    expect(r3.code).toBe(1)
    expect(r3.err).toMatch(/^The prior document is not valid at format/)
  })
})
