/**
 * Pack checks before use: manifest, sha256 of every file, ONNX input/output shapes against the family contract;
 * add / list / remove in the user folder; refusals are one sentence saying why.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anchorCount } from '../../../../main/engines/vision/contracts'
import { parseUltralyticsNames, readOnnxMetadata } from '../../../../main/engines/vision/onnx-metadata'
import { addPack, checkPack, listPacks, loadPack, removePack } from '../../../../main/engines/vision/registry'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'

const A = anchorCount(64, 64)
let root: string
let runtime: VisionRuntime
const dirs = () => ({ builtin: path.join(root, 'builtin'), user: path.join(root, 'user') })

function source(id: string, rows: number, overrides: Record<string, unknown> = {}, metadata?: Record<string, string>): string {
  const dir = path.join(root, 'incoming', id)
  fs.mkdirSync(dir, { recursive: true })
  meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, 64, 64], outputs: [{ name: 'output0', dims: [1, rows, A], base: new RawHead(rows, A).data }], metadata })
  return writePack(dir, { id, family: 'yolo', task: 'detect', input: { width: 64, height: 64, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['ship', 'plane'], files: { model: 'model.onnx' } }, overrides)
}

beforeAll(() => {
  root = tempDir('rsure-vision-registry-').dir
  runtime = new VisionRuntime()
})
afterAll(async () => {
  await runtime.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe('pack checks', () => {
  it('accepts a pack that fits its contract and reports the graph it read', async () => {
    const checked = await checkPack(source('good', 6), runtime)
    expect(checked.io.model.outputs[0]).toEqual({ name: 'output0', type: 'float32', shape: [1, 6, 84] })
  })

  it('refuses a file whose sha256 differs from the manifest, saying so', async () => {
    const dir = source('tampered', 6)
    fs.appendFileSync(path.join(dir, 'model.onnx'), Buffer.from([0]))
    await expect(checkPack(dir, runtime)).rejects.toThrow(
      /^Pack 'tampered' is refused: the sha256 of its model file 'model\.onnx' is [0-9a-f]{12}\.\.\., not [0-9a-f]{12}\.\.\. as the manifest says, so the file is not the one the pack was made with\.$/,
    )
  })

  it('refuses a graph whose output shape does not fit the family contract, naming both shapes', async () => {
    // 2 classes need 4 + 2 = 6 rows; this graph has 7.
    await expect(checkPack(source('wrong-shape', 7), runtime)).rejects.toThrow(
      "Pack 'wrong-shape' is refused: its model model does not fit the yolo detect contract, because its first output 'output0' has shape [1, 7, 84], expected [1, 6, 84] (4 box rows + 2 classes at 64x64).",
    )
  })

  it('refuses an invalid manifest and a missing file with a sentence each', async () => {
    await expect(checkPack(source('no-classes', 6, { classNames: [] }), runtime)).rejects.toThrow(
      "The manifest of 'no-classes' is refused (classNames: a YOLO pack must list its class names in output order).",
    )
    const dir = source('lost-file', 6)
    fs.rmSync(path.join(dir, 'model.onnx'))
    await expect(checkPack(dir, runtime)).rejects.toThrow("Pack 'lost-file' is refused: its model file 'model.onnx' is missing.")
    const esc = source('escape', 6)
    const m = JSON.parse(fs.readFileSync(path.join(esc, 'manifest.json'), 'utf8'))
    m.files.model.path = '../good/model.onnx'
    fs.writeFileSync(path.join(esc, 'manifest.json'), JSON.stringify(m))
    await expect(checkPack(esc, runtime)).rejects.toThrow(/files\.model\.path: a file path must stay inside the pack folder/)
  })

  it('refuses a file that is not an ONNX graph', async () => {
    const dir = path.join(root, 'incoming', 'not-onnx')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'model.onnx'), 'hello')
    writePack(dir, { id: 'not-onnx', family: 'yolo', task: 'detect', input: { width: 64, height: 64, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['a'], files: { model: 'model.onnx' } })
    await expect(checkPack(dir, runtime)).rejects.toThrow("Pack 'not-onnx' is refused: its model file 'model.onnx' is not an ONNX model ONNX Runtime can load.")
  })
})

describe('Ultralytics metadata inside the ONNX file', () => {
  it('reads the metadata props from the protobuf and checks names, image size, task and layout against the manifest', async () => {
    const meta = { author: 'Ultralytics', task: 'detect', stride: '32', imgsz: '[64, 64]', names: "{0: 'ship', 1: 'plane'}", end2end: 'False' }
    expect(await readOnnxMetadata(path.join(source('meta-ok', 6, {}, meta), 'model.onnx'))).toEqual(meta)
    await expect(checkPack(path.join(root, 'incoming', 'meta-ok'), runtime)).resolves.toBeTruthy()
    await expect(checkPack(source('meta-names', 6, {}, { ...meta, names: "{0: 'plane', 1: 'ship'}" }), runtime)).rejects.toThrow(
      "Pack 'meta-names' is refused: the model's class 0 is 'plane' but the manifest lists 'ship' (2 classes in the model, 2 in the manifest).",
    )
    await expect(checkPack(source('meta-size', 6, {}, { ...meta, imgsz: '[640, 640]' }), runtime)).rejects.toThrow(
      "Pack 'meta-size' is refused: the model was exported at 640x640, the manifest says 64x64.",
    )
    await expect(checkPack(source('meta-e2e', 6, {}, { ...meta, end2end: 'True' }), runtime)).rejects.toThrow(
      "Pack 'meta-e2e' is refused: the model is an end-to-end export but the manifest says layout 'raw'.",
    )
  })

  it('parses Python dict literals of class names, quotes included', () => {
    expect(parseUltralyticsNames(`{0: 'plane', 1: "people's car", 2: 'storage tank'}`)).toEqual(['plane', "people's car", 'storage tank'])
    expect(parseUltralyticsNames('not a dict')).toBeNull()
  })
})

describe('add, list, remove', () => {
  it('installs a checked pack into the user folder, lists it, refuses a duplicate and removes it', async () => {
    await addPack(dirs(), source('harbour-ships', 6), runtime)
    expect(fs.existsSync(path.join(root, 'user', 'harbour-ships', 'model.onnx'))).toBe(true)
    const list = await listPacks(dirs(), runtime)
    expect(list).toEqual([expect.objectContaining({ id: 'harbour-ships', status: 'ok', task: 'detect', origin: 'user', inputSize: [64, 64], classNames: ['ship', 'plane'] })])
    await expect(addPack(dirs(), source('harbour-ships', 6), runtime)).rejects.toThrow("A pack called 'harbour-ships' is already installed; remove it first or add with --replace.")
    await expect(addPack(dirs(), source('bad-add', 7), runtime)).rejects.toThrow(/refused/)
    expect(fs.existsSync(path.join(root, 'user', 'bad-add'))).toBe(false)
    // A pack broken after installation is listed as invalid with its reason.
    fs.appendFileSync(path.join(root, 'user', 'harbour-ships', 'model.onnx'), Buffer.from([1]))
    const again = await listPacks(dirs(), runtime)
    expect(again[0]).toMatchObject({ status: 'invalid', problem: expect.stringMatching(/sha256/) })
    await expect(loadPack(dirs(), 'harbour-ships')).rejects.toThrow(/sha256/)
    removePack(dirs(), 'harbour-ships')
    expect(await listPacks(dirs())).toEqual([])
    expect(() => removePack(dirs(), 'harbour-ships')).toThrow("No model pack 'harbour-ships' is installed; run 'rsure models list' to see the installed packs.")
  })
})
