/**
 * What every perceive backend hands back, and the shared ways of making it: the tool config of a call, a failed
 * outcome, which backends `backend` selects, what to install, and an ok outcome from a geometry layer (saved, its
 * counts and boxes as evidence) or from a plain observation without layers. The three backends (attempt-*.ts) each
 * return an Attempt: done with an outcome, or skipped with the reason the next backend is tried.
 */
import type { GeometryLayer } from '../../engines/geometry/layer'
import { emptyEvidence, type Evidence, type ToolConfig, type ToolResult } from '../protocol'
import type { ToolContext } from '../tool'
import type { PerceiveArgs } from './args'
import { saveLayer, type LayerPaths } from './layers'

export const INSTALL = {
  packs: (task: string) => `no ${task} model pack is installed (add one with 'rsure models add DIR')`,
  vlm: 'no vision-language model is configured (set RSURE_VLM=openai:URL#MODEL for a server with image input)',
}

/** Confidence below which strict quality drops a detection. */
export const STRICT_MIN_CONFIDENCE = 0.5
/** Detector confidence of the single strict retry for a missing group. */
export const RETRY_CONFIDENCE = 0.1

export interface PerceiveOutcome {
  result: ToolResult
  /** The geometry layers made (one per image for objects/regions; one for change), for measure. */
  layers: GeometryLayer[]
}

export type Attempt = { kind: 'done'; outcome: PerceiveOutcome } | { kind: 'skip'; why: string }

export function config(args: Pick<PerceiveArgs, 'mode' | 'backend' | 'view'>): ToolConfig {
  const backend = args.backend.toLowerCase().replace(/[\s|]+/g, '-')
  return { tool: 'perceive', coarse: `perceive:${args.mode}`, fine: `perceive:${args.mode}|${backend}|${args.view}` }
}

export function fail(status: 'insufficient' | 'error', reason: string, args: PerceiveArgs, evidence: Evidence = emptyEvidence()): PerceiveOutcome {
  return { result: { status, reason, observation: null, evidence, artifacts: [], config: config(args) }, layers: [] }
}

export const GEOMETRY_CONTRACT =
  'Exact geometry is stored in layer_paths. Compute areas, distances, fractions and relations with measure; do not estimate them from this summary.'

export function wants(backend: string, kind: 'classical' | 'vlm' | 'pack'): boolean {
  if (backend === 'auto') return true
  if (kind === 'classical') return backend === 'classical'
  if (kind === 'vlm') return backend === 'vlm'
  return backend !== 'classical' && backend !== 'vlm'
}

export function layerObservation(args: PerceiveArgs, backend: string, layers: GeometryLayer[], paths: LayerPaths[], summary: Record<string, unknown>) {
  return {
    mode: args.mode,
    backend,
    geometry: layers[0]?.geometry ?? 'exact',
    ...summary,
    layer_paths: paths.length === 1 ? paths[0] : paths,
    geometry_contract: GEOMETRY_CONTRACT,
  }
}

export function finishObjects(
  args: PerceiveArgs,
  ctx: ToolContext,
  layer: GeometryLayer,
  backend: string,
  ev: { source: Record<string, unknown>; intermediate: Record<string, unknown>; validity: Record<string, unknown>; missing: string[] },
): PerceiveOutcome {
  const saved = saveLayer(layer, ctx, args.mode)
  const counts: Record<string, number> = {}
  for (const g of Object.keys(args.target_groups ?? {})) counts[g] = layer.objects.filter((o) => o.label === g).length
  const boxes = layer.objects.map((o, i) => ({ id: i + 1, label: o.label, confidence: o.confidence, box: o.box ?? null, polygon: o.polygon ?? null }))
  const evidence: Evidence = {
    source: { ...ev.source, quality_policy: args.quality_policy },
    intermediate: { ...ev.intermediate, boxes, confidences: layer.objects.map((o) => o.confidence), count: layer.objects.length, counts_by_group: counts },
    validity: { ...ev.validity, layer_status: ev.missing.length ? 'incomplete' : 'ok', geometry: layer.geometry, layer_paths: saved.paths },
  }
  const observation = layerObservation(args, backend, [layer], [saved.paths], { counts_by_group: counts, objects: boxes })
  return { result: { status: 'ok', observation, evidence, artifacts: saved.artifacts, config: config(args) }, layers: [layer] }
}

export function plain(
  args: PerceiveArgs,
  backend: string,
  observation: Record<string, unknown>,
  source: Record<string, unknown>,
  intermediate: Record<string, unknown>,
  geometry: 'exact' | 'approximate',
): PerceiveOutcome {
  const evidence: Evidence = { source: { backend, ...source, quality_policy: args.quality_policy }, intermediate, validity: { layer_status: 'ok', geometry } }
  return { result: { status: 'ok', observation: { mode: args.mode, backend, ...observation }, evidence, artifacts: [], config: config(args) }, layers: [] }
}
