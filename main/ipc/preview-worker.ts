/**
 * Worker thread body for previews: decoding tiles and stretching pixels is synchronous CPU work, so it runs here and
 * never blocks the thread that answers IPC/WebSocket requests (DESIGN section 2). Served by the engines' WorkerPool
 * (preview-pool.ts); the PNG's buffer is transferred, not copied.
 */
import path from 'node:path'
import { renderPreview, type PreviewResult } from '../engines/raster/preview'
import { ownBytes, serveJobs } from '../engines/workers/serve'
import type { PreviewJob } from './preview-pool'

const OURS = ['ImageFileError', 'FileFormatError', 'PreviewError', 'SpecialFileError', 'BudgetError']

serveJobs<PreviewJob, PreviewResult>(
  async (job) => {
    const value = await renderPreview(job.file, job.opts)
    const png = ownBytes(value.png)
    return { value: { ...value, png }, transfer: [png.buffer as ArrayBuffer] }
  },
  // Our own errors carry a sentence for the analyst; anything else is internal text, replaced by one of ours.
  (err, job) => {
    const e = err instanceof Error ? err : new Error(String(err))
    if (OURS.includes(e.name)) return { name: e.name, message: e.message }
    return { name: 'PreviewError', message: `The preview of '${path.basename(job.file)}' failed unexpectedly; try again, and report it if it repeats.` }
  },
)
