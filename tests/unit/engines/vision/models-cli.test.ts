/** `rsure models add | list | check | remove` on a temporary data folder. */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../../main/cli/index'
import type { CliIo } from '../../../../main/cli/io'
import { anchorCount } from '../../../../main/engines/vision/contracts'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'

let root: string
const A = anchorCount(64, 64)

async function rsure(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), signal: new AbortController().signal }
  const code = await main([...argv, '--data-dir', path.join(root, 'data')], io)
  return { code, out: out.join(''), err: err.join('') }
}

function pack(id: string, rows: number): string {
  const dir = path.join(root, 'src', id)
  fs.mkdirSync(dir, { recursive: true })
  meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, 64, 64], outputs: [{ name: 'output0', dims: [1, rows, A], base: new RawHead(rows, A).data }] })
  return writePack(dir, { id, family: 'yolo', task: 'detect', input: { width: 64, height: 64, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['car'], files: { model: 'model.onnx' } })
}

beforeAll(() => {
  root = tempDir('rsure-models-cli-').dir
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('rsure models', () => {
  it('lists the built-in OCR pack, adds, checks and removes a pack, and refuses a bad one in one sentence', async () => {
    const list0 = await rsure('models', 'list', '--json')
    expect(list0.code).toBe(0)
    expect(JSON.parse(list0.out)).toEqual([expect.objectContaining({ id: 'ppocr-v4', origin: 'built-in', status: 'ok' })])

    const add = await rsure('models', 'add', pack('cars', 5))
    expect(add.code).toBe(0)
    expect(add.out).toMatch(/^Pack 'cars' 1\.0\.0 \(yolo detect, test-only\) installed: manifest valid, 1 file hashes match, graphs fit the contract\.\n  model: images \[1, 3, 64, 64\] -> output0 \[1, 5, 84\]/)
    expect(fs.existsSync(path.join(root, 'data', 'models', 'cars', 'manifest.json'))).toBe(true)

    const check = await rsure('models', 'check', 'cars', '--json')
    expect(JSON.parse(check.out)).toMatchObject({ id: 'cars', origin: 'user', io: { model: { outputs: [{ shape: [1, 5, 84] }] } } })

    const bad = await rsure('models', 'add', pack('trucks', 6))
    expect(bad.code).toBe(1)
    expect(bad.err).toBe("Pack 'trucks' is refused: its model model does not fit the yolo detect contract, because its first output 'output0' has shape [1, 6, 84], expected [1, 5, 84] (4 box rows + 1 class at 64x64).\n")

    expect((await rsure('models', 'remove', 'cars')).out).toBe("Removed pack 'cars'.\n")
    const gone = await rsure('models', 'remove', 'cars')
    expect(gone.code).toBe(1)
    expect(gone.err).toMatch(/^No model pack 'cars' is installed/)
    const usage = await rsure('models', 'frobnicate')
    expect(usage.code).toBe(2)
    expect(usage.err).toMatch(/needs a subcommand: list, add, check, remove or probe \(got 'frobnicate'\)/)
  })
})

describe('rsure models add MODEL.onnx', () => {
  it('makes the manifest of a bare Ultralytics export from its metadata, and refuses a file without it', async () => {
    const file = path.join(root, 'src', 'YOLO11n Cars.onnx')
    meanAffineModel(file, {
      inputDims: [1, 3, 64, 64],
      outputs: [{ name: 'output0', dims: [1, 5, A], base: new RawHead(5, A).data }],
      metadata: { task: 'detect', imgsz: '[64, 64]', names: "{0: 'car'}", license: 'AGPL-3.0 License (https://ultralytics.com/license)', version: '8.3.0' },
    })
    const add = await rsure('models', 'add', file, '--gsd', '0.3', '--json')
    expect(add.err).toBe('')
    expect(JSON.parse(add.out)).toMatchObject({ id: 'yolo11n-cars', version: '8.3.0', family: 'yolo', task: 'detect', classNames: ['car'], gsd: 0.3, licence: 'AGPL-3.0 License (https://ultralytics.com/license)' })
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'data', 'models', 'yolo11n-cars', 'manifest.json'), 'utf8'))
    expect(manifest.input).toMatchObject({ width: 64, height: 64, resize: 'letterbox' })
    const bare = path.join(root, 'src', 'bare.onnx')
    meanAffineModel(bare, { inputDims: [1, 3, 64, 64], outputs: [{ name: 'output0', dims: [1, 5, A], base: new RawHead(5, A).data }] })
    const refused = await rsure('models', 'add', bare)
    expect(refused.code).toBe(1)
    expect(refused.err).toBe("The file 'bare.onnx' carries no Ultralytics metadata (task, imgsz, names), so a manifest cannot be made for it; write one as native-models/README.md shows.\n")
  })
})
