import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../main/cli/index'
import type { CliIo } from '../../main/cli/io'
import { FIXTURES, tempDir } from '../helpers/tmp'

const t = tempDir('rsure-exec-cli-')
let saved: string | undefined
beforeAll(() => {
  saved = process.env.RSURE_DATA_DIR
  process.env.RSURE_DATA_DIR = path.join(t.dir, 'data')
  process.env.RSURE_RASTER_WORKERS = '1'
})
afterAll(() => {
  delete process.env.RSURE_RASTER_WORKERS
  if (saved === undefined) delete process.env.RSURE_DATA_DIR
  else process.env.RSURE_DATA_DIR = saved
  t.cleanup()
})

async function cli(args: string[]) {
  let out = ''
  let err = ''
  const io: CliIo = { stdout: (s) => void (out += s), stderr: (s) => void (err += s), signal: new AbortController().signal }
  const code = await main(args, io)
  return { code, out, err }
}

function dagFile(name: string, dag: unknown): string {
  const f = path.join(t.dir, name)
  fs.writeFileSync(f, JSON.stringify(dag))
  return f
}

const B4 = FIXTURES.B4

describe('rsure exec', () => {
  it('prints the ToolResult as one JSON document with --json', async () => {
    const f = dagFile('ok.json', { nodes: [{ id: 'r', op: 'raster.read', params: { path: B4, nodata: 0 } }, { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean'] }, inputs: { data: '@r' } }], output: 's' })
    const r = await cli(['exec', '--dag', f, '--json'])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.out)
    expect(doc.status).toBe('ok')
    expect(doc.observation.count).toBe(46100)
    expect(doc.config.coarse).toBe('execute:raster.summarize')
    expect(doc.evidence.source.band_mapping.r.path).toBe(B4)
  })

  it('prints a human summary without --json', async () => {
    const f = dagFile('human.json', { nodes: [{ id: 'r', op: 'raster.read', params: { path: B4, nodata: 0 } }, { id: 's', op: 'raster.summarize', params: { stats: ['max'] }, inputs: { data: '@r' } }], output: 's' })
    const r = await cli(['exec', '--dag', f])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/Status:  ok/)
    expect(r.out).toMatch(/max:\s+65035/)
  })

  it('rejects a bad DAG with one sentence naming the node and exit code 2', async () => {
    const f = dagFile('bad.json', { nodes: [{ id: 'r', op: 'raster.read', params: { path: B4 } }, { id: 'oops', op: 'raster.summarise', inputs: { data: '@r' } }], output: 'oops' })
    const r = await cli(['exec', '--dag', f])
    expect(r.code).toBe(2)
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toMatch(/^Node 'oops' uses the unknown operator 'raster\.summarise'/)
    const notJson = path.join(t.dir, 'broken.json')
    fs.writeFileSync(notJson, '{ nodes: ')
    const j = await cli(['exec', '--dag', notJson])
    expect(j.code).toBe(2)
    expect(j.err).toMatch(/is not valid JSON/)
    expect((await cli(['exec'])).err).toMatch(/needs --dag FILE/)
  })

  it('exits 3 with the reason when the output has no value', async () => {
    const f = dagFile('few.json', { nodes: [{ id: 'r', op: 'raster.read', params: { path: B4, nodata: 0 } }, { id: 's', op: 'raster.summarize', params: { stats: ['mean'], min_valid: 100000 }, inputs: { data: '@r' } }], output: 's' })
    const r = await cli(['exec', '--dag', f, '--json'])
    expect(r.code).toBe(3)
    const doc = JSON.parse(r.out)
    expect(doc.status).toBe('insufficient')
    expect(doc.observation).toBeNull()
    expect(doc.reason).toMatch(/only 46100 valid pixels/)
  })
})
