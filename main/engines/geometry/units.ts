/** Ground units of measure: lengths to metres and areas to square metres, and back. */

export const LENGTH_UNITS: Record<string, number> = { m: 1, km: 1000, cm: 0.01, mm: 0.001, mi: 1609.344, ft: 0.3048, nmi: 1852 }
export const AREA_UNITS: Record<string, number> = { m2: 1, km2: 1e6, ha: 1e4, cm2: 1e-4, mi2: 1609.344 ** 2, ft2: 0.3048 ** 2, acre: 4046.8564224 }

export type LengthUnit = keyof typeof LENGTH_UNITS
export type AreaUnit = keyof typeof AREA_UNITS

/** Aliases people write: 'km²', 'sq km', 'square metres', 'hectares', 'meters'. */
const ALIASES: Record<string, string> = {
  'm²': 'm2',
  'sq m': 'm2',
  'square metres': 'm2',
  'square meters': 'm2',
  'km²': 'km2',
  'sq km': 'km2',
  'square kilometres': 'km2',
  'square kilometers': 'km2',
  hectare: 'ha',
  hectares: 'ha',
  metre: 'm',
  meter: 'm',
  metres: 'm',
  meters: 'm',
  kilometre: 'km',
  kilometer: 'km',
  kilometres: 'km',
  kilometers: 'km',
  miles: 'mi',
  mile: 'mi',
  feet: 'ft',
  foot: 'ft',
  acres: 'acre',
}

export function normaliseUnit(u: string): string {
  const t = u.trim()
  return ALIASES[t.toLowerCase()] ?? t
}

/** Metres -> unit, or throws naming the accepted units. */
export function fromMetres(value: number, unit: string): number {
  const k = LENGTH_UNITS[normaliseUnit(unit)]
  if (k === undefined) throw new Error(`The length unit '${unit}' is not known; use one of ${Object.keys(LENGTH_UNITS).join(', ')}.`)
  return value / k
}

export function toMetres(value: number, unit: string): number {
  const k = LENGTH_UNITS[normaliseUnit(unit)]
  if (k === undefined) throw new Error(`The length unit '${unit}' is not known; use one of ${Object.keys(LENGTH_UNITS).join(', ')}.`)
  return value * k
}

/** Square metres -> unit, or throws naming the accepted units. */
export function fromSquareMetres(value: number, unit: string): number {
  const k = AREA_UNITS[normaliseUnit(unit)]
  if (k === undefined) throw new Error(`The area unit '${unit}' is not known; use one of ${Object.keys(AREA_UNITS).join(', ')}.`)
  return value / k
}
