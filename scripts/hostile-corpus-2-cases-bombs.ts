/** Hostile corpus 2, family 'decompression bomb': strips and tiles that inflate far past what the file declares. */
import zlib from 'node:zlib'
import { type CaseWriter, MiB } from './hostile-corpus-2-case'
import { gdalZeroStrip } from './hostile-corpus-2-gdal'
import { type Img, baseEntries, deflateZeros, packbitsZeros, writeTiff } from './hostile-corpus-2-tiff'

/** A small declared image whose one strip inflates to 256 MiB or 1 GiB, the same streams at full size, shared strips and tiles. */
export async function decompressionBombs(w: CaseWriter): Promise<void> {
  const { file, add, zeros, ci, SIDE, tmp } = w
  const u8: Img = { width: 256, height: 256, bits: 8, format: 1 }
  const mbName = (mb: number) => (mb >= 1024 ? `${mb / 1024}gb` : `${mb}mb`)
  // ---- decompression bombs: a small declared image whose one strip inflates to 256 MiB or 1 GiB ----
  const bigMb = (SIDE * SIDE) / MiB
  const bombs: [string, number, Buffer][] = [
    [`bomb-deflate-${mbName(bigMb)}-declared-256px.tif`, 8, await deflateZeros(bigMb * MiB)],
    [`bomb-deflate-${mbName(bigMb * 4)}-declared-256px.tif`, 8, await deflateZeros(bigMb * 4 * MiB)],
    [`bomb-lzw-${mbName(bigMb)}-declared-256px.tif`, 5, gdalZeroStrip(tmp, 'LZW', SIDE, SIDE)],
    [`bomb-zstd-${mbName(bigMb)}-declared-256px.tif`, 50000, gdalZeroStrip(tmp, 'ZSTD', SIDE, SIDE)],
    [`bomb-packbits-${mbName(bigMb)}-declared-256px.tif`, 32773, packbitsZeros(bigMb * MiB)],
  ]
  for (const [name, compression, blob] of bombs) {
    writeTiff(file(name), { entries: baseEntries(u8, { compression }), blocks: [blob] })
    add({
      name,
      family: 'decompression bomb',
      kind: 'tiff',
      accept: 'values-or-refusal',
      width: 256,
      height: 256,
      stats: zeros(256 * 256),
      note: `a 256 x 256 uint8 image whose single strip (${blob.length} bytes) inflates far past the 64 KiB declared`,
    })
  }
  // The same streams declared at their full size: 16384 x 16384 (268 M pixels), legal but greedy.
  for (const [name, compression, blob] of [
    [`bomb-deflate-${SIDE}px-one-strip.tif`, 8, bombs[0][2]],
    [`bomb-lzw-${SIDE}px-one-strip.tif`, 5, bombs[2][2]],
    [`bomb-zstd-${SIDE}px-one-strip.tif`, 50000, bombs[3][2]],
    [`bomb-packbits-${SIDE}px-one-strip.tif`, 32773, bombs[4][2]],
  ] as [string, number, Buffer][]) {
    const img: Img = { width: SIDE, height: SIDE, bits: 8, format: 1 }
    writeTiff(file(name), { entries: baseEntries(img, { compression }), blocks: [blob] })
    add({
      name,
      family: 'decompression bomb',
      kind: 'tiff',
      accept: 'values-or-refusal',
      width: SIDE,
      height: SIDE,
      stats: zeros(SIDE * SIDE),
      note: `a ${SIDE} x ${SIDE} zero image in one strip of a few hundred KiB (${bigMb} MiB decoded)`,
    })
  }
  {
    // Strips of one row each, all pointing at one 64 KiB-inflating blob: 65536 x 4096 = 268 M pixels (CI: 256 rows).
    const rows = ci ? 256 : 4096
    const row = zlib.deflateSync(Buffer.alloc(65536), { level: 9 })
    const img: Img = { width: 65536, height: rows, bits: 8, format: 1 }
    const name = `bomb-deflate-${rows}-shared-strips.tif`
    writeTiff(file(name), { entries: baseEntries(img, { compression: 8, rowsPerStrip: 1 }), blocks: [row], index: Array(rows).fill(0) })
    add({
      name,
      family: 'decompression bomb',
      kind: 'tiff',
      accept: 'values-or-refusal',
      width: 65536,
      height: rows,
      stats: zeros(65536 * rows),
      note: `${rows} strips sharing one compressed blob`,
    })
    // Tiles of 256 x 256 sharing one blob: 120 x 120 of them = 30720 x 30720 = 944 M pixels, under 2^30 (CI: 16 x 16).
    const n = ci ? 16 : 120
    const tile = zlib.deflateSync(Buffer.alloc(65536), { level: 9 })
    const timg: Img = { width: n * 256, height: n * 256, bits: 8, format: 1 }
    const tname = `bomb-deflate-${n * n}-shared-tiles.tif`
    writeTiff(file(tname), { entries: baseEntries(timg, { compression: 8, tile: [256, 256] }), blocks: [tile], index: Array(n * n).fill(0), tiled: true })
    add({
      name: tname,
      family: 'decompression bomb',
      kind: 'tiff',
      accept: 'values-or-refusal',
      width: n * 256,
      height: n * 256,
      stats: zeros(n * n * 65536),
      note: `${n * n} tiles sharing one compressed blob (${Number(((n * n * 65536) / 1e6).toFixed(1))} M pixels)`,
    })
  }
}
