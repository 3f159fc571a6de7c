/**
 * A mask layer (a one-band GeoTIFF whose valid pixels are 0 or 1: water, vegetation, changed areas) as GeoJSON
 * polygons for export: the outline of every connected patch of 1s (engines/geometry/polygons.ts, edges on pixel
 * edges), corners taken through the geotransform and, as RFC 7946 requires, to longitude/latitude with proj4.
 */
import proj4 from 'proj4'
import { pixelToMap } from '../engines/raster/georef'
import { RasterSource } from '../engines/raster/source'
import { projOf } from '../engines/raster/tiles-source'
import { maskPolygons } from '../engines/geometry/polygons'
import { RsureError } from './errors'

/** Largest mask vectorised on export, in pixels. */
export const MAX_MASK_PIXELS = 64 * 1024 * 1024

/**
 * Read through the one RasterSource (its nodata rule: GDAL_NODATA, rounded to float32 for float32 samples, NaN and
 * infinities are invalid); invalid pixels are outside the mask, valid ones must be 0 or 1.
 */
export async function maskGeoJson(file: string, label: string): Promise<object> {
  const source = RasterSource.open(file)
  try {
    const { width, height, georef } = source
    if (source.bandCount !== 1) throw new RsureError('failed', `${label} has ${source.bandCount} bands, so it is not a mask; export it as GeoTIFF.`)
    if (width * height > MAX_MASK_PIXELS)
      throw new RsureError('failed', `${label} is too large to outline as polygons (${width} x ${height} pixels); export it as GeoTIFF.`)
    const proj = projOf(georef.crs)
    if (!georef.geoTransform || !proj)
      throw new RsureError('failed', `${label} has no georeference RSure can place, so it has no GeoJSON form; export it as GeoTIFF.`)
    const { planes, valid } = await source.readWindow(0, [1], { col: 0, row: 0, width, height })
    const values = planes[0]
    const data = new Uint8Array(width * height)
    for (let i = 0; i < data.length; i++) {
      if (!valid[i] || values[i] === 0) continue
      if (values[i] !== 1) throw new RsureError('failed', `${label} holds values other than 0 and 1, so it is not a mask; export it as GeoTIFF.`)
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
    source.release()
  }
}

type Position = number[]

/** Apply `f` to every position of a GeoJSON geometry (all RFC 7946 types, collections included). */
function mapGeometry(g: unknown, f: (p: Position) => Position): unknown {
  if (!g || typeof g !== 'object') return g
  const geom = g as { type?: unknown; coordinates?: unknown; geometries?: unknown[] }
  if (geom.type === 'GeometryCollection') return { ...geom, geometries: (geom.geometries ?? []).map((x) => mapGeometry(x, f)) }
  const walk = (c: unknown): unknown => (Array.isArray(c) && typeof c[0] === 'number' ? f(c as Position) : Array.isArray(c) ? c.map(walk) : c)
  return { ...geom, coordinates: walk(geom.coordinates) }
}

/**
 * A stored vector layer as RFC 7946 GeoJSON (longitude/latitude, WGS 84). The geometry layers are saved in the source
 * CRS (foreign members `coordinate_space: "map"` and `epsg`); those are reprojected with proj4 and the CRS members
 * dropped, with the source CRS kept as `source_epsg`. Pixel-space layers (pictures with no georeference) have no
 * place on Earth: they throw, naming the pixel viewer. A layer already in lon/lat is returned as it is.
 */
export function lonLatGeoJson(value: unknown, label: string): object {
  if (!value || typeof value !== 'object') throw new RsureError('failed', `${label} is not a GeoJSON object; run the question again to make it.`)
  const fc = value as { coordinate_space?: unknown; epsg?: unknown; crs_name?: unknown; features?: unknown[] } & Record<string, unknown>
  if (fc.coordinate_space === 'pixel')
    throw new RsureError(
      'failed',
      `${label} is drawn in the pixels of an image with no georeference, so it has no place on the map; see it in the pixel viewer.`,
    )
  if (fc.coordinate_space !== 'map' || fc.epsg === 4326 || fc.epsg === undefined || fc.epsg === null) return fc
  const proj = typeof fc.epsg === 'number' ? projOf({ epsg: fc.epsg, proj4: null }) : null
  if (!proj)
    throw new RsureError(
      'failed',
      `${label} is in a map projection RSure cannot convert to longitude/latitude (EPSG:${String(fc.epsg)}); export its mask as GeoTIFF instead.`,
    )
  const toLonLat = proj4(proj, 'EPSG:4326')
  const f = (p: Position): Position => [...(toLonLat.forward([p[0], p[1]]) as [number, number]), ...p.slice(2)]
  const { crs_name: _name, epsg, coordinate_space: _space, crs: _crs, ...rest } = fc
  const features = Array.isArray(fc.features)
    ? fc.features.map((feat) => {
        const x = feat as { geometry?: unknown; bbox?: unknown }
        const { bbox: _bbox, ...keep } = x
        return { ...keep, geometry: mapGeometry(x.geometry, f) }
      })
    : fc.features
  delete (rest as { bbox?: unknown }).bbox
  return { ...rest, features, coordinate_space: 'lonlat', source_epsg: epsg }
}

/** Whether a stored GeoJSON layer is in pixel coordinates (no place on the map). */
export function isPixelGeoJson(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { coordinate_space?: unknown }).coordinate_space === 'pixel'
}
