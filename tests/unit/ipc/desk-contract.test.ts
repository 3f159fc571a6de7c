/**
 * Every desk channel is served, and every request off the contract is refused before a handler runs (code
 * invalid-request, one sentence naming where it is wrong) — the renderer can send nothing the contract does not
 * describe. Settings round-trip and the backbone probe answer in one sentence.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels } from '../../../preload/contract'
import { createIpcHost, type IpcHost } from '../../../main/ipc'
import { tempDir } from '../../helpers/tmp'

let tmp: { dir: string; cleanup: () => void }
let host: IpcHost
const ctx = { transport: 'websocket' as const }
const RUN = 'run-20261130T092301Z-1a2b3c4d'
const SHA = 'a'.repeat(64)

beforeAll(() => {
  tmp = tempDir()
  host = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data'), previews: 'inline' })
})
afterAll(async () => {
  await host.close()
  tmp.cleanup()
})

const DESK = [
  'ask.start', 'ask.cancel', 'runs.list', 'runs.get', 'runs.delete', 'runs.feedback', 'runs.layers', 'runs.exportReport',
  'layers.geojson', 'layers.export', 'prior.matrix', 'settings.get', 'settings.set', 'settings.testBackbone', 'layers.info', 'layers.tile',
] as const

/** Requests that break the contract, per channel. */
const OFF_CONTRACT: [string, unknown][] = [
  ['ask.start', {}],
  ['ask.start', { question: 'hi' }],
  ['ask.start', { question: 'What is the mean NDVI?', fileIds: ['../etc/passwd'] }],
  ['ask.start', { question: 'What is the mean NDVI?', backbone: { kind: 'openai', baseUrl: 'file:///etc', model: 'm' } }],
  ['ask.start', { question: 'What is the mean NDVI?', backbone: { kind: 'llama', path: '/x/model.bin' } }],
  ['ask.start', { question: 'What is the mean NDVI?', switches: { verify: 'yes' } }],
  ['ask.start', { question: 'What is the mean NDVI?', shell: 'rm -rf /' }],
  ['ask.cancel', { runId: 'x' }],
  ['runs.list', { limit: 0 }],
  ['runs.list', { status: 'done' }],
  ['runs.get', { runId: "run-1'; DROP TABLE runs; --" }],
  ['runs.delete', {}],
  ['runs.feedback', { runId: RUN, correct: 'right' }],
  ['runs.feedback', { runId: RUN, correct: true, stepSeq: -1 }],
  ['runs.layers', { runId: 42 }],
  ['runs.exportReport', { runId: RUN, format: 'docx' }],
  ['layers.geojson', { artifact: 'abc' }],
  ['layers.export', { artifact: SHA, format: 'shp' }],
  ['prior.matrix', { level: 'medium' }],
  ['settings.get', { secret: true }],
  ['settings.set', { dataDir: 'relative/folder' }],
  ['settings.set', { backbone: { kind: 'gpt' } }],
  ['settings.testBackbone', {}],
  ['layers.info', { layer: { path: '/etc/passwd' } }],
  ['layers.tile', { layer: { fileId: 'fabcdef' }, tile: { kind: 'xyz', z: 30, x: 0, y: 0 } }],
  ['layers.tile', { layer: { fileId: 'fabcdef' }, tile: { kind: 'pixel', x: 0, y: 0, width: 10, height: 10, outWidth: 9000, outHeight: 10 } }],
  ['layers.tile', { layer: { fileId: 'fabcdef' }, tile: { kind: 'xyz', z: 1, x: 0, y: 0 }, style: { bands: [1, 2] } }],
  ['layers.tile', { layer: { fileId: 'fabcdef' }, tile: { kind: 'xyz', z: 1, x: 0, y: 0 }, style: { stretch: { kind: 'percentile', low: 90, high: 10 } } }],
]

describe('desk channels on the contract', () => {
  it('serves every desk channel the contract declares', async () => {
    for (const c of DESK) {
      expect(Object.keys(channels)).toContain(c)
      const r = await host.router.dispatch(c, {}, ctx)
      if (!r.ok) expect(r.error.code, `${c}: ${r.error.message}`).not.toBe('unknown-channel')
    }
  })

  it.each(OFF_CONTRACT)('refuses an off-contract %s request before any handler runs', async (channel, payload) => {
    const r = await host.router.dispatch(channel, payload, ctx)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('invalid-request')
      expect(r.error.message).toMatch(new RegExp(`^The '${channel.replace('.', '\\.')}' request is invalid`))
    }
  })

  it('answers well-formed requests for things that do not exist with not-found', async () => {
    for (const [c, p] of [
      ['runs.get', { runId: RUN }],
      ['runs.feedback', { runId: RUN, correct: true }],
      ['runs.exportReport', { runId: RUN, format: 'html' }],
      ['layers.info', { layer: { fileId: 'fabcdef' } }],
      ['layers.export', { artifact: SHA, format: 'geotiff' }],
      ['layers.info', { layer: { basemap: true } }],
    ] as const) {
      const r = await host.router.dispatch(c, p, ctx)
      expect(r, c).toMatchObject({ ok: false, error: { code: 'not-found' } })
    }
  })

  it('keeps the chosen backbone and basemap in the database', async () => {
    expect(await host.router.call('settings.get', {})).toMatchObject({ backbone: { kind: 'rules' }, basemapPath: null, dataDir: path.join(tmp.dir, 'data') })
    const set = await host.router.call('settings.set', { backbone: { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'qwen' }, basemapPath: '/maps/base.tif' })
    expect(set).toMatchObject({ backbone: { kind: 'openai', model: 'qwen' }, basemapPath: '/maps/base.tif' })
    await host.close()
    host = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data'), previews: 'inline' })
    expect(await host.router.call('settings.get', {})).toMatchObject({ backbone: { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1' }, basemapPath: '/maps/base.tif' })
    await host.router.call('settings.set', { backbone: { kind: 'rules' }, basemapPath: null })
    expect(await host.router.call('settings.get', {})).toMatchObject({ backbone: { kind: 'rules' }, basemapPath: null })
  })

  it('remembers a data folder for the next start and shows it as pending', async () => {
    const saved = { xdg: process.env.XDG_DATA_HOME, dir: process.env.RSURE_DATA_DIR }
    process.env.XDG_DATA_HOME = path.join(tmp.dir, 'xdg')
    delete process.env.RSURE_DATA_DIR
    try {
      const next = path.join(tmp.dir, 'next-data')
      const r = await host.router.call('settings.set', { dataDir: next })
      expect(r).toMatchObject({ dataDir: path.join(tmp.dir, 'data'), pendingDataDir: next, dataDirSource: 'setting' })
      // A folder below a plain file can never be made.
      const blocker = path.join(tmp.dir, 'plain-file')
      fs.writeFileSync(blocker, 'x')
      const bad = await host.router.dispatch('settings.set', { dataDir: path.join(blocker, 'rsure') }, ctx)
      expect(bad).toMatchObject({ ok: false, error: { code: 'failed' } })
      expect((bad as { error: { message: string } }).error.message).toMatch(/^The data folder '.*plain-file\/rsure' cannot be reached \(a part of it is a file, not a folder\); choose a folder on a disk you may write to/)
    } finally {
      if (saved.xdg === undefined) delete process.env.XDG_DATA_HOME
      else process.env.XDG_DATA_HOME = saved.xdg
      if (saved.dir !== undefined) process.env.RSURE_DATA_DIR = saved.dir
    }
  })

  it('probes a backbone: an endpoint that lists the model, one that does not, nothing listening, a file that is not GGUF', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/v1/models') res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'qwen2.5' }, { id: 'llava' }] }))
      else res.writeHead(404).end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    try {
      const ok = await host.router.call('settings.testBackbone', { backbone: { kind: 'openai', baseUrl: url, model: 'qwen2.5' } })
      expect(ok).toMatchObject({ ok: true, models: ['qwen2.5', 'llava'] })
      const missing = await host.router.call('settings.testBackbone', { backbone: { kind: 'openai', baseUrl: url, model: 'gpt-x' } })
      expect(missing.ok).toBe(false)
      expect(missing.message).toMatch(/does not serve 'gpt-x'; it serves qwen2\.5, llava\.$/)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
    const down = await host.router.call('settings.testBackbone', { backbone: { kind: 'openai', baseUrl: url, model: 'qwen2.5' } })
    expect(down).toMatchObject({ ok: false })
    expect(down.message).toMatch(/^Nothing answered at .*; start the model server or correct the address\.$/)
    const notGguf = await host.router.call('settings.testBackbone', { backbone: { kind: 'llama', path: path.join(__filename, '..', 'x.gguf') } })
    expect(notGguf).toMatchObject({ ok: false })
    expect((await host.router.call('settings.testBackbone', { backbone: { kind: 'rules' } })).ok).toBe(true)
  })
})
