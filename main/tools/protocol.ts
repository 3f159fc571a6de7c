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
import type { z } from 'zod'

// The shapes are owned by the domain layer (main/domain/tool-result.ts); the declarations and checks live here.
export { Artifact, Evidence, GeometryFlag, ToolConfig, ToolName, ToolResultSchema, ToolStatus, toolResultSchema } from '../domain/tool-result'
export type { ToolResult } from '../domain/tool-result'
import type { Artifact, Evidence, ToolConfig, ToolResult } from '../domain/tool-result'

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
    cur = Reflect.get(cur, part)
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
