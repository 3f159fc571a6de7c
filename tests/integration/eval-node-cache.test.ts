/**
 * The execute node cache (main/tools/execute/node-cache.ts, issue 16): a repair re-runs only the DAG nodes its change
 * reaches. Counted executions on Earth-Bench task 46's LST files: a first run sends one raster job per date; a repair
 * that changes only the aggregation sends none; a repair that changes a read re-reads every date; a period widened
 * by a month reads only the new dates; a file whose bytes changed under the same name is read again. Values are
 * checked against geotiff.js means computed in this test (never by the engine).
 */
import fs from 'node:fs'
import path from 'node:path'
import { readBands } from '../helpers/decoded-bands'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { RasterPool } from '../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeDag } from '../../main/tools/execute'
import { sharedNodeCache } from '../../main/tools/execute/node-cache'
import { shared, tempDir } from '../helpers/tmp'

const FILES = shared('benchmarks/earthbench-q46/files')
const store = tempDir('rsure-node-cache-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})
const ctx = { artifacts: new ArtifactStore(store.dir) }

const lst = (dir: string, ...months: string[]) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('_LST.tif') && months.some((m) => f.includes(`_2019-${m}-`)))
    .sort()
    .map((f) => path.join(dir, f))

/** Mean of DN * 0.02 over the pixels that are not the file's nodata tag (geotiff.js, plain loop). */
async function referenceMean(file: string): Promise<number> {
  const { bands, nodata: tag } = await readBands(file)
  const data = bands[0]
  let sum = 0
  let n = 0
  for (let i = 0; i < data.length; i++) {
    if (tag !== null && data[i] === Number(tag)) continue
    sum += data[i] * 0.02
    n++
  }
  return sum / n
}

const dag = (files: string[], opts: { agg?: string; nodata?: unknown } = {}) => ({
  nodes: [
    { id: 'cat', op: 'asset.catalog', params: { files, scales: { LST: { scale: 0.02, unit: 'K' } } }, inputs: {} },
    { id: 'lst', op: 'raster.read', params: { role: 'LST', ...(opts.nodata !== undefined ? { nodata: opts.nodata } : {}) }, inputs: { data: '@cat' } },
    { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@lst' } },
    { id: 'period', op: 'timeseries.aggregate', params: { by: 'all', stat: opts.agg ?? 'mean' }, inputs: { data: '@daily' } },
  ],
  output: 'period',
})

const value = (r: Awaited<ReturnType<typeof executeDag>>) => {
  expect(r.status, r.reason).toBe('ok')
  return (r.observation as { value: number }).value
}

beforeEach(() => {
  sharedNodeCache.clear()
  sharedNodeCache.resetStats()
})

describe('execute node cache', () => {
  it('a repair of the aggregation re-runs no raster job; a changed read re-runs every date', async () => {
    const july = lst(FILES, '07')
    expect(july.length).toBe(2)
    const means = await Promise.all(july.map(referenceMean))
    const first = value(await executeDag(dag(july), ctx, { pool }))
    expect(first).toBeCloseTo(means.reduce((a, b) => a + b, 0) / means.length, 6)
    expect(sharedNodeCache.stats).toMatchObject({ jobsRun: 2, jobsReused: 0, sinksReused: 0 })
    const nodesFirst = sharedNodeCache.stats.nodesRun

    // The aggregation replaced (mean -> max): its inputs are the kept per-date means, no file is read again.
    const repaired = value(await executeDag(dag(july, { agg: 'max' }), ctx, { pool }))
    expect(repaired).toBeCloseTo(Math.max(...means), 6)
    expect(sharedNodeCache.stats).toMatchObject({ jobsRun: 2, jobsReused: 2, sinksReused: 2 })
    expect(sharedNodeCache.stats.nodesRun).toBe(nodesFirst)

    // A read node changed (its nodata stated): every date is read again.
    value(await executeDag(dag(july, { nodata: 'none' }), ctx, { pool }))
    expect(sharedNodeCache.stats.jobsRun).toBe(4)
  })

  it('a period widened by a month reads only the new dates', async () => {
    const july = lst(FILES, '07')
    const summer = lst(FILES, '06', '07')
    expect(summer.length).toBe(4)
    value(await executeDag(dag(july), ctx, { pool }))
    const widened = value(await executeDag(dag(summer), ctx, { pool }))
    const means = await Promise.all(summer.map(referenceMean))
    expect(widened).toBeCloseTo(means.reduce((a, b) => a + b, 0) / means.length, 6)
    expect(sharedNodeCache.stats).toMatchObject({ jobsRun: 4, jobsReused: 2 })
  })

  it('a file whose bytes changed under the same name is read again', async () => {
    const dir = path.join(store.dir, 'series')
    fs.mkdirSync(dir, { recursive: true })
    for (const f of lst(FILES, '07')) fs.copyFileSync(f, path.join(dir, path.basename(f)))
    const files = lst(dir, '07')
    const before = value(await executeDag(dag(files), ctx, { pool }))
    // 2019-07-28 replaced by the bytes of 2019-06-10 (same name, other content).
    fs.copyFileSync(lst(FILES, '06')[0], files[1])
    const after = value(await executeDag(dag(files), ctx, { pool }))
    expect(sharedNodeCache.stats).toMatchObject({ jobsRun: 3, jobsReused: 1 })
    const means = await Promise.all(files.map(referenceMean))
    expect(after).toBeCloseTo((means[0] + means[1]) / 2, 6)
    expect(after).not.toBeCloseTo(before, 3)
  })

  it('RSURE_NODE_CACHE=0 runs every job', async () => {
    const july = lst(FILES, '07')
    process.env.RSURE_NODE_CACHE = '0'
    try {
      value(await executeDag(dag(july), ctx, { pool }))
      value(await executeDag(dag(july), ctx, { pool }))
    } finally {
      delete process.env.RSURE_NODE_CACHE
    }
    expect(sharedNodeCache.stats).toMatchObject({ jobsRun: 4, jobsReused: 0 })
  })
})
