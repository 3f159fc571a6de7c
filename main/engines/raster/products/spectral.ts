/**
 * Reflective-domain products: the normalised difference of two bands and precipitable water vapour from a
 * band ratio.
 */
import { z } from 'zod'
import { fillPixels, type ProductDef } from './product'

interface NdParams {
  epsilon: number
}

/** (a - b) / (a + b + epsilon): NDVI with a = NIR, b = red; NDWI, NBR, NDSI, NDBI with the matching bands. */
export const normalizedDifference: ProductDef<NdParams> = {
  name: 'normalized_difference',
  summary: 'normalised difference of two bands, e.g. NDVI = (NIR - red) / (NIR + red)',
  inputs: [
    { name: 'a', unit: 'any' },
    { name: 'b', unit: 'any' },
  ],
  params: z.strictObject({ epsilon: z.number().min(0).default(0) }),
  outputUnit: () => 'dimensionless',
  formula: (p) => (p.epsilon ? `(a - b) / (a + b + ${p.epsilon})` : '(a - b) / (a + b)'),
  convention: (p) =>
    p.epsilon ? `epsilon ${p.epsilon} added to the denominator (the Earth-Agent convention uses 1e-6)` : 'no epsilon: pixels with a + b = 0 are invalid',
  check: () => null,
  compute: (inp, p, n, alloc) => {
    const a = inp.a.data
    const b = inp.b.data
    if (inp.a.unit !== inp.b.unit) {
      return { data: null, insufficient: `inputs a and b have different units (${inp.a.unit} vs ${inp.b.unit}); a normalised difference needs one unit` }
    }
    return { data: fillPixels(n, alloc, (i) => (a[i] - b[i]) / (a[i] + b[i] + p.epsilon)) }
  },
}

interface PwvParams {
  method: 'kaufman_gao_1992' | 'exponential'
  alpha: number
  beta: number
  k: number
  wavelengths: { window: number; absorb: number; window2: number }
}

/**
 * Precipitable water vapour (g/cm2) from the transmittance of a water-vapour absorption band against the
 * continuum of window bands (MODIS bands 2 at 0.865 um and 5 at 1.24 um; absorption bands 17-19 at 0.905, 0.936,
 * 0.940 um). Transmittance T = rho_absorb / rho_continuum, where the continuum is rho_window (two-band ratio) or,
 * with `window2`, the linear interpolation of the two window bands at the absorption wavelength (three-band).
 * - `kaufman_gao_1992`: T = exp(alpha - beta * sqrt(W)) => W = ((alpha - ln T) / beta)^2; alpha 0.02, beta 0.651
 *   (Kaufman & Gao 1992, IEEE TGRS 30(5), two-channel ratio over mixed surfaces).
 * - `exponential`: W = -ln(T) / k with k = 0.03, negative values set to 0 (the Earth-Agent band_ratio convention).
 */
export const pwvBandRatio: ProductDef<PwvParams> = {
  name: 'pwv_band_ratio',
  summary: 'precipitable water vapour from an absorption/window band ratio',
  inputs: [
    { name: 'window', unit: 'reflectance' },
    { name: 'absorb', unit: 'reflectance' },
    { name: 'window2', unit: 'reflectance', optional: true },
  ],
  params: z.strictObject({
    method: z.enum(['kaufman_gao_1992', 'exponential']).default('kaufman_gao_1992'),
    alpha: z.number().default(0.02),
    beta: z.number().positive().default(0.651),
    k: z.number().positive().default(0.03),
    wavelengths: z
      .strictObject({ window: z.number().positive(), absorb: z.number().positive(), window2: z.number().positive() })
      .default({ window: 0.865, absorb: 0.905, window2: 1.24 }),
  }),
  outputUnit: () => 'g/cm2',
  formula: (p) =>
    p.method === 'kaufman_gao_1992' ? `T = absorb / continuum; W = ((${p.alpha} - ln T) / ${p.beta})^2` : `T = absorb / continuum; W = max(0, -ln(T) / ${p.k})`,
  convention: (p) =>
    `${p.method}; continuum = window band, or linear in wavelength between window (${p.wavelengths.window} um) and window2 (${p.wavelengths.window2} um) evaluated at ${p.wavelengths.absorb} um when window2 is given`,
  check: (p) => (p.wavelengths.window === p.wavelengths.window2 ? 'wavelengths.window and wavelengths.window2 must differ' : null),
  compute: (inp, p, n, alloc) => {
    const w = inp.window.data
    const a = inp.absorb.data
    const w2 = inp.window2?.data
    const { window: l1, window2: l2, absorb: la } = p.wavelengths
    const t = (l2 - la) / (l2 - l1) // weight of the first window band in the linear continuum
    return {
      data: fillPixels(n, alloc, (i) => {
        const cont = w2 ? t * w[i] + (1 - t) * w2[i] : w[i]
        const T = a[i] / cont
        if (!(T > 0)) return NaN
        if (p.method === 'kaufman_gao_1992') {
          const s = (p.alpha - Math.log(T)) / p.beta
          return s < 0 ? 0 : s * s
        }
        return Math.max(0, -Math.log(T) / p.k)
      }),
    }
  },
}
