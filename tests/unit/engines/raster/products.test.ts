import { describe, expect, it } from 'vitest'
import { PRODUCTS, PRODUCT_NAMES } from '../../../../main/engines/raster/products'
import type { ProductInput } from '../../../../main/engines/raster/products/product'
import type { Unit } from '../../../../main/engines/raster/units'

const C2 = 14387.7
function run(
  name: string,
  inputs: Record<string, number[]>,
  params: Record<string, unknown> = {},
  units: Record<string, Unit> = {},
  meta?: Record<string, number>,
) {
  const def = PRODUCTS.get(name)!
  const p = def.params.parse(params)
  const n = Object.values(inputs)[0].length
  const ins: Record<string, ProductInput> = {}
  for (const [k, v] of Object.entries(inputs)) ins[k] = { data: Float64Array.from(v), unit: units[k] ?? 'K', ...(meta ? { meta } : {}) }
  return { res: def.compute(ins, p, n), def, p }
}
const arr = (r: { res: { data: Float64Array | null } }) => Array.from(r.res.data!)

describe('raster products (hand-computed values)', () => {
  it('registers the ten standard products plus brightness temperature', () => {
    for (const p of [
      'normalized_difference',
      'single_channel_lst',
      'multi_channel_lst',
      'split_window_lst',
      'ttm_lst',
      'tes',
      'pwv_band_ratio',
      'tvdi',
      'day_night_temperature',
      'apparent_thermal_inertia',
      'brightness_temperature',
      'pixel_area',
    ]) {
      expect(PRODUCT_NAMES).toContain(p)
    }
  })

  it('normalized_difference: (a-b)/(a+b), optional epsilon, 0/0 invalid', () => {
    const u = { a: 'dn', b: 'dn' } as Record<string, Unit>
    expect(arr(run('normalized_difference', { a: [3, 1, 0, 5], b: [1, 1, 0, 15] }, {}, u))).toEqual([0.5, 0, NaN, -0.5])
    expect(arr(run('normalized_difference', { a: [0], b: [0] }, { epsilon: 1e-6 }, u))).toEqual([0])
    expect(run('normalized_difference', { a: [1], b: [1] }, {}, { a: 'dn', b: 'reflectance' }).res.insufficient).toMatch(/different units/)
  })

  it('brightness_temperature: K2 / ln(K1/L + 1) with constants from metadata or params', () => {
    const r = run('brightness_temperature', { data: [10, 0] }, {}, { data: 'radiance' }, { k1: 774.8853, k2: 1321.0789 })
    expect(arr(r)[0]).toBeCloseTo(1321.0789 / Math.log(774.8853 / 10 + 1), 12)
    expect(arr(r)[1]).toBeNaN()
    expect(run('brightness_temperature', { data: [10] }, {}, { data: 'radiance' }).res.insufficient).toMatch(/K1\/K2/)
    expect(arr(run('brightness_temperature', { data: [8] }, { k1: 480.8883, k2: 1201.1442 }, { data: 'radiance' }))[0]).toBeCloseTo(
      1201.1442 / Math.log(480.8883 / 8 + 1),
      12,
    )
  })

  it('single_channel_lst: both emissivity models and an emissivity raster', () => {
    const lst = (bt: number, e: number, lambda = 10.9) => bt / (1 + ((lambda * bt) / C2) * Math.log(e))
    const r = arr(run('single_channel_lst', { bt: [300, 300, 300], ndvi: [0.8, 0.1, 0.5] }, {}, { ndvi: 'dimensionless' }))
    expect(r[0]).toBeCloseTo(lst(300, 0.99), 10)
    expect(r[1]).toBeCloseTo(lst(300, 0.96), 10)
    expect(r[2]).toBeCloseTo(lst(300, 0.97 + 0.003 * 0.5), 10)
    const s = arr(run('single_channel_lst', { bt: [300, 300, 300], ndvi: [0.35, 0.1, 0.6] }, { emissivity_model: 'sobrino2004' }, { ndvi: 'dimensionless' }))
    expect(s[0]).toBeCloseTo(lst(300, 0.004 * 0.25 + 0.986), 10) // Pv = ((0.35-0.2)/0.3)^2 = 0.25
    expect(s[1]).toBeCloseTo(lst(300, 0.97), 10)
    expect(s[2]).toBeCloseTo(lst(300, 0.99), 10)
    expect(arr(run('single_channel_lst', { bt: [300], emissivity: [0.95] }, {}, { emissivity: 'dimensionless' }))[0]).toBeCloseTo(lst(300, 0.95), 10)
  })

  it('multi_channel_lst: 1.022 T31 + 0.47 (T31 - T32) + 0.43', () => {
    expect(arr(run('multi_channel_lst', { t31: [300], t32: [298] }))[0]).toBeCloseTo(307.97, 10)
  })

  it('split_window_lst: Jimenez-Munoz et al. 2014 with w = 2 g/cm2', () => {
    // d = 2, e = 0.975, de = -0.01:
    // 300 + 1.378*2 + 0.183*4 - 0.268 + (54.3 - 2.238*2)*0.025 + (-129.2 + 16.4*2)*(-0.01) = 305.4296
    const r = run('split_window_lst', { ti: [300], tj: [298], emis_i: [0.97], emis_j: [0.98] }, {}, { emis_i: 'dimensionless', emis_j: 'dimensionless' })
    expect(arr(r)[0]).toBeCloseTo(305.4296, 10)
  })

  it('ttm_lst: weighted combination inside the valid range', () => {
    expect(arr(run('ttm_lst', { t1: [300, 350], t2: [310, 300], t3: [320, 300] }))).toEqual([313, NaN])
    expect(run('ttm_lst', { t1: [300], t2: [300], t3: [300] }).def.check!(PRODUCTS.get('ttm_lst')!.params.parse({ weights: [0.5, 0.5, 0.5] }), [])).toMatch(
      /sum to 1/,
    )
  })

  it('tes: emissivity from the band spread, clipped, then the single-channel correction', () => {
    const e = Math.min(Math.max(0.982 - 0.072 * 4, 0.85), 0.999) // spread 4 K -> 0.694 -> clipped to 0.85
    const r = arr(run('tes', { t1: [300], t2: [304] }))
    expect(r[0]).toBeCloseTo(300 / (1 + ((10.6 * 300) / C2) * Math.log(e)), 10)
    const r2 = arr(run('tes', { t1: [300], t2: [300.1], t3: [299.9] }, { reference: 't2' }))
    expect(r2[0]).toBeCloseTo(300.1 / (1 + ((10.6 * 300.1) / C2) * Math.log(0.982 - 0.072 * 0.2)), 8)
  })

  it('pwv_band_ratio: Kaufman-Gao two-band ratio and the three-band continuum', () => {
    const refl = { window: 'reflectance', absorb: 'reflectance', window2: 'reflectance' } as Record<string, Unit>
    const kg = arr(run('pwv_band_ratio', { window: [0.5, 0.5], absorb: [0.4, 0.6] }, {}, refl))
    expect(kg[0]).toBeCloseTo(((0.02 - Math.log(0.8)) / 0.651) ** 2, 12)
    expect(kg[1]).toBe(0) // T > exp(alpha): no absorption
    const t = (1.24 - 0.905) / (1.24 - 0.865)
    const cont = t * 0.4 + (1 - t) * 0.6
    const ex = arr(run('pwv_band_ratio', { window: [0.4], absorb: [0.3], window2: [0.6] }, { method: 'exponential' }, refl))
    expect(ex[0]).toBeCloseTo(-Math.log(0.3 / cont) / 0.03, 10)
  })

  it('day_night_temperature: range, mean, emissivity-corrected day LST, plausibility range', () => {
    expect(arr(run('day_night_temperature', { day: [310, 400], night: [290, 290] }))).toEqual([20, 110])
    expect(arr(run('day_night_temperature', { day: [310, 400], night: [290, 290] }, { output: 'mean', valid_range: [270, 325] }))).toEqual([300, NaN])
    const l = arr(run('day_night_temperature', { day: [310], night: [290], emis_day: [0.95] }, { output: 'lst_day' }, { emis_day: 'dimensionless' }))
    expect(l[0]).toBeCloseTo(310 / (1 + ((11 * 310) / C2) * Math.log(0.95)), 10)
  })

  it('apparent_thermal_inertia: (1 - albedo) / (day - night), clipped to [0, 10]', () => {
    const r = arr(
      run('apparent_thermal_inertia', { albedo: [0.2, 0.2, 0.2], day: [310, 290.05, 300], night: [290, 290, 300] }, {}, { albedo: 'dimensionless' }),
    )
    expect(r[0]).toBeCloseTo(0.04, 12)
    expect(r[1]).toBe(10)
    expect(r[2]).toBeNaN()
    expect(arr(run('apparent_thermal_inertia', { albedo: [0.2], day: [290.05], night: [290] }, { clip: null }, { albedo: 'dimensionless' }))[0]).toBeCloseTo(
      16,
      6,
    )
  })
})

describe('tvdi', () => {
  // Valid: p1..p5. Two bins [0, 0.5) and [0.5, 1): bin 0 holds p1, p2 (centre 0.25, dry 320, wet 300), bin 1 holds
  // p3, p4 (centre 0.75, dry 310, wet 290); p5 (NDVI = max) is in no bin under the 'open' convention.
  // Dry edge 325 - 20 NDVI, wet edge 305 - 20 NDVI, so TVDI = (LST - 305 + 20 NDVI) / 20, clipped.
  const ndvi = [0.0, 0.2, 0.6, 0.8, 1.0, -0.1, 0.5]
  const lst = [300, 320, 310, 290, 305, 300, 0]
  const u = { ndvi: 'dimensionless' } as Record<string, Unit>

  it('fits both edges against bin centres and clips to [0, 1]', () => {
    const r = run('tvdi', { ndvi, lst }, { bins: 2, min_pixels: 5 }, u)
    const v = arr(r)
    expect(v[0]).toBe(0) // -0.25 clipped
    expect(v[1]).toBeCloseTo(0.95, 12)
    expect(v[2]).toBeCloseTo(0.85, 12)
    expect(v[3]).toBeCloseTo(0.05, 12)
    expect(v[4]).toBeCloseTo(1, 12)
    expect(v[5]).toBeNaN()
    expect(v[6]).toBeNaN()
    const d = r.res.details as {
      dry_edge: { slope: number; intercept: number }
      wet_edge: { slope: number; intercept: number }
      bins_used: number
      valid_pixels: number
    }
    expect(d.valid_pixels).toBe(5)
    expect(d.bins_used).toBe(2)
    expect(d.dry_edge.slope).toBeCloseTo(-20, 10)
    expect(d.dry_edge.intercept).toBeCloseTo(325, 10)
    expect(d.wet_edge.intercept).toBeCloseTo(305, 10)
  })

  it('puts the maximum into the last bin with last_bin "closed" (the default), into none with "open", and can leave values unclipped', () => {
    const hot = [...lst]
    hot[4] = 330
    const open = run('tvdi', { ndvi, lst: hot }, { bins: 2, min_pixels: 5, last_bin: 'open' }, u).res.details as { dry_edge: { slope: number } }
    const closed = run('tvdi', { ndvi, lst: hot }, { bins: 2, min_pixels: 5, last_bin: 'closed' }, u).res.details as { dry_edge: { slope: number } }
    const byDefault = run('tvdi', { ndvi, lst: hot }, { bins: 2, min_pixels: 5 }, u).res.details as { dry_edge: { slope: number } }
    expect(open.dry_edge.slope).toBeCloseTo(-20, 10)
    expect(closed.dry_edge.slope).toBeCloseTo(20, 10) // bin 1 dry = 330 -> (330 - 320) / 0.5
    expect(byDefault.dry_edge.slope).toBeCloseTo(20, 10)
    expect(arr(run('tvdi', { ndvi, lst }, { bins: 2, min_pixels: 5, clip: false }, u))[0]).toBeCloseTo(-0.25, 12)
  })

  it('gives the same index when written into its LST input (what the engine does when nothing else reads LST)', () => {
    const def = PRODUCTS.get('tvdi')!
    expect(def.overwrites).toBe('lst')
    const lstBuf = Float64Array.from(lst)
    const ins: Record<string, ProductInput> = { ndvi: { data: Float64Array.from(ndvi), unit: 'dimensionless' }, lst: { data: lstBuf, unit: 'K' } }
    const res = def.compute(ins, def.params.parse({ bins: 2, min_pixels: 5 }), lst.length, () => lstBuf)
    expect(res.data).toBe(lstBuf)
    const v = Array.from(res.data!)
    expect(v[0]).toBe(0)
    expect(v[1]).toBeCloseTo(0.95, 12)
    expect(v[2]).toBeCloseTo(0.85, 12)
    expect(v[3]).toBeCloseTo(0.05, 12)
    expect(v[4]).toBeCloseTo(1, 12)
    expect(v[5]).toBeNaN()
    expect(v[6]).toBeNaN()
  })

  it('is insufficient (no numbers) with too few valid pixels or fewer than two bins', () => {
    const few = run('tvdi', { ndvi, lst }, { bins: 2, min_pixels: 6 }, u).res
    expect(few.data).toBeNull()
    expect(few.insufficient).toMatch(/only 5 valid NDVI\/LST pixels; TVDI needs at least 6/)
    const flat = run('tvdi', { ndvi: [0.3, 0.3, 0.3], lst: [300, 301, 302] }, { bins: 10, min_pixels: 1 }, u).res
    expect(flat.data).toBeNull()
    expect(flat.insufficient).toMatch(/non-empty NDVI bin/)
  })
})
