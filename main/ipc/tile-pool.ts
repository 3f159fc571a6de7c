/**
 * Map tiles made in worker threads (tile-worker.ts), on the engines' WorkerPool (engines/workers/pool.ts). Every
 * request for one file goes to the same worker (affinity by the file's path), so that worker's open source and
 * decoded blocks serve all of that layer's tiles; different layers spread over the workers. Errors come back with
 * their class restored (TileError, FileFormatError), so the router maps them as in-process. A worker that dies fails
 * its job with one sentence and is replaced on next use; a tile that takes longer than the time limit has its worker
 * replaced, as a preview does.
 */
import os from 'node:os'
import { budget } from '../engines/raster/budget'
import { FileFormatError } from '../engines/raster/describe'
import { TileError, type LayerGeometry, type RenderedTile, type TileAddress } from '../engines/raster/tiles'
import type { TileStyle } from '../engines/raster/tiles-style'
import { reviveByName, WorkerPool } from '../engines/workers/pool'
import type { IdentifyResult } from './identify'

// Where the worker code is (the desktop app passes its own path). From the sources (tsx, tests) the bootstrap beside this file; from a bundle (out/main, where this module is a chunk
// beside the entries: `node out/main/cli.js serve`) the compiled tile-worker.js entry.
export const SOURCE_TILE_WORKER = import.meta.url.endsWith('.ts')
  ? new URL('./tile-worker-boot.mjs', import.meta.url)
  : new URL('./tile-worker.js', import.meta.url)

/** V8 limits of one tile worker (decoded blocks are outside the heap; the source cache bounds those). */
export const TILE_WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 }

/** One tile job, as the worker receives it. */
export type TileJob =
  | { op: 'tile'; file: string; address: TileAddress; style?: TileStyle }
  | { op: 'geometry'; file: string; style?: TileStyle }
  | { op: 'identify'; file: string; lon: number; lat: number; nodata?: number | null }
export type TileJobResult = RenderedTile | LayerGeometry | IdentifyResult

/** The class a worker's error had, so the router maps it as in-process. */
const revive = reviveByName({ TileError, ImageFileError: FileFormatError, FileFormatError })

export class TilePool {
  private readonly pool: WorkerPool<TileJob, TileJobResult>

  constructor(
    workerUrl: URL | string = SOURCE_TILE_WORKER,
    readonly size = Math.max(1, Math.min(2, (os.availableParallelism?.() ?? 2) - 1)),
  ) {
    this.pool = new WorkerPool<TileJob, TileJobResult>({
      entry: () => workerUrl,
      size,
      affinity: (job) => job.file,
      resourceLimits: TILE_WORKER_LIMITS,
      timeoutMs: budget().timeLimitMs,
      revive,
      failure: (kind, _job, detail) =>
        new Error(
          kind === 'dead'
            ? 'The tile workers were shut down; restart RSure.'
            : `The tile worker stopped unexpectedly (${detail}); try again, and report it if it repeats.`,
        ),
    })
  }

  tile(file: string, address: TileAddress, style?: TileStyle): Promise<RenderedTile> {
    return this.pool.run({ op: 'tile', file, address, style }) as Promise<RenderedTile>
  }

  geometry(file: string, style?: TileStyle): Promise<LayerGeometry> {
    return this.pool.run({ op: 'geometry', file, style }) as Promise<LayerGeometry>
  }

  identify(file: string, lon: number, lat: number, nodata?: number | null): Promise<IdentifyResult> {
    return this.pool.run({ op: 'identify', file, lon, lat, nodata }) as Promise<IdentifyResult>
  }

  close(): Promise<void> {
    return this.pool.close()
  }
}
