/**
 * The inference worker outlives its idle time (main/engines/vision/runtime/host.ts): onnxruntime-node cannot be
 * loaded again in a new thread of the same process ("Module did not self-register"), so the pool's idle retirement
 * (RSURE_WORKER_IDLE_MS, 60 s by default) must never end it. Measured the way the combined fault run met it: a model
 * run, an idle pause longer than the idle time, then more runs.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'
import { OnnxGraph } from '../../../helpers/onnx-builder'
import { tempDir } from '../../../helpers/tmp'

let root: string
let model: string
const before = process.env.RSURE_WORKER_IDLE_MS

beforeAll(() => {
  process.env.RSURE_WORKER_IDLE_MS = '200'
  root = tempDir('rsure-vision-lifetime-').dir
  const g = new OnnxGraph()
  const x = g.input('x', 'float32', [1, 3])
  g.output(g.op('Add', [x, g.constant([1], [1])]), 'y', 'float32', [1, 3])
  model = g.save(path.join(root, 'add.onnx'))
})
afterAll(() => {
  if (before === undefined) delete process.env.RSURE_WORKER_IDLE_MS
  else process.env.RSURE_WORKER_IDLE_MS = before
  fs.rmSync(root, { recursive: true, force: true })
})

const feeds = { x: { type: 'float32' as const, dims: [1, 3], data: Float32Array.from([1, 2, 3]) } }

describe('the inference worker', () => {
  it('still runs models after being idle longer than the pool idle time', async () => {
    const first = new VisionRuntime()
    const h = await first.open(model, ['cpu'])
    expect(Array.from((await first.run(h, feeds)).y.data as Float32Array)).toEqual([2, 3, 4])
    await first.close()
    await new Promise((r) => setTimeout(r, 800))
    // A new runtime (the next configuration of an eval run) opens its own session in the same worker.
    const second = new VisionRuntime()
    try {
      const h2 = await second.open(model, ['cpu'])
      expect(Array.from((await second.run(h2, feeds)).y.data as Float32Array)).toEqual([2, 3, 4])
    } finally {
      await second.close()
    }
  })
})
