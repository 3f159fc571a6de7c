/**
 * The setup every "real agent against the scripted model server" test shares: fresh in-memory stores and at most one
 * scripted server per test (closed after it), the OpenAI backbone pointed at that server, a run of `runAgent` with
 * the stores wired in, and the TVDI DAG / verdict replies the scenarios script. One place, so the integration tests
 * (model-fault-runs, llm-intent-route, agent-answer-grounding, agent-scripted-model) differ only in what they script.
 */
import { afterEach, beforeEach } from 'vitest'
import { createBackbone, type BackboneOptions } from '../../main/agent/llm/backbone-spec'
import { runAgent, type AgentDeps, type AgentResult, type AgentSwitches } from '../../main/agent/run-agent'
import type { TaskSpec } from '../../main/agent/task'
import { ToolRegistry, type AnyTool } from '../../main/agent/tool-registry'
import { memoryStores, type StoreBundle } from '../unit/agent/doubles'
import { startScriptedModelServer, type Script, type ScriptedModelServer, type ScriptedReply } from './scripted-model-server'

/** The classifier's reply most scenarios need (the task-type request is role 'other'). */
export const CLASSIFIER: Script = { other: () => ({ text: 'environmental_assessment' }) }

/** A DAG computing "the mean over 2019 of the daily mean TVDI" over /data; `tag` (when given) makes calls distinct. */
export function tvdiDag(tag?: string) {
  const catalog = { dir: '/data', ...(tag === undefined ? {} : { tag }), start: '2019-01-01', end: '2019-12-31' }
  return {
    nodes: [
      { id: 'cat', op: 'asset.catalog', params: catalog, inputs: {} },
      { id: 'lst', op: 'raster.read', params: { role: 'LST' }, inputs: { data: '@cat' } },
      { id: 'ndvi', op: 'raster.read', params: { role: 'NDVI' }, inputs: { data: '@cat' } },
      { id: 'tvdi', op: 'raster.product', params: { product: 'tvdi' }, inputs: { ndvi: '@ndvi', lst: '@lst' } },
      { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@tvdi' } },
      { id: 'annual', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
    ],
    output: 'annual',
  }
}

/** A planner reply calling execute with `tvdiDag(tag)`. */
export const tvdiCall = (tag?: string) => ({ toolCalls: [{ name: 'execute', arguments: tvdiDag(tag) }] }) satisfies ScriptedReply

/** A verifier reply. */
export const verdict = (decision: string, feedback: string, needed: string[] = []) =>
  ({ json: { decision, feedback, needed, caveats: [] } }) satisfies ScriptedReply

export interface ScriptedRun {
  script: Script
  tools: AnyTool[]
  task: TaskSpec
  switches?: AgentSwitches
  /** The served model's name (default 'scripted'). */
  model?: string
  backbone?: BackboneOptions
  /** More of runAgent's dependencies (prior, verifierImages...). */
  deps?: Omit<AgentDeps, 'backbone' | 'registry' | 'artifacts' | 'runs'>
}

export interface ScriptedAgentHarness {
  /** This test's stores (fresh per test). */
  readonly stores: StoreBundle
  /** The server this test started; throws when none is running. */
  readonly server: ScriptedModelServer
  /** Starts this test's scripted server (a running one is closed first); it is closed after the test. */
  serve(script: Script): Promise<ScriptedModelServer>
  /** Closes this test's server now (between two runs of one test). */
  closeServer(): Promise<void>
  /** runAgent's dependencies wired to this test's stores. */
  deps(backbone: AgentDeps['backbone'], registry: ToolRegistry): AgentDeps
  /** Serves CLASSIFIER + `script`, points an OpenAI backbone at it over `tools` and runs the task (verify and prior on by default). */
  run(r: ScriptedRun): Promise<{ result: AgentResult; server: ScriptedModelServer; registry: ToolRegistry }>
  /** The same wiring without running: for tests that expect the run to throw. */
  prepare(r: ScriptedRun): Promise<{ start: () => Promise<AgentResult>; server: ScriptedModelServer; registry: ToolRegistry }>
}

/** Registers the per-test lifecycle (call at the top of a test file) and returns the harness. */
export function useScriptedAgent(): ScriptedAgentHarness {
  let stores: StoreBundle | null = null
  let server: ScriptedModelServer | null = null
  beforeEach(() => {
    stores = memoryStores()
  })
  afterEach(async () => {
    await server?.close()
    server = null
    stores?.cleanup()
    stores = null
  })
  const harness: ScriptedAgentHarness = {
    get stores() {
      if (!stores) throw new Error('useScriptedAgent: stores are made per test (use them inside a test).')
      return stores
    },
    get server() {
      if (!server) throw new Error('useScriptedAgent: no scripted server is running in this test.')
      return server
    },
    async serve(script) {
      await harness.closeServer()
      server = await startScriptedModelServer(script)
      return server
    },
    async closeServer() {
      await server?.close()
      server = null
    },
    deps: (backbone, registry) => ({ backbone, registry, artifacts: harness.stores.artifacts, runs: harness.stores.runs }),
    async prepare(r) {
      const s = await harness.serve({ ...CLASSIFIER, ...r.script })
      const registry = new ToolRegistry(r.tools)
      const backbone = createBackbone({ kind: 'openai', baseUrl: s.url, model: r.model ?? 'scripted' }, registry, r.backbone)
      const start = () => runAgent(r.task, r.switches ?? { verify: true, prior: true }, { ...harness.deps(backbone, registry), ...r.deps })
      return { start, server: s, registry }
    },
    async run(r) {
      const { start, server: s, registry } = await harness.prepare(r)
      return { result: await start(), server: s, registry }
    },
  }
  return harness
}
