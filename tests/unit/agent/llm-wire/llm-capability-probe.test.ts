/**
 * The capability probe (agent/llm/capability-probe.ts) and `rsure models probe` against the scripted server playing
 * four servers: a vision model that does everything (it reads the colour out of the PNG it is sent, so a probe that
 * sent no image, or not a red one, would not get 'red'), llama-server without its vision projector (it refuses image
 * parts with HTTP 500, as llama.cpp does), a server that ignores tools and response_format (answers in words), one
 * that refuses response_format with HTTP 400; and an endpoint that is down.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PNG } from 'pngjs'
import { capabilitiesOf, ModelProbe, probeModel } from '../../../../main/agent/llm/capability-probe'
import { main } from '../../../../main/cli/index'
import type { CliIo } from '../../../../main/cli/io'
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServer, type ScriptedReply } from '../../../helpers/scripted-model-server'

let server: ScriptedModelServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

type Message = { content?: unknown }
/** The data URIs of the image parts of a request. */
function imagesOf(req: RecordedRequest): string[] {
  return ((req.body.messages ?? []) as Message[]).flatMap((m) =>
    Array.isArray(m.content) ? (m.content as { type: string; image_url?: { url: string } }[]).filter((p) => p.type === 'image_url').map((p) => p.image_url!.url) : [],
  )
}

/** The colour name of a PNG's first pixel, read here with pngjs (what a vision model would see). */
function colourOf(dataUri: string): string {
  const png = PNG.sync.read(Buffer.from(dataUri.split(',')[1], 'base64'))
  const [r, g, b] = png.data
  return r > 200 && g < 50 && b < 50 ? 'Red.' : r < 50 && g < 50 && b > 200 ? 'Blue.' : 'Grey.'
}

/** Add the numbers a request's text asks to add ("What is 2 + 3?"), as a model would. */
function sumAsked(req: RecordedRequest): number {
  const m = /(\d+)\s*\+\s*(\d+)/.exec(req.text)!
  return Number(m[1]) + Number(m[2])
}

interface Behaviour {
  tools: 'call' | 'text'
  images: 'see' | 'refuse' | 'blind'
  json: 'schema' | 'words' | 'refuse'
}

async function serverLike(b: Behaviour) {
  server = await startScriptedModelServer({
    planner: (req) => {
      const tools = (req.body.tools ?? []) as { function: { name: string } }[]
      return b.tools === 'call' ? { toolCalls: [{ name: tools[0].function.name, arguments: { n: 7 } }], wire: { content: null } } : { text: 'The number is 7.' }
    },
    other: (req): ScriptedReply => {
      const images = imagesOf(req)
      if (images.length) {
        if (b.images === 'refuse') return { status: 500, body: JSON.stringify({ error: { code: 500, message: 'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj', type: 'server_error' } }) }
        return { text: b.images === 'see' ? colourOf(images[0]) : 'I cannot tell; it looks like text.' }
      }
      if (req.body.response_format) {
        if (b.json === 'refuse') return { status: 400, body: JSON.stringify({ error: { message: "Unrecognized request argument supplied: response_format (json_schema)" } }) }
        return b.json === 'schema' ? { json: { answer: sumAsked(req) } } : { text: `Sure! The answer is ${sumAsked(req)}.` }
      }
      return { text: 'unexpected request' }
    },
  })
  return server
}

async function cli(args: string[]) {
  let out = ''
  let err = ''
  const io: CliIo = { stdout: (s) => void (out += s), stderr: (s) => void (err += s), signal: new AbortController().signal }
  let code: number
  try {
    code = await main(args, io)
  } catch (e) {
    code = -1
    err += String(e)
  }
  return { code, out, err }
}

describe('capability probe per model', () => {
  it('a vision model with tools and JSON schema: yes, yes, yes; the image it is sent is pure red', async () => {
    const s = await serverLike({ tools: 'call', images: 'see', json: 'schema' })
    const p = await probeModel(s.url, 'qwen2.5vl:7b')
    expect(ModelProbe.parse(p)).toEqual(p)
    expect([p.tools.verdict, p.images.verdict, p.jsonSchema.verdict]).toEqual(['yes', 'yes', 'yes'])
    expect(p.tools.detail).toContain('{"n":7}')
    const [image] = s.requests.flatMap(imagesOf)
    const png = PNG.sync.read(Buffer.from(image.split(',')[1], 'base64'))
    expect([...png.data.subarray(0, 4)]).toEqual([255, 0, 0, 255])
    // Every probe request is whole (not streamed) and names the model.
    expect(s.requests.map((r) => [r.body.stream, r.body.model])).toEqual([[false, 'qwen2.5vl:7b'], [false, 'qwen2.5vl:7b'], [false, 'qwen2.5vl:7b']])
    expect(capabilitiesOf(p)).toEqual({})
  })

  it('llama-server without its projector: images no (it refuses the image part), the rest yes', async () => {
    const s = await serverLike({ tools: 'call', images: 'refuse', json: 'schema' })
    const p = await probeModel(s.url, 'm')
    expect([p.tools.verdict, p.images.verdict, p.jsonSchema.verdict]).toEqual(['yes', 'no', 'yes'])
    expect(p.images.detail).toMatch(/refuses images .*HTTP 500.*mmproj/)
    expect(capabilitiesOf(p)).toEqual({ images: false })
  })

  it('a text model that ignores tools, images and response_format: no, no, no, each saying what it answered', async () => {
    const s = await serverLike({ tools: 'text', images: 'blind', json: 'words' })
    const p = await probeModel(s.url, 'm')
    expect([p.tools.verdict, p.images.verdict, p.jsonSchema.verdict]).toEqual(['no', 'no', 'no'])
    expect(p.tools.detail).toContain("answered in text ('The number is 7.')")
    expect(p.images.detail).toContain('does not see images')
    expect(p.jsonSchema.detail).toContain("ignored response_format and answered 'Sure! The answer is 5.'")
    expect(capabilitiesOf(p)).toEqual({ tools: false, images: false, jsonSchema: false })
  })

  it('a server that refuses response_format with HTTP 400: JSON schema no', async () => {
    const s = await serverLike({ tools: 'call', images: 'see', json: 'refuse' })
    const p = await probeModel(s.url, 'm')
    expect(p.jsonSchema.verdict).toBe('no')
    expect(p.jsonSchema.detail).toMatch(/refuses response_format json_schema \(HTTP 400\)/)
  })

  it('an endpoint that is down: every capability unknown, in one sentence each, and rsure models probe exits 1', async () => {
    const s = await startScriptedModelServer({})
    const url = s.url
    await s.close()
    const p = await probeModel(url, 'm', { timeoutMs: 5000 })
    for (const c of [p.tools, p.images, p.jsonSchema]) {
      expect(c.verdict).toBe('unknown')
      expect(c.detail).toMatch(/^Not known: it is not reachable \(ECONNREFUSED\)\.$/)
    }
    const r = await cli(['models', 'probe', `openai:${url}#m`, '--timeout', '5'])
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/tools +unknown +Not known: it is not reachable/)
  })

  it('a remote endpoint is refused by the egress allow-list before any socket', async () => {
    const p = await probeModel('http://10.255.255.1:8000/v1', 'm', { timeoutMs: 1000 })
    expect(p.tools.verdict).toBe('unknown')
    expect(p.tools.detail).toContain('RSure makes no request off this machine')
  })
})

describe('rsure models probe', () => {
  it('prints one line per capability, and --json the probe itself', async () => {
    const s = await serverLike({ tools: 'call', images: 'refuse', json: 'words' })
    const text = await cli(['models', 'probe', `openai:${s.url}#m`])
    expect(text.code).toBe(0)
    expect(text.out).toMatch(/^m at http:\/\/127\.0\.0\.1:\d+\/v1\n {2}tools +yes .*\n {2}images +no .*\n {2}json schema +no .*\n$/)
    const json = await cli(['models', 'probe', `openai:${s.url}#m`, '--json'])
    const p = ModelProbe.parse(JSON.parse(json.out))
    expect([p.tools.verdict, p.images.verdict, p.jsonSchema.verdict]).toEqual(['yes', 'no', 'no'])
  })

  it('refuses a backbone that is not a served model, in one sentence', async () => {
    const r = await cli(['models', 'probe', 'rules'])
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(/asks a model on an OpenAI-compatible server; 'rules' names none/)
  })
})

describe('settings.testBackbone with capabilities (the Settings panel over IPC)', () => {
  it('returns the probe beside the connection test, and leaves it out unless asked', async () => {
    const { createIpcHost } = await import('../../../../main/ipc')
    const { tempDir } = await import('../../../helpers/tmp')
    const tmp = tempDir('rsure-probe-ipc-')
    const host = createIpcHost({ version: '0.0.1', dataDir: `${tmp.dir}/data`, previews: 'inline' })
    try {
      const s = await serverLike({ tools: 'call', images: 'refuse', json: 'schema' })
      const backbone = { kind: 'openai' as const, baseUrl: s.url, model: 'm' }
      const plain = await host.router.call('settings.testBackbone', { backbone })
      expect(plain.ok).toBe(true)
      expect(plain.capabilities).toBeUndefined()
      expect(s.requests).toHaveLength(0)
      const probed = await host.router.call('settings.testBackbone', { backbone, capabilities: true })
      expect(probed.ok).toBe(true)
      expect([probed.capabilities?.tools.verdict, probed.capabilities?.images.verdict, probed.capabilities?.jsonSchema.verdict]).toEqual(['yes', 'no', 'yes'])
    } finally {
      await host.close()
      tmp.cleanup()
    }
  })
})
