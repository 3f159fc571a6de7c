/**
 * TVDI is a ratio of temperature differences, so the same scene in K and in degC must give the same index and the
 * same valid pixels. The default `lst_min` (0) used to apply in the input's unit, so a degC scene lost every
 * sub-zero pixel (a winter date over Urumqi is mostly below 0 degC). Expected values by hand: 12 pixels, NDVI
 * 0..0.55, LST in degC from -8 to 3.5; with `lst_min` 0 in degC only the 4 pixels above 0 degC would stay valid.
 */
import { describe, expect, it } from 'vitest'
import { PRODUCTS } from '../../../../main/engines/raster/products'
import type { Unit } from '../../../../main/engines/raster/units'

const ndvi = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55]
const degC = [-8, -6, 2, -7, -5, 3.5, -6.5, -4, 1, -6, -3, 0.5]

function tvdi(lst: number[], unit: Unit) {
  const def = PRODUCTS.get('tvdi')!
  const p = def.params.parse({ bins: 4, min_pixels: 1 })
  return def.compute({ ndvi: { data: Float64Array.from(ndvi), unit: 'dimensionless' }, lst: { data: Float64Array.from(lst), unit } }, p, ndvi.length)
}

describe('tvdi in K and degC', () => {
  it('keeps sub-zero Celsius pixels valid and gives the same index as the Kelvin scene', () => {
    const c = tvdi(degC, 'degC')
    const k = tvdi(degC.map((v) => v + 273.15), 'K')
    expect(c.details?.valid_pixels).toBe(12)
    expect(k.details?.valid_pixels).toBe(12)
    const a = Array.from(c.data!)
    const b = Array.from(k.data!)
    for (let i = 0; i < a.length; i++) expect(a[i]).toBeCloseTo(b[i], 9)
  })

  it('an explicit lst_min still applies in the input unit', () => {
    const def = PRODUCTS.get('tvdi')!
    const p = def.params.parse({ bins: 2, min_pixels: 1, lst_min: 0 })
    const r = def.compute({ ndvi: { data: Float64Array.from(ndvi), unit: 'dimensionless' }, lst: { data: Float64Array.from(degC), unit: 'degC' } }, p, ndvi.length)
    expect(r.details?.valid_pixels).toBe(4)
  })
})
