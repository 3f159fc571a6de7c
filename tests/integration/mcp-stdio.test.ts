/**
 * `rsure mcp` over stdio, driven by the SDK's own client (a separate process, as an agent would start it): the tools
 * are listed with output schemas, an execute call on the Landsat fixture returns structured content that validates
 * against the declared schema (checked by the client and again here with Ajv) and whose value matches geotiff.js's
 * own reading of the band; paths outside the allowed folders are refused by the access guard.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import Ajv from 'ajv'
import { readBands } from '../helpers/decoded-bands'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, shared, tempDir } from '../helpers/tmp'

const LS = shared('fixtures/landsat8_L1TP_016037_20170813')
const t = tempDir('rsure-mcp-stdio-')
const root = path.resolve(__dirname, '..', '..')
let client: Client

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, 'bin', 'rsure.mjs'), 'mcp', '--allow', LS],
    cwd: root,
    env: { ...(process.env as Record<string, string>), RSURE_DATA_DIR: path.join(t.dir, 'data'), RSURE_RASTER_WORKERS: '1' },
    stderr: 'pipe',
  })
  client = new Client({ name: 'rsure-test', version: '0.0.0' })
  await client.connect(transport)
}, 60_000)

afterAll(async () => {
  await client?.close()
  t.cleanup()
})

async function independentCount(file: string): Promise<{ count: number; mean: number }> {
  const [band] = (await readBands(file)).bands
  let count = 0
  let sum = 0
  for (let i = 0; i < band.length; i++) if (band[i] > 0) { count++; sum += band[i] }
  return { count, mean: sum / count }
}

describe('rsure mcp (stdio)', () => {
  it('lists perceive, measure, execute, retrieve and ask, each with an object input and output schema', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((x) => x.name).sort()).toEqual(['ask', 'execute', 'measure', 'perceive', 'retrieve'])
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
    }
  })

  it('execute on the Landsat fixture returns structured content valid against its declared output schema', async () => {
    const { tools } = await client.listTools()
    const declared = tools.find((x) => x.name === 'execute')!.outputSchema!
    const dag = {
      nodes: [
        { id: 'r', op: 'raster.read', params: { path: FIXTURES.B4, nodata: 0 } },
        { id: 's', op: 'raster.summarize', params: { stats: ['count', 'mean'] }, inputs: { data: '@r' } },
      ],
      output: 's',
    }
    const res = await client.callTool({ name: 'execute', arguments: { args: dag, question: 'What is the mean red DN of the valid pixels?' } })
    expect(res.isError ?? false).toBe(false)
    const sc = res.structuredContent as Record<string, any>
    const validate = new Ajv({ strict: false }).compile(declared)
    expect(validate(sc), JSON.stringify(validate.errors)).toBe(true)
    // The same JSON as text.
    expect(JSON.parse((res.content as { type: string; text: string }[])[0].text)).toEqual(sc)
    expect(sc.result.status).toBe('ok')
    expect(Object.keys(sc.result.evidence).sort()).toEqual(['intermediate', 'source', 'validity'])
    expect(sc.rule_checks.passed).toBe(true)
    expect(sc.verdict).not.toBeNull()
    expect(['accept', 'request_evidence', 'reject']).toContain(sc.verdict.decision)
    const ref = await independentCount(FIXTURES.B4)
    expect(sc.result.observation.count).toBe(ref.count)
    expect(Math.abs(sc.result.observation.mean - ref.mean) / ref.mean).toBeLessThan(1e-9)
  }, 60_000)

  it('refuses a path outside the allowed folders through the access guard', async () => {
    const dag = { nodes: [{ id: 'r', op: 'raster.read', params: { path: '/etc/passwd' } }, { id: 's', op: 'raster.summarize', params: { stats: ['count'] }, inputs: { data: '@r' } }], output: 's' }
    const res = await client.callTool({ name: 'execute', arguments: { args: dag } })
    const sc = res.structuredContent as Record<string, any>
    expect(sc.result.status).toBe('error')
    expect(sc.result.reason).toMatch(/not among the files and folders added/)
    expect(sc.accepted).toBe(false)
    await expect(client.readResource({ uri: pathToFileURL('/etc/hostname').href })).rejects.toThrow(/outside the folders/)
  }, 60_000)

  it('lists the session files as resources and reads one', async () => {
    const { resources } = await client.listResources()
    const mtl = resources.find((r) => r.name.endsWith('_MTL.txt'))
    expect(mtl).toBeDefined()
    const read = await client.readResource({ uri: mtl!.uri })
    expect((read.contents[0] as { text: string }).text).toContain('LANDSAT_8')
  }, 60_000)

  it('answers invalid arguments with one sentence, not a crash', async () => {
    const res = await client.callTool({ name: 'execute', arguments: { args: { nodes: 'x' } } })
    expect(res.isError).toBe(true)
    expect((res.content as { text: string }[])[0].text).toMatch(/^The execute arguments are invalid at args/)
  }, 60_000)
})
