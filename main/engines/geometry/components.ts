/**
 * Connected components of a binary mask (flood fill with an explicit stack; 4- or 8-connectivity), with each
 * component's pixel count, bounding box and centroid in pixel coordinates (pixel centres at +0.5).
 */
import type { Mask } from './mask'

export type Connectivity = 4 | 8

export interface Component {
  /** 1-based label in `labels`. */
  id: number
  pixels: number
  /** [x1, y1, x2, y2] in pixel edges (x2, y2 exclusive). */
  bbox: [number, number, number, number]
  /** Mean of the pixel centres. */
  centroid: [number, number]
}

export interface Components {
  /** 0 = background, k = component k. */
  labels: Int32Array
  components: Component[]
  connectivity: Connectivity
}

export function connectedComponents(mask: Mask, connectivity: Connectivity = 8): Components {
  const { width: w, height: h, data } = mask
  const labels = new Int32Array(w * h)
  const components: Component[] = []
  const stack = new Int32Array(w * h)
  for (let start = 0; start < data.length; start++) {
    if (!data[start] || labels[start]) continue
    const id = components.length + 1
    let top = 0
    stack[top++] = start
    labels[start] = id
    let n = 0
    let sx = 0
    let sy = 0
    let x1 = w
    let y1 = h
    let x2 = 0
    let y2 = 0
    while (top > 0) {
      const p = stack[--top]
      const x = p % w
      const y = (p - x) / w
      n++
      sx += x
      sy += y
      if (x < x1) x1 = x
      if (x > x2) x2 = x
      if (y < y1) y1 = y
      if (y > y2) y2 = y
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy
        if (ny < 0 || ny >= h) continue
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (connectivity === 4 && dx !== 0 && dy !== 0)) continue
          const nx = x + dx
          if (nx < 0 || nx >= w) continue
          const q = ny * w + nx
          if (data[q] && !labels[q]) {
            labels[q] = id
            stack[top++] = q
          }
        }
      }
    }
    components.push({ id, pixels: n, bbox: [x1, y1, x2 + 1, y2 + 1], centroid: [sx / n + 0.5, sy / n + 0.5] })
  }
  return { labels, components, connectivity }
}

/** The mask of one component. */
export function componentMask(cc: Components, id: number, width: number, height: number): Mask {
  const data = new Uint8Array(width * height)
  for (let i = 0; i < data.length; i++) if (cc.labels[i] === id) data[i] = 1
  return { width, height, data }
}

/** Drop components smaller than `minPixels`; returns the cleaned mask and how many were dropped. */
export function removeSmallComponents(mask: Mask, minPixels: number, connectivity: Connectivity = 8): { mask: Mask; removed: number } {
  if (minPixels <= 1) return { mask, removed: 0 }
  const cc = connectedComponents(mask, connectivity)
  const small = new Uint8Array(cc.components.length + 1)
  let removed = 0
  for (const c of cc.components)
    if (c.pixels < minPixels) {
      small[c.id] = 1
      removed++
    }
  const data = new Uint8Array(mask.data.length)
  for (let i = 0; i < data.length; i++) data[i] = cc.labels[i] && !small[cc.labels[i]] ? 1 : 0
  return { mask: { width: mask.width, height: mask.height, data }, removed }
}
