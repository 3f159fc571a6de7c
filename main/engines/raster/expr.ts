/**
 * The safe expression language of `raster.algebra` and `math.expr`: parsed into a small syntax tree, which
 * expr-kernel.ts compiles into one loop over the pixels from fixed templates (the text itself is never evaluated as
 * JavaScript).
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
import { compileKernel, ExprError, type Kernel } from './expr-kernel'

/** The syntax tree type is owned by the domain layer (main/domain/expression.ts). */
export type { Expr }

export { ExprError }

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

/** Compiled kernels by expression and input shape; a DAG's few expressions run on every date and strip. */
const kernels = new Map<string, Kernel>()

function kernelFor(e: Expr, rasterNames: string[], scalarNames: string[]): Kernel {
  const key = `${JSON.stringify(e)}|${rasterNames.join(',')}|${scalarNames.join(',')}`
  let k = kernels.get(key)
  if (!k) {
    k = compileKernel(e, rasterNames, scalarNames)
    if (kernels.size >= 256) kernels.delete(kernels.keys().next().value!)
    kernels.set(key, k)
  }
  return k
}

/** Evaluate over scalars only; non-finite -> NaN. */
export function evalScalar(e: Expr, vars: Record<string, number>): number {
  const names = Object.keys(vars)
  const out = new Float64Array(1)
  kernelFor(e, [], names)(
    out,
    1,
    [],
    names.map((n) => vars[n]),
  )
  return out[0]
}

/**
 * Evaluate over rasters (equal-length arrays) and scalars in one pass (expr-kernel.ts), with no temporary raster;
 * returns a new array (from `alloc`) with non-finite values as NaN.
 */
export function evalRaster(
  e: Expr,
  vars: Record<string, number | ArrayLike<number>>,
  length: number,
  alloc: (n: number) => Float64Array = (n) => new Float64Array(n),
): Float64Array {
  const used = [...exprVariables(e)]
  for (const n of used) if (vars[n] === undefined) throw new ExprError(`the expression uses '${n}', which is not an input`)
  const rasterNames = used.filter((n) => typeof vars[n] !== 'number')
  const scalarNames = used.filter((n) => typeof vars[n] === 'number')
  const out = alloc(length)
  kernelFor(e, rasterNames, scalarNames)(
    out,
    length,
    rasterNames.map((n) => vars[n] as ArrayLike<number>),
    scalarNames.map((n) => vars[n] as number),
  )
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
