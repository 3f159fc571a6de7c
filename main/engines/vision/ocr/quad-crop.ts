/**
 * Crop a text quadrilateral to an upright rectangle (PaddleOCR get_rotate_crop_image): the output is
 * max(|p0p1|, |p3p2|) wide and max(|p0p3|, |p1p2|) high, sampled bilinearly along the quad's sides. Hand-written
 * because sharp has no quad/perspective warp; the quads here are rectangles, so the bilinear map along the sides is
 * the same as the perspective one.
 */
import type { RgbImage } from '../image'
import type { Point } from './db-postprocess'

export function cropQuad(img: RgbImage, quad: Point[]): RgbImage {
  const [p0, p1, p2, p3] = quad
  const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1])
  const width = Math.max(1, Math.round(Math.max(dist(p0, p1), dist(p3, p2))))
  const height = Math.max(1, Math.round(Math.max(dist(p0, p3), dist(p1, p2))))
  const out = new Uint8Array(width * height * 3)
  const { data, width: W, height: H } = img
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) / width
      // Bilinear blend of the four corners gives the source position of the output pixel centre.
      const sx = (1 - v) * ((1 - u) * p0[0] + u * p1[0]) + v * ((1 - u) * p3[0] + u * p2[0]) - 0.5
      const sy = (1 - v) * ((1 - u) * p0[1] + u * p1[1]) + v * ((1 - u) * p3[1] + u * p2[1]) - 0.5
      const x0 = Math.max(0, Math.min(W - 1, Math.floor(sx)))
      const y0 = Math.max(0, Math.min(H - 1, Math.floor(sy)))
      const x1 = Math.min(W - 1, x0 + 1)
      const y1 = Math.min(H - 1, y0 + 1)
      const fx = Math.max(0, Math.min(1, sx - x0))
      const fy = Math.max(0, Math.min(1, sy - y0))
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * W + x0) * 3 + c]
        const b = data[(y0 * W + x1) * 3 + c]
        const d = data[(y1 * W + x0) * 3 + c]
        const e = data[(y1 * W + x1) * 3 + c]
        out[(y * width + x) * 3 + c] = Math.round((1 - fy) * ((1 - fx) * a + fx * b) + fy * ((1 - fx) * d + fx * e))
      }
    }
  }
  return { data: out, width, height }
}

/** Rotate an RGB image by 90° clockwise (for vertical text lines) or 180°. */
export function rotateRgb(img: RgbImage, turns: 1 | 2): RgbImage {
  const { data, width: W, height: H } = img
  const ow = turns === 1 ? H : W
  const oh = turns === 1 ? W : H
  const out = new Uint8Array(W * H * 3)
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [nx, ny] = turns === 1 ? [H - 1 - y, x] : [W - 1 - x, H - 1 - y]
      out.set(data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3), (ny * ow + nx) * 3)
    }
  }
  return { data: out, width: ow, height: oh }
}
