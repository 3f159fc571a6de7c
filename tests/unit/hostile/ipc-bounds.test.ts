/**
 * Paths and bytes over IPC and the WebSocket: requests name files by the session's ids, never by path, so a path
 * outside the added files cannot be previewed or asked about; uploads are bounded by size and by free disk space,
 * and their refusals never show the data folder's path.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createIpcHost } from '../../../main/ipc'
import { UploadStore } from '../../../main/ipc/uploads'
import { tempDir } from '../../helpers/tmp'

const t = tempDir('rsure-ipc-bounds-')
const dataDir = path.join(t.dir, 'data')
const host = createIpcHost({ version: '1', dataDir, previews: 'inline' })
afterAll(async () => {
  await host.close?.()
  t.cleanup()
})
const ws = { transport: 'websocket' as const }

describe('IPC and WebSocket requests name only the session files', () => {
  it('a preview request carrying a path instead of a file id is refused by the contract', async () => {
    const r = await host.router.dispatch('image.preview', { id: '/etc/passwd' }, ws)
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
  })

  it('a preview or a run over a file id the session does not have is refused', async () => {
    expect(await host.router.dispatch('image.preview', { id: 'fabcd1234' }, ws)).toMatchObject({ ok: false, error: { code: 'not-found' } })
    const run = await host.router.dispatch('ask.start', { question: 'What is the mean?', options: '', fileIds: ['fabcd1234'] }, ws)
    expect(run).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })
})

describe('upload bounds', () => {
  it('refuses a declared 16 GiB upload, without the data folder in the message', async () => {
    const r = await host.router.dispatch('files.uploadBegin', { name: 'huge.tif', size: 16 * 2 ** 30 }, ws)
    expect(r).toMatchObject({ ok: false })
    const message = (r as { error: { message: string } }).error.message
    expect(message).toMatch(/^'huge\.tif' is 16\.0 GiB, more than the 4\.0 GiB an upload may be/)
    expect(message).not.toContain(dataDir)
  })

  it('refuses an upload the disk has no room for, counting uploads in progress', async () => {
    const store = new UploadStore(path.join(t.dir, 'small-disk'), Date.now, async () => 1024 * 2 ** 20)
    const id = await store.begin('a.tif', 600 * 2 ** 20)
    expect(id).toMatch(/^u[0-9a-f]{16}$/)
    await expect(store.begin('b.tif', 300 * 2 ** 20)).rejects.toThrow(/^There is no room for 'b\.tif' \(300 MiB\): the data folder's disk has 1\.0 GiB free, 600 MiB of it promised to uploads in progress;/)
    await store.close()
  })

  it('refuses names that are not file names', async () => {
    const store = new UploadStore(path.join(t.dir, 'names'), Date.now, async () => 2 ** 40)
    await expect(store.begin('..', 10)).rejects.toThrow(/cannot be used as a file name/)
    await expect(store.begin('.owner', 10)).rejects.toThrow(/cannot be used as a file name/)
    await store.close()
  })
})
