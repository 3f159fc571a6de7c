import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { layerGeoJsons } from '../../../../main/engines/geometry/geojson'
import type { GeometryLayer } from '../../../../main/engines/geometry/layer'
import { emptyMask, fillBox } from '../../../../main/engines/geometry/mask'
import { readLayerTiff, encodeLayerTiff } from '../../../../main/engines/geometry/mask-tiff'
import { signedArea } from '../../../../main/engines/geometry/polygons'
import type { Grid } from '../../../../main/engines/raster/raster'
import { tempDir } from '../../../helpers/tmp'

const tmp = tempDir('rsure-layer-files-')
afterAll(() => tmp.cleanup())

const grid: Grid = {
  width: 6,
  height: 4,
  geoTransform: [300000, 30, 0, 5000000, 0, -30],
  crs: { epsg: 32633, kind: 'projected', name: 'WGS 84 / UTM zone 33N', units: 'metre', proj4: null },
  geoKeyTags: { directory: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32633], doubles: null, ascii: null },
}

function layer(): GeometryLayer {
  const a = emptyMask(6, 4)
  fillBox(a, [0, 0, 3, 2])
  const b = emptyMask(6, 4)
  fillBox(b, [2, 1, 5, 4]) // overlaps a at (2, 1)
  const valid = emptyMask(6, 4)
  valid.data.fill(1)
  valid.data[23] = 0
  return { kind: 'regions', grid, geometry: 'exact', classes: new Map([['a', a], ['b', b]]), objects: [], valid }
}

describe('layer files', () => {
  it('GeoJSON in pixel and map coordinates, outer rings counter-clockwise in each', () => {
    const { pixel, map } = layerGeoJsons(layer())
    expect(pixel.features.map((f) => f.properties)).toEqual([
      { label: 'a', component: 1, pixels: 6, bbox_px: [0, 0, 3, 2] },
      { label: 'b', component: 1, pixels: 9, bbox_px: [2, 1, 5, 4] },
    ])
    const ring = (fc: typeof pixel, i: number) => (fc.features[i].geometry as unknown as { coordinates: [number, number][][] }).coordinates[0]
    expect(new Set(ring(pixel, 0).map((p) => p.join(',')))).toEqual(new Set(['0,0', '3,0', '3,2', '0,2']))
    expect(new Set(ring(map!, 0).map((p) => p.join(',')))).toEqual(new Set(['300000,5000000', '300090,5000000', '300090,4999940', '300000,4999940']))
    expect(signedArea(ring(pixel, 0))).toBeGreaterThan(0)
    expect(signedArea(ring(map!, 0))).toBeGreaterThan(0)
    expect(Math.abs(signedArea(ring(map!, 1)))).toBe(9 * 900)
    expect((map as unknown as { epsg: number; coordinate_space: string }).epsg).toBe(32633)
    expect((pixel as unknown as { coordinate_space: string }).coordinate_space).toBe('pixel')
  })

  it('the class GeoTIFF keeps overlapping classes, no-data and the grid, and reads back', async () => {
    const file = path.join(tmp.dir, 'layer.tif')
    fs.writeFileSync(file, encodeLayerTiff(layer()))
    const back = await readLayerTiff(file)
    expect(back.grid.geoTransform).toEqual(grid.geoTransform)
    expect(back.grid.crs?.epsg).toBe(32633)
    const src = layer()
    for (const k of ['a', 'b']) expect([...back.classes.get(k)!.data]).toEqual([...src.classes.get(k)!.data].map((v, i) => (i === 23 ? 0 : v)))
    expect(back.valid!.data[23]).toBe(0)
    expect(back.valid!.data.reduce((s, v) => s + v, 0)).toBe(23)
    const plain = path.join(tmp.dir, 'plain.tif')
    fs.writeFileSync(plain, fs.readFileSync(file).subarray(0, 8))
    await expect(readLayerTiff(plain)).rejects.toThrow(/^The layer file (cannot be read as a GeoTIFF|is not a perception layer)/)
  })
})
