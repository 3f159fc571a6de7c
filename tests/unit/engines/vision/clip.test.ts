/**
 * CLIP-style scene classification on tiny towers: the image tower is the per-channel mean of the normalised crop,
 * the text tower sums a known embedding row per token, so the expected probabilities follow from the formulas.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runScene, tokenize } from '../../../../main/engines/vision/clip'
import { loadPack } from '../../../../main/engines/vision/registry'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'
import { OnnxGraph } from '../../../helpers/onnx-builder'
import { writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'

const VOCAB = ['[PAD]', '<|startoftext|>', '<|endoftext|>', '[UNK]', 'water', 'forest', 'city', 'a', 'photo', 'of', 'aerial', 'view']
// One 3-vector per token: the label words point along one axis each, 'aerial' adds a grey direction.
const TABLE: Record<string, [number, number, number]> = { water: [0, 0, 1], forest: [0, 1, 0], city: [1, 0, 0], aerial: [0.5, 0.5, 0.5] }
const L = 77
let root: string
let runtime: VisionRuntime
const dirs = () => ({ builtin: path.join(root, 'none'), user: path.join(root, 'packs') })

function tokenizerJson() {
  const special = (id: number, content: string) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(1, '<|startoftext|>'), special(2, '<|endoftext|>')],
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'WhitespaceSplit' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '<|startoftext|>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '<|endoftext|>', type_id: 0 } }],
      pair: [],
      special_tokens: { '<|startoftext|>': { id: '<|startoftext|>', ids: [1], tokens: ['<|startoftext|>'] }, '<|endoftext|>': { id: '<|endoftext|>', ids: [2], tokens: ['<|endoftext|>'] } },
    },
    decoder: null,
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(VOCAB.map((w, i) => [w, i])) },
  }
}

beforeAll(() => {
  root = tempDir('rsure-vision-clip-').dir
  runtime = new VisionRuntime()
  const dir = path.join(root, 'packs', 'tiny-clip')
  fs.mkdirSync(dir, { recursive: true })
  const gi = new OnnxGraph()
  const x = gi.input('pixel_values', 'float32', ['batch', 3, 32, 32])
  gi.output(gi.op('ReduceMean', [x], { axes: [2, 3], keepdims: 0 }), 'image_embeds', 'float32', ['batch', 3])
  gi.save(path.join(dir, 'image.onnx'))
  const gt = new OnnxGraph()
  const ids = gt.input('input_ids', 'int64', ['batch', L])
  const table = new Float32Array(VOCAB.length * 3)
  VOCAB.forEach((w, i) => TABLE[w] && table.set(TABLE[w], i * 3))
  const rows = gt.op('Gather', [gt.constant(table, [VOCAB.length, 3]), ids], { axis: 0 })
  gt.output(gt.op('ReduceSum', [rows, gt.constant([1], [1], 'int64')], { keepdims: 0 }), 'text_embeds', 'float32', ['batch', 3])
  gt.save(path.join(dir, 'text.onnx'))
  fs.writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson()))
  writePack(dir, {
    id: 'tiny-clip',
    family: 'clip',
    task: 'scene',
    input: { width: 32, height: 32, resize: 'centre-crop', normalisation: { scale: 1 / 255, mean: [0, 0, 0], std: [1, 1, 1] } },
    files: { image: 'image.onnx', text: 'text.onnx', tokenizer: 'tokenizer.json' },
    extra: { contextLength: L, logitScale: 10, templates: ['a photo of {}', 'aerial view of {}'] },
  })
})
afterAll(async () => {
  await runtime.close()
  fs.rmSync(root, { recursive: true, force: true })
})

const norm = (v: number[]) => {
  const n = Math.hypot(...v)
  return v.map((x) => x / n)
}

describe('CLIP-style scene classification', () => {
  it('tokenises with start and end tokens, zero-padded to the context length', async () => {
    const pack = await loadPack(dirs(), 'tiny-clip')
    const ids = Array.from(tokenize(pack, 'A photo of Water', L), Number)
    expect(ids.slice(0, 7)).toEqual([1, 7, 8, 9, 4, 2, 0])
    expect(ids).toHaveLength(77)
  })

  it('centre-crops, ensembles the prompt templates and applies the softmax with the pack logit scale', async () => {
    // 64x32: columns 0..39 red, 40..63 blue. The 32x32 centre crop (columns 16..47) is 24 red + 8 blue columns.
    const w = 64
    const h = 32
    const data = new Uint8Array(w * h * 3)
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(x < 40 ? [255, 0, 0] : [0, 0, 255], (y * w + x) * 3)
    const res = await runScene(await loadPack(dirs(), 'tiny-clip'), { data, width: w, height: h, georef: null, name: null }, ['water', 'forest', 'city'], runtime, { providers: ['cpu'] })
    // Expected from the formulas: image = normalise(mean RGB of the crop); label weight = normalise(mean over templates
    // of normalise(sum of token rows)); p = softmax(10 · cos).
    const img = norm([0.75, 0, 0.25])
    const weight = (label: string) => {
      const t1 = norm(TABLE[label])
      const t2 = norm(TABLE[label].map((v, i) => v + TABLE.aerial[i]))
      return norm(t1.map((v, i) => (v + t2[i]) / 2))
    }
    const cos = ['water', 'forest', 'city'].map((l) => weight(l).reduce((s, v, i) => s + v * img[i], 0))
    const e = cos.map((c) => Math.exp(10 * c))
    const p = e.map((v) => v / e.reduce((a, b) => a + b, 0))
    expect(res.label).toBe('city')
    expect(res.score).toBeCloseTo(p[2], 5)
    expect(res.scores.find((s) => s.label === 'water')!.score).toBeCloseTo(p[0], 5)
    expect(res.scores.find((s) => s.label === 'forest')!.cosine).toBeCloseTo(cos[1], 5)
    expect(res.evidence).toMatchObject({ templates: ['a photo of {}', 'aerial view of {}'], logitScale: 10, provider: 'cpu', inputSize: [32, 32] })
    expect(res.evidence.margin).toBeCloseTo(p[2] - p[0], 5)
  })

  it('labels non-overlapping tiles with view tiles and reports the share of the area of each label', async () => {
    // 96x32: columns 0..63 red, 64..95 blue; tiles of 32 -> red, red, blue.
    const w = 96
    const h = 32
    const data = new Uint8Array(w * h * 3)
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(x < 64 ? [255, 0, 0] : [0, 0, 255], (y * w + x) * 3)
    const res = await runScene(await loadPack(dirs(), 'tiny-clip'), { data, width: w, height: h, georef: null, name: null }, ['water', 'forest', 'city'], runtime, { view: 'tiles', tile: 32 })
    expect(res.tiles!.map((t) => [t.x, t.width, t.label])).toEqual([
      [0, 32, 'city'],
      [32, 32, 'city'],
      [64, 32, 'water'],
    ])
    expect(res.tileShares).toEqual({ water: 1 / 3, forest: 0, city: 2 / 3 })
  })

  it('refuses a label space with fewer than two labels', async () => {
    const pack = await loadPack(dirs(), 'tiny-clip')
    const img = { data: new Uint8Array(32 * 32 * 3), width: 32, height: 32, georef: null, name: null }
    await expect(runScene(pack, img, ['water', ' water '], runtime)).rejects.toThrow('Scene classification needs at least two distinct labels in the label space.')
  })
})
