/**
 * Tiny models with the exact signatures of each family, and pack folders around them, for the vision tests.
 * Outputs are constants plus a known multiple of the input's mean (ReduceMean over all of `images`), so a test can
 * both place boxes by hand and check that the letterboxed pixels reached the model.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { OnnxGraph } from './onnx-builder'

export function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

/**
 * out = base + mean(input) · gain, with base and gain of shape `dims`. Input `[1, 3, H, W]` float32 named `inputName`.
 */
export function meanAffineModel(
  file: string,
  opts: { inputName?: string; inputDims: (number | string)[]; outputs: { name: string; dims: number[]; base: Float32Array; gain?: Float32Array }[]; metadata?: Record<string, string> },
): string {
  const g = new OnnxGraph()
  const x = g.input(opts.inputName ?? 'images', 'float32', opts.inputDims)
  const mean = g.op('ReduceMean', [x], { keepdims: 0 })
  for (const o of opts.outputs) {
    let v = g.constant(o.base, o.dims)
    if (o.gain) v = g.op('Add', [v, g.op('Mul', [mean, g.constant(o.gain, o.dims)])])
    g.output(v, o.name, 'float32', o.dims)
  }
  return g.save(file, opts.metadata)
}

/** A raw-layout tensor [1, rows, A] filled by `set(row, anchor, value)` calls. */
export class RawHead {
  readonly data: Float32Array
  constructor(
    readonly rows: number,
    readonly anchors: number,
  ) {
    this.data = new Float32Array(rows * anchors)
  }
  set(row: number, anchor: number, v: number): this {
    this.data[row * this.anchors + anchor] = v
    return this
  }
  /** Put box cx, cy, w, h and one class score at an anchor. */
  box(anchor: number, cx: number, cy: number, w: number, h: number, cls: number, score: number): this {
    return this.set(0, anchor, cx).set(1, anchor, cy).set(2, anchor, w).set(3, anchor, h).set(4 + cls, anchor, score)
  }
}

export interface PackSpec {
  id: string
  family: string
  task: string
  layout?: string
  input: { width: number; height: number; resize: string; normalisation: { scale: number; mean: number[]; std: number[] } }
  classNames?: string[]
  files: Record<string, string>
  extra?: Record<string, unknown>
}

export const YOLO_NORM = { scale: 1 / 255, mean: [0, 0, 0], std: [1, 1, 1] }

/** Write manifest.json for files already in `dir` (paths relative to it), with their real sha256. */
export function writePack(dir: string, spec: PackSpec, overrides: Record<string, unknown> = {}): string {
  const files = Object.fromEntries(Object.entries(spec.files).map(([role, rel]) => [role, { path: rel, sha256: sha256(path.join(dir, rel)) }]))
  const manifest = {
    schema: 1,
    id: spec.id,
    version: '1.0.0',
    family: spec.family,
    task: spec.task,
    layout: spec.layout ?? 'raw',
    input: spec.input,
    classNames: spec.classNames ?? [],
    gsd: null,
    licence: 'test-only',
    files,
    ...(spec.extra ?? {}),
    ...overrides,
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2))
  return dir
}
