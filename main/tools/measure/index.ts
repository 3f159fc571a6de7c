/**
 * The measure tool (DESIGN section 4; paper appendix A.2): one numeric (or boolean) observation from declared
 * sources and a typed spec. Sources are perceived (or read from a perceive layer file, or drawn as a declared
 * extent); the metric is computed on their exact pixels. GSD comes from the geotransform when the image has one
 * (geodesic on geographic grids), else from the source's gsd argument. Approximate geometry is refused for metre-based
 * metrics. The evidence carries the numerator, the denominator, the pixel counts and the layers used.
 */
import { z } from 'zod'
import { describeScale } from '../../engines/geometry/scale'
import { emptyEvidence, type Artifact, type EvidenceDeclaration, type ToolConfig, type ToolResult } from '../protocol'
import type { Tool, ToolContext } from '../tool'
import type { PerceiveBackends } from '../perceive/backends'
import { computeMetric, MeasureError } from './compute'
import { resolveSource, SourceError, type ResolvedSource } from './sources'
import { MeasureArgs, specEcho } from './spec'

export { MeasureArgs } from './spec'

const DESCRIPTION = `Produce one numerical spatial observation from declared image sources and a typed spec. Sources: {id, mode:
objects|regions|change|extent, image_paths or layer (a perceive mask_tiff), target_groups, bbox (extent), gsd}. Spec:
{metric: count|area|length|distance|fraction|percentage|overlap|relation, subject, reference, relation, distance:
{value, unit}, distance_statistic: minimum|mean|maximum, denominator: valid_pixels|image|<label>, output_unit}. Labels are
target-group ids (or 'source.label'). It never reads the question: put every relation, buffer, ratio and unit in spec.`

export const MEASURE_EVIDENCE: EvidenceDeclaration = {
  'measure:*': {
    source: ['metric', 'sources', 'gsd_source', 'unit'],
    intermediate: ['numerator', 'denominator', 'pixel_counts'],
    validity: ['layer_status', 'geometry', 'layers_used'],
  },
}

/**
 * What the config of a call reads from arguments that failed validation (this boundary only): any value at all, each
 * part kept where it has the expected shape (a spec object, a list of source objects), the rest dropped.
 */
const LooseMeasureArgs = z
  .object({
    spec: z.object({ metric: z.unknown().optional(), relation: z.unknown().optional(), subject: z.unknown().optional() }).optional().catch(undefined),
    sources: z
      .array(z.object({ id: z.unknown().optional(), mode: z.unknown().optional() }).catch({ id: undefined, mode: undefined }))
      .optional()
      .catch(undefined),
  })
  .nullable()
  .catch(null)

function config(args: z.infer<typeof LooseMeasureArgs>): ToolConfig {
  const metric = typeof args?.spec?.metric === 'string' && /^[a-z]+$/.test(args.spec.metric) ? args.spec.metric : 'invalid'
  const relation = typeof args?.spec?.relation === 'string' && /^[a-z_]+$/.test(args.spec.relation) ? args.spec.relation : 'auto'
  const subject = typeof args?.spec?.subject === 'string' ? args.spec.subject : ''
  const srcId = subject.includes('.') ? subject.split('.')[0] : null
  const src = args?.sources?.find((s) => s.id === srcId) ?? args?.sources?.[0]
  const layer = typeof src?.mode === 'string' && /^[a-z]+$/.test(src.mode) ? src.mode : 'auto'
  // The prior keys a relation by the paper's export label, 'boolean' (table E.1), so its published scores apply.
  const key = metric === 'relation' ? 'boolean' : metric
  return { tool: 'measure', coarse: `measure:${key}`, fine: `measure:${key}|${relation}|${layer}` }
}

export async function measure(raw: unknown, ctx: ToolContext, backends: PerceiveBackends = {}): Promise<ToolResult> {
  const parsed = MeasureArgs.safeParse(raw)
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    return {
      status: 'error',
      reason: `The measure arguments are invalid: ${i.path.join('.') || 'arguments'}: ${i.message}.`,
      observation: null,
      evidence: emptyEvidence(),
      artifacts: [],
      config: config(LooseMeasureArgs.parse(raw)),
    }
  }
  const args = parsed.data
  const cfg = config(args)
  const resolved: ResolvedSource[] = []
  const artifacts: Artifact[] = []
  try {
    for (const s of args.sources) {
      if (ctx.signal?.aborted) return { status: 'error', reason: 'cancelled', observation: null, evidence: emptyEvidence(), artifacts, config: cfg }
      const r = await resolveSource(s, ctx, backends)
      resolved.push(r)
      artifacts.push(...r.artifacts)
    }
    const m = computeMetric(args.spec, resolved)
    const subject = m.used[0]
    const evidence = {
      source: {
        metric: args.spec.metric,
        spec: specEcho(args.spec),
        unit: m.unit,
        formula: m.formula,
        sources: resolved.map((r) => ({
          id: r.id,
          mode: r.mode,
          backend: r.backend,
          geometry: r.layer.geometry,
          grid: `${r.layer.grid.width}x${r.layer.grid.height} px`,
          crs: r.layer.grid.crs?.name ?? null,
          epsg: r.layer.grid.crs?.epsg ?? null,
          ...describeScale(r.scale),
          ...(r.perceive ? { perceive: r.perceive } : {}),
        })),
        gsd_source: subject.source.scale.source,
        ...describeScale(subject.source.scale),
      },
      intermediate: { numerator: m.numerator, denominator: m.denominator, pixel_counts: m.pixelCounts, ...m.detail },
      validity: {
        layer_status: 'ok',
        geometry: Object.fromEntries(m.used.map((u) => [u.source.id, u.source.layer.geometry])),
        layers_used: m.used.map((u) => ({ source: u.source.id, label: u.label, paths: u.source.layerPaths })),
        tile_coverage: 1,
      },
    }
    const echo = specEcho(args.spec)
    const observation = {
      metric: args.spec.metric,
      value: m.value,
      unit: m.unit,
      subject: args.spec.subject,
      ...(args.spec.reference ? { reference: args.spec.reference } : {}),
      ...(args.spec.relation ? { relation: args.spec.relation } : {}),
      ...(echo.distance_statistic ? { statistic: echo.distance_statistic } : {}),
      ...(echo.denominator ? { denominator: echo.denominator } : {}),
    }
    return { status: 'ok', observation, evidence, artifacts, config: cfg }
  } catch (err) {
    if (err instanceof MeasureError || err instanceof SourceError) {
      const evidence = emptyEvidence()
      evidence.source = {
        metric: args.spec.metric,
        spec: specEcho(args.spec),
        sources: resolved.map((r) => ({ id: r.id, mode: r.mode, backend: r.backend, geometry: r.layer.geometry })),
      }
      return { status: err.status, reason: err.message, observation: null, evidence, artifacts, config: cfg }
    }
    throw err
  }
}

export function createMeasureTool(backends: PerceiveBackends = {}): Tool<MeasureArgs, unknown> {
  return {
    name: 'measure',
    description: DESCRIPTION,
    args: MeasureArgs,
    evidence: MEASURE_EVIDENCE,
    run: (args, ctx) => measure(args, ctx, backends),
  }
}
