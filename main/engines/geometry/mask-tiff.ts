/**
 * A geometry layer's classes as one GeoTIFF on the source's grid (the raster engine's float32 writer, so the
 * georeferencing and CRS are those of the source). Classes may overlap, so each pixel stores a bit set: class k
 * (1-based, in the order listed in the description) adds 2^(k-1); 0 = no class; NaN = no data. Float32 holds up to
 * 24 classes exactly. The ImageDescription tag carries `{"rsure_layer": {kind, geometry, classes: [...]}}`, so a
 * layer file can be read back (by measure) without its GeoJSON.
 */
import { fromFile } from 'geotiff'
import { z } from 'zod'
import { TiffFile } from '../raster/tiff/reader'
import { encodeGeoTiff } from '../raster/tiff/writer'
import type { GeometryLayer } from './layer'
import { emptyMask, type Mask } from './mask'

export const MAX_LAYER_CLASSES = 24

const Description = z.object({
  rsure_layer: z.object({
    kind: z.enum(['objects', 'regions', 'change']),
    geometry: z.enum(['exact', 'approximate']),
    classes: z.array(z.string()).max(MAX_LAYER_CLASSES),
  }),
})

export function encodeLayerTiff(layer: GeometryLayer): Uint8Array {
  const labels = [...layer.classes.keys()]
  if (labels.length > MAX_LAYER_CLASSES) throw new Error(`A layer file holds at most ${MAX_LAYER_CLASSES} classes; this layer has ${labels.length}.`)
  const { width, height } = layer.grid
  const data = new Float64Array(width * height)
  labels.forEach((label, k) => {
    const bit = 2 ** k
    const m = layer.classes.get(label)!.data
    for (let i = 0; i < data.length; i++) if (m[i]) data[i] += bit
  })
  if (layer.valid) for (let i = 0; i < data.length; i++) if (!layer.valid.data[i]) data[i] = NaN
  const description = JSON.stringify({ rsure_layer: { kind: layer.kind, geometry: layer.geometry, classes: labels } })
  return encodeGeoTiff(data, layer.grid, description)
}

/** Read a layer file written by encodeLayerTiff; throws one sentence when the file is not such a layer. */
export async function readLayerTiff(path: string): Promise<GeometryLayer> {
  let raw: unknown
  try {
    const gt = await fromFile(path)
    try {
      const image = await gt.getImage()
      raw = await image.fileDirectory.loadValue('ImageDescription')
    } finally {
      gt.close?.()
    }
  } catch {
    throw new Error('The layer file cannot be read as a GeoTIFF; pass the mask_tiff path of a perceive observation.')
  }
  let parsed: z.infer<typeof Description> | null
  try {
    parsed = Description.parse(JSON.parse(String(raw ?? '').replace(/\0+$/, '')))
  } catch {
    parsed = null
  }
  if (!parsed)
    throw new Error(
      'The layer file is not a perception layer written by rsure perceive (its description names no classes); pass a layer path from a perceive observation.',
    )
  const tif = TiffFile.open(path)
  try {
    const values = await tif.readBand({ band: 1, nodata: null, scale: 1, offset: 0 })
    const { width, height } = tif
    const classes = new Map<string, Mask>()
    const labels = parsed.rsure_layer.classes
    labels.forEach((l) => classes.set(l, emptyMask(width, height)))
    const valid = emptyMask(width, height)
    let allValid = true
    for (let i = 0; i < values.length; i++) {
      const v = values[i]
      if (v !== v) {
        allValid = false
        continue
      }
      valid.data[i] = 1
      for (let k = 0; k < labels.length; k++) if (Math.floor(v / 2 ** k) % 2 === 1) classes.get(labels[k])!.data[i] = 1
    }
    const grid = { width, height, geoTransform: tif.georef.geoTransform, crs: tif.georef.crs, geoKeyTags: tif.geoKeyTags }
    return { kind: parsed.rsure_layer.kind, grid, geometry: parsed.rsure_layer.geometry, classes, objects: [], valid: allValid ? null : valid }
  } finally {
    tif.close()
  }
}
