/**
 * An execute DAG laid out as a small left-to-right graph: each node in the column of its longest path from a source,
 * with its status, valid-pixel count and output, read from the ToolResult's evidence (validity.node_status,
 * intermediate.nodes[id], source.operators[id]). Pure: the graph component only draws what this returns.
 */
import { asRecord } from '../../../main/domain/json'
import { dagNodes } from './readable-args'
import type { ToolResultView } from './run-model'

export interface DagNodeView {
  id: string
  op: string
  status: string
  /** Valid pixels over all items of the node (rasters), or valid samples (series); null when not a pixel node. */
  valid: number | null
  total: number | null
  unit: string | null
  /** A scalar output, when the node has one. */
  value: number | null
  col: number
  row: number
  inputs: string[]
  /** A raster of this node saved in the artifact store, for its thumbnail. */
  artifact: { kind: string; path: string; sha256: string } | null
}

export interface DagLayout {
  nodes: DagNodeView[]
  edges: { from: string; to: string }[]
  cols: number
  rows: number
  output: string | null
}

const obj = asRecord
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function counts(node: Record<string, unknown>): { valid: number | null; total: number | null } {
  const items = Array.isArray(node.items) ? node.items.map(obj) : Array.isArray(node.points) ? node.points.map(obj) : null
  if (!items || items.length === 0) return { valid: isNum(node.valid) ? node.valid : null, total: isNum(node.total) ? node.total : null }
  let valid = 0
  let total = 0
  let anyTotal = false
  for (const it of items) {
    if (isNum(it.valid)) valid += it.valid
    if (isNum(it.total)) {
      total += it.total
      anyTotal = true
    }
  }
  return { valid, total: anyTotal ? total : null }
}

export function artifactForNode(id: string, artifacts: ToolResultView['artifacts']): DagNodeView['artifact'] {
  const esc = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const re = new RegExp(`(^|[^a-z0-9])${esc}([^a-z0-9]|$)`, 'i')
  return artifacts.find((a) => a.kind === `node:${id}` || re.test(a.kind)) ?? artifacts.find((a) => re.test(a.path.split(/[\\/]/).pop() ?? '')) ?? null
}

export function layoutDag(args: unknown, result: ToolResultView | null): DagLayout {
  const nodes = dagNodes(args)
  const ids = new Set(nodes.map((n) => n.id))
  const inputsOf = (n: (typeof nodes)[number]) =>
    Object.values(n.inputs)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is string => typeof v === 'string' && v.startsWith('@') && ids.has(v.slice(1)))
      .map((v) => v.slice(1))
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const depth = new Map<string, number>()
  const depthOf = (id: string, seen: Set<string>): number => {
    if (depth.has(id)) return depth.get(id)!
    if (seen.has(id)) return 0
    seen.add(id)
    const ins = inputsOf(byId.get(id)!)
    const d = ins.length ? 1 + Math.max(...ins.map((i) => depthOf(i, seen))) : 0
    depth.set(id, d)
    return d
  }
  nodes.forEach((n) => depthOf(n.id, new Set()))
  const rowsInCol = new Map<number, number>()
  const status = obj(result?.evidence?.validity?.node_status)
  const inter = obj(result?.evidence?.intermediate?.nodes)
  const ops = obj(result?.evidence?.source?.operators)
  const views: DagNodeView[] = nodes.map((n) => {
    const col = depth.get(n.id) ?? 0
    const row = rowsInCol.get(col) ?? 0
    rowsInCol.set(col, row + 1)
    const out = obj(inter[n.id])
    const c = counts(out)
    const unit = obj(ops[n.id]).unit
    return {
      id: n.id,
      op: n.op,
      status: typeof status[n.id] === 'string' ? (status[n.id] as string) : result ? 'not run' : 'pending',
      valid: c.valid,
      total: c.total,
      unit: typeof unit === 'string' ? unit : null,
      value: isNum(out.value) ? out.value : null,
      col,
      row,
      inputs: inputsOf(n),
      artifact: artifactForNode(n.id, result?.artifacts ?? []),
    }
  })
  const output = (args as { output?: unknown })?.output
  return {
    nodes: views,
    edges: views.flatMap((v) => v.inputs.map((from) => ({ from, to: v.id }))),
    cols: Math.max(0, ...views.map((v) => v.col + 1)),
    rows: Math.max(0, ...rowsInCol.values()),
    output: typeof output === 'string' ? output : null,
  }
}
