/**
 * The pixels a `raster.algebra` mask keeps, in plain words, read from the expression tree (the engine's parser):
 * `where((!isnan(m1) && !(m1 > 0.5)), v, 0/0)` with m1 = NDVI is "not (NDVI above 0.5)"; `where(v < 290 || v > 310,
 * 1, 0)` is "LST below 290 or LST above 310"; a share among some pixels, `where(isnan(v) || !(m1 > 0.3), 0/0,
 * where(v > 0.8, 1, 0))`, is "TVDI above 0.8, among those with NDVI above 0.3". Checks that only keep valid data
 * (`isnan`) are not conditions the analyst asked, so they are left out.
 */
import { keepsComplement, type Expr } from '../../domain/expression'
import { parseExpr } from '../../engines/raster/expr'

const CMP: Record<string, string> = { '>': 'above', '>=': 'at or above', '<': 'below', '<=': 'at or below', '==': 'equal to', '!=': 'not equal to' }
const FLIP: Record<string, string> = { '>': '<', '>=': '<=', '<': '>', '<=': '>=', '==': '==', '!=': '!=' }

const isValidityCheck = (e: Expr): boolean =>
  (e.k === 'call' && e.fn === 'isnan') ||
  (e.k === 'un' && e.op === '!' && isValidityCheck(e.a)) ||
  (e.k === 'bin' && (e.op === '||' || e.op === '&&') && isValidityCheck(e.a) && isValidityCheck(e.b))

/** `v >= a && v <= b` as "v from a to b" ("between" when a bound is not kept); null for any other pair. */
function bounded(lo: Expr, hi: Expr): ((name: (input: string) => string) => string) | null {
  if (lo.k !== 'bin' || hi.k !== 'bin' || lo.a.k !== 'var' || hi.a.k !== 'var' || lo.a.name !== hi.a.name) return null
  if (lo.b.k !== 'num' || hi.b.k !== 'num' || !lo.op.startsWith('>') || !hi.op.startsWith('<') || lo.b.v > hi.b.v) return null
  const [v, a, b] = [lo.a.name, lo.b.v, hi.b.v]
  const both = lo.op === '>=' && hi.op === '<='
  return (name) => (both ? `${name(v)} from ${a} to ${b}` : `${name(v)} between ${a} and ${b}`)
}

/** The complement of a condition: "LST not above 310" for one comparison, "not (...)" for more. */
function negated(e: Expr, name: (input: string) => string): string | null {
  // not (not x) is x; not (invalid or not x) is x among the valid pixels.
  if (e.k === 'un' && e.op === '!') return words(e.a, name)
  if (e.k === 'bin' && e.op === '||') {
    const parts = [e.a, e.b].filter((x) => !isValidityCheck(x))
    const said = parts.map((x) => negated(x, name))
    if (parts.length > 0 && said.every((w) => w !== null)) return said.join(' and ')
  }
  const inner = words(e, name)
  if (inner === null) return null
  return e.k === 'bin' && CMP[e.op] ? inner.replace(/ (above|below|at or above|at or below|equal to) /, ' not $1 ') : `not (${inner})`
}

/** Words for a condition; null when it only checks valid data or holds something other than comparisons. */
function words(e: Expr, name: (input: string) => string): string | null {
  if (isValidityCheck(e)) return null
  if (e.k === 'un' && e.op === '!') return negated(e.a, name)
  const range = e.k === 'bin' && e.op === '&&' ? (bounded(e.a, e.b) ?? bounded(e.b, e.a)) : null
  if (range) return range(name)
  if (e.k === 'bin' && (e.op === '&&' || e.op === '||')) {
    const parts = [words(e.a, name), words(e.b, name)].filter((w): w is string => w !== null)
    return parts.length ? parts.join(e.op === '&&' ? ' and ' : ' or ') : null
  }
  if (e.k === 'bin' && CMP[e.op]) {
    if (e.a.k === 'var' && e.b.k === 'num') return `${name(e.a.name)} ${CMP[e.op]} ${e.b.v}`
    if (e.a.k === 'num' && e.b.k === 'var') return `${name(e.b.name)} ${CMP[FLIP[e.op]]} ${e.a.v}`
  }
  return null
}

/** The first condition a mask or indicator expression applies, as the pixels it keeps; null when it applies none. */
export function maskConditionWords(expr: string, name: (input: string) => string): string | null {
  let tree: Expr
  try {
    tree = parseExpr(expr)
  } catch {
    return null
  }
  const visit = (e: Expr): string | null => {
    if (e.k !== 'call') return null
    if (e.fn === 'where' && e.args.length === 3) {
      const [c, then, other] = e.args
      const said = words(c, name)
      if (said === null) return visit(then) ?? visit(other)
      const drops = keepsComplement(then, other)
      const kept = drops ? negated(c, name) : said
      // A share among some pixels: the others dropped, the kept ones counted by an inner indicator.
      const counted = visit(drops ? other : then)
      return counted && kept ? `${counted}, among those with ${kept}` : kept
    }
    return e.args.map(visit).find((w) => w !== null) ?? null
  }
  return visit(tree)
}
