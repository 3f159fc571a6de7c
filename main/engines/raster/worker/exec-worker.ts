/**
 * The raster worker's entry: receives raster jobs, evaluates them and posts results back (GeoTIFF bytes are
 * transferred, not copied). One job at a time; pixel buffers are recycled across jobs because consecutive items
 * of a collection have the same size. This file is the only worker entry, so a bundler can emit it as its own
 * chunk (see pool.ts for how the pool finds it).
 */
import { parentPort } from 'node:worker_threads'
import { evaluateJob } from '../job/evaluate'
import { publicError } from '../job/public-error'
import { BufferRecycler } from '../job/recycler'
import { RasterJobError, type RasterJob } from '../job/types'

export type WorkerRequest = { id: number; job: RasterJob }
export type WorkerReply =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof evaluateJob>> }
  | { id: number; ok: false; message: string; node: string | null }

const recycler = new BufferRecycler()
const port = parentPort
if (!port) throw new Error('exec-worker.ts must run in a worker thread')

port.on('message', async (msg: WorkerRequest) => {
  try {
    const result = await evaluateJob(msg.job, recycler)
    const transfer = Object.values(result.sinks).flatMap((s) => (s.bytes ? [s.bytes.buffer as ArrayBuffer] : []))
    port.postMessage({ id: msg.id, ok: true, result } satisfies WorkerReply, transfer)
  } catch (err) {
    const e = publicError(err)
    port.postMessage({ id: msg.id, ok: false, message: e.message, node: err instanceof RasterJobError ? err.node : null } satisfies WorkerReply)
  }
})
