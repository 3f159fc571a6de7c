/**
 * Instance masks from YOLO-seg prototypes (MODELS.md section 1, process_mask_native): mask logit =
 * coeffs[1×32] · protos[32 × (H/4·W/4)], upsampled bilinearly to the model input (half-pixel centres, as
 * torch's interpolate with align_corners=False), cropped to the detection box and thresholded at logit > 0
 * (sigmoid > 0.5). Here the upsampling is done only where it is needed: each source pixel inside the box is mapped to
 * the model input through the letterbox and to the prototype grid, and its logit sampled there, which gives the same
 * mask as upsampling the whole grid, dropping the letterbox band and resizing to the source.
 */
import type { LetterboxGeometry } from './letterbox'

export interface InstanceMask {
  /** Top-left of the mask's bounding rectangle in source pixels. */
  x: number
  y: number
  width: number
  height: number
  /** 0 | 1 per pixel, row-major inside the rectangle. */
  data: Uint8Array
  /** Pixels set. */
  area: number
}

/**
 * Build the mask of one detection. `box` is in source pixels (of this tile), `protos` is [32, mh, mw], `inputW/H`
 * the model input size, `offset` the tile's position in the source image.
 */
export function assembleMask(
  coeffs: Float32Array,
  protos: Float32Array,
  mh: number,
  mw: number,
  box: [number, number, number, number],
  g: LetterboxGeometry,
  inputW: number,
  inputH: number,
  srcW: number,
  srcH: number,
): InstanceMask {
  const x0 = Math.max(0, Math.floor(box[0]))
  const y0 = Math.max(0, Math.floor(box[1]))
  const x1 = Math.min(srcW, Math.ceil(box[2]))
  const y1 = Math.min(srcH, Math.ceil(box[3]))
  const width = Math.max(0, x1 - x0)
  const height = Math.max(0, y1 - y0)
  const data = new Uint8Array(width * height)
  if (width === 0 || height === 0) return { x: x0, y: y0, width, height, data, area: 0 }
  const sx = mw / inputW
  const sy = mh / inputH
  // Logits on the prototype cells the box touches (plus one cell of margin for interpolation).
  const gx0 = Math.max(0, Math.floor((x0 * g.scale + g.left) * sx - 1))
  const gy0 = Math.max(0, Math.floor((y0 * g.scale + g.top) * sy - 1))
  const gx1 = Math.min(mw - 1, Math.ceil((x1 * g.scale + g.left) * sx + 1))
  const gy1 = Math.min(mh - 1, Math.ceil((y1 * g.scale + g.top) * sy + 1))
  const gw = gx1 - gx0 + 1
  const logits = new Float32Array(gw * (gy1 - gy0 + 1))
  const plane = mh * mw
  for (let gy = gy0; gy <= gy1; gy++) {
    for (let gx = gx0; gx <= gx1; gx++) {
      let v = 0
      const p = gy * mw + gx
      for (let k = 0; k < coeffs.length; k++) v += coeffs[k] * protos[k * plane + p]
      logits[(gy - gy0) * gw + (gx - gx0)] = v
    }
  }
  const at = (gx: number, gy: number) => {
    const cx = Math.min(gx1, Math.max(gx0, gx))
    const cy = Math.min(gy1, Math.max(gy0, gy))
    return logits[(cy - gy0) * gw + (cx - gx0)]
  }
  let area = 0
  for (let y = y0; y < y1; y++) {
    // Centre of the source pixel, in model-input pixels, then on the prototype grid (half-pixel convention).
    const my = (y + 0.5) * g.scale + g.top
    const py = Math.min(mh - 1, Math.max(0, my * sy - 0.5))
    const py0 = Math.floor(py)
    const fy = py - py0
    for (let x = x0; x < x1; x++) {
      const cxs = x + 0.5
      if (cxs < box[0] || cxs > box[2] || y + 0.5 < box[1] || y + 0.5 > box[3]) continue
      const mx = cxs * g.scale + g.left
      const px = Math.min(mw - 1, Math.max(0, mx * sx - 0.5))
      const px0 = Math.floor(px)
      const fx = px - px0
      const v = (1 - fy) * ((1 - fx) * at(px0, py0) + fx * at(px0 + 1, py0)) + fy * ((1 - fx) * at(px0, py0 + 1) + fx * at(px0 + 1, py0 + 1))
      if (v > 0) {
        data[(y - y0) * width + (x - x0)] = 1
        area++
      }
    }
  }
  return { x: x0, y: y0, width, height, data, area }
}
