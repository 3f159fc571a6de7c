/**
 * Units of raster.algebra results by dimensional analysis (hand-derived): before this, every expression took the
 * common unit of its raster inputs, so (nir - red) / (nir + red) over reflectance was labelled 'reflectance', a
 * comparison mask 'K', and an apparent thermal inertia written out as algebra came out 'dimensionless'.
 */
import { describe, expect, it } from 'vitest'
import { parseExpr } from '../../../../main/engines/raster/expr'
import type { Unit } from '../../../../main/engines/raster/units'
import { expressionUnit } from '../../../../main/tools/execute/ops/expr-units'

const u = (expr: string, units: Record<string, Unit | null>) => expressionUnit(parseExpr(expr), units)

describe('expressionUnit', () => {
  it('a ratio of like units is dimensionless; a difference keeps the unit', () => {
    expect(u('(nir - red) / (nir + red)', { nir: 'reflectance', red: 'reflectance' })).toBe('dimensionless')
    expect(u('(nir - red) / (nir + red + 1e-6)', { nir: 'dn', red: 'dn' })).toBe('dimensionless')
    expect(u('day - night', { day: 'K', night: 'K' })).toBe('K')
    expect(u('lst - 273.15', { lst: 'K' })).toBe('K')
    expect(u('0.5 * a + 2', { a: 'reflectance' })).toBe('reflectance')
  })

  it('comparisons and logic give a 0/1 mask; (1 - albedo) / (day - night) is 1/K', () => {
    expect(u('lst > 300 && ndvi < 0.2', { lst: 'K', ndvi: 'dimensionless' })).toBe('dimensionless')
    expect(u('(1 - albedo) / (day - night)', { albedo: 'dimensionless', day: 'K', night: 'K' })).toBe('1/K')
    expect(u('sqrt(a^2)', { a: 'K' })).toBe('K')
    expect(u('where(ndvi > 0.3, lst, 0/0)', { ndvi: 'dimensionless', lst: 'K' })).toBe('K')
    expect(u('clip(lst, 250, 330)', { lst: 'K' })).toBe('K')
  })

  it('gives up (null) on what it cannot name', () => {
    expect(u('a * b', { a: 'K', b: 'K' })).toBeNull()
    expect(u('a + b', { a: 'K', b: 'reflectance' })).toBeNull()
    expect(u('a * b', { a: 'K', b: 'reflectance' })).toBeNull()
  })
})
