/**
 * YOLO OBB (ProbIoU NMS, angle regularisation, corners) and YOLO segment (prototype masks through the letterbox)
 * on tiny ONNX models with the raw Ultralytics signatures.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anchorCount } from '../../../../main/engines/vision/contracts'
import { runDetector } from '../../../../main/engines/vision/detect'
import { probIou, regularize } from '../../../../main/engines/vision/rbox'
import { loadPack } from '../../../../main/engines/vision/registry'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'

const S = 64
const A = anchorCount(S, S)
const DOTA = ['plane', 'ship', 'storage tank', 'baseball diamond', 'tennis court', 'basketball court', 'ground track field', 'harbor', 'bridge', 'large vehicle', 'small vehicle', 'helicopter', 'roundabout', 'soccer ball field', 'swimming pool']
let root: string
let runtime: VisionRuntime
const dirs = () => ({ builtin: path.join(root, 'none'), user: path.join(root, 'packs') })
const solid = (w: number, h: number, v: number) => ({ data: new Uint8Array(w * h * 3).fill(v), width: w, height: h, georef: null, name: null })

beforeAll(() => {
  root = tempDir('rsure-vision-obb-').dir
  runtime = new VisionRuntime()
})
afterAll(async () => {
  await runtime.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe('ProbIoU', () => {
  it('matches the closed form for two axis-aligned boxes', () => {
    // w = 20, h = 10: a = 400/12, b = 100/12; shifted by dx: bd = dx²/(8a).
    const a = 400 / 12
    for (const dx of [4, 8]) {
      const bd = (dx * dx) / (8 * a)
      const want = 1 - Math.sqrt(1 - Math.exp(-bd))
      expect(probIou({ cx: 32, cy: 32, w: 20, h: 10, angle: 0 }, { cx: 32 + dx, cy: 32, w: 20, h: 10, angle: 0 })).toBeCloseTo(want, 5)
    }
    expect(probIou({ cx: 0, cy: 0, w: 20, h: 10, angle: 0 }, { cx: 0, cy: 0, w: 10, h: 20, angle: Math.PI / 2 })).toBeGreaterThan(0.999)
  })

  it('regularises the angle into [0, π/2) swapping the sides', () => {
    const r = regularize({ cx: 0, cy: 0, w: 8, h: 4, angle: 2.0 })
    expect(r.w).toBe(4)
    expect(r.h).toBe(8)
    expect(r.angle).toBeCloseTo(2.0 - Math.PI / 2, 12)
    expect(regularize({ cx: 0, cy: 0, w: 8, h: 4, angle: -0.3 })).toMatchObject({ w: 4, h: 8 })
  })
})

describe('YOLO OBB', () => {
  it('decodes, suppresses with ProbIoU (class-aware) and reports regularised boxes with corners', async () => {
    const dir = path.join(root, 'packs', 'tiny-obb')
    fs.mkdirSync(dir, { recursive: true })
    const rows = 4 + DOTA.length + 1
    const head = new RawHead(rows, A)
      .box(1, 32, 32, 20, 10, 1, 0.9)
      .box(2, 32, 32, 10, 20, 1, 0.8) // the same box turned by π/2: ProbIoU ≈ 1, suppressed
      .box(3, 40, 32, 20, 10, 1, 0.7) // dx = 8: ProbIoU 0.538 < 0.7, kept
      .box(4, 32, 32, 20, 10, 2, 0.5) // another class at the same place, kept
      .box(5, 10, 50, 8, 4, 0, 0.95)
    head.set(rows - 1, 2, Math.PI / 2).set(rows - 1, 5, 2.0)
    meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, S, S], outputs: [{ name: 'output0', dims: [1, rows, A], base: head.data }] })
    writePack(dir, { id: 'tiny-obb', family: 'yolo', task: 'obb', input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: DOTA, files: { model: 'model.onnx' } })
    const res = await runDetector(await loadPack(dirs(), 'tiny-obb'), solid(64, 64, 128), runtime, { providers: ['cpu'] })
    expect(res.evidence.nms).toBe('probiou-class-aware')
    expect(res.evidence.candidates).toBe(5)
    expect(res.detections.map((d) => [d.label, d.score.toFixed(2)])).toEqual([
      ['plane', '0.95'],
      ['ship', '0.90'],
      ['ship', '0.70'],
      ['storage tank', '0.50'],
    ])
    const plane = res.detections[0].obb!
    expect([plane.w, plane.h]).toEqual([4, 8])
    expect(plane.angle).toBeCloseTo(2.0 - Math.PI / 2, 6)
    const ship = res.detections[1]
    expect(ship.obb!.corners.map(([x, y]) => [+x.toFixed(6), +y.toFixed(6)])).toEqual([
      [42, 37],
      [42, 27],
      [22, 27],
      [22, 37],
    ])
    expect(ship.box).toEqual([22, 27, 42, 37])
  })
})

describe('YOLO segment', () => {
  it('assembles prototype masks, cropped to the box, through the letterbox into source pixels', async () => {
    const dir = path.join(root, 'packs', 'tiny-seg')
    fs.mkdirSync(dir, { recursive: true })
    const rows = 4 + 1 + 32
    // Anchor 0: box (12..52, 22..42) with coefficient 1 on prototype 0; anchor 1: box (32..48, 6..14), coefficient −1.
    const head = new RawHead(rows, A).box(0, 32, 32, 40, 20, 0, 0.9).set(5, 0, 1).box(1, 40, 10, 16, 8, 0, 0.8).set(5, 1, -1)
    // Prototype 0 is +1 on the left half of the 16x16 grid and −1 on the right; prototype 1 is 1 everywhere.
    const protos = new Float32Array(32 * 16 * 16)
    for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) protos[y * 16 + x] = x < 8 ? 1 : -1
    protos.fill(1, 256, 512)
    meanAffineModel(path.join(dir, 'model.onnx'), {
      inputDims: [1, 3, S, S],
      outputs: [
        { name: 'output0', dims: [1, rows, A], base: head.data },
        { name: 'output1', dims: [1, 32, 16, 16], base: protos },
      ],
    })
    writePack(dir, { id: 'tiny-seg', family: 'yolo', task: 'segment', input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['pond'], files: { model: 'model.onnx' } })
    // 128x64 source: r = 0.5, top band 16. Box 0 -> source (24..104, 12..52); the mask's sign changes at model
    // x = 32, i.e. source x = 64: columns 24..63 and rows 12..51 are set, 40 x 40 = 1600 pixels.
    const res = await runDetector(await loadPack(dirs(), 'tiny-seg'), solid(128, 64, 200), runtime, { providers: ['cpu'] })
    expect(res.detections).toHaveLength(1)
    const [d0] = res.detections
    expect(d0.box).toEqual([24, 12, 104, 52])
    expect(d0.mask).toMatchObject({ x: 24, y: 12, width: 80, height: 40, area: 1600 })
    const m = d0.mask!
    expect(m.data[0]).toBe(1) // (24, 12)
    expect(m.data[63 - 24]).toBe(1)
    expect(m.data[64 - 24]).toBe(0)
    expect(m.data[39 * 80 + 39]).toBe(1) // (63, 51)
    // Box 1 -> source (64..96, −20..−4): wholly in the letterbox band, dropped and counted.
    expect(res.evidence.outsideImage).toBe(1)
  })
})

describe('end-to-end OBB and segment layouts', () => {
  it('reads [1, N, 7] rows as cx, cy, w, h, conf, cls, angle and regularises them', async () => {
    const dir = path.join(root, 'packs', 'e2e-obb')
    fs.mkdirSync(dir, { recursive: true })
    const out = new Float32Array(300 * 7)
    out.set([20, 30, 8, 16, 0.8, 1, Math.PI / 2 + 0.1], 0) // θ mod π ≥ π/2: w and h swap, θ -> 0.1
    out.set([40, 40, 10, 10, 0.1, 0, 0], 7) // under conf
    meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, S, S], outputs: [{ name: 'output0', dims: [1, 300, 7], base: out }] })
    writePack(dir, { id: 'e2e-obb', family: 'yolo', task: 'obb', layout: 'end2end', input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: DOTA, files: { model: 'model.onnx' } })
    const res = await runDetector(await loadPack(dirs(), 'e2e-obb'), solid(64, 64, 10), runtime, { providers: ['cpu'] })
    expect(res.detections).toHaveLength(1)
    const o = res.detections[0].obb!
    expect([res.detections[0].label, o.cx, o.cy, o.w, o.h]).toEqual(['ship', 20, 30, 16, 8])
    expect(o.angle).toBeCloseTo(0.1, 6)
  })

  it('reads [1, N, 38] rows with their 32 mask coefficients against the prototypes', async () => {
    const dir = path.join(root, 'packs', 'e2e-seg')
    fs.mkdirSync(dir, { recursive: true })
    const out = new Float32Array(300 * 38)
    out.set([8, 8, 40, 24, 0.9, 0], 0)
    out[6 + 1] = 1 // coefficient 1 on prototype 1, which is positive on grid rows 0..3 (model y < 16)
    const protos = new Float32Array(32 * 16 * 16)
    for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) protos[256 + y * 16 + x] = y < 4 ? 1 : -1
    meanAffineModel(path.join(dir, 'model.onnx'), {
      inputDims: [1, 3, S, S],
      outputs: [
        { name: 'output0', dims: [1, 300, 38], base: out },
        { name: 'output1', dims: [1, 32, 16, 16], base: protos },
      ],
    })
    writePack(dir, { id: 'e2e-seg', family: 'yolo', task: 'segment', layout: 'end2end', input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['roof'], files: { model: 'model.onnx' } })
    const res = await runDetector(await loadPack(dirs(), 'e2e-seg'), solid(64, 64, 10), runtime, { providers: ['cpu'] })
    // Box (8..40, 8..24); the prototype is positive on grid rows 0..3, i.e. model rows < 16: rows 8..15 are set.
    expect(res.detections[0].mask).toMatchObject({ x: 8, y: 8, width: 32, height: 16, area: 32 * 8 })
  })
})
