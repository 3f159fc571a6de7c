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

const QUESTION = 'What is the interquartile-free median LST of the northern third of the image in 2020?'

async function withReply(reply: (spec: ReturnType<typeof readTask>) => unknown) {
  const spec = readTask({ question: QUESTION })
  server = await startScriptedModelServer({ other: [{ json: reply(spec) }] })
  const model = new OpenAIClient({ baseUrl: server.url, model: 'scripted', stream: false })
  return { spec, result: await resolveWithModel(QUESTION, spec, model) }
}

describe('resolving unread phrases with a model', () => {
  it('the reader alone refuses the question and names the phrase', () => {
    const spec = readTask({ question: QUESTION })
    expect(refusalOf(spec)).toMatch(/"northern third"/)
  })

  it('accepts a model spec that places the phrase and keeps what the reader read', async () => {
    const { result } = await withReply((spec) => ({
      ...spec,
      region: { kind: 'bbox', bbox: [0, 0, 100, 33], crs: 'pixel', text: 'northern third of the image' },
      used: [...spec.used, { text: 'northern third of the image', role: 'region' }],
      notUnderstood: spec.notUnderstood.filter((n) => !n.blocking || !/northern third/.test(n.text)),
    }))
    expect(result.kind).toBe('resolved')
    if (result.kind !== 'resolved') return
    expect(result.placed).toContain('northern third')
    expect(result.spec.region).toMatchObject({ kind: 'bbox' })
    expect(server!.requests[0].text).toContain('northern third')
  })

  it('refuses a model spec that drops the phrase without placing it', async () => {
    const { result } = await withReply((spec) => ({ ...spec, notUnderstood: [] }))
    expect(result).toMatchObject({ kind: 'refused' })
    expect(result.kind === 'refused' && result.why).toMatch(/neither uses nor lists .*"northern third"/)
  })

  it('refuses a model spec that rewrites what the reader read (the median into a mean)', async () => {
    const { result } = await withReply((spec) => ({
      ...spec,
      quantity: { ...spec.quantity, statistic: 'mean' },
      used: spec.used.filter((u) => u.role !== 'statistic').concat([{ text: 'northern third', role: 'region' }]),
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
