/**
 * Grid checks by definition: inputs are combined only when size, georeferencing, origin, pixel size and CRS all
 * agree, with the CRS compared as a definition (method, parameters, datum, unit), and the refusal names the part
 * that differs.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { gridDifference, type Grid } from '../../../main/engines/raster/raster'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { executeDag } from '../../../main/tools/execute'
import type { ToolContext } from '../../../main/tools/tool'
import { buildTiff } from '../../../scripts/hostile-corpus'
import { tempDir } from '../../helpers/tmp'

const GT: Grid['geoTransform'] = [500000, 30, 0, 4000000, 0, -30]
const keys = (...k: number[]) => ({ directory: [1, 1, 0, k.length / 4, ...k], doubles: null, ascii: null })
const dkeys = (doubles: number[], ...k: number[]) => ({ directory: [1, 1, 0, k.length / 4, ...k], doubles, ascii: null })
const grid = (geoKeyTags: Grid['geoKeyTags'], geoTransform: Grid['geoTransform'] = GT): Grid => ({ width: 4, height: 2, geoTransform, crs: null, geoKeyTags })

const UTM17N = keys(1024, 0, 1, 1, 3072, 0, 1, 32617)
// User-defined Transverse Mercator with UTM 17N's parameters on WGS 84 (3075 = 1 TransverseMercator).
const TM_AS_UTM = dkeys([0, -81, 0.9996, 500000, 0], 1024, 0, 1, 1, 2048, 0, 1, 4326, 3072, 0, 1, 32767, 3074, 0, 1, 32767, 3075, 0, 1, 1, 3076, 0, 1, 9001, 3081, 34736, 1, 0, 3080, 34736, 1, 1, 3092, 34736, 1, 2, 3082, 34736, 1, 3, 3083, 34736, 1, 4)
// A custom Lambert conformal conic (3075 = 8) on WGS 84.
const LAMBERT = dkeys([33, 45, 40, -96, 0, 0], 1024, 0, 1, 1, 2048, 0, 1, 4326, 3072, 0, 1, 32767, 3075, 0, 1, 8, 3078, 34736, 1, 0, 3079, 34736, 1, 1, 3085, 34736, 1, 2, 3084, 34736, 1, 3, 3086, 34736, 1, 4, 3087, 34736, 1, 5)
const LAMBERT_2 = dkeys([33, 45, 40, -90, 0, 0], ...LAMBERT.directory.slice(4))

describe('gridDifference', () => {
  it('EPSG:32617 equals a user-defined Transverse Mercator with its parameters', () => {
    expect(gridDifference(grid(UTM17N), grid(TM_AS_UTM))).toBeNull()
  })
  it('EPSG:32617 against a custom Lambert: the CRS differs, and the message says so', () => {
    expect(gridDifference(grid(UTM17N), grid(LAMBERT))).toMatch(/^CRS \(method 1, .*lon0 -81.* against method 8, /)
  })
  it('two custom Lamberts with different central meridians differ (no EPSG code on either)', () => {
    expect(gridDifference(grid(LAMBERT), grid(LAMBERT_2))).toMatch(/^CRS /)
    expect(gridDifference(grid(LAMBERT), grid(LAMBERT))).toBeNull()
  })
  it('names the size, the georeferencing, the origin and the pixel size', () => {
    expect(gridDifference(grid(UTM17N), { ...grid(UTM17N), width: 5 })).toMatch(/^size \(4x2 px against 5x2 px\)/)
    expect(gridDifference(grid(UTM17N), grid(null, null))).toMatch(/^georeferencing/)
    expect(gridDifference(grid(UTM17N), grid(UTM17N, [500030, 30, 0, 4000000, 0, -30]))).toMatch(/^origin \(\(500000, 4000000\) against \(500030, 4000000\)\)/)
    expect(gridDifference(grid(UTM17N), grid(UTM17N, [500000, 10, 0, 4000000, 0, -10]))).toMatch(/^pixel size/)
    expect(gridDifference(grid(UTM17N), grid(null))).toMatch(/^CRS \(.* against no CRS\)/)
  })
})

describe('execute refuses to combine different grids', () => {
  const t = tempDir('rsure-grid-')
  const pool = new RasterPool(0)
  afterAll(async () => {
    await pool.close()
    t.cleanup()
  })
  const write = (name: string, tags: Record<number, { type: number; values: number[] }>) => {
    const f = path.join(t.dir, name)
    fs.writeFileSync(f, buildTiff({ width: 4, height: 2, chunks: [new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])], tags }).bytes)
    return f
  }
  const placed = { 33550: { type: 12, values: [30, 30, 0] }, 33922: { type: 12, values: [0, 0, 0, 500000, 4000000, 0] } }
  const utm = write('utm.tif', { ...placed, 34735: { type: 3, values: UTM17N.directory } })
  const lambert = write('lambert.tif', { ...placed, 34735: { type: 3, values: LAMBERT.directory }, 34736: { type: 12, values: LAMBERT.doubles } })
  const plain = write('plain.tif', {})
  const combine = (a: string, b: string) => ({
    nodes: [
      { id: 'a', op: 'raster.read', params: { path: a } },
      { id: 'b', op: 'raster.read', params: { path: b } },
      { id: 'd', op: 'raster.algebra', params: { expr: 'a - b' }, inputs: { a: '@a', b: '@b' } },
      { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@d' } },
    ],
    output: 's',
  })
  const ctx = { artifacts: {} } as unknown as ToolContext

  it('a georeferenced with a non-georeferenced input', async () => {
    const r = await executeDag(combine(utm, plain), ctx, { pool })
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/^Node 'd' combines inputs 'a' and 'b' on different grids: they differ in georeferencing/)
  })
  it('EPSG:32617 with a custom Lambert on the same origin and pixel size', async () => {
    const r = await executeDag(combine(utm, lambert), ctx, { pool })
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/they differ in CRS/)
  })
  it('the same grid twice is combined', async () => {
    const r = await executeDag(combine(utm, utm), ctx, { pool })
    expect(r.status).toBe('ok')
  })
})
