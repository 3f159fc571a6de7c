/** Hostile corpus 2, families 'tiny tiles', 'predictor' and 'bigtiff' (headers): TIFF layouts written by the small writer. */
import fs from 'node:fs'
import zlib from 'node:zlib'
import { type Accept, type CaseWriter, MiB } from './hostile-corpus-2-case'
import { type Img, baseEntries, bytesOf, gradient16, predict2, predict3, statsOf, writeTiff } from './hostile-corpus-2-tiff'

/** 1 x 1-pixel tiles (1024 of them, 64k or 10^6) and a valid 16 x 16 tiling. */
export function tinyTiles(w: CaseWriter): void {
  const { file, add, ci } = w
  // ---- 1 x 1-pixel tiles ----
  for (const [name, side, tile, accept] of [
    ['tiles-1x1px-1024-tiles.tif', 32, 1, 'values-or-refusal'],
    ...(ci ? [['tiles-1x1px-64k-tiles.tif', 256, 1, 'values-or-refusal']] : [['tiles-1x1px-1m-tiles.tif', 1024, 1, 'values-or-refusal']]),
    ['tiles-16x16px-1024-tiles.tif', 512, 16, 'values'],
  ] as [string, number, number, Accept][]) {
    const data = new Uint8Array(side * side)
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) data[y * side + x] = (x * 3 + y * 5) % 251
    const blocks: Buffer[] = []
    const n = side / tile
    for (let ty = 0; ty < n; ty++)
      for (let tx = 0; tx < n; tx++) {
        const b = Buffer.alloc(tile * tile)
        for (let y = 0; y < tile; y++) for (let x = 0; x < tile; x++) b[y * tile + x] = data[(ty * tile + y) * side + tx * tile + x]
        blocks.push(b)
      }
    writeTiff(file(name), { entries: baseEntries({ width: side, height: side, bits: 8, format: 1 }, { tile: [tile, tile] }), blocks, tiled: true })
    add({ name, family: 'tiny tiles', kind: 'tiff', accept, width: side, height: side, stats: statsOf(data), note: `${n * n} tiles of ${tile} x ${tile} px` })
  }
}

/** The floating-point predictor on uint16, an unknown predictor, and valid predictors 2 and 3. */
export function predictorCases(w: CaseWriter): void {
  const { file, add } = w
  // ---- predictors ----
  {
    const { data, stats } = gradient16(64, 48)
    const img: Img = { width: 64, height: 48, bits: 16, format: 1 }
    writeTiff(file('predictor-3-on-uint16.tif'), {
      entries: baseEntries(img, { compression: 8, predictor: 3 }),
      blocks: [zlib.deflateSync(bytesOf(predict2(data, 64)))],
    })
    add({
      name: 'predictor-3-on-uint16.tif',
      family: 'predictor',
      kind: 'tiff',
      accept: 'refusal',
      note: 'the floating-point predictor on uint16 data (undefined by the TIFF spec)',
    })
    writeTiff(file('predictor-7-unknown.tif'), { entries: baseEntries(img, { compression: 8, predictor: 7 }), blocks: [zlib.deflateSync(bytesOf(data))] })
    add({ name: 'predictor-7-unknown.tif', family: 'predictor', kind: 'tiff', accept: 'refusal', note: 'predictor 7 does not exist' })
    writeTiff(file('predictor-2-uint16-valid.tif'), {
      entries: baseEntries(img, { compression: 8, predictor: 2 }),
      blocks: [zlib.deflateSync(bytesOf(predict2(data, 64)))],
    })
    add({
      name: 'predictor-2-uint16-valid.tif',
      family: 'predictor',
      kind: 'tiff',
      accept: 'values',
      width: 64,
      height: 48,
      stats,
      note: 'horizontal differencing on uint16, valid',
    })
    const f = new Float32Array(data.length)
    data.forEach((v, i) => (f[i] = v / 8))
    writeTiff(file('predictor-3-float32-valid.tif'), {
      entries: baseEntries({ width: 64, height: 48, bits: 32, format: 3 }, { compression: 8, predictor: 3 }),
      blocks: [zlib.deflateSync(predict3(f, 64, 48))],
    })
    add({
      name: 'predictor-3-float32-valid.tif',
      family: 'predictor',
      kind: 'tiff',
      accept: 'values',
      width: 64,
      height: 48,
      stats: statsOf(f),
      note: 'floating-point predictor on float32, valid',
    })
  }
}

/** BigTIFF headers: bad byte size, reserved field, valid in both byte orders, data past 4 GiB. */
export function bigtiffHeaders(w: CaseWriter): void {
  const { file, add } = w
  // ---- BigTIFF headers: bad byte size, reserved field, valid in both byte orders, data past 4 GiB ----
  {
    const { data, stats } = gradient16(64, 48)
    const img: Img = { width: 64, height: 48, bits: 16, format: 1 }
    for (const be of [false, true]) {
      const name = `bigtiff-${be ? 'be' : 'le'}-valid.tif`
      writeTiff(file(name), { big: true, be, entries: baseEntries(img), blocks: [bytesOf(data, be)] })
      add({ name, family: 'bigtiff', kind: 'tiff', accept: 'values', width: 64, height: 48, stats, note: `a valid ${be ? 'big' : 'little'}-endian BigTIFF` })
    }
    const cname = 'classic-be-valid.tif'
    writeTiff(file(cname), { be: true, entries: baseEntries(img), blocks: [bytesOf(data, true)] })
    add({ name: cname, family: 'bigtiff', kind: 'tiff', accept: 'values', width: 64, height: 48, stats, note: 'a valid big-endian classic TIFF' })
    const farName = 'bigtiff-be-data-past-4gib-sparse.tif'
    writeTiff(file(farName), { big: true, be: true, entries: baseEntries(img), blocks: [bytesOf(data, true)], dataAt: 5 * 1024 * MiB })
    add({
      name: farName,
      family: 'bigtiff',
      kind: 'tiff',
      accept: 'values',
      width: 64,
      height: 48,
      stats,
      note: 'big-endian BigTIFF whose strip and IFD lie past 5 GiB in a sparse file (64-bit offsets)',
    })
    for (const [name, patch, note] of [
      ['bigtiff-bytesize-4.tif', (b: Buffer) => b.writeUInt16LE(4, 4), 'BigTIFF header says offsets are 4 bytes'],
      ['bigtiff-bytesize-16.tif', (b: Buffer) => b.writeUInt16LE(16, 4), 'BigTIFF header says offsets are 16 bytes'],
      ['bigtiff-reserved-nonzero.tif', (b: Buffer) => b.writeUInt16LE(0x1234, 6), 'BigTIFF reserved header field is not 0'],
      ['bigtiff-be-bytesize-6.tif', (b: Buffer) => b.writeUInt16BE(6, 4), 'big-endian BigTIFF header says offsets are 6 bytes'],
    ] as [string, (b: Buffer) => void, string][]) {
      const be = name.includes('-be-')
      writeTiff(file(name), { big: true, be, entries: baseEntries(img), blocks: [bytesOf(data, be)] })
      const b = fs.readFileSync(file(name))
      patch(b)
      fs.writeFileSync(file(name), b)
      add({ name, family: 'bigtiff', kind: 'tiff', accept: 'refusal', note })
    }
  }
}
