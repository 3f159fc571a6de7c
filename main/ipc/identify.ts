/**
 * Identify: the values of every band of a raster under one longitude/latitude (the map's identify tool). The point
 * is taken to the raster's CRS with proj4 and to its full-resolution pixel through the geotransform (GDAL's
 * corner convention: the pixel whose square holds the point). Values are the raw samples (no scale/offset), read
 * through the engines' one raster source, so a pixel is nodata here exactly when the map draws it transparent; a
 * nodata override (a fill value the analyst set for a file without a tag) marks that value nodata too.
 */
import proj4 from 'proj4'
import { mapToPixel } from '../engines/raster/georef'
import { withTileSource } from '../engines/raster/tiles-source'

export interface IdentifyResult {
  /** Whether the point falls on the raster. */
  inside: boolean
  /** Full-resolution pixel (0-based column and row), null outside or when the raster has no georeference. */
  col: number | null
  row: number | null
  /** One entry per band: the sample, or null when it is nodata (the file's tag, the override, NaN). */
  values: { band: number; value: number | null }[]
  /** The nodata rule applied: the override when one is set, else the file's tag (null: none). */
  nodata: number | 'NaN' | null
}

export function identifyPixel(file: string, lon: number, lat: number, nodataOverride?: number | null): Promise<IdentifyResult> {
  return withTileSource(file, async (s) => {
    const outside: IdentifyResult = { inside: false, col: null, row: null, values: [], nodata: null }
    if (s.kind !== 'tiff' || !s.geoTransform || !s.proj) return outside
    const nodata = nodataOverride ?? (s.nodata === null ? null : Number.isNaN(s.nodata) ? 'NaN' : s.nodata)
    let x: number
    let y: number
    try {
      ;[x, y] = proj4('EPSG:4326', s.proj).forward([lon, lat]) as [number, number]
    } catch {
      return { ...outside, nodata }
    }
    const [c, r] = mapToPixel(s.geoTransform, x, y)
    const col = Math.floor(c)
    const row = Math.floor(r)
    if (!(col >= 0 && col < s.width && row >= 0 && row < s.height)) return { ...outside, nodata }
    const bands = Array.from({ length: s.bandCount }, (_, i) => i + 1)
    const read = await s.raster.readWindow(0, bands, { col, row, width: 1, height: 1 })
    const values = bands.map((band, k) => {
      const v = read.planes[k][0]
      return { band, value: Number.isFinite(v) && !(typeof nodataOverride === 'number' && v === nodataOverride) ? v : null }
    })
    return { inside: true, col, row, values, nodata }
  })
}
