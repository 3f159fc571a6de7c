/**
 * How tile pixels become colours: band values are stretched to 0..1 with a per-band range that is the same for
 * every tile of a layer (so tiles join without seams), then one band is drawn in grey or along a colour ramp and
 * three bands as red, green, blue. Invalid pixels (nodata, NaN, outside the raster) are fully transparent.
 *
 * Ranges come from a sample of the raster's smallest pyramid level (tiles-stats.ts): `minmax` maps the sample's
 * min..max, `percentile` the low..high percentiles (linear interpolation between order statistics, numpy's
 * default), `range` a fixed min..max (e.g. -1..1 for NDVI).
 */
import { PNG } from 'pngjs'
import { RAMPS, type Ramp } from './ramps'

export type TileStretch = { kind: 'minmax' } | { kind: 'percentile'; low: number; high: number } | { kind: 'range'; min: number; max: number }
export type { Ramp }

export interface TileStyle {
  bands?: number[]
  stretch?: TileStretch
  ramp?: Ramp
  /** A nodata override (the analyst's fill value): pixels holding it are transparent and left out of the stretch. */
  nodata?: number
}

export interface BandRange {
  band: number
  min: number
  max: number
}

/** A 256-entry lookup table for a ramp. */
export function rampTable(ramp: Ramp): Uint8Array {
  const lut = new Uint8Array(256 * 3)
  for (let i = 0; i < 256; i++) {
    const t = i / 255
    if (ramp === 'grey') {
      lut.fill(i, i * 3, i * 3 + 3)
      continue
    }
    const stops = RAMPS[ramp]
    let k = 0
    while (k < stops.length - 2 && t > stops[k + 1][0]) k++
    const [p0, r0, g0, b0] = stops[k]
    const [p1, r1, g1, b1] = stops[k + 1]
    const f = p1 > p0 ? Math.min(1, Math.max(0, (t - p0) / (p1 - p0))) : 0
    lut[i * 3] = Math.round(r0 + (r1 - r0) * f)
    lut[i * 3 + 1] = Math.round(g0 + (g1 - g0) * f)
    lut[i * 3 + 2] = Math.round(b0 + (b1 - b0) * f)
  }
  return lut
}

/** Value -> 0..255 with a band range (clamped); a flat range maps everything to 0. */
export function stretchByte(v: number, min: number, max: number): number {
  const span = max - min
  if (!(span > 0)) return 0
  const s = Math.round(((v - min) / span) * 255)
  return s < 0 ? 0 : s > 255 ? 255 : s
}

/**
 * Colour planes (one per band, same length) into RGBA bytes: 1 band through the ramp, 3 bands as RGB.
 * `valid[i]` = 0 makes pixel i transparent. Returns the RGBA buffer and how many pixels are valid.
 */
export function colourise(planes: Float64Array[], valid: Uint8Array, ranges: BandRange[], ramp: Ramp): { rgba: Uint8Array; validPixels: number } {
  const n = valid.length
  const rgba = new Uint8Array(n * 4)
  let validPixels = 0
  if (planes.length === 1) {
    const lut = rampTable(ramp)
    const p = planes[0]
    const { min, max } = ranges[0]
    for (let i = 0; i < n; i++) {
      if (!valid[i]) continue
      const s = stretchByte(p[i], min, max) * 3
      const o = i * 4
      rgba[o] = lut[s]
      rgba[o + 1] = lut[s + 1]
      rgba[o + 2] = lut[s + 2]
      rgba[o + 3] = 255
      validPixels++
    }
  } else {
    for (let i = 0; i < n; i++) {
      if (!valid[i]) continue
      const o = i * 4
      for (let k = 0; k < 3; k++) rgba[o + k] = stretchByte(planes[k][i], ranges[k].min, ranges[k].max)
      rgba[o + 3] = 255
      validPixels++
    }
  }
  return { rgba, validPixels }
}

/** RGBA bytes as a PNG (8-bit, colour type 6). */
export function encodeRgbaPng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const png = new PNG({ width, height, colorType: 6, inputColorType: 6, bitDepth: 8 })
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength)
  // Tiles are made on demand, not stored, so speed beats size: deflate level 1 and one row filter (Up) for every row.
  // pngjs's default tries all five filters on each row and keeps the best; on a 256 x 256 colourised tile that took
  // about 12 ms against 4 ms for Up alone, for a PNG about 3 % smaller (measured 2026-12-07, 2 cores).
  const bytes = PNG.sync.write(png, { colorType: 6, inputColorType: 6, deflateLevel: 1, filterType: 2 })
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
