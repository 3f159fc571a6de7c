/**
 * Route simple intents (paper 003; main/agent/llm/intent-route.ts): with a backbone that sees images, a one-look
 * question becomes one perceive call — planned without asking the planner model, verified like any other — and the
 * answer is written from it; a quantitative question on the same image, or the same question with a text-only
 * model, goes through the planning loop. The scripted server plays the backbone (planner, verifier, writer) and the
 * vision-language model perceive asks; the real perceive tool builds the views and checks the model's JSON.
 */
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oneLookCall } from '../../main/agent/llm/intent-route'
import { main } from '../../main/cli/index'
import { createLlmBackbone } from '../../main/agent/llm/llm-backbone'
import { OpenAIClient } from '../../main/agent/llm/openai-client'
import { vlmFromModel } from '../../main/agent/perception-backends'
import { runAgent, type AgentResult } from '../../main/agent/run-agent'
import { makeTask, parseOptions } from '../../main/agent/task'
import { ToolRegistry } from '../../main/agent/tool-registry'
import { createPerceiveTool } from '../../main/tools/perceive/index'
import { useScriptedAgent } from '../helpers/scripted-agent'
import type { RecordedRequest, ScriptedModelServer, ScriptedReply } from '../helpers/scripted-model-server'
import { tempDir } from '../helpers/tmp'

const tmp = tempDir('rsure-route-')
const IMAGE = path.join(tmp.dir, 'harbour.png')
const OPTIONS = 'A. farmland\nB. harbour\nC. desert'

beforeAll(async () => {
  await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toFile(IMAGE)
})
afterAll(() => tmp.cleanup())

const h = useScriptedAgent()

const isPerception = (r: RecordedRequest) => (r.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name === 'perception'

/** What the vision-language model answers, by perceive mode (read from its prompt). */
function vlmReply(r: RecordedRequest): ScriptedReply {
  if (/Scene classes:/.test(r.text)) return { json: { predictions: [{ image_index: 1, class_name: 'harbour', confidence: 0.9, evidence: 'piers and moored boats' }], evidence: 'piers' } }
  return { json: { evidence_kind: 'scene', observations: [{ claim: 'a harbour with piers and moored boats', view_index: 1, confidence: 0.9 }], visible_text: [], quality: { visibility: 'clear', readability: 'clear', issues: [] }, missing_evidence: [], uncertainty: 'low' } }
}

async function run(question: string, opts: { options?: string; images?: boolean; planner?: ScriptedReply[] } = {}): Promise<{ result: AgentResult; server: ScriptedModelServer }> {
  const s = await h.serve({
    other: (r) => (isPerception(r) ? vlmReply(r) : { text: 'scene_classification' }),
    verifier: () => ({ json: { decision: 'accept', feedback: 'the views cover the image and the class is among the options', needed: [], caveats: [] } }),
    writer: () => (opts.options ? { json: { answer: 'B', explanation: 'The verified scene class is harbour.', choice: 'B', basis: [1] } } : { json: { answer: 'A harbour with piers and moored boats.', explanation: 'From the verified perceive observation.', choice: null, basis: [1] } }),
    planner: opts.planner ?? [{ text: 'No tool is needed.' }],
  })
  const vlm = vlmFromModel(new OpenAIClient({ baseUrl: s.url, model: 'vlm', stream: false }))
  const registry = new ToolRegistry([createPerceiveTool({ vlm })])
  const backbone = createLlmBackbone(new OpenAIClient({ baseUrl: s.url, model: 'vision-backbone', capabilities: { images: opts.images ?? true } }), registry)
  const task = makeTask({ question, images: [IMAGE], ...(opts.options ? { options: parseOptions(opts.options) } : {}) })
  const result = await runAgent(task, { verify: true, prior: true }, h.deps(backbone, registry))
  return { result, server: s }
}

describe('one-look questions are routed to a single verified perceive call', () => {
  it('which of the options is this scene: perceive scene over the options, accepted, answered B, and the planner model never asked', { timeout: 60_000 }, async () => {
    const { result, server } = await run('What kind of place is shown in the image?', { options: OPTIONS })
    expect(server.byRole('planner')).toHaveLength(0)
    expect(result.trajectory.filter((s) => s.kind === 'tool_call')).toHaveLength(1)
    expect(result.verified).toHaveLength(1)
    expect(result.verified[0]).toMatchObject({ status: 'accepted', action: { tool: 'perceive', args: { mode: 'scene', label_space: ['farmland', 'harbour', 'desert'], image_paths: [IMAGE] } } })
    expect(result.answer.choice).toBe('B')
    expect(result.answer.grounded).toBe(true)
    // Verified like any other call: the verifier saw it, and the run is stored finished.
    expect(server.byRole('verifier')).toHaveLength(1)
    expect(h.stores.runs.getRun(result.runId!)).toMatchObject({ status: 'finished', answer: 'B' })
  })

  it('what is in this image: perceive evidence with the question as objective', { timeout: 60_000 }, async () => {
    const { result, server } = await run('What is in this image?')
    expect(server.byRole('planner')).toHaveLength(0)
    expect(result.verified[0]).toMatchObject({ status: 'accepted', action: { tool: 'perceive', args: { mode: 'evidence', objective: 'What is in this image?' } } })
    expect(result.answer.answer).toMatch(/harbour/)
  })

  it('the same question with a text-only backbone, or a quantitative question, goes through the planning loop', { timeout: 60_000 }, async () => {
    const blind = await run('What kind of place is shown in the image?', { options: OPTIONS, images: false })
    expect(blind.server.byRole('planner')).toHaveLength(1)
    expect(blind.result.trajectory.filter((s) => s.kind === 'tool_call')).toHaveLength(0)
    const dense = await run('How many ships are moored in the harbour in this image?')
    expect(dense.server.byRole('planner')).toHaveLength(1)
  })

  it('a routed call that is not accepted hands over to the planner model, which sees the call and its verdict', { timeout: 60_000 }, async () => {
    const s = await h.serve({
      other: (r) => (isPerception(r) ? { json: { predictions: [{ image_index: 1, class_name: 'airport', confidence: 0.9 }] } } : { text: 'scene_classification' }),
      planner: [{ text: 'The scene could not be classified from the options.' }],
      writer: () => ({ json: { answer: 'Not determined', explanation: 'no accepted observation', choice: null, basis: [] } }),
    })
      const vlm = vlmFromModel(new OpenAIClient({ baseUrl: s.url, model: 'vlm', stream: false }))
    const registry = new ToolRegistry([createPerceiveTool({ vlm })])
    const backbone = createLlmBackbone(new OpenAIClient({ baseUrl: s.url, model: 'vision-backbone' }), registry)
    const task = makeTask({ question: 'What kind of place is shown in the image?', images: [IMAGE], options: parseOptions(OPTIONS) })
    const result = await runAgent(task, { verify: true, prior: true }, h.deps(backbone, registry))
    // The model answered a class outside the options: perceive says insufficient, the planner model takes over.
    expect(s.byRole('planner')).toHaveLength(1)
    expect(s.byRole('planner')[0].text).toContain('route_one_look')
    expect(result.answer.choice).toBeNull()
  })
})

describe('rsure ask with a vision-model backbone', () => {
  it('routes the one-look question, perceive seeing through the backbone itself (no RSURE_VLM)', { timeout: 120_000 }, async () => {
    const s = await h.serve({
      other: (r) => (isPerception(r) ? vlmReply(r) : { text: 'scene_classification' }),
      verifier: () => ({ json: { decision: 'accept', feedback: 'ok', needed: [], caveats: [] } }),
      writer: () => ({ json: { answer: 'B', explanation: 'The verified scene class is harbour.', choice: 'B', basis: [1] } }),
    })
      const saved = { data: process.env.RSURE_DATA_DIR, vlm: process.env.RSURE_VLM }
    process.env.RSURE_DATA_DIR = path.join(tmp.dir, 'cli-data')
    delete process.env.RSURE_VLM
    let stdout = ''
    let stderr = ''
    try {
      const code = await main(['ask', '--image', IMAGE, '--options', OPTIONS, '--backbone', `openai:${s.url}#qwen2.5vl`, '--json', 'What kind of place is shown in the image?'], {
        stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), signal: new AbortController().signal,
      })
      expect(code, stderr).toBe(0)
    } finally {
      if (saved.data === undefined) delete process.env.RSURE_DATA_DIR
      else process.env.RSURE_DATA_DIR = saved.data
      if (saved.vlm !== undefined) process.env.RSURE_VLM = saved.vlm
    }
    const out = JSON.parse(stdout)
    expect(out.answer).toBe('B')
    expect(out.verified).toHaveLength(1)
    expect(out.verified[0]).toMatchObject({ status: 'accepted', action: { tool: 'perceive', args: { mode: 'scene' } }, evidence: { source: { backend: 'vlm', model: `openai:${s.url}#qwen2.5vl` } } })
    expect(s.byRole('planner')).toHaveLength(0)
    expect(s.requests.filter(isPerception).map((r) => r.body.model)).toEqual(['qwen2.5vl'])
  })
})

describe('what routing saves', () => {
  it('the planning loop spends two planner calls (plan, then finish) on what the route does with none', { timeout: 60_000 }, async () => {
    const routed = await run('What kind of place is shown in the image?', { options: OPTIONS })
    const routedCalls = routed.result.metrics.llm_calls
    const routedTokens = routed.result.metrics.tokens
    // The same run through the loop: the planner model plans the very call the route makes, then finishes.
    const s = await h.serve({
      other: (r) => (isPerception(r) ? vlmReply(r) : { text: 'scene_classification' }),
      verifier: () => ({ json: { decision: 'accept', feedback: 'ok', needed: [], caveats: [] } }),
      writer: () => ({ json: { answer: 'B', explanation: 'The verified scene class is harbour.', choice: 'B', basis: [1] } }),
      planner: [{ toolCalls: [{ name: 'perceive', arguments: routed.result.verified[0].action.args }] }, { text: 'The accepted observation answers it.' }],
    })
      const vlm = vlmFromModel(new OpenAIClient({ baseUrl: s.url, model: 'vlm', stream: false }))
    const registry = new ToolRegistry([createPerceiveTool({ vlm })])
    const backbone = createLlmBackbone(new OpenAIClient({ baseUrl: s.url, model: 'vision-backbone' }), registry, { routeSimpleIntents: false })
    const task = makeTask({ question: 'What kind of place is shown in the image?', images: [IMAGE], options: parseOptions(OPTIONS) })
    const looped = await runAgent(task, { verify: true, prior: true }, h.deps(backbone, registry))
    expect(looped.answer.choice).toBe('B')
    expect(s.byRole('planner')).toHaveLength(2)
    expect(looped.metrics.llm_calls - routedCalls).toBe(2)
    // The planner prompts carry the system prompt, the tool schemas and the image: most of the run's tokens.
    const plannerTokens = s.byRole('planner').reduce((n, r) => n + Math.ceil(r.text.length / 4) + 7, 0)
    expect(looped.metrics.tokens - routedTokens).toBe(plannerTokens)
  })
})

describe('which questions one look answers', () => {
  const img = { images: ['/x/a.png'], files: [], options: [] }
  it.each([
    ['What is in this image?', 'evidence'],
    ['Which sensor acquired this image?', 'evidence'],
    ['Is there a harbour in this image?', 'evidence'],
    ['Describe the scene in this picture.', 'evidence'],
  ])('%s -> perceive %s', (question, mode) => {
    expect((oneLookCall({ ...img, question })?.args as { mode: string }).mode).toBe(mode)
  })
  it.each([
    'How many ships are docked in this image?',
    'What share of this image is water?',
    'What is the mean NDVI in this image?',
    'What changed between the two images?',
    'What is the area of the harbour in km2 in this image?',
  ])('%s -> the planning loop', (question) => {
    expect(oneLookCall({ ...img, question })).toBeNull()
  })
  it('raster files, or a GeoTIFF image, go to the tools', () => {
    expect(oneLookCall({ ...img, files: ['/data/scene'], question: 'What is in this image?' })).toBeNull()
    expect(oneLookCall({ ...img, images: ['/x/b4.tif'], question: 'What is in this image?' })).toBeNull()
  })
})
