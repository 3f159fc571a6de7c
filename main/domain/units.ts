/**
 * Units the DAG engine tracks on every raster, scalar and series. The list is closed on purpose: an unknown unit
 * is an error (fail closed) rather than a silent label, and products check the units of their inputs.
 */
import { z } from 'zod'

/**
 * Areas (m2, ha, km2, acre, mi2, ft2) are a pixel count times the ground area of a pixel, labelled by the node that multiplies;
 * degF labels the node that converts a kelvin answer to Fahrenheit (no product takes it as input).
 */
export const UNITS = [
  'dn',
  'dimensionless',
  'reflectance',
  'radiance',
  'K',
  'degC',
  'degF',
  'g/cm2',
  '1/K',
  'percent',
  'count',
  'm2',
  'ha',
  'km2',
  'acre',
  'mi2',
  'ft2',
] as const
export const Unit = z.enum(UNITS, {
  error: (issue) => `'${String(issue.input)}' is not a known unit (use one of ${UNITS.join(', ')})`,
})
export type Unit = z.infer<typeof Unit>

/** Unit classes a product input may require. */
export type UnitClass = 'temperature' | 'kelvin' | 'ratio' | 'reflectance' | 'radiance' | 'any'

const RATIO: Unit[] = ['dimensionless', 'reflectance']

/** Whether a unit satisfies a class: kelvin = K only; temperature = K or degC; ratio = dimensionless/reflectance. */
export function unitFits(unit: Unit, cls: UnitClass): boolean {
  switch (cls) {
    case 'any':
      return true
    case 'kelvin':
      return unit === 'K'
    case 'temperature':
      return unit === 'K' || unit === 'degC'
    case 'ratio':
      return RATIO.includes(unit)
    case 'reflectance':
      return unit === 'reflectance' || unit === 'dimensionless'
    case 'radiance':
      return unit === 'radiance'
  }
}

export function describeUnitClass(cls: UnitClass): string {
  switch (cls) {
    case 'any':
      return 'any unit'
    case 'kelvin':
      return 'a temperature in K'
    case 'temperature':
      return 'a temperature in K or degC'
    case 'ratio':
      return 'a dimensionless ratio or reflectance'
    case 'reflectance':
      return 'a reflectance'
    case 'radiance':
      return 'a spectral radiance (W m-2 sr-1 um-1)'
  }
}
