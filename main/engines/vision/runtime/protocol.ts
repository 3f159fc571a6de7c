/**
 * Messages between the vision host (main thread) and the inference worker. Tensors cross as plain typed arrays
 * (structured clone copies them, so Electron's rule against external ArrayBuffers is kept).
 */
import type { ModelIo } from '../contracts'
import type { Provider, ProviderAttempt } from '../providers'

export type TensorType = 'float32' | 'int64' | 'int32' | 'bool' | 'uint8'

export interface WireTensor {
  type: TensorType
  dims: number[]
  data: Float32Array | BigInt64Array | Int32Array | Uint8Array
}

/** One request to the inference worker (a WorkerPool job: engines/workers/pool.ts). */
export type WorkerRequest =
  | { op: 'open'; key: string; file: string; providers: Provider[]; threads?: number }
  | { op: 'run'; key: string; feeds: Record<string, WireTensor>; outputs?: string[] }
  | { op: 'close'; key: string }

export interface OpenReply {
  provider: Provider
  attempts: ProviderAttempt[]
  io: ModelIo
}

export type WorkerReply = { ok: true; open?: OpenReply; outputs?: Record<string, WireTensor> } | { ok: false; message: string }
