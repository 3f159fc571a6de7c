/**
 * Binary masks and label rasters on a pixel grid: the common currency of perception layers. A mask marks the pixels
 * of one class (1 = in, 0 = out); a label raster numbers classes (0 = none). Coordinates are pixels of the source
 * image, origin at the top-left corner, x to the right and y down.
 */
import type { Grid } from '../raster/raster'

export interface Mask {
  width: number
  height: number
  /** 1 = in, 0 = out; row-major, width*height bytes. */
  data: Uint8Array
}

export function emptyMask(width: number, height: number): Mask {
  return { width, height, data: new Uint8Array(width * height) }
}

export function countOn(mask: Mask, valid?: Mask | null): number {
  let n = 0
  const d = mask.data
  if (valid) {
    for (let i = 0; i < d.length; i++) if (d[i] && valid.data[i]) n++
  } else for (let i = 0; i < d.length; i++) if (d[i]) n++
  return n
}

function sameSize(a: Mask, b: Mask): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new RangeError(`masks of ${a.width}x${a.height} and ${b.width}x${b.height} pixels cannot be combined; they must share one grid`)
  }
}

export function andMask(a: Mask, b: Mask): Mask {
  sameSize(a, b)
  const out = emptyMask(a.width, a.height)
  for (let i = 0; i < a.data.length; i++) out.data[i] = a.data[i] && b.data[i] ? 1 : 0
  return out
}

export function orMask(a: Mask, b: Mask): Mask {
  sameSize(a, b)
  const out = emptyMask(a.width, a.height)
  for (let i = 0; i < a.data.length; i++) out.data[i] = a.data[i] || b.data[i] ? 1 : 0
  return out
}

export function notMask(a: Mask): Mask {
  const out = emptyMask(a.width, a.height)
  for (let i = 0; i < a.data.length; i++) out.data[i] = a.data[i] ? 0 : 1
  return out
}

/** Fill an axis-aligned box [x1, y1, x2, y2) (pixel edges, clipped to the grid) into a mask. */
export function fillBox(mask: Mask, box: readonly [number, number, number, number]): void {
  const x1 = Math.max(0, Math.floor(box[0]))
  const y1 = Math.max(0, Math.floor(box[1]))
  const x2 = Math.min(mask.width, Math.ceil(box[2]))
  const y2 = Math.min(mask.height, Math.ceil(box[3]))
  for (let y = y1; y < y2; y++) mask.data.fill(1, y * mask.width + x1, y * mask.width + Math.max(x1, x2))
}

/**
 * Burn a polygon (pixel coordinates, one or more rings, even-odd rule) into a mask: a pixel is in when its centre
 * is inside. Used for polygons that arrive from a model rather than from a mask.
 */
export function fillPolygon(mask: Mask, rings: readonly (readonly (readonly [number, number])[])[]): void {
  const { width, height } = mask
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5
    const xs: number[] = []
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]
        const [xj, yj] = ring[j]
        if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) / (yj - yi)) * (xj - xi))
      }
    }
    xs.sort((a, b) => a - b)
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k] - 0.5))
      const to = Math.min(width - 1, Math.floor(xs[k + 1] - 0.5))
      if (to >= from) mask.data.fill(1, y * width + from, y * width + to + 1)
    }
  }
}

/** A grid with no georeferencing, for plain photos. */
export function pixelGrid(width: number, height: number): Grid {
  return { width, height, geoTransform: null, crs: null, geoKeyTags: null }
}
