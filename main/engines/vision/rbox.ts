/**
 * Oriented boxes (cx, cy, w, h, θ; image axes, y down, θ in radians) as Ultralytics treats them (MODELS.md
 * section 1): ProbIoU between the Gaussian approximations of two boxes, rotated NMS on it, angle regularisation and
 * corner points.
 */

export interface RBox {
  cx: number
  cy: number
  w: number
  h: number
  angle: number
}

const EPS = 1e-7

function covariance(b: RBox): [number, number, number] {
  const a = (b.w * b.w) / 12
  const bb = (b.h * b.h) / 12
  const c = Math.cos(b.angle)
  const s = Math.sin(b.angle)
  return [a * c * c + bb * s * s, a * s * s + bb * c * c, (a - bb) * c * s]
}

/** ProbIoU of two oriented boxes (1 − Hellinger distance of their Gaussians), in [0, 1]. */
export function probIou(b1: RBox, b2: RBox): number {
  const [a1, bb1, c1] = covariance(b1)
  const [a2, bb2, c2] = covariance(b2)
  const S = a1 + a2
  const T = bb1 + bb2
  const U = c1 + c2
  const D = S * T - U * U
  const t1 = (0.25 * (S * (b1.cy - b2.cy) ** 2 + T * (b1.cx - b2.cx) ** 2)) / (D + EPS)
  const t2 = (0.5 * U * (b2.cx - b1.cx) * (b1.cy - b2.cy)) / (D + EPS)
  const t3 = 0.5 * Math.log(D / (4 * Math.sqrt(Math.max(a1 * bb1 - c1 * c1, 0) * Math.max(a2 * bb2 - c2 * c2, 0)) + EPS) + EPS)
  const bd = Math.min(Math.max(t1 + t2 + t3, EPS), 100)
  return 1 - Math.sqrt(1 - Math.exp(-bd) + EPS)
}

/**
 * Rotated NMS: sort by score; keep a box when its ProbIoU with every better-scored kept-or-not box is under the
 * threshold (Ultralytics compares against all better boxes, the upper triangle of the IoU matrix, not only kept ones).
 */
export function nmsRotated(boxes: RBox[], scores: number[], classes: number[] | null, iou: number, maxDet = 300): number[] {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a])
  // Class-aware: offset the centres only (Ultralytics offsets cx, cy by cls·max_wh).
  const shifted = boxes.map((b, i) => (classes ? { ...b, cx: b.cx + classes[i] * 7680, cy: b.cy + classes[i] * 7680 } : b))
  const keep: number[] = []
  for (let r = 0; r < order.length && keep.length < maxDet; r++) {
    const i = order[r]
    let suppressed = false
    for (let q = 0; q < r; q++) {
      if (probIou(shifted[order[q]], shifted[i]) >= iou) {
        suppressed = true
        break
      }
    }
    if (!suppressed) keep.push(i)
  }
  return keep
}

/** Ultralytics regularize_rboxes: swap w and h when θ mod π ≥ π/2, then θ mod π/2, so θ ∈ [0, π/2). */
export function regularize(b: RBox): RBox {
  const m = ((b.angle % Math.PI) + Math.PI) % Math.PI
  const swap = m >= Math.PI / 2
  const angle = ((b.angle % (Math.PI / 2)) + Math.PI / 2) % (Math.PI / 2)
  return { cx: b.cx, cy: b.cy, w: swap ? b.h : b.w, h: swap ? b.w : b.h, angle }
}

/** The four corners (xywhr2xyxyxyxy): c+v1+v2, c+v1−v2, c−v1−v2, c−v1+v2. */
export function corners(b: RBox): [number, number][] {
  const c = Math.cos(b.angle)
  const s = Math.sin(b.angle)
  const v1 = [(b.w / 2) * c, (b.w / 2) * s]
  const v2 = [(-b.h / 2) * s, (b.h / 2) * c]
  return [
    [b.cx + v1[0] + v2[0], b.cy + v1[1] + v2[1]],
    [b.cx + v1[0] - v2[0], b.cy + v1[1] - v2[1]],
    [b.cx - v1[0] - v2[0], b.cy - v1[1] - v2[1]],
    [b.cx - v1[0] + v2[0], b.cy - v1[1] + v2[1]],
  ]
}
