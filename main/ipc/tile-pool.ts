/**
 * Map tiles made in worker threads (tile-worker.ts). Every request for one file goes to the same worker (chosen by
 * the file's path), so that worker's open source and decoded blocks serve all of that layer's tiles; different
 * layers spread over the workers. Errors come back with their class restored (TileError, FileFormatError), so the
 * router maps them as in-process. A worker that dies fails its jobs with one sentence and is replaced on next use.
 */
import { createHash } from 'node:crypto'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { FileFormatError } from '../engines/raster/describe'
import { TileError, type LayerGeometry, type RenderedTile, type TileAddress } from '../engines/raster/tiles'
import type { TileStyle } from '../engines/raster/tiles-style'

/** Where the worker code is in source form; the desktop build passes its bundle. */
export const SOURCE_TILE_WORKER = new URL('./tile-worker-boot.mjs', import.meta.url)

interface Pending {
  resolve: (v: never) => void
  reject: (e: Error) => void
}

function revive(error: { name: string; message: string }): Error {
  if (error.name === 'TileError') return new TileError(error.message)
  if (error.name === 'ImageFileError' || error.name === 'FileFormatError') return new FileFormatError(error.message)
  return new Error(error.message)
}

export class TilePool {
  private readonly workers: (Worker | null)[]
  private readonly pending = new Map<number, Pending & { worker: number }>()
  private nextId = 1
  private closed = false

  constructor(
    private readonly workerUrl: URL | string = SOURCE_TILE_WORKER,
    readonly size = Math.max(1, Math.min(2, (os.availableParallelism?.() ?? 2) - 1)),
  ) {
    this.workers = Array.from({ length: size }, () => null)
  }

  tile(file: string, address: TileAddress, style?: TileStyle): Promise<RenderedTile> {
    return this.send(file, { op: 'tile', file, address, style })
  }

  geometry(file: string, style?: TileStyle): Promise<LayerGeometry> {
    return this.send(file, { op: 'geometry', file, style })
  }

  private send<T>(file: string, job: Record<string, unknown>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The tile workers were shut down; restart RSure.'))
    const index = createHash('sha1').update(file).digest().readUInt32BE(0) % this.size
    const worker = this.workers[index] ?? this.spawn(index)
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: never) => void, reject, worker: index })
      worker.postMessage({ id, ...job })
    })
  }

  private spawn(index: number): Worker {
    // workerData must be an object: geotiff's web-worker polyfill destructures it inside any worker thread.
    const worker = new Worker(this.workerUrl, { workerData: {} })
    this.workers[index] = worker
    worker.on('message', (msg: { id: number; ok: boolean; value?: never; error?: { name: string; message: string } }) => {
      const job = this.pending.get(msg.id)
      if (!job) return
      this.pending.delete(msg.id)
      if (msg.ok) job.resolve(msg.value as never)
      else job.reject(revive(msg.error!))
    })
    const fail = (why: string) => {
      if (this.workers[index] === worker) this.workers[index] = null
      for (const [id, job] of this.pending) {
        if (job.worker !== index) continue
        this.pending.delete(id)
        job.reject(new Error(`The tile worker stopped unexpectedly (${why}); try again, and report it if it repeats.`))
      }
    }
    worker.on('error', (err) => fail(err.message))
    worker.on('exit', (code) => fail(`exit code ${code}`))
    return worker
  }

  async close(): Promise<void> {
    this.closed = true
    const workers = this.workers.splice(0).filter((w): w is Worker => w !== null)
    await Promise.all(workers.map((w) => w.terminate()))
  }
}
