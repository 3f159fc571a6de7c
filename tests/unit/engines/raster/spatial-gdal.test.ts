/**
 * spatial.query pixel selection against GDAL's rasteriser where pixel centres lie exactly on the outline.
 *
 * Reference: GDAL 3.6.2 `gdal.RasterizeLayer` (default, no ALL_TOUCHED) on a 10 x 8 MEM raster with geotransform
 * (1000, 10, 0, 2000, 0, -10), burning each polygon; the lists are np.flatnonzero of the burnt mask (row * 10 + col).
 * The engine before this check used a strict even-odd centre test and took [2..4] x [2..4] for the first box.
 *
 * Ties on slanted edges depend on the last bit of the map -> pixel conversion, so the engine converts with GDAL's
 * inverse geotransform arithmetic. Landsat grid case (the fixture's B10 grid, 255 x 259, geotransform (471585, 900,
 * 0, 3787515, 0, -900)), triangle with corners at pixel corners (30, 30), (90, 40), (60, 120): GDAL burns 2565
 * pixels, flat-index sum 41294070, first 7680 7681 7682 7935, last 29895 30149 30150. The same triangle in pixel
 * coordinates (GDAL with the identity geotransform) burns 2535 pixels, index sum 40722810: there the left-edge
 * centres at x = 30.5, 31.5, ... are exact ties and fall outside.
 */
import { describe, expect, it } from 'vitest'
import type { Grid } from '../../../../main/engines/raster/raster'
import { selectPixels } from '../../../../main/engines/raster/spatial'

const grid = { width: 10, height: 8, geoTransform: [1000, 10, 0, 2000, 0, -10] } as unknown as Grid

describe('spatial.query on pixel-centre ties', () => {
  it('a bbox drawn through pixel centres selects what gdal_rasterize burns', () => {
    // x 1025..1055 = centres of columns 2..5, y 1945..1975 = centres of rows 5..2.
    expect(selectPixels(grid, { type: 'bbox', bbox: [1025, 1945, 1055, 1975], crs: 'map' })).toEqual([23, 24, 25, 33, 34, 35, 43, 44, 45, 53, 54, 55])
  })

  it('a triangle with vertices on pixel centres', () => {
    const coordinates: [number, number][] = [[1005, 1995], [1065, 1995], [1005, 1935]]
    expect(selectPixels(grid, { type: 'polygon', coordinates, crs: 'map' })).toEqual([1, 2, 3, 4, 5, 6, 11, 12, 13, 14, 15, 21, 22, 23, 24, 31, 32, 33, 41, 42, 51])
  })

  it('a bbox on pixel corners takes exactly the covered pixels', () => {
    expect(selectPixels(grid, { type: 'bbox', bbox: [1000, 1960, 1040, 2000], crs: 'map' })).toEqual([0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33])
  })

  it('converts map coordinates with GDAL arithmetic, so slanted-edge ties match gdal_rasterize', () => {
    const landsat = { width: 255, height: 259, geoTransform: [471585, 900, 0, 3787515, 0, -900] } as unknown as Grid
    const at = (c: number, r: number): [number, number] => [471585 + 900 * c, 3787515 - 900 * r]
    const idx = selectPixels(landsat, { type: 'polygon', coordinates: [at(30, 30), at(90, 40), at(60, 120)], crs: 'map' })
    expect(idx.length).toBe(2565)
    expect(idx.reduce((a, b) => a + b, 0)).toBe(41294070)
    expect(idx.slice(0, 4)).toEqual([7680, 7681, 7682, 7935])
    expect(idx.slice(-3)).toEqual([29895, 30149, 30150])
    const px = selectPixels(landsat, { type: 'polygon', coordinates: [[30, 30], [90, 40], [60, 120]], crs: 'pixel' })
    expect(px.length).toBe(2535)
    expect(px.reduce((a, b) => a + b, 0)).toBe(40722810)
  })

  it('burns a horizontal edge on a row of centres only as GDAL does (ring oriented clockwise first)', () => {
    // GDAL 3.6.2, 30 x 20 MEM raster with the identity geotransform (= pixel coordinates): the quadrilateral
    // (11.5, 2), (17, 9), (0.5, 16.5), (-1, 16.5) burns 90 pixels, index sum 24712, last 424 450 451 452; pixel
    // (col 0, row 16) on the bottom edge y = 16.5 is not burnt (an orientation-blind rule burnt it).
    const g30 = { width: 30, height: 20, geoTransform: null } as unknown as Grid
    const idx = selectPixels(g30, { type: 'polygon', coordinates: [[11.5, 2], [17, 9], [0.5, 16.5], [-1, 16.5]], crs: 'pixel' })
    expect(idx.length).toBe(90)
    expect(idx.reduce((a, b) => a + b, 0)).toBe(24712)
    expect(idx.slice(-4)).toEqual([424, 450, 451, 452])
    expect(idx).not.toContain(16 * 30)
  })
})
