/**
 * The verified loop end to end with a language-model backbone: the OpenAI client talks to a real local HTTP server
 * that plays a scripted model (planner, verifier, answer writer), over tool doubles. One scenario per behaviour the
 * design promises (DESIGN section 5).
 */
import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { type AgentResult, type AgentSwitches } from '../../main/agent/run-agent'
import { makeTask, parseOptions } from '../../main/agent/task'
import { verifierImages } from '../../main/agent/verifier-images'
import type { ToolResult } from '../../main/tools/protocol'
import type { PriorLookup } from '../../main/verify/prior-lookup'
import { tvdiCall as call, tvdiDag as dag, useScriptedAgent, verdict } from '../helpers/scripted-agent'
import type { Script, ScriptedModelServer } from '../helpers/scripted-model-server'
import { tempDir } from '../helpers/tmp'
import { executeOk, scriptedTool, type ScriptedTool } from '../unit/agent/doubles'

const QUESTION = 'Using NDVI and LST near Urumqi in 2019, what is the annual mean TVDI?'
const OPTIONS = 'A. Annual Mean TVDI: 0.7123\nB. Annual Mean TVDI: 0.6897\nC. Annual Mean TVDI: 0.6543\nD. Annual Mean TVDI: 0.7245'
const writerReply = { json: { answer: 'B', explanation: 'The verified annual mean TVDI is nearest option B.', choice: 'B' } }

const h = useScriptedAgent()

interface Run {
  result: AgentResult
  server: ScriptedModelServer
  tool: ScriptedTool
}

async function run(
  script: Script,
  results: (args: Record<string, unknown>, n: number) => ToolResult,
  opts: { switches?: AgentSwitches; prior?: PriorLookup; stream?: boolean } = {},
): Promise<Run> {
  const tool = scriptedTool('execute', results)
  const task = makeTask({ question: QUESTION, options: parseOptions(OPTIONS), files: ['/data'] })
  const deps = opts.prior ? { prior: opts.prior } : {}
  const { result, server } = await h.run({ script, tools: [tool], task, switches: opts.switches, backbone: { stream: opts.stream ?? true }, deps })
  return { result, server, tool }
}

const kinds = (r: AgentResult) => r.trajectory.map((s) => s.kind)

describe('verified loop with a scripted model', () => {
  it('accept: the observation enters the verified history and the answer is written from it', async () => {
    const prior: PriorLookup = { lookup: () => ({ r_hat: 0.81, level: 'coarse', n: 120, n_valid: 97, source: 'published' }) }
    const { result, server } = await run(
      { planner: [call('a'), { text: 'The accepted observation answers it.' }], verifier: [verdict('accept', 'coverage complete')], writer: [writerReply] },
      () => executeOk(0.6897),
      { prior },
    )
    expect(result.answer.choice).toBe('B')
    expect(result.verified).toHaveLength(1)
    expect(result.verified[0]).toMatchObject({ kind: 'observation', status: 'accepted', call: 1, observation: { value: 0.6897 } })
    expect(kinds(result)).toEqual(['task', 'plan', 'tool_call', 'tool_result', 'rule_check', 'prior', 'verdict', 'plan', 'answer'])
    // The verifier works in its own context: question, action, observation, evidence and prior, but no planner prompt.
    const v = server.byRole('verifier')[0].text
    expect(v).toContain(QUESTION)
    expect(v).toContain('0.6897')
    expect(v).toContain('temporal_coverage')
    expect(v).toContain('r̂ = 0.810')
    expect(v).not.toContain('You are RSure')
    expect(v).not.toContain('The accepted observation answers it')
    // Metrics count every model call and its tokens.
    expect(result.metrics.llm_calls).toBe(server.requests.length)
    expect(result.metrics.tokens).toBeGreaterThan(0)
    expect(result.metrics.tool_calls).toBe(1)
    // The run and its trajectory are in SQLite.
    const stored = h.stores.runs.getRun(result.runId!)!
    expect(stored).toMatchObject({ status: 'finished', answer: 'B', taskType: result.taskType })
    expect(stored.settings).toMatchObject({ verify: true, prior: true, backbone: expect.stringMatching(/^openai:/) })
    expect(h.stores.runs.trajectory(result.runId!).map((s) => s.kind)).toEqual(kinds(result))
  })

  it('request_evidence followed by an accepted follow-up', async () => {
    const { result, server } = await run(
      {
        planner: [call('first'), call('follow-up'), { text: 'done' }],
        verifier: [verdict('request_evidence', 'the dates of March are missing', ['temporal_coverage']), verdict('accept', 'now complete')],
        writer: [writerReply],
      },
      (_a, n) => executeOk(n === 0 ? 0.5555 : 0.6897),
    )
    expect(result.verified.map((e) => e.call)).toEqual([2])
    expect(result.trajectory.find((s) => s.kind === 'follow_up')?.payload).toMatchObject({ call: 2, origin: 1, number: 1, of: 3 })
    const second = server.byRole('planner')[1].text
    expect(second).toContain('REQUEST_EVIDENCE (call 1)')
    expect(second).toContain('temporal_coverage')
    expect(second).toContain('3 follow-up call(s) left')
    expect(second).not.toContain('0.5555')
  })

  it('three follow-ups without a decision, then the request is given up', async () => {
    const { result, server } = await run(
      {
        planner: [call('1'), call('2'), call('3'), call('4'), { text: 'I cannot get more evidence.' }],
        verifier: () => verdict('request_evidence', 'valid pixels too few', ['valid_pixels']),
        writer: [{ json: { answer: 'B', explanation: 'No verified value; valid pixels are missing.', choice: 'B' } }],
      },
      () => executeOk(0.6897),
    )
    expect(result.trajectory.filter((s) => s.kind === 'follow_up')).toHaveLength(3)
    expect(result.trajectory.find((s) => s.kind === 'give_up')?.payload).toMatchObject({ origin: 1, followUps: 3 })
    expect(result.verified).toEqual([])
    expect(server.byRole('planner')[4].text).toContain('ran out of follow-ups')
    expect(result.answer.missing.join(' ')).toContain('still missing after 3 follow-up call(s)')
    expect(server.byRole('writer')[0].text).toContain('VERIFIED OBSERVATIONS (in call order):\n(none)')
  })

  it('reject then re-plan: only the new observation is kept, and the rejected value never reaches the answer', async () => {
    const { result, server } = await run(
      {
        planner: [call('wrong-band'), call('right-band'), { text: 'done' }],
        verifier: [verdict('reject', 'the lst input is bound to the NDVI files'), verdict('accept', 'bands right')],
        writer: [writerReply],
      },
      (_a, n) => executeOk(n === 0 ? 0.7777 : 0.6897),
    )
    expect(result.verified.map((e) => e.call)).toEqual([2])
    const replan = server.byRole('planner')[1].text
    expect(replan).toContain('REJECTED (call 1): the lst input is bound to the NDVI files')
    expect(replan).not.toContain('0.7777')
    const writer = server.byRole('writer')[0].text
    expect(writer).toContain('0.6897')
    expect(writer).not.toContain('0.7777')
    expect(JSON.stringify(result.answer)).not.toContain('0.7777')
  })

  it('a rule failure reaches the planner as a diagnosis and the verifier never sees the result', async () => {
    const { result, server } = await run(
      { planner: [call('broken'), { text: 'giving up' }], writer: [writerReply] },
      () => ({ ...executeOk(0.1), observation: { value: Number.NaN, unit: 'dimensionless' } }),
    )
    expect(server.byRole('verifier')).toHaveLength(0)
    expect(result.trajectory.find((s) => s.kind === 'rule_check')?.payload).toMatchObject({ passed: false, rule: 'finite' })
    expect(server.byRole('planner')[1].text).toContain('RULE FAILURE (call 1, finite)')
    expect(result.verified).toEqual([])
  })

  it('a tool that reports an error fails the status rule with its reason', async () => {
    const { server } = await run(
      { planner: [call('x'), { text: 'stop' }], writer: [writerReply] },
      () => ({ ...executeOk(0), status: 'error', reason: "node 'ndvi' found no NDVI band", observation: null }),
    )
    expect(server.byRole('planner')[1].text).toContain("RULE FAILURE (call 1, status): The execute call returned 'error': node 'ndvi' found no NDVI band")
  })

  it('a repeated call is refused as not novel, without running the tool again', async () => {
    // call('x') again, its keys written in another order: the same call canonically.
    const first = dag('x')
    const same = { output: first.output, nodes: first.nodes.map(({ id, op, params, inputs }) => ({ inputs, params, op, id })) }
    const { result, server, tool } = await run(
      {
        planner: [call('x'), { toolCalls: [{ name: 'execute', arguments: same }] }, { text: 'done' }],
        verifier: [verdict('accept', 'fine')],
        writer: [writerReply],
      },
      () => executeOk(0.6897),
    )
    expect(tool.calls).toHaveLength(1)
    expect(result.metrics.tool_calls).toBe(2)
    expect(server.byRole('planner')[2].text).toContain('RULE FAILURE (call 2, novelty)')
  })

  it('stops at the budget of 10 tool calls', async () => {
    const { result, server, tool } = await run(
      {
        planner: (_r, i) => call(`try-${i}`),
        verifier: () => verdict('reject', 'still wrong'),
        writer: [{ json: { answer: 'B', explanation: 'nothing verified', choice: null } }],
      },
      (_a, n) => executeOk(0.5 + n / 100),
    )
    expect(tool.calls).toHaveLength(10)
    expect(server.byRole('planner')).toHaveLength(10)
    expect(result.stop).toBe('budget_exhausted')
    expect(kinds(result)).toContain('budget_exhausted')
    expect(result.answer.missing).toContain('the tool-call budget ran out before the plan finished')
    // The writer still wrote 'B' with nothing verified: that letter is overruled, no option is named.
    expect(result.answer.choice).toBeNull()
    expect(result.answer.grounded).toBe(false)
  })

  it('--no-verify passes a faulty observation straight through (RSure-Base)', async () => {
    const { result, server } = await run(
      { planner: [call('faulty'), { text: 'done' }], writer: [{ json: { answer: 'D', explanation: 'from 0.7777', choice: 'D' } }] },
      () => executeOk(0.7777),
      { switches: { verify: false, prior: false } },
    )
    expect(server.byRole('verifier')).toHaveLength(0)
    expect(result.verified[0]).toMatchObject({ status: 'unverified', observation: { value: 0.7777 } })
    expect(server.byRole('writer')[0].text).toContain('0.7777')
    expect(h.stores.runs.getRun(result.runId!)!.settings).toMatchObject({ verify: false, prior: false, baseline: 'RSure-Base' })
  })

  it('--no-prior gives the verifier prior None even where the store has one', async () => {
    const prior: PriorLookup = { lookup: () => ({ r_hat: 0.3, level: 'fine', n: 20, n_valid: 5, source: 'calibration' }) }
    const { server } = await run(
      { planner: [call('a'), { text: 'ok' }], verifier: [verdict('accept', 'fine')], writer: [writerReply] },
      () => executeOk(0.6897),
      { prior, switches: { verify: true, prior: false } },
    )
    expect(server.byRole('verifier')[0].text).toContain('RELIABILITY PRIOR: None')
  })

  it('works without streaming, and falls back to extracting JSON when the server has no JSON-schema mode', async () => {
    let refused = 0
    const { result } = await run(
      {
        planner: [call('a'), { text: 'ok' }],
        verifier: (req) => {
          if (req.body.response_format) {
            refused++
            return { status: 400, body: JSON.stringify({ error: { message: "response_format 'json_schema' is not supported" } }) }
          }
          return { text: 'Verdict follows.\n```json\n{"decision": "accept", "feedback": "fine"}\n```' }
        },
        writer: [{ text: '{"answer": "B", "explanation": "nearest", "choice": "B"}' }],
      },
      () => executeOk(0.6897),
      { stream: false },
    )
    expect(refused).toBe(1)
    expect(result.verified).toHaveLength(1)
    expect(result.answer.choice).toBe('B')
  })

  it('a verifier answer that is not a verdict never lets the observation through', async () => {
    const { result } = await run(
      { planner: [call('a'), { text: 'ok' }], verifier: [{ json: { decision: 'maybe', feedback: 'unsure' } }], writer: [writerReply] },
      () => executeOk(0.6897),
    )
    expect(result.verified).toEqual([])
    expect(result.trajectory.find((s) => s.kind === 'verdict')?.payload).toMatchObject({ decision: 'reject' })
  })

  it('the LLM verifier sees the image with the evidence drawn on it, and nothing of the planner', async () => {
    const { dir, cleanup } = tempDir()
    try {
      const png = new PNG({ width: 16, height: 16 })
      png.data.fill(0)
      const image = path.join(dir, 'harbour.png')
      fs.writeFileSync(image, PNG.sync.write(png))
      const script: Script = {
        other: () => ({ text: 'object_counting' }),
        planner: [{ toolCalls: [{ name: 'perceive', arguments: { mode: 'objects', image_paths: [image] } }] }, { text: 'done' }],
        verifier: [verdict('accept', 'boxes match the ships')],
        writer: [{ json: { answer: '2', explanation: 'two ships', choice: null } }],
      }
      const perceive = scriptedTool('perceive', () => ({
        status: 'ok',
        observation: { count: 2 },
        evidence: { source: { backend: 'det' }, intermediate: { boxes: [[1, 1, 6, 6], [8, 8, 14, 14]] }, validity: { layer_status: 'ok' } },
        artifacts: [],
        config: { tool: 'perceive', coarse: 'perceive:objects', fine: 'perceive:objects|det|full' },
      }), { 'perceive:objects': { source: ['backend'], intermediate: ['boxes'], validity: ['layer_status'] } })
      const task = makeTask({ question: 'How many ships are in the harbour?', images: [image] })
      const { result, server } = await h.run({ script, tools: [perceive], task, deps: { verifierImages } })
      expect(result.verified).toHaveLength(1)
      const request = server.byRole('verifier')[0]
      const parts = (request.body.messages as { content: { type: string; image_url?: { url: string } }[] }[])[0].content
      const images = parts.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url)
      expect(images).toHaveLength(1)
      const drawn = PNG.sync.read(Buffer.from(images[0].split(',')[1], 'base64'))
      expect([...drawn.data.subarray((1 * 16 + 1) * 4, (1 * 16 + 1) * 4 + 3)]).toEqual([255, 64, 32])
      expect(request.text).toContain('(evidence drawn on it)')
      expect((request.body.messages as unknown[]).length).toBe(1)
    } finally {
      cleanup()
    }
  })

  it('retrieved cards join the verified history in call order without verification', async () => {
    const script: Script = {
      planner: [{ toolCalls: [{ name: 'retrieve', arguments: { query: 'tvdi recipe' } }] }, call('a'), { text: 'done' }],
      verifier: [verdict('accept', 'fine')],
      writer: [writerReply],
    }
    const retrieve = scriptedTool('retrieve', () => ({
      status: 'ok',
      observation: [{ id: 'card-tvdi', title: 'TVDI recipe', text: 'dry and wet edges per date' }],
      evidence: { source: { index: 'cards' }, intermediate: {}, validity: {} },
      artifacts: [],
      config: { tool: 'retrieve', coarse: 'retrieve:cards', fine: 'retrieve:cards|bm25' },
    }))
    const execute = scriptedTool('execute', () => executeOk(0.6897))
    const task = makeTask({ question: QUESTION, options: parseOptions(OPTIONS), files: ['/data'] })
    const { result, server } = await h.run({ script, tools: [retrieve, execute], task })
    expect(result.verified.map((e) => [e.kind, e.call])).toEqual([['card', 1], ['observation', 2]])
    expect(server.byRole('verifier')).toHaveLength(1)
    const writer = server.byRole('writer')[0].text
    expect(writer.indexOf('CARDS from retrieve')).toBeLessThan(writer.indexOf('ACCEPTED execute'))
  })
})
