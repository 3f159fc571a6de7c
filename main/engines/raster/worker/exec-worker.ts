/**
 * The raster worker's entry: evaluates raster jobs sent by the RasterPool's WorkerPool (workers/pool.ts) and posts
 * results back (GeoTIFF bytes are transferred, not copied). One job at a time; pixel buffers are recycled across
 * jobs because consecutive items of a collection have the same size. This file is the only raster worker entry, so a
 * bundler can emit it as its own chunk (see pool.ts for how the pool finds it).
 */
import { serveJobs } from '../../workers/serve'
import { evaluateJob } from '../job/evaluate'
import { publicError } from '../job/public-error'
import { BufferRecycler } from '../job/recycler'
import { RasterJobError, type JobResult, type RasterJob } from '../job/types'

const recycler = new BufferRecycler()

serveJobs<RasterJob, JobResult>(
  async (job) => {
    const result = await evaluateJob(job, recycler)
    const transfer = Object.values(result.sinks).flatMap((s) => (s.bytes ? [s.bytes.buffer as ArrayBuffer] : []))
    return { value: result, transfer }
  },
  (err) => ({ name: 'RasterJobError', message: publicError(err).message, node: err instanceof RasterJobError ? err.node : null }),
)
