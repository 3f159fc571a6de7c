/**
 * Decoding of Ultralytics YOLO outputs (MODELS.md section 1) into candidates in model-input pixels.
 *
 * Raw v8/v11 layout [1, 4+nc(+1 angle | +32 mask coefficients), A], channel-major (value(c, a) = data[c·A + a]):
 * rows cx, cy, w, h, then nc class scores already passed through a sigmoid, then the extra rows. Score = max class
 * score, class = argmax, kept when score > conf. There is no objectness row.
 * End-to-end layout [1, N, K]: detect/segment rows x1, y1, x2, y2, conf, cls (+32 coefficients); OBB rows
 * cx, cy, w, h, conf, cls, angle. Only the confidence threshold applies.
 */
import type { Task } from './manifest'
import { regularize, type RBox } from './rbox'
import type { Xyxy } from './nms'

export interface Candidate {
  score: number
  classId: number
  /** Axis-aligned box in model pixels (for OBB: of the regularised rotated box's corners). */
  box: Xyxy
  /** OBB only, model pixels, regularised. */
  rbox?: RBox
  /** Segment only: the 32 mask coefficients. */
  coeffs?: Float32Array
}

function rboxBounds(b: RBox): Xyxy {
  const c = Math.abs(Math.cos(b.angle))
  const s = Math.abs(Math.sin(b.angle))
  const hw = (b.w * c + b.h * s) / 2
  const hh = (b.w * s + b.h * c) / 2
  return [b.cx - hw, b.cy - hh, b.cx + hw, b.cy + hh]
}

export function decodeRaw(data: Float32Array, dims: readonly number[], nc: number, task: Task, conf: number): Candidate[] {
  const [, rows, A] = dims
  const extra = task === 'obb' ? 1 : task === 'segment' ? 32 : 0
  if (rows !== 4 + nc + extra) throw new Error(`raw output has ${rows} rows, expected ${4 + nc + extra}`)
  const out: Candidate[] = []
  for (let a = 0; a < A; a++) {
    let best = -Infinity
    let cls = 0
    for (let c = 0; c < nc; c++) {
      const v = data[(4 + c) * A + a]
      if (v > best) {
        best = v
        cls = c
      }
    }
    if (!(best > conf)) continue
    const cx = data[a]
    const cy = data[A + a]
    const w = data[2 * A + a]
    const h = data[3 * A + a]
    if (task === 'obb') {
      const rbox = regularize({ cx, cy, w, h, angle: data[(4 + nc) * A + a] })
      out.push({ score: best, classId: cls, box: rboxBounds(rbox), rbox })
      continue
    }
    const cand: Candidate = { score: best, classId: cls, box: [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2] }
    if (task === 'segment') {
      const coeffs = new Float32Array(32)
      for (let k = 0; k < 32; k++) coeffs[k] = data[(4 + nc + k) * A + a]
      cand.coeffs = coeffs
    }
    out.push(cand)
  }
  return out
}

export function decodeEnd2end(data: Float32Array, dims: readonly number[], nc: number, task: Task, conf: number): Candidate[] {
  const [, N, K] = dims
  const out: Candidate[] = []
  for (let n = 0; n < N; n++) {
    const r = n * K
    const score = data[r + 4]
    if (!(score > conf)) continue
    const classId = Math.round(data[r + 5])
    if (classId < 0 || classId >= nc) continue
    if (task === 'obb') {
      const rbox = regularize({ cx: data[r], cy: data[r + 1], w: data[r + 2], h: data[r + 3], angle: data[r + 6] })
      out.push({ score, classId, box: rboxBounds(rbox), rbox })
      continue
    }
    const cand: Candidate = { score, classId, box: [data[r], data[r + 1], data[r + 2], data[r + 3]] }
    if (task === 'segment') cand.coeffs = data.slice(r + 6, r + 38)
    out.push(cand)
  }
  return out.sort((a, b) => b.score - a.score)
}

export { rboxBounds }
