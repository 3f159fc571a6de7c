/**
 * Thermal-infrared products: brightness temperature and the land-surface-temperature family.
 *
 * Physical constants: c2 = h*c/k_B = 14387.7 um K (second radiation constant, CODATA); the single-channel
 * emissivity correction LST = BT / (1 + (lambda * BT / c2) * ln(emissivity)) (Artis & Carnahan 1982).
 * Where the published methods and the Earth-Agent tools differ, the convention is a parameter and is stated.
 */
import { z } from 'zod'
import { fillPixels, type ProductDef } from './product'

const C2 = 14387.7
const range = z.tuple([z.number(), z.number()]).refine((r) => r[0] < r[1], 'a range [lo, hi] needs lo < hi')

/** Emissivity-corrected temperature from a brightness temperature (K), wavelength in um. */
export function emissivityCorrect(bt: number, emissivity: number, wavelengthUm: number, c2 = C2): number {
  return bt / (1 + ((wavelengthUm * bt) / c2) * Math.log(emissivity))
}

// ---- brightness_temperature ----------------------------------------------------------------------------------

interface BtParams {
  k1?: number
  k2?: number
}

/** T = K2 / ln(K1 / L + 1) (Landsat 8 Data Users Handbook, USGS 2019, section 5.3); K1, K2 from the MTL. */
export const brightnessTemperature: ProductDef<BtParams> = {
  name: 'brightness_temperature',
  summary: 'at-sensor brightness temperature from thermal radiance',
  inputs: [{ name: 'data', unit: 'radiance' }],
  params: z.strictObject({ k1: z.number().positive().optional(), k2: z.number().positive().optional() }),
  outputUnit: () => 'K',
  formula: () => 'BT = K2 / ln(K1 / L + 1)',
  convention: (p) => (p.k1 !== undefined ? 'K1, K2 given as parameters' : 'K1, K2 from the scene metadata (MTL K1_CONSTANT/K2_CONSTANT)'),
  compute: (inp, p, n, alloc) => {
    const k1 = p.k1 ?? inp.data.meta?.k1
    const k2 = p.k2 ?? inp.data.meta?.k2
    if (k1 === undefined || k2 === undefined) {
      return { data: null, insufficient: 'no K1/K2 constants: give params k1 and k2 or read the band through a Landsat catalog with calibration "toa"' }
    }
    const L = inp.data.data
    return { data: fillPixels(n, alloc, (i) => (L[i] > 0 ? k2 / Math.log(k1 / L[i] + 1) : NaN)), details: { k1, k2 } }
  },
}

// ---- single_channel_lst --------------------------------------------------------------------------------------

interface ScParams {
  emissivity_model: 'ndvi_threshold' | 'sobrino2004'
  wavelength_um: number
  c2: number
  ndvi_soil: number
  ndvi_veg: number
  emissivity_soil: number
  emissivity_veg: number
}

/** NDVI-based emissivity (see single_channel_lst for the two models). */
export function ndviEmissivity(ndvi: number, p: ScParams): number {
  if (p.emissivity_model === 'ndvi_threshold') {
    // Earth-Agent lst_single_channel: 0.99 if NDVI > 0.7, 0.96 if NDVI < 0.2, else 0.97 + 0.003 * NDVI.
    return ndvi > 0.7 ? 0.99 : ndvi < 0.2 ? 0.96 : 0.97 + 0.003 * ndvi
  }
  // Sobrino et al. 2004 (RSE 90): soil below NDVIs, vegetation above NDVIv, mixed 0.004 * Pv + 0.986.
  if (ndvi < p.ndvi_soil) return p.emissivity_soil
  if (ndvi > p.ndvi_veg) return p.emissivity_veg
  const pv = ((ndvi - p.ndvi_soil) / (p.ndvi_veg - p.ndvi_soil)) ** 2
  return 0.004 * pv + 0.986
}

export const singleChannelLst: ProductDef<ScParams> = {
  name: 'single_channel_lst',
  summary: 'land surface temperature from one thermal band with NDVI-based emissivity',
  inputs: [
    { name: 'bt', unit: 'kelvin' },
    { name: 'ndvi', unit: 'ratio', optional: true },
    { name: 'emissivity', unit: 'ratio', optional: true },
  ],
  params: z.strictObject({
    emissivity_model: z.enum(['ndvi_threshold', 'sobrino2004']).default('ndvi_threshold'),
    wavelength_um: z.number().positive().default(10.9),
    c2: z.number().positive().default(C2),
    ndvi_soil: z.number().default(0.2),
    ndvi_veg: z.number().default(0.5),
    emissivity_soil: z.number().gt(0).max(1).default(0.97),
    emissivity_veg: z.number().gt(0).max(1).default(0.99),
  }),
  outputUnit: () => 'K',
  formula: (p) => `LST = BT / (1 + (${p.wavelength_um} * BT / ${p.c2}) * ln(emissivity))`,
  convention: (p) =>
    p.emissivity_model === 'ndvi_threshold'
      ? 'emissivity 0.99 if NDVI > 0.7, 0.96 if NDVI < 0.2, else 0.97 + 0.003 * NDVI (Earth-Agent convention), unless an emissivity raster is given'
      : `emissivity by Sobrino et al. 2004: ${p.emissivity_soil} below NDVI ${p.ndvi_soil}, ${p.emissivity_veg} above ${p.ndvi_veg}, else 0.004 * Pv + 0.986 with Pv = ((NDVI - ${p.ndvi_soil}) / (${p.ndvi_veg} - ${p.ndvi_soil}))^2, unless an emissivity raster is given`,
  check: (p, names) => {
    if (!names.includes('ndvi') && !names.includes('emissivity')) return 'single_channel_lst needs an ndvi or an emissivity input'
    if (p.ndvi_soil >= p.ndvi_veg) return 'ndvi_soil must be below ndvi_veg'
    return null
  },
  compute: (inp, p, n, alloc) => {
    const bt = inp.bt.data
    const e = inp.emissivity?.data
    const ndvi = inp.ndvi?.data
    return {
      data: fillPixels(n, alloc, (i) => {
        const eps = e ? e[i] : ndviEmissivity(ndvi![i], p)
        if (!(eps > 0 && eps <= 1)) return NaN
        return emissivityCorrect(bt[i], eps, p.wavelength_um, p.c2)
      }),
    }
  },
}

// ---- multi_channel_lst ---------------------------------------------------------------------------------------

interface McParams {
  a: number
  b: number
  c: number
}

/** LST = a*T31 + b*(T31 - T32) + c (MODIS bands 31/32; Earth-Agent lst_multi_channel coefficients by default). */
export const multiChannelLst: ProductDef<McParams> = {
  name: 'multi_channel_lst',
  summary: 'land surface temperature from two thermal bands with fixed linear coefficients',
  inputs: [
    { name: 't31', unit: 'kelvin' },
    { name: 't32', unit: 'kelvin' },
  ],
  params: z.strictObject({ a: z.number().default(1.022), b: z.number().default(0.47), c: z.number().default(0.43) }),
  outputUnit: () => 'K',
  formula: (p) => `LST = ${p.a} * T31 + ${p.b} * (T31 - T32) + ${p.c}`,
  convention: () => 'linear two-channel form; default coefficients a 1.022, b 0.47, c 0.43 (Earth-Agent convention)',
  compute: (inp, p, n, alloc) => {
    const t31 = inp.t31.data
    const t32 = inp.t32.data
    return { data: fillPixels(n, alloc, (i) => p.a * t31[i] + p.b * (t31[i] - t32[i]) + p.c) }
  },
}

// ---- split_window_lst ----------------------------------------------------------------------------------------

interface SwParams {
  w: number
  c: [number, number, number, number, number, number, number]
}

/**
 * Generalised split-window (Jimenez-Munoz, Sobrino, Skokovic, Mattar & Cristobal 2014, IEEE GRSL 11(10)):
 * LST = Ti + c1 (Ti - Tj) + c2 (Ti - Tj)^2 + c0 + (c3 + c4 w)(1 - e) + (c5 + c6 w) de, with e the mean and de the
 * difference of the two band emissivities and w the water vapour (g/cm2). Default c0..c6 are the published
 * Landsat-8 TIRS coefficients (-0.268, 1.378, 0.183, 54.30, -2.238, -129.20, 16.40).
 */
export const splitWindowLst: ProductDef<SwParams> = {
  name: 'split_window_lst',
  summary: 'land surface temperature by the generalised split-window algorithm',
  inputs: [
    { name: 'ti', unit: 'kelvin' },
    { name: 'tj', unit: 'kelvin' },
    { name: 'emis_i', unit: 'ratio' },
    { name: 'emis_j', unit: 'ratio' },
  ],
  params: z.strictObject({
    w: z.number().min(0).max(10).default(2.0),
    c: z
      .tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number()])
      .default([-0.268, 1.378, 0.183, 54.3, -2.238, -129.2, 16.4]),
  }),
  outputUnit: () => 'K',
  formula: (p) =>
    `LST = Ti + ${p.c[1]}(Ti - Tj) + ${p.c[2]}(Ti - Tj)^2 + ${p.c[0]} + (${p.c[3]} + ${p.c[4]}*w)(1 - e) + (${p.c[5]} + ${p.c[6]}*w) de, w = ${p.w} g/cm2`,
  convention: () => 'Jimenez-Munoz et al. 2014 form; e = (emis_i + emis_j) / 2, de = emis_i - emis_j',
  compute: (inp, p, n, alloc) => {
    const ti = inp.ti.data
    const tj = inp.tj.data
    const ei = inp.emis_i.data
    const ej = inp.emis_j.data
    const [c0, c1, c2, c3, c4, c5, c6] = p.c
    return {
      data: fillPixels(n, alloc, (i) => {
        const d = ti[i] - tj[i]
        const e = (ei[i] + ej[i]) / 2
        const de = ei[i] - ej[i]
        if (!(e > 0 && e <= 1)) return NaN
        return ti[i] + c1 * d + c2 * d * d + c0 + (c3 + c4 * p.w) * (1 - e) + (c5 + c6 * p.w) * de
      }),
    }
  },
}

// ---- ttm_lst -------------------------------------------------------------------------------------------------

interface TtmParams {
  weights: [number, number, number]
  offset: number
  valid_range: [number, number]
}

/**
 * Three-band thermal combination: LST = w1 T1 + w2 T2 + w3 T3 + offset where all three brightness temperatures lie
 * inside `valid_range`. This is the empirical form the Earth-Agent ttm_lst tool applies (weights 0.3/0.3/0.4,
 * offset 2 K, 240-340 K), not a physical three-temperature inversion; the evidence says so.
 */
export const ttmLst: ProductDef<TtmParams> = {
  name: 'ttm_lst',
  summary: 'land surface temperature from three thermal bands (weighted combination)',
  inputs: [
    { name: 't1', unit: 'kelvin' },
    { name: 't2', unit: 'kelvin' },
    { name: 't3', unit: 'kelvin' },
  ],
  params: z.strictObject({
    weights: z.tuple([z.number(), z.number(), z.number()]).default([0.3, 0.3, 0.4]),
    offset: z.number().default(2.0),
    valid_range: range.default([240, 340]),
  }),
  outputUnit: () => 'K',
  formula: (p) => `LST = ${p.weights[0]}*T1 + ${p.weights[1]}*T2 + ${p.weights[2]}*T3 + ${p.offset}`,
  convention: (p) =>
    `empirical weighted combination (Earth-Agent ttm_lst); pixels with any band outside (${p.valid_range[0]}, ${p.valid_range[1]}) K are invalid`,
  check: (p) => (Math.abs(p.weights[0] + p.weights[1] + p.weights[2] - 1) > 1e-9 ? 'the three weights must sum to 1' : null),
  compute: (inp, p, n, alloc) => {
    const [lo, hi] = p.valid_range
    const t = [inp.t1.data, inp.t2.data, inp.t3.data]
    return {
      data: fillPixels(n, alloc, (i) => {
        let s = p.offset
        for (let k = 0; k < 3; k++) {
          const v = t[k][i]
          if (!(v > lo && v < hi)) return NaN
          s += p.weights[k] * v
        }
        return s
      }),
    }
  },
}

// ---- tes -----------------------------------------------------------------------------------------------------

interface TesParams {
  reference: string
  a: number
  b: number
  clip: [number, number]
  wavelength_um: number
  c2: number
}

/**
 * Temperature-emissivity separation, empirical form: emissivity = a - b * (max - min) of the bands' brightness
 * temperatures, clipped, then the single-channel correction of the reference band. Defaults are the Earth-Agent
 * temperature_emissivity_separation constants (a 0.982, b 0.072, clip [0.85, 0.999], lambda 10.6 um). The ASTER
 * TES algorithm (Gillespie et al. 1998) relates minimum emissivity to the spectral contrast of emissivities
 * (0.994 - 0.687 MMD^0.737) after iterative normalisation; this simplification is stated in the evidence.
 */
export const tes: ProductDef<TesParams> = {
  name: 'tes',
  summary: 'temperature-emissivity separation over 2-5 thermal bands (empirical)',
  inputs: [],
  variadic: { prefix: 't', min: 2, max: 5, unit: 'kelvin' },
  params: z.strictObject({
    reference: z
      .string()
      .regex(/^t[1-5]$/, 'reference names one of the inputs t1..t5')
      .default('t1'),
    a: z.number().default(0.982),
    b: z.number().default(0.072),
    clip: range.default([0.85, 0.999]),
    wavelength_um: z.number().positive().default(10.6),
    c2: z.number().positive().default(C2),
  }),
  outputUnit: () => 'K',
  formula: (p) =>
    `e = clip(${p.a} - ${p.b} * (max(T) - min(T)), ${p.clip[0]}, ${p.clip[1]}); LST = T_${p.reference} / (1 + (${p.wavelength_um} * T / ${p.c2}) ln e)`,
  convention: () =>
    'empirical spread-to-emissivity relation (Earth-Agent convention), not the iterative ASTER TES of Gillespie et al. 1998; ' +
    'a pixel is invalid when any connected band is invalid (<= 0 or NaN), where Earth-Agent takes max/min over the valid bands only',
  check: (p, names) => (names.includes(p.reference) ? null : `the reference input '${p.reference}' is not connected`),
  compute: (inp, p, n, alloc) => {
    const bands = Object.keys(inp)
      .filter((k) => /^t[1-5]$/.test(k))
      .sort()
      .map((k) => inp[k].data)
    const ref = inp[p.reference].data
    const lst = fillPixels(n, alloc, (i) => {
      let mn = Infinity
      let mx = -Infinity
      for (const b of bands) {
        const v = b[i]
        if (!(v > 0)) return NaN
        if (v < mn) mn = v
        if (v > mx) mx = v
      }
      const e = Math.min(Math.max(p.a - p.b * (mx - mn), p.clip[0]), p.clip[1])
      return emissivityCorrect(ref[i], e, p.wavelength_um, p.c2)
    })
    return { data: lst }
  },
}

// ---- day_night_temperature -----------------------------------------------------------------------------------

interface DnParams {
  output: 'range' | 'mean' | 'lst_day' | 'lst_night'
  valid_range: [number, number] | null
  wavelength_um: number
  c2: number
  emissivity_clip: [number, number]
}

/**
 * Day/night thermal pair on one grid: the diurnal range (day - night), the mean, or the emissivity-corrected day or
 * night LST (single-channel correction at lambda = 11.0 um, emissivity clipped to [0.5, 1] as in the Earth-Agent
 * modis_day_night_lst tool). `valid_range` (e.g. [270, 325] K, the Earth-Agent MODIS range) drops implausible values.
 */
export const dayNightTemperature: ProductDef<DnParams> = {
  name: 'day_night_temperature',
  summary: 'diurnal range, mean or emissivity-corrected day/night temperature',
  inputs: [
    { name: 'day', unit: 'kelvin' },
    { name: 'night', unit: 'kelvin' },
    { name: 'emis_day', unit: 'ratio', optional: true },
    { name: 'emis_night', unit: 'ratio', optional: true },
  ],
  params: z.strictObject({
    output: z.enum(['range', 'mean', 'lst_day', 'lst_night']).default('range'),
    valid_range: range.nullable().default(null),
    wavelength_um: z.number().positive().default(11.0),
    c2: z.number().positive().default(C2),
    emissivity_clip: range.default([0.5, 1]),
  }),
  outputUnit: () => 'K',
  formula: (p) =>
    p.output === 'range' ? 'day - night' : p.output === 'mean' ? '(day + night) / 2' : `LST = T / (1 + (${p.wavelength_um} * T / ${p.c2}) ln e)`,
  convention: (p) =>
    `output ${p.output}; ${p.valid_range ? `values outside [${p.valid_range[0]}, ${p.valid_range[1]}] K are invalid` : 'no plausibility range'}`,
  check: (p, names) => {
    if (p.output === 'lst_day' && !names.includes('emis_day')) return "output 'lst_day' needs the emis_day input"
    if (p.output === 'lst_night' && !names.includes('emis_night')) return "output 'lst_night' needs the emis_night input"
    return null
  },
  compute: (inp, p, n, alloc) => {
    const day = inp.day.data
    const night = inp.night.data
    const ok = (v: number) => (p.valid_range ? v >= p.valid_range[0] && v <= p.valid_range[1] : v === v)
    const clipE = (e: number) => Math.min(Math.max(e, p.emissivity_clip[0]), p.emissivity_clip[1])
    return {
      data: fillPixels(n, alloc, (i) => {
        const d = day[i]
        const nt = night[i]
        switch (p.output) {
          case 'range':
            return ok(d) && ok(nt) ? d - nt : NaN
          case 'mean':
            return ok(d) && ok(nt) ? (d + nt) / 2 : NaN
          case 'lst_day': {
            if (!ok(d)) return NaN
            const v = emissivityCorrect(d, clipE(inp.emis_day!.data[i]), p.wavelength_um, p.c2)
            return ok(v) ? v : NaN
          }
          case 'lst_night': {
            if (!ok(nt)) return NaN
            const v = emissivityCorrect(nt, clipE(inp.emis_night!.data[i]), p.wavelength_um, p.c2)
            return ok(v) ? v : NaN
          }
        }
      }),
    }
  },
}

// ---- apparent_thermal_inertia --------------------------------------------------------------------------------

interface AtiParams {
  clip: [number, number] | null
}

/** ATI = (1 - albedo) / (T_day - T_night) (Price 1977/1985 apparent thermal inertia, solar factor 1), clipped. */
export const apparentThermalInertia: ProductDef<AtiParams> = {
  name: 'apparent_thermal_inertia',
  summary: 'apparent thermal inertia from albedo and the day-night temperature difference',
  inputs: [
    { name: 'albedo', unit: 'ratio' },
    { name: 'day', unit: 'temperature' },
    { name: 'night', unit: 'temperature' },
  ],
  params: z.strictObject({ clip: range.nullable().default([0, 10]) }),
  outputUnit: () => '1/K',
  formula: () => 'ATI = (1 - albedo) / (day - night)',
  convention: (p) => `pixels with day = night are invalid; ${p.clip ? `clipped to [${p.clip[0]}, ${p.clip[1]}] (Earth-Agent convention)` : 'not clipped'}`,
  check: () => null,
  compute: (inp, p, n, alloc) => {
    if (inp.day.unit !== inp.night.unit)
      return { data: null, insufficient: `day (${inp.day.unit}) and night (${inp.night.unit}) temperatures must share a unit` }
    const a = inp.albedo.data
    const d = inp.day.data
    const nt = inp.night.data
    return {
      data: fillPixels(n, alloc, (i) => {
        const dt = d[i] - nt[i]
        if (dt === 0) return NaN
        const v = (1 - a[i]) / dt
        return p.clip ? Math.min(Math.max(v, p.clip[0]), p.clip[1]) : v
      }),
    }
  },
}
