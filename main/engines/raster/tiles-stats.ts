/**
 * The value range of each band for a layer's stretch, the same for every tile: computed once per layer and band
 * from its smallest pyramid level (the whole level when it has at most SAMPLE_PIXELS pixels, else an evenly spaced
 * grid of small windows over it), so the first view never waits for a full-resolution pass. Percentiles of an
 * overview approximate those of the full resolution, which is what a display stretch needs.
 */
import { percentile } from './preview'
import type { PixelWindow } from './tiff/reader'
import type { TiffSource, TileSource } from './tiles-source'
import type { BandRange, TileStretch } from './tiles-style'

/** Most pixels read per band for the statistics. */
export const SAMPLE_PIXELS = 1 << 20
/** Side of each window when the smallest level is too large to read whole. */
const WINDOW = 64

const cache = new WeakMap<TileSource, Map<number, Float64Array>>()

/** Sorted valid values of one band (1-based) from the source's sample. */
export async function bandSample(source: TileSource, band: number): Promise<Float64Array> {
  let perBand = cache.get(source)
  if (!perBand) cache.set(source, (perBand = new Map()))
  const hit = perBand.get(band)
  if (hit) return hit
  const values = source.kind === 'picture' ? pictureSample(source.rgba, band, source.width * source.height) : await tiffSample(source, band)
  const sorted = values.sort()
  perBand.set(band, sorted)
  return sorted
}

function pictureSample(rgba: Uint8Array, band: number, pixels: number): Float64Array {
  const step = Math.max(1, Math.floor(pixels / SAMPLE_PIXELS))
  const out: number[] = []
  for (let i = 0; i < pixels; i += step) if (rgba[i * 4 + 3] > 0) out.push(rgba[i * 4 + band - 1])
  return Float64Array.from(out)
}

async function tiffSample(source: TiffSource, band: number): Promise<Float64Array> {
  const levelIndex = source.levels.length - 1
  const level = source.levels[levelIndex]
  const windows: PixelWindow[] = []
  if (level.width * level.height <= SAMPLE_PIXELS) windows.push({ col: 0, row: 0, width: level.width, height: level.height })
  else {
    const per = Math.max(1, Math.floor(Math.sqrt(SAMPLE_PIXELS / (WINDOW * WINDOW))))
    for (let j = 0; j < per; j++) {
      for (let i = 0; i < per; i++) {
        const x = Math.max(0, Math.min(level.width - WINDOW, Math.floor(((i + 0.5) * level.width) / per - WINDOW / 2)))
        const y = Math.max(0, Math.min(level.height - WINDOW, Math.floor(((j + 0.5) * level.height) / per - WINDOW / 2)))
        windows.push({ col: x, row: y, width: Math.min(level.width, x + WINDOW) - x, height: Math.min(level.height, y + WINDOW) - y })
      }
    }
  }
  const out: number[] = []
  for (const window of windows) {
    const { planes } = await source.raster.readWindow(levelIndex, [band], window)
    const data = planes[0]
    // Invalid pixels (nodata, NaN, infinities) are NaN here.
    for (let i = 0; i < data.length; i++) if (data[i] === data[i]) out.push(data[i])
  }
  return Float64Array.from(out)
}

/** The range each band is stretched over; a band with no valid pixel gets 0..1. A nodata override is left out. */
export async function bandRanges(source: TileSource, bands: number[], stretch: TileStretch, nodata?: number): Promise<BandRange[]> {
  return Promise.all(
    bands.map(async (band) => {
      if (stretch.kind === 'range') return { band, min: stretch.min, max: stretch.max }
      const all = await bandSample(source, band)
      const sorted = nodata === undefined ? all : all.filter((v) => v !== nodata)
      if (sorted.length === 0) return { band, min: 0, max: 1 }
      if (stretch.kind === 'minmax') return { band, min: sorted[0], max: sorted[sorted.length - 1] }
      return { band, min: percentile(sorted, stretch.low), max: percentile(sorted, stretch.high) }
    }),
  )
}
