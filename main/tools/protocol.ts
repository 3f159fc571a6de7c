/**
 * The verifiable observation protocol (DESIGN section 3).
 *
 * Every call of perceive, measure and execute returns one `ToolResult`: the observation together with the process
 * evidence a verifier needs to re-check it. The shapes here are fixed: the agent loop, the rule checks, the prior
 * (through `config`), the CLI (`rsure exec --json`) and the renderer's evidence viewer all read them.
 *
 * Each tool declares which evidence fields every mode must fill (`EvidenceDeclaration`, next to its argument
 * schema in `Tool.evidence`); `missingEvidence` checks a result against it and fails closed when none is declared.
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
      // The generic observation type hides the field from TypeScript here; the shape is known from the object above.
      const r = value as unknown as { status: ToolStatus; reason?: string; observation: unknown }
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

/** An empty evidence record, to be filled by a tool. */
export function emptyEvidence(): Evidence {
  return { source: {}, intermediate: {}, validity: {} }
}

/** A result that carries no observation: `insufficient` (not enough valid data) or `error` (the call failed). */
export function failedResult(
  status: 'insufficient' | 'error',
  reason: string,
  config: ToolConfig,
  evidence: Evidence = emptyEvidence(),
  artifacts: Artifact[] = [],
): ToolResult<never> {
  return { status, reason, observation: null, evidence, artifacts, config }
}

/**
 * Which evidence fields a tool+mode must fill. Each section lists dotted keys that must be present (and not
 * undefined) in that section; the rule checks fail an 'ok' result that lacks one.
 */
export interface EvidenceRequirement {
  source: string[]
  intermediate: string[]
  validity: string[]
  /** Optional full schema for the evidence, checked after the key presence test. */
  schema?: z.ZodType<Evidence>
}

/**
 * The evidence a tool declares next to its argument schema (`Tool.evidence`): requirements keyed by coarse config
 * id (`execute:raster.product`), with `<tool>:*` for every mode the tool has no more specific entry for.
 */
export type EvidenceDeclaration = Readonly<Record<string, EvidenceRequirement>>

/** The requirement a declaration gives a coarse config id: the exact entry, else the tool-wide `<tool>:*` one. */
export function requiredEvidence(declaration: EvidenceDeclaration | undefined, coarse: string): EvidenceRequirement | undefined {
  if (!declaration) return undefined
  return declaration[coarse] ?? declaration[`${coarse.split(':')[0]}:*`]
}

/** Read a dotted path (`a.b.c`) from a record; undefined when any step is missing. */
export function readPath(record: Record<string, unknown>, path: string): unknown {
  let cur: unknown = record
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, unknown>)[part]
  }
  return cur
}

/** The entry `missingEvidence` returns when nothing is declared for a result's configuration. */
export const UNDECLARED = 'a declared evidence requirement'

/**
 * What an 'ok' result lacks against the requirement its tool declares, as `section.key` strings. Fails closed: a
 * result whose configuration has no declared requirement (neither its coarse id nor `<tool>:*`) lacks
 * `UNDECLARED`, since nothing says what would make it checkable.
 */
export function missingEvidence(result: ToolResult, declaration: EvidenceDeclaration | undefined): string[] {
  const req = requiredEvidence(declaration, result.config.coarse)
  if (!req) return [UNDECLARED]
  const missing: string[] = []
  for (const section of ['source', 'intermediate', 'validity'] as const) {
    for (const key of req[section]) {
      if (readPath(result.evidence[section], key) === undefined) missing.push(`${section}.${key}`)
    }
  }
  if (missing.length === 0 && req.schema) {
    const parsed = req.schema.safeParse(result.evidence)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) missing.push(`${issue.path.join('.')} (${issue.message})`)
    }
  }
  return missing
}
