/**
 * Areas of masks: pixel counts and ground areas. Planar grids multiply the count by the pixel area; geographic grids
 * add each row's geodesic pixel area (pixels of one row have one area on a north-up grid).
 */
import type { Mask } from './mask'
import { rowPixelArea, type PixelScale } from './scale'

export interface MaskArea {
  pixels: number
  /** Ground area in m², null when the grid has no scale. */
  m2: number | null
}

export function maskArea(mask: Mask, scale: PixelScale, valid?: Mask | null): MaskArea {
  const { width: w, height: h, data } = mask
  let pixels = 0
  let m2 = 0
  for (let y = 0; y < h; y++) {
    let n = 0
    for (let i = y * w, end = i + w; i < end; i++) if (data[i] && (!valid || valid.data[i])) n++
    if (n === 0) continue
    pixels += n
    const a = rowPixelArea(scale, y)
    m2 = a === null || Number.isNaN(m2) ? NaN : m2 + n * a
  }
  return { pixels, m2: scale.kind === 'none' || Number.isNaN(m2) ? null : m2 }
}
