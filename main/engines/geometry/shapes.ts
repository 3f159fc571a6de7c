/**
 * Instances as sets of axis-aligned rectangles in pixel coordinates: a detector box is one rectangle; a mask
 * component is the unit squares of its boundary pixels (interior pixels can never hold a closest point). Distances
 * are edge to edge: two shapes that share a pixel edge or overlap are 0 apart.
 */
import { connectedComponents, type Connectivity } from './components'
import type { Mask } from './mask'
import { groundDistance, type PixelScale } from './scale'

export type Rect = [number, number, number, number]

export interface Shape {
  /** Rectangles [x1, y1, x2, y2] (pixel edges). */
  rects: Rect[]
  bbox: Rect
}

export function boxShape(box: Rect): Shape {
  return { rects: [box], bbox: box }
}

/** One shape per connected component of a mask. */
export function componentShapes(mask: Mask, connectivity: Connectivity = 8): Shape[] {
  const { width: w, height: h } = mask
  const cc = connectedComponents(mask, connectivity)
  const shapes: Shape[] = cc.components.map((c) => ({ rects: [], bbox: c.bbox }))
  const L = cc.labels
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const id = L[y * w + x]
      if (!id) continue
      const edge =
        x === 0 ||
        y === 0 ||
        x === w - 1 ||
        y === h - 1 ||
        L[y * w + x - 1] !== id ||
        L[y * w + x + 1] !== id ||
        L[(y - 1) * w + x] !== id ||
        L[(y + 1) * w + x] !== id
      if (edge) shapes[id - 1].rects.push([x, y, x + 1, y + 1])
    }
  }
  return shapes
}

function axis(a1: number, a2: number, b1: number, b2: number): [number, number] {
  if (a2 < b1) return [a2, b1]
  if (b2 < a1) return [a1, b2]
  const m = (Math.max(a1, b1) + Math.min(a2, b2)) / 2
  return [m, m]
}

/** Closest points of two rectangles. */
export function closestPoints(a: Rect, b: Rect): [[number, number], [number, number]] {
  const [ax, bx] = axis(a[0], a[2], b[0], b[2])
  const [ay, by] = axis(a[1], a[3], b[1], b[3])
  return [
    [ax, ay],
    [bx, by],
  ]
}

/** Metres per pixel along x and y for ranking candidate pairs (exact for planar scales, local for geographic). */
function weights(scale: PixelScale, y: number): [number, number] {
  switch (scale.kind) {
    case 'projected':
      return [scale.sx, scale.sy]
    case 'gsd':
      return [scale.gsd, scale.gsd]
    case 'geographic': {
      const lat = ((scale.gt[3] + y * scale.gt[5]) * Math.PI) / 180
      return [Math.abs(scale.gt[1]) * 111320 * Math.cos(lat), Math.abs(scale.gt[5]) * 110574]
    }
    case 'none':
      return [1, 1]
  }
}

export interface ShapeDistance {
  /** Pixel-space distance between the closest points (edge to edge). */
  pixels: number
  /** Ground distance in metres, null without a scale. */
  metres: number | null
  points: [[number, number], [number, number]]
}

/** The closest pair of points of two shapes and their distance. */
export function shapeDistance(a: Shape, b: Shape, scale: PixelScale): ShapeDistance {
  const [wx, wy] = weights(scale, (a.bbox[1] + b.bbox[3]) / 2)
  let best = Infinity
  let pts: [[number, number], [number, number]] = [
    [0, 0],
    [0, 0],
  ]
  for (const ra of a.rects) {
    for (const rb of b.rects) {
      const [p, q] = closestPoints(ra, rb)
      const d = ((p[0] - q[0]) * wx) ** 2 + ((p[1] - q[1]) * wy) ** 2
      if (d < best) {
        best = d
        pts = [p, q]
        if (d === 0) break
      }
    }
    if (best === 0) break
  }
  const pixels = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1])
  return { pixels, metres: groundDistance(scale, pts[0], pts[1]), points: pts }
}

/**
 * Longest extent of a shape (maximum Feret diameter over its rectangle corners), as a length. For a box it is the
 * diagonal; for a component, the largest corner-to-corner distance of its boundary pixels.
 */
export function shapeLength(s: Shape, scale: PixelScale): { pixels: number; metres: number | null; points: [[number, number], [number, number]] } {
  const pts: [number, number][] = []
  for (const r of s.rects) pts.push([r[0], r[1]], [r[2], r[1]], [r[2], r[3]], [r[0], r[3]])
  const hull = convexHull(pts)
  let best = -1
  let pair: [[number, number], [number, number]] = [hull[0], hull[0]]
  const [wx, wy] = weights(scale, (s.bbox[1] + s.bbox[3]) / 2)
  for (let i = 0; i < hull.length; i++) {
    for (let j = i + 1; j < hull.length; j++) {
      const d = ((hull[i][0] - hull[j][0]) * wx) ** 2 + ((hull[i][1] - hull[j][1]) * wy) ** 2
      if (d > best) {
        best = d
        pair = [hull[i], hull[j]]
      }
    }
  }
  return { pixels: Math.hypot(pair[0][0] - pair[1][0], pair[0][1] - pair[1][1]), metres: groundDistance(scale, pair[0], pair[1]), points: pair }
}

/** Andrew's monotone chain. */
function convexHull(points: [number, number][]): [number, number][] {
  const p = [...new Map(points.map((q) => [`${q[0]},${q[1]}`, q])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (p.length <= 2) return p
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const lower: [number, number][] = []
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop()
    lower.push(q)
  }
  const upper: [number, number][] = []
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop()
    upper.push(q)
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)]
}
