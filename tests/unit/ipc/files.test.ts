import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIpcHost, type IpcHost } from '../../../main/ipc'
import { FIXTURES, shared, tempDir } from '../../helpers/tmp'

const B4 = FIXTURES.B4

let tmp: { dir: string; cleanup: () => void }
let host: IpcHost
beforeAll(() => {
  tmp = tempDir()
  host = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data') })
})
afterAll(async () => {
  await host.close()
  tmp.cleanup()
})

describe('files and previews through the router', () => {
  it('adds a folder recursively, keeps files once, and describes each', async () => {
    const dir = path.join(tmp.dir, 'drop', 'sub')
    fs.mkdirSync(dir, { recursive: true })
    fs.copyFileSync(B4, path.join(dir, 'b4.TIF'))
    fs.writeFileSync(path.join(dir, 'readme.txt'), 'not an image')
    fs.writeFileSync(path.join(tmp.dir, 'drop', 'pic.png'), PNG.sync.write(new PNG({ width: 3, height: 2 })))
    const r = await host.router.call('files.add', { paths: [path.join(tmp.dir, 'drop'), path.join(tmp.dir, 'missing.tif')] })
    expect(r.added.map((f) => f.name).sort()).toEqual(['drop/pic.png', 'drop/sub/b4.TIF'])
    expect(r.skipped).toEqual([{ path: path.join(tmp.dir, 'missing.tif'), reason: 'It does not exist or cannot be read.' }])
    const b4 = r.added.find((f) => f.name.endsWith('b4.TIF'))!
    expect(b4.info).toMatchObject({ kind: 'raster', width: 255, height: 259 })
    const again = await host.router.call('files.add', { paths: [path.join(dir, 'b4.TIF')] })
    expect(again.added.map((f) => f.id)).toEqual([b4.id])
    expect((await host.router.call('files.list', {})).files).toHaveLength(2)
  })

  it('keeps an unreadable file with its one-sentence error, and refuses its preview', async () => {
    const bad = path.join(tmp.dir, 'bad.tif')
    fs.writeFileSync(bad, 'text')
    const { added } = await host.router.call('files.add', { paths: [bad] })
    expect(added[0].info).toBeNull()
    expect(added[0].error).toMatch(/is not a GeoTIFF, PNG or JPEG file/)
    const r = await host.router.dispatch('image.preview', { id: added[0].id }, { transport: 'ipc' })
    expect(r).toMatchObject({ ok: false, error: { code: 'unsupported-file' } })
  })

  it('uploads a file in ordered chunks, then previews and removes it', async () => {
    const bytes = fs.readFileSync(B4)
    const { uploadId } = await host.router.call('files.uploadBegin', { name: 'B4.TIF', size: bytes.length })
    const half = Math.floor(bytes.length / 2)
    const outOfOrder = await host.router.dispatch('files.uploadChunk', { uploadId, offset: half, bytes: bytes.subarray(half) }, { transport: 'websocket' })
    expect(outOfOrder).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringContaining('send chunks in order') } })
    const early = await host.router.dispatch('files.uploadEnd', { uploadId }, { transport: 'websocket' })
    expect(early).toMatchObject({ ok: false, error: { message: expect.stringContaining('incomplete') } })
    await host.router.call('files.uploadChunk', { uploadId, offset: 0, bytes: bytes.subarray(0, half) })
    await host.router.call('files.uploadChunk', { uploadId, offset: half, bytes: bytes.subarray(half) })
    const { added } = await host.router.call('files.uploadEnd', { uploadId })
    expect(added[0]).toMatchObject({ name: 'B4.TIF', origin: 'upload' })
    expect(added[0].path.startsWith(path.join(tmp.dir, 'data', 'uploads'))).toBe(true)
    const p = await host.router.call('image.preview', { id: added[0].id, maxSize: 128 })
    expect([p.width, p.height]).toEqual([126, 128])
    expect(Buffer.from(p.png.subarray(1, 4)).toString()).toBe('PNG')
    const events: string[] = []
    const off = host.hub.subscribe((e) => events.push(e))
    expect(await host.router.call('files.remove', { id: added[0].id })).toEqual({ removed: true })
    off()
    expect(events).toEqual(['files.removed'])
    expect(fs.existsSync(added[0].path)).toBe(false)
    const gone = await host.router.dispatch('files.info', { id: added[0].id }, { transport: 'ipc' })
    expect(gone).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })

  it('names a file whose pixels can no longer be decoded (cut short after it was added) in one sentence', async () => {
    const cut = path.join(tmp.dir, 'cut.tif')
    fs.copyFileSync(shared('fixtures', 'riotiler', 'red.tif'), cut)
    const { added } = await host.router.call('files.add', { paths: [cut] })
    expect(added[0].info).not.toBeNull()
    fs.truncateSync(cut, 2000)
    const r = await host.router.dispatch('image.preview', { id: added[0].id, maxSize: 64 }, { transport: 'ipc' })
    expect(r).toMatchObject({ ok: false, error: { code: 'unsupported-file' } })
    const message = (r as { error: { message: string } }).error.message
    // The reader validates the tile table before decoding, so the sentence names what is cut short.
    expect(message).toMatch(/^'cut\.tif' is a corrupt TIFF file: tile \d+ lies outside the file \(bytes \d+ to \d+ of 2000\); it is truncated or damaged, so copy or download it again\.$/)
  })

  it('tells every window and page about added files, by path or by upload, and stays quiet when nothing is new', async () => {
    const seen: { event: string; ids: string[] }[] = []
    const off = host.hub.subscribe((event, payload) => seen.push({ event, ids: (payload as { files: { id: string }[] }).files.map((f) => f.id) }))
    const pic = path.join(tmp.dir, 'told.png')
    fs.writeFileSync(pic, PNG.sync.write(new PNG({ width: 2, height: 2 })))
    const byPath = await host.router.call('files.add', { paths: [pic] })
    await host.router.call('files.add', { paths: [pic] })
    const bytes = fs.readFileSync(pic)
    const { uploadId } = await host.router.call('files.uploadBegin', { name: 'told.png', size: bytes.length })
    await host.router.call('files.uploadChunk', { uploadId, offset: 0, bytes })
    const byUpload = await host.router.call('files.uploadEnd', { uploadId })
    off()
    expect(seen).toEqual([
      { event: 'files.added', ids: [byPath.added[0].id] },
      { event: 'files.added', ids: [byUpload.added[0].id] },
    ])
  })

  it('refuses upload names that try to leave the uploads folder', async () => {
    const r = await host.router.dispatch('files.uploadBegin', { name: '../../etc/passwd', size: 10 }, { transport: 'websocket' })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
  })
})

describe('abandoned uploads', () => {
  it('are deleted once idle for longer than UPLOAD_IDLE_MS', async () => {
    const { UploadStore, UPLOAD_IDLE_MS } = await import('../../../main/ipc/uploads')
    let now = 1_000_000
    const store = new UploadStore(path.join(tmp.dir, 'idle-uploads'), () => now)
    const id = await store.begin('a.tif', 10)
    await store.chunk(id, 0, new Uint8Array(4))
    now += UPLOAD_IDLE_MS - 1
    await store.sweep()
    await store.chunk(id, 4, new Uint8Array(2)) // still there, and touched again
    now += UPLOAD_IDLE_MS + 1
    await store.begin('b.tif', 1) // sweeps first
    await expect(store.chunk(id, 6, new Uint8Array(4))).rejects.toThrow(/No upload .* is in progress/)
    expect(fs.existsSync(path.join(tmp.dir, 'idle-uploads', id))).toBe(false)
    await store.close()
  })
})
