/**
 * The unit of a `raster.algebra` expression by dimensional analysis of its syntax tree, so a ratio of two
 * reflectances is dimensionless, a comparison is a 0/1 mask and (1 - albedo) / (T_day - T_night) is 1/K, rather
 * than every result inheriting the inputs' unit.
 *
 * A quantity is a base unit with an integer power (numbers and dimensionless inputs have power 0). Rules:
 * `+ - min max where` need equal units (a bare number adopts the other side's, as in `lst - 273.15`); `*` and `/`
 * add and subtract powers of one base; `^` with a number exponent multiplies the power; `sqrt` halves it;
 * `abs`, unary minus and `clip(x, ...)` keep x's unit; comparisons, `&& || ! isnan`, `exp`, `log`, `log10` give
 * dimensionless. The result is 'dimensionless' at power 0, the base at power 1 and '1/K' for K^-1; anything else
 * (mixed bases, K^2, a sum of unlike units) is not derivable and the caller falls back to its default.
 */
import type { Expr } from '../../../engines/raster/expr'
import type { Unit } from '../../../engines/raster/units'

interface Dim {
  base: Unit | null
  power: number
  /** A bare numeric literal (or an expression of literals only): adopts the unit of what it is added to. */
  literal: boolean
}

class NotDerivable extends Error {}

const NONE: Dim = { base: null, power: 0, literal: false }

function norm(d: Dim): Dim {
  return d.power === 0 ? { base: null, power: 0, literal: d.literal } : d
}

function additive(a: Dim, b: Dim): Dim {
  if (a.literal) return { ...b, literal: b.literal }
  if (b.literal) return a
  if (a.power === 0 && b.power === 0) return NONE
  if (a.base === b.base && a.power === b.power) return a
  throw new NotDerivable()
}

function product(a: Dim, b: Dim, sign: 1 | -1): Dim {
  if (a.base !== null && b.base !== null && a.base !== b.base) throw new NotDerivable()
  return norm({ base: a.base ?? b.base, power: a.power + sign * b.power, literal: a.literal && b.literal })
}

function dim(e: Expr, units: Record<string, Unit | null>): Dim {
  switch (e.k) {
    case 'num':
      return { base: null, power: 0, literal: true }
    case 'var': {
      const u = units[e.name]
      if (u === undefined) throw new NotDerivable()
      return u === null || u === 'dimensionless' ? NONE : { base: u, power: 1, literal: false }
    }
    case 'un':
      return e.op === '-' ? dim(e.a, units) : NONE
    case 'bin': {
      const a = dim(e.a, units)
      const b = dim(e.b, units)
      switch (e.op) {
        case '+':
        case '-':
          return additive(a, b)
        case '*':
          return product(a, b, 1)
        case '/':
          return product(a, b, -1)
        case '^':
          if (e.b.k === 'num') return norm({ ...a, power: a.power * e.b.v, literal: a.literal })
          if (a.power === 0 && b.power === 0) return NONE
          throw new NotDerivable()
        default:
          return NONE // comparisons and logic: a 0/1 mask
      }
    }
    case 'call': {
      const args = e.args.map((x) => dim(x, units))
      switch (e.fn) {
        case 'abs':
        case 'clip':
          return args[0]
        case 'min':
        case 'max':
          return args.reduce(additive)
        case 'where':
          return additive(args[1], args[2])
        case 'sqrt':
          if (args[0].power % 2 !== 0) throw new NotDerivable()
          return norm({ ...args[0], power: args[0].power / 2 })
        default:
          return NONE // exp, log, log10, isnan
      }
    }
  }
}

/** The derived unit of `e` given its inputs' units, or null when it cannot be derived. */
export function expressionUnit(e: Expr, units: Record<string, Unit | null>): Unit | null {
  let d: Dim
  try {
    d = dim(e, units)
  } catch (err) {
    if (err instanceof NotDerivable) return null
    throw err
  }
  if (d.power === 0) return 'dimensionless'
  if (d.power === 1) return d.base
  if (d.power === -1 && d.base === 'K') return '1/K'
  return null
}
