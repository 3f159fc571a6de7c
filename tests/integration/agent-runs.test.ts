/**
 * Runs as stored records: finished, cancelled and interrupted runs keep their trajectories in SQLite and read back;
 * model endpoints that are down or answer garbage fail with one clear sentence; a llama backbone without a valid
 * GGUF file says so before loading anything.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBackbone, parseBackbone } from '../../main/agent/llm/backbone-spec'
import { checkGguf, LlamaModel } from '../../main/agent/llm/llama-model'
import { OpenAIClient } from '../../main/agent/llm/openai-client'
import { runAgent } from '../../main/agent/run-agent'
import { makeTask } from '../../main/agent/task'
import { ToolRegistry } from '../../main/agent/tool-registry'
import { ArtifactStore } from '../../main/store/artifacts'
import { openDatabase } from '../../main/store/database'
import { RunStore } from '../../main/store/runs'
import { startScriptedModelServer } from '../helpers/scripted-model-server'
import { tempDir } from '../helpers/tmp'
import { executeOk, memoryStores, scriptedTool, type StoreBundle } from '../unit/agent/doubles'

let stores: StoreBundle
beforeEach(() => {
  stores = memoryStores()
})
afterEach(() => stores.cleanup())

const task = () => makeTask({ question: 'What is the mean TVDI in 2019?', files: ['/data'] })
const dagCall = { toolCalls: [{ name: 'execute', arguments: { nodes: [], output: 'x' } }] }

describe('stored runs', () => {
  it('a cancelled run is closed as cancelled with the steps made so far, even if the tool ignores the signal', async () => {
    const server = await startScriptedModelServer({ planner: [dagCall], other: () => ({ text: 'environmental_assessment' }) })
    const controller = new AbortController()
    const hanging = scriptedTool('execute', () => new Promise(() => {}))
    const registry = new ToolRegistry([hanging])
    const backbone = createBackbone({ kind: 'openai', baseUrl: server.url, model: 'm' }, registry)
    const running = runAgent(task(), { verify: true, prior: true }, { backbone, registry, artifacts: stores.artifacts, runs: stores.runs }, controller.signal)
    while (hanging.calls.length === 0) await new Promise((r) => setTimeout(r, 5))
    controller.abort(new Error('stopped by the analyst'))
    await expect(running).rejects.toThrow('stopped by the analyst')
    await server.close()
    const [run] = stores.runs.listRuns()
    expect(run.status).toBe('cancelled')
    expect(run.error).toBe('stopped by the analyst')
    expect(stores.runs.trajectory(run.id).map((s) => s.kind)).toEqual(['task', 'plan', 'tool_call', 'error'])
  })

  it('a run whose process died is marked interrupted and its trajectory reads back', async () => {
    const { dir, cleanup } = tempDir('rsure-interrupt-')
    try {
      const file = path.join(dir, 'rsure.sqlite')
      const first = memoryStoresAt(file)
      let release!: () => void
      const blocked = new Promise<void>((r) => (release = r))
      const tool = scriptedTool('execute', async () => {
        await blocked
        return executeOk(0.5)
      })
      const server = await startScriptedModelServer({ planner: [dagCall], other: () => ({ text: 'environmental_assessment' }) })
      const registry = new ToolRegistry([tool])
      const backbone = createBackbone({ kind: 'openai', baseUrl: server.url, model: 'm' }, registry)
      const running = runAgent(task(), { verify: true, prior: true }, { backbone, registry, artifacts: first.artifacts, runs: first.runs })
      while (tool.calls.length === 0) await new Promise((r) => setTimeout(r, 5))
      // Another process opens the database and finds the owner of the run gone.
      const second = new RunStore(first.db)
      const marked = second.markInterrupted(() => false)
      expect(marked).toHaveLength(1)
      const run = second.getRun(marked[0])!
      expect(run.status).toBe('interrupted')
      expect(second.trajectory(run.id).map((s) => s.kind)).toEqual(['task', 'plan', 'tool_call'])
      expect(second.trajectory(run.id)[2].payload).toMatchObject({ call: 1, tool: 'execute' })
      release()
      await running.catch(() => {})
      await server.close()
      first.db.close()
    } finally {
      cleanup()
    }
  })
})

/** Stores on a database file of our own, so a second RunStore can play the other process. */
function memoryStoresAt(file: string) {
  const db = openDatabase({ file })
  return { db, runs: new RunStore(db), artifacts: new ArtifactStore(path.join(path.dirname(file), 'a'), db) }
}

describe('backbone failures are one clear sentence', () => {
  it('an endpoint that is down', async () => {
    const server = await startScriptedModelServer({})
    const url = server.url
    await server.close()
    const client = new OpenAIClient({ baseUrl: url, model: 'm', retries: 1, backoffMs: 1 })
    await expect(client.chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(/^The model endpoint .* is not reachable \(.+\): start the server or fix the --backbone URL\.$/)
  })

  it('an endpoint that answers garbage, or a chat completion without choices', async () => {
    const server = await startScriptedModelServer({ other: [{ raw: 'hello there' }, { raw: JSON.stringify({ choices: [] }) }] })
    const client = new OpenAIClient({ baseUrl: server.url, model: 'm', stream: false })
    await expect(client.chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow('answered something that is not JSON')
    await expect(client.chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow('is not a chat completion (choices: the response has no choices)')
    await server.close()
  })

  it('an endpoint that does not answer in time', async () => {
    const server = await startScriptedModelServer({ other: [{ silenceMs: 2000 }] })
    const client = new OpenAIClient({ baseUrl: server.url, model: 'm', timeoutMs: 150, retries: 0 })
    await expect(client.chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(/did not answer within 0\.15 s: check that the model is loaded or raise the timeout\.$/)
    await server.close()
  })

  it('retries a 503 and then succeeds, counting tokens of the answer it used', async () => {
    const server = await startScriptedModelServer({ other: [{ status: 503, body: '{"error":"loading"}' }, { text: 'ready' }] })
    const client = new OpenAIClient({ baseUrl: server.url, model: 'm', backoffMs: 1 })
    const r = await client.chat({ messages: [{ role: 'user', content: 'hi' }] })
    expect(r.text).toBe('ready')
    expect(r.usage.completionTokens).toBe(7)
    expect(server.requests).toHaveLength(2)
    await server.close()
  })

  it('a llama backbone without a GGUF file, or with a file that is not GGUF', async () => {
    const { dir, cleanup } = tempDir()
    try {
      expect(() => checkGguf(path.join(dir, 'missing.gguf'))).toThrow(/does not exist or cannot be read: pass the path of a downloaded \.gguf model/)
      const fake = path.join(dir, 'fake.gguf')
      fs.writeFileSync(fake, 'not a model at all')
      expect(() => checkGguf(fake)).toThrow('is not a GGUF model')
      await expect(new LlamaModel(fake).chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow('is not a GGUF model')
      const real = path.join(dir, 'header-only.gguf')
      fs.writeFileSync(real, Buffer.from('GGUF\x03\x00\x00\x00', 'latin1'))
      // A file with the right signature gets as far as the optional module, which is not installed here.
      await expect(new LlamaModel(real).chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(/install node-llama-cpp 3\.21\.1 to use llama: backbones/)
    } finally {
      cleanup()
    }
  })

  it('parses --backbone values and rejects others with the accepted forms', () => {
    expect(parseBackbone('rules')).toEqual({ kind: 'rules' })
    expect(parseBackbone('openai:http://127.0.0.1:11434/v1#qwen2.5:7b')).toEqual({ kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b' })
    expect(parseBackbone('llama:/models/q.gguf')).toEqual({ kind: 'llama', path: '/models/q.gguf' })
    expect(() => parseBackbone('gpt')).toThrow("The backbone 'gpt' is not understood: use rules, openai:URL#MODEL")
    expect(() => parseBackbone('openai:127.0.0.1#m')).toThrow('is not understood')
  })
})
