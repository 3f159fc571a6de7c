/**
 * The reader computes a read's content profile (pixels at the minimum and maximum, constant rows) while converting
 * 8- and 16-bit samples, from a histogram of the raw values. Checked against a profile computed here, directly from
 * the pixel values the test wrote (no engine code), on tiled and striped files with partial tiles, negative values,
 * nodata, constant rows and runs, windows and strip-by-strip reads; and the fingerprint against the profile of the
 * same output computed by a pass over it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ContentAccumulator, contentProfile } from '../../../../main/engines/raster/stats'
import { TiffFile } from '../../../../main/engines/raster/tiff/reader'
import { writeTinyTiff, type TinyDtype, type TinyTiffOptions } from './tiny-tiff'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-content-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** The profile by definition, from the values themselves (NaN = invalid). */
function expectedProfile(x: number[], width: number) {
  const valid = x.filter((v) => !Number.isNaN(v))
  const min = Math.min(...valid)
  const max = Math.max(...valid)
  const rows = x.length / width
  let constantRows = 0
  let run = 0
  let runValue = NaN
  let runStart = 0
  let longest = 0
  let longestStart = 0
  let longestValue = NaN
  for (let r = 0; r < rows; r++) {
    const row = x.slice(r * width, (r + 1) * width)
    const constant = width >= 4 && row.every((v) => !Number.isNaN(v) && v === row[0])
    if (!constant) {
      run = 0
      continue
    }
    constantRows++
    if (run > 0 && runValue === row[0]) run++
    else [run, runStart, runValue] = [1, r, row[0]]
    if (run > longest) [longest, longestStart, longestValue] = [run, runStart, runValue]
  }
  return {
    min_count: valid.filter((v) => v === min).length,
    max_count: valid.filter((v) => v === max).length,
    rows,
    constant_rows: constantRows,
    longest_constant_run: longest,
    ...(longest > 0 ? { constant_run_start: longestStart, constant_value: longestValue } : {}),
  }
}

/** Raw values with what the profile must notice: a minimum and a maximum held by several pixels, constant rows. */
function raw(width: number, height: number, lo: number, hi: number, nodata: number): number[] {
  const v: number[] = []
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (r === 3 || r === 4)
        v.push(lo + 7) // two equal constant rows: one run of 2
      else if (r === 6)
        v.push(hi - 1) // a constant row of another value
      else if (r === 8)
        v.push(nodata) // all nodata: not constant
      else if (r === 9)
        v.push(c === width - 1 ? nodata : lo + 3) // one nodata pixel: not constant
      else v.push(lo + ((r * 31 + c * 17) % (hi - lo + 1)))
    }
  }
  v[5] = lo
  v[width * 2 + 1] = lo
  v[width * 10 + 2] = hi
  return v
}

const cases: { name: string; dtype: TinyDtype; lo: number; hi: number; nodata: number; scale: number; offset: number; layout: Partial<TinyTiffOptions> }[] = [
  {
    name: 'int16 tiles, negative values',
    dtype: 'int16',
    lo: -32768,
    hi: -32000,
    nodata: -32768,
    scale: 0.0001,
    offset: 0,
    layout: { tile: { width: 16, height: 16 } },
  },
  {
    name: 'uint16 tiles, DEFLATE + predictor 2',
    dtype: 'uint16',
    lo: 0,
    hi: 900,
    nodata: 0,
    scale: 0.02,
    offset: 0,
    layout: { tile: { width: 16, height: 16 }, compression: 8, predictor: 2 },
  },
  { name: 'uint8 strips, scale and offset', dtype: 'uint8', lo: 1, hi: 250, nodata: 255, scale: 0.5, offset: 10, layout: { rowsPerStrip: 5 } },
  { name: 'int8 strips, negative scale', dtype: 'int8', lo: -128, hi: 100, nodata: 127, scale: -2, offset: 1, layout: { rowsPerStrip: 3 } },
  // A scale of 0 maps every raw value to the offset: raw values differ where the values do not (the reader then
  // profiles its output instead of the histogram).
  { name: 'uint16, scale 0', dtype: 'uint16', lo: 0, hi: 900, nodata: 0, scale: 0, offset: 5, layout: { tile: { width: 16, height: 16 } } },
]

describe('content profile of a read, computed while converting', () => {
  for (const k of cases) {
    it(k.name, async () => {
      const width = 37
      const height = 29
      const v = raw(width, height, k.lo, k.hi, k.nodata)
      const file = writeTinyTiff(path.join(dir, `${k.name.replace(/\W+/g, '-')}.tif`), { width, height, bands: [v], dtype: k.dtype, ...k.layout })
      const x = v.map((d) => (d === k.nodata ? NaN : d * k.scale + k.offset))
      const tif = TiffFile.open(file)
      try {
        // Whole image.
        const content = new ContentAccumulator(true)
        const stats = new Float64Array(4)
        const out = await tif.readBand({ band: 1, nodata: k.nodata, scale: k.scale, offset: k.offset, stats, content })
        const got = content.result()
        expect({ ...got, fingerprint: undefined }).toEqual({ ...expectedProfile(x, width), fingerprint: undefined })
        expect(Array.from(out)).toEqual(x)
        const valid = x.filter((d) => !Number.isNaN(d))
        expect([stats[0], stats[2], stats[3]]).toEqual([valid.length, Math.min(...valid), Math.max(...valid)])
        // The fingerprint follows the pixels, not the file's layout: the same samples written in another layout
        // (strips for tiles, tiles for strips, no compression) give the same one; one sample changed, or the same
        // samples under another scale, another. (A read the histogram cannot profile hashes its float64 output.)
        const fp = async (name: string, values: number[], layout: Partial<TinyTiffOptions>, scale = k.scale) => {
          const other = writeTinyTiff(path.join(dir, `${k.name.replace(/\W+/g, '-')}-${name}.tif`), {
            width,
            height,
            bands: [values],
            dtype: k.dtype,
            ...layout,
          })
          const t = TiffFile.open(other)
          try {
            const c = new ContentAccumulator(true)
            await t.readBand({ band: 1, nodata: k.nodata, scale, offset: k.offset, content: c })
            return c.result().fingerprint
          } finally {
            t.close()
          }
        }
        const relaid = 'tile' in k.layout ? { rowsPerStrip: 4 } : { tile: { width: 16, height: 16 } }
        expect(await fp('relaid', v, relaid)).toBe(got.fingerprint)
        const changed = [...v]
        changed[100] = changed[100] === k.lo ? k.lo + 1 : k.lo
        expect(await fp('changed', changed, k.layout)).not.toBe(got.fingerprint)
        if (k.scale !== 0) expect(await fp('rescaled', v, k.layout, k.scale * 2)).not.toBe(got.fingerprint)
        if (k.scale === 0) expect(got.fingerprint).toBe(contentProfile(out, width, true).fingerprint)

        // The same rows read as three row windows into one accumulator (strip-by-strip evaluation).
        const strips = new ContentAccumulator(true)
        for (const [row, h] of [
          [0, 7],
          [7, 12],
          [19, 10],
        ]) {
          await tif.readBand({ band: 1, window: { col: 0, row, width, height: h }, nodata: k.nodata, scale: k.scale, offset: k.offset, content: strips })
        }
        expect(strips.result()).toEqual(got)

        // A window starting inside a tile or strip.
        const win = { col: 5, row: 2, width: 30, height: 20 }
        const wx: number[] = []
        for (let r = win.row; r < win.row + win.height; r++) wx.push(...x.slice(r * width + win.col, r * width + win.col + win.width))
        const wc = new ContentAccumulator(false)
        await tif.readBand({ band: 1, window: win, nodata: k.nodata, scale: k.scale, offset: k.offset, content: wc })
        expect(wc.result()).toEqual(expectedProfile(wx, win.width))

        // Two reads of the file at once (they interleave at every chunk): each profile is still its own.
        const [a, b] = [new ContentAccumulator(false), new ContentAccumulator(false)]
        await Promise.all([
          tif.readBand({ band: 1, nodata: k.nodata, scale: k.scale, offset: k.offset, content: a }),
          tif.readBand({ band: 1, window: win, nodata: k.nodata, scale: k.scale, offset: k.offset, content: b }),
        ])
        expect([a.result(), b.result()]).toEqual([expectedProfile(x, width), expectedProfile(wx, win.width)])
      } finally {
        tif.close()
      }
    })
  }
})
