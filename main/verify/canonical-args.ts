/**
 * Canonical form of a tool call, for the novelty rule: two calls are the same when their canonical forms are equal.
 *
 * Object keys are sorted, strings trimmed, numbers normalised (-0 to 0, fixed precision so 0.1+0.2 equals 0.3),
 * undefined members dropped, and file paths resolved. Array order is kept: the order of images or DAG inputs is
 * meaningful. DAG node ids are arbitrary labels, so `execute` DAGs are compared after renaming their nodes in order.
 */
import path from 'node:path'
import { isRecord, type JsonRecord } from '../domain/json'

const PATH_KEYS = new Set(['path', 'paths', 'files', 'file', 'image', 'images', 'image_paths', 'dir', 'folder'])

function canonicalNumber(n: number): number | string {
  if (!Number.isFinite(n)) return String(n)
  if (Object.is(n, -0)) return 0
  return Number(n.toPrecision(12))
}

function canonicalValue(value: unknown, key: string | null): unknown {
  if (value === null) return null
  if (typeof value === 'number') return canonicalNumber(value)
  if (typeof value === 'string') {
    const s = value.trim()
    return key !== null && PATH_KEYS.has(key) && s !== '' && !s.startsWith('@') ? path.resolve(s) : s
  }
  if (Array.isArray(value)) return value.map((v) => canonicalValue(v, key))
  if (isRecord(value)) {
    const out: JsonRecord = {}
    for (const k of Object.keys(value).sort()) {
      const v = value[k]
      if (v === undefined) continue
      out[k] = canonicalValue(v, k)
    }
    return out
  }
  return value
}

/** Rename DAG node ids to n0, n1, ... in declaration order, rewriting `@id` references, so labels do not matter. */
function renameDagNodes(args: unknown): unknown {
  if (!isRecord(args)) return args
  const holder = isRecord(args.dag) ? args.dag : args
  const nodes = holder.nodes
  if (!Array.isArray(nodes) || !nodes.every((n): n is JsonRecord & { id: string } => isRecord(n) && typeof n.id === 'string')) return args
  const names = new Map<string, string>()
  nodes.forEach((n, i) => names.set(n.id, `n${i}`))
  const rewrite = (v: unknown): unknown => {
    if (typeof v === 'string' && v.startsWith('@')) {
      const [id, ...rest] = v.slice(1).split('.')
      const renamed = names.get(id)
      return renamed ? ['@' + renamed, ...rest].join('.') : v
    }
    if (Array.isArray(v)) return v.map(rewrite)
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]))
    return v
  }
  const renamedNodes = nodes.map((node) => ({ ...node, id: names.get(node.id), inputs: rewrite(node.inputs), params: rewrite(node.params) }))
  // `output` and `save` name nodes by plain id (README of the execute tool), with or without '@'.
  const renameId = (v: unknown): unknown => (typeof v === 'string' ? (names.get(v.replace(/^@/, '')) ?? v) : Array.isArray(v) ? v.map(renameId) : v)
  const renamedHolder: JsonRecord = { ...holder, nodes: renamedNodes }
  for (const key of ['output', 'outputs', 'save']) if (key in holder) renamedHolder[key] = renameId(holder[key])
  return holder === args ? renamedHolder : { ...args, dag: renamedHolder }
}

/** The canonical JSON text of a call: tool name plus canonicalised arguments. */
export function canonicalCall(tool: string, args: unknown): string {
  const normalised = tool === 'execute' ? renameDagNodes(args) : args
  return `${tool}:${JSON.stringify(canonicalValue(normalised, null))}`
}
