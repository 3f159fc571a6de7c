/**
 * The session-files repository (migration 003): the workspace session is reopened, files keep their order, a path is
 * stored once per session, rows can be updated and removed, uploads still referenced are found, and a database made
 * before migration 003 is upgraded without losing its sessions.
 */
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate, openDatabase } from '../../../main/store/database'
import { migrations } from '../../../main/store/migrations/index'
import { SessionFileStore, type StoredFile } from '../../../main/store/session-files'
import { tempDir } from '../../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

function file(id: string, p: string, extra: Partial<StoredFile> = {}): StoredFile {
  return { id, path: p, name: path.basename(p), origin: 'path', size: 10, mtimeMs: 1234.5, info: { kind: 'image', width: 3 }, error: null, ...extra }
}

describe('SessionFileStore', () => {
  it('reopens the same workspace session after the database is closed and opened again', () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const dbFile = path.join(t.dir, 'rsure.sqlite')
    const db1 = openDatabase({ file: dbFile })
    const s1 = new SessionFileStore(db1)
    const id = s1.openWorkspace()
    s1.add(id, [file('fa0001', '/data/a.tif'), file('fb0002', '/data/b.png', { info: null, error: "'b.png' is not a PNG." })])
    db1.close()

    const db2 = openDatabase({ file: dbFile })
    const s2 = new SessionFileStore(db2)
    expect(s2.openWorkspace()).toBe(id)
    expect(s2.list(id)).toEqual([
      file('fa0001', '/data/a.tif'),
      file('fb0002', '/data/b.png', { info: null, error: "'b.png' is not a PNG." }),
    ])
    db2.close()
  })

  it('ignores sessions never opened in a window (e.g. made by rsure ask) when choosing the workspace', () => {
    const db = openDatabase({ file: ':memory:' })
    db.prepare("INSERT INTO sessions (id, title) VALUES ('ses-ask', 'ask')").run()
    const id = new SessionFileStore(db).openWorkspace()
    expect(id).not.toBe('ses-ask')
    expect(id).toMatch(/^ses-/)
  })

  it('appends in order, keeps a path once, updates and removes by id or path', () => {
    const db = openDatabase({ file: ':memory:' })
    const store = new SessionFileStore(db)
    const id = store.openWorkspace()
    store.add(id, [file('fa0001', '/x/a.tif')])
    store.add(id, [file('fb0002', '/x/b.tif'), file('fc0003', '/x/a.tif')])
    expect(store.list(id).map((f) => f.id)).toEqual(['fa0001', 'fb0002'])

    store.update(id, { id: 'fb0002', size: 99, mtimeMs: 5, info: null, error: 'gone bad' })
    expect(store.list(id)[1]).toMatchObject({ size: 99, mtimeMs: 5, info: null, error: 'gone bad' })

    expect(store.remove(id, { id: 'fzzzz9', path: '/x/a.tif' })).toBe(true)
    expect(store.remove(id, { id: 'fb0002', path: '/elsewhere' })).toBe(true)
    expect(store.remove(id, { id: 'fb0002', path: '/x/b.tif' })).toBe(false)
    expect(store.list(id)).toEqual([])
  })

  it('lists the uploads any session still references, and drops a session with its files', () => {
    const db = openDatabase({ file: ':memory:' })
    const store = new SessionFileStore(db)
    const id = store.openWorkspace()
    store.add(id, [file('fa0001', '/d/uploads/u1/a.tif', { origin: 'upload' }), file('fb0002', '/home/b.tif')])
    expect([...store.referencedPaths('upload')]).toEqual(['/d/uploads/u1/a.tif'])
    db.prepare('DELETE FROM sessions WHERE id = ?').run(id)
    expect(store.referencedPaths('upload').size).toBe(0)
    expect(store.list(id)).toEqual([])
  })

  it('leaves out rows a damaged database holds and reads bad JSON info as null', () => {
    const db = openDatabase({ file: ':memory:' })
    const store = new SessionFileStore(db)
    const id = store.openWorkspace()
    store.add(id, [file('fa0001', '/x/a.tif')])
    db.prepare("INSERT INTO session_files (session_id, file_id, seq, path, name, origin, info) VALUES (?, 'fb0002', 5, '', 'b', 'path', '{oops')").run(id)
    db.prepare("INSERT INTO session_files (session_id, file_id, seq, path, name, origin, info) VALUES (?, 'fc0003', 6, '/x/c.tif', 'c', 'path', '{oops')").run(id)
    expect(store.list(id).map((f) => [f.id, f.info])).toEqual([
      ['fa0001', { kind: 'image', width: 3 }],
      ['fc0003', null],
    ])
  })

  it('upgrades a database made before migration 003 and keeps its sessions', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.filter((m) => m.version < 3) })
    expect(db.pragma('user_version', { simple: true })).toBe(2)
    db.prepare("INSERT INTO sessions (id, title) VALUES ('ses-old', 'old')").run()
    expect(migrate(db)).toBe(migrations.at(-1)!.version)
    expect(db.prepare('SELECT id, opened_at FROM sessions').all()).toEqual([{ id: 'ses-old', opened_at: null }])
    const store = new SessionFileStore(db)
    const id = store.openWorkspace()
    store.add(id, [file('fa0001', '/x/a.tif')])
    expect(store.list(id)).toHaveLength(1)
  })
})
