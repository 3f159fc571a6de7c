/**
 * Worker thread body for map tiles and layer descriptions: decoding internal tiles, reprojecting and encoding PNGs
 * is synchronous CPU work, so it runs here and never holds up the thread that answers requests (DESIGN section 2).
 * Each worker keeps its own open sources and decoded blocks (tiles-source.ts). Messages: {id, op, file, ...} in;
 * {id, ok, value | error} out, a PNG's buffer transferred, not copied.
 */
import { parentPort } from 'node:worker_threads'
import { layerGeometry, renderTile, type TileAddress } from '../engines/raster/tiles'
import type { TileStyle } from '../engines/raster/tiles-style'

type Job = { id: number; op: 'tile'; file: string; address: TileAddress; style?: TileStyle } | { id: number; op: 'geometry'; file: string; style?: TileStyle }

if (!parentPort) throw new Error('tile-worker.ts must run as a worker thread (see tile-pool.ts).')
const port = parentPort

port.on('message', async (job: Job) => {
  try {
    if (job.op === 'geometry') {
      port.postMessage({ id: job.id, ok: true, value: await layerGeometry(job.file, job.style) })
      return
    }
    const value = await renderTile(job.file, job.address, job.style)
    const png = value.png.byteOffset === 0 && value.png.byteLength === value.png.buffer.byteLength ? value.png : value.png.slice()
    port.postMessage({ id: job.id, ok: true, value: { ...value, png } }, [png.buffer as ArrayBuffer])
  } catch (err) {
    const e = err as Error
    port.postMessage({ id: job.id, ok: false, error: { name: e?.name ?? 'Error', message: String(e?.message ?? err) } })
  }
})
