import { describe, expect, it } from 'vitest'
import { ctcDecode } from '../../../../main/engines/vision/ocr/ctc'
import { dbBoxes, minAreaRect } from '../../../../main/engines/vision/ocr/db-postprocess'

describe('CTC greedy decoding', () => {
  it('collapses repeats, drops blanks, maps the last class to a space and averages kept probabilities', () => {
    const dict = ['a', 'b', 'c']
    const K = dict.length + 2 // blank + 3 + space
    // best classes per step: a a blank a b space c c
    const best = [1, 1, 0, 1, 2, 4, 3, 3]
    const p = [0.9, 0.8, 0.7, 0.6, 0.5, 0.9, 0.7, 0.95]
    const probs = new Float32Array(best.length * K)
    best.forEach((k, t) => {
      for (let j = 0; j < K; j++) probs[t * K + j] = (1 - p[t]) / (K - 1)
      probs[t * K + k] = p[t]
    })
    const r = ctcDecode(probs, best.length, K, dict)
    expect(r.text).toBe('aab c')
    // kept: t0 (0.9), t3 (0.6), t4 (0.5), t5 (0.9), t6 (0.7)
    expect(r.score).toBeCloseTo((0.9 + 0.6 + 0.5 + 0.9 + 0.7) / 5, 6)
  })
})

describe('DB post-processing', () => {
  it('fits the minimum-area rectangle of a rotated point set', () => {
    // Corners of a 10 x 4 rectangle turned by 30 degrees around (50, 40).
    const a = Math.PI / 6
    const pts: [number, number][] = []
    for (let u = -5; u <= 5; u += 0.5) for (let v = -2; v <= 2; v += 0.5) pts.push([50 + u * Math.cos(a) - v * Math.sin(a), 40 + u * Math.sin(a) + v * Math.cos(a)])
    const r = minAreaRect(pts)
    expect(r.w * r.h).toBeCloseTo(40, 6)
    expect([Math.max(r.w, r.h), Math.min(r.w, r.h)].map((x) => +x.toFixed(6))).toEqual([10, 4])
    expect(r.cx).toBeCloseTo(50, 6)
    expect(r.cy).toBeCloseTo(40, 6)
  })

  it('finds one box per text blob, grows it by the unclip distance and drops weak blobs', () => {
    const w = 60
    const h = 30
    const prob = new Float32Array(w * h)
    // Strong blob: columns 10..29, rows 5..9 (pixel centres span 19 x 4). Weak blob (0.4 mean) at rows 20..24.
    for (let y = 5; y <= 9; y++) for (let x = 10; x <= 29; x++) prob[y * w + x] = 0.9
    for (let y = 20; y <= 24; y++) for (let x = 10; x <= 29; x++) prob[y * w + x] = 0.4
    const boxes = dbBoxes(prob, w, h)
    expect(boxes).toHaveLength(1)
    expect(boxes[0].score).toBeCloseTo(0.9, 6)
    // d = area·1.5/perimeter = 19·4·1.5/(2·23) = 2.478...; box (10−d .. 29+d) x (5−d .. 9+d)
    const d = (19 * 4 * 1.5) / 46
    const [tl, tr, br, bl] = boxes[0].points
    expect(tl[0]).toBeCloseTo(10 - d, 6)
    expect(tl[1]).toBeCloseTo(5 - d, 6)
    expect(tr[0]).toBeCloseTo(29 + d, 6)
    expect(br[1]).toBeCloseTo(9 + d, 6)
    expect(bl[0]).toBeCloseTo(10 - d, 6)
  })
})
