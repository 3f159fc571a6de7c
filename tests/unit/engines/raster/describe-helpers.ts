/** Tiny GeoTIFFs written with geotiff.js for the describe/preview tests (each test makes its own data). */
import fs from 'node:fs'
import path from 'node:path'
import { writeArrayBuffer } from 'geotiff'

export interface TinyTiff {
  width: number
  height: number
  /** Band-interleaved-by-pixel values, typed to set the data type. */
  values: Uint8Array | Uint16Array | Float32Array
  bands?: number
  pixelIsPoint?: boolean
  /** Tiepoint model coordinates of raster (0, 0). */
  tiepoint?: [number, number]
  pixel?: [number, number]
  epsg?: number
  nodata?: string
}

export function writeTinyTiff(dir: string, name: string, t: TinyTiff): string {
  const bands = t.bands ?? 1
  const bits = t.values.BYTES_PER_ELEMENT * 8
  const format = t.values instanceof Float32Array ? 3 : 1
  const meta: Record<string, unknown> = {
    width: t.width,
    height: t.height,
    BitsPerSample: Array(bands).fill(bits),
    SampleFormat: Array(bands).fill(format),
    SamplesPerPixel: bands,
    PhotometricInterpretation: 1,
    ExtraSamples: bands > 1 ? Array(bands - 1).fill(0) : 0,
    ModelPixelScale: [t.pixel?.[0] ?? 30, t.pixel?.[1] ?? 30, 0],
    ModelTiepoint: [0, 0, 0, t.tiepoint?.[0] ?? 500000, t.tiepoint?.[1] ?? 4000000, 0],
    GTModelTypeGeoKey: 1,
    GTRasterTypeGeoKey: t.pixelIsPoint ? 2 : 1,
    ProjectedCSTypeGeoKey: t.epsg ?? 32633,
    ProjLinearUnitsGeoKey: 9001,
  }
  if (t.nodata !== undefined) meta.GDAL_NODATA = `${t.nodata}\0`
  const file = path.join(dir, name)
  fs.writeFileSync(file, Buffer.from(writeArrayBuffer(t.values as never, meta as never)))
  return file
}
