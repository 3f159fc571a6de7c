/**
 * With an LLM backbone, a phrase the task reader could not place goes to the model, whose spec is checked against
 * the same zod schema and against what the reader already read. Driven through the real OpenAI client against the
 * scripted local model server (tests/helpers/scripted-model-server.ts).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { OpenAIClient } from '../../main/agent/llm/openai-client'
import { readTask } from '../../main/task/read-task'
import { resolveWithModel } from '../../main/task/resolve'
import { refusalOf } from '../../main/task/spec'
import { startScriptedModelServer, type ScriptedModelServer } from '../helpers/scripted-model-server'

let server: ScriptedModelServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

// A region the reader cannot place, so it blocks (the reader now places thirds, which this test used to name).
const QUESTION = 'What is the median LST within 10 km of the coast in 2020?'

async function withReply(reply: (spec: ReturnType<typeof readTask>) => unknown) {
  const spec = readTask({ question: QUESTION })
  server = await startScriptedModelServer({ other: [{ json: reply(spec) }] })
  const model = new OpenAIClient({ baseUrl: server.url, model: 'scripted', stream: false })
  return { spec, result: await resolveWithModel(QUESTION, spec, model) }
}

describe('resolving unread phrases with a model', () => {
  it('the reader alone refuses the question and names the phrase', () => {
    const spec = readTask({ question: QUESTION })
    expect(refusalOf(spec)).toMatch(/"within 10 km"/)
  })

  it('accepts a model spec that places the phrase and keeps what the reader read', async () => {
    const { result } = await withReply((spec) => ({
      ...spec,
      region: { kind: 'bbox', bbox: [0, 0, 100, 33], crs: 'pixel', text: 'within 10 km of the coast' },
      used: [...spec.used, { text: 'within 10 km of the coast', role: 'region' }],
      notUnderstood: spec.notUnderstood.filter((n) => !n.blocking || !/within 10 km/.test(n.text)),
    }))
    expect(result.kind).toBe('resolved')
    if (result.kind !== 'resolved') return
    expect(result.placed).toContain('within 10 km')
    expect(result.spec.region).toMatchObject({ kind: 'bbox' })
    expect(server!.requests[0].text).toContain('within 10 km')
  })

  it('refuses a model spec that drops the phrase without placing it', async () => {
    const { result } = await withReply((spec) => ({ ...spec, notUnderstood: [] }))
    expect(result).toMatchObject({ kind: 'refused' })
    expect(result.kind === 'refused' && result.why).toMatch(/neither uses nor lists .*"within 10 km"/)
  })

  it('refuses a model spec that rewrites what the reader read (the median into a mean)', async () => {
    const { result } = await withReply((spec) => ({
      ...spec,
      quantity: { ...spec.quantity, statistic: 'mean' },
      used: spec.used.filter((u) => u.role !== 'statistic').concat([{ text: 'within 10 km', role: 'region' }]),
      notUnderstood: [],
    }))
    expect(result).toMatchObject({ kind: 'refused' })
    expect(result.kind === 'refused' && result.why).toMatch(/drops phrases the reader had read \("median"\)/)
  })

  it('refuses an answer that does not fit the schema', async () => {
    const { result } = await withReply((spec) => ({ ...spec, quantity: { ...spec.quantity, statistic: 'mode' } }))
    expect(result).toMatchObject({ kind: 'refused' })
    expect(result.kind === 'refused' && result.why).toMatch(/does not fit the schema \(quantity\.statistic/)
  })
})
