/**
 * The GDAL matrix (issue 19): GeoTIFFs written by GDAL itself (gdal-matrix.py: 8 data types x none/DEFLATE/LZW/
 * PackBits/ZSTD/LERC(+DEFLATE, +ZSTD) x predictors 1/2/3 x strips/tiles x nodata none/0/max/min/-9999.9/NaN/huge, multi-band in pixel
 * and band interleave with internal overviews, sparse blocks) pass through analysis (a raster job's read node, whole
 * and strip by strip),
 * previews and map tiles (pixel windows) with the same valid-pixel counts GDAL's own mask band gives, per pyramid
 * level; analysis also reproduces GDAL's sum of the valid values. The files and GDAL's figures are made in this test.
 *
 * Needs python3 with GDAL's bindings (python3-gdal); without them the suite is skipped, unless RSURE_REQUIRE_GDAL=1.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evaluateJob } from '../../../../main/engines/raster/job/evaluate'
import { BufferRecycler } from '../../../../main/engines/raster/job/recycler'
import type { RasterJob } from '../../../../main/engines/raster/job/types'
import { renderPreview } from '../../../../main/engines/raster/preview'
import { closeTileSources } from '../../../../main/engines/raster/tiles-source'
import { renderTile } from '../../../../main/engines/raster/tiles'
import { tempDir } from '../../../helpers/tmp'

const PYTHON = process.env.RSURE_GDAL_PYTHON ?? '/usr/bin/python3'
const hasGdal = spawnSync(PYTHON, ['-c', 'from osgeo import gdal'], { stdio: 'ignore' }).status === 0
if (!hasGdal && process.env.RSURE_REQUIRE_GDAL === '1') throw new Error(`${PYTHON} has no GDAL bindings (install python3-gdal)`)

interface Level {
  width: number
  height: number
  band_valid: number[]
  band_sum: number[]
  all_valid: number
  first3_valid: number
}
interface Case {
  name: string
  file: string
  bands: number
  levels: Level[]
}

const tmp = tempDir('rsure-gdal-matrix-')
afterAll(async () => {
  await closeTileSources()
  tmp.cleanup()
})
const cases: Case[] = hasGdal
  ? JSON.parse(execFileSync(PYTHON, [path.join(__dirname, 'gdal-matrix.py'), tmp.dir], { encoding: 'utf8', maxBuffer: 64 << 20 }))
  : []

/** The bands a preview or tile shows: one (grey) or the first three (RGB). */
const shown = (c: Case) => (c.bands >= 3 ? [1, 2, 3] : [1])
const shownValid = (c: Case, l: Level) => (c.bands >= 3 ? l.first3_valid : l.band_valid[0])

describe.skipIf(!hasGdal)('GeoTIFFs written by GDAL: valid pixels as GDAL counts them', () => {
  it('covers the matrix (data types, compressions, predictors, layouts, nodata forms, overviews, sparse)', () => {
    expect(cases.length).toBeGreaterThan(150)
    expect(cases.filter((c) => c.levels.length === 3).length).toBeGreaterThanOrEqual(8)
  })

  it("analysis: each band read by a raster job, whole and in strips of 7 rows, has GDAL's valid count and sum", async () => {
    const wrong: string[] = []
    for (const [c, stripRows] of cases.flatMap((c) => [[c, undefined] as const, [c, 7] as const])) {
      const job: RasterJob = {
        ...(stripRows ? { stripRows } : {}),
        nodes: Array.from({ length: c.bands }, (_, b) => ({
          id: `b${b + 1}`,
          kind: 'read' as const,
          params: { path: c.file, band: b + 1, nodata: 'file' },
          inputs: {},
          unit: 'dn' as const,
        })),
        sinks: Array.from({ length: c.bands }, (_, b) => ({
          id: `s${b + 1}`,
          input: `b${b + 1}`,
          spec: { kind: 'summarize' as const, stats: ['count', 'sum'], min_valid: 0, ddof: 0 },
        })),
        item: null,
        baseDir: tmp.dir,
      }
      const result = await evaluateJob(job, new BufferRecycler())
      for (let b = 0; b < c.bands; b++) {
        const valid = result.nodes[`b${b + 1}`].valid
        const want = c.levels[0].band_valid[b]
        const how = stripRows ? ` (strips of ${stripRows} rows)` : ''
        if (valid !== want) wrong.push(`${c.name} band ${b + 1}${how}: ${valid} valid, GDAL ${want}`)
        const sum = (result.sinks[`s${b + 1}`].value as Record<string, number> | undefined)?.sum ?? 0
        const ref = c.levels[0].band_sum[b]
        if (want > 0 && !(Math.abs(sum - ref) <= 1e-9 * Math.max(1, Math.abs(ref)) + 1e-6)) wrong.push(`${c.name} band ${b + 1}${how}: sum ${sum}, GDAL ${ref}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)

  it("previews: at full size and from each overview, the valid pixels are GDAL's", async () => {
    const wrong: string[] = []
    for (const c of cases) {
      for (let level = 0; level < c.levels.length; level++) {
        const l = c.levels[level]
        const p = await renderPreview(c.file, { bands: shown(c), stretch: { kind: 'minmax' }, maxSize: Math.max(l.width, l.height) })
        if (p.level !== level || p.width !== l.width || p.height !== l.height)
          wrong.push(`${c.name} level ${level}: preview read level ${p.level} at ${p.width}x${p.height}`)
        else if (p.validPixels !== shownValid(c, l)) wrong.push(`${c.name} level ${level}: preview ${p.validPixels} valid, GDAL ${shownValid(c, l)}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)

  it("map tiles: a pixel window at each level's resolution has GDAL's valid pixels", async () => {
    const wrong: string[] = []
    for (const c of cases) {
      const full = c.levels[0]
      for (let level = 0; level < c.levels.length; level++) {
        const l = c.levels[level]
        const address = { kind: 'pixel' as const, x: 0, y: 0, width: full.width, height: full.height, outWidth: l.width, outHeight: l.height }
        const t = await renderTile(c.file, address, { bands: shown(c), stretch: { kind: 'minmax' } })
        if (t.level !== level) wrong.push(`${c.name} level ${level}: tile read level ${t.level}`)
        else if (t.validPixels !== shownValid(c, l)) wrong.push(`${c.name} level ${level}: tile ${t.validPixels} valid, GDAL ${shownValid(c, l)}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)
})
