import { fromFile } from 'geotiff'
import { describe, expect, it } from 'vitest'
import { crsFromGeoKeys, geotiffGeorefSource, mapToPixel, pixelToMap, readGeoref } from '../../../../main/engines/raster/georef'
import { FIXTURES } from '../../../helpers/tmp'

const B4 = FIXTURES.B4

describe('georef', () => {
  it('converts the PixelIsPoint Landsat tiepoint to the corner origin GDAL reports', async () => {
    const image = await (await fromFile(B4)).getImage()
    const g = readGeoref(geotiffGeorefSource(image))
    expect(g.rasterType).toBe('PixelIsPoint')
    expect(g.rawTiepoint).toEqual([472035, 3787065])
    expect(g.geoTransform).toEqual([471585, 900, 0, 3787515, 0, -900])
    expect(g.crs?.epsg).toBe(32617)
    expect(g.crs?.kind).toBe('projected')
    expect(g.crs?.units).toBe('metre')
  })

  it('keeps PixelIsArea tiepoints as they are', () => {
    const keys = { GTModelTypeGeoKey: 2, GTRasterTypeGeoKey: 1, GeographicTypeGeoKey: 4326 }
    expect(crsFromGeoKeys(keys)).toMatchObject({ epsg: 4326, kind: 'geographic', units: 'degree' })
    expect(crsFromGeoKeys({})).toBeNull()
  })

  it('round-trips pixel and map coordinates', () => {
    const gt: [number, number, number, number, number, number] = [471585, 900, 0, 3787515, 0, -900]
    expect(pixelToMap(gt, 0.5, 0.5)).toEqual([472035, 3787065])
    expect(mapToPixel(gt, 472035, 3787065)).toEqual([0.5, 0.5])
    expect(() => mapToPixel([0, 0, 0, 0, 0, 0], 1, 1)).toThrow(/singular/)
  })
})
