/**
 * Worker thread body for previews: decoding tiles and stretching pixels is synchronous CPU work, so it runs here and
 * never blocks the thread that answers IPC/WebSocket requests (DESIGN section 2). Messages: {id, file, opts} in;
 * {id, ok, value | error} out, the PNG's buffer transferred, not copied.
 */
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import { renderPreview, type PreviewOptions } from '../engines/raster/preview'

interface Job {
  id: number
  file: string
  opts: PreviewOptions
}

if (!parentPort) throw new Error('preview-worker.ts must run as a worker thread (see preview-pool.ts).')
const port = parentPort

port.on('message', async (job: Job) => {
  try {
    const value = await renderPreview(job.file, job.opts)
    // Own the bytes outright (a Buffer may sit in Node's shared pool), then transfer them.
    const png = value.png.byteOffset === 0 && value.png.byteLength === value.png.buffer.byteLength ? value.png : value.png.slice()
    port.postMessage({ id: job.id, ok: true, value: { ...value, png } }, [png.buffer as ArrayBuffer])
  } catch (err) {
    // Our own errors carry a sentence for the analyst; anything else is internal text, replaced by one of ours.
    const e = err as Error
    const ours = ['ImageFileError', 'FileFormatError', 'PreviewError', 'SpecialFileError', 'BudgetError'].includes(e?.name)
    const message = ours ? String(e.message) : `The preview of '${path.basename(job.file)}' failed unexpectedly; try again, and report it if it repeats.`
    port.postMessage({ id: job.id, ok: false, error: { name: ours ? e.name : 'PreviewError', message } })
  }
})
