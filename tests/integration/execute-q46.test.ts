/**
 * Earth-Bench task 46 end to end through the execute tool on the real data (../shared/benchmarks/earthbench-q46):
 * the mean of the daily TVDI means for 2019 is 0.6897 and decision.select picks the gold option B.
 */
import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { RasterPool } from '../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../main/store/artifacts'
import { executeDag, executeTool } from '../../main/tools/execute'
import { missingEvidence } from '../../main/tools/protocol'
import { q46Dag } from '../../bench/execute-tvdi.bench'
import { shared, tempDir } from '../helpers/tmp'

const store = tempDir('rsure-q46-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

describe('Earth-Bench q46 (TVDI 2019)', () => {
  it('reproduces 0.6897 and picks option B, with per-date evidence', async () => {
    const task = JSON.parse(fs.readFileSync(shared('benchmarks/earthbench-q46/tasks.jsonl'), 'utf8').split('\n')[0])
    const r = await executeDag(q46Dag(task.options), { artifacts: new ArtifactStore(store.dir) }, { pool })
    expect(r.status, r.reason).toBe('ok')
    const o = r.observation as { choice: string; value: number; distances: Record<string, number> }
    expect(o.value.toFixed(4)).toBe('0.6897')
    expect(o.choice).toBe(task.answer)
    expect(o.choice).toBe('B')
    expect(missingEvidence(r, executeTool.evidence)).toEqual([])
    expect(r.config).toEqual({ tool: 'execute', coarse: 'execute:raster.product', fine: 'execute:raster.product|tvdi' })
    // 23 dates in 2019; three have fewer than 100 valid pixels and are left out of the mean.
    const skipped = (r.evidence.validity.insufficient_items as Record<string, { date: string }[]>).daily
    expect(skipped.map((s) => s.date)).toEqual(['2019-02-02', '2019-09-30', '2019-12-19'])
    expect((r.evidence.validity.temporal_coverage as Record<string, { count: number }>).cat.count).toBe(23)
    const edges = (r.evidence.intermediate.products as Record<string, { date: string; dry_edge: unknown }[]>).tvdi
    expect(edges).toHaveLength(23)
    expect(edges.filter((e) => e.dry_edge)).toHaveLength(20)
    expect((r.evidence.source.formulas as Record<string, { convention: string }>).tvdi.convention).toMatch(/100 equal NDVI bins/)
  })
})
