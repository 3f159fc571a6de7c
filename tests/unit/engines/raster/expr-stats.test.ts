import { describe, expect, it } from 'vitest'
import { evalRaster, evalScalar, ExprError, exprVariables, parseExpr } from '../../../../main/engines/raster/expr'
import { percentileSorted, summarize } from '../../../../main/engines/raster/stats'

const s = (e: string, vars: Record<string, number> = {}) => evalScalar(parseExpr(e), vars)

describe('expression language', () => {
  it('follows the documented precedence and associativity', () => {
    expect(s('1 + 2 * 3 ^ 2')).toBe(19)
    expect(s('-2 ^ 2')).toBe(-4)
    expect(s('2 ^ 3 ^ 2')).toBe(512)
    expect(s('10 - 2 - 3')).toBe(5)
    expect(s('8 / 2 / 2')).toBe(2)
    expect(s('1 < 2 && 3 > 4 || 5 == 5')).toBe(1)
    expect(s('!0 + !3')).toBe(1)
  })

  it('evaluates the functions', () => {
    expect(s('abs(-3) + sqrt(16) + log10(100) + exp(0) + log(1)')).toBe(10)
    expect(s('min(4, 2, 8) + max(1, 9)')).toBe(11)
    expect(s('clip(1.7, 0, 1) + clip(-1, 0, 1)')).toBe(1)
    expect(s('where(a > 0, 10, 20)', { a: -1 })).toBe(20)
    expect(s('(a - b) / (a + b)', { a: 3, b: 1 })).toBe(0.5)
  })

  it('keeps invalid pixels invalid through comparisons and logic, and turns non-finite results into NaN', () => {
    const a = Float64Array.from([1, NaN, 3, 0])
    const b = Float64Array.from([2, 2, 0, 0])
    expect(Array.from(evalRaster(parseExpr('a > 0'), { a }, 4))).toEqual([1, NaN, 1, 0])
    expect(Array.from(evalRaster(parseExpr('a / b'), { a, b }, 4))).toEqual([0.5, NaN, NaN, NaN])
    expect(Array.from(evalRaster(parseExpr('isnan(a)'), { a }, 4))).toEqual([0, 1, 0, 0])
    // where() keeps the validity of the branch it picks: masking by a condition works
    expect(Array.from(evalRaster(parseExpr('where(b > 1, a, 0/0)'), { a, b }, 4))).toEqual([1, NaN, NaN, NaN])
    expect(Array.from(evalRaster(parseExpr('where(a > 0, 5, a)'), { a }, 4))).toEqual([5, NaN, 5, 0])
    expect(Array.from(evalRaster(parseExpr('a * k'), { a, k: 2 }, 4))).toEqual([2, NaN, 6, 0])
  })

  it('gives the same values once the evaluator is optimised, on the mask the DAGs build most', () => {
    // CI and a local run once failed with "unknown function 'isnan'" inside this expression after many jobs (the
    // per-pixel function had compared names); run it hot and check every value against plain JavaScript.
    const e = parseExpr('where(isnan(v), 0/0, where((v > 0.12), 1, 0)) + (w - v) * 2')
    for (let round = 0; round < 400; round++) {
      const v = Float64Array.from({ length: 512 }, (_, i) => ((i * 7 + round) % 11 === 0 ? NaN : ((i * 13 + round) % 97) / 200))
      const w = Float64Array.from({ length: 512 }, (_, i) => (i % 5) / 10)
      const got = evalRaster(e, { v, w }, 512)
      for (let i = 0; i < 512; i++) {
        const want = Number.isNaN(v[i]) ? NaN : (v[i] > 0.12 ? 1 : 0) + (w[i] - v[i]) * 2
        if (!Object.is(got[i], want) && Math.abs(got[i] - want) > 1e-12) expect([round, i, got[i]]).toEqual([round, i, want])
      }
    }
  })

  it('rejects malformed expressions with a reason, never evaluates code', () => {
    expect(() => parseExpr('1 +')).toThrow(ExprError)
    expect(() => parseExpr('foo(1)')).toThrow(/not a known function/)
    expect(() => parseExpr('min(1)')).toThrow(/at least 2/)
    expect(() => parseExpr('a; process.exit()')).toThrow(/unexpected character ';'/)
    expect(() => parseExpr('(1')).toThrow(/expected '\)'/)
    expect([...exprVariables(parseExpr('nir - red * k'))].sort()).toEqual(['k', 'nir', 'red'])
  })
})

describe('statistics over valid pixels', () => {
  const data = Float64Array.from([4, NaN, 1, 3, 2, NaN, 10])

  it('computes count, mean, min, max, sum, population std and valid fraction', () => {
    const r = summarize(data, ['count', 'mean', 'min', 'max', 'sum', 'std', 'valid_fraction'])
    expect(r.values.count).toBe(5)
    expect(r.values.mean).toBe(4)
    expect(r.values.min).toBe(1)
    expect(r.values.max).toBe(10)
    expect(r.values.sum).toBe(20)
    // deviations -0,-3,-1,-2,6 -> squares 0+9+1+4+36 = 50 -> population variance 10
    expect(r.values.std).toBeCloseTo(Math.sqrt(10), 12)
    expect(summarize(data, ['std'], 1).values.std).toBeCloseTo(Math.sqrt(50 / 4), 12)
    expect(r.values.valid_fraction).toBeCloseTo(5 / 7, 12)
  })

  it('interpolates percentiles linearly between ranks (numpy default)', () => {
    // sorted valid: 1 2 3 4 10
    const r = summarize(data, ['median', 'p25', 'p90', 'p0', 'p100'])
    expect(r.values.median).toBe(3)
    expect(r.values.p25).toBe(2)
    expect(r.values.p90).toBeCloseTo(4 + 0.6 * 6, 12)
    expect(r.values.p0).toBe(1)
    expect(r.values.p100).toBe(10)
    expect(percentileSorted([], 50)).toBeNaN()
  })
})
