/**
 * Sparse tiles/strips (byte count 0, written by GDAL with SPARSE_OK=TRUE) read as the file's nodata value.
 *
 * Reference (GDAL 3.6.2, run by hand): a 64 x 32 Int16 GTiff, 16 x 16 tiles, SPARSE_OK=TRUE, nodata -9999, with only
 * the first tile written (value 5): ReadAsArray gives 256 pixels of 5 and 1792 of -9999 (masked as nodata), where
 * the reader used to give 1792 valid zeros. Here a 2 x 2 Int16 file with one strip per row, the second strip
 * sparse, is assembled byte by byte (TIFF 6.0 baseline, little-endian).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TiffFile } from '../../../../main/engines/raster/tiff/reader'
import { tempDir } from '../../../helpers/tmp'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** A 2 x 2 Int16 strip TIFF whose first row is [7, 8] and whose second strip has byte count 0. */
function sparseTiff(nodata: string | null): string {
  const tags: [number, number, number, number[] | string][] = [
    [256, 3, 1, [2]], // ImageWidth
    [257, 3, 1, [2]], // ImageLength
    [258, 3, 1, [16]], // BitsPerSample
    [259, 3, 1, [1]], // Compression none
    [262, 3, 1, [1]], // Photometric BlackIsZero
    [273, 4, 2, [0, 0]], // StripOffsets (first patched below)
    [277, 3, 1, [1]], // SamplesPerPixel
    [278, 3, 1, [1]], // RowsPerStrip
    [279, 4, 2, [4, 0]], // StripByteCounts: the second strip is sparse
    [339, 3, 1, [2]], // SampleFormat int
  ]
  if (nodata !== null) tags.push([42113, 2, nodata.length + 1, nodata])
  const ifdAt = 8
  const ifdSize = 2 + tags.length * 12 + 4
  let extra = ifdAt + ifdSize
  const buf = Buffer.alloc(extra + 64)
  buf.write('II', 0, 'latin1')
  buf.writeUInt16LE(42, 2)
  buf.writeUInt32LE(ifdAt, 4)
  buf.writeUInt16LE(tags.length, ifdAt)
  const dataAt = extra + 32
  tags.forEach(([tag, type, count, value], i) => {
    const e = ifdAt + 2 + i * 12
    buf.writeUInt16LE(tag, e)
    buf.writeUInt16LE(type, e + 2)
    buf.writeUInt32LE(count, e + 4)
    if (typeof value === 'string') {
      buf.write(`${value}\0`, extra, 'latin1')
      buf.writeUInt32LE(extra, e + 8)
      extra += value.length + 1
    } else if (type === 4 && count === 2) {
      buf.writeUInt32LE(extra, e + 8)
      const v = tag === 273 ? [dataAt, 0] : value
      buf.writeUInt32LE(v[0], extra)
      buf.writeUInt32LE(v[1], extra + 4)
      extra += 8
    } else if (type === 3) buf.writeUInt16LE(value[0], e + 8)
    else buf.writeUInt32LE(value[0], e + 8)
  })
  buf.writeInt16LE(7, dataAt)
  buf.writeInt16LE(8, dataAt + 2)
  const f = path.join(tmp.dir, `sparse-${nodata ?? 'none'}.tif`)
  fs.writeFileSync(f, buf)
  return f
}

async function read(f: string): Promise<number[]> {
  const t = TiffFile.open(f)
  try {
    return Array.from(await t.readBand({ band: 1, nodata: t.nodata, scale: 1, offset: 0 }))
  } finally {
    t.close()
  }
}

describe('sparse strips', () => {
  it('read as nodata when the file has a nodata value', async () => {
    expect(await read(sparseTiff('-9999'))).toEqual([7, 8, NaN, NaN])
  })

  it('read as zeros when it has none (GDAL does the same)', async () => {
    expect(await read(sparseTiff(null))).toEqual([7, 8, 0, 0])
  })
})
