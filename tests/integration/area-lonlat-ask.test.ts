/**
 * An area on a longitude/latitude grid through the real command line: each cell counts its area on the WGS 84
 * ellipsoid (pixel_area), not a pixel count times one nominal size, and the verifier accepts it. The file is written
 * by GDAL here (a 0.01° grid over 40-45° N, NDVI as int16 x 0.0001); the reference sums, over the cells with NDVI
 * above 0.5, each cell's polygon projected by OSR to the equal-area EPSG:6933 (WGS 84) and measured by OGR, in
 * /usr/bin/python3 with osgeo (independent of the product code).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pythonWithGdalOrSkip } from '../helpers/data-faults'
import { cliAskSession } from '../helpers/cli-ask'

const session = cliAskSession('rsure-area-lonlat-')
const { dir } = session
afterAll(() => session.cleanup())
const python = pythonWithGdalOrSkip('area-lonlat-ask.test.ts')

const WRITE_AND_MEASURE = `
import sys, json
import numpy as np
from osgeo import gdal, osr, ogr
path = sys.argv[1]
w, h = 120, 500
gt = [10.0, 0.01, 0, 45.0, 0, -0.01]
rows, cols = np.mgrid[0:h, 0:w]
ndvi = ((rows * 37 + cols * 53) % 9000).astype(np.int16)
ds = gdal.GetDriverByName('GTiff').Create(path, w, h, 1, gdal.GDT_Int16)
ds.SetGeoTransform(gt)
s = osr.SpatialReference(); s.ImportFromEPSG(4326); ds.SetProjection(s.ExportToWkt())
ds.GetRasterBand(1).WriteArray(ndvi); ds.FlushCache(); ds = None
ll = osr.SpatialReference(); ll.ImportFromEPSG(4326); ll.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
ea = osr.SpatialReference(); ea.ImportFromEPSG(6933); ea.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
tr = osr.CoordinateTransformation(ll, ea)
row_area = []
for r in range(h):
    y0, y1 = gt[3] + r * gt[5], gt[3] + (r + 1) * gt[5]
    ring = ogr.Geometry(ogr.wkbLinearRing)
    for x, y in [(gt[0], y0), (gt[0] + gt[1], y0), (gt[0] + gt[1], y1), (gt[0], y1), (gt[0], y0)]: ring.AddPoint_2D(x, y)
    poly = ogr.Geometry(ogr.wkbPolygon); poly.AddGeometry(ring); poly.Transform(tr)
    row_area.append(poly.GetArea())
kept = (ndvi * 0.0001 > 0.5)
print(json.dumps({'km2': float((kept * np.array(row_area)[:, None]).sum() / 1e6), 'pixels': int(kept.sum()), 'nominal_km2': 0}))
`

describe.skipIf(!python)('areas on a longitude/latitude grid', () => {
  it('sum each cell’s area on the WGS 84 ellipsoid, verified', { timeout: 120_000 }, async () => {
    const files = path.join(dir, 'files')
    fs.mkdirSync(files)
    const ref = JSON.parse(execFileSync(python!, ['-c', WRITE_AND_MEASURE, path.join(files, 'Hills_2019-06-26_NDVI.tif')], { encoding: 'utf8' })) as {
      km2: number
      pixels: number
    }
    expect(ref.pixels).toBeGreaterThan(1000)
    const out = await session.ask(files, 'What area in km2 has NDVI above 0.5 on 26 June 2019?')
    expect(out.verified, out.answer).toHaveLength(1)
    const v = out.verified[0]
    expect(v.status).toBe('accepted')
    expect(v.observation.unit).toBe('km2')
    // The product is float64 and OGR's polygon area on the equal-area EPSG:6933 exact: they agree to rounding.
    expect(Math.abs(v.observation.value / ref.km2 - 1)).toBeLessThan(1e-6)
    expect(out.explanation).toMatch(/true ground area where NDVI above 0.5 in km2.*longitude\/latitude cell counts its area on the WGS 84 ellipsoid/)
  })
})
