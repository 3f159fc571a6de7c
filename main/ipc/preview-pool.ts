/**
 * Previews made in worker threads (preview-worker.ts): a WorkerPool (engines/workers/pool.ts) of at most `size`
 * workers, started on first use and kept for the next. Errors come back with their class restored (FileFormatError,
 * PreviewError), so the router maps them to the same codes as in-process. A worker that dies fails its job with one
 * sentence and is replaced.
 *
 * Bounds, so one file cannot block the queue: each worker runs with V8 resourceLimits (a heap that grows past them
 * ends that worker, not the process), and a preview that runs longer than its time limit (RSURE_PREVIEW_TIMEOUT_MS,
 * default 30 s) has its worker terminated and replaced; the next preview in the queue starts at once.
 */
import os from 'node:os'
import path from 'node:path'
import { budget } from '../engines/raster/budget'
import { FileFormatError } from '../engines/raster/describe'
import { PreviewError, type PreviewOptions, type PreviewResult } from '../engines/raster/preview'
import { reviveByName, WorkerPool, type FailureKind } from '../engines/workers/pool'

// Where the worker code is (the desktop app passes its own path). From the sources (tsx, tests) the bootstrap beside this file; from a bundle (out/main, where this module is a chunk
// beside the entries: `node out/main/cli.js serve`) the compiled preview-worker.js entry.
export const SOURCE_WORKER = import.meta.url.endsWith('.ts')
  ? new URL('./preview-worker-boot.mjs', import.meta.url)
  : new URL('./preview-worker.js', import.meta.url)

/** V8 limits of one preview worker (pixel buffers are outside the heap; the pixel budget bounds those). */
export const PREVIEW_WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 }

/** One preview job, as the worker receives it. */
export interface PreviewJob {
  file: string
  opts: PreviewOptions
}

const CLOSED = 'The preview workers were shut down; restart RSure.'

/** The class a worker's error had, so the router maps it as in-process. */
export const revivePreviewError = reviveByName({
  ImageFileError: FileFormatError,
  FileFormatError,
  SpecialFileError: FileFormatError,
  PreviewError,
  BudgetError: PreviewError,
})

export class PreviewPool {
  private readonly pool: WorkerPool<PreviewJob, PreviewResult>

  constructor(
    workerUrl: URL | string = SOURCE_WORKER,
    readonly size = Math.max(1, Math.min(2, (os.availableParallelism?.() ?? 2) - 1)),
    /** How long one preview may take before its worker is replaced (ms). */
    readonly timeLimitMs = budget().timeLimitMs,
  ) {
    const failure = (kind: FailureKind, job: PreviewJob): Error => {
      const name = path.basename(job.file)
      if (kind === 'dead') return new Error(CLOSED)
      if (kind === 'timeout')
        return new PreviewError(
          `The preview of '${name}' took longer than ${Math.round(this.timeLimitMs / 1000)} s and was stopped; build overviews for the file or ask for a smaller preview.`,
        )
      const why = kind === 'oom' ? 'it needed more memory than a preview may use' : kind === 'exit' ? 'its worker stopped' : 'its worker failed'
      return new PreviewError(`The preview of '${name}' stopped because ${why}; try a smaller preview, or build overviews for the file.`)
    }
    this.pool = new WorkerPool({
      entry: () => workerUrl,
      size,
      resourceLimits: PREVIEW_WORKER_LIMITS,
      timeoutMs: timeLimitMs,
      failure,
      revive: revivePreviewError,
    })
  }

  preview(file: string, opts: PreviewOptions = {}): Promise<PreviewResult> {
    return this.pool.run({ file, opts })
  }

  close(): Promise<void> {
    return this.pool.close()
  }
}
