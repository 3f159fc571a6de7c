import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ArtifactStore, sha256 } from '../../../main/store/artifacts'
import { migrate, openDatabase } from '../../../main/store/database'
import { RunStore } from '../../../main/store/runs'
import { tempDir } from '../../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

function tmp() {
  const t = tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

describe('database', () => {
  it('opens in WAL mode with foreign keys and applies migrations once', () => {
    const file = path.join(tmp(), 'db.sqlite')
    const db = openDatabase({ file })
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    const version = db.pragma('user_version', { simple: true }) as number
    expect(version).toBeGreaterThanOrEqual(1)
    expect(migrate(db)).toBe(version)
    db.close()
  })

  it('refuses a migration list with a gap', () => {
    const db = openDatabase({ file: ':memory:', migrations: [] })
    expect(() => migrate(db, [{ version: 2, name: 'x', sql: 'SELECT 1' }])).toThrow(/gap or duplicate/)
  })

  it('refuses a database newer than the app', () => {
    const db = openDatabase({ file: ':memory:' })
    db.pragma('user_version = 999')
    expect(() => migrate(db)).toThrow(/newer than this app knows/)
  })
})

describe('runs and trajectories', () => {
  it('persists steps in order and reads them back', () => {
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const id = runs.createRun({ question: 'mean NDVI?', settings: { verify: true } })
    expect(runs.appendStep(id, 'tool_call', { tool: 'execute' })).toBe(0)
    expect(runs.appendStep(id, 'verdict', { decision: 'accept' })).toBe(1)
    runs.finishRun(id, { status: 'finished', answer: 'B', metrics: { tool_calls: 1 } })
    const run = runs.getRun(id)!
    expect(run.status).toBe('finished')
    expect(run.answer).toBe('B')
    expect(run.settings).toEqual({ verify: true })
    expect(runs.trajectory(id).map((s) => s.kind)).toEqual(['tool_call', 'verdict'])
    expect(runs.trajectory(id)[1].payload).toEqual({ decision: 'accept' })
  })

  it('marks runs of dead processes as interrupted, keeping their steps', () => {
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const id = runs.createRun({ question: 'q' })
    runs.appendStep(id, 'tool_call', { n: 1 })
    expect(runs.markInterrupted(() => true)).toEqual([])
    expect(runs.markInterrupted(() => false)).toEqual([id])
    expect(runs.getRun(id)!.status).toBe('interrupted')
    expect(runs.trajectory(id)).toHaveLength(1)
  })

  it('deletes a run with its steps (foreign keys cascade)', () => {
    const db = openDatabase({ file: ':memory:' })
    const runs = new RunStore(db)
    const id = runs.createRun({ question: 'q' })
    runs.appendStep(id, 'note', {})
    db.prepare('DELETE FROM runs WHERE id = ?').run(id)
    expect(runs.trajectory(id)).toEqual([])
  })
})

describe('artifact store', () => {
  it('stores bytes by sha256, once, and detects tampering', () => {
    const dir = tmp()
    const db = openDatabase({ file: ':memory:' })
    const store = new ArtifactStore(dir, db)
    const bytes = new TextEncoder().encode('{"type":"FeatureCollection","features":[]}')
    const a = store.save(bytes, { kind: 'geojson', ext: 'geojson' })
    const b = store.save(bytes, { kind: 'geojson', ext: 'geojson' })
    expect(a).toEqual(b)
    expect(a.sha256).toBe(sha256(bytes))
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(store.read(a).toString()).toContain('FeatureCollection')
    expect((db.prepare('SELECT COUNT(*) n FROM artifacts').get() as { n: number }).n).toBe(1)
    fs.writeFileSync(a.path, 'changed')
    expect(() => store.read(a)).toThrow(/no longer matches/)
  })
})
