/**
 * Promptable segmentation with SAM 1 or SAM 2.1 packs (MODELS.md section 2): the encoder runs once per image (its
 * outputs are cached for the last few images), the decoder once per prompt (a box, or a set of points).
 *
 * SAM 1: long side to 1024 (bilinear), RGB 0..255 normalised by the pack's mean/std, zero padding right/bottom;
 * prompts scaled by 1024/max(H0, W0); a box is two points labelled 2 and 3; points-only prompts get the padding point
 * (0, 0) labelled −1; the decoder returns mask logits at the original size; the mask with the best predicted IoU is
 * kept, thresholded at logit > 0.
 * SAM 2.1 (samexporter contract): the image is stretched to 1024² (no aspect kept), normalised by the pack; points are
 * scaled by 1024/W0 and 1024/H0 separately; the decoder pads in-graph and returns 256² logits per candidate, which are
 * upsampled bilinearly (half-pixel centres) to the original size and thresholded at 0.
 * SAM 2.1 (ONNX Runtime converter contract, told apart by its input names): the same encoder input and prompt
 * scaling; int32 labels and original size; masks come at the original size, as logits or booleans.
 */
import { packEvidence, type PackRunEvidence } from './manifest'
import crypto from 'node:crypto'
import { numericOutput, VisionError } from './errors'
import { cropImage, resizeImage, toChw, type LoadedImage } from './image'
import { samContract } from './contracts'
import { openPackModel, type PreparedPack } from './registry'
import type { Provider } from './providers'
import type { SessionHandle, VisionRuntime } from './runtime/host'
import type { WireTensor } from './runtime/protocol'
import type { InstanceMask } from './yolo-masks'

export interface SamPrompts {
  /** Boxes in source pixels [x1, y1, x2, y2]; each gives one mask. */
  boxes?: [number, number, number, number][]
  /** Points in source pixels; label 1 foreground, 0 background; all points together give one mask. */
  points?: { x: number; y: number; label: 0 | 1 }[]
}

export interface SamMask extends InstanceMask {
  /** The decoder's predicted IoU of the chosen mask. */
  score: number
  /** Bounding box of the set pixels, source pixels (null when the mask is empty). */
  box: [number, number, number, number] | null
  prompt: { box: [number, number, number, number] } | { points: { x: number; y: number; label: 0 | 1 }[] }
  /** Index of the chosen candidate among the decoder's masks. */
  candidate: number
  /** The window of the source image the prompt was decoded in: x, y, width, height. */
  window: [number, number, number, number]
}

export interface SamResult {
  masks: SamMask[]
  image: { width: number; height: number }
  evidence: PackRunEvidence & {
    contract: 'sam1' | 'sam2-samexporter' | 'sam2-ort'
    encoderInput: [number, number]
    /** True when every window's encoder outputs came from the cache. */
    encoderCached: boolean
    /** 'tiles': each box was decoded in a window around it (SamMask.window). */
    view: 'full' | 'tiles'
    threshold: 0
    timingsMs: { encoder: number; decoder: number }
  }
}

const embeddingCache = new Map<string, Record<string, WireTensor>>()
const CACHE_SIZE = 4

function imageKey(pack: PreparedPack, img: LoadedImage): string {
  const h = crypto.createHash('sha1').update(img.data).update(`${img.width}x${img.height}`).digest('hex')
  return `${pack.manifest.files.encoder.sha256}|${h}`
}

async function encode(pack: PreparedPack, img: LoadedImage, enc: SessionHandle, runtime: VisionRuntime, signal?: AbortSignal) {
  const key = imageKey(pack, img)
  const hit = embeddingCache.get(key)
  if (hit) return { outputs: hit, cached: true }
  const S = 1024
  const norm = pack.manifest.input.normalisation
  const tensor = new Float32Array(3 * S * S) // zero = SAM 1's padding value after normalisation
  if (pack.manifest.family === 'sam') {
    const scale = S / Math.max(img.width, img.height)
    const nw = Math.floor(img.width * scale + 0.5)
    const nh = Math.floor(img.height * scale + 0.5)
    const resized = await resizeImage(img, nw, nh, 'linear')
    const chw = toChw(resized, norm)
    for (let c = 0; c < 3; c++) for (let y = 0; y < nh; y++) tensor.set(chw.subarray(c * nw * nh + y * nw, c * nw * nh + (y + 1) * nw), c * S * S + y * S)
  } else {
    tensor.set(toChw(await resizeImage(img, S, S, 'linear'), norm))
  }
  const outputs = await runtime.run(enc, { [enc.io.inputs[0].name]: { type: 'float32', dims: [1, 3, S, S], data: tensor } }, { signal })
  embeddingCache.set(key, outputs)
  while (embeddingCache.size > CACHE_SIZE) embeddingCache.delete(embeddingCache.keys().next().value!)
  return { outputs, cached: false }
}

/** Bounding rectangle of the set pixels of a full-size mask, cropped out as an InstanceMask. */
function cropMask(full: Uint8Array, W: number, H: number): { mask: InstanceMask; box: [number, number, number, number] | null } {
  let x0 = W
  let y0 = H
  let x1 = -1
  let y1 = -1
  let area = 0
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (!full[y * W + x]) continue
      area++
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
    }
  }
  if (area === 0) return { mask: { x: 0, y: 0, width: 0, height: 0, data: new Uint8Array(0), area: 0 }, box: null }
  const width = x1 - x0 + 1
  const height = y1 - y0 + 1
  const data = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) data.set(full.subarray((y0 + y) * W + x0, (y0 + y) * W + x0 + width), y * width)
  return { mask: { x: x0, y: y0, width, height, data, area }, box: [x0, y0, x1 + 1, y1 + 1] }
}

/** Threshold logits [h, w] at 0, bilinearly resampled (half-pixel centres) to W x H. */
function upsampleThreshold(logits: Float32Array | Int32Array | Uint8Array, offset: number, h: number, w: number, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H)
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / H - 0.5))
    const y0 = Math.floor(sy)
    const y1 = Math.min(h - 1, y0 + 1)
    const fy = sy - y0
    for (let x = 0; x < W; x++) {
      const sx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / W - 0.5))
      const x0 = Math.floor(sx)
      const x1 = Math.min(w - 1, x0 + 1)
      const fx = sx - x0
      const v =
        (1 - fy) * ((1 - fx) * logits[offset + y0 * w + x0] + fx * logits[offset + y0 * w + x1]) +
        fy * ((1 - fx) * logits[offset + y1 * w + x0] + fx * logits[offset + y1 * w + x1])
      if (v > 0) out[y * W + x] = 1
    }
  }
  return out
}

function feedFor(dec: SessionHandle, name: string, value: number[], dims: number[]): WireTensor {
  const info = dec.io.inputs.find((t) => t.name === name)
  if (info?.type === 'int64') return { type: 'int64', dims, data: BigInt64Array.from(value, (v) => BigInt(Math.round(v))) }
  if (info?.type === 'int32') return { type: 'int32', dims, data: Int32Array.from(value, Math.round) }
  return { type: 'float32', dims, data: Float32Array.from(value) }
}

/** A window of the source image a prompt is decoded in: the whole image, or a crop around a box (view 'tiles'). */
interface Window {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The window for a box prompt on a large image: the box grown by half its size on each side (at least 512 px a side),
 * clipped to the image. The encoder then sees the object at up to full resolution instead of the scene shrunk to
 * 1024 px.
 */
export function boxWindow(b: [number, number, number, number], W: number, H: number): Window {
  const side = (lo: number, hi: number, extent: number) => {
    const want = Math.min(extent, Math.max(512, 2 * (hi - lo)))
    const c = (lo + hi) / 2
    const start = Math.max(0, Math.min(extent - want, Math.round(c - want / 2)))
    return [start, Math.round(want)] as const
  }
  const [x, width] = side(b[0], b[2], W)
  const [y, height] = side(b[1], b[3], H)
  return { x, y, width, height }
}

/** A decoder job: the window it is decoded in, its prompt points and labels (SAM's 2, 3 for box corners), what it was asked. */
type SamJob = { win: Window; points: [number, number][]; labels: number[]; prompt: SamMask['prompt'] }

/** The decoder's inputs for one job: the prompt in the encoder's coordinates of the window, no mask prompt, the embeddings. */
function decoderFeeds(
  m: PreparedPack['manifest'],
  dec: SessionHandle,
  contract: ReturnType<typeof samContract>,
  job: SamJob,
  emb: Record<string, WireTensor>,
): Record<string, WireTensor> {
  const { win } = job
  const sam1 = m.family === 'sam'
  // Prompt coordinates in the window, scaled as the encoder scaled the window (SAM 1: long side; SAM 2.1: per axis).
  const sx = sam1 ? 1024 / Math.max(win.width, win.height) : 1024 / win.width
  const sy = sam1 ? 1024 / Math.max(win.width, win.height) : 1024 / win.height
  const coords = job.points.flatMap(([x, y]) => [(x - win.x) * sx, (y - win.y) * sy])
  const labels = [...job.labels]
  if (sam1 && !('box' in job.prompt)) {
    // Points-only prompts get SAM 1's padding point.
    coords.push(0, 0)
    labels.push(-1)
  }
  const n = labels.length
  // The ONNX Runtime converter's decoder names the mask prompt and the size inputs differently (MODELS.md section 2).
  const ort = contract === 'sam2-ort'
  const feeds: Record<string, WireTensor> = {
    point_coords: feedFor(dec, 'point_coords', coords, [1, n, 2]),
    point_labels: feedFor(dec, 'point_labels', labels, [1, n]),
    [ort ? 'input_masks' : 'mask_input']: { type: 'float32', dims: [1, 1, 256, 256], data: new Float32Array(256 * 256) },
    [ort ? 'has_input_masks' : 'has_mask_input']: feedFor(dec, ort ? 'has_input_masks' : 'has_mask_input', [0], [1]),
  }
  // The encoder's outputs feed the decoder inputs of the same name; SAM 1 and the ORT converter also take the
  // original size (H, W).
  for (const t of dec.io.inputs) if (emb[t.name]) feeds[t.name] = emb[t.name]
  for (const name of ['orig_im_size', 'original_image_size']) {
    if (dec.io.inputs.some((t) => t.name === name)) feeds[name] = feedFor(dec, name, [win.height, win.width], [2])
  }
  const missing = dec.io.inputs.filter((t) => !feeds[t.name]).map((t) => t.name)
  if (missing.length) throw new VisionError(`Pack '${m.id}' has decoder inputs this app cannot fill (${missing.join(', ')}).`, 'invalid')
  return feeds
}

/** The decoder's best candidate (highest predicted IoU) as a 0/1 mask over the window. */
function bestMask(out: Record<string, { dims: number[]; data: unknown }>, win: Window): { best: number; score: number; full: Uint8Array } {
  const iou = numericOutput(out.iou_predictions, 'iou_predictions')
  let best = 0
  for (let i = 1; i < iou.length; i++) if (iou[i] > iou[best]) best = i
  const [mh, mw] = [out.masks.dims[2], out.masks.dims[3]]
  // Logits (float) or, from the ORT converter without return_logits, booleans (0/1): both are set where > 0.
  const logits = numericOutput(out.masks, 'masks')
  const full =
    mh === win.height && mw === win.width
      ? Uint8Array.from(logits.subarray(best * mh * mw, (best + 1) * mh * mw), (v) => (v > 0 ? 1 : 0))
      : upsampleThreshold(logits, best * mh * mw, mh, mw, win.width, win.height)
  return { best, score: iou[best], full }
}

export interface SamOptions {
  providers?: Provider[]
  signal?: AbortSignal
  /** 'tiles' decodes each box in a window around it; default: windows when the image's long side exceeds 2048 px. */
  view?: 'full' | 'tiles'
}

export async function runSam(pack: PreparedPack, img: LoadedImage, prompts: SamPrompts, runtime: VisionRuntime, opts: SamOptions = {}): Promise<SamResult> {
  const m = pack.manifest
  if (m.family !== 'sam' && m.family !== 'sam2')
    throw new VisionError(`Pack '${m.id}' is a ${m.family} pack, not SAM; choose a SAM or SAM 2.1 pack.`, 'invalid')
  const boxes = prompts.boxes ?? []
  const points = prompts.points ?? []
  if (boxes.length === 0 && points.length === 0) throw new VisionError('SAM needs a prompt: at least one box or one point on the object.', 'invalid')
  const enc = await openPackModel(pack, 'encoder', runtime, opts.providers)
  const dec = await openPackModel(pack, 'decoder', runtime, opts.providers)
  const W0 = img.width
  const H0 = img.height
  const windowed = (opts.view ?? (Math.max(W0, H0) > 2048 ? 'tiles' : 'full')) === 'tiles'
  const contract = samContract(m, dec.io)
  const whole: Window = { x: 0, y: 0, width: W0, height: H0 }
  const jobs: SamJob[] = [
    ...boxes.map((b) => ({
      win: windowed ? boxWindow(b, W0, H0) : whole,
      points: [
        [b[0], b[1]],
        [b[2], b[3]],
      ] as [number, number][],
      labels: [2, 3],
      prompt: { box: b },
    })),
    ...(points.length
      ? [{ win: whole, points: points.map((p) => [p.x, p.y] as [number, number]), labels: points.map((p) => p.label as number), prompt: { points } }]
      : []),
  ]
  const masks: SamMask[] = []
  let encMs = 0
  let decMs = 0
  let cachedAll = true
  for (const job of jobs) {
    const { win } = job
    let t0 = performance.now()
    const view = win === whole ? img : { ...(await cropImage(img, win.x, win.y, win.width, win.height)), georef: null, name: null }
    const { outputs: emb, cached } = await encode(pack, view, enc, runtime, opts.signal)
    cachedAll &&= cached
    encMs += performance.now() - t0
    t0 = performance.now()
    const feeds = decoderFeeds(m, dec, contract, job, emb)
    const out = await runtime.run(dec, feeds, { outputs: ['masks', 'iou_predictions'], signal: opts.signal })
    const { best, score, full } = bestMask(out, win)
    const { mask, box } = cropMask(full, win.width, win.height)
    masks.push({
      ...mask,
      x: mask.x + win.x,
      y: mask.y + win.y,
      score,
      box: box ? [box[0] + win.x, box[1] + win.y, box[2] + win.x, box[3] + win.y] : null,
      prompt: job.prompt,
      candidate: best,
      window: [win.x, win.y, win.width, win.height],
    })
    decMs += performance.now() - t0
  }
  return {
    masks,
    image: { width: W0, height: H0 },
    evidence: {
      pack: packEvidence(m),
      provider: dec.provider,
      providerAttempts: dec.attempts,
      contract,
      encoderInput: [1024, 1024],
      encoderCached: cachedAll,
      view: windowed ? 'tiles' : 'full',
      threshold: 0,
      timingsMs: { encoder: Math.round(encMs), decoder: Math.round(decMs) },
    },
  }
}
