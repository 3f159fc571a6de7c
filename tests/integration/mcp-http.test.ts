/**
 * `rsure mcp --http`: Streamable HTTP on 127.0.0.1 with the launch token. Without the token, or with a host other
 * than the loopback address, nothing is served; with it the SDK's client lists the tools and reads resources.
 */
import fs from 'node:fs'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveMcpHttp, type McpHttpHandle } from '../../main/mcp/http'
import { createMcpServer } from '../../main/mcp/server'
import { openServices, type Services } from '../../main/services'
import { shared, tempDir } from '../helpers/tmp'

const LS = shared('fixtures/landsat8_L1TP_016037_20170813')
const t = tempDir('rsure-mcp-http-')
let services: Services
let handle: McpHttpHandle

beforeAll(async () => {
  services = openServices({ dataDir: path.join(t.dir, 'data') })
  handle = await serveMcpHttp(() => createMcpServer(services, { allowed: [LS], version: 'test' }))
})
afterAll(async () => {
  await handle?.close()
  services?.close()
  t.cleanup()
})

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }
const post = (headers: Record<string, string>) =>
  fetch(handle.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) })

describe('rsure mcp --http', () => {
  it('binds to the loopback address only', () => {
    expect(new URL(handle.url).hostname).toBe('127.0.0.1')
    expect(handle.token).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a request without the launch token, or with a wrong one', async () => {
    expect((await post({})).status).toBe(401)
    expect((await post({ authorization: `Bearer ${'0'.repeat(64)}` })).status).toBe(401)
  })

  it('refuses a host header other than the loopback address (DNS rebinding)', async () => {
    // fetch sets Host from the URL; a raw request shows the check.
    const http = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(handle.url, { method: 'POST', headers: { host: 'evil.example:80', authorization: `Bearer ${handle.token}`, 'content-type': 'application/json' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end(JSON.stringify(initialize))
    })
    expect(status).toBe(403)
  })

  it('serves the SDK client with the token: tools and resources', async () => {
    const client = new Client({ name: 'rsure-test', version: '0.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url), { requestInit: { headers: { authorization: `Bearer ${handle.token}` } } }))
    try {
      const { tools } = await client.listTools()
      expect(tools.map((x) => x.name)).toContain('ask')
      const { resources } = await client.listResources()
      expect(resources.map((r) => r.name).sort()).toEqual(fs.readdirSync(LS).filter((f) => fs.statSync(path.join(LS, f)).isFile()).sort())
    } finally {
      await client.close()
    }
  })
})
