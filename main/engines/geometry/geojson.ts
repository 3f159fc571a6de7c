/**
 * GeoJSON of a geometry layer: one feature per object (its box or polygon) or per connected component of each
 * class mask (polygons following pixel edges, so their area is the pixel count). Written twice when the grid is
 * georeferenced: in pixel coordinates (x right, y down, origin at the image's top-left corner) and in the map
 * coordinates of the source CRS (named in the foreign member `crs_name`/`epsg`, since RFC 7946 assumes WGS 84).
 * Outer rings are written counter-clockwise and holes clockwise in the coordinates of each file (RFC 7946 3.1.6).
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { connectedComponents } from './components'
import type { GeometryLayer } from './layer'
import { labelPolygons, signedArea, type Ring } from './polygons'
import { toMap } from './scale'

type Space = 'pixel' | 'map'

function orient(rings: Ring[]): Ring[] {
  return rings.map((r, i) => {
    const ccw = signedArea(r) > 0
    return (i === 0) === ccw ? r : [...r].reverse()
  })
}

function project(layer: GeometryLayer, space: Space, rings: Ring[]): Ring[] {
  const gt = layer.grid.geoTransform
  const mapped = space === 'map' && gt ? rings.map((r) => r.map(([x, y]) => toMap(gt, x, y))) : rings.map((r) => r.map(([x, y]) => [x, y] as [number, number]))
  return orient(mapped)
}

function boxRing(b: [number, number, number, number]): Ring {
  return [
    [b[0], b[1]],
    [b[2], b[1]],
    [b[2], b[3]],
    [b[0], b[3]],
    [b[0], b[1]],
  ]
}

/** Features with rings in pixel coordinates (projected later, so both files share one tracing). */
function pixelFeatures(layer: GeometryLayer): { properties: Record<string, unknown>; id: string | number; polys: Ring[][] }[] {
  const out: { properties: Record<string, unknown>; id: string | number; polys: Ring[][] }[] = []
  if (layer.kind === 'objects') {
    layer.objects.forEach((o, i) => {
      const rings = o.polygon ?? (o.box ? [boxRing(o.box)] : null)
      if (rings) out.push({ id: i + 1, properties: { label: o.label, confidence: o.confidence, ...(o.box ? { bbox_px: o.box } : {}) }, polys: [rings] })
    })
    return out
  }
  for (const [label, mask] of layer.classes) {
    const cc = connectedComponents(mask, 8)
    const byId = labelPolygons(cc.labels, mask.width, mask.height)
    for (const c of cc.components)
      out.push({ id: `${label}-${c.id}`, properties: { label, component: c.id, pixels: c.pixels, bbox_px: c.bbox }, polys: byId.get(c.id) ?? [] })
  }
  return out
}

function collection(layer: GeometryLayer, space: Space, feats: ReturnType<typeof pixelFeatures>): FeatureCollection<Polygon | MultiPolygon> {
  const features: Feature<Polygon | MultiPolygon>[] = feats.map((f) => {
    const polys = f.polys.map((p) => project(layer, space, p))
    const geometry: Polygon | MultiPolygon = polys.length === 1 ? { type: 'Polygon', coordinates: polys[0] } : { type: 'MultiPolygon', coordinates: polys }
    return { type: 'Feature', id: f.id, properties: f.properties, geometry }
  })
  const crs = layer.grid.crs
  return {
    type: 'FeatureCollection',
    features,
    // Foreign members: which coordinates these are, and the CRS of map coordinates.
    ...({ coordinate_space: space, geometry_flag: layer.geometry, ...(space === 'map' && crs ? { crs_name: crs.name, epsg: crs.epsg } : {}) } as object),
  } as FeatureCollection<Polygon | MultiPolygon>
}

export function layerGeoJson(layer: GeometryLayer, space: Space): FeatureCollection<Polygon | MultiPolygon> {
  return collection(layer, space, pixelFeatures(layer))
}

/** Both files of a layer from one tracing: pixel coordinates, and map coordinates when georeferenced (else null). */
export function layerGeoJsons(layer: GeometryLayer): {
  pixel: FeatureCollection<Polygon | MultiPolygon>
  map: FeatureCollection<Polygon | MultiPolygon> | null
} {
  const feats = pixelFeatures(layer)
  return { pixel: collection(layer, 'pixel', feats), map: layer.grid.geoTransform ? collection(layer, 'map', feats) : null }
}
