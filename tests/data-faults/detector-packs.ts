/**
 * Detector packs with known faults, for the perception fault tests (issue 16: perception faults run through a fake
 * detector pack, never through faked output in product code). Each pack is a real ONNX model with the exact
 * Ultralytics YOLO detect signature ([1, 4 + classes, anchors], raw layout, decoded and suppressed by the engine)
 * whose output is fixed: the boxes a detector would give on the test image, or the same boxes spoiled the way a
 * detector goes wrong (an object missed, an object detected twice, every box shifted off the image content). The
 * image is drawn here too: dark 10 x 10 px objects on a flat background, 64 x 64 px (the model's input size, so the
 * letterbox is the identity and box coordinates are image pixels).
 *
 * `npx tsx tests/data-faults/detector-packs.ts DIR` writes them with `DIR/detector-packs.json`, which
 * `rsure eval --faults --packs DIR` reads to add the perception questions (main/eval/faults/fault-suite.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'
import { anchorCount } from '../../main/engines/vision/contracts'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../helpers/onnx-packs'

export const SIDE = 64
/** The objects on the image: centre x, centre y, width, height (px). */
export const OBJECTS: [number, number, number, number][] = [
  [16, 16, 10, 10],
  [48, 48, 10, 10],
  [45, 13, 10, 10],
]

export type PackFault = 'clean' | 'dropped' | 'duplicated' | 'shifted'

/** The boxes each pack's model emits (centre x, centre y, w, h, score). */
export function packBoxes(fault: PackFault): [number, number, number, number, number][] {
  const clean = OBJECTS.map(([x, y, w, h], i) => [x, y, w, h, 0.9 - 0.05 * i] as [number, number, number, number, number])
  switch (fault) {
    case 'clean':
      return clean
    case 'dropped':
      // The third object missed.
      return clean.slice(0, 2)
    case 'duplicated':
      // The first object detected a second time by a smaller box inside it (IoU 0.36, under the engine's 0.7 NMS).
      return [...clean, [16, 16, 6, 6, 0.6]]
    case 'shifted':
      // Every box 12 px right and down: a letterbox pad or tile offset not taken back out.
      return clean.map(([x, y, w, h, s]) => [x + 12, y + 12, w, h, s])
  }
}

/** Write the image and one pack per fault under `dir` (`dir/data/models/<id>`); returns the image path and data folders. */
export async function writeDetectorFixtures(dir: string): Promise<{ image: string; dataDir: (fault: PackFault) => string }> {
  const image = path.join(dir, 'objects.png')
  const rects = OBJECTS.map(([x, y, w, h]) => `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="rgb(40,40,40)"/>`).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><rect width="100%" height="100%" fill="rgb(200,200,200)"/>${rects}</svg>`
  await sharp(Buffer.from(svg)).png().toFile(image)
  const A = anchorCount(SIDE, SIDE)
  for (const fault of ['clean', 'dropped', 'duplicated', 'shifted'] as const) {
    const packDir = path.join(dir, fault, 'models', `ships-${fault}`)
    fs.mkdirSync(packDir, { recursive: true })
    const head = new RawHead(5, A)
    packBoxes(fault).forEach(([x, y, w, h, s], i) => head.box(5 + 2 * i, x, y, w, h, 0, s))
    meanAffineModel(path.join(packDir, 'model.onnx'), {
      inputDims: [1, 3, SIDE, SIDE],
      outputs: [{ name: 'output0', dims: [1, head.rows, head.anchors], base: head.data }],
    })
    writePack(packDir, {
      id: `ships-${fault}`,
      family: 'yolo',
      task: 'detect',
      input: { width: SIDE, height: SIDE, resize: 'letterbox', normalisation: YOLO_NORM },
      classNames: ['ship'],
      files: { model: 'model.onnx' },
    })
  }
  const manifest = {
    image: path.basename(image),
    question: 'How many ships are there in this image?',
    objects: OBJECTS.length,
    packs: { clean: 'clean', 'pack-dropped': 'dropped', 'pack-duplicated': 'duplicated', 'pack-shifted': 'shifted' },
  }
  fs.writeFileSync(path.join(dir, 'detector-packs.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return { image, dataDir: (fault) => path.join(dir, fault) }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = process.argv[2]
  if (!out) throw new Error('Usage: npx tsx tests/data-faults/detector-packs.ts OUT_DIR')
  fs.mkdirSync(out, { recursive: true })
  await writeDetectorFixtures(path.resolve(out))
  console.log(`Detector packs written to ${path.resolve(out)}`)
}
