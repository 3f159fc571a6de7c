/**
 * YOLO detect (raw and end-to-end) through tiny ONNX models with the exact Ultralytics signatures: letterboxing,
 * decoding, class-aware NMS, coordinates back to source pixels and to map coordinates, tiling with seam merging.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anchorCount } from '../../../../main/engines/vision/contracts'
import { runDetector } from '../../../../main/engines/vision/detect'
import { loadImage } from '../../../../main/engines/vision/image'
import { loadPack } from '../../../../main/engines/vision/registry'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'

const S = 64
const A = anchorCount(S, S) // 64 + 16 + 4 = 84
let root: string
let runtime: VisionRuntime
const dirs = () => ({ builtin: path.join(root, 'none'), user: path.join(root, 'packs') })

function yoloPack(id: string, head: RawHead, gain: RawHead | null, opts: { classNames: string[]; layout?: string; dims?: number[] }) {
  const dir = path.join(root, 'packs', id)
  fs.mkdirSync(dir, { recursive: true })
  const dims = opts.dims ?? [1, head.rows, head.anchors]
  meanAffineModel(path.join(dir, 'model.onnx'), {
    inputDims: [1, 3, S, S],
    outputs: [{ name: 'output0', dims, base: head.data, gain: gain?.data }],
  })
  writePack(dir, {
    id,
    family: 'yolo',
    task: 'detect',
    layout: opts.layout,
    input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM },
    classNames: opts.classNames,
    files: { model: 'model.onnx' },
  })
}

function solid(width: number, height: number, value: number) {
  return { data: new Uint8Array(width * height * 3).fill(value), width, height, georef: null, name: null }
}

beforeAll(() => {
  root = tempDir('rsure-vision-yolo-').dir
  runtime = new VisionRuntime()
  // Anchors: 5 = a box (class 1, 0.9); 6 = nearly the same box (class 1, 0.8) -> suppressed;
  // 7 = the same box as 5 but class 0 (0.6) -> kept (class-aware); 8 = below conf (0.2);
  // 9 = class 0 score = mean(letterboxed input): 0.72 on a white 128x64 image, 0.22 on a black one.
  const head = new RawHead(4 + 2, A)
    .box(5, 32, 32, 20, 10, 1, 0.9)
    .box(6, 33, 32, 20, 10, 1, 0.8)
    .box(7, 32, 32, 20, 10, 0, 0.6)
    .box(8, 10, 10, 4, 4, 1, 0.2)
    .box(9, 50, 20, 8, 8, 0, 0)
  const gain = new RawHead(6, A).set(4, 9, 1)
  yoloPack('tiny-detect', head, gain, { classNames: ['ship', 'plane'] })
})

afterAll(async () => {
  await runtime.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe('YOLO raw detect', () => {
  it('decodes, suppresses class-aware and maps boxes back through the letterbox', async () => {
    const pack = await loadPack(dirs(), 'tiny-detect')
    // 128x64 white: r = 0.5, 64x32 inside the 64x64 input, 16 px grey bands top and bottom.
    const res = await runDetector(pack, solid(128, 64, 255), runtime, { providers: ['cpu'] })
    expect(res.evidence.letterbox).toMatchObject({ scale: 0.5, top: 16, left: 0 })
    expect(res.evidence.candidates).toBe(4) // anchors 5, 6, 7, 9
    expect(res.evidence.nms).toBe('xyxy-class-aware')
    const got = res.detections.map((d) => ({ label: d.label, score: +d.score.toFixed(4), box: d.box.map((v) => +v.toFixed(4)) }))
    // Box (22..42, 27..37) in model pixels -> x/0.5, (y-16)/0.5.
    // Anchor 9: mean of the input = (half the rows 1.0 + half 114/255) = 0.72353; box (46..54, 16..24) -> y (0..16).
    expect(got).toEqual([
      { label: 'plane', score: 0.9, box: [44, 22, 84, 42] },
      { label: 'ship', score: 0.7235, box: [92, 0, 108, 16] },
      { label: 'ship', score: 0.6, box: [44, 22, 84, 42] },
    ])
    expect(res.detections[0].polygon).toEqual([
      [44, 22],
      [84, 22],
      [84, 42],
      [44, 42],
    ])
    expect(res.evidence.provider).toBe('cpu')
  })

  it('lets the input decide: on a black image the mean-driven score falls under the threshold', async () => {
    const pack = await loadPack(dirs(), 'tiny-detect')
    const res = await runDetector(pack, solid(128, 64, 0), runtime, { providers: ['cpu'] })
    // mean = half the rows 0 + half 114/255 = 0.2235 < 0.25
    expect(res.detections.map((d) => d.score)).toEqual([expect.closeTo(0.9, 6), expect.closeTo(0.6, 6)])
    const lower = await runDetector(pack, solid(128, 64, 0), runtime, { providers: ['cpu'], conf: 0.2 })
    expect(lower.detections.some((d) => Math.abs(d.score - 114 / 255 / 2) < 1e-4)).toBe(true)
  })

  it('filters by class name and refuses class names the pack does not know', async () => {
    const pack = await loadPack(dirs(), 'tiny-detect')
    const res = await runDetector(pack, solid(128, 64, 255), runtime, { providers: ['cpu'], classes: ['plane'] })
    expect(res.detections.map((d) => d.label)).toEqual(['plane'])
    expect(res.evidence.filteredByClass).toBe(2)
    await expect(runDetector(pack, solid(128, 64, 255), runtime, { providers: ['cpu'], classes: ['tank'] })).rejects.toThrow(/does not know the class 'tank'; its classes are ship, plane/)
  })

  it('adds map coordinates from the geotransform', async () => {
    const pack = await loadPack(dirs(), 'tiny-detect')
    const gt: [number, number, number, number, number, number] = [500000, 10, 0, 4000000, 0, -10]
    const res = await runDetector(pack, solid(128, 64, 255), runtime, { providers: ['cpu'], georef: { geoTransform: gt, crs: null } })
    expect(res.detections[0].map!.polygon[0]).toEqual([500440, 3999780])
    expect(res.detections[0].map!.polygon[2]).toEqual([500840, 3999580])
  })
})

describe('tiling', () => {
  it('tiles a wide image, maps each tile back and merges the duplicate on the seam', async () => {
    // cx = 72 − 64·mean. Image 160x64: columns 0..47 black, 48..159 white. Tiles of 64 with overlap 16 start at
    // x = 0, 48, 96: means 0.25, 1, 1 -> local cx 56, 8, 8 -> source 56, 56, 104. The two at 56 are one object.
    const head = new RawHead(5, A).box(3, 72, 30, 8, 8, 0, 0.8)
    const gain = new RawHead(5, A).set(0, 3, -64)
    yoloPack('tiny-tiles', head, gain, { classNames: ['car'] })
    const img = solid(160, 64, 255)
    for (let y = 0; y < 64; y++) img.data.fill(0, y * 160 * 3, (y * 160 + 48) * 3)
    const pack = await loadPack(dirs(), 'tiny-tiles')
    const res = await runDetector(pack, img, runtime, { providers: ['cpu'], view: 'tiles', tile: 64, overlap: 16 })
    expect(res.evidence.tiles).toMatchObject({ count: 3, grid: [3, 1], size: 64, overlap: 16, coverage: 1, view: 'tiles' })
    expect(res.evidence.keptPerTile).toEqual([1, 1, 1])
    expect(res.evidence.mergedAcrossTiles).toBe(1)
    const boxes = res.detections.map((d) => d.box.map((v) => +v.toFixed(3))).sort((a, b) => a[0] - b[0])
    expect(boxes).toEqual([
      [52, 26, 60, 34],
      [100, 26, 108, 34],
    ])
    expect(res.detections.find((d) => d.box[0] === 100)!.tile).toBe(2)
  })
})

describe('YOLO end-to-end layout', () => {
  it('keeps rows above the confidence as they are (no NMS), mapped to source pixels', async () => {
    // [1, 300, 6]: x1, y1, x2, y2, conf, cls
    const N = 300
    const out = new Float32Array(N * 6)
    out.set([10, 20, 30, 40, 0.9, 1], 0)
    out.set([11, 20, 31, 40, 0.8, 1], 6) // overlaps the first: an end-to-end model already chose both
    out.set([0, 0, 5, 5, 0.1, 0], 12) // under conf
    yoloPack('tiny-e2e', { rows: 0, anchors: 0, data: out } as unknown as RawHead, null, { classNames: ['a', 'b'], layout: 'end2end', dims: [1, N, 6] })
    const pack = await loadPack(dirs(), 'tiny-e2e')
    // 32x32 image into 64x64: r = 2, no padding.
    const res = await runDetector(pack, await loadImage({ data: new Uint8Array(32 * 32 * 3), width: 32, height: 32, channels: 3 }), runtime, { providers: ['cpu'] })
    expect(res.evidence.nms).toBe('none (end-to-end)')
    expect(res.detections.map((d) => [d.label, +d.score.toFixed(3), ...d.box])).toEqual([
      ['b', 0.9, 5, 10, 15, 20],
      ['b', 0.8, 5.5, 10, 15.5, 20],
    ])
  })
})
