/**
 * The true ground area of the pixels a selection keeps on a grid whose pixels differ in ground area from row to row:
 * Web Mercator (EPSG:3857; a pixel of nominal size sx x sy metres covers sx x sy x cos²(latitude) square metres of
 * the sphere it projects, R = 6378137 m, the latitude that of the pixel row's centre) and longitude/latitude grids
 * (each cell's area on the WGS 84 ellipsoid). The engine's `pixel_area` product gives that area per pixel
 * (engines/raster/products/pixel-area.ts); the area is its sum over the pixels kept (0 elsewhere, so a date where no
 * pixel is kept gives 0, not "no value"), in the region asked, per date, then over the dates, in the unit asked.
 */
import type { Branch } from './compile-branch'
import { areaUnitOf, convertUnit } from './compile-words'
import type { Reducer } from './compile-reduce'

/** How each pixel's ground area is found, in the answer's words. */
const GRID_WORDS = {
  mercator: "each Web Mercator pixel counts its nominal area x cos²(latitude) of its row's centre on the 6378137 m sphere",
  geographic: 'each longitude/latitude cell counts its area on the WGS 84 ellipsoid',
} as const

/** The true ground area of the selection on a Web Mercator or longitude/latitude grid, in the unit asked (see the module comment). */
export function groundArea(r: Reducer, grid: keyof typeof GRID_WORDS): Branch {
  const { b, spec, tag, dates, where, datesWord, pooled, across, perDate, over } = r
  const t = tag ? `_${tag}` : ''
  const area = b.add(`pixel_area${t}`, 'raster.product', { product: 'pixel_area' }, { like: r.data })
  const kept = b.add(`kept_area${t}`, 'raster.algebra', { expr: 'where(isnan(s), 0, a)', unit: 'm2' }, { s: r.data, a: area })
  const sums = over(perDate('sum', 'area_per_date', kept), pooled ? 'sum' : across, 'area_over_dates')
  const to = areaUnitOf(spec.unit)
  const v = b.add(`area${t}`, 'math.multiply', { unit: to }, { a: sums, b: convertUnit(1, 'm2', to)! })
  return {
    value: v,
    unit: to,
    describe: `true ground area${where} in ${to}, ${pooled ? 'summed over' : dates > 1 ? `${across} over` : 'on'} ${datesWord}: ${GRID_WORDS[grid]}`,
  }
}
