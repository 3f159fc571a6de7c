/**
 * Compile an execute DAG before anything runs: shape (zod), unique ids, links to existing nodes, cycles, operator
 * names, parameters (each operator's zod schema, defaults filled), then output types, units and band roles in
 * dependency order. Every failure is a CompileError with one sentence that names the node.
 */
import path from 'node:path'
import { z } from 'zod'
import type { Catalog } from '../../engines/raster/catalog/catalog'
import { Dag, type DagNode } from './dag'
import { operatorRegistry, OPERATOR_NAMES } from './ops'
import type { OpSpec } from './ops/spec'
import { CompileError, info, type LinkedInput, type RuntimeValue, type TypeInfo } from './ops/types'

export interface CompiledNode {
  node: DagNode
  spec: OpSpec
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of specs with different parameter types; each validates its own
  params: any
  inputs: Record<string, LinkedInput>
  info: TypeInfo
  /** Values known at compile time (catalogs). */
  value?: RuntimeValue
}

export interface CompiledDag {
  dag: Dag
  baseDir: string
  /** The nodes that feed `output` or `save`, in dependency order. */
  order: string[]
  nodes: Map<string, CompiledNode>
  output: string
  save: string[]
}

function zodMessage(issues: { path: PropertyKey[]; message: string }[]): string {
  const i = issues[0]
  return `${i.path.length ? `${i.path.map(String).join('.')}: ` : ''}${i.message}`
}

/** Compile a DAG (see the module comment); `cwd` is used when the DAG has no base_dir. */
/** The node ids of a DAG that failed validation, for naming the node at fault (this boundary only). */
const NamedNodes = z.object({ nodes: z.array(z.object({ id: z.unknown().optional() }).catch({ id: undefined })) })

export function compileDag(raw: unknown, cwd = process.cwd()): CompiledDag {
  const parsed = Dag.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const at = issue.path
    let node: string | null = null
    if (at[0] === 'nodes' && typeof at[1] === 'number') {
      const n = NamedNodes.safeParse(raw)
      const id = n.success ? n.data.nodes[at[1]]?.id : undefined
      node = typeof id === 'string' ? id : `#${at[1] + 1}`
    }
    throw new CompileError(node, `The DAG is not valid${node ? ` at node '${node}'` : ''}: ${zodMessage([{ ...issue, path: node ? at.slice(2) : at }])}.`)
  }
  const dag = parsed.data
  const baseDir = path.resolve(cwd, dag.base_dir ?? '.')
  const byId = new Map<string, DagNode>()
  for (const n of dag.nodes) {
    if (byId.has(n.id)) throw new CompileError(n.id, `Two nodes have the id '${n.id}'; node ids must be unique.`)
    byId.set(n.id, n)
  }
  if (!byId.has(dag.output)) throw new CompileError(null, `The output '${dag.output}' is not a node of the DAG.`)
  for (const s of dag.save ?? []) if (!byId.has(s)) throw new CompileError(null, `save lists '${s}', which is not a node of the DAG.`)

  // Links and literal inputs.
  const links = new Map<string, Record<string, { ref: string | null; literal?: number }>>()
  for (const n of dag.nodes) {
    const l: Record<string, { ref: string | null; literal?: number }> = {}
    for (const [name, v] of Object.entries(n.inputs)) {
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new CompileError(n.id, `Node '${n.id}' input '${name}' is not a finite number.`)
        l[name] = { ref: null, literal: v }
        continue
      }
      if (!v.startsWith('@')) throw new CompileError(n.id, `Node '${n.id}' input '${name}' is '${v}'; link a node as "@<id>" or give a number.`)
      const ref = v.slice(1)
      if (!byId.has(ref)) throw new CompileError(n.id, `Node '${n.id}' input '${name}' links to '@${ref}', which is not a node of the DAG.`)
      if (ref === n.id) throw new CompileError(n.id, `Node '${n.id}' input '${name}' links to itself, which makes a cycle.`)
      l[name] = { ref }
    }
    links.set(n.id, l)
  }

  // Cycles (over the whole DAG) and the dependency order of the needed nodes.
  const state = new Map<string, 1 | 2>()
  const order: string[] = []
  const visit = (id: string, trail: string[]) => {
    const s = state.get(id)
    if (s === 2) return
    if (s === 1) {
      const cycle = [...trail.slice(trail.indexOf(id)), id]
      throw new CompileError(id, `Nodes ${cycle.map((c) => `'${c}'`).join(' -> ')} form a cycle; a DAG cannot feed a node its own output.`)
    }
    state.set(id, 1)
    for (const { ref } of Object.values(links.get(id)!)) if (ref) visit(ref, [...trail, id])
    state.set(id, 2)
    order.push(id)
  }
  for (const n of dag.nodes) visit(n.id, [])
  const needed = new Set<string>()
  const mark = (id: string) => {
    if (needed.has(id)) return
    needed.add(id)
    for (const { ref } of Object.values(links.get(id)!)) if (ref) mark(ref)
  }
  mark(dag.output)
  for (const s of dag.save ?? []) mark(s)

  // Operators, parameters, types, units.
  const nodes = new Map<string, CompiledNode>()
  const registry = operatorRegistry((id) => {
    const v = nodes.get(id)?.value
    return v?.type === 'assets' ? (v.catalog as Catalog) : null
  })
  for (const id of order.filter((x) => needed.has(x))) {
    const n = byId.get(id)!
    const spec = registry.get(n.op)
    if (!spec) throw new CompileError(id, `Node '${id}' uses the unknown operator '${n.op}' (known: ${OPERATOR_NAMES.join(', ')}).`)
    const p = spec.params.safeParse(n.params)
    if (!p.success) throw new CompileError(id, `Node '${id}' (${n.op}) has an invalid parameter: ${zodMessage(p.error.issues)}.`)
    const inputs: Record<string, LinkedInput> = {}
    for (const [name, l] of Object.entries(links.get(id)!)) {
      inputs[name] = {
        name,
        ref: l.ref,
        ...(l.literal !== undefined ? { literal: l.literal } : {}),
        info: l.ref ? nodes.get(l.ref)!.info : info('scalar', 'dimensionless'),
      }
    }
    const ctx = { node: id, inputs, baseDir }
    try {
      if (spec.kind === 'catalog') {
        const r = spec.infer(ctx, p.data)
        nodes.set(id, { node: n, spec, params: p.data, inputs, info: r.info, value: r.value })
      } else {
        nodes.set(id, { node: n, spec, params: p.data, inputs, info: spec.infer(ctx, p.data) })
      }
    } catch (err) {
      if (err instanceof CompileError) {
        const m = err.message.replace(/^node /, 'Node ')
        throw new CompileError(err.node ?? id, /[.!?]$/.test(m) ? m : `${m}.`)
      }
      throw err
    }
  }
  for (const s of dag.save ?? []) {
    const t = nodes.get(s)!.info.type
    if (t !== 'raster' && t !== 'rasters')
      throw new CompileError(s, `save lists '${s}', which is not a raster (${t}); only rasters and raster collections (one GeoTIFF per item) are saved.`)
  }
  return { dag, baseDir, order: order.filter((x) => needed.has(x)), nodes, output: dag.output, save: dag.save ?? [] }
}
