/**
 * The renderer's WebSocket transport against a real `rsure serve` server: typed requests, errors as
 * RsureRequestError, chunked uploads of File objects, pushed events.
 */
import fs from 'node:fs'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RsureRequestError, UPLOAD_CHUNK_BYTES, type RsureApi } from '../../../preload/contract'
import { websocketApi } from '../../../renderer/src/transport/websocket'
import { startServer, type RunningServer } from '../../../main/server/server'
import { FIXTURES, shared, tempDir } from '../../helpers/tmp'

const RGBN = FIXTURES.RGBN

let tmp: { dir: string; cleanup: () => void }
let server: RunningServer
let api: RsureApi

beforeAll(async () => {
  tmp = tempDir()
  const web = path.join(tmp.dir, 'web')
  fs.mkdirSync(web)
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html>')
  server = await startServer({ port: 0, rendererDir: web, dataDir: path.join(tmp.dir, 'data'), version: '1.0.0' })
  // A browser sends its page's Origin by itself; ws in Node needs to be told.
  const origin = server.origin
  class BrowserLikeSocket extends WebSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols, { origin })
    }
  }
  api = await websocketApi(`ws://127.0.0.1:${server.port}/ws`, server.token, BrowserLikeSocket as unknown as typeof globalThis.WebSocket)
})
afterAll(async () => {
  await server.close()
  tmp.cleanup()
})

describe('renderer WebSocket transport', () => {
  it('says which transport it is and answers typed requests', async () => {
    expect(api.transport).toBe('websocket')
    const hello = await api.invoke('app.hello', {})
    expect(hello.transport).toBe('websocket')
    expect(hello.extensions).toContain('.tif')
  })

  it('rejects failures with RsureRequestError carrying the code', async () => {
    const err = await api.invoke('files.info', { id: 'fdeadbeef' }).catch((e) => e)
    expect(err).toBeInstanceOf(RsureRequestError)
    expect(err.code).toBe('not-found')
    const bad = await api.invoke('files.info', { id: 7 as unknown as string }).catch((e) => e)
    expect(bad.code).toBe('invalid-request')
  })

  it('uploads a File in several chunks and reports progress', async () => {
    const bytes = fs.readFileSync(RGBN)
    expect(bytes.length).toBeLessThan(UPLOAD_CHUNK_BYTES) // one chunk; the next test forces several
    const file = new File([bytes], 'rgbn.tif')
    const progress: number[] = []
    const r = await api.addFiles([file], (sent) => progress.push(sent))
    expect(r.skipped).toEqual([])
    expect(r.added[0].info).toMatchObject({ kind: 'raster', width: 515, height: 403, bandCount: 4 })
    expect(progress.at(-1)).toBe(bytes.length)
    expect(fs.readFileSync(r.added[0].path).equals(bytes)).toBe(true)
  })

  it('sends a file larger than one chunk intact', async () => {
    const big = Buffer.alloc(UPLOAD_CHUNK_BYTES * 2 + 123)
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251
    const png = fs.readFileSync(shared('fixtures', 'levircd', 'A', 'test_2_0000_0000.png'))
    png.copy(big) // a valid PNG header followed by padding: describable from its header
    const r = await api.addFiles([new File([big], 'big.png')])
    expect(r.added).toHaveLength(1)
    expect(fs.readFileSync(r.added[0].path).equals(big)).toBe(true)
  })

  it('receives pushed events', async () => {
    const { files } = await api.invoke('files.list', {})
    const seen = new Promise<string>((resolve) => {
      const off = api.on('files.removed', ({ id }) => {
        off()
        resolve(id)
      })
    })
    await api.invoke('files.remove', { id: files[0].id })
    expect(await seen).toBe(files[0].id)
  })
})
