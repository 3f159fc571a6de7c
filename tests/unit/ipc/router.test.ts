import { describe, expect, it, vi } from 'vitest'
import { createRouter } from '../../../main/ipc/router'
import { RsureError } from '../../../main/ipc/errors'
import { FileFormatError } from '../../../main/engines/raster/describe'

const ctx = { transport: 'ipc' as const }
const hello = {
  app: 'rsure-desktop' as const,
  version: '1.2.3',
  transport: 'ipc' as const,
  platform: 'linux',
  dataDir: '/data',
  extensions: ['.tif'],
  session: { persisted: true, note: null },
}

describe('router', () => {
  it('rejects a request that does not match the contract before the handler runs', async () => {
    const handler = vi.fn(() => ({ files: [] }))
    const router = createRouter({ 'files.info': handler as never })
    const r = await router.dispatch('files.info', { id: 42 }, ctx)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('invalid-request')
    expect(r.error.message).toMatch(/^The 'files.info' request is invalid at 'id': .+; fix the request to match preload\/contract.ts\.$/)
    expect(handler).not.toHaveBeenCalled()
  })

  it('rejects unknown keys, missing fields and wrong channels', async () => {
    const handler = vi.fn()
    const router = createRouter({ 'files.add': handler as never, 'image.preview': handler as never })
    const extra = await router.dispatch('files.add', { paths: ['/a.tif'], evil: true }, ctx)
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
    const empty = await router.dispatch('files.add', { paths: [] }, ctx)
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('give at least one path') } })
    const twoBands = await router.dispatch('image.preview', { id: 'f0123abcd', bands: [1, 2] }, ctx)
    expect(twoBands).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('one band or three') } })
    const unknown = await router.dispatch('shell.exec', { cmd: 'rm -rf /' }, ctx)
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    const notString = await router.dispatch({ toString: () => 'files.add' }, {}, ctx)
    expect(notString).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    const proto = await router.dispatch('__proto__', {}, ctx)
    expect(proto).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    expect(handler).not.toHaveBeenCalled()
  })

  it('answers a valid request with the handler value', async () => {
    const router = createRouter({ 'app.hello': (_req, c) => ({ ...hello, transport: c.transport }) })
    const r = await router.dispatch('app.hello', {}, { transport: 'websocket' })
    expect(r).toEqual({ ok: true, value: { ...hello, transport: 'websocket' } })
  })

  it('maps thrown errors to codes with one sentence', async () => {
    const router = createRouter({
      'files.info': () => {
        throw new RsureError('not-found', "No file 'f0000' in this session; add it again")
      },
      'files.list': () => {
        throw new FileFormatError("'x.tif' is not a GeoTIFF, PNG or JPEG file.")
      },
      'files.remove': () => {
        throw new TypeError('boom')
      },
    })
    expect(await router.dispatch('files.info', { id: 'f0000' }, ctx)).toEqual({
      ok: false,
      error: { code: 'not-found', message: "No file 'f0000' in this session; add it again." },
    })
    expect(await router.dispatch('files.list', {}, ctx)).toMatchObject({ ok: false, error: { code: 'unsupported-file' } })
    const internal = await router.dispatch('files.remove', { id: 'f0000' }, ctx)
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringContaining('boom') } })
  })

  it('refuses to send a response that breaks the contract', async () => {
    const router = createRouter({ 'app.hello': () => ({ ...hello, version: 7 }) as never })
    const r = await router.dispatch('app.hello', {}, ctx)
    expect(r).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringContaining("'version'") } })
  })

  it('call() returns the value or throws the message', async () => {
    const router = createRouter({ 'app.hello': () => hello })
    await expect(router.call('app.hello', {})).resolves.toEqual(hello)
    await expect(router.call('files.list', {})).rejects.toThrow(/not serve it yet/)
  })
})
