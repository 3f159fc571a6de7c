/**
 * Land-cover regions from normalised-difference indices of a multispectral image, weight-free:
 * - water: MNDWI = (green - swir1) / (green + swir1) > t (Xu 2006), or McFeeters' NDWI = (green - nir) / (green + nir)
 *   > t when there is no SWIR band (McFeeters 1996); declared default t = 0;
 * - vegetation: NDVI = (nir - red) / (nir + red) > t (Rouse et al. 1974); declared default t = 0.3;
 * - bare soil: BSI = ((swir1 + red) - (nir + blue)) / ((swir1 + red) + (nir + blue)) > t (Rikimaru et al. 2002);
 *   declared default t = 0;
 * - built-up: NDBI = (swir1 - nir) / (swir1 + nir) > t (Zha et al. 2003); declared default t = 0.
 * Classes are exclusive in this order of priority: water, vegetation, bare soil, built-up (a pixel is given to the
 * first class whose test it passes). Built-up and bare soil are spectrally close at these bands; the evidence says
 * so. With threshold 'otsu' the cut is Otsu's threshold of the index over the valid pixels not yet claimed by a class
 * of higher priority; Otsu needs a bimodal index, so its separability is reported beside it.
 * Indices need reflectance: the band stack of a Landsat/Sentinel scene is calibrated to TOA reflectance.
 */
import { emptyMask, type Mask } from '../geometry/mask'
import type { BandStack } from './band-stack'
import { otsuThreshold } from './otsu'

export const REGION_CLASSES = ['water', 'vegetation', 'bare_soil', 'built_up'] as const
export type RegionClass = (typeof REGION_CLASSES)[number]

export const DEFAULT_THRESHOLDS: Record<RegionClass, number> = { water: 0, vegetation: 0.3, bare_soil: 0, built_up: 0 }

interface IndexDef {
  name: string
  formula: string
  roles: string[]
  compute: (b: Record<string, number>) => number
  reference: string
}

const nd = (a: number, b: number) => (a + b === 0 ? NaN : (a - b) / (a + b))

function indexFor(cls: RegionClass, roles: Set<string>): IndexDef | null {
  switch (cls) {
    case 'water':
      if (roles.has('green') && roles.has('swir1'))
        return {
          name: 'MNDWI',
          formula: '(green - swir1) / (green + swir1)',
          roles: ['green', 'swir1'],
          compute: (b) => nd(b.green, b.swir1),
          reference: 'Xu 2006',
        }
      if (roles.has('green') && roles.has('nir'))
        return {
          name: 'NDWI',
          formula: '(green - nir) / (green + nir)',
          roles: ['green', 'nir'],
          compute: (b) => nd(b.green, b.nir),
          reference: 'McFeeters 1996',
        }
      return null
    case 'vegetation':
      return roles.has('nir') && roles.has('red')
        ? { name: 'NDVI', formula: '(nir - red) / (nir + red)', roles: ['nir', 'red'], compute: (b) => nd(b.nir, b.red), reference: 'Rouse et al. 1974' }
        : null
    case 'bare_soil':
      return ['swir1', 'red', 'nir', 'blue'].every((r) => roles.has(r))
        ? {
            name: 'BSI',
            formula: '((swir1 + red) - (nir + blue)) / ((swir1 + red) + (nir + blue))',
            roles: ['swir1', 'red', 'nir', 'blue'],
            compute: (b) => nd(b.swir1 + b.red, b.nir + b.blue),
            reference: 'Rikimaru et al. 2002',
          }
        : null
    case 'built_up':
      return roles.has('swir1') && roles.has('nir')
        ? { name: 'NDBI', formula: '(swir1 - nir) / (swir1 + nir)', roles: ['swir1', 'nir'], compute: (b) => nd(b.swir1, b.nir), reference: 'Zha et al. 2003' }
        : null
  }
}

/** The bands a class needs, in words, for an 'insufficient' reason. */
export const NEEDS: Record<RegionClass, string> = {
  water: 'green and SWIR1 (MNDWI) or green and NIR (NDWI) bands',
  vegetation: 'red and NIR bands',
  bare_soil: 'blue, red, NIR and SWIR1 bands',
  built_up: 'NIR and SWIR1 bands',
}

export interface RegionsResult {
  classes: Map<RegionClass, Mask>
  valid: Mask
  /** Per class: index, formula, threshold and how it was chosen, pixels kept. */
  indices: Record<
    string,
    {
      index: string
      formula: string
      reference: string
      threshold: number
      threshold_method: 'declared' | 'otsu'
      otsu_separability?: number
      pixels: number
      index_mean: number
    }
  >
  /** Classes the bands cannot give, with what they need. */
  unavailable: Record<string, string>
}

export function spectralRegions(stack: BandStack, wanted: RegionClass[], thresholds: Partial<Record<RegionClass, number | 'otsu'>> = {}): RegionsResult {
  const roles = new Set(Object.keys(stack.bands))
  const { width: w, height: h } = stack.grid
  const n = w * h
  const claimed = new Uint8Array(n)
  const classes = new Map<RegionClass, Mask>()
  const indices: RegionsResult['indices'] = {}
  const unavailable: Record<string, string> = {}
  // Every class of higher priority than a wanted one is computed too, so the exclusivity is the same whatever is asked.
  const last = Math.max(...wanted.map((c) => REGION_CLASSES.indexOf(c)))
  const px: Record<string, number> = {}
  for (const cls of REGION_CLASSES.slice(0, last + 1)) {
    const def = indexFor(cls, roles)
    if (!def) {
      if (wanted.includes(cls)) unavailable[cls] = NEEDS[cls]
      continue
    }
    const values = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      if (!stack.valid.data[i]) {
        values[i] = NaN
        continue
      }
      for (const r of def.roles) px[r] = stack.bands[r][i]
      values[i] = def.compute(px)
    }
    const declared = thresholds[cls] ?? DEFAULT_THRESHOLDS[cls]
    let t: number
    let sep: number | undefined
    if (declared === 'otsu') {
      const free = values.map((v, i) => (claimed[i] ? NaN : v))
      const o = otsuThreshold(free)
      if (!o) {
        unavailable[cls] = `${def.name} is constant over the free pixels, so Otsu's method has nothing to separate`
        continue
      }
      t = o.threshold
      sep = o.separability
    } else t = declared
    const mask = emptyMask(w, h)
    let count = 0
    let sum = 0
    let valid = 0
    for (let i = 0; i < n; i++) {
      const v = values[i]
      if (v !== v) continue
      valid++
      sum += v
      if (!claimed[i] && v > t) {
        mask.data[i] = 1
        claimed[i] = 1
        count++
      }
    }
    classes.set(cls, mask)
    indices[cls] = {
      index: def.name,
      formula: def.formula,
      reference: def.reference,
      threshold: t,
      threshold_method: declared === 'otsu' ? 'otsu' : 'declared',
      ...(sep !== undefined ? { otsu_separability: sep } : {}),
      pixels: count,
      index_mean: valid ? sum / valid : NaN,
    }
  }
  for (const c of [...classes.keys()]) if (!wanted.includes(c)) classes.delete(c)
  return { classes, valid: stack.valid, indices, unavailable }
}

/** Words that name each class in a prompt ("open water", "forest", "urban area", "bare land"). */
const WORDS: [RegionClass, RegExp][] = [
  ['water', /\b(water|waters|river|rivers|lake|lakes|sea|ocean|pond|ponds|reservoir|wetland|estuary|inundat\w*|flood\w*)\b/i],
  ['vegetation', /\b(vegetat\w*|forest\w*|tree\w*|grass\w*|crop\w*|farmland|cropland|green\s?space|shrub\w*|canopy)\b/i],
  ['bare_soil', /\b(bare|soil|sand\w*|desert|barren)\b/i],
  ['built_up', /\b(built[\s_-]?up|urban|building\w*|settlement\w*|impervious|city|cities|town)\b/i],
]

/** The region class a prompt names, or null. */
export function regionClassOf(prompt: string): RegionClass | null {
  for (const [cls, re] of WORDS) if (re.test(prompt)) return cls
  return null
}
