/**
 * Worker thread body for map tiles and layer descriptions: decoding internal tiles, reprojecting and encoding PNGs
 * is synchronous CPU work, so it runs here and never holds up the thread that answers requests (DESIGN section 2).
 * Each worker keeps its own open sources and decoded blocks (tiles-source.ts). Served by the engines' WorkerPool
 * (tile-pool.ts); a PNG's buffer is transferred, not copied.
 */
import { layerGeometry, renderTile } from '../engines/raster/tiles'
import { ownBytes, serveJobs } from '../engines/workers/serve'
import { identifyPixel } from './identify'
import type { TileJob, TileJobResult } from './tile-pool'

serveJobs<TileJob, TileJobResult>(async (job) => {
  if (job.op === 'geometry') return { value: await layerGeometry(job.file, job.style) }
  if (job.op === 'identify') return { value: await identifyPixel(job.file, job.lon, job.lat, job.nodata) }
  const value = await renderTile(job.file, job.address, job.style)
  const png = ownBytes(value.png)
  return { value: { ...value, png }, transfer: [png.buffer as ArrayBuffer] }
})
