/**
 * Ultralytics letterbox (MODELS.md section 1): scale the source w0 x h0 by r = min(H/h0, W/w0) to nw x nh, bilinear,
 * then pad to W x H with grey 114, splitting the padding as Ultralytics does (top = round(ph − 0.1), bottom =
 * round(ph + 0.1), same for left/right) so a 1-pixel odd remainder goes to the bottom/right.
 * Model coordinates map back to the source by x = (x' − left)/r, y = (y' − top)/r.
 */
import { padImage, resizeImage, type RgbImage } from './image'

export interface LetterboxGeometry {
  /** Scale factor source -> model. */
  scale: number
  /** Size of the scaled image inside the model input. */
  width: number
  height: number
  top: number
  bottom: number
  left: number
  right: number
}

export const LETTERBOX_GREY = 114

/** Python's round() (used by Ultralytics) rounds half to even. */
function roundHalfEven(v: number): number {
  const f = Math.floor(v)
  const d = v - f
  const r = Math.abs(d - 0.5) < 1e-9 ? (f % 2 === 0 ? f : f + 1) : Math.round(v)
  return r === 0 ? 0 : r // no negative zero
}

export function letterboxGeometry(w0: number, h0: number, W: number, H: number): LetterboxGeometry {
  const scale = Math.min(H / h0, W / w0)
  const width = roundHalfEven(w0 * scale)
  const height = roundHalfEven(h0 * scale)
  const pw = (W - width) / 2
  const ph = (H - height) / 2
  // round(ph − 0.1) + round(ph + 0.1) = 2·ph = H − height, so the bottom band is what remains below.
  const top = roundHalfEven(ph - 0.1)
  const left = roundHalfEven(pw - 0.1)
  return { scale, width, height, top, bottom: H - height - top, left, right: W - width - left }
}

/** The letterboxed image (W x H) and its geometry. */
export async function letterbox(img: RgbImage, W: number, H: number): Promise<{ image: RgbImage; geometry: LetterboxGeometry }> {
  const g = letterboxGeometry(img.width, img.height, W, H)
  const scaled = await resizeImage(img, g.width, g.height, 'linear')
  const image = await padImage(scaled, { top: g.top, bottom: g.bottom, left: g.left, right: g.right }, LETTERBOX_GREY)
  return { image, geometry: g }
}

/** A point in model input pixels back to source pixels. */
export function unletterboxPoint(g: LetterboxGeometry, x: number, y: number): [number, number] {
  return [(x - g.left) / g.scale, (y - g.top) / g.scale]
}
