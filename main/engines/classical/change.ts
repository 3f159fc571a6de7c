/**
 * Unsupervised change detection on a co-registered pair (before, after), weight-free:
 * 1. checks first: same size, same grid (when georeferenced), the same band roles, and a registration check (the
 *    integer shift within ±`maxShift` px (16) that best correlates the two images' smoothed gradient magnitudes must
 *    not be a clear shift of 3 px or more, see REGISTRATION);
 * 2. radiometric normalisation: each band of each image standardised to zero mean and unit variance over the
 *    pixels valid in both, so a global brightness or contrast difference is not change;
 * 3. a box mean filter of radius `smooth` px on each band (suppresses speckle and small misregistration);
 * 4. change vector analysis (Malila 1980): the magnitude of the per-pixel difference vector across bands;
 * 5. threshold: Otsu's on the magnitudes, or a declared value;
 * 6. clean-up: morphological opening then closing (radius `morph`), components under `minArea` px removed.
 */
import { close, open } from '../geometry/morphology'
import { removeSmallComponents } from '../geometry/components'
import { emptyMask, type Mask } from '../geometry/mask'
import { sameGrid } from '../raster/raster'
import type { BandStack } from './band-stack'
import { otsuThreshold } from './otsu'

export interface ChangeParams {
  /** 'otsu' or a magnitude threshold in standard deviations. */
  threshold: 'otsu' | number
  smooth: number
  morph: number
  minArea: number
  maxShift: number
}

export const DEFAULT_CHANGE: ChangeParams = { threshold: 'otsu', smooth: 2, morph: 1, minArea: 20, maxShift: 16 }

/**
 * The registration rule, calibrated on the LEVIR-CD pair of the shared fixtures (co-registered; its two dates share
 * almost no structure, best correlation < 0.1 at any shift within 16 px) and on copies of each date shifted by 3, 5,
 * 8 and 12 px (correlation at the true shift > 0.8, at zero < 0.5): a pair is misregistered when the best shift is
 * at least MIN_SHIFT px away, its correlation is at least ASSESSABLE, and it beats the unshifted one by MARGIN.
 * Below ASSESSABLE the pair shares too little structure for registration to be judged, which is stated, not flagged.
 */
export const REGISTRATION = { ASSESSABLE: 0.3, MARGIN: 0.1, MIN_SHIFT: 3 } as const

export interface ChangeResult {
  mask: Mask
  valid: Mask
  magnitude: Float64Array
  threshold: number
  thresholdMethod: string
  separability: number | null
  bands: string[]
  registration: {
    best_shift_px: [number, number]
    correlation_at_zero: number
    best_correlation: number
    search_px: number
    assessable: boolean
    misregistered: boolean
    method: string
    correlation_shift_px: [number, number]
    padding_px: { before: BorderPadding; after: BorderPadding }
    padding_shift_px: [number, number]
  }
  cleanup: { changed_before_cleanup: number; changed_after_cleanup: number; components_removed: number }
}

export class ChangeInputError extends Error {}

/** Box mean of radius r over valid pixels (separable running sums). */
export function boxMean(src: Float64Array, w: number, h: number, r: number): Float64Array {
  if (r <= 0) return src
  const tmp = new Float64Array(src.length)
  const out = new Float64Array(src.length)
  const pass = (a: Float64Array, b: Float64Array, horizontal: boolean) => {
    const lines = horizontal ? h : w
    const len = horizontal ? w : h
    const step = horizontal ? 1 : w
    for (let l = 0; l < lines; l++) {
      const base = horizontal ? l * w : l
      let s = 0
      let n = 0
      for (let k = 0; k <= Math.min(r, len - 1); k++) {
        const v = a[base + k * step]
        if (v === v) {
          s += v
          n++
        }
      }
      for (let i = 0; i < len; i++) {
        b[base + i * step] = n ? s / n : NaN
        const add = i + r + 1
        const drop = i - r
        if (add < len) {
          const v = a[base + add * step]
          if (v === v) {
            s += v
            n++
          }
        }
        if (drop >= 0) {
          const v = a[base + drop * step]
          if (v === v) {
            s -= v
            n--
          }
        }
      }
    }
  }
  pass(src, tmp, true)
  pass(tmp, out, false)
  return out
}

function standardise(band: Float64Array, valid: Mask): Float64Array {
  let n = 0
  let s = 0
  let q = 0
  for (let i = 0; i < band.length; i++)
    if (valid.data[i]) {
      n++
      s += band[i]
      q += band[i] * band[i]
    }
  const mean = s / n
  const sd = Math.sqrt(Math.max(q / n - mean * mean, 0)) || 1
  const out = new Float64Array(band.length)
  for (let i = 0; i < band.length; i++) out[i] = valid.data[i] ? (band[i] - mean) / sd : NaN
  return out
}

/**
 * The registration feature: the gradient magnitude of the box-smoothed (radius 1) mean of the standardised bands.
 * Smoothing first keeps the structure two dates share (field edges, roads, roofs) and drops pixel noise, whose
 * gradients decorrelate between acquisitions even on a co-registered pair.
 */
function registrationFeature(stack: BandStack, roles: string[], valid: Mask): Float64Array {
  const { width: w, height: h } = stack.grid
  const grey = new Float64Array(w * h)
  for (const r of roles) {
    const b = standardise(stack.bands[r], valid)
    for (let i = 0; i < grey.length; i++) grey[i] += b[i] === b[i] ? b[i] : 0
  }
  const sm = boxMean(grey, w, h, 1)
  const g = new Float64Array(w * h)
  for (let y = 0; y < h - 1; y++)
    for (let x = 0; x < w - 1; x++) {
      const i = y * w + x
      g[i] = Math.hypot(sm[i + 1] - sm[i], sm[i + w] - sm[i])
    }
  return g
}

/** Normalised cross-correlation of a and b shifted by (dx, dy), on a subsample of at most ~65k pixels. */
function ncc(a: Float64Array, b: Float64Array, w: number, h: number, dx: number, dy: number, m: number): number {
  const step = Math.max(1, Math.floor(Math.sqrt(((w - 2 * m) * (h - 2 * m)) / 32768)))
  let n = 0
  let sa = 0
  let sb = 0
  let saa = 0
  let sbb = 0
  let sab = 0
  for (let y = m; y < h - m; y += step)
    for (let x = m; x < w - m; x += step) {
      const va = a[y * w + x]
      const vb = b[(y + dy) * w + x + dx]
      n++
      sa += va
      sb += vb
      saa += va * va
      sbb += vb * vb
      sab += va * vb
    }
  const cov = sab / n - (sa / n) * (sb / n)
  const den = Math.sqrt(Math.max(saa / n - (sa / n) ** 2, 0) * Math.max(sbb / n - (sb / n) ** 2, 0))
  return den > 0 ? cov / den : 0
}

/** Border lines (rows or columns) of a stack that repeat their inward neighbour exactly, per side (px). */
export interface BorderPadding {
  top: number
  bottom: number
  left: number
  right: number
}

/**
 * How many lines at each border of the image repeat the next line inward exactly, in every band: the mark of an
 * image moved by whole pixels and padded by repeating (or filling) its edge. Natural imagery practically never holds
 * two byte-identical neighbouring rows of a few hundred pixels, so a count of MIN_SHIFT or more that the other date
 * lacks is a shift of that many px. Counted up to a quarter of the image.
 */
export function borderPadding(stack: BandStack, roles: string[]): BorderPadding {
  const { width: w, height: h } = stack.grid
  const bands = roles.map((r) => stack.bands[r])
  const same = (i: number, j: number, n: number, step: number) => {
    for (const b of bands) for (let k = 0; k < n; k++) if (b[i + k * step] !== b[j + k * step]) return false
    return true
  }
  const rowsSame = (y1: number, y2: number) => same(y1 * w, y2 * w, w, 1)
  const colsSame = (x1: number, x2: number) => same(x1, x2, h, w)
  const count = (n: number, eq: (a: number, b: number) => boolean, from: number, dir: 1 | -1) => {
    let k = 0
    while (k < Math.floor(n / 4) && eq(from + dir * k, from + dir * (k + 1))) k++
    return k
  }
  return { top: count(h, rowsSame, 0, 1), bottom: count(h, rowsSame, h - 1, -1), left: count(w, colsSame, 0, 1), right: count(w, colsSame, w - 1, -1) }
}

/**
 * Whether the pair is co-registered, by two independent checks: the normalised cross-correlation of smoothed gradient
 * magnitudes over integer shifts up to `maxShift` (a quarter of the shorter side at most), and border lines that
 * repeat their neighbour. Throws ChangeInputError naming the shift when either finds one; else the evidence.
 */
function checkRegistration(before: BandStack, after: BandStack, roles: string[], valid: Mask, maxShift: number) {
  const { width: w, height: h } = before.grid
  const ga = registrationFeature(before, roles, valid)
  const gb = registrationFeature(after, roles, valid)
  const m = Math.min(maxShift, Math.floor(Math.min(w, h) / 4))
  let best = { dx: 0, dy: 0, c: -Infinity }
  const atZero = ncc(ga, gb, w, h, 0, 0, m)
  for (let dy = -m; dy <= m; dy++)
    for (let dx = -m; dx <= m; dx++) {
      const c = ncc(ga, gb, w, h, dx, dy, m)
      if (c > best.c + 1e-9) best = { dx, dy, c }
    }
  const assessable = best.c >= REGISTRATION.ASSESSABLE
  const byCorrelation = assessable && Math.max(Math.abs(best.dx), Math.abs(best.dy)) >= REGISTRATION.MIN_SHIFT && best.c - atZero >= REGISTRATION.MARGIN
  // Border padding: the second, independent registration evidence. It decides where the dates share too little
  // structure for the correlation to be judged (LEVIR-CD's pair: < 0.1 at every shift).
  const padBefore = borderPadding(before, roles)
  const padAfter = borderPadding(after, roles)
  const padShift: [number, number] = [
    padAfter.left - padAfter.right - (padBefore.left - padBefore.right),
    padAfter.top - padAfter.bottom - (padBefore.top - padBefore.bottom),
  ]
  const byPadding = !byCorrelation && Math.max(Math.abs(padShift[0]), Math.abs(padShift[1])) >= REGISTRATION.MIN_SHIFT
  const misregistered = byCorrelation || byPadding
  const registration = {
    best_shift_px: (byPadding ? padShift : [best.dx, best.dy]) as [number, number],
    correlation_at_zero: atZero,
    best_correlation: best.c,
    search_px: m,
    assessable,
    misregistered,
    correlation_shift_px: [best.dx, best.dy] as [number, number],
    padding_px: { before: padBefore, after: padAfter },
    padding_shift_px: padShift,
    method:
      'normalised cross-correlation of smoothed gradient magnitudes over integer shifts; border lines that repeat their neighbour (a shifted copy padded at its edges)',
  }
  if (byCorrelation) {
    throw new ChangeInputError(
      `The images look shifted by (${best.dx}, ${best.dy}) px against each other (gradient correlation ${best.c.toFixed(2)} there, ${atZero.toFixed(2)} unshifted); co-register them before detecting change.`,
    )
  }
  if (byPadding) {
    const which =
      Math.max(padAfter.top, padAfter.bottom, padAfter.left, padAfter.right) >= Math.max(padBefore.top, padBefore.bottom, padBefore.left, padBefore.right)
        ? 'second'
        : 'first'
    const p = which === 'second' ? padAfter : padBefore
    throw new ChangeInputError(
      `The images look shifted by (${padShift[0]}, ${padShift[1]}) px against each other: the ${which} image repeats its edge pixels over ${p.top} top, ${p.bottom} bottom, ${p.left} left and ${p.right} right border lines, as a shifted copy padded at its border does (the dates share too little structure to register them by correlation, ${best.c.toFixed(2)}); co-register them before detecting change.`,
    )
  }
  return registration
}

export function detectChange(before: BandStack, after: BandStack, params: ChangeParams = DEFAULT_CHANGE): ChangeResult {
  const { width: w, height: h } = before.grid
  if (after.grid.width !== w || after.grid.height !== h) {
    throw new ChangeInputError(
      `The two images differ in size (${w}x${h} and ${after.grid.width}x${after.grid.height} px); change detection needs a co-registered pair on one grid.`,
    )
  }
  if (before.grid.geoTransform && after.grid.geoTransform && !sameGrid(before.grid, after.grid)) {
    throw new ChangeInputError('The two images are georeferenced on different grids (origin, pixel size or CRS differ); resample one onto the other first.')
  }
  const roles = Object.keys(before.bands).filter((r) => r in after.bands)
  if (roles.length === 0) throw new ChangeInputError('The two images share no band role, so they cannot be compared.')
  const valid = emptyMask(w, h)
  for (let i = 0; i < valid.data.length; i++) valid.data[i] = before.valid.data[i] && after.valid.data[i] ? 1 : 0

  const registration = checkRegistration(before, after, roles, valid, params.maxShift)

  const magnitude = new Float64Array(w * h)
  for (const r of roles) {
    const a = boxMean(standardise(before.bands[r], valid), w, h, params.smooth)
    const b = boxMean(standardise(after.bands[r], valid), w, h, params.smooth)
    for (let i = 0; i < magnitude.length; i++) magnitude[i] += (a[i] - b[i]) ** 2
  }
  for (let i = 0; i < magnitude.length; i++) magnitude[i] = valid.data[i] ? Math.sqrt(magnitude[i] / roles.length) : NaN

  let threshold: number
  let separability: number | null = null
  if (params.threshold === 'otsu') {
    const o = otsuThreshold(magnitude)
    if (!o) throw new ChangeInputError('The two images are identical over their valid pixels, so there is no change to separate.')
    threshold = o.threshold
    separability = o.separability
  } else threshold = params.threshold
  const raw = emptyMask(w, h)
  let before0 = 0
  for (let i = 0; i < raw.data.length; i++)
    if (magnitude[i] > threshold) {
      raw.data[i] = 1
      before0++
    }
  const cleaned = removeSmallComponents(close(open(raw, params.morph), params.morph), params.minArea)
  for (let i = 0; i < cleaned.mask.data.length; i++) if (!valid.data[i]) cleaned.mask.data[i] = 0
  let after0 = 0
  for (const v of cleaned.mask.data) after0 += v
  return {
    mask: cleaned.mask,
    valid,
    magnitude,
    threshold,
    thresholdMethod: params.threshold === 'otsu' ? 'otsu' : 'declared',
    separability,
    bands: roles,
    registration,
    cleanup: { changed_before_cleanup: before0, changed_after_cleanup: after0, components_removed: cleaned.removed },
  }
}
