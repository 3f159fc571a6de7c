/**
 * The deterministic rule checks run after every perceive, measure and execute call (DESIGN section 5, step 1;
 * paper Eq. 9): status ok, a well-formed result with the evidence its tool declares, the geometry/unit contract and
 * finite numbers. Novelty is the loop's check, made once before the call runs (a repeated call costs no compute).
 * A failure yields a specific diagnosis for the backbone; the observation itself never enters the history.
 */
import { AREA_UNITS, LENGTH_UNITS, normaliseUnit } from '../engines/geometry/units'
import { UNITS } from '../engines/raster/units'
import { missingEvidence, ToolResultSchema, UNDECLARED, type EvidenceDeclaration, type ToolResult } from '../tools/protocol'
import { insufficientCauses } from './policy/content'

export type RuleName = 'status' | 'well_formed' | 'evidence' | 'geometry_contract' | 'unit' | 'finite' | 'novelty'

/** A failed rule's diagnosis, and for a computation that found no value, what the evidence shows of why (`cause`). */
export type RuleOutcome = { passed: true; checked: RuleName[] } | { passed: false; rule: RuleName; diagnosis: string; cause?: string }

/**
 * Units an observation may carry besides the engines' own (raster units, ground lengths and areas): counts, shares,
 * rates and the written forms of temperature the other tools report in. Anything else fails closed.
 */
const REPORTING_UNITS = [
  '',
  'fraction',
  '%',
  'ratio',
  'index',
  'unitless',
  'px',
  'px2',
  'pixels',
  '°C',
  'C',
  'g/cm²',
  'K/year',
  'per year',
  '/year',
  'days',
  'day',
  'dates',
  'deg',
  'degrees',
]

/** Every unit a numeric observation may declare: the execute engine's (engines/raster/units.ts), the geometry engine's
 * lengths and areas with the aliases it accepts (engines/geometry/units.ts), and the reporting units above. */
export function isKnownUnit(unit: string): boolean {
  const u = unit.trim()
  return (UNITS as readonly string[]).includes(u) || REPORTING_UNITS.includes(u) || isGroundUnit(u)
}

/** Units measured on the ground (lengths, areas): they must not be computed from approximate geometry. */
function isGroundUnit(unit: string): boolean {
  const u = normaliseUnit(unit)
  return u in LENGTH_UNITS || u in AREA_UNITS
}
const METRIC_METRICS = new Set(['area', 'length', 'distance'])

/** Paths of every non-finite number in a value (NaN, ±Infinity), at most a few. */
export function nonFinitePaths(value: unknown, at = 'observation', out: string[] = []): string[] {
  if (out.length >= 5) return out
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${at} = ${value}`)
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nonFinitePaths(v, `${at}[${i}]`, out))
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nonFinitePaths(v, `${at}.${k}`, out)
  }
  return out
}

/** Every place in a record where a geometry flag says 'approximate'. */
function approximateGeometry(value: unknown, at: string, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => approximateGeometry(v, `${at}[${i}]`, out))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/geometry/i.test(k) && v === 'approximate') out.push(`${at}.${k}`)
      else approximateGeometry(v, `${at}.${k}`, out)
    }
  }
  return out
}

/** The unit a result declares for its observation, if any. */
function declaredUnit(result: ToolResult): string | undefined {
  const obs = result.observation
  if (obs && typeof obs === 'object' && typeof (obs as { unit?: unknown }).unit === 'string') return (obs as { unit: string }).unit
  const u = result.evidence.source.unit ?? result.evidence.source.output_unit
  return typeof u === 'string' ? u : undefined
}

/** The metric of a measure call, from its config id (`measure:area|...`). */
function metricOf(result: ToolResult): string | undefined {
  if (result.config.tool !== 'measure') return undefined
  return result.config.coarse.split(':')[1]
}

/** The diagnosis of a call that repeats an earlier one (canonicalised arguments, see canonical-args.ts). */
export function noveltyDiagnosis(tool: string): string {
  return `This ${tool} call repeats an earlier call with the same arguments; use the earlier result or change the arguments.`
}

export interface RuleContext {
  /** The evidence the called tool declares (`Tool.evidence`); undefined fails every result closed. */
  evidence: EvidenceDeclaration | undefined
  /** The call's arguments (the DAG of an execute call), for saying why a computation found no value. */
  args?: unknown
}

/**
 * Run the rule checks on one result. `raw` is what the tool returned, unvalidated: a tool that breaks the protocol
 * fails here rather than crashing the loop.
 */
export function checkRules(tool: string, raw: unknown, ctx: RuleContext): RuleOutcome {
  const checked: RuleName[] = []

  const parsed = ToolResultSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      passed: false,
      rule: 'well_formed',
      diagnosis: `The ${tool} result breaks the observation protocol at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`,
    }
  }
  checked.push('well_formed')
  const result = parsed.data as ToolResult

  if (result.status !== 'ok') {
    const causes =
      result.status === 'insufficient' && ctx.args !== undefined ? insufficientCauses(ctx.args, result.evidence.source, result.evidence.intermediate) : []
    const cause = causes.length ? causes.join('; ') : undefined
    return {
      passed: false,
      rule: 'status',
      diagnosis: `The ${tool} call returned '${result.status}': ${result.reason}.${cause ? ` The cause: ${cause}.` : ''} Adjust the arguments or use another tool; do not estimate the value.`,
      ...(cause ? { cause } : {}),
    }
  }
  checked.push('status')

  const missing = missingEvidence(result, ctx.evidence)
  if (missing.includes(UNDECLARED)) {
    return {
      passed: false,
      rule: 'evidence',
      diagnosis: `The ${tool} tool declares no evidence requirement for ${result.config.coarse}, so its result cannot be checked and is not used.`,
    }
  }
  if (missing.length > 0) {
    return {
      passed: false,
      rule: 'evidence',
      diagnosis: `The ${tool} result (${result.config.coarse}) lacks required evidence: ${missing.join(', ')}; it cannot be verified.`,
    }
  }
  checked.push('evidence')

  const unit = declaredUnit(result)
  if (unit !== undefined && !isKnownUnit(unit)) {
    return { passed: false, rule: 'unit', diagnosis: `The ${tool} result declares the unknown unit '${unit}'; use a supported unit.` }
  }
  checked.push('unit')

  const metric = metricOf(result)
  const metreBased = (metric !== undefined && METRIC_METRICS.has(metric)) || (unit !== undefined && isGroundUnit(unit))
  if (metreBased) {
    const approx = [...approximateGeometry(result.evidence.validity, 'evidence.validity'), ...approximateGeometry(result.evidence.source, 'evidence.source')]
    if (approx.length > 0) {
      return {
        passed: false,
        rule: 'geometry_contract',
        diagnosis: `A metre-based ${metric ?? 'measurement'} was computed from approximate geometry (${approx[0]}); measure from an exact layer (a detector or segmenter) instead.`,
      }
    }
  }
  checked.push('geometry_contract')

  const bad = nonFinitePaths(result.observation)
  if (bad.length > 0) {
    return {
      passed: false,
      rule: 'finite',
      diagnosis: `The ${tool} result holds non-finite numbers (${bad.join(', ')}); check the inputs for nodata or a division by zero.`,
    }
  }
  checked.push('finite')
  return { passed: true, checked }
}
