/**
 * `layers.*` channels: how to show a raster on the map (or in the pixel viewer), its tiles, a vector derived layer
 * as GeoJSON, and a derived layer as a file to save (GeoTIFF as stored; GeoJSON in longitude/latitude, RFC 7946).
 */
import type { IpcDeps } from '../deps'
import { RsureError } from '../errors'
import { artifactFile, layerFile, layerKey } from '../layer-files'
import { isPixelGeoJson, lonLatGeoJson, maskGeoJson } from '../mask-geojson'
import type { Handlers } from '../router'
import { encodeStyle } from '../tile-route'
import { needServices } from './need'

const GEOJSON = /\.(geo)?json$/i
const GEOTIFF = /\.tiff?$/i

export function layerHandlers(deps: IpcDeps): Handlers {
  return {
    'layers.info': async ({ layer, style: asked }, ctx) => {
      const file = await layerFile(deps, layer)
      const g = await deps.tiles.geometry(file.path, asked)
      const style = { bands: g.style.bands, stretch: g.style.stretch }
      return {
        layer,
        name: file.name,
        width: g.width,
        height: g.height,
        bandCount: g.bandCount,
        bounds: g.bounds,
        corners: g.corners,
        minZoom: g.minZoom,
        maxZoom: g.maxZoom,
        tileSize: 256 as const,
        style,
        ranges: g.ranges,
        tileUrl: `${deps.tileBase(ctx.transport)}${layerKey(layer)}/{z}/{x}/{y}.png?style=${encodeStyle(style)}`,
      }
    },
    'layers.tile': async ({ layer, tile, style }) => {
      const file = await layerFile(deps, layer)
      const t = await deps.tiles.tile(file.path, tile, style)
      return { png: t.png, width: t.width, height: t.height, empty: t.empty, level: t.level }
    },
    'layers.identify': async ({ layer, lon, lat, nodata }) => {
      const file = await layerFile(deps, layer)
      return deps.tiles.identify(file.path, lon, lat, nodata)
    },
    'layers.geojson': async ({ artifact }) => {
      const file = artifactFile(deps, artifact)
      if (!GEOJSON.test(file.path))
        throw new RsureError('failed', `Derived layer ${artifact.slice(0, 12)} is a raster, not a vector layer; show it with layers.info and its tiles.`)
      const bytes = needServices(deps).artifacts.read({ kind: file.name, path: file.path, sha256: artifact })
      let parsed: unknown
      try {
        parsed = JSON.parse(bytes.toString('utf8')) as unknown
      } catch {
        throw new RsureError('failed', `Derived layer ${artifact.slice(0, 12)} is not valid GeoJSON; run the question again to make it.`)
      }
      // The map draws longitude/latitude; a pixel-space layer is returned as stored (the pixel viewer draws it).
      return { geojson: isPixelGeoJson(parsed) ? parsed : lonLatGeoJson(parsed, `Derived layer ${artifact.slice(0, 12)}`) }
    },
    'layers.export': async ({ artifact, format }) => {
      const file = artifactFile(deps, artifact)
      const isVector = GEOJSON.test(file.path)
      if (format === 'geotiff' && !GEOTIFF.test(file.path)) {
        throw new RsureError(
          'failed',
          `Derived layer ${artifact.slice(0, 12)} is ${isVector ? 'a vector layer; export it as GeoJSON' : 'not a raster, so it has no GeoTIFF form'}.`,
        )
      }
      // read() checks the bytes still match their sha256, so an export is exactly the layer the run recorded.
      const bytes = needServices(deps).artifacts.read({ kind: file.name, path: file.path, sha256: artifact })
      const base = file.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'layer'
      const ext = format === 'geotiff' ? '.tif' : '.geojson'
      if (format === 'geojson' && !isVector) {
        // A mask raster is outlined as polygons; any other raster has no vector form.
        const geojson = await maskGeoJson(file.path, `Derived layer ${artifact.slice(0, 12)}`)
        return { bytes: new Uint8Array(Buffer.from(JSON.stringify(geojson))), fileName: `${base}-${artifact.slice(0, 8)}${ext}`, mime: 'application/geo+json' }
      }
      if (format === 'geojson') {
        // RFC 7946: longitude/latitude on WGS 84, whatever CRS the layer was saved in.
        let parsed: unknown
        try {
          parsed = JSON.parse(bytes.toString('utf8')) as unknown
        } catch {
          throw new RsureError('failed', `Derived layer ${artifact.slice(0, 12)} is not valid GeoJSON; run the question again to make it.`)
        }
        // A layer in an image's pixels has no lon/lat; it is saved as it is, named as pixel coordinates.
        if (isPixelGeoJson(parsed))
          return { bytes: new Uint8Array(bytes), fileName: `${base}-${artifact.slice(0, 8)}-pixels${ext}`, mime: 'application/geo+json' }
        const geojson = lonLatGeoJson(parsed, `Derived layer ${artifact.slice(0, 12)}`)
        return { bytes: new Uint8Array(Buffer.from(JSON.stringify(geojson))), fileName: `${base}-${artifact.slice(0, 8)}${ext}`, mime: 'application/geo+json' }
      }
      return { bytes: new Uint8Array(bytes), fileName: `${base}-${artifact.slice(0, 8)}${ext}`, mime: 'image/tiff' }
    },
  }
}
