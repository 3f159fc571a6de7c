/**
 * Named sessions over the IPC router (issue 17): save the desk's files and runs under a name, list it, and open it
 * after the desk moved on. An upload the named session holds survives "remove" on the desk (it is deleted once no
 * session lists it), and opening the session brings the same files back, described again from disk, and its runs.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import { afterEach, describe, expect, it } from 'vitest'
import { createIpcHost, type IpcHost } from '../../../main/ipc'
import { tempDir } from '../../helpers/tmp'

const ctx = { transport: 'websocket' as const }
const hosts: IpcHost[] = []
const cleanups: (() => void)[] = []
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
  cleanups.splice(0).forEach((c) => c())
})

function host(): { h: IpcHost; dir: string } {
  const t = tempDir()
  cleanups.push(t.cleanup)
  const h = createIpcHost({ version: '0.0.1', dataDir: path.join(t.dir, 'data'), previews: 'inline' })
  hosts.push(h)
  return { h, dir: t.dir }
}

function pngBytes(width: number, height: number): Uint8Array {
  return PNG.sync.write(new PNG({ width, height }))
}

async function upload(h: IpcHost, name: string, bytes: Uint8Array) {
  const { uploadId } = await h.router.call('files.uploadBegin', { name, size: bytes.byteLength }, ctx)
  await h.router.call('files.uploadChunk', { uploadId, offset: 0, bytes }, ctx)
  return (await h.router.call('files.uploadEnd', { uploadId }, ctx)).added[0]
}

describe('named sessions (sessions.save, sessions.list, sessions.open)', () => {
  it('keeps a held upload when the desk removes it, deletes an upload no session holds, and restores files and runs', async () => {
    const { h, dir } = host()
    const onDisk = path.join(dir, 'on-disk.png')
    fs.writeFileSync(onDisk, pngBytes(7, 3))
    const [byPath] = (await h.router.call('files.add', { paths: [onDisk] }, ctx)).added
    const held = await upload(h, 'held.png', pngBytes(5, 4))
    const runs = h.deps.services!.runs
    const runId = runs.createRun({ sessionId: h.deps.session.id, question: 'q?', options: null, inputs: {}, settings: {} })

    const saved = await h.router.call('sessions.save', { name: '  Two pictures  ', runIds: [runId] }, ctx)
    expect(saved).toMatchObject({ name: 'Two pictures', files: 2, runs: 1, paths: [onDisk, held.path], runIds: [runId] })
    expect((await h.router.call('sessions.list', {}, ctx)).sessions.map((s) => s.name)).toEqual(['Two pictures'])

    // The desk moves on: both removed, an upload no session holds added and removed.
    for (const f of [byPath, held]) await h.router.call('files.remove', { id: f.id }, ctx)
    expect(fs.existsSync(held.path)).toBe(true)
    const loose = await upload(h, 'loose.png', pngBytes(2, 2))
    await h.router.call('files.remove', { id: loose.id }, ctx)
    expect(fs.existsSync(loose.path)).toBe(false)
    const other = path.join(dir, 'other.png')
    fs.writeFileSync(other, pngBytes(9, 9))
    await h.router.call('files.add', { paths: [other] }, ctx)

    const opened = await h.router.call('sessions.open', { id: saved.id }, ctx)
    expect(opened.runIds).toEqual([runId])
    expect(opened.skipped).toEqual([])
    expect(opened.files.map((f) => [f.name, f.origin, f.path])).toEqual([
      ['on-disk.png', 'path', onDisk],
      ['held.png', 'upload', held.path],
    ])
    expect(opened.files.map((f) => f.info && [f.info.width, f.info.height])).toEqual([
      [7, 3],
      [5, 4],
    ])
    expect((await h.router.call('files.list', {}, ctx)).files.map((f) => f.name)).toEqual(['on-disk.png', 'held.png'])
  })

  it('refuses an empty name and an unknown session with a sentence', async () => {
    const { h } = host()
    expect(await h.router.dispatch('sessions.save', { name: '   ', runIds: [] }, ctx)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/name/) },
    })
    expect(await h.router.dispatch('sessions.open', { id: 'ses-20261203T000000Z-00000000' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: expect.stringMatching(/^No named session/) },
    })
  })
})

describe('named sessions: rename and delete (sessions.rename, sessions.delete)', () => {
  it('renames a saved session, keeping its files, runs and date; refuses an empty name and an unknown session', async () => {
    const { h } = host()
    await upload(h, 'a.png', pngBytes(3, 3))
    const runId = h.deps.services!.runs.createRun({ sessionId: h.deps.session.id, question: 'q?', options: null, inputs: {}, settings: {} })
    const saved = await h.router.call('sessions.save', { name: 'First name', runIds: [runId] }, ctx)

    const renamed = await h.router.call('sessions.rename', { id: saved.id, name: '  Harbour pair  ' }, ctx)
    expect(renamed).toEqual({ ...saved, name: 'Harbour pair' })
    expect((await h.router.call('sessions.list', {}, ctx)).sessions).toEqual([renamed])

    expect(await h.router.dispatch('sessions.rename', { id: saved.id, name: '  ' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
    expect(await h.router.dispatch('sessions.rename', { id: saved.id, name: 'x'.repeat(121) }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid-request' },
    })
    expect(await h.router.dispatch('sessions.rename', { id: 'ses-20261203T000000Z-00000000', name: 'n' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: expect.stringMatching(/^No named session/) },
    })
  })

  it('deletes a saved session: its runs stay in History, an upload only it held is deleted, one the desk shows is kept', async () => {
    const { h } = host()
    const onDesk = await upload(h, 'on-desk.png', pngBytes(4, 4))
    const onlyHeld = await upload(h, 'only-held.png', pngBytes(2, 2))
    const runId = h.deps.services!.runs.createRun({ sessionId: h.deps.session.id, question: 'q?', options: null, inputs: {}, settings: {} })
    const saved = await h.router.call('sessions.save', { name: 'To go', runIds: [runId] }, ctx)
    const kept = await h.router.call('sessions.save', { name: 'To keep', runIds: [] }, ctx)
    await h.router.call('files.remove', { id: onlyHeld.id }, ctx)
    // Still held by both sessions: deleting one keeps it.
    expect(await h.router.call('sessions.delete', { id: saved.id }, ctx)).toEqual({ deleted: true })
    expect(fs.existsSync(onlyHeld.path)).toBe(true)
    expect((await h.router.call('sessions.list', {}, ctx)).sessions.map((s) => s.name)).toEqual(['To keep'])
    expect((await h.router.call('runs.get', { runId }, ctx)).run.id).toBe(runId)

    // The last session that held it goes: the upload goes with it; the one on the desk stays.
    expect(await h.router.call('sessions.delete', { id: kept.id }, ctx)).toEqual({ deleted: true })
    expect(fs.existsSync(onlyHeld.path)).toBe(false)
    expect(fs.existsSync(onDesk.path)).toBe(true)
    expect((await h.router.call('files.list', {}, ctx)).files.map((f) => f.name)).toEqual(['on-desk.png'])
    expect((await h.router.call('sessions.list', {}, ctx)).sessions).toEqual([])

    // Gone already, and the workspace itself, are not deleted.
    expect(await h.router.call('sessions.delete', { id: kept.id }, ctx)).toEqual({ deleted: false })
    expect(await h.router.call('sessions.delete', { id: h.deps.session.id! }, ctx)).toEqual({ deleted: false })
    expect((await h.router.call('files.list', {}, ctx)).files.map((f) => f.name)).toEqual(['on-desk.png'])
    expect(await h.router.dispatch('sessions.delete', { id: '../x' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
  })
})
