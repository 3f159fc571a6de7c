/**
 * Zero-shot scene classification with a CLIP-style pack (image tower, text tower, tokenizer.json), MODELS.md
 * section 3: the image is resized (bicubic) so its short side fits the input and centre-cropped, normalised with the
 * pack's mean/std, and embedded; each label is written into every prompt template, the prompts are tokenised with
 * the pack's own tokenizer (start and end tokens, padded to the context length) and embedded; a label's weight is
 * the normalised mean of its normalised prompt embeddings (the prompt ensemble of the CLIP paper), and
 * p = softmax(logitScale · cos(image, label)). Text embeddings are cached per pack and prompt.
 */
import { packEvidence, type PackRunEvidence } from './manifest'
import fs from 'node:fs'
import { Tokenizer } from '@huggingface/tokenizers'
import { float32Output, VisionError } from './errors'
import { coverImage, cropImage, resizeImage, toChw, type LoadedImage, type RgbImage } from './image'
import { openPackModel, type PreparedPack } from './registry'
import type { Provider } from './providers'
import type { SessionHandle, VisionRuntime } from './runtime/host'

/** Default templates for overhead imagery (used when neither the call nor the pack gives any). */
export const DEFAULT_TEMPLATES = [
  'a satellite photo of {}.',
  'an aerial photo of {}.',
  'satellite imagery of {}.',
  'aerial imagery of {}.',
  'a satellite view of {}.',
  'an aerial view of {}.',
  'a photo of {}.',
  '{}.',
]

export interface SceneOptions {
  templates?: string[]
  /** 'tiles' also labels non-overlapping tiles of `tile` source pixels (default 512) and reports each label's share. */
  view?: 'full' | 'tiles'
  tile?: number
  providers?: Provider[]
  signal?: AbortSignal
}

export interface SceneResult {
  label: string
  score: number
  /** Every label with its probability, best first. */
  scores: { label: string; score: number; cosine: number }[]
  /** view 'tiles': each tile's label (source pixels) and the share of the image's area each label takes. */
  tiles?: { index: number; x: number; y: number; width: number; height: number; label: string; score: number }[]
  tileShares?: Record<string, number>
  evidence: PackRunEvidence & {
    inputSize: [number, number]
    templates: string[]
    logitScale: number
    /** Probability gap between the best and the second label. */
    margin: number
    labels: string[]
  }
}

function normalise(v: Float32Array | number[]): Float32Array {
  let n = 0
  for (const x of v) n += x * x
  n = Math.sqrt(n) || 1
  return Float32Array.from(v, (x) => x / n)
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i] * b[i]
  return s
}

const tokenizers = new Map<string, { tok: Tokenizer; start: number | null; end: number | null; pad: number }>()
const textCache = new Map<string, Float32Array>()

function tokenizerFor(pack: PreparedPack) {
  const key = pack.manifest.files.tokenizer.sha256
  let t = tokenizers.get(key)
  if (!t) {
    let json: unknown
    let config: Record<string, unknown> = {}
    try {
      json = JSON.parse(fs.readFileSync(pack.files.tokenizer, 'utf8'))
      if (pack.files.tokenizer_config) config = JSON.parse(fs.readFileSync(pack.files.tokenizer_config, 'utf8'))
    } catch {
      throw new VisionError(`Pack '${pack.manifest.id}' is refused: its tokenizer file is not valid JSON.`, 'invalid')
    }
    const tok = new Tokenizer(json as never, config as never)
    const start = tok.token_to_id('<|startoftext|>') ?? tok.token_to_id('<s>') ?? null
    const end = tok.token_to_id('<|endoftext|>') ?? tok.token_to_id('</s>') ?? null
    t = { tok, start: start ?? null, end: end ?? null, pad: 0 }
    tokenizers.set(key, t)
  }
  return t
}

/**
 * Token ids of one prompt: start token, the text's tokens, end token, zero-padded (OpenAI CLIP's convention; the
 * text tower reads its feature at the end token, the largest id) and cut to the context length keeping the end token.
 */
export function tokenize(pack: PreparedPack, text: string, length: number): BigInt64Array {
  const t = tokenizerFor(pack)
  let ids = t.tok.encode(text).ids
  if (t.start !== null && ids[0] !== t.start) ids = [t.start, ...ids]
  if (t.end !== null && ids[ids.length - 1] !== t.end) ids = [...ids, t.end]
  if (ids.length > length) ids = [...ids.slice(0, length - 1), ids[ids.length - 1]]
  const out = new BigInt64Array(length)
  ids.forEach((id, i) => (out[i] = BigInt(id)))
  if (t.pad !== 0) out.fill(BigInt(t.pad), ids.length)
  return out
}

async function textEmbedding(pack: PreparedPack, text: SessionHandle, prompt: string, runtime: VisionRuntime, signal?: AbortSignal): Promise<Float32Array> {
  const key = `${pack.manifest.files.text.sha256}|${prompt}`
  const hit = textCache.get(key)
  if (hit) return hit
  const input = text.io.inputs[0]
  const L = typeof input.shape[1] === 'number' ? input.shape[1] : (pack.manifest.contextLength ?? 77)
  const ids = tokenize(pack, prompt, L)
  const data = input.type === 'int32' ? Int32Array.from(ids, (x) => Number(x)) : ids
  const out = await runtime.run(text, { [input.name]: { type: input.type === 'int32' ? 'int32' : 'int64', dims: [1, L], data } }, { signal })
  const emb = normalise(float32Output(Object.values(out)[0], 'embedding'))
  textCache.set(key, emb)
  return emb
}

export async function runScene(
  pack: PreparedPack,
  image: LoadedImage,
  labels: string[],
  runtime: VisionRuntime,
  opts: SceneOptions = {},
): Promise<SceneResult> {
  const m = pack.manifest
  if (m.family !== 'clip') throw new VisionError(`Pack '${m.id}' is a ${m.family} pack, not a scene classifier; choose a CLIP-style pack.`, 'invalid')
  const unique = [...new Set(labels.map((l) => l.trim()).filter(Boolean))]
  if (unique.length < 2) throw new VisionError('Scene classification needs at least two distinct labels in the label space.', 'invalid')
  const templates = opts.templates?.length ? opts.templates : (m.templates ?? DEFAULT_TEMPLATES)
  const bad = templates.find((t) => !t.includes('{}'))
  if (bad) throw new VisionError(`The prompt template '${bad}' has no '{}' where the label goes.`, 'invalid')
  const imageTower = await openPackModel(pack, 'image', runtime, opts.providers)
  const textTower = await openPackModel(pack, 'text', runtime, opts.providers)
  const { width: W, height: H } = m.input
  const weights: Float32Array[] = []
  for (const label of unique) {
    let sum: Float32Array | null = null
    for (const t of templates) {
      const e = await textEmbedding(pack, textTower, t.replaceAll('{}', label), runtime, opts.signal)
      sum ??= new Float32Array(e.length)
      for (let i = 0; i < e.length; i++) sum[i] += e[i] / templates.length
    }
    weights.push(normalise(sum!))
  }
  const scale = m.logitScale ?? 100
  const classify = async (img: RgbImage) => {
    const sized = m.input.resize === 'centre-crop' ? await coverImage(img, W, H, 'cubic') : await resizeImage(img, W, H, 'cubic')
    const out = await runtime.run(
      imageTower,
      { [imageTower.io.inputs[0].name]: { type: 'float32', dims: [1, 3, H, W], data: toChw(sized, m.input.normalisation) } },
      { signal: opts.signal },
    )
    const emb = normalise(float32Output(Object.values(out)[0], 'embedding'))
    if (emb.length !== weights[0].length)
      throw new VisionError(`Pack '${m.id}' gives ${weights[0].length} text values but ${emb.length} image values, so they cannot be compared.`, 'invalid')
    const cos = weights.map((w) => dot(emb, w))
    const maxLogit = Math.max(...cos.map((c) => scale * c))
    const exps = cos.map((c) => Math.exp(scale * c - maxLogit))
    const z = exps.reduce((a, b) => a + b, 0)
    return unique.map((label, i) => ({ label, score: exps[i] / z, cosine: cos[i] })).sort((a, b) => b.score - a.score)
  }
  const scores = await classify(image)
  let tiles: SceneResult['tiles']
  let tileShares: SceneResult['tileShares']
  if (opts.view === 'tiles') {
    const size = opts.tile ?? 512
    tiles = []
    tileShares = Object.fromEntries(unique.map((l) => [l, 0]))
    for (let y = 0; y < image.height; y += size) {
      for (let x = 0; x < image.width; x += size) {
        const w = Math.min(size, image.width - x)
        const h = Math.min(size, image.height - y)
        const best = (await classify(await cropImage(image, x, y, w, h)))[0]
        tiles.push({ index: tiles.length, x, y, width: w, height: h, label: best.label, score: best.score })
        tileShares[best.label] += (w * h) / (image.width * image.height)
      }
    }
  }
  return {
    label: scores[0].label,
    score: scores[0].score,
    scores,
    ...(tiles ? { tiles, tileShares } : {}),
    evidence: {
      pack: packEvidence(m),
      provider: imageTower.provider,
      providerAttempts: imageTower.attempts,
      inputSize: [W, H],
      templates,
      logitScale: scale,
      margin: scores[0].score - (scores[1]?.score ?? 0),
      labels: unique,
    },
  }
}
