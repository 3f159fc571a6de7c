/**
 * What a raster product is to the engine: named inputs with the unit class each needs, a zod schema of its
 * parameters (with the published defaults filled in), the output unit, the formula and convention it states in
 * the evidence, and a pixel computation over float64 arrays (NaN = invalid).
 */
import type { z } from 'zod'
import type { Grid } from '../raster'
import type { Unit, UnitClass } from '../units'

export interface ProductInput {
  data: Float64Array
  unit: Unit
  /** Calibration constants carried from the catalog (e.g. K1, K2). */
  meta?: Record<string, number>
  /** The grid of these pixels (of the strip, in strip-by-strip evaluation): for products of the grid itself (pixel_area). */
  grid?: Grid
}

export interface ProductResult {
  /** null when the product is insufficient for this raster. */
  data: Float64Array | null
  /** Why there is no value (e.g. 'only 42 valid pixels; TVDI needs at least 100'). */
  insufficient?: string
  /** Per-raster details for the evidence (fitted edges, constants taken from metadata...). */
  details?: Record<string, unknown>
  /** [count, sum, min, max] of the valid output pixels, when the product computed them on the way. */
  stats?: Float64Array
}

export interface InputSpec {
  name: string
  unit: UnitClass
  optional?: boolean
}

export interface ProductDef<P = Record<string, unknown>> {
  name: string
  summary: string
  /** Fixed inputs; `variadic` products (tes) accept `t1`..`tN` instead. */
  inputs: InputSpec[]
  variadic?: { prefix: string; min: number; max: number; unit: UnitClass }
  params: z.ZodType<P>
  /**
   * false when a pixel's value depends on the whole raster (TVDI fits its edges over every pixel), so the product
   * cannot be computed strip by strip in one sweep. Default true (pixel-local).
   */
  local?: boolean
  /**
   * For a non-local product whose dependence on the whole raster goes through a few numbers fitted first (TVDI's
   * edges): the engine then runs it strip by strip, in preparatory sweeps and a final one (see Sweeps). Gives the
   * same values as `compute`.
   */
  sweeps?(params: P, inputUnits: Record<string, Unit>): Sweeps
  /**
   * An input whose buffer the output may be written into: when nothing reads that input after this product, the
   * engine's `alloc` returns the input's own buffer (spares one raster of memory per worker). `compute` must then
   * read each pixel of that input before it writes the same pixel of the output, and write every pixel.
   */
  overwrites?: string
  outputUnit(params: P, inputUnits: Record<string, Unit>): Unit
  formula(params: P): string
  convention(params: P): string
  /** Cross-parameter checks zod cannot express; returns the reason a parameter set is impossible, or null. */
  check?(params: P, inputNames: string[]): string | null
  /** `alloc(n)` gives an output buffer (possibly recycled, contents undefined); products must write every pixel. */
  compute(inputs: Record<string, ProductInput>, params: P, length: number, alloc?: Alloc): ProductResult
}

/**
 * A non-local product computed over strips of rows, in order: every strip is shown to `scan` (one preparatory sweep);
 * `endSweep` then says whether the product needs another such sweep; after the last one, `ready` gives the reason
 * there is no value (with details) or the details of the fit, and `apply` computes each strip of the output.
 */
export interface Sweeps {
  scan(inputs: Record<string, Float64Array>, length: number): void
  /**
   * Optional, asked at the start of each preparatory sweep: a scan over the inputs' stored integer samples, when the
   * product can take them in this sweep (the engine then skips converting its inputs to float64 there). Gives what
   * `scan` gives over the values `samples[i] * scale + offset`; null: this sweep needs `scan`.
   */
  sampleScanner?(): ((inputs: Record<string, SampleStrip>, length: number) => void) | null
  endSweep(): boolean
  ready(): { insufficient?: string; details: Record<string, unknown> }
  /** Writes every pixel of `out` (which may be an input's buffer, as with `overwrites`), adding [count, sum, min, max] of the valid ones to `stats`. */
  apply(inputs: Record<string, Float64Array>, length: number, out: Float64Array, stats: Float64Array): void
  /**
   * Optional, asked once the sweeps are done: `apply` over the inputs' stored integer samples (SampleStrip), with
   * `out` a buffer of its own, that also profiles the rows it writes (`rows`); the engine then gives inputs that are
   * reads nothing else takes as samples in the final sweep, never converted to float64. Must give `apply`'s output
   * over the values `samples[i] * scale + offset`.
   */
  sampleApplier?(): ((inputs: Record<string, SampleStrip>, length: number, out: Float64Array, stats: Float64Array, rows: RowProfile) => void) | null
}

/**
 * What a product computed of the output rows it wrote, for the node's content profile (stats.ts ContentAccumulator
 * addRowShapes and addExtremes), so the engine does not pass over them again: per row of `width` pixels its first
 * value and whether all its values are valid and equal; the extremes of the valid values and how many equal each.
 * The caller sizes `firsts` and `constant` to the rows and starts the extremes empty (Infinity, 0, -Infinity, 0).
 */
export interface RowProfile {
  width: number
  firsts: Float64Array
  constant: Uint8Array
  min: number
  minCount: number
  max: number
  maxCount: number
}

/**
 * A strip of a read's samples as stored, every one valid (integers no nodata value can equal): pixel i's value is
 * samples[i] * scale + offset, computed as the reader computes it.
 */
export interface SampleStrip {
  samples: Uint8Array | Int8Array | Uint16Array | Int16Array
  scale: number
  offset: number
}

/** Output buffer source: recycled pixel buffers inside the workers, plain allocation elsewhere. */
export type Alloc = (length: number) => Float64Array

export const freshAlloc: Alloc = (n) => new Float64Array(n)

/** Fill an output array with f(i), NaN where f is not finite. */
export function fillPixels(length: number, alloc: Alloc | undefined, f: (i: number) => number): Float64Array {
  alloc ??= freshAlloc
  const out = alloc(length)
  for (let i = 0; i < length; i++) {
    const v = f(i)
    out[i] = Number.isFinite(v) ? v : NaN
  }
  return out
}

/** Ordinary least squares y = slope*x + intercept with r^2 (what scipy.stats.linregress returns). */
export function linearFit(x: readonly number[], y: readonly number[]): { slope: number; intercept: number; r2: number; n: number } {
  const n = x.length
  let mx = 0
  let my = 0
  for (let i = 0; i < n; i++) {
    mx += x[i]
    my += y[i]
  }
  mx /= n
  my /= n
  let sxx = 0
  let sxy = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx
    const dy = y[i] - my
    sxx += dx * dx
    sxy += dx * dy
    syy += dy * dy
  }
  const slope = sxy / sxx
  const r = sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0
  return { slope, intercept: my - slope * mx, r2: r * r, n }
}
