/**
 * Non-maximum suppression for axis-aligned boxes (Ultralytics defaults: IoU 0.7, class-aware by offsetting each
 * class's boxes by cls·7680 so boxes of different classes never overlap; MODELS.md section 1). Greedy in score
 * order; returns the indices kept, best first, at most `maxDet`.
 */

export type Xyxy = [number, number, number, number]

export function iouXyxy(a: Xyxy, b: Xyxy): number {
  const iw = Math.min(a[2], b[2]) - Math.max(a[0], b[0])
  const ih = Math.min(a[3], b[3]) - Math.max(a[1], b[1])
  if (iw <= 0 || ih <= 0) return 0
  const inter = iw * ih
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
  return union > 0 ? inter / union : 0
}

/** Offset separating classes in class-aware NMS (Ultralytics' max_wh). */
export const CLASS_OFFSET = 7680

export function nmsXyxy(boxes: Xyxy[], scores: number[], classes: number[] | null, iou: number, maxDet = 300): number[] {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a])
  const shifted = boxes.map((b, i) => {
    const o = classes ? classes[i] * CLASS_OFFSET : 0
    return [b[0] + o, b[1] + o, b[2] + o, b[3] + o] as Xyxy
  })
  const keep: number[] = []
  for (const i of order) {
    if (keep.length >= maxDet) break
    if (keep.every((k) => iouXyxy(shifted[k], shifted[i]) <= iou)) keep.push(i)
  }
  return keep
}
