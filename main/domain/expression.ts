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
