/**
 * Strip-by-strip evaluation must not combine rasters that whole-raster evaluation refuses to combine: two reads of
 * the same size whose geotransforms differ (here the second origin is shifted by one 100 m pixel east) are on
 * different grids, so a pixel-wise combination is an error in both paths.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evaluateJob } from '../../../../main/engines/raster/job/evaluate'
import { BufferRecycler } from '../../../../main/engines/raster/job/recycler'
import type { JobNode, RasterJob } from '../../../../main/engines/raster/job/types'
import { tempDir } from '../../../helpers/tmp'
import { ramp, writeTinyTiff } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const W = 4
const H = 6
writeTinyTiff(path.join(tmp.dir, 'a.tif'), { width: W, height: H, bands: [ramp(W * H, (i) => i + 1)], dtype: 'uint16', geo: { originX: 0, originY: 600, sizeX: 100, sizeY: 100, epsg: 32633 } })
writeTinyTiff(path.join(tmp.dir, 'b.tif'), { width: W, height: H, bands: [ramp(W * H, (i) => 2 * i + 1)], dtype: 'uint16', geo: { originX: 100, originY: 600, sizeX: 100, sizeY: 100, epsg: 32633 } })

const nodes: JobNode[] = [
  { id: 'a', kind: 'read', params: { path: 'a.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
  { id: 'b', kind: 'read', params: { path: 'b.tif', band: 1, nodata: 'file' }, inputs: {}, unit: 'dn' },
  { id: 'x', kind: 'algebra', params: { expr: 'a - b' }, inputs: { a: { node: 'a' }, b: { node: 'b' } }, unit: 'dn' },
]
const job: RasterJob = { nodes, sinks: [{ id: 's', input: 'x', spec: { kind: 'summarize', stats: ['mean'], min_valid: 1, ddof: 0 } }], item: null, baseDir: tmp.dir }

describe('strips and grids', () => {
  it('whole-raster evaluation refuses to combine shifted grids', async () => {
    await expect(evaluateJob(job, new BufferRecycler())).rejects.toThrow(/different grids/)
  })

  it('so does strip-by-strip evaluation', async () => {
    await expect(evaluateJob({ ...job, stripRows: 2 }, new BufferRecycler())).rejects.toThrow(/different grids/)
  })
})
