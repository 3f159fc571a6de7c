/**
 * Geometry layers saved to the artifact store and referenced by path in the observation: GeoJSON in pixel
 * coordinates, GeoJSON in map coordinates when the image is georeferenced, and the class masks as one GeoTIFF on the
 * source's grid (readable back by measure).
 */
import { layerGeoJsons } from '../../engines/geometry/geojson'
import type { GeometryLayer } from '../../engines/geometry/layer'
import { encodeLayerTiff } from '../../engines/geometry/mask-tiff'
import type { Artifact } from '../protocol'
import type { ToolContext } from '../tool'

export interface LayerPaths {
  geojson_pixel: string
  geojson_map?: string
  mask_tiff: string
}

export function saveLayer(layer: GeometryLayer, ctx: ToolContext, name: string): { artifacts: Artifact[]; paths: LayerPaths } {
  const runId = ctx.runId ?? null
  const both = layerGeoJsons(layer)
  const json = (fc: unknown) => new TextEncoder().encode(JSON.stringify(fc))
  const pixel = ctx.artifacts.save(json(both.pixel), { kind: `layer:${name}:geojson-pixel`, ext: 'geojson', runId, meta: { layer: name, space: 'pixel' } })
  const artifacts = [pixel]
  const paths: LayerPaths = { geojson_pixel: pixel.path, mask_tiff: '' }
  if (both.map) {
    const map = ctx.artifacts.save(json(both.map), {
      kind: `layer:${name}:geojson-map`,
      ext: 'geojson',
      runId,
      meta: { layer: name, space: 'map', epsg: layer.grid.crs?.epsg ?? null },
    })
    artifacts.push(map)
    paths.geojson_map = map.path
  }
  const mask = ctx.artifacts.save(encodeLayerTiff(layer), {
    kind: `layer:${name}:mask`,
    ext: 'tif',
    runId,
    meta: { layer: name, classes: [...layer.classes.keys()] },
  })
  artifacts.push(mask)
  paths.mask_tiff = mask.path
  return { artifacts, paths }
}
