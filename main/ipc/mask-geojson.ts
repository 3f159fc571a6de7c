/**
 * A mask layer (a one-band GeoTIFF whose valid pixels are 0 or 1: water, vegetation, changed areas) as GeoJSON
 * polygons for export: the outline of every connected patch of 1s (engines/geometry/polygons.ts, edges on pixel
 * edges), corners taken through the geotransform and, as RFC 7946 requires, to longitude/latitude with proj4.
 */
import { fromFile } from 'geotiff'
import proj4 from 'proj4'
import { closeQuietly } from '../engines/raster/describe'
import { pixelToMap, readGeoref } from '../engines/raster/georef'
import { projOf } from '../engines/raster/tiles-source'
import { maskPolygons } from '../engines/geometry/polygons'
import { RsureError } from './errors'

/** Largest mask vectorised on export, in pixels. */
export const MAX_MASK_PIXELS = 64 * 1024 * 1024

export async function maskGeoJson(file: string, label: string): Promise<object> {
  const tiff = await fromFile(file)
  try {
    const image = await tiff.getImage(0)
    const width = image.getWidth()
    const height = image.getHeight()
    if (image.getSamplesPerPixel() !== 1) throw new RsureError('failed', `${label} has ${image.getSamplesPerPixel()} bands, so it is not a mask; export it as GeoTIFF.`)
    if (width * height > MAX_MASK_PIXELS) throw new RsureError('failed', `${label} is too large to outline as polygons (${width} x ${height} pixels); export it as GeoTIFF.`)
    const georef = readGeoref(image)
    const proj = projOf(georef.crs)
    if (!georef.geoTransform || !proj) throw new RsureError('failed', `${label} has no georeference RSure can place, so it has no GeoJSON form; export it as GeoTIFF.`)
    const [values] = (await image.readRasters({ samples: [0], interleave: false })) as unknown as ArrayLike<number>[]
    const nodata = image.getGDALNoData()
    const data = new Uint8Array(width * height)
    for (let i = 0; i < data.length; i++) {
      const v = Number(values[i])
      if (Number.isNaN(v) || v === nodata || v === 0) continue
      if (v !== 1) throw new RsureError('failed', `${label} holds values other than 0 and 1, so it is not a mask; export it as GeoTIFF.`)
      data[i] = 1
    }
    const gt = georef.geoTransform
    const toLonLat = proj4(proj, 'EPSG:4326')
    const features = maskPolygons({ width, height, data }).map((rings, i) => ({
      type: 'Feature',
      properties: { id: i + 1 },
      geometry: { type: 'Polygon', coordinates: rings.map((ring) => ring.map(([x, y]) => toLonLat.forward(pixelToMap(gt, x, y)) as [number, number])) },
    }))
    return { type: 'FeatureCollection', features }
  } finally {
    await closeQuietly(tiff)
  }
}
