/**
 * Document-mode OCR with a PaddleOCR pack (det DB + rec CTC, optional direction classifier), all in the inference
 * worker. Steps and defaults follow PaddleOCR's predict_system:
 * 1. Detection: longest side limited to 960 (never enlarged), both sides rounded to multiples of 32; BGR,
 *    (x/255 − mean)/std with ImageNet mean/std; DB post-processing (db-postprocess.ts) with unclip ratio 2.5
 *    (see OcrOptions.unclipRatio); boxes scaled back.
 * 2. Boxes sorted top-to-bottom, then left-to-right for boxes within 10 px vertically.
 * 3. Each box cropped upright (quad-crop.ts), rotated 90° when at least 1.5 times taller than wide.
 * 4. Optional classifier (48×192 input) turns a line by 180° when it says '180' with score > 0.9.
 * 5. Recognition: height 48, width 48·max(320/48, w/h), right-padded with zeros; BGR, (x/255 − 0.5)/0.5;
 *    CTC greedy decoding with the pack's dictionary (ctc.ts); lines under score 0.5 are dropped.
 */
import { packEvidence, type PackRunEvidence } from '../manifest'
import { dictionaryEntries, openPackModel, type PreparedPack } from '../registry'
import { float32Output, VisionError } from '../errors'
import { resizeImage, type LoadedImage, type RgbImage } from '../image'
import type { Provider } from '../providers'
import type { SessionHandle, VisionRuntime } from '../runtime/host'
import { ctcDecode } from './ctc'
import { dbBoxes, type Point } from './db-postprocess'
import { cropQuad, rotateRgb } from './quad-crop'

export interface OcrLine {
  text: string
  /** Mean character probability, 0..1. */
  score: number
  /** Corners in source pixels, clockwise from the top-left. */
  box: Point[]
  /** Detection score (mean DB probability inside the box). */
  detScore: number
}

export interface OcrResult {
  text: string
  lines: OcrLine[]
  evidence: PackRunEvidence & {
    detInput: [number, number]
    boxesFound: number
    linesDropped: number
    classifierUsed: boolean
    rotated180: number
    thresholds: { det: number; box: number; unclip: number; rec: number }
    timingsMs: { det: number; rec: number }
  }
}

export interface OcrOptions {
  providers?: Provider[]
  signal?: AbortSignal
  /** Longest side of the detection input (default 960). */
  limitSide?: number
  /** Drop recognised lines under this score (default 0.5). */
  dropScore?: number
  /**
   * DB unclip ratio: how far detected text cores are grown into line boxes. Default 2.5, not PaddleOCR's 1.5: on
   * rendered Latin text (tests/unit/engines/vision/ocr-real.test.ts) 1.5 crops lines so tightly that the PP-OCRv4
   * recogniser drops most spaces between words ("Cloudcover12percent"), while 2.5 keeps them and still separates
   * lines 26 px apart in 18 px type.
   */
  unclipRatio?: number
  /** Use the direction classifier when the pack has one (default true). */
  useClassifier?: boolean
}

const REC_H = 48

/** Planar CHW float32 from RGB with the channels in BGR order and (x·scale − mean)/std per model channel. */
function bgrChw(img: RgbImage, scale: number, mean: number[], std: number[], outW = img.width): Float32Array {
  const { width: w, height: h, data } = img
  const plane = outW * h
  const out = new Float32Array(3 * plane)
  for (let c = 0; c < 3; c++) {
    const src = 2 - c // BGR: model channel 0 is blue
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[c * plane + y * outW + x] = (data[(y * w + x) * 3 + src] * scale - mean[c]) / std[c]
  }
  return out
}

function sortBoxes<T extends { box: Point[] }>(items: T[]): T[] {
  const s = [...items].sort((a, b) => a.box[0][1] - b.box[0][1] || a.box[0][0] - b.box[0][0])
  // PaddleOCR's pass: neighbours on the same line (within 10 px) are ordered by x.
  for (let i = 0; i < s.length - 1; i++) {
    for (let j = i; j >= 0; j--) {
      if (Math.abs(s[j + 1].box[0][1] - s[j].box[0][1]) < 10 && s[j + 1].box[0][0] < s[j].box[0][0]) [s[j], s[j + 1]] = [s[j + 1], s[j]]
      else break
    }
  }
  return s
}

export async function runOcr(pack: PreparedPack, image: LoadedImage, runtime: VisionRuntime, opts: OcrOptions = {}): Promise<OcrResult> {
  const m = pack.manifest
  if (m.family !== 'paddleocr') throw new VisionError(`Pack '${m.id}' is a ${m.family} pack, not an OCR pack; use ppocr-v4.`, 'invalid')
  const dict = dictionaryEntries(pack.files.dict)
  const det = await openPackModel(pack, 'det', runtime, opts.providers)
  const rec = await openPackModel(pack, 'rec', runtime, opts.providers)
  const cls: SessionHandle | null = pack.files.cls && opts.useClassifier !== false ? await openPackModel(pack, 'cls', runtime, opts.providers) : null
  const norm = m.input.normalisation

  // 1. Detection.
  let t0 = performance.now()
  const limit = opts.limitSide ?? m.input.width
  const ratio = Math.min(1, limit / Math.max(image.width, image.height))
  const dw = Math.max(32, Math.round((image.width * ratio) / 32) * 32)
  const dh = Math.max(32, Math.round((image.height * ratio) / 32) * 32)
  const resized = await resizeImage(image, dw, dh, 'linear')
  const detOut = await runtime.run(
    det,
    { [det.io.inputs[0].name]: { type: 'float32', dims: [1, 3, dh, dw], data: bgrChw(resized, norm.scale, norm.mean, norm.std) } },
    { signal: opts.signal },
  )
  const prob = Object.values(detOut)[0]
  const [, , ph, pw] = prob.dims
  const thresholds = { det: 0.3, box: 0.6, unclip: opts.unclipRatio ?? 2.5, rec: opts.dropScore ?? 0.5 }
  const found = dbBoxes(float32Output(prob, 'text detection'), pw, ph, { thresh: thresholds.det, boxThresh: thresholds.box, unclipRatio: thresholds.unclip })
  const sx = image.width / pw
  const sy = image.height / ph
  const boxes = sortBoxes(found.map((b) => ({ box: b.points.map(([x, y]) => [x * sx, y * sy] as Point), detScore: b.score })))
  const detMs = performance.now() - t0

  // 2-5. Crop, orient, recognise.
  t0 = performance.now()
  const lines: OcrLine[] = []
  let dropped = 0
  let rotated180 = 0
  for (const b of boxes) {
    if (opts.signal?.aborted) throw new VisionError('cancelled')
    let crop = cropQuad(image, b.box)
    if (crop.height / crop.width >= 1.5) crop = rotateRgb(crop, 1)
    if (cls) {
      const cw = Math.min(192, Math.max(1, Math.ceil((48 * crop.width) / crop.height)))
      const small = await resizeImage(crop, cw, 48, 'linear')
      const out = await runtime.run(
        cls,
        { [cls.io.inputs[0].name]: { type: 'float32', dims: [1, 3, 48, 192], data: bgrChw(small, 1 / 255, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], 192) } },
        { signal: opts.signal },
      )
      const p = float32Output(Object.values(out)[0], 'text direction')
      if (p[1] > p[0] && p[1] > 0.9) {
        crop = rotateRgb(crop, 2)
        rotated180++
      }
    }
    const recW = Math.ceil(REC_H * Math.max(320 / REC_H, crop.width / crop.height))
    const rw = Math.min(recW, Math.max(1, Math.ceil((REC_H * crop.width) / crop.height)))
    const line = await resizeImage(crop, rw, REC_H, 'linear')
    // Padding right of the line stays 0, which is mid-grey after (x/255 − 0.5)/0.5, as in PaddleOCR.
    const tensor = bgrChw(line, 1 / 255, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], recW)
    const out = await runtime.run(rec, { [rec.io.inputs[0].name]: { type: 'float32', dims: [1, 3, REC_H, recW], data: tensor } }, { signal: opts.signal })
    const o = Object.values(out)[0]
    const [, T, K] = o.dims
    const r = ctcDecode(float32Output(o, 'text recognition'), T, K, dict)
    if (r.score < thresholds.rec || r.text.trim() === '') {
      dropped++
      continue
    }
    lines.push({ text: r.text, score: r.score, box: b.box, detScore: b.detScore })
  }
  return {
    text: lines.map((l) => l.text).join('\n'),
    lines,
    evidence: {
      pack: packEvidence(m),
      provider: det.provider,
      providerAttempts: det.attempts,
      detInput: [dw, dh],
      boxesFound: boxes.length,
      linesDropped: dropped,
      classifierUsed: cls !== null,
      rotated180,
      thresholds,
      timingsMs: { det: Math.round(detMs), rec: Math.round(performance.now() - t0) },
    },
  }
}
