/** Statistic names accepted by raster.summarize: percentiles are defined for 0..100 only. */
import { describe, expect, it } from 'vitest'
import { StatName } from '../../../../main/engines/raster/stats'

describe('statistic names', () => {
  it('accepts p0..p100 with decimals and refuses percentiles above 100 (p100.5 used to pass and return the max)', () => {
    for (const ok of ['p0', 'p2.5', 'p99.9', 'p100', 'p100.0', 'median']) expect(StatName.safeParse(ok).success).toBe(true)
    for (const bad of ['p100.5', 'p101', 'p-1', 'p']) expect(StatName.safeParse(bad).success).toBe(false)
  })
})
