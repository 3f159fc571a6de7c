/**
 * The product registry of `raster.product`: the ten standard Earth-observation products of DESIGN section 4 plus
 * brightness temperature (needed to go from Landsat thermal radiance to the LST products) and the ground area of
 * each pixel (what areas sum).
 */
import type { ProductDef } from './product'
import { pixelArea } from './pixel-area'
import { normalizedDifference, pwvBandRatio } from './spectral'
import { apparentThermalInertia, brightnessTemperature, dayNightTemperature, multiChannelLst, singleChannelLst, splitWindowLst, tes, ttmLst } from './thermal'
import { tvdi } from './tvdi'

export type { ProductDef, ProductInput, ProductResult, Sweeps } from './product'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of specs with different parameter types; each validates its own
type AnyProductDef = ProductDef<any>

const ALL: AnyProductDef[] = [
  normalizedDifference,
  brightnessTemperature,
  singleChannelLst,
  multiChannelLst,
  splitWindowLst,
  ttmLst,
  tes,
  pwvBandRatio,
  tvdi,
  dayNightTemperature,
  apparentThermalInertia,
  pixelArea,
]

export const PRODUCTS: ReadonlyMap<string, AnyProductDef> = new Map(ALL.map((p) => [p.name, p]))

export const PRODUCT_NAMES = ALL.map((p) => p.name)

/** The input names a product accepts (fixed inputs, or t1..tN for a variadic product). */
export function productInputNames(def: AnyProductDef): string[] {
  if (def.variadic) return Array.from({ length: def.variadic.max }, (_, i) => `${def.variadic!.prefix}${i + 1}`)
  return def.inputs.map((i) => i.name)
}
