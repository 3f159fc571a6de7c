/**
 * The engines' one WorkerPool (main/engines/workers/pool.ts), on a plain test worker that speaks its protocol:
 * results and revived errors, per-key affinity, the time limit, both abort modes, replacement of a dead worker, and
 * a pool whose worker may not be replaced.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { WorkerPool, type FailureKind } from '../../../../main/engines/workers/pool'
import { tempDir } from '../../../helpers/tmp'

const t = tempDir('rsure-workers-')
afterAll(() => t.cleanup())
const entry = path.join(t.dir, 'echo-worker.mjs')
fs.writeFileSync(
  entry,
  `import { parentPort, threadId } from 'node:worker_threads'
parentPort.on('message', ({ id, job }) => {
  if (job.kind === 'spin') { const end = Date.now() + job.ms; while (Date.now() < end) {} }
  if (job.kind === 'exit') process.exit(3)
  if (job.kind === 'fail') return parentPort.postMessage({ id, ok: false, error: { name: 'TestError', message: 'no ' + job.n, node: 'n1' } })
  parentPort.postMessage({ id, ok: true, value: { n: job.n, thread: threadId } })
})
`,
)

type Job = { kind: 'echo' | 'spin' | 'exit' | 'fail'; n?: number; ms?: number; key?: string }
type Result = { n: number; thread: number }

class TestError extends Error {
  constructor(message: string, readonly node: string | null | undefined) {
    super(message)
  }
}

function pool(extra: Partial<ConstructorParameters<typeof WorkerPool<Job, Result>>[0]> = {}) {
  return new WorkerPool<Job, Result>({
    entry: () => entry,
    size: 2,
    failure: (kind: FailureKind, _job, detail) => new Error(`failed: ${kind} (${detail})`),
    revive: (e) => new TestError(e.message, e.node),
    ...extra,
  })
}

describe('WorkerPool', () => {
  it('runs jobs on at most `size` workers and revives their errors', async () => {
    const p = pool()
    try {
      const results = await Promise.all([1, 2, 3, 4, 5].map((n) => p.run({ kind: 'echo', n })))
      expect(results.map((r) => r.n)).toEqual([1, 2, 3, 4, 5])
      expect(new Set(results.map((r) => r.thread)).size).toBeLessThanOrEqual(2)
      expect(p.started).toBeLessThanOrEqual(2)
      const err = await p.run({ kind: 'fail', n: 7 }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(TestError)
      expect(err).toMatchObject({ message: 'no 7', node: 'n1' })
    } finally {
      await p.close()
    }
  })

  it('sends the jobs of one key to one worker', async () => {
    const p = pool({ size: 3, affinity: (j) => j.key ?? '' })
    try {
      const a = await Promise.all(Array.from({ length: 6 }, (_, n) => p.run({ kind: 'echo', n, key: 'layer-a.tif' })))
      expect(new Set(a.map((r) => r.thread)).size).toBe(1)
    } finally {
      await p.close()
    }
  })

  it('replaces a worker that runs past the time limit or exits, and goes on with the queue', async () => {
    // The limit must leave room for a replacement worker to start and run an ordinary job on a loaded machine (300 ms
    // did not on CI-sized machines under the full suite); the stuck job spins far past it.
    const p = pool({ size: 1, timeoutMs: 2000 })
    try {
      const stuck = p.run({ kind: 'spin', ms: 5000 })
      const next = p.run({ kind: 'echo', n: 1 })
      await expect(stuck).rejects.toThrow(/failed: timeout/)
      expect((await next).n).toBe(1)
      await expect(p.run({ kind: 'exit' })).rejects.toThrow(/failed: exit \(exit code 3\)/)
      expect((await p.run({ kind: 'echo', n: 2 })).n).toBe(2)
    } finally {
      await p.close()
    }
  })

  it('cancels: a queued job is dropped, a running one terminates its worker or is detached', async () => {
    const p = pool({ size: 1 })
    const d = pool({ size: 1, onAbort: 'detach' })
    try {
      const ac = new AbortController()
      const running = p.run({ kind: 'spin', ms: 5000 }, { signal: ac.signal })
      const queued = p.run({ kind: 'echo', n: 9 }, { signal: ac.signal })
      setTimeout(() => ac.abort(), 100)
      await expect(running).rejects.toThrow('cancelled')
      await expect(queued).rejects.toThrow('cancelled')
      expect((await p.run({ kind: 'echo', n: 3 })).n).toBe(3)

      const first = (await d.run({ kind: 'echo', n: 0 })).thread
      const ac2 = new AbortController()
      const detached = d.run({ kind: 'spin', ms: 400 }, { signal: ac2.signal })
      setTimeout(() => ac2.abort(), 50)
      await expect(detached).rejects.toThrow('cancelled')
      // The same worker serves the next job, after it has finished the detached one.
      expect((await d.run({ kind: 'echo', n: 4 })).thread).toBe(first)
    } finally {
      await p.close()
      await d.close()
    }
  })

  it('with replace: false, a dead worker fails every later job with the pool\'s sentence', async () => {
    const p = pool({ size: 1, replace: false })
    try {
      await expect(p.run({ kind: 'exit' })).rejects.toThrow(/failed: exit/)
      await expect(p.run({ kind: 'echo', n: 1 })).rejects.toThrow(/failed: dead \(exit code 3\)/)
    } finally {
      await p.close()
    }
  })

  it('refuses work after close', async () => {
    const p = pool()
    await p.close()
    await expect(p.run({ kind: 'echo', n: 1 })).rejects.toThrow(/failed: dead/)
  })
})
