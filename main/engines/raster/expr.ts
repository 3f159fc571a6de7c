/**
 * The safe expression language of `raster.algebra` and `math.expr`: parsed into a small syntax tree (never
 * evaluated as JavaScript) and evaluated vectorised, one block of pixels at a time.
 *
 * Grammar (precedence low -> high): `||`; `&&`; `== !=`; `< <= > >=`; `+ -`; `* /`; unary `- !`; `^`
 * (right-associative, so -x^2 = -(x^2)); primaries: numbers (`1`, `.5`, `1e-6`), input names, `( )` and calls of
 * abs, sqrt, exp, log (natural), log10, min, max (2 or more arguments), clip(x, lo, hi), where(c, a, b), isnan(x).
 *
 * Invalid pixels are NaN and stay invalid: every operator returns NaN when an operand is NaN (comparisons and
 * logic included, unlike IEEE comparisons which would turn NaN into 0); only isnan() looks at them, and where()
 * takes the validity of the branch it picks (so `where(ndvi > 0.3, lst, 0/0)` masks by a condition). Results that
 * are not finite (division by zero, log of a negative) become NaN. Comparisons take two numbers a float64 rounding
 * apart as equal (compare.ts `difference`: 3500 × 0.0001 is 0.35).
 */

import type { Expr } from '../../domain/expression'
import { difference } from './compare'

/** The syntax tree type is owned by the domain layer (main/domain/expression.ts). */
export type { Expr }

export class ExprError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ExprError'
  }
}

const ARITY: Record<string, [number, number]> = {
  abs: [1, 1],
  sqrt: [1, 1],
  exp: [1, 1],
  log: [1, 1],
  log10: [1, 1],
  isnan: [1, 1],
  min: [2, Infinity],
  max: [2, Infinity],
  clip: [3, 3],
  where: [3, 3],
}

const PREC: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '<=': 4, '>': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6 }

type Tok = { t: 'num'; v: number } | { t: 'id'; v: string } | { t: 'op'; v: string }

function tokenize(src: string): Tok[] {
  const out: Tok[] = []
  const re = /\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|==|!=|&&|\|\||[-+*/^()<>!,]))/y
  let pos = 0
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break
    re.lastIndex = pos
    const m = re.exec(src)
    if (!m) {
      const at = pos + (src.slice(pos).length - src.slice(pos).trimStart().length)
      throw new ExprError(`unexpected character '${src[at]}' at position ${at + 1} of the expression`)
    }
    if (m[1] !== undefined) out.push({ t: 'num', v: Number(m[1]) })
    else if (m[2] !== undefined) out.push({ t: 'id', v: m[2] })
    else out.push({ t: 'op', v: m[3] })
    pos = re.lastIndex
  }
  return out
}

/** Parse an expression; throws ExprError with a one-line reason. */
export function parseExpr(src: string): Expr {
  const toks = tokenize(src)
  let i = 0
  const peek = () => toks[i]
  const isOp = (v: string) => peek()?.t === 'op' && peek()!.v === v
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExprError(`expected '${v}' ${peek() ? `before '${String(peek()!.v)}'` : 'at the end of the expression'}`)
    i++
  }
  function primary(): Expr {
    const t = peek()
    if (!t) throw new ExprError('the expression ends where a value was expected')
    if (t.t === 'num') {
      i++
      return { k: 'num', v: t.v }
    }
    if (t.t === 'id') {
      i++
      if (isOp('(')) {
        i++
        const args: Expr[] = []
        if (!isOp(')')) {
          args.push(binary(0))
          while (isOp(',')) {
            i++
            args.push(binary(0))
          }
        }
        expect(')')
        const ar = ARITY[t.v]
        if (!ar) throw new ExprError(`'${t.v}' is not a known function (use ${Object.keys(ARITY).join(', ')})`)
        if (args.length < ar[0] || args.length > ar[1])
          throw new ExprError(`${t.v}() takes ${ar[0] === ar[1] ? ar[0] : `at least ${ar[0]}`} argument(s), not ${args.length}`)
        return { k: 'call', fn: t.v, args }
      }
      return { k: 'var', name: t.v }
    }
    if (t.v === '(') {
      i++
      const e = binary(0)
      expect(')')
      return e
    }
    throw new ExprError(`unexpected '${t.v}' where a value was expected`)
  }
  function power(): Expr {
    const base = primary()
    if (isOp('^')) {
      i++
      return { k: 'bin', op: '^', a: base, b: unary() }
    }
    return base
  }
  function unary(): Expr {
    if (isOp('-') || isOp('!')) {
      const op = peek()!.v as '-' | '!'
      i++
      return { k: 'un', op, a: unary() }
    }
    if (isOp('+')) {
      i++
      return unary()
    }
    return power()
  }
  function binary(min: number): Expr {
    let left = unary()
    for (;;) {
      const t = peek()
      if (!t || t.t !== 'op' || PREC[t.v] === undefined || PREC[t.v] < min) break
      const p = PREC[t.v]
      i++
      const right = binary(p + 1)
      left = { k: 'bin', op: t.v, a: left, b: right }
    }
    return left
  }
  if (toks.length === 0) throw new ExprError('the expression is empty')
  const e = binary(0)
  if (i < toks.length) throw new ExprError(`unexpected '${String(toks[i].v)}' after a complete expression`)
  return e
}

/** The input names an expression uses. */
export function exprVariables(e: Expr, into = new Set<string>()): Set<string> {
  if (e.k === 'var') into.add(e.name)
  else if (e.k === 'un') exprVariables(e.a, into)
  else if (e.k === 'bin') {
    exprVariables(e.a, into)
    exprVariables(e.b, into)
  } else if (e.k === 'call') for (const a of e.args) exprVariables(a, into)
  return into
}

type Val = number | Float64Array

function nanIfBad(x: number): number {
  return Number.isFinite(x) ? x : NaN
}

/**
 * Operators and functions are looked up once per block, never by name per pixel: besides the cost of comparing
 * strings for every pixel, V8 (Node 20) was seen to evaluate `name === 'isnan'` false inside the per-pixel function
 * once it had been optimised (a CI run and a local run failed with "unknown function 'isnan'", rarely, on the same
 * DAG that passes otherwise).
 */
const nanIn = (x: number, y: number) => x !== x || y !== y
const BINARY: Readonly<Record<string, (x: number, y: number) => number>> = {
  '+': (x, y) => x + y,
  '-': (x, y) => x - y,
  '*': (x, y) => x * y,
  '/': (x, y) => x / y,
  '^': (x, y) => (nanIn(x, y) ? NaN : x ** y),
  '<': (x, y) => (nanIn(x, y) ? NaN : difference(x, y) < 0 ? 1 : 0),
  '<=': (x, y) => (nanIn(x, y) ? NaN : difference(x, y) <= 0 ? 1 : 0),
  '>': (x, y) => (nanIn(x, y) ? NaN : difference(x, y) > 0 ? 1 : 0),
  '>=': (x, y) => (nanIn(x, y) ? NaN : difference(x, y) >= 0 ? 1 : 0),
  '==': (x, y) => (nanIn(x, y) ? NaN : difference(x, y) === 0 ? 1 : 0),
  '!=': (x, y) => (nanIn(x, y) ? NaN : difference(x, y) !== 0 ? 1 : 0),
  '&&': (x, y) => (nanIn(x, y) ? NaN : x !== 0 && y !== 0 ? 1 : 0),
  '||': (x, y) => (nanIn(x, y) ? NaN : x !== 0 || y !== 0 ? 1 : 0),
}

/** One-argument functions; isnan() alone looks at invalid values. */
const UNARY_FUNCTIONS: Readonly<Record<string, (x: number) => number>> = {
  isnan: (x) => (x !== x ? 1 : 0),
  abs: (x) => Math.abs(x),
  sqrt: (x) => Math.sqrt(x),
  exp: (x) => Math.exp(x),
  log: (x) => Math.log(x),
  log10: (x) => Math.log10(x),
}

/** Functions of several arguments; where() looks only at the branch it picks, so an invalid value in the other does not leak through. */
const FUNCTIONS: Readonly<Record<string, (xs: number[]) => number>> = {
  where: (xs) => (xs[0] !== xs[0] ? NaN : xs[0] !== 0 ? xs[1] : xs[2]),
  min: (xs) => (xs.some((x) => x !== x) ? NaN : Math.min(...xs)),
  max: (xs) => (xs.some((x) => x !== x) ? NaN : Math.max(...xs)),
  clip: (xs) => (xs.some((x) => x !== x) ? NaN : Math.min(Math.max(xs[0], xs[1]), xs[2])),
}

function lookup<F>(table: Readonly<Record<string, F>>, name: string, what: string): F {
  if (!Object.hasOwn(table, name)) throw new ExprError(`unknown ${what} '${name}'`)
  return table[name]
}

/** Apply a scalar function elementwise over values that are numbers or equal-length blocks. */
function lift(args: Val[], len: number, f: (xs: number[]) => number): Val {
  if (args.every((a) => typeof a === 'number')) return f(args as number[])
  const out = new Float64Array(len)
  const xs = new Array<number>(args.length)
  for (let i = 0; i < len; i++) {
    for (let j = 0; j < args.length; j++) {
      const a = args[j]
      xs[j] = typeof a === 'number' ? a : a[i]
    }
    out[i] = f(xs)
  }
  return out
}

function evalBlock(e: Expr, env: (name: string) => Val, len: number): Val {
  switch (e.k) {
    case 'num':
      return e.v
    case 'var':
      return env(e.name)
    case 'un': {
      const a = evalBlock(e.a, env, len)
      const f = e.op === '-' ? (x: number) => -x : (x: number) => (x !== x ? NaN : x === 0 ? 1 : 0)
      if (typeof a === 'number') return f(a)
      const out = new Float64Array(len)
      for (let i = 0; i < len; i++) out[i] = f(a[i])
      return out
    }
    case 'bin': {
      const a = evalBlock(e.a, env, len)
      const b = evalBlock(e.b, env, len)
      const op = lookup(BINARY, e.op, 'operator')
      if (typeof a === 'number' && typeof b === 'number') return op(a, b)
      // Arithmetic fast paths: NaN propagates by IEEE rules, no per-element branching needed.
      const out = new Float64Array(len)
      if (e.op === '+' || e.op === '-' || e.op === '*' || e.op === '/') {
        const A = typeof a === 'number' ? null : a
        const B = typeof b === 'number' ? null : b
        const sa = typeof a === 'number' ? a : 0
        const sb = typeof b === 'number' ? b : 0
        // One loop per operator, chosen once per block (no operator name compared per pixel).
        const code = e.op === '+' ? 0 : e.op === '-' ? 1 : e.op === '*' ? 2 : 3
        if (code === 0) for (let i = 0; i < len; i++) out[i] = (A ? A[i] : sa) + (B ? B[i] : sb)
        else if (code === 1) for (let i = 0; i < len; i++) out[i] = (A ? A[i] : sa) - (B ? B[i] : sb)
        else if (code === 2) for (let i = 0; i < len; i++) out[i] = (A ? A[i] : sa) * (B ? B[i] : sb)
        else for (let i = 0; i < len; i++) out[i] = (A ? A[i] : sa) / (B ? B[i] : sb)
        return out
      }
      for (let i = 0; i < len; i++) out[i] = op(typeof a === 'number' ? a : a[i], typeof b === 'number' ? b : b[i])
      return out
    }
    case 'call': {
      const args = e.args.map((a) => evalBlock(a, env, len))
      if (args.length === 1) {
        const f = lookup(UNARY_FUNCTIONS, e.fn, 'function')
        // Invalid stays invalid, except for isnan(), which asks about it.
        return lift(args, len, e.fn === 'isnan' ? (xs) => f(xs[0]) : (xs) => (xs[0] !== xs[0] ? NaN : f(xs[0])))
      }
      const f = lookup(FUNCTIONS, e.fn, 'function')
      return lift(args, len, f)
    }
  }
}

/** Evaluate over scalars only; non-finite -> NaN. */
export function evalScalar(e: Expr, vars: Record<string, number>): number {
  const v = evalBlock(
    e,
    (n) => {
      if (!(n in vars)) throw new ExprError(`the expression uses '${n}', which is not an input`)
      return vars[n]
    },
    1,
  )
  return nanIfBad(typeof v === 'number' ? v : v[0])
}

/**
 * Evaluate over rasters (equal-length Float64Arrays) and scalars, block by block to bound temporary memory;
 * returns a new array with non-finite values as NaN.
 */
export function evalRaster(
  e: Expr,
  vars: Record<string, number | Float64Array>,
  length: number,
  alloc: (n: number) => Float64Array = (n) => new Float64Array(n),
  block = 65536,
): Float64Array {
  const out = alloc(length)
  for (let start = 0; start < length; start += block) {
    const len = Math.min(block, length - start)
    const v = evalBlock(
      e,
      (n) => {
        const x = vars[n]
        if (x === undefined) throw new ExprError(`the expression uses '${n}', which is not an input`)
        return typeof x === 'number' ? x : x.subarray(start, start + len)
      },
      len,
    )
    if (typeof v === 'number') out.fill(nanIfBad(v), start, start + len)
    else for (let i = 0; i < len; i++) out[start + i] = nanIfBad(v[i])
  }
  return out
}

/**
 * Whether two expressions give the same values (within 1e-9 relative) at 8 random points, their variables valued by
 * a key each maps to: variables with one key share a value ("nir" and "b5" when the caller maps both to OLI band 5).
 * A point where either is not finite is skipped; with none finite the two are not called the same.
 */
export function sameValues(a: Expr, b: Expr, keyA: (name: string) => string, keyB: (name: string) => string = keyA): boolean {
  let compared = 0
  for (let k = 0; k < 8; k++) {
    const values = new Map<string, number>()
    const valueOf = (key: string) => {
      if (!values.has(key)) values.set(key, 0.05 + Math.random())
      return values.get(key)!
    }
    const env = (e: Expr, key: (n: string) => string) => Object.fromEntries([...exprVariables(e)].map((n) => [n, valueOf(key(n))]))
    const va = evalScalar(a, env(a, keyA))
    const vb = evalScalar(b, env(b, keyB))
    if (!Number.isFinite(va) || !Number.isFinite(vb)) continue
    compared++
    if (Math.abs(va - vb) > 1e-9 * Math.max(1, Math.abs(va), Math.abs(vb))) return false
  }
  return compared > 0
}
