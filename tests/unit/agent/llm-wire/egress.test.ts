/** The outbound allow-list: loopback and the configured endpoints only; redirects are not followed. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { checkEgress, EgressError } from '../../../../main/agent/llm/egress'
import { OpenAIClient } from '../../../../main/agent/llm/openai-client'

describe('egress allow-list', () => {
  it.each(['http://127.0.0.1:11434/v1', 'http://localhost:8080/v1', 'http://[::1]:8000/v1', 'http://127.5.6.7:1234/v1'])('allows loopback %s', (u) => {
    expect(() => checkEgress(u, {})).not.toThrow()
  })
  it.each(['http://10.0.0.5:8000/v1', 'https://api.openai.com/v1', 'http://127.0.0.1.evil.example/v1', 'http://[::ffff:10.0.0.1]/v1'])('refuses %s unless configured', (u) => {
    expect(() => checkEgress(u, {})).toThrow(EgressError)
    expect(() => checkEgress(u, { RSURE_ALLOWED_ENDPOINTS: new URL(u).origin })).not.toThrow()
  })
  it('the model client refuses a remote endpoint before any socket, in one sentence', async () => {
    const c = new OpenAIClient({ baseUrl: 'http://10.255.255.1:8000/v1', model: 'm', retries: 0 })
    await expect(c.chat({ messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow(/makes no request off this machine: http:\/\/10.255.255.1:8000 .*RSURE_ALLOWED_ENDPOINTS/)
  })
  it('a loopback server that redirects elsewhere is not followed', async () => {
    const s = http.createServer((_req, res) => res.writeHead(307, { location: 'http://10.255.255.1/v1/chat/completions' }).end())
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
    try {
      const c = new OpenAIClient({ baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`, model: 'm', retries: 0, timeoutMs: 3000 })
      await expect(c.chat({ messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow(/not reachable|redirect/)
    } finally {
      await new Promise<void>((r) => s.close(() => r()))
    }
  })
})
