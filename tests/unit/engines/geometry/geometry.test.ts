import { describe, expect, it } from 'vitest'
import { maskArea } from '../../../../main/engines/geometry/area'
import { connectedComponents, removeSmallComponents } from '../../../../main/engines/geometry/components'
import { emptyMask, fillBox, fillPolygon, pixelGrid, type Mask } from '../../../../main/engines/geometry/mask'
import { close, dilate, erode, open } from '../../../../main/engines/geometry/morphology'
import { labelPolygons, maskPolygons, signedArea } from '../../../../main/engines/geometry/polygons'
import { overlap, relate } from '../../../../main/engines/geometry/relations'
import { pixelScale, polygonGroundArea } from '../../../../main/engines/geometry/scale'
import { boxShape, componentShapes, shapeDistance, shapeLength } from '../../../../main/engines/geometry/shapes'
import { fromMetres, fromSquareMetres, toMetres } from '../../../../main/engines/geometry/units'
import type { Grid } from '../../../../main/engines/raster/raster'

function maskOf(rows: string[]): Mask {
  const m = emptyMask(rows[0].length, rows.length)
  rows.forEach((r, y) => [...r].forEach((c, x) => (m.data[y * m.width + x] = c === '#' ? 1 : 0)))
  return m
}

const polyArea = (p: [number, number][][]) => p.reduce((s, r, i) => s + (i === 0 ? 1 : -1) * Math.abs(signedArea(r)), 0)

describe('connected components', () => {
  const m = maskOf(['##..#', '#..#.', '..#..', '.....', '##.##'])
  it('labels 8- and 4-connected pieces with counts and boxes', () => {
    const c8 = connectedComponents(m, 8)
    expect(c8.components.map((c) => c.pixels)).toEqual([3, 3, 2, 2])
    const c4 = connectedComponents(m, 4)
    expect(c4.components.map((c) => c.pixels)).toEqual([3, 1, 1, 1, 2, 2])
    expect(c8.components[0].bbox).toEqual([0, 0, 2, 2])
    expect(c8.components[3].centroid).toEqual([4, 4.5])
  })
  it('removes components below a size', () => {
    const { mask, removed } = removeSmallComponents(m, 3, 4)
    expect(removed).toBe(5)
    expect([...mask.data].reduce((a, b) => a + b, 0)).toBe(3)
  })
})

describe('polygons follow pixel edges', () => {
  it('a ring with a hole has the pixel count as area', () => {
    const m = maskOf(['#####', '#...#', '#.#.#', '#...#', '#####'])
    const cc = connectedComponents(m, 8)
    const byId = labelPolygons(cc.labels, 5, 5)
    const outer = byId.get(1)!
    expect(outer).toHaveLength(1)
    expect(outer[0]).toHaveLength(2)
    expect(polyArea(outer[0])).toBe(16)
    expect(outer[0][0]).toEqual([[0, 0], [5, 0], [5, 5], [0, 5], [0, 0]])
    const island = byId.get(2)!
    expect(polyArea(island[0])).toBe(1)
  })
  it('diagonal neighbours give two rings touching at a corner, area preserved', () => {
    const m = maskOf(['#.', '.#'])
    const polys = maskPolygons(m)
    expect(polys).toHaveLength(2)
    expect(polys.map((p) => polyArea(p))).toEqual([1, 1])
  })
  it('holes go to their own outer ring when a component splits at diagonal touches', () => {
    const m = maskOf(['#####....', '#...#....', '#####....', '.....#...', '......###', '......#.#', '......###'])
    const cc = connectedComponents(m, 8)
    expect(cc.components).toHaveLength(1)
    const polys = labelPolygons(cc.labels, m.width, m.height).get(1)!
    expect(polys.map((p) => [Math.abs(signedArea(p[0])), p.length - 1]).sort()).toEqual([[1, 0], [15, 1], [9, 1]].sort())
    expect(polys.reduce((s, p) => s + polyArea(p), 0)).toBe(12 + 1 + 8)
  })
  it('an L shape keeps its six corners', () => {
    const polys = maskPolygons(maskOf(['#..', '#..', '###']))
    expect(polys[0][0]).toHaveLength(7)
    expect(polyArea(polys[0])).toBe(5)
  })
  it('burning a polygon back gives the same pixels', () => {
    const m = maskOf(['.###.', '##.##', '.###.'])
    const back = emptyMask(5, 3)
    for (const p of maskPolygons(m)) fillPolygon(back, p)
    expect([...back.data]).toEqual([...m.data])
  })
})

describe('morphology', () => {
  it('opening removes a speck, closing fills a one-pixel gap', () => {
    const speck = maskOf(['.....', '.#...', '.....', '..###', '..###', '..###'])
    expect([...open(speck).data].reduce((a, b) => a + b, 0)).toBe(9)
    const gap = maskOf(['.......', '.##.##.', '.##.##.', '.......'])
    expect(close(gap).data[1 * 7 + 3]).toBe(1)
    expect([...erode(maskOf(['###', '###', '###'])).data]).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0])
    expect([...dilate(maskOf(['...', '.#.', '...'])).data].every((v) => v === 1)).toBe(true)
  })
})

describe('areas', () => {
  const projected: Grid = { width: 4, height: 4, geoTransform: [500000, 900, 0, 4000000, 0, -900], crs: { epsg: 32617, kind: 'projected', name: 'UTM 17N', units: 'metre', proj4: null }, geoKeyTags: null }
  it('planar: pixels times the geotransform pixel area, and the argument GSD without georeferencing', () => {
    const m = emptyMask(4, 4)
    fillBox(m, [0, 0, 3, 2])
    expect(maskArea(m, pixelScale(projected)).m2).toBe(6 * 810000)
    expect(maskArea(m, pixelScale(pixelGrid(4, 4), 0.5)).m2).toBe(1.5)
    expect(maskArea(m, pixelScale(pixelGrid(4, 4))).m2).toBeNull()
    expect(pixelScale(projected, 2).kind).toBe('projected')
  })
  it('geodesic: a 1 x 1 degree cell at the equator', () => {
    // Spherical zone area R² Δλ (sin φ2 - sin φ1) with the mean radius 6371008.8 m: about 12 364 km².
    const R = 6371008.8
    const expected = R * R * (Math.PI / 180) * Math.sin(Math.PI / 180)
    const grid: Grid = { width: 1, height: 1, geoTransform: [10, 1, 0, 1, 0, -1], crs: { epsg: 4326, kind: 'geographic', name: 'WGS 84', units: 'degree', proj4: null }, geoKeyTags: null }
    const m = emptyMask(1, 1)
    m.data[0] = 1
    const a = maskArea(m, pixelScale(grid)).m2!
    expect(Math.abs(a - expected) / expected).toBeLessThan(1e-9)
    expect(a / 1e6).toBeCloseTo(12364, 0)
    // A 10 x 10 grid of 0.1 degree cells covers the same cell.
    const fine: Grid = { ...grid, width: 10, height: 10, geoTransform: [10, 0.1, 0, 1, 0, -0.1] }
    const all = emptyMask(10, 10)
    all.data.fill(1)
    expect(Math.abs(maskArea(all, pixelScale(fine)).m2! - expected) / expected).toBeLessThan(1e-9)
    expect(Math.abs(polygonGroundArea(pixelScale(fine), [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]])! - expected) / expected).toBeLessThan(1e-9)
  })
})

describe('distances, lengths, overlap, relations', () => {
  const scale = pixelScale(pixelGrid(20, 20), 2)
  it('edge-to-edge distances between boxes and components', () => {
    const a = boxShape([0, 0, 2, 2])
    const b = boxShape([5, 6, 7, 8])
    const d = shapeDistance(a, b, scale)
    expect(d.pixels).toBe(5) // dx 3, dy 4
    expect(d.metres).toBe(10)
    expect(shapeDistance(a, boxShape([2, 0, 3, 1]), scale).pixels).toBe(0)
    const m = maskOf(['##....', '##....', '......', '.....#'])
    const shapes = componentShapes(m)
    expect(shapes).toHaveLength(2)
    expect(shapeDistance(shapes[0], shapes[1], scale).pixels).toBeCloseTo(Math.hypot(3, 1), 12)
  })
  it('length is the longest extent', () => {
    expect(shapeLength(boxShape([0, 0, 3, 4]), scale).metres).toBe(10)
  })
  it('overlap and topological relations', () => {
    const s = maskOf(['##..', '##..', '....'])
    const r = maskOf(['.##.', '.##.', '....'])
    const o = overlap(s, r)
    expect(o).toMatchObject({ subject_pixels: 4, reference_pixels: 4, intersection_pixels: 2, union_pixels: 6, fraction_of_subject: 0.5 })
    expect(o.iou).toBeCloseTo(1 / 3, 12)
    expect(relate('intersects', s, r).holds).toBe(true)
    expect(relate('within', maskOf(['.#..', '....', '....']), r).holds).toBe(true)
    const far = maskOf(['....', '....', '...#'])
    const shp = { subjectShapes: componentShapes(far), referenceShapes: componentShapes(s), scale }
    expect(relate('touches', far, s, shp).holds).toBe(false)
    expect(relate('within_distance', far, s, { ...shp, distanceM: 2 }).holds).toBe(true) // one pixel gap of 2 m
    expect(relate('within_distance', far, s, { ...shp, distanceM: 1.9 }).holds).toBe(false)
    expect(relate('south_of', far, s).holds).toBe(true)
    expect(relate('east_of', far, s).holds).toBe(true)
    expect(() => relate('intersects', emptyMask(4, 3), s)).toThrow(/subject layer is empty/)
  })
})

describe('units', () => {
  it('converts lengths and areas and refuses unknown units', () => {
    expect(fromMetres(1500, 'km')).toBe(1.5)
    expect(toMetres(2, 'kilometres')).toBe(2000)
    expect(fromSquareMetres(810000, 'ha')).toBe(81)
    expect(fromSquareMetres(2.5e6, 'km²')).toBe(2.5)
    expect(() => fromMetres(1, 'furlong')).toThrow(/not known/)
  })
})
