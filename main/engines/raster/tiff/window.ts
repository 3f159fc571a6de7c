/**
 * The layout of a window read of the lean reader (reader.ts): the checks a read's band and window must pass, where a
 * band's samples lie in the chunks, and the walk over the tiles or strips a window crosses, in the order both reads
 * take them (rows of chunks top to bottom, each left to right; this order fixes the order of a read's running sum).
 * Split from reader.ts: readBand and readSamples walked the same chunks with the same arithmetic.
 */
import nodePath from 'node:path'
import { budget, BudgetError } from '../budget'
import { bandRows, pixelStride, type ImageHeader } from './header'
import type { BandReadOptions, PixelWindow } from './read-options'
import type { ChunkRows } from './samples'

/** The window a read covers, after checking its band, scale, offset, window and size (RangeError, BudgetError). */
export function checkRead(image: { path: string; width: number; height: number; bandCount: number }, opts: BandReadOptions): PixelWindow {
  const { band } = opts
  const file = nodePath.basename(image.path)
  if (!Number.isInteger(band) || band < 1 || band > image.bandCount) {
    throw new RangeError(`band ${band} does not exist in ${file}: it has ${image.bandCount} band(s), numbered from 1`)
  }
  if (!Number.isFinite(opts.scale) || !Number.isFinite(opts.offset)) throw new RangeError('scale and offset must be finite numbers')
  const win = opts.window ?? { col: 0, row: 0, width: image.width, height: image.height }
  if (win.col < 0 || win.row < 0 || win.width < 1 || win.height < 1 || win.col + win.width > image.width || win.row + win.height > image.height) {
    throw new RangeError(`the window ${JSON.stringify(win)} lies outside the ${image.width}x${image.height} image ${file}`)
  }
  if (win.width * win.height > budget().maxPixels) {
    throw new BudgetError(
      `a read of ${win.width} x ${win.height} pixels from ${file} is more than the ${budget().maxPixels} pixels one operation may read (RSURE_MAX_PIXELS); read a window or a smaller region, or use an overview`,
    )
  }
  return win
}

/** Where band `band` (1-based) lies: the index of its plane's first chunk, samples per pixel and its own sample. */
export interface BandLayout {
  planeBase: number
  stride: number
  sample: number
}

export function bandLayout(h: ImageHeader, band: number): BandLayout {
  const planar = h.planar === 2
  return { planeBase: planar ? (band - 1) * h.across * h.down : 0, stride: pixelStride(h), sample: planar ? 0 : band - 1 }
}

/** A row of chunks a window crosses: chunk row `ty`, the rows of its chunks, and the image rows `r0`..`r1` (exclusive) inside the window. */
export interface WindowBand {
  ty: number
  rows: number
  r0: number
  r1: number
}

/** The rows of chunks `win` crosses, top to bottom. */
export function* windowBands(h: ImageHeader, win: PixelWindow): Generator<WindowBand> {
  const ch = h.chunkHeight
  for (let ty = Math.floor(win.row / ch); ty <= Math.floor((win.row + win.height - 1) / ch); ty++) {
    const rows = bandRows(h, ty)
    yield { ty, rows, r0: Math.max(win.row, ty * ch), r1: Math.min(win.row + win.height, ty * ch + rows) }
  }
}

/**
 * One chunk of a row of chunks a window crosses: its index, the rows of it inside the window (`part`, for band
 * `layout`'s sample; see ChunkRows), and `first`: the part starts each row of the window.
 */
export interface WindowChunk {
  index: number
  part: ChunkRows
  first: boolean
}

/** The chunks of `band` that `win` crosses, left to right. */
export function* windowChunks(h: ImageHeader, win: PixelWindow, band: WindowBand, layout: BandLayout): Generator<WindowChunk> {
  const { ty, r0, r1 } = band
  const { stride, sample } = layout
  const cw = h.chunkWidth
  const ch = h.chunkHeight
  for (let tx = Math.floor(win.col / cw); tx <= Math.floor((win.col + win.width - 1) / cw); tx++) {
    // Overlap of this chunk with the window, in image pixels.
    const c0 = Math.max(win.col, tx * cw)
    const c1 = Math.min(win.col + win.width, (tx + 1) * cw, h.width)
    // The rows of this chunk inside the window: where they start in the chunk and in the output, and their steps.
    const part: ChunkRows = {
      s: (c0 - tx * cw) * stride + sample + (r0 - ty * ch) * cw * stride,
      srcRow: cw * stride,
      stride,
      d: c0 - win.col + (r0 - win.row) * win.width,
      outRow: win.width,
      n: c1 - c0,
      rows: r1 - r0,
    }
    yield { index: layout.planeBase + ty * h.across + tx, part, first: c0 === win.col }
  }
}
