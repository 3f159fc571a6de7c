/**
 * The pixel conditions an execute DAG applies on the way to its output, read from the DAG: value ranges of
 * `raster.mask` (min, max, valid_range), the conditions of `where(condition, x, 0/0)` masks in `raster.algebra`, and
 * the threshold of `threshold_fraction`. Each is tied to the variable it tests (see dag-variables.ts).
 */
import { linkTarget, num, upstream, type ActionNode } from '../../tools/execute/evidence-reader'
import type { Comparator } from '../question-reader/conditions'
import type { DagVariables } from './dag-variables'

export interface DagCondition {
  node: string
  op: string
  variable: string | null
  cmp: Comparator
  value?: number
  low?: number
  high?: number
}

const NUM = '[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[-+]?\\d+)?'
const NAME = '[A-Za-z_][A-Za-z0-9_]*'

/** The first argument of every `where(` in an expression (balanced brackets). */
function whereConditions(expr: string): string[] {
  const out: string[] = []
  for (const m of expr.matchAll(/\bwhere\s*\(/g)) {
    let depth = 1
    let i = (m.index ?? 0) + m[0].length
    const start = i
    for (; i < expr.length && depth > 0; i++) {
      if (expr[i] === '(') depth++
      else if (expr[i] === ')') depth--
      else if (expr[i] === ',' && depth === 1) break
    }
    out.push(expr.slice(start, i))
  }
  return out
}

/** Comparisons `name op number` or `number op name` in a condition, as bounds on each name. */
function bounds(condition: string): Map<string, { lo?: number; hi?: number }> {
  const out = new Map<string, { lo?: number; hi?: number }>()
  const put = (name: string, side: 'lo' | 'hi', v: number) => {
    const b = out.get(name) ?? {}
    b[side] = v
    out.set(name, b)
  }
  for (const m of condition.matchAll(new RegExp(`(${NAME})\\s*(>=|<=|>|<)\\s*(${NUM})`, 'g'))) put(m[1], m[2].startsWith('>') ? 'lo' : 'hi', Number(m[3]))
  for (const m of condition.matchAll(new RegExp(`(?<![A-Za-z0-9_.])(${NUM})\\s*(>=|<=|>|<)\\s*(${NAME})`, 'g')))
    put(m[3], m[2].startsWith('>') ? 'hi' : 'lo', Number(m[1]))
  return out
}

function fromBounds(node: ActionNode, variable: string | null, b: { lo?: number; hi?: number }): DagCondition | null {
  if (b.lo !== undefined && b.hi !== undefined) return { node: node.id, op: node.op, variable, cmp: 'between', low: b.lo, high: b.hi }
  if (b.lo !== undefined) return { node: node.id, op: node.op, variable, cmp: '>', value: b.lo }
  if (b.hi !== undefined) return { node: node.id, op: node.op, variable, cmp: '<', value: b.hi }
  return null
}

export function dagConditions(nodes: readonly ActionNode[], output: string | null, vars: DagVariables): DagCondition[] {
  const feeding = output ? upstream([...nodes], output) : new Set(nodes.map((n) => n.id))
  const out: DagCondition[] = []
  for (const n of nodes) {
    if (!feeding.has(n.id)) continue
    const p = n.params
    const dataVar = () => {
      const t = linkTarget(n.inputs.data)
      return t ? vars.variableOf(t) : null
    }
    if (n.op === 'raster.mask') {
      const range = Array.isArray(p.valid_range) ? p.valid_range.map(num) : []
      const c = fromBounds(n, dataVar(), { lo: num(p.min) ?? range[0], hi: num(p.max) ?? range[1] })
      if (c) out.push(c)
    } else if (n.op === 'raster.algebra' && typeof p.expr === 'string') {
      for (const cond of whereConditions(p.expr)) {
        for (const [name, b] of bounds(cond)) {
          const t = linkTarget(n.inputs[name])
          const c = fromBounds(n, t ? vars.variableOf(t) : null, b)
          if (c) out.push(c)
        }
      }
    } else if (n.op === 'threshold_fraction') {
      const variable = dataVar()
      if (p.op === 'between') {
        const c = fromBounds(n, variable, { lo: num(p.low), hi: num(p.high) })
        if (c) out.push(c)
      } else if (typeof p.op === 'string' && num(p.value) !== undefined) {
        out.push({ node: n.id, op: n.op, variable, cmp: p.op.startsWith('>') ? '>' : '<', value: num(p.value) })
      }
    }
  }
  return out
}
