/**
 * Nothing lost across a restart: a host over the same data folder restores the session's files (same ids, same
 * order, same info), re-reads files that changed, keeps missing ones with a sentence, forgets removed ones, keeps
 * referenced uploads and deletes orphaned ones at start. Without a usable database (the Electron build) it still
 * works, in memory, and says so in app.hello.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import { afterEach, describe, expect, it } from 'vitest'
import { createIpcHost, type IpcHost } from '../../../main/ipc'
import { FileRegistry, type FileJournal } from '../../../main/ipc/file-registry'
import { OWNER_FILE, UNOWNED_GRACE_MS, UploadStore } from '../../../main/ipc/uploads'
import { dataPaths } from '../../../main/store/paths'
import { openDatabase } from '../../../main/store/database'
import { SessionFileStore } from '../../../main/store/session-files'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const B4 = FIXTURES.B4
const ctx = { transport: 'websocket' as const }

const hosts: IpcHost[] = []
const cleanups: (() => void)[] = []
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
  cleanups.splice(0).forEach((c) => c())
})

function setup() {
  const t = tempDir()
  cleanups.push(t.cleanup)
  const dataDir = path.join(t.dir, 'data')
  const open = (extra: Partial<Parameters<typeof createIpcHost>[0]> = {}) => {
    const h = createIpcHost({ version: '0.0.1', dataDir, previews: 'inline', ...extra })
    hosts.push(h)
    return h
  }
  const close = async (h: IpcHost) => {
    hosts.splice(hosts.indexOf(h), 1)
    await h.close()
  }
  return { dir: t.dir, dataDir, open, close }
}

function png(file: string, width: number, height: number): void {
  fs.writeFileSync(file, PNG.sync.write(new PNG({ width, height })))
}

async function upload(h: IpcHost, name: string, bytes: Uint8Array): Promise<string> {
  const { uploadId } = await h.router.call('files.uploadBegin', { name, size: bytes.byteLength }, ctx)
  await h.router.call('files.uploadChunk', { uploadId, offset: 0, bytes }, ctx)
  const { added } = await h.router.call('files.uploadEnd', { uploadId }, ctx)
  return added[0].id
}

describe('session files across a restart', () => {
  it('restores the same files with the same ids, order and info, and previews them', async () => {
    const s = setup()
    const pic = path.join(s.dir, 'pic.png')
    png(pic, 5, 4)
    const first = s.open()
    const hello = await first.router.call('app.hello', {}, ctx)
    expect(hello.session).toEqual({ persisted: true, note: null })
    await first.router.call('files.add', { paths: [B4] }, ctx)
    await first.router.call('files.add', { paths: [pic] }, ctx)
    const upId = await upload(first, 'up.png', fs.readFileSync(pic))
    const textId = await upload(first, 'notes.tif', new TextEncoder().encode('not a raster'))
    const before = (await first.router.call('files.list', {}, ctx)).files
    expect(before.map((f) => f.origin)).toEqual(['path', 'path', 'upload', 'upload'])
    // An upload is named as it was dropped, never by its path inside the data folder.
    expect(before[3].error).toMatch(/^'notes\.tif' is not a GeoTIFF, PNG or JPEG file/)
    await s.close(first)

    const second = s.open()
    const after = (await second.router.call('files.list', {}, ctx)).files
    expect(after).toEqual(before)
    expect(after[0].info).toMatchObject({ kind: 'raster', width: 255, height: 259, rasterType: 'PixelIsPoint' })
    expect(fs.existsSync(after[2].path)).toBe(true)
    const p = await second.router.call('image.preview', { id: upId, maxSize: 64 }, ctx)
    expect([p.width, p.height]).toEqual([5, 4])
    const refused = await second.router.dispatch('image.preview', { id: textId }, ctx)
    expect(refused).toMatchObject({ ok: false, error: { code: 'unsupported-file', message: expect.stringMatching(/^'notes\.tif' is not/) } })
    await s.close(second)

    // An upload deleted behind RSure's back is listed with a sentence that fits an upload.
    fs.rmSync(path.dirname(after[2].path), { recursive: true })
    const third = s.open()
    const [, , gone] = (await third.router.call('files.list', {}, ctx)).files
    expect(gone.error).toBe("The uploaded 'up.png' is no longer in the data folder; drop it again.")
  })

  it('reads a changed file again, keeps a missing one with one sentence, and forgets a removed one', async () => {
    const s = setup()
    const [a, b, c] = ['a.png', 'b.png', 'c.png'].map((n) => path.join(s.dir, n))
    png(a, 5, 4)
    png(b, 6, 6)
    png(c, 7, 7)
    const first = s.open()
    const { added } = await first.router.call('files.add', { paths: [a, b, c] }, ctx)
    expect(await first.router.call('files.remove', { id: added[2].id }, ctx)).toEqual({ removed: true })
    await s.close(first)

    png(a, 9, 8) // changed: new size and time
    fs.utimesSync(a, new Date(), new Date(Date.now() + 5_000))
    fs.rmSync(b) // moved away
    const second = s.open()
    const files = (await second.router.call('files.list', {}, ctx)).files
    expect(files.map((f) => f.id)).toEqual([added[0].id, added[1].id])
    expect(files[0].info).toMatchObject({ width: 9, height: 8 })
    expect(files[1].info).toBeNull()
    expect(files[1].error).toBe(`'${b}' is missing; reconnect its drive or remove it from the list.`)
    await s.close(second)

    // The re-read info was saved: a third start sees it without reading the file (same size and time).
    const db = openDatabase({ file: dataPaths(s.dataDir).database })
    const store = new SessionFileStore(db)
    const stored = store.list(store.openWorkspace())
    db.close()
    // The missing file keeps its stored info, ready for when its drive is back.
    expect(stored.map((f) => f.info && (f.info as { width: number }).width)).toEqual([9, 6])
  })

  it('keeps referenced uploads and deletes orphaned partial ones when a host starts', async () => {
    const s = setup()
    const first = s.open()
    const kept = await upload(first, 'kept.png', PNG.sync.write(new PNG({ width: 2, height: 2 })))
    const keptPath = (await first.router.call('files.info', { id: kept }, ctx)).path
    // A partial upload, as left by a process that was killed mid-way (its pid is not running).
    const { uploadId } = await first.router.call('files.uploadBegin', { name: 'partial.tif', size: 100 }, ctx)
    await first.router.call('files.uploadChunk', { uploadId, offset: 0, bytes: new Uint8Array(10) }, ctx)
    const uploadsDir = path.join(s.dataDir, 'uploads')
    // close() deletes this process's unfinished uploads; copy the partial aside to stand in for a crashed one.
    const crashed = path.join(uploadsDir, 'u00000000000000aa')
    fs.cpSync(path.join(uploadsDir, uploadId), crashed, { recursive: true })
    fs.writeFileSync(path.join(crashed, OWNER_FILE), '2147483646')
    // One owned by a process that is still running (this test's parent) is left alone, and so is anything else.
    const live = path.join(uploadsDir, 'u00000000000000bb')
    fs.mkdirSync(live)
    fs.writeFileSync(path.join(live, 'x.tif'), 'x')
    fs.writeFileSync(path.join(live, OWNER_FILE), String(process.ppid))
    fs.writeFileSync(path.join(uploadsDir, 'README'), 'not an upload')
    await s.close(first)

    const second = s.open()
    await second.ready
    expect(fs.existsSync(crashed)).toBe(false)
    expect(fs.existsSync(path.join(uploadsDir, uploadId))).toBe(false)
    expect(fs.existsSync(keptPath)).toBe(true)
    expect(fs.existsSync(live)).toBe(true)
    expect(fs.existsSync(path.join(uploadsDir, 'README'))).toBe(true)
    // Removing the upload from the session deletes it, and a later start does not bring it back.
    await second.router.call('files.remove', { id: kept }, ctx)
    expect(fs.existsSync(keptPath)).toBe(false)
    await s.close(second)
    const third = s.open()
    expect((await third.router.call('files.list', {}, ctx)).files).toEqual([])
  })

  it('works in memory and says so when the database cannot be opened (the Electron build)', async () => {
    const s = setup()
    const h = s.open({
      openDb: () => {
        throw new Error('The module was compiled against a different Node.js version')
      },
    })
    const hello = await h.router.call('app.hello', {}, ctx)
    expect(hello.session.persisted).toBe(false)
    expect(hello.session.note).toMatch(/^The file list cannot be saved because the database did not open \(.*different Node\.js version\), so it will not be restored after a restart\.$/)
    const { added } = await h.router.call('files.add', { paths: [B4] }, ctx)
    expect(added).toHaveLength(1)
    expect((await h.router.call('files.list', {}, ctx)).files).toHaveLength(1)
    const memory = s.open({ persistence: 'memory' })
    expect((await memory.router.call('app.hello', {}, ctx)).session.persisted).toBe(false)
  })
})

describe('FileRegistry journal', () => {
  it('still adds and removes when the journal fails, and says so once per failure', async () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const pic = path.join(t.dir, 'p.png')
    png(pic, 3, 3)
    const messages: string[] = []
    const broken: FileJournal = {
      load: () => [],
      add: () => {
        throw new Error('SQLITE_FULL: database or disk is full')
      },
      update: () => undefined,
      remove: () => {
        throw new Error('SQLITE_BUSY')
      },
    }
    const reg = new FileRegistry({ journal: broken, onJournalError: (m) => messages.push(m) })
    const { added } = await reg.addPaths([pic])
    expect(reg.list()).toHaveLength(1)
    expect(reg.remove(added[0].id)?.id).toBe(added[0].id)
    expect(messages).toEqual([
      "The file list could not be saved after adding 'p.png' (SQLITE_FULL: database or disk is full), so it may not come back after a restart.",
      "The file list could not be saved after removing 'p.png' (SQLITE_BUSY), so it may not come back after a restart.",
    ])
  })

  it('gives a stored row whose id breaks the contract a fresh id instead of failing the list', async () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const pic = path.join(t.dir, 'p.png')
    png(pic, 3, 3)
    const stat = fs.statSync(pic)
    const calls: string[] = []
    const reg = new FileRegistry({
      journal: {
        load: () => [{ id: 'BAD ID', path: pic, name: 'p.png', origin: 'path', size: stat.size, mtimeMs: stat.mtimeMs, info: null, error: null }],
        add: (f) => calls.push(`add ${f[0].id}`),
        update: () => calls.push('update'),
        remove: (f) => calls.push(`remove ${f.id}`),
      },
    })
    await reg.restore()
    const [entry] = reg.list()
    expect(entry.id).toMatch(/^f[0-9a-f]{16}$/)
    expect(entry.info).toMatchObject({ kind: 'image', width: 3 })
    expect(calls).toEqual(['remove BAD ID', `add ${entry.id}`])
  })
})

describe('UploadStore.removeOrphans', () => {
  it('never touches folders that are not uploads, nor uploads in progress in this process', async () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const store = new UploadStore(path.join(t.dir, 'uploads'))
    const id = await store.begin('a.tif', 4)
    fs.mkdirSync(path.join(t.dir, 'uploads', 'keep-me'))
    expect(await store.removeOrphans(new Set(), () => false)).toEqual([])
    await store.chunk(id, 0, new Uint8Array(4))
    await store.end(id)
    const removed = await store.removeOrphans(new Set(), () => false)
    expect(removed).toEqual([path.join(t.dir, 'uploads', id)])
    expect(fs.existsSync(path.join(t.dir, 'uploads', 'keep-me'))).toBe(true)
  })

  it('leaves a fresh folder without an owner file (another process is making it) until it is a minute old', async () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const dir = path.join(t.dir, 'uploads')
    const young = path.join(dir, 'u00000000000000cc')
    fs.mkdirSync(young, { recursive: true })
    let now = Date.now()
    const store = new UploadStore(dir, () => now)
    expect(await store.removeOrphans(new Set(), () => false)).toEqual([])
    now += UNOWNED_GRACE_MS + 1_000
    expect(await store.removeOrphans(new Set(), () => false)).toEqual([young])
  })
})
