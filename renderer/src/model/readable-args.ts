/**
 * A tool call's arguments in readable form for the timeline: an execute DAG as one line per node
 * (`ndvi = raster.product(normalized_difference) ← a: nir, b: red`), other tools as `key: value` lines with file
 * paths shortened to their names.
 */
import { asRecord } from '../../../main/domain/json'
import { baseName, brief } from './format'

export interface ArgLine {
  key: string
  text: string
  title?: string
}

interface DagNode {
  id: string
  op: string
  params: Record<string, unknown>
  inputs: Record<string, unknown>
}

export function dagNodes(args: unknown): DagNode[] {
  const nodes = (args as { nodes?: unknown })?.nodes
  if (!Array.isArray(nodes)) return []
  return nodes.flatMap((n) => {
    const r = n as Partial<DagNode>
    return typeof r?.id === 'string' && typeof r.op === 'string' ? [{ id: r.id, op: r.op, params: r.params ?? {}, inputs: r.inputs ?? {} }] : []
  })
}

const looksLikePath = (s: string) => /[\\/]/.test(s) && s.length > 24

function value(v: unknown): { text: string; title?: string } {
  if (typeof v === 'string' && looksLikePath(v)) return { text: baseName(v), title: v }
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && looksLikePath(x))) {
    const names = (v as string[]).map(baseName)
    return { text: names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '), title: (v as string[]).join('\n') }
  }
  return { text: brief(v) }
}

function nodeLine(n: DagNode): ArgLine {
  const main = ['product', 'stat', 'expr', 'expression', 'role', 'by', 'method', 'op']
  const params = Object.entries(n.params)
  const key = params.filter(([k]) => main.includes(k)).map(([, v]) => value(v).text)
  const other = params.filter(([k]) => !main.includes(k)).map(([k, v]) => `${k}=${value(v).text}`)
  const inputs = Object.entries(n.inputs).map(([k, v]) => `${k}: ${typeof v === 'string' ? v.replace(/^@/, '') : brief(v)}`)
  const inner = [...key, ...other].join('; ')
  return {
    key: n.id,
    text: `${n.op}(${inner})${inputs.length ? ` ← ${inputs.join(', ')}` : ''}`,
    title: params.map(([k, v]) => `${k}: ${value(v).title ?? brief(v, 400)}`).join('\n') || undefined,
  }
}

export function readableArgs(tool: string, args: unknown): ArgLine[] {
  if (tool === 'execute') {
    const nodes = dagNodes(args)
    const out = nodes.map(nodeLine)
    const output = asRecord(args).output
    if (typeof output === 'string') out.push({ key: 'output', text: output })
    return out
  }
  if (!args || typeof args !== 'object') return [{ key: 'args', text: brief(args) }]
  return Object.entries(args).map(([k, v]) => ({ key: k, ...value(v) }))
}
