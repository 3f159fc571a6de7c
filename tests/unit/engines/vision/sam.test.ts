/**
 * SAM 1 and SAM 2.1 (samexporter) contracts on tiny encoder/decoder pairs. The decoders' predicted IoU is a known
 * function of the prompt coordinates they receive (mean / 1024), so the tests check how prompts are scaled and padded;
 * their mask logits are fixed half-planes, so the masks and their areas are known in source pixels.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPack } from '../../../../main/engines/vision/registry'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'
import { runSam } from '../../../../main/engines/vision/sam'
import { OnnxGraph } from '../../../helpers/onnx-builder'
import { writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'

let root: string
let runtime: VisionRuntime
const dirs = () => ({ builtin: path.join(root, 'none'), user: path.join(root, 'packs') })
const IMG = { data: new Uint8Array(200 * 100 * 3).fill(90), width: 200, height: 100, georef: null, name: null }

/** Average-pool by `k` then a 1x1 convolution from 3 to `c` channels. */
function pooled(g: OnnxGraph, x: string, k: number, c: number, name: string, size: number) {
  const p = g.op('AveragePool', [x], { kernel_shape: [k, k], strides: [k, k] })
  const w = g.constant(new Float32Array(c * 3).fill(0.01), [c, 3, 1, 1])
  g.output(g.op('Conv', [p, w]), name, 'float32', [1, c, size, size])
}

/** Half-plane logits on a 256 grid: +1 where `inside(row, col)`, −1 elsewhere. */
function halfPlane(inside: (r: number, c: number) => boolean): Float32Array {
  const out = new Float32Array(256 * 256)
  for (let r = 0; r < 256; r++) for (let c = 0; c < 256; c++) out[r * 256 + c] = inside(r, c) ? 1 : -1
  return out
}

/** iou = mean(point_coords) / 1024, as [1, 1]. */
function coordScore(g: OnnxGraph, coords: string): string {
  const mean = g.op('ReduceMean', [coords], { keepdims: 0 })
  return g.op('Reshape', [g.op('Mul', [mean, g.constant([1 / 1024], [1])]), g.constant([1, 1], [2], 'int64')])
}

const norm = { scale: 1, mean: [123.675, 116.28, 103.53], std: [58.395, 57.12, 57.375] }

beforeAll(() => {
  root = tempDir('rsure-vision-sam-').dir
  runtime = new VisionRuntime()
  // SAM 1
  const d1 = path.join(root, 'packs', 'tiny-sam')
  fs.mkdirSync(d1, { recursive: true })
  const e1 = new OnnxGraph()
  pooled(e1, e1.input('x', 'float32', [1, 3, 1024, 1024]), 16, 256, 'image_embeddings', 64)
  e1.save(path.join(d1, 'encoder.onnx'))
  const g1 = new OnnxGraph()
  g1.input('image_embeddings', 'float32', [1, 256, 64, 64])
  const pc = g1.input('point_coords', 'float32', [1, 'n', 2])
  g1.input('point_labels', 'float32', [1, 'n'])
  g1.input('mask_input', 'float32', [1, 1, 256, 256])
  g1.input('has_mask_input', 'float32', [1])
  const size = g1.input('orig_im_size', 'float32', [2])
  const low = g1.constant(halfPlane((_r, c) => c < 128), [1, 1, 256, 256])
  const sizes = g1.op('Concat', [g1.constant([1, 1], [2], 'int64'), g1.op('Cast', [size], { to: 7 })], { axis: 0 })
  g1.output(g1.op('Resize', [low, '', '', sizes], { mode: 'linear' }), 'masks', 'float32', [1, 1, 'h', 'w'])
  g1.output(coordScore(g1, pc), 'iou_predictions', 'float32', [1, 1])
  g1.output(low, 'low_res_masks', 'float32', [1, 1, 256, 256])
  g1.save(path.join(d1, 'decoder.onnx'))
  writePack(d1, { id: 'tiny-sam', family: 'sam', task: 'prompt-segment', input: { width: 1024, height: 1024, resize: 'long-side', normalisation: norm }, files: { encoder: 'encoder.onnx', decoder: 'decoder.onnx' } })

  // SAM 2.1, samexporter contract
  const d2 = path.join(root, 'packs', 'tiny-sam2')
  fs.mkdirSync(d2, { recursive: true })
  const e2 = new OnnxGraph()
  const im = e2.input('image', 'float32', [1, 3, 1024, 1024])
  pooled(e2, im, 4, 32, 'high_res_feats_0', 256)
  pooled(e2, im, 8, 64, 'high_res_feats_1', 128)
  pooled(e2, im, 16, 256, 'image_embed', 64)
  e2.save(path.join(d2, 'encoder.onnx'))
  const g2 = new OnnxGraph()
  g2.input('image_embed', 'float32', [1, 256, 64, 64])
  g2.input('high_res_feats_0', 'float32', [1, 32, 256, 256])
  g2.input('high_res_feats_1', 'float32', [1, 64, 128, 128])
  const pc2 = g2.input('point_coords', 'float32', [1, 'n', 2])
  g2.input('point_labels', 'float32', [1, 'n'])
  g2.input('mask_input', 'float32', [1, 1, 256, 256])
  g2.input('has_mask_input', 'float32', [1])
  const three = new Float32Array(3 * 256 * 256)
  three.set(halfPlane(() => false), 0)
  three.set(halfPlane((_r, c) => c < 128), 256 * 256)
  three.set(halfPlane((r) => r < 128), 2 * 256 * 256)
  g2.output(g2.constant(three, [1, 3, 256, 256]), 'masks', 'float32', [1, 3, 256, 256])
  const iou = g2.op('Concat', [g2.constant([0.2, 0.6], [1, 2]), coordScore(g2, pc2)], { axis: 1 })
  g2.output(iou, 'iou_predictions', 'float32', [1, 3])
  g2.save(path.join(d2, 'decoder.onnx'))
  writePack(d2, {
    id: 'tiny-sam2',
    family: 'sam2',
    task: 'prompt-segment',
    input: { width: 1024, height: 1024, resize: 'stretch', normalisation: { scale: 1 / 255, mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] } },
    files: { encoder: 'encoder.onnx', decoder: 'decoder.onnx' },
  })
})
function ortSam2Pack(): void {
  // SAM 2.1 as the ONNX Runtime converter exports it: other names, int32 labels and size, boolean masks at full size.
  const d = path.join(root, 'packs', 'tiny-sam2-ort')
  fs.mkdirSync(d, { recursive: true })
  const e = new OnnxGraph()
  const im = e.input('image', 'float32', [1, 3, 1024, 1024])
  pooled(e, im, 4, 32, 'image_features_0', 256)
  pooled(e, im, 8, 64, 'image_features_1', 128)
  pooled(e, im, 16, 256, 'image_embeddings', 64)
  e.save(path.join(d, 'encoder.onnx'))
  const g = new OnnxGraph()
  g.input('image_features_0', 'float32', [1, 32, 256, 256])
  g.input('image_features_1', 'float32', [1, 64, 128, 128])
  g.input('image_embeddings', 'float32', [1, 256, 64, 64])
  const pc = g.input('point_coords', 'float32', [1, 'n', 2])
  g.input('point_labels', 'int32', [1, 'n'])
  g.input('input_masks', 'float32', [1, 1, 256, 256])
  g.input('has_input_masks', 'float32', [1])
  const size = g.input('original_image_size', 'int32', [2])
  const three = new Float32Array(3 * 256 * 256)
  three.set(halfPlane(() => false), 0)
  three.set(halfPlane((_r, c) => c < 128), 256 * 256)
  three.set(halfPlane((r) => r < 128), 2 * 256 * 256)
  const sizes = g.op('Concat', [g.constant([1, 3], [2], 'int64'), g.op('Cast', [size], { to: 7 })], { axis: 0 })
  const up = g.op('Resize', [g.constant(three, [1, 3, 256, 256]), '', '', sizes], { mode: 'linear' })
  g.output(g.op('Greater', [up, g.constant([0], [1])]), 'masks', 'bool', [1, 3, 'h', 'w'])
  g.output(g.op('Concat', [g.constant([0.2, 0.6], [1, 2]), coordScore(g, pc)], { axis: 1 }), 'iou_predictions', 'float32', [1, 3])
  g.save(path.join(d, 'decoder.onnx'))
  writePack(d, {
    id: 'tiny-sam2-ort',
    family: 'sam2',
    task: 'prompt-segment',
    input: { width: 1024, height: 1024, resize: 'stretch', normalisation: { scale: 1 / 255, mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] } },
    files: { encoder: 'encoder.onnx', decoder: 'decoder.onnx' },
  })
}

afterAll(async () => {
  await runtime.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe('SAM 1', () => {
  it('scales a box by 1024/long side, labels it 2/3, and thresholds the original-size logits', async () => {
    const res = await runSam(await loadPack(dirs(), 'tiny-sam'), IMG, { boxes: [[20, 10, 120, 60]] }, runtime, { providers: ['cpu'] })
    // coords ×5.12: (102.4, 51.2, 614.4, 307.2), mean 268.8 -> 0.2625
    expect(res.masks[0].score).toBeCloseTo(268.8 / 1024, 5)
    // Logits +1 left of grid column 128 -> source columns 0..99 of the 200 px width.
    expect(res.masks[0]).toMatchObject({ x: 0, y: 0, width: 100, height: 100, area: 10000, box: [0, 0, 100, 100], candidate: 0 })
    expect(res.evidence).toMatchObject({ contract: 'sam1', provider: 'cpu', encoderCached: false })
  })

  it('adds the padding point (0, 0) labelled −1 to a points-only prompt and reuses the cached embedding', async () => {
    const res = await runSam(await loadPack(dirs(), 'tiny-sam'), IMG, { points: [{ x: 50, y: 50, label: 1 }] }, runtime, { providers: ['cpu'] })
    // (256, 256) and the padding (0, 0): mean 128 -> 0.125
    expect(res.masks[0].score).toBeCloseTo(0.125, 6)
    expect(res.evidence.encoderCached).toBe(true)
  })

  it('decodes a box of a large image in a window around it (view tiles) and maps the mask back', async () => {
    const big = { data: new Uint8Array(1200 * 600 * 3).fill(70), width: 1200, height: 600, georef: null, name: null }
    const res = await runSam(await loadPack(dirs(), 'tiny-sam'), big, { boxes: [[900, 300, 1000, 400]] }, runtime, { providers: ['cpu'], view: 'tiles' })
    // Window: 512 px around the box, kept inside the image -> (688, 88, 512, 512). Box in the window (212..312) x 2.
    expect(res.masks[0].window).toEqual([688, 88, 512, 512])
    expect(res.masks[0].score).toBeCloseTo((424 + 424 + 624 + 624) / 4 / 1024, 6)
    // The tiny decoder's mask is the left half of its window: columns 688..943, rows 88..599.
    expect(res.masks[0]).toMatchObject({ x: 688, y: 88, width: 256, height: 512, area: 256 * 512, box: [688, 88, 944, 600] })
    expect(res.evidence.view).toBe('tiles')
  })

  it('asks for a prompt when none is given', async () => {
    await expect(runSam(await loadPack(dirs(), 'tiny-sam'), IMG, {}, runtime)).rejects.toThrow('SAM needs a prompt: at least one box or one point on the object.')
  })
})

describe('SAM 2.1 (samexporter)', () => {
  it('scales x and y separately, keeps the candidate with the best predicted IoU and upsamples its 256² logits', async () => {
    const res = await runSam(await loadPack(dirs(), 'tiny-sam2'), IMG, { boxes: [[0, 0, 200, 100], [150, 75, 200, 100]] }, runtime, { providers: ['cpu'] })
    // Box 1: (0, 0), (1024, 1024) -> 0.5 < 0.6: candidate 1, the left half (columns 0..99).
    expect(res.masks[0]).toMatchObject({ candidate: 1, area: 100 * 100, box: [0, 0, 100, 100] })
    expect(res.masks[0].score).toBeCloseTo(0.6, 6)
    // Box 2: (768, 768), (1024, 1024) -> 0.875 > 0.6: candidate 2, the top half (rows 0..49).
    expect(res.masks[1]).toMatchObject({ candidate: 2, area: 200 * 50, box: [0, 0, 200, 50] })
    expect(res.masks[1].score).toBeCloseTo(0.875, 6)
    expect(res.evidence.contract).toBe('sam2-samexporter')
  })
})

describe('SAM 2.1 (ONNX Runtime converter)', () => {
  it('recognises the contract from the input names and reads boolean full-size masks', async () => {
    ortSam2Pack()
    const res = await runSam(await loadPack(dirs(), 'tiny-sam2-ort'), IMG, { boxes: [[150, 75, 200, 100]] }, runtime, { providers: ['cpu'] })
    expect(res.evidence.contract).toBe('sam2-ort')
    expect(res.masks[0]).toMatchObject({ candidate: 2, area: 200 * 50, box: [0, 0, 200, 50] })
    expect(res.masks[0].score).toBeCloseTo(0.875, 6)
  })
})
