/**
 * Web-mercator tile arithmetic (EPSG:3857, the XYZ scheme maplibre uses): tile z/x/y covers a square of
 * 2 * 20037508.342789244 / 2^z metres, x growing east from -180°, y growing south from about +85.05°.
 * Source: OpenStreetMap "Slippy map tilenames" and EPSG:3857's definition (sphere of radius 6378137 m).
 */

/** Half the width of the mercator plane in metres (π · 6378137). */
export const MERCATOR_HALF = 20037508.342789244
/** Tiles are 256 pixels square. */
export const TILE_SIZE = 256

export interface MercatorBox {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** The mercator extent of tile z/x/y, in metres. */
export function tileBox(z: number, x: number, y: number): MercatorBox {
  const size = (2 * MERCATOR_HALF) / 2 ** z
  return { minX: -MERCATOR_HALF + x * size, maxX: -MERCATOR_HALF + (x + 1) * size, maxY: MERCATOR_HALF - y * size, minY: MERCATOR_HALF - (y + 1) * size }
}

/** Whether z/x/y names a tile that exists at zoom z. */
export function validTile(z: number, x: number, y: number): boolean {
  const n = 2 ** z
  return Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= 0 && x >= 0 && y >= 0 && x < n && y < n
}

/** Longitude/latitude (degrees) of a mercator point. */
export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / MERCATOR_HALF) * 180
  const lat = (Math.atan(Math.exp((y / MERCATOR_HALF) * Math.PI)) * 360) / Math.PI - 90
  return [lon, lat]
}

/** Mercator point (metres) of a longitude/latitude; latitude is clamped to the mercator limit (±85.0511°). */
export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat))
  const x = (lon / 180) * MERCATOR_HALF
  const y = (Math.log(Math.tan(((90 + clamped) * Math.PI) / 360)) / Math.PI) * MERCATOR_HALF
  return [x, y]
}

/** The zoom at which one tile pixel spans `metres` mercator metres (fractional). */
export function zoomForResolution(metres: number): number {
  return Math.log2((2 * MERCATOR_HALF) / (TILE_SIZE * metres))
}

/** The tiles (z/x/y) that cover a mercator box at zoom z. */
export function tilesCovering(box: MercatorBox, z: number): { x: number; y: number }[] {
  const size = (2 * MERCATOR_HALF) / 2 ** z
  const n = 2 ** z
  const x0 = Math.max(0, Math.floor((box.minX + MERCATOR_HALF) / size))
  const x1 = Math.min(n - 1, Math.floor((box.maxX + MERCATOR_HALF - 1e-9) / size))
  const y0 = Math.max(0, Math.floor((MERCATOR_HALF - box.maxY) / size))
  const y1 = Math.min(n - 1, Math.floor((MERCATOR_HALF - box.minY - 1e-9) / size))
  const out: { x: number; y: number }[] = []
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push({ x, y })
  return out
}
