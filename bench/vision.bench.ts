/**
 * Model-pack perception throughput on the CPU (issue 10), through the whole vision engine path: sharp crop and
 * letterbox, the inference worker, decoding, NMS (or ProbIoU NMS, or mask assembly) and the merge across tiles.
 * - YOLO detect at 640 (COCO-sized head [1, 84, 8400]) on a 2048 x 2048 image, tiles of 640 with 128 px overlap;
 * - YOLO OBB at 1024 (DOTA head [1, 20, 21504]), tiles of 1024 with 200 px overlap;
 * - YOLO segment at 640 ([1, 116, 8400] + prototypes [1, 32, 160, 160]);
 * - PaddleOCR PP-OCRv4 (the built-in pack) on a rendered three-line page.
 * The YOLO graphs are the tests' tiny models (a constant head plus the input's mean, tests/helpers/onnx-packs.ts):
 * their own compute is negligible, so the figures measure the engine around a model, not a network. Real packs add
 * their network time on top. Checks: every tile yields its detections and the OCR reads its text back.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { detect, ocr } from '../main/engines/vision/api'
import { anchorCount } from '../main/engines/vision/contracts'
import { builtinModelsDir } from '../main/engines/vision/registry'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../tests/helpers/onnx-packs'

function makePack(root: string, id: string, task: 'detect' | 'obb' | 'segment', size: number, nc: number): void {
  const dir = path.join(root, id)
  fs.mkdirSync(dir, { recursive: true })
  const A = anchorCount(size, size)
  const rows = 4 + nc + (task === 'obb' ? 1 : task === 'segment' ? 32 : 0)
  const head = new RawHead(rows, A)
  // 40 candidates on a grid (some overlapping pairs for NMS to remove).
  for (let k = 0; k < 40; k++) {
    const cx = 40 + (k % 8) * (size / 9)
    const cy = 40 + Math.floor(k / 8) * (size / 6)
    head.box(k * 37, cx, cy, 30, 20, k % nc, 0.5 + (k % 5) / 10)
    head.box(k * 37 + 1, cx + 2, cy, 30, 20, k % nc, 0.45)
    if (task === 'segment') head.set(4 + nc, k * 37, 1)
  }
  const outputs = [{ name: 'output0', dims: [1, rows, A], base: head.data }]
  if (task === 'segment') {
    const m = size / 4
    const protos = new Float32Array(32 * m * m)
    for (let i = 0; i < m * m; i++) protos[i] = Math.sin(i / 7)
    outputs.push({ name: 'output1', dims: [1, 32, m, m], base: protos })
  }
  meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, size, size], outputs })
  writePack(dir, {
    id,
    family: 'yolo',
    task,
    input: { width: size, height: size, resize: 'letterbox', normalisation: YOLO_NORM },
    classNames: Array.from({ length: nc }, (_, i) => `class ${i}`),
    files: { model: 'model.onnx' },
  })
}

async function timed<T>(runs: number, f: () => Promise<T>): Promise<{ s: number; last: T }> {
  let last = await f() // warm-up: opens the session
  const t0 = performance.now()
  for (let i = 0; i < runs; i++) last = await f()
  return { s: (performance.now() - t0) / 1000 / runs, last }
}

export default async function bench(): Promise<number> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-vision-bench-'))
  let failures = 0
  try {
    makePack(root, 'bench-detect', 'detect', 640, 80)
    makePack(root, 'bench-obb', 'obb', 1024, 15)
    makePack(root, 'bench-seg', 'segment', 640, 80)
    const dirs = { builtin: builtinModelsDir(), user: root }
    const W = 2048
    const data = new Uint8Array(W * W * 3)
    for (let i = 0; i < W * W; i++) data.set([(i * 3) % 251, (i >> 11) % 241, (i * 7) % 239], i * 3)
    const image = { data, width: W, height: W, channels: 3 as const }
    const rows: string[] = []
    for (const [id, tile, overlap] of [
      ['bench-detect', 640, 128],
      ['bench-obb', 1024, 200],
      ['bench-seg', 640, 128],
    ] as const) {
      const { s, last } = await timed(2, () => detect(image, id, { dirs, view: 'tiles', tile, overlap, providers: ['cpu'] }))
      const n = last.evidence.tiles.count
      const ok = last.evidence.keptPerTile.every((k) => k > 0) && last.detections.length > 0
      if (!ok) failures++
      const t = last.evidence.timingsMs
      rows.push(
        `${id.padEnd(13)} ${String(tile).padStart(4)} px tiles x${String(n).padStart(2)}: ${(n / s).toFixed(1).padStart(6)} tiles/s (${(s * 1000).toFixed(0)} ms per image; pre ${t.preprocess} ms, run ${t.inference} ms, post ${t.postprocess} ms; ${last.detections.length} objects, ${last.evidence.mergedAcrossTiles} merged at seams)${ok ? '' : '  WRONG: a tile found nothing'}`,
      )
    }
    const lines = ['HARBOUR SURVEY 2017', 'Scale 1:25000', 'Pier 7 north basin']
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="208"><rect width="100%" height="100%" fill="#fafafa"/>${lines.map((l, i) => `<text x="24" y="${62 + 56 * i}" font-family="DejaVu Sans" font-size="34" fill="#111">${l}</text>`).join('')}</svg>`
    const png = path.join(root, 'page.png')
    await sharp(Buffer.from(svg)).png().toFile(png)
    const { s, last } = await timed(3, () => ocr(png, { dirs, providers: ['cpu'] }))
    const read = last.lines.map((l) => l.text.replace(/\s+/g, ''))
    const ok = JSON.stringify(read) === JSON.stringify(lines.map((l) => l.replace(/\s+/g, '')))
    if (!ok) failures++
    rows.push(
      `ppocr-v4      640x208 page, ${last.lines.length} lines: ${(s * 1000).toFixed(0)} ms per page, ${(last.lines.length / s).toFixed(1)} lines/s (det ${last.evidence.timingsMs.det} ms, rec ${last.evidence.timingsMs.rec} ms)${ok ? '' : `  WRONG: read ${JSON.stringify(read)}`}`,
    )
    process.stdout.write(`Model packs on the CPU (${os.cpus().length} cores, provider cpu):\n${rows.map((r) => `  ${r}`).join('\n')}\n`)
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
  return failures
}
