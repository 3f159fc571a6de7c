/**
 * Synthetic runs for the renderer's component tests: the steps the agent records (main/agent/loop.ts) for one call
 * of each observation kind, with made-up but well-formed ToolResults. Perception tools that do not exist yet are
 * described by the shapes DESIGN section 3 gives (boxes, polygons, points, text lines, class scores).
 */
import type { FileEntry } from '../../../preload/contract'
import { readRunEvent, RUN_EVENT_SCHEMA_VERSION, type RunEvent, type StoredStepLike } from '../../../main/domain/run-events'

/** A step as a test writes it: kind and payload as the agent records them. */
export type StepLike = StoredStepLike

/** Steps as the window receives them: read by the one versioned reader, as main does for run.step and runs.get. */
export function events(steps: readonly StepLike[]): RunEvent[] {
  return steps.map((s) => readRunEvent('run-test-0001', { schemaVersion: RUN_EVENT_SCHEMA_VERSION, createdAt: '', ...s }))
}
export const event = (step: StepLike): RunEvent => events([step])[0]

export function picture(id: string, path: string, width: number, height: number): FileEntry {
  return { id, path, name: path.split('/').pop()!, origin: 'path', error: null, info: { kind: 'image', format: 'PNG', path, fileSize: 1000, width, height, channels: 3, bitDepth: 8, colorModel: 'rgb' } }
}

const prior = { r_hat: 0.75, level: 'coarse', n: 18, n_valid: 13, source: 'published' }

/** The steps of one verified call: tool_call, tool_result, rule_check, prior, verdict (seq from `seq0`). */
export function callSteps(
  call: number,
  seq0: number,
  tool: string,
  args: unknown,
  result: { observation: unknown; source?: Record<string, unknown>; intermediate?: Record<string, unknown>; validity?: Record<string, unknown>; artifacts?: unknown[] },
  decision: 'accept' | 'request_evidence' | 'reject' = 'accept',
  extra: { followUpOf?: number } = {},
): StepLike[] {
  const steps: StepLike[] = []
  let seq = seq0
  if (extra.followUpOf) steps.push({ seq: seq++, kind: 'follow_up', payload: { call, origin: extra.followUpOf, number: 1, of: 3 } })
  steps.push({ seq: seq++, kind: 'tool_call', payload: { call, tool, args, purpose: `synthetic ${tool} call`, followUp: !!extra.followUpOf } })
  steps.push({
    seq: seq++,
    kind: 'tool_result',
    payload: {
      call,
      ms: 12,
      result: {
        status: 'ok',
        observation: result.observation,
        evidence: { source: result.source ?? { backend: 'synthetic' }, intermediate: result.intermediate ?? {}, validity: result.validity ?? { geometry: 'exact' } },
        artifacts: result.artifacts ?? [],
        config: { tool, coarse: `${tool}:x`, fine: `${tool}:x|auto` },
      },
    },
  })
  steps.push({ seq: seq++, kind: 'rule_check', payload: { call, passed: true, checked: ['status', 'evidence', 'finite'] } })
  steps.push({ seq: seq++, kind: 'prior', payload: { call, taskType: 'object_counting', config: { tool, coarse: `${tool}:x`, fine: `${tool}:x|auto` }, prior } })
  steps.push({
    seq: seq++,
    kind: 'verdict',
    payload: { call, verifier: 'rules-policy', decision, feedback: `synthetic ${decision} of call ${call}`, needed: decision === 'request_evidence' ? ['coverage'] : [], caveats: [] },
  })
  return steps
}

export function taskStep(question: string): StepLike {
  return { seq: 0, kind: 'task', payload: { question, options: [{ letter: 'A', text: '3' }, { letter: 'B', text: '4' }], task_type: 'object_counting', settings: { backbone: 'rules', verify: true, prior: true } } }
}

/** The NDVI DAG of the rules backbone, with per-node evidence as execute reports it (valid pixels per item). */
export const NDVI_DAG = {
  nodes: [
    { id: 'catalog', op: 'asset.catalog', params: { dir: '/data/scene' }, inputs: {} },
    { id: 'nir', op: 'raster.read', params: { role: 'NIR' }, inputs: { data: '@catalog' } },
    { id: 'red', op: 'raster.read', params: { role: 'RED' }, inputs: { data: '@catalog' } },
    { id: 'ndvi', op: 'raster.product', params: { product: 'normalized_difference' }, inputs: { a: '@nir', b: '@red' } },
    { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@ndvi' } },
    { id: 'overall', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
  ],
  output: 'overall',
}

export function ndviResult(valid: number, total: number, mean: number, artifactSha: string) {
  const item = (unit: string) => ({ items: [{ id: 'scene', date: '2017-08-13', status: 'ok', unit, valid, total }] })
  return {
    observation: { value: mean, unit: 'dimensionless' },
    source: { operators: { ndvi: { op: 'raster.product', unit: 'dimensionless' }, overall: { op: 'timeseries.aggregate', unit: 'dimensionless' } }, formulas: { ndvi: { formula: '(a - b) / (a + b)' } } },
    intermediate: { nodes: { catalog: { count: 1 }, nir: item('dn'), red: item('dn'), ndvi: item('dimensionless'), daily: { points: [{ date: '2017-08-13', value: mean, valid }] }, overall: { value: mean, unit: 'dimensionless' } } },
    validity: { node_status: { catalog: 'ok', nir: 'ok', red: 'ok', ndvi: 'ok', daily: 'ok', overall: 'ok' }, failed_nodes: [] },
    artifacts: [{ kind: 'raster:ndvi', path: `/data/artifacts/${artifactSha}.tif`, sha256: artifactSha }],
  }
}
