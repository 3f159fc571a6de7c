/**
 * The named-session store (migration 006): rename and delete touch only sessions the analyst saved (never the
 * workspace or a CLI session, which have no saved_at); a deleted session's rows go, its runs stay, and the upload
 * paths it held are handed back for the caller to weigh.
 */
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../main/store/database'
import { NamedSessionStore } from '../../../main/store/named-sessions'
import { RunStore } from '../../../main/store/runs'
import { SessionFileStore, type StoredFile } from '../../../main/store/session-files'
import { tempDir } from '../../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

function file(id: string, p: string, origin: StoredFile['origin']): StoredFile {
  return { id, path: p, name: path.basename(p), origin, size: 10, mtimeMs: 1, info: null, error: null }
}

function setup() {
  const t = tempDir()
  cleanups.push(t.cleanup)
  const db = openDatabase({ file: path.join(t.dir, 'rsure.sqlite') })
  cleanups.unshift(() => db.close())
  const files = new SessionFileStore(db)
  const workspace = files.openWorkspace()
  files.add(workspace, [file('fa0001', '/data/a.tif', 'path'), file('fb0002', '/up/b.png', 'upload')])
  const runs = new RunStore(db)
  const runId = runs.createRun({ sessionId: workspace, question: 'q?', options: null, inputs: {}, settings: {} })
  return { db, files, workspace, runs, runId, named: new NamedSessionStore(db) }
}

describe('NamedSessionStore rename and delete', () => {
  it('renames a saved session and nothing else', () => {
    const { named, workspace, runId } = setup()
    const saved = named.save('First', workspace, [runId])
    expect(named.rename(saved.id, 'Second')).toEqual({ ...saved, name: 'Second' })
    expect(named.rename(workspace, 'Not a named session')).toBeUndefined()
    expect(named.list().map((s) => s.name)).toEqual(['Second'])
  })

  it('deletes a saved session with its rows, keeps its runs and the workspace, and returns the uploads it held', () => {
    const { db, named, files, workspace, runs, runId } = setup()
    const saved = named.save('To go', workspace, [runId])
    expect(saved).toMatchObject({ paths: ['/data/a.tif', '/up/b.png'], runIds: [runId] })
    expect(named.delete(workspace)).toEqual({ deleted: false, uploads: [] })
    expect(named.delete(saved.id)).toEqual({ deleted: true, uploads: ['/up/b.png'] })
    expect(named.delete(saved.id)).toEqual({ deleted: false, uploads: [] })
    expect(named.list()).toEqual([])
    expect(files.list(saved.id)).toEqual([])
    expect(db.prepare('SELECT COUNT(*) AS n FROM session_runs').get()).toEqual({ n: 0 })
    expect(runs.getRun(runId)?.id).toBe(runId)
    expect(files.list(workspace).map((f) => f.path)).toEqual(['/data/a.tif', '/up/b.png'])
  })
})
