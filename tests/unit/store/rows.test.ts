/**
 * Rows are parsed at the store's one boundary (main/store/rows.ts): a row a hand edit or another version left in a
 * shape this version does not read (here a BLOB where text belongs, written with raw SQL) is refused with a sentence
 * naming its table when it is asked for alone, and left out of lists, so the other rows still show.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ArtifactStore } from '../../../main/store/artifacts'
import { openDatabase } from '../../../main/store/database'
import { RunStore } from '../../../main/store/runs'
import { SettingsStore } from '../../../main/store/settings'
import { z } from 'zod'
import { tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-rows-')
afterAll(() => tmp.cleanup())

describe('rows that do not fit', () => {
  it('a damaged run is refused alone and left out of lists; good runs and counts stay', () => {
    const db = openDatabase({ file: path.join(tmp.dir, 'a.sqlite') })
    const runs = new RunStore(db)
    const good = runs.createRun({ question: 'mean NDVI?' })
    const bad = runs.createRun({ question: 'damaged' })
    db.prepare("UPDATE runs SET question = X'00ff' WHERE id = ?").run(bad)
    expect(() => runs.getRun(bad)).toThrow(/^A row of the runs table does not have the shape this version of RSure reads \(question: /)
    expect(runs.getRun(good)?.question).toBe('mean NDVI?')
    expect(runs.listRuns().map((r) => r.id)).toEqual([good])
    expect(runs.searchRuns({}).runs.map((r) => r.id)).toEqual([good])
    expect(runs.searchRuns({}).total).toBe(2) // COUNT(*) counts the stored rows, damaged or not
    expect(runs.appendStep(good, 'note', { a: 1 })).toBe(0)
    expect(runs.appendStep(good, 'note', { a: 2 })).toBe(1)
    db.prepare("UPDATE trajectory_steps SET payload = X'00' WHERE run_id = ? AND seq = 0").run(good)
    expect(runs.trajectory(good).map((s) => [s.seq, s.payload])).toEqual([[1, { a: 2 }]])
    db.close()
  })

  it('a setting whose value is not text falls back to the default; an artifact record that does not fit is refused', () => {
    const db = openDatabase({ file: path.join(tmp.dir, 'b.sqlite') })
    const settings = new SettingsStore(db)
    settings.set('theme', 'dark')
    expect(settings.get('theme', z.string(), 'light')).toBe('dark')
    db.prepare("UPDATE settings SET value = X'00' WHERE key = 'theme'").run()
    expect(settings.get('theme', z.string(), 'light')).toBe('light')
    const artifacts = new ArtifactStore(path.join(tmp.dir, 'artifacts'), db)
    const a = artifacts.save(new Uint8Array([1, 2, 3]), { kind: 'raster:x', ext: 'bin', meta: { node: 'x' } })
    expect(artifacts.record(a.sha256)).toMatchObject({ kind: 'raster:x', bytes: 3, runId: null, meta: { node: 'x' } })
    db.prepare("UPDATE artifacts SET kind = X'00' WHERE sha256 = ?").run(a.sha256)
    expect(() => artifacts.record(a.sha256)).toThrow(/^A row of the artifacts table /)
    expect(artifacts.record('0'.repeat(64))).toBeUndefined()
    db.close()
  })
})
