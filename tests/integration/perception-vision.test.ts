/**
 * perceive and measure through the real vision engine (main/engines/vision) with a tiny YOLO detect pack built by
 * the test (exact Ultralytics output signature, known anchors): the adapter finds the pack, keeps the classes the
 * target groups ask for, and measure counts, sizes and spaces the detections in ground units from the declared GSD.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anchorCount } from '../../main/engines/vision/contracts'
import { sharedVisionRuntime } from '../../main/engines/vision/runtime/host'
import { ArtifactStore } from '../../main/store/artifacts'
import { MEASURE_EVIDENCE, measure } from '../../main/tools/measure/index'
import { perceiveWithLayers, PERCEIVE_EVIDENCE } from '../../main/tools/perceive/index'
import { visionEngineApi } from '../../main/tools/perceive/vision-adapter'
import { missingEvidence } from '../../main/tools/protocol'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../helpers/onnx-packs'
import { tempDir } from '../helpers/tmp'

const S = 64
const tmp = tempDir('rsure-perception-vision-')
const image = path.join(tmp.dir, 'white.png')
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }

beforeAll(async () => {
  const dir = path.join(tmp.dir, 'data', 'models', 'tiny-detect')
  fs.mkdirSync(dir, { recursive: true })
  // Anchor 5: plane (0.9) and anchor 7: ship (0.6) on the same box; anchor 9: a ship whose score is the input mean.
  const A = anchorCount(S, S)
  const head = new RawHead(6, A).box(5, 32, 32, 20, 10, 1, 0.9).box(7, 32, 32, 20, 10, 0, 0.6).box(9, 50, 20, 8, 8, 0, 0)
  const gain = new RawHead(6, A).set(4, 9, 1)
  meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, S, S], outputs: [{ name: 'output0', dims: [1, head.rows, head.anchors], base: head.data, gain: gain.data }] })
  writePack(dir, { id: 'tiny-detect', family: 'yolo', task: 'detect', input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['ship', 'plane'], files: { model: 'model.onnx' } })
  await sharp({ create: { width: 128, height: 64, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toFile(image)
})

afterAll(async () => {
  await sharedVisionRuntime().close()
  tmp.cleanup()
})

describe('perceive objects with an installed detector pack', () => {
  it('finds the ships the target group asks for and measure counts and spaces them', { timeout: 60_000 }, async () => {
    const vision = visionEngineApi({ dataDir: path.join(tmp.dir, 'data') })
    const out = await perceiveWithLayers({ mode: 'objects', image_paths: [image], target_groups: { ships: ['ships'] } }, ctx, { vision })
    const r = out.result
    expect(r.status, r.reason).toBe('ok')
    expect(missingEvidence(r, PERCEIVE_EVIDENCE)).toEqual([])
    expect(r.evidence.source).toMatchObject({ backend: 'pack:tiny-detect', provider: 'cpu', class_filter: ['ship'] })
    // Boxes back through the letterbox (see tests/unit/engines/vision/yolo-detect.test.ts): (44..84, 22..42) and (92..108, 0..16).
    const boxes = (r.evidence.intermediate.boxes as { box: number[]; confidence: number }[]).map((b) => [b.box.map((v) => +v.toFixed(3)), +b.confidence.toFixed(4)])
    expect(boxes).toEqual([[[92, 0, 108, 16], 0.7235], [[44, 22, 84, 42], 0.6]])
    expect(r.evidence.validity).toMatchObject({ geometry: 'exact', tile_coverage: 1, layer_status: 'ok' })

    const sources = [{ id: 'img', mode: 'objects', image_paths: [image], target_groups: { ships: ['ship'] }, gsd: 0.5 }]
    const count = await measure({ sources, spec: { metric: 'count', subject: 'ships' } }, ctx, { vision })
    expect(count.status, count.reason).toBe('ok')
    expect(missingEvidence(count, MEASURE_EVIDENCE)).toEqual([])
    expect((count.observation as { value: number }).value).toBe(2)
    // Edge distances to a declared extent in the lower-left corner (x 0..10, y 50..64), at 0.5 m/px: the near ship
    // (44..84, 22..42) is (34, 8) px away, the far one (92..108, 0..16) is (82, 34) px away.
    const corner = { id: 'corner', mode: 'extent', image_paths: [image], bbox: [0, 50, 10, 64], gsd: 0.5 }
    const near = await measure({ sources: [...sources, corner], spec: { metric: 'distance', subject: 'ships', reference: 'corner' } }, ctx, { vision })
    expect(near.status, near.reason).toBe('ok')
    expect((near.observation as { value: number }).value).toBeCloseTo(Math.hypot(34, 8) * 0.5, 9)
    const far = await measure({ sources: [...sources, corner], spec: { metric: 'distance', subject: 'ships', reference: 'corner', distance_statistic: 'maximum', output_unit: 'cm' } }, ctx, { vision })
    expect((far.observation as { value: number }).value).toBeCloseTo(Math.hypot(82, 34) * 50, 9)
    const area = await measure({ sources, spec: { metric: 'area', subject: 'ships', output_unit: 'm2' } }, ctx, { vision })
    expect((area.observation as { value: number }).value).toBe((16 * 16 + 40 * 20) * 0.25)
  })

  it('document mode reads rendered text with the built-in OCR pack', { timeout: 120_000 }, async () => {
    const doc = path.join(tmp.dir, 'doc.png')
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="90"><rect width="100%" height="100%" fill="#fafafa"/><text x="24" y="56" font-family="DejaVu Sans" font-size="34" fill="#111">Harbour 2019 scale 1 km</text></svg>'
    await sharp(Buffer.from(svg)).png().toFile(doc)
    const r = (await perceiveWithLayers({ mode: 'document', image_paths: [doc] }, ctx, { vision: visionEngineApi({ dataDir: path.join(tmp.dir, 'data') }) })).result
    expect(r.status, r.reason).toBe('ok')
    expect(missingEvidence(r, PERCEIVE_EVIDENCE)).toEqual([])
    expect(r.evidence.source.backend).toBe('pack:ppocr-v4')
    expect(((r.observation as { text: string }).text).replace(/\s+/g, '')).toBe('Harbour2019scale1km')
  })
})
