import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../main/store/database'
import { RunStore } from '../../../main/store/runs'
import { measureConfig, perceiveConfig } from '../../../main/prior/config-ids'
import type { ConfigTriple } from '../../../main/prior/config-ids'
import type { RecordInput } from '../../../main/prior/records'
import { loadSeedDocument } from '../../../main/prior/seed'
import { PriorStore, reliability } from '../../../main/prior/store'

const COUNT: ConfigTriple = { tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' }

function emptyStore() {
  const db = openDatabase({ file: ':memory:' })
  return { db, prior: new PriorStore(db, { seed: 'none' }) }
}

/** `n` calibration records of which `valid` are right, for one task type and configuration. */
function records(n: number, valid: number, config = COUNT, taskType = 'object_counting'): RecordInput[] {
  return Array.from({ length: n }, (_, i) => ({
    taskType: taskType as RecordInput['taskType'],
    config,
    valid: i < valid,
    source: 'calibration' as const,
  }))
}

describe('PriorStore: seeded from the published matrix', () => {
  it('returns 0.975 at level fine for object counting with measure:count|auto|objects', () => {
    const db = openDatabase({ file: ':memory:' })
    const prior = new PriorStore(db)
    expect(prior.lookup('object_counting', COUNT)).toEqual({ r_hat: 0.975, level: 'fine', n: 38, n_valid: 38, source: 'published' })
  })

  it('reproduces every published score to three decimals with the smallest counts at or above n_min', () => {
    const doc = loadSeedDocument()
    expect(doc.provenance).toBe('published')
    expect(doc.entries.filter((e) => e.level === 'coarse')).toHaveLength(66)
    expect(doc.entries.filter((e) => e.level === 'fine').map((e) => e.config).sort()).toEqual([
      'measure:area|auto|regions',
      'measure:count|auto|objects',
    ])
    for (const e of doc.entries) {
      expect(e.n).toBeGreaterThanOrEqual(8)
      expect(Math.abs(reliability(e.n, e.n_valid) - (e.r_published as number))).toBeLessThan(0.0005)
      // A coarse cell holds at least the valid and invalid calls of the fine cells under it.
      const fine = doc.entries.filter((f) => f.level === 'fine' && f.task_type === e.task_type && f.config.split('|')[0] === e.config)
      const minValid = Math.max(0, ...fine.map((f) => f.n_valid))
      const minInvalid = Math.max(0, ...fine.map((f) => f.n - f.n_valid))
      expect(e.n_valid).toBeGreaterThanOrEqual(minValid)
      expect(e.n - e.n_valid).toBeGreaterThanOrEqual(minInvalid)
      // No smaller n >= 8 meeting that constraint reproduces the score.
      for (let n = 8; n < e.n; n++) {
        for (let k = minValid; k <= n - minInvalid; k++) {
          expect(Math.abs(reliability(n, k) - (e.r_published as number))).toBeGreaterThanOrEqual(0.0005 - 1e-12)
        }
      }
    }
  })

  it('answers the selected entries of table 3 at their levels', () => {
    const db = openDatabase({ file: ':memory:' })
    const prior = new PriorStore(db)
    const at = (t: string, coarse: string, fine = `${coarse}|x|y`) => prior.lookup(t, { coarse, fine })
    expect(at('object_counting', 'perceive:objects')).toMatchObject({ level: 'coarse', source: 'published' })
    expect(at('object_counting', 'perceive:objects')?.r_hat).toBeCloseTo(0.926, 3)
    expect(at('object_presence', 'perceive:objects')?.r_hat).toBeCloseTo(0.8, 3)
    expect(at('image_caption', 'perceive:evidence')?.r_hat).toBeCloseTo(0.923, 3)
    expect(at('change_detection', 'perceive:change')?.r_hat).toBeCloseTo(0.321, 3)
    expect(at('environmental_assessment', 'execute:raster.product')?.r_hat).toBeCloseTo(0.81, 3)
    expect(at('environmental_assessment', 'execute:asset.catalog')?.r_hat).toBeCloseTo(0.803, 3)
    const area = prior.lookup('physical_property', { coarse: 'measure:area', fine: 'measure:area|auto|regions' })
    expect(area?.level).toBe('fine')
    expect(area?.r_hat).toBeCloseTo(0.706, 3)
    // A coarse cell the paper left empty is None.
    expect(at('scene_classification', 'perceive:objects')).toBeNull()
  })

  it('seeds once: reopening does not duplicate or overwrite the seed', () => {
    const db = openDatabase({ file: ':memory:' })
    new PriorStore(db)
    const again = new PriorStore(db)
    expect(again.stats().seeds).toBe(68)
    expect(again.seed(loadSeedDocument())).toBe(false)
  })
})

describe('PriorStore: the n_min lookup rule', () => {
  it('uses the fine level from exactly n_min calls', () => {
    const { prior } = emptyStore()
    prior.record(records(8, 6))
    expect(prior.lookup('object_counting', COUNT)).toEqual({ r_hat: 0.7, level: 'fine', n: 8, n_valid: 6, source: 'calibration' })
  })

  it('falls back to coarse when the fine cell has n_min - 1 calls and the coarse one has n_min', () => {
    const { prior } = emptyStore()
    prior.record(records(7, 7))
    prior.record(records(1, 0, { ...COUNT, fine: 'measure:count|auto|regions' }))
    expect(prior.cell('object_counting', 'fine', COUNT.fine).n).toBe(7)
    expect(prior.lookup('object_counting', COUNT)).toEqual({ r_hat: 0.8, level: 'coarse', n: 8, n_valid: 7, source: 'calibration' })
  })

  it('returns None when neither level reaches n_min', () => {
    const { prior } = emptyStore()
    prior.record(records(7, 7))
    expect(prior.lookup('object_counting', COUNT)).toBeNull()
    expect(prior.lookup('object_presence', COUNT)).toBeNull()
    expect(prior.lookup('not_a_type', COUNT)).toBeNull()
  })

  it('keys cells by task type as well as configuration', () => {
    const { prior } = emptyStore()
    prior.record(records(10, 2, COUNT, 'resource_assessment'))
    expect(prior.lookup('object_counting', COUNT)).toBeNull()
    expect(prior.lookup('resource_assessment', COUNT)?.r_hat).toBeCloseTo(3 / 12, 12)
  })

  it('honours a configured n_min', () => {
    const db = openDatabase({ file: ':memory:' })
    const prior = new PriorStore(db, { seed: 'none', nMin: 3 })
    prior.record(records(3, 3))
    expect(prior.lookup('object_counting', COUNT)?.level).toBe('fine')
    expect(() => new PriorStore(db, { seed: 'none', nMin: 0 })).toThrow(/positive whole number/)
  })

  it('adds local records to the published counts and reports both provenances', () => {
    const db = openDatabase({ file: ':memory:' })
    const prior = new PriorStore(db)
    prior.record(records(2, 0))
    expect(prior.lookup('object_counting', COUNT)).toEqual({
      r_hat: reliability(40, 38),
      level: 'fine',
      n: 40,
      n_valid: 38,
      source: 'published+calibration',
    })
  })
})

describe('PriorStore: records', () => {
  it('replaces a record with the same run and step instead of counting it twice', () => {
    const { prior } = emptyStore()
    const one = { taskType: 'object_counting' as const, config: COUNT, valid: true, source: 'calibration' as const, runId: 'run-1', stepSeq: 3 }
    prior.record(one)
    prior.record({ ...one, valid: false })
    expect(prior.cell('object_counting', 'fine', COUNT.fine)).toEqual({ n: 1, n_valid: 0, source: 'calibration' })
  })

  it('rejects a record whose fine id does not refine its coarse id, with one sentence', () => {
    const { prior } = emptyStore()
    expect(() =>
      prior.record({ taskType: 'object_counting', config: { tool: 'measure', coarse: 'measure:area', fine: 'measure:count|auto|objects' }, valid: true, source: 'calibration' }),
    ).toThrow(/Prior record 0 is not valid at config.fine: fine id 'measure:count\|auto\|objects' does not refine 'measure:area'\./)
    expect(() => prior.record({ taskType: 'counting' as never, config: COUNT, valid: true, source: 'calibration' })).toThrow(/not one of the 21 task types/)
  })

  it('lists the matrix per level with r̂ computed from the summed counts', () => {
    const { prior } = emptyStore()
    prior.record(records(4, 3))
    prior.record(records(2, 2, perceiveConfig('objects', 'yolo-obb', 'tiles'), 'object_counting'))
    const fine = prior.matrix({ level: 'fine' })
    expect(fine.map((c) => [c.config, c.n, c.n_valid])).toEqual([
      ['measure:count|auto|objects', 4, 3],
      ['perceive:objects|yolo-obb|tiles', 2, 2],
    ])
    expect(prior.matrix({ level: 'coarse' }).find((c) => c.config === 'measure:count')?.r_hat).toBeCloseTo(4 / 6, 12)
    expect(measureConfig('count', null, 'objects')).toEqual(COUNT)
  })
})

describe('PriorStore: export and import', () => {
  it('round-trips losslessly through JSON', () => {
    const db = openDatabase({ file: ':memory:' })
    const prior = new PriorStore(db)
    prior.record(records(5, 4))
    prior.record({ taskType: 'change_detection', config: perceiveConfig('change', 'diff', 'full'), valid: false, source: 'feedback', runId: 'run-x', stepSeq: 2, note: 'missed the new road' })
    const first = prior.export()
    const json = JSON.parse(JSON.stringify(first))

    const other = new PriorStore(openDatabase({ file: ':memory:' }), { seed: 'none' })
    expect(other.import(json, 'replace')).toEqual({ seeds: 68, records: 6 })
    const second = other.export()
    expect({ ...second, exported_at: '' }).toEqual({ ...first, exported_at: '' })
    expect(other.lookup('object_counting', COUNT)).toEqual(prior.lookup('object_counting', COUNT))
    expect(other.matrix()).toEqual(prior.matrix())
  })

  it('merges without duplicating records it already has', () => {
    const { prior } = emptyStore()
    prior.record(records(3, 3).map((r, i) => ({ ...r, runId: 'run-1', stepSeq: i })))
    const doc = prior.export()
    expect(prior.import(doc, 'merge')).toEqual({ seeds: 0, records: 0 })
    const { prior: fresh } = emptyStore()
    fresh.record(records(1, 0).map((r) => ({ ...r, runId: 'run-2', stepSeq: 0 })))
    expect(fresh.import(doc, 'merge')).toEqual({ seeds: 0, records: 3 })
    expect(fresh.cell('object_counting', 'fine', COUNT.fine)).toEqual({ n: 4, n_valid: 3, source: 'calibration' })
  })

  it('refuses a document that is not a prior export, saying why', () => {
    const { prior } = emptyStore()
    expect(() => prior.import({ format: 'other' })).toThrow(/not valid at format: the document is not an RSure prior export/)
    const doc = prior.export()
    expect(() => prior.import({ ...doc, seeds: [{ ...loadSeedDocument().entries[0], tool: 'measure' }] })).toThrow(/not valid at seeds\.0/)
  })
})

describe('PriorStore: feedback', () => {
  it('marks every used observation of a run and replaces the mark when changed', () => {
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const prior = new PriorStore(db, { seed: 'none' })
    const runId = runs.createRun({ question: 'How many airplanes are on the apron?', taskType: 'object_counting' })
    runs.appendStep(runId, 'tool_call', { call: 1, tool: 'measure', args: {} })
    runs.appendStep(runId, 'tool_result', { call: 1, result: { status: 'ok', config: COUNT } })
    runs.appendStep(runId, 'answer', { text: 'B' })

    expect(prior.feedback({ runId, correct: false })).toEqual({ records: 1, taskType: 'object_counting', configs: [COUNT.fine] })
    expect(prior.cell('object_counting', 'fine', COUNT.fine)).toEqual({ n: 1, n_valid: 0, source: 'feedback' })
    prior.feedback({ runId, correct: true })
    expect(prior.cell('object_counting', 'fine', COUNT.fine)).toEqual({ n: 1, n_valid: 1, source: 'feedback' })
    expect(prior.clearFeedback(runId)).toBe(1)
    expect(prior.cell('object_counting', 'fine', COUNT.fine).n).toBe(0)
    expect(() => prior.feedback({ runId: 'run-missing', correct: true })).toThrow(/There is no run 'run-missing'/)
  })
})
