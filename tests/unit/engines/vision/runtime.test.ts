/**
 * The inference runtime: execution-provider fallback (this machine has no CUDA, DirectML or CoreML), session
 * caching and release, and a long inference that leaves the main thread's event loop responsive.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'
import { OnnxGraph } from '../../../helpers/onnx-builder'
import { tempDir } from '../../../helpers/tmp'

let root: string
let small: string
let heavy: string

beforeAll(() => {
  root = tempDir('rsure-vision-runtime-').dir
  const g = new OnnxGraph()
  const x = g.input('x', 'float32', [1, 4])
  g.output(g.op('Mul', [x, g.constant([2], [1])]), 'y', 'float32', [1, 4])
  small = g.save(path.join(root, 'small.onnx'))
  // A chain of 1024x1024 matrix products: seconds of CPU work in one run() call.
  const h = new OnnxGraph()
  let v = h.input('x', 'float32', [1024, 1024])
  const x0 = v
  for (let i = 0; i < 12; i++) v = h.op('MatMul', [v, x0])
  h.output(v, 'y', 'float32', [1024, 1024])
  heavy = h.save(path.join(root, 'heavy.onnx'))
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('execution providers', () => {
  it('asks for CUDA, DirectML and CoreML first, falls back to the CPU and reports why each failed', async () => {
    const rt = new VisionRuntime()
    try {
      const h = await rt.open(small, ['cuda', 'dml', 'coreml', 'cpu'])
      expect(h.provider).toBe('cpu')
      expect(h.attempts.map((a) => a.provider)).toEqual(['cuda', 'dml', 'coreml'])
      for (const a of h.attempts) expect(a.error.length).toBeGreaterThan(5)
      const out = await rt.run(h, { x: { type: 'float32', dims: [1, 4], data: Float32Array.from([1, 2, 3, 4]) } })
      expect(Array.from(out.y.data as Float32Array)).toEqual([2, 4, 6, 8])
      // Asking for CUDA alone still ends on the CPU.
      expect((await rt.open(small, ['cuda'])).provider).toBe('cpu')
    } finally {
      await rt.close()
    }
  })
})

describe('sessions', () => {
  it('caches a session per file and provider list, evicts the least recently used and releases idle ones', async () => {
    const rt = new VisionRuntime({ maxSessions: 2, idleMs: 10_000 })
    try {
      const a = await rt.open(small, ['cpu'])
      expect(await rt.open(small, ['cpu'])).toBe(a)
      await rt.open(heavy, ['cpu'])
      await rt.open(small, ['coreml', 'cpu'])
      expect(rt.openSessions()).toHaveLength(2)
      expect(rt.openSessions()).not.toContain(a.key)
      await expect(rt.run(a, { x: { type: 'float32', dims: [1, 4], data: new Float32Array(4) } })).rejects.toThrow('The model session was released; open it again.')
      await rt.releaseIdle(Date.now() + 20_000)
      expect(rt.openSessions()).toEqual([])
    } finally {
      await rt.close()
    }
  })
})

describe('off the main thread', () => {
  it('keeps the event loop ticking during a long inference', async () => {
    const rt = new VisionRuntime({ threads: 1 })
    try {
      const h = await rt.open(heavy, ['cpu'])
      let ticks = 0
      let maxGap = 0
      let last = performance.now()
      const timer = setInterval(() => {
        const now = performance.now()
        maxGap = Math.max(maxGap, now - last)
        last = now
        ticks++
      }, 10)
      // Inference runs back to back for at least 0.4 s (one run takes 0.25-0.8 s depending on the machine's load).
      const t0 = performance.now()
      let runs = 0
      while (performance.now() - t0 < 400) {
        await rt.run(h, { x: { type: 'float32', dims: [1024, 1024], data: new Float32Array(1024 * 1024) } })
        runs++
      }
      const elapsed = performance.now() - t0
      clearInterval(timer)
      // The run is long enough to matter, and the loop kept ticking through it (no stall of a quarter second).
      expect(elapsed).toBeGreaterThan(300)
      expect(runs).toBeGreaterThan(0)
      expect(ticks).toBeGreaterThan(elapsed / 10 / 4)
      expect(maxGap).toBeLessThan(250)
    } finally {
      await rt.close()
    }
  })
})

describe('cancelling', () => {
  it('rejects a running inference at once when its signal aborts, and the runtime keeps working', async () => {
    const rt = new VisionRuntime({ threads: 1 })
    try {
      const h = await rt.open(heavy, ['cpu'])
      const ac = new AbortController()
      const run = rt.run(h, { x: { type: 'float32', dims: [1024, 1024], data: new Float32Array(1024 * 1024) } }, { signal: ac.signal })
      setTimeout(() => ac.abort(), 50)
      const t0 = performance.now()
      await expect(run).rejects.toThrow('cancelled')
      expect(performance.now() - t0).toBeLessThan(200)
      const s = await rt.open(small, ['cpu'])
      const out = await rt.run(s, { x: { type: 'float32', dims: [1, 4], data: Float32Array.from([1, 1, 1, 1]) } })
      expect(Array.from(out.y.data as Float32Array)).toEqual([2, 2, 2, 2])
    } finally {
      await rt.close()
    }
  })
})
