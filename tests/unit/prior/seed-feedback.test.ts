import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConfigTriple } from '../../../main/prior/config-ids'
import { loadSeedDocument, SeedDocumentSchema, type SeedDocument } from '../../../main/prior/seed'
import { PriorStore } from '../../../main/prior/store'
import { openDatabase } from '../../../main/store/database'
import { RunStore } from '../../../main/store/runs'
import { tempDir } from '../../helpers/tmp'

const COUNT: ConfigTriple = { tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' }
const OBJECTS: ConfigTriple = { tool: 'perceive', coarse: 'perceive:objects', fine: 'perceive:objects|auto|tiles' }

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

function seedDoc(version: number, n: number): SeedDocument {
  return SeedDocumentSchema.parse({
    format: 'rsure-prior-seed',
    version,
    provenance: 'published',
    reference: 'test',
    entries: [{ task_type: 'object_counting', level: 'fine', config: COUNT.fine, n, n_valid: n }],
  })
}

describe('seed documents', () => {
  it('replace the rows of an older version of the same provenance and keep newer ones', () => {
    const db = openDatabase({ file: ':memory:' })
    const prior = new PriorStore(db, { seedDocument: seedDoc(1, 10) })
    expect(prior.cell('object_counting', 'fine', COUNT.fine).n).toBe(10)
    expect(prior.seed(seedDoc(2, 20))).toBe(true)
    expect(prior.cell('object_counting', 'fine', COUNT.fine).n).toBe(20)
    expect(prior.seed(seedDoc(1, 10))).toBe(false)
    expect(prior.cell('object_counting', 'fine', COUNT.fine).n).toBe(20)
  })

  it('refuses invalid seed files with the file, place and reason', () => {
    const t = tempDir()
    cleanup = t.cleanup
    const file = path.join(t.dir, 'seed.json')
    const good = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'resources', 'prior', 'published.json'), 'utf8'))
    fs.writeFileSync(file, JSON.stringify({ ...good, entries: [{ ...good.entries[0], n_valid: good.entries[0].n + 1 }] }))
    expect(() => loadSeedDocument(file)).toThrow(/seed\.json is not valid at entries\.0\.n_valid: n_valid \(\d+\) exceeds n/)
    fs.writeFileSync(file, JSON.stringify({ ...good, entries: [{ ...good.entries[0], level: 'fine' }] }))
    expect(() => loadSeedDocument(file)).toThrow(/is not a fine configuration id/)
    fs.writeFileSync(file, '{')
    expect(() => loadSeedDocument(file)).toThrow(/Cannot read the prior seed/)
  })
})

describe('analyst feedback on one observation', () => {
  function runWithTwoCalls() {
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const prior = new PriorStore(db, { seed: 'none' })
    // No task type stored: the run is typed by the classifier from its question.
    const runId = runs.createRun({ question: 'How many airplanes are on the apron?' })
    runs.appendStep(runId, 'tool_call', { call: 1, tool: 'perceive', args: {} }) // seq 0
    runs.appendStep(runId, 'tool_result', { call: 1, result: { status: 'ok', config: OBJECTS } }) // seq 1
    runs.appendStep(runId, 'verdict', { call: 1, decision: 'accept' }) // seq 2
    runs.appendStep(runId, 'tool_call', { call: 2, tool: 'measure', args: {} }) // seq 3
    runs.appendStep(runId, 'tool_result', { call: 2, result: { status: 'error', reason: 'no gsd', config: COUNT } }) // seq 4
    runs.appendStep(runId, 'answer', { text: 'A' }) // seq 5
    return { prior, runId }
  }

  it('judges only the call the marked step belongs to', () => {
    const { prior, runId } = runWithTwoCalls()
    expect(prior.feedback({ runId, correct: false, stepSeq: 2, note: 'two aircraft missed' })).toEqual({
      records: 1,
      taskType: 'object_counting',
      configs: [OBJECTS.fine],
    })
    expect(prior.cell('object_counting', 'coarse', 'perceive:objects')).toEqual({ n: 1, n_valid: 0, source: 'feedback' })
    expect(prior.recordsForRun(runId)[0]).toMatchObject({ uid: `feedback:${runId}:1`, step_seq: 1, note: 'two aircraft missed', valid: false })
  })

  it('explains why a mark cannot apply', () => {
    const { prior, runId } = runWithTwoCalls()
    expect(() => prior.feedback({ runId, correct: true, stepSeq: 4 })).toThrow(/returned 'error', which carries no observation/)
    expect(() => prior.feedback({ runId, correct: true, stepSeq: 5 })).toThrow(/belongs to no tool observation/)
    expect(() => prior.feedback({ runId: '', correct: true })).toThrow(/the run id is empty/)
  })
})
