/**
 * The verifiable observation protocol's shapes (DESIGN section 3): a tool's status, its evidence, its artifacts, its
 * configuration ids and the ToolResult that carries them. Owned here so the loop, the store's run events, the
 * contract and the window read one description; main/tools/protocol.ts adds the evidence declarations and checks.
 */
import { z } from 'zod'

export const ToolStatus = z.enum(['ok', 'insufficient', 'error'])
export type ToolStatus = z.infer<typeof ToolStatus>

/** The four tools of DESIGN section 4. */
export const ToolName = z.enum(['perceive', 'measure', 'execute', 'retrieve'])
export type ToolName = z.infer<typeof ToolName>

/** How exact a geometry is: a vision-language model's boxes are `approximate` and may not feed metre-based metrics. */
export const GeometryFlag = z.enum(['exact', 'approximate'])
export type GeometryFlag = z.infer<typeof GeometryFlag>

export const Evidence = z.object({
  /** Backend/model id and version, sha256 of inputs, thresholds, sensor, GSD, band mapping, formulas, parameters. */
  source: z.record(z.string(), z.unknown()),
  /** Boxes/polygons and confidences, numerators and denominators, pixel counts, per-node outputs. */
  intermediate: z.record(z.string(), z.unknown()),
  /** Layer status, coverage, geometry flags, node status, quality masks, failed nodes. */
  validity: z.record(z.string(), z.unknown()),
})
export type Evidence = z.infer<typeof Evidence>

/** A derived layer written to the artifact store (GeoTIFF, GeoJSON, mask...). */
export const Artifact = z.object({
  kind: z.string().min(1),
  path: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits'),
})
export type Artifact = z.infer<typeof Artifact>

/**
 * Configuration ids keyed by the reliability prior (DESIGN section 6).
 * coarse: tool + mode/metric/op, e.g. `execute:raster.product`; fine adds backend, view, relation, layer type,
 * e.g. `measure:count|auto|objects`.
 */
export const ToolConfig = z.object({
  tool: ToolName,
  coarse: z.string().regex(/^(perceive|measure|execute|retrieve):[^|\s]+$/, 'coarse config id is tool:mode'),
  fine: z.string().regex(/^(perceive|measure|execute|retrieve):\S+$/, 'fine config id starts with tool:'),
})
export type ToolConfig = z.infer<typeof ToolConfig>

const toolResultShape = <O extends z.ZodTypeAny>(observation: O) =>
  z
    .object({
      status: ToolStatus,
      reason: z.string().min(1).optional(),
      observation: observation.nullable(),
      evidence: Evidence,
      artifacts: z.array(Artifact),
      config: ToolConfig,
    })
    .superRefine((value, ctx) => {
      // The generic observation type hides the field from TypeScript here; it is read as what it is, unknown.
      const observation: unknown = Reflect.get(value, 'observation')
      const r = { status: value.status, reason: value.reason, observation }
      if (r.status !== 'ok' && !r.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: `a result with status '${r.status}' must say why` })
      }
      if (r.status !== 'ok' && r.observation !== null) {
        ctx.addIssue({
          code: 'custom',
          path: ['observation'],
          message: `a result with status '${r.status}' carries no observation (never an estimate)`,
        })
      }
      if (r.status === 'ok' && r.observation === null) {
        ctx.addIssue({ code: 'custom', path: ['observation'], message: "an 'ok' result must carry its observation" })
      }
    })

/** Schema of a ToolResult whose observation matches `observation`. */
export function toolResultSchema<O extends z.ZodTypeAny>(observation: O) {
  return toolResultShape(observation)
}

/** Schema of any ToolResult (observation unchecked). */
export const ToolResultSchema = toolResultShape(z.unknown())

export interface ToolResult<O = unknown> {
  status: ToolStatus
  /** Required when not ok; an 'insufficient' result never carries an estimate. */
  reason?: string
  /** null unless status is 'ok'. */
  observation: O | null
  evidence: Evidence
  artifacts: Artifact[]
  config: ToolConfig
}
