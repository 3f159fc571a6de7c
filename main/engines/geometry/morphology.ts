/**
 * Binary morphology with a square structuring element of side 2r+1: dilation, erosion, opening (removes specks
 * narrower than the element) and closing (fills gaps narrower than it). Separable: a running count along rows,
 * then along columns, so the cost does not grow with r. Pixels outside the grid count as out (erosion shrinks
 * shapes at the border, as scipy.ndimage.binary_erosion does with its default border_value 0).
 */
import type { Mask } from './mask'

/** 1D pass: out[i] = 1 when any (dilate) or all (erode) of the 2r+1 neighbours along the axis are 1. */
function pass(src: Uint8Array, w: number, h: number, r: number, horizontal: boolean, erode: boolean): Uint8Array {
  const out = new Uint8Array(src.length)
  const lines = horizontal ? h : w
  const len = horizontal ? w : h
  const step = horizontal ? 1 : w
  const need = erode ? 2 * r + 1 : 1
  for (let l = 0; l < lines; l++) {
    const base = horizontal ? l * w : l
    let sum = 0
    // Window [i - r, i + r]; outside the line counts as 0.
    for (let k = 0; k <= Math.min(r, len - 1); k++) sum += src[base + k * step]
    for (let i = 0; i < len; i++) {
      out[base + i * step] = sum >= need ? 1 : 0
      const add = i + r + 1
      const drop = i - r
      if (add < len) sum += src[base + add * step]
      if (drop >= 0) sum -= src[base + drop * step]
    }
  }
  return out
}

export function dilate(mask: Mask, r = 1): Mask {
  if (r <= 0) return mask
  const { width: w, height: h } = mask
  return { width: w, height: h, data: pass(pass(mask.data, w, h, r, true, false), w, h, r, false, false) }
}

export function erode(mask: Mask, r = 1): Mask {
  if (r <= 0) return mask
  const { width: w, height: h } = mask
  return { width: w, height: h, data: pass(pass(mask.data, w, h, r, true, true), w, h, r, false, true) }
}

export const open = (mask: Mask, r = 1): Mask => dilate(erode(mask, r), r)
export const close = (mask: Mask, r = 1): Mask => erode(dilate(mask, r), r)
