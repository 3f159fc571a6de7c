/**
 * Views of the input images for a vision-language model: an overview of each image (longest side at most 1024 px)
 * and, with `view: tiles`, non-overlapping 1024 px detail tiles of images larger than that. Each view records how
 * its pixels map back to the source image (scale and offset), so geometry returned on a view lands on the source.
 * Multi-band rasters are shown as true colour (red, green, blue) stretched between their 2nd and 98th percentiles.
 */
import sharp from 'sharp'
import type { BandStack } from '../../engines/classical/band-stack'
import type { VlmImage } from './backends'

export const VIEW_SIDE = 1024

export interface View extends VlmImage {
  imageIndex: number
  /** Source pixel = view pixel * scale + offset. */
  scale: number
  offset: [number, number]
  width: number
  height: number
}

function percentile(values: Float64Array, q: number): number {
  const finite = Array.from(values).filter((v) => Number.isFinite(v))
  if (!finite.length) return 0
  finite.sort((a, b) => a - b)
  return finite[Math.min(finite.length - 1, Math.floor(q * (finite.length - 1)))]
}

/** The stack as 8-bit RGB (grey when it has no colour bands). */
export function rgbOf(stack: BandStack): Uint8Array {
  const roles = ['red', 'green', 'blue'].map((r) => stack.bands[r] ?? stack.bands.gray ?? Object.values(stack.bands)[0])
  const n = stack.grid.width * stack.grid.height
  const out = new Uint8Array(n * 3)
  const eightBit = stack.source.kind === 'picture'
  roles.forEach((b, c) => {
    const lo = eightBit ? 0 : percentile(b, 0.02)
    const hi = eightBit ? 255 : percentile(b, 0.98)
    const k = hi > lo ? 255 / (hi - lo) : 0
    for (let i = 0; i < n; i++) out[i * 3 + c] = b[i] === b[i] ? Math.max(0, Math.min(255, Math.round((b[i] - lo) * k))) : 0
  })
  return out
}

async function encode(rgb: Uint8Array, w: number, h: number, crop: { left: number; top: number; width: number; height: number } | null, side: number) {
  let img = sharp(Buffer.from(rgb), { raw: { width: w, height: h, channels: 3 } })
  if (crop) img = img.extract(crop)
  const cw = crop?.width ?? w
  const ch = crop?.height ?? h
  const scale = Math.max(1, Math.max(cw, ch) / side)
  const vw = Math.round(cw / scale)
  const vh = Math.round(ch / scale)
  const png = await img.resize(vw, vh, { kernel: 'lanczos3' }).png().toBuffer()
  return { dataUri: `data:image/png;base64,${png.toString('base64')}`, scale: cw / vw, width: vw, height: vh }
}

export async function buildViews(stacks: BandStack[], tiles: boolean): Promise<View[]> {
  const views: View[] = []
  for (const [i, s] of stacks.entries()) {
    const { width: w, height: h } = s.grid
    const rgb = rgbOf(s)
    const o = await encode(rgb, w, h, null, VIEW_SIDE)
    views.push({
      ...o,
      imageIndex: i,
      offset: [0, 0],
      description: `view ${views.length + 1}: overview of image ${i + 1} (${w}x${h} px shown at ${o.width}x${o.height})`,
    })
    if (tiles && Math.max(w, h) > VIEW_SIDE) {
      for (let top = 0; top < h; top += VIEW_SIDE)
        for (let left = 0; left < w; left += VIEW_SIDE) {
          const crop = { left, top, width: Math.min(VIEW_SIDE, w - left), height: Math.min(VIEW_SIDE, h - top) }
          const t = await encode(rgb, w, h, crop, VIEW_SIDE)
          views.push({
            ...t,
            imageIndex: i,
            offset: [left, top],
            description: `view ${views.length + 1}: detail tile of image ${i + 1}, source pixels x ${left}-${left + crop.width}, y ${top}-${top + crop.height}`,
          })
        }
    }
  }
  return views
}

/** A point on a view -> source pixels. */
export function toSource(v: View, p: [number, number]): [number, number] {
  return [p[0] * v.scale + v.offset[0], p[1] * v.scale + v.offset[1]]
}
