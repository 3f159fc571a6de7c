/**
 * The worker side of WorkerPool (pool.ts): `serveJobs(handle)` answers {id, job} messages one at a time with
 * {id, ok: true, value} or {id, ok: false, error}, transferring the buffers `handle` names instead of copying them.
 * `handle` throws to fail a job; `toWire` decides what of the error crosses (by default its name and message).
 */
import { parentPort, type Transferable } from 'node:worker_threads'

/** An error as it crosses from a worker: the class name (for revival), one sentence, and the DAG node if any. */
export interface WireError {
  name: string
  message: string
  node?: string | null
}

export type WorkerMessage<Result> = { id: number; ok: true; value: Result } | { id: number; ok: false; error: WireError }

/** What a job handler returns: the value, and the buffers to transfer with it. */
export interface Served<Result> {
  value: Result
  transfer?: Transferable[]
}

const defaultWire = (err: unknown): WireError => {
  const e = err instanceof Error ? err : new Error(String(err))
  return { name: e.name, message: e.message }
}

/** Serve jobs in this worker thread (throws when not in one). Jobs run strictly one after another. */
export function serveJobs<Job, Result>(
  handle: (job: Job) => Promise<Served<Result>> | Served<Result>,
  toWire: (err: unknown, job: Job) => WireError = defaultWire,
): void {
  const port = parentPort
  if (!port) throw new Error('serveJobs() must run in a worker thread started by a WorkerPool')
  let chain: Promise<void> = Promise.resolve()
  port.on('message', (msg: { id: number; job: Job }) => {
    chain = chain.then(async () => {
      try {
        const { value, transfer } = await handle(msg.job)
        port.postMessage({ id: msg.id, ok: true, value } satisfies WorkerMessage<Result>, transfer ?? [])
      } catch (err) {
        port.postMessage({ id: msg.id, ok: false, error: toWire(err, msg.job) } satisfies WorkerMessage<Result>)
      }
    })
  })
}

/** A PNG (or other) byte array this thread owns outright, so its buffer can be transferred (a Buffer may sit in Node's shared pool). */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}
