/**
 * The pixel conditions an execute DAG applies on the way to its output, read from the DAG: value ranges of
 * `raster.mask` (min, max, valid_range), the conditions of `where(condition, x, 0/0)` masks in `raster.algebra`, and
 * the threshold of `threshold_fraction`. Expressions are read as trees (the engine's parser), so an `||` that leaves
 * a gap reads as "outside" and a mask that drops the pixels meeting its condition keeps the others. Each is tied to the variable it tests (see dag-variables.ts).
 */
import { linkTarget, num, upstream, type ActionNode } from '../../tools/execute/evidence-reader'
import type { Comparator } from '../question-reader/conditions'
import type { DagVariables } from './dag-variables'
import { parseExpr } from '../../engines/raster/expr'
import { isDropped, keepsComplement, type Expr } from '../../domain/expression'

export interface DagCondition {
  node: string
  op: string
  variable: string | null
  cmp: Comparator
  value?: number
  low?: number
  high?: number
  /** Between only: the pixels kept lie outside low..high. */
  negated?: boolean
  /** Between only: true when both ends are kept (>=, <=), false when neither is (>, <); absent when mixed or unknown. */
  inclusive?: boolean
  /**
   * In a `where` of an algebra node: 'mask' when the pixels it does not keep are dropped (NaN), 'criterion' when they
   * become 0 of a 0/1 indicator (what a share counts). Absent for other nodes.
   */
  role?: 'mask' | 'criterion'
  /** On a no-data flag ('nodata'): the variable whose missing pixels it flags, when the DAG says. */
  layer?: string
}

/** A comparison of one input with a constant, read off the expression tree: which input, its bounds, negated or not. */
interface Bound {
  name: string
  role?: 'mask' | 'criterion'
  lo?: number
  hi?: number
  /** True: the pixels kept are those NOT within the bounds ("v < 290 || v > 310" keeps LST outside 290..310). */
  negated?: boolean
  /** Whether each bound is strict (> or <: the bound itself not kept). */
  loStrict?: boolean
  hiStrict?: boolean
}

const isNum = (e: Expr): e is { k: 'num'; v: number } => e.k === 'num'

/** A single comparison `name op number` or `number op name`, as bounds; null for anything else. */
function comparison(e: Expr): Bound | null {
  if (e.k !== 'bin' || !['>', '>=', '<', '<='].includes(e.op)) return null
  const strict = !e.op.endsWith('=')
  if (e.a.k === 'var' && isNum(e.b))
    return e.op.startsWith('>') ? { name: e.a.name, lo: e.b.v, loStrict: strict } : { name: e.a.name, hi: e.b.v, hiStrict: strict }
  if (isNum(e.a) && e.b.k === 'var')
    return e.op.startsWith('>') ? { name: e.b.name, hi: e.a.v, hiStrict: strict } : { name: e.b.name, lo: e.a.v, loStrict: strict }
  return null
}

/** The opposite of a bound: "not above 0.5" is "below 0.5"; "not between" is "outside". */
function negate(b: Bound): Bound {
  if (b.lo !== undefined && b.hi !== undefined) return { ...b, negated: !b.negated }
  if (b.negated) return { name: b.name, lo: b.lo, hi: b.hi }
  // "not v > 0.5" is v <= 0.5: the bound's strictness turns over too.
  return b.lo !== undefined ? { name: b.name, hi: b.lo, hiStrict: !b.loStrict } : { name: b.name, lo: b.hi, loStrict: !b.hiStrict }
}

/**
 * The bounds a condition sets on each input. `a && b` on one input intersects ("v > 0.2 && v < 0.5": between);
 * `a || b` that leaves a gap ("v < 290 || v > 310") keeps what lies outside it; `!x` negates. Anything else
 * contributes each comparison it holds on its own, as before the tree was read.
 */
function bounds(e: Expr): Bound[] {
  const one = comparison(e)
  if (one) return [one]
  if (e.k === 'un' && e.op === '!') return bounds(e.a).map(negate)
  if (e.k === 'bin' && (e.op === '&&' || e.op === '||')) {
    const a = bounds(e.a)
    const b = bounds(e.b)
    if (e.op === '&&') return sidesJoined([...a, ...b])
    if (a.length === 1 && b.length === 1 && a[0].name === b[0].name && !a[0].negated && !b[0].negated) {
      const [x, y] = [a[0], b[0]]
      const lo = x.lo ?? y.lo
      const hi = x.hi ?? y.hi
      const sides = (x.lo === undefined) !== (y.lo === undefined) && lo !== undefined && hi !== undefined
      if (sides && hi <= lo) return [{ name: x.name, lo: hi, hi: lo, negated: true }]
    }
    return [...a, ...b]
  }
  if (e.k === 'call') return e.args.flatMap(bounds)
  if (e.k === 'bin') return [...bounds(e.a), ...bounds(e.b)]
  if (e.k === 'un') return bounds(e.a)
  return []
}

/**
 * A conjunction's lower and upper bound on one input, among other comparisons ("valid && v > 285 && v < 290"), as one
 * range: the same pixels as "(v > 285 && v < 290)" written on its own.
 */
function sidesJoined(list: Bound[]): Bound[] {
  const out = [...list]
  for (const x of list) {
    if (x.negated || x.lo === undefined || x.hi !== undefined || !out.includes(x)) continue
    const y = out.find((o) => o.name === x.name && !o.negated && o.lo === undefined && o.hi !== undefined && x.lo! <= o.hi)
    if (!y) continue
    out.splice(out.indexOf(y), 1)
    out.splice(out.indexOf(x), 1, { name: x.name, lo: x.lo, hi: y.hi, loStrict: x.loStrict, hiStrict: y.hiStrict })
  }
  return out
}

/**
 * The conditions of every `where(condition, kept, dropped)` in an expression, as the pixels they keep: a mask that
 * sends the pixels meeting its condition to NaN (`where(c, 0/0, v)`) or to 0 of a 0/1 indicator (`where(c, 0, 1)`)
 * keeps the others.
 */
function whereBounds(e: Expr): Bound[] {
  if (e.k === 'call' && e.fn === 'where' && e.args.length === 3) {
    const [c, then, other] = e.args
    const role = isDropped(then) || isDropped(other) ? ('mask' as const) : ('criterion' as const)
    const own = bounds(c).map((b) => ({ ...(keepsComplement(then, other) ? negate(b) : b), role }))
    return [...own, ...whereBounds(then), ...whereBounds(other)]
  }
  if (e.k === 'call') return e.args.flatMap(whereBounds)
  if (e.k === 'bin') return [...whereBounds(e.a), ...whereBounds(e.b)]
  if (e.k === 'un') return whereBounds(e.a)
  return []
}

function fromBounds(
  node: ActionNode,
  variable: string | null,
  b: { lo?: number; hi?: number; negated?: boolean; role?: 'mask' | 'criterion'; loStrict?: boolean; hiStrict?: boolean },
): DagCondition | null {
  const role = b.role ? { role: b.role } : {}
  const negated = { ...(b.negated ? { negated: true } : {}), ...role }
  // Kept ends: both strict, or both not (a mask's min and max, a share's range: both kept).
  const ends = b.loStrict === true && b.hiStrict === true ? { inclusive: false } : !b.loStrict && !b.hiStrict ? { inclusive: true } : {}
  if (b.lo !== undefined && b.hi !== undefined)
    return { node: node.id, op: node.op, variable, cmp: 'between', low: b.lo, high: b.hi, ...negated, ...(b.negated ? {} : ends) }
  if (b.lo !== undefined) return { node: node.id, op: node.op, variable, cmp: '>', value: b.lo, ...role }
  if (b.hi !== undefined) return { node: node.id, op: node.op, variable, cmp: '<', value: b.hi, ...role }
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
      const c = fromBounds(n, dataVar(), { lo: num(p.min) ?? range[0], hi: num(p.max) ?? range[1], role: 'mask' })
      if (c) out.push(c)
    } else if (n.op === 'raster.algebra' && typeof p.expr === 'string') {
      let tree: Expr
      try {
        tree = parseExpr(p.expr)
      } catch {
        continue // the tool refuses an expression it cannot parse; no condition to read
      }
      for (const b of whereBounds(tree)) {
        const t = linkTarget(n.inputs[b.name])
        const variable = t ? vars.variableOf(t) : null
        const layer = t && variable === 'nodata' ? vars.flaggedLayer(t) : null
        const c = fromBounds(n, variable, b)
        if (c) out.push(layer ? { ...c, layer } : c)
      }
    } else if (n.op === 'threshold_fraction') {
      const variable = dataVar()
      if (p.op === 'between') {
        const c = fromBounds(n, variable, { lo: num(p.low), hi: num(p.high), role: 'criterion' })
        if (c) out.push(c)
      } else if (typeof p.op === 'string' && num(p.value) !== undefined) {
        out.push({ node: n.id, op: n.op, variable, cmp: p.op.startsWith('>') ? '>' : '<', value: num(p.value), role: 'criterion' })
      }
    }
  }
  return out
}
