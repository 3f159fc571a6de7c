/**
 * A stored-sample read with a profile (TiffFile.readSamples `profile`) gives what the converting read (readBand with
 * `running` and `content`) gives of the same windows: the running [count, sum, min, max] bit for bit (the sum added
 * in the same chunk order), the same content profile (extremes and their counts, constant rows, fingerprint), and
 * samples that convert to readBand's values. Task 46's final sweep reads its inputs this way (issue 19), so the
 * reads' reports must not change by a bit. Real files (task 46's uint16 LST and int16 NDVI, in its 256-row strips)
 * and tiny files of the other sample types, with constant rows, a nodata tag no sample can equal, partial strips.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ContentAccumulator } from '../../../../main/engines/raster/stats'
import { TiffFile, type StoredSamples } from '../../../../main/engines/raster/tiff/reader'
import { shared, tempDir } from '../../../helpers/tmp'
import { writeTinyTiff, type TinyDtype } from './tiny-tiff'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

interface Case {
  file: string
  scale: number
  offset: number
  nodata: number | null
  rows: number
}

/** Both reads over strips of `c.rows` rows; returns their running stats, content profiles and the values. */
async function both(c: Case): Promise<{ band: Float64Array[]; profiled: Float64Array[]; contents: unknown[]; converted: boolean }> {
  const a = TiffFile.open(c.file)
  const b = TiffFile.open(c.file)
  const runA = Float64Array.of(0, 0, Infinity, -Infinity)
  const runB = Float64Array.of(0, 0, Infinity, -Infinity)
  const contentA = new ContentAccumulator(true)
  const contentB = new ContentAccumulator(true)
  let converted = true
  expect(b.profilesSamples(c.scale, c.offset, c.nodata ?? NaN)).toBe(true)
  for (let r0 = 0; r0 < a.height; r0 += c.rows) {
    const window = { col: 0, row: r0, width: a.width, height: Math.min(c.rows, a.height - r0) }
    const values = await a.readBand({ band: 1, window, nodata: c.nodata, scale: c.scale, offset: c.offset, running: runA, content: contentA })
    const profile = { scale: c.scale, offset: c.offset, nodata: c.nodata ?? NaN, running: runB, content: contentB }
    const samples = (await b.readSamples({ band: 1, window, profile })) as StoredSamples
    for (let i = 0; i < values.length; i++) if (!Object.is(samples[i] * c.scale + c.offset, values[i])) converted = false
  }
  a.close()
  b.close()
  return { band: [runA], profiled: [runB], contents: [contentA.result(), contentB.result()], converted }
}

describe('stored-sample reads with a profile', () => {
  it("give task 46's reads' statistics and content profiles to the last bit", async () => {
    const dir = shared('benchmarks', 'earthbench-q46', 'files')
    const lst = fs.readdirSync(dir).find((f) => /_2019-06-26_LST\.tif$/.test(f))!
    for (const [file, scale] of [
      [lst, 0.02],
      [lst.replace('_LST', '_NDVI'), 0.0001],
    ] as const) {
      const r = await both({ file: path.join(dir, file), scale, offset: 0, nodata: null, rows: 256 })
      expect(Array.from(r.profiled[0])).toEqual(Array.from(r.band[0]))
      expect(r.contents[1]).toEqual(r.contents[0])
      expect((r.contents[0] as { fingerprint?: string }).fingerprint).toMatch(/^[0-9a-f]{8}$/)
      expect(r.converted).toBe(true)
    }
  })

  it('agree for 8- and 16-bit samples, constant rows, a nodata no sample equals and strips that split tiles', async () => {
    const W = 23
    const H = 19
    const cases: [TinyDtype, (i: number) => number, string | undefined][] = [
      ['uint8', (i) => (Math.floor(i / W) === 3 ? 200 : (i * 37) % 251), undefined],
      ['int8', (i) => (Math.floor(i / W) === 5 ? -7 : ((i * 29) % 250) - 125), '-128.5'],
      ['uint16', (i) => (Math.floor(i / W) < 2 ? 0 : (i * 977) % 60000), '-1'],
      ['int16', (i) => (Math.floor(i / W) === 7 ? -32768 : ((i * 2731) % 60000) - 30000), undefined],
    ]
    for (const [dtype, f, nodata] of cases) {
      const file = path.join(tmp.dir, `${dtype}.tif`)
      const values = Array.from({ length: W * H }, (_, i) => f(i))
      writeTinyTiff(file, { width: W, height: H, bands: [values], dtype, tile: { width: 8, height: 8 }, compression: 8, ...(nodata ? { nodata } : {}) })
      for (const rows of [8, 16, 5]) {
        const r = await both({ file, scale: 0.5, offset: -3, nodata: nodata === undefined ? null : Number(nodata), rows })
        // Strips of 5 rows split tiles: both reads then add in the same (per-read chunk) order still.
        expect(Array.from(r.profiled[0]), `${dtype} in strips of ${rows}`).toEqual(Array.from(r.band[0]))
        expect(r.contents[1], `${dtype} in strips of ${rows}`).toEqual(r.contents[0])
        expect(r.converted).toBe(true)
      }
      // An independent count of what the profile must say: the valid pixels and their sum, mean and extremes.
      const x = values.map((v) => v * 0.5 - 3)
      const r = await both({ file, scale: 0.5, offset: -3, nodata: nodata === undefined ? null : Number(nodata), rows: 8 })
      expect(r.profiled[0][0]).toBe(W * H)
      expect(r.profiled[0][1]).toBeCloseTo(
        x.reduce((s, v) => s + v, 0),
        6,
      )
      expect(r.profiled[0][2]).toBe(Math.min(...x))
      expect(r.profiled[0][3]).toBe(Math.max(...x))
    }
  })

  it('refuses to profile where the conversion must test samples', async () => {
    const file = path.join(tmp.dir, 'nodata-matches.tif')
    writeTinyTiff(file, { width: 4, height: 4, bands: [Array.from({ length: 16 }, (_, i) => i)], dtype: 'uint16', nodata: '3' })
    const t = TiffFile.open(file)
    expect(t.profilesSamples(1, 0, 3)).toBe(false)
    expect(t.profilesSamples(0, 0, NaN)).toBe(false)
    const running = Float64Array.of(0, 0, Infinity, -Infinity)
    expect(await t.readSamples({ band: 1, profile: { scale: 1, offset: 0, nodata: 3, running, content: new ContentAccumulator(true) } })).toBeNull()
    t.close()
  })
})
