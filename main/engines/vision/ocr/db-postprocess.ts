/**
 * DB (Differentiable Binarization) post-processing of a PaddleOCR text-detection map, written here because no npm
 * package does it without OpenCV: threshold the probability map (0.3), take 8-connected components, fit each one's
 * minimum-area rectangle (rotating calipers over the convex hull of its pixel centres, as OpenCV's minAreaRect over
 * findContours points), score it by the mean probability of its pixels, drop it under 0.6, and grow it by the DB
 * unclip distance d = area·ratio / perimeter (ratio 1.5), which for a rectangle w×h gives (w + 2d) × (h + 2d).
 * Defaults are PaddleOCR's (thresh 0.3, box_thresh 0.6, unclip_ratio 1.5, min_size 3, max_candidates 1000).
 */
import { corners, type RBox } from '../rbox'

export type Point = [number, number]

export interface DbOptions {
  thresh?: number
  boxThresh?: number
  unclipRatio?: number
  minSize?: number
  maxCandidates?: number
}

export interface TextBox {
  /** Four corners in map pixels, clockwise from the top-left. */
  points: Point[]
  score: number
}

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in a y-up sense. */
export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (pts.length <= 2) return pts
  const lower: Point[] = []
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop()
    lower.push(p)
  }
  const upper: Point[] = []
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop()
    upper.push(p)
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1))
}

/** A rotated rectangle: the oriented box of rbox.ts (cx, cy, w along `angle`, h across it; radians, y down). */
export type RotatedRect = RBox

/** Minimum-area enclosing rectangle of a point set (rotating calipers on the hull edges). */
export function minAreaRect(points: Point[]): RotatedRect {
  const hull = convexHull(points)
  if (hull.length === 1) return { cx: hull[0][0], cy: hull[0][1], w: 0, h: 0, angle: 0 }
  let best: RotatedRect | null = null
  let bestArea = Infinity
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]
    const b = hull[(i + 1) % hull.length]
    const len = Math.hypot(b[0] - a[0], b[1] - a[1])
    if (len === 0) continue
    const ux = (b[0] - a[0]) / len
    const uy = (b[1] - a[1]) / len
    let minU = Infinity
    let maxU = -Infinity
    let minV = Infinity
    let maxV = -Infinity
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy
      const v = -p[0] * uy + p[1] * ux
      minU = Math.min(minU, u)
      maxU = Math.max(maxU, u)
      minV = Math.min(minV, v)
      maxV = Math.max(maxV, v)
    }
    const area = (maxU - minU) * (maxV - minV)
    if (area < bestArea - 1e-9) {
      bestArea = area
      const cu = (minU + maxU) / 2
      const cv = (minV + maxV) / 2
      best = { cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, w: maxU - minU, h: maxV - minV, angle: Math.atan2(uy, ux) }
    }
  }
  return best!
}

/** Corners of a rotated rectangle ordered clockwise on screen (y down) starting at the top-left one. */
export function rectCorners(r: RotatedRect): Point[] {
  return orderClockwise(corners(r))
}

/** PaddleOCR's order: top-left, top-right, bottom-right, bottom-left (by x, then y within each pair). */
export function orderClockwise(pts: Point[]): Point[] {
  const byX = [...pts].sort((a, b) => a[0] - b[0])
  const [l1, l2] = byX[0][1] <= byX[1][1] ? [byX[0], byX[1]] : [byX[1], byX[0]]
  const [r1, r2] = byX[2][1] <= byX[3][1] ? [byX[2], byX[3]] : [byX[3], byX[2]]
  return [l1, r1, r2, l2]
}

/** Text boxes from a probability map `prob` (h × w, row-major). */
export function dbBoxes(prob: Float32Array, w: number, h: number, opts: DbOptions = {}): TextBox[] {
  const thresh = opts.thresh ?? 0.3
  const boxThresh = opts.boxThresh ?? 0.6
  const unclipRatio = opts.unclipRatio ?? 1.5
  const minSize = opts.minSize ?? 3
  const maxCandidates = opts.maxCandidates ?? 1000
  const label = new Int32Array(w * h)
  const out: TextBox[] = []
  let next = 0
  const stack: number[] = []
  for (let start = 0; start < w * h && next < maxCandidates; start++) {
    if (label[start] !== 0 || !(prob[start] > thresh)) continue
    next++
    label[start] = next
    stack.push(start)
    const pts: Point[] = []
    let sum = 0
    while (stack.length) {
      const i = stack.pop()!
      const x = i % w
      const y = (i - x) / w
      pts.push([x, y])
      sum += prob[i]
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy
        if (yy < 0 || yy >= h) continue
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx
          if (xx < 0 || xx >= w || (dx === 0 && dy === 0)) continue
          const j = yy * w + xx
          if (label[j] === 0 && prob[j] > thresh) {
            label[j] = next
            stack.push(j)
          }
        }
      }
    }
    const score = sum / pts.length
    if (score < boxThresh) continue
    const rect = minAreaRect(pts)
    if (Math.min(rect.w, rect.h) < minSize) continue
    const area = rect.w * rect.h
    const perimeter = 2 * (rect.w + rect.h)
    const d = perimeter > 0 ? (area * unclipRatio) / perimeter : 0
    const grown = { ...rect, w: rect.w + 2 * d, h: rect.h + 2 * d }
    if (Math.min(grown.w, grown.h) < minSize + 2) continue
    out.push({ points: rectCorners(grown).map(([x, y]) => [Math.min(w, Math.max(0, x)), Math.min(h, Math.max(0, y))] as Point), score })
  }
  return out
}
