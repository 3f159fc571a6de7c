/**
 * Shared shapes of the execute operators: value types flowing along DAG edges, the compile-time type record of
 * a node, runtime values, and the CompileError that names the node at fault.
 */
import type { Catalog } from '../../../engines/raster/catalog/catalog'
import { exprVariables, ExprError, parseExpr } from '../../../engines/raster/expr'
import type { SeriesPoint } from '../../../engines/raster/timeseries'
import type { Unit } from '../../../engines/raster/units'

export type ValueType = 'assets' | 'raster' | 'rasters' | 'scalar' | 'series' | 'table' | 'choice'

/** What compile-time inference knows about a node's value. */
export interface TypeInfo {
  type: ValueType
  unit: Unit | null
  /** For `rasters`: the asset.catalog node the collection maps over. */
  domain: string | null
}

/** A node's inputs after linking: the linked node id (or null for a literal) and its type. */
export interface LinkedInput {
  name: string
  ref: string | null
  literal?: number
  info: TypeInfo
}

export interface InferContext {
  node: string
  inputs: Record<string, LinkedInput>
  baseDir: string
}

export type RuntimeValue =
  | { type: 'assets'; catalog: Catalog }
  | { type: 'scalar'; value: number; unit: Unit | null }
  | { type: 'series'; points: SeriesPoint[]; unit: Unit | null }
  | { type: 'table'; values: Record<string, number>; unit: Unit | null }
  | { type: 'choice'; choice: string; value: number; option_value: number; distances: Record<string, number> }
  | { type: 'insufficient'; reason: string }

export class CompileError extends Error {
  constructor(
    readonly node: string | null,
    message: string,
  ) {
    super(message)
    this.name = 'CompileError'
  }
}

export function info(type: ValueType, unit: Unit | null = null, domain: string | null = null): TypeInfo {
  return { type, unit, domain }
}

const ARTICLE: Record<ValueType, string> = {
  assets: 'an asset catalog',
  raster: 'a raster',
  rasters: 'a raster collection',
  scalar: 'a number',
  series: 'a time series',
  table: 'a table of statistics',
  choice: 'a choice',
}

export function describeType(t: ValueType): string {
  return ARTICLE[t]
}

/** The input `name`, checked against the allowed types; throws naming the node and the input. */
export function need(ctx: InferContext, name: string, types: ValueType[]): LinkedInput {
  const inp = ctx.inputs[name]
  if (!inp) throw new CompileError(ctx.node, `node '${ctx.node}' needs input '${name}' (${types.map(describeType).join(' or ')})`)
  if (!types.includes(inp.info.type)) {
    const from = inp.ref ? `node '${inp.ref}' gives` : 'the literal is'
    throw new CompileError(
      ctx.node,
      `node '${ctx.node}' input '${name}' must be ${types.map(describeType).join(' or ')}, but ${from} ${describeType(inp.info.type)}`,
    )
  }
  return inp
}

export function optional(ctx: InferContext, name: string, types: ValueType[]): LinkedInput | undefined {
  return ctx.inputs[name] ? need(ctx, name, types) : undefined
}

/** Reject inputs the operator does not take. */
export function onlyInputs(ctx: InferContext, allowed: string[]): void {
  for (const name of Object.keys(ctx.inputs)) {
    if (!allowed.includes(name)) {
      throw new CompileError(
        ctx.node,
        `node '${ctx.node}' has an input '${name}' its operator does not take (it takes ${allowed.length ? allowed.join(', ') : 'no inputs'})`,
      )
    }
  }
}

/** The common collection domain of raster inputs; throws when collections from two catalogs meet. */
export function commonDomain(ctx: InferContext, inputs: LinkedInput[]): string | null {
  let domain: string | null = null
  for (const i of inputs) {
    if (i.info.type !== 'rasters') continue
    if (domain && i.info.domain !== domain) {
      throw new CompileError(
        ctx.node,
        `node '${ctx.node}' pairs collections from catalogs '${domain}' and '${i.info.domain}'; read both from one asset.catalog so items pair by asset`,
      )
    }
    domain = i.info.domain
  }
  return domain
}

/**
 * The variables of a node's expression (raster.algebra, math.expr), checked at compile time: the expression must
 * parse, and every variable it uses must be one of the node's inputs.
 */
export function expressionVariables(ctx: InferContext, expr: string): Set<string> {
  let vars: Set<string>
  try {
    vars = exprVariables(parseExpr(expr))
  } catch (err) {
    if (err instanceof ExprError) throw new CompileError(ctx.node, `node '${ctx.node}' expression is not valid: ${err.message}`)
    throw err
  }
  const names = Object.keys(ctx.inputs)
  for (const v of vars) {
    if (!ctx.inputs[v])
      throw new CompileError(ctx.node, `node '${ctx.node}' expression uses '${v}', which is not one of its inputs (${names.join(', ') || 'none'})`)
  }
  return vars
}
