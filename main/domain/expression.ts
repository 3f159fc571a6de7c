/**
 * The syntax tree of the safe expression language (`raster.algebra`, `math.expr`, `where(...)` conditions). The
 * parser and evaluator live in main/engines/raster/expr.ts; readers that only inspect a parsed expression (the
 * verifier, answer templates) need nothing but this type.
 */

export type Expr =
  | { k: 'num'; v: number }
  | { k: 'var'; name: string }
  | { k: 'un'; op: '-' | '!'; a: Expr }
  | { k: 'bin'; op: string; a: Expr; b: Expr }
  | { k: 'call'; fn: string; args: Expr[] }

/** `0/0`: the value a mask gives the pixels it drops. */
export function isDropped(e: Expr): boolean {
  return e.k === 'bin' && e.op === '/' && e.a.k === 'num' && e.b.k === 'num' && e.a.v === 0 && e.b.v === 0
}

/**
 * Whether `where(c, then, other)` keeps the pixels where c does NOT hold: it drops those meeting c
 * (`where(c, 0/0, v)`) or marks them 0 in a 0/1 indicator (`where(c, 0, 1)`).
 */
export function keepsComplement(then: Expr, other: Expr): boolean {
  return isDropped(then) || (then.k === 'num' && then.v === 0 && other.k === 'num' && other.v === 1)
}
