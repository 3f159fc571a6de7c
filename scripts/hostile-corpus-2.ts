/**
 * The second hostile corpus (issue 20): decompression bombs (LZW, DEFLATE, ZSTD, PackBits), pictures declaring
 * 16000-30000 px, interlaced PNG, 1x1-pixel tiles, JPEG-in-TIFF (grey, RGB, YCbCr), a float predictor on uint16,
 * BigTIFF with a bad byte size or reserved field, valid big-endian BigTIFF (one with data past 4 GiB in a sparse
 * file), strict and junk nodata strings, GDAL_METADATA of 400k items and 200k spaces, MTL files with 1e308 factors,
 * injected groups and a 700 MB sparse size, infinite and NaN geotransforms, WebP/LERC/ZSTD in TIFF and symlinks.
 *
 * Usage: `node --import tsx scripts/hostile-corpus-2.ts OUT_DIR` writes the files and prints the case list (JSON).
 * tests/integration/hostile-corpus-2.test.ts calls `writeHostileCorpus2` at test time into a temporary folder.
 *
 * Every file is written here: TIFF structures by the small writer below (either byte order, classic or BigTIFF),
 * codecs that need a real encoder (JPEG, WebP, LERC, ZSTD, LZW) by GDAL through python3 (python3-gdal), pictures by
 * zlib and sharp. Expected values are known by construction, or decoded by GDAL for lossy codecs, never by RSure.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import {
  type BandStats,
  T,
  type Entry,
  writeTiff,
  type Img,
  baseEntries,
  gradient16,
  statsOf,
  bytesOf,
  predict2,
  predict3,
  deflateZeros,
  packbitsZeros,
} from './hostile-corpus-2-tiff'
import { pythonWithGdal, runPython, gdalZeroStrip } from './hostile-corpus-2-gdal'
import { png, zeroScanlineBytes, patchJpegSize } from './hostile-corpus-2-pictures'

export type { BandStats } from './hostile-corpus-2-tiff'
export { pythonWithGdal } from './hostile-corpus-2-gdal'

/** What a surface may answer for a case. */
export type Accept =
  /** A valid file: the right values (a refusal is a failure). */
  | 'values'
  /** Hostile but decodable: the right values, or one sentence naming the file and the reason. */
  | 'values-or-refusal'
  /** Corrupt or unsafe: one sentence naming the file and the reason (any value is a silent wrong result). */
  | 'refusal'

export interface Hostile2Case {
  name: string
  family: string
  /** The path handed to the tools (a file, a symlink, or a Landsat-like folder for MTL cases). */
  path: string
  kind: 'tiff' | 'picture' | 'mtl-folder' | 'special'
  accept: Accept
  /** Declared size, for `info` on files that must be described. */
  width?: number
  height?: number
  /** Band 1 over its valid pixels, when the file has right values. */
  stats?: BandStats
  /** Values also accepted (e.g. the pixels with a junk nodata string parsed as its leading number). */
  altStats?: BandStats[]
  /** The nodata value `info` must report (null: none usable; NaN or no value are both accepted then). */
  nodata?: number | null
  /** For MTL folders: the water share (%) of the clean scene, computed apart from RSure. */
  waterShare?: number
  note: string
}

// ------------------------------------------------------------------------------------------------------------------
// The corpus
// ------------------------------------------------------------------------------------------------------------------

const L8_PREFIX = 'LC08_L1TP_016037_20170813_20170814_01_RT_'

export interface CorpusOptions {
  /** The Landsat fixture folder (../shared/fixtures/landsat8_L1TP_016037_20170813). */
  landsatDir: string
  /**
   * 'full' (default): the sizes of issue 20 (bombs of 256 MiB-1 GiB, 16384-30720 px, 10^6 tiles). 'ci': the same
   * families and cases at 1/16 of the bytes (bombs of 16-64 MiB still 256-1024 times their declared chunk, 4096 px,
   * 65536 tiles), so `npm test` runs every family in about a minute; names carry the sizes actually written.
   */
  scale?: 'full' | 'ci'
}

export async function writeHostileCorpus2(dir: string, opts: CorpusOptions): Promise<Hostile2Case[]> {
  fs.mkdirSync(dir, { recursive: true })
  const tmp = fs.mkdtempSync(path.join(dir, '.work-'))
  const cases: Hostile2Case[] = []
  const add = (c: Omit<Hostile2Case, 'path'> & { path?: string }) => cases.push({ ...c, path: c.path ?? path.join(dir, c.name) })
  const file = (name: string) => path.join(dir, name)
  const zeros = (n: number): BandStats => ({ mean: 0, min: 0, max: 0, valid: n })
  const u8: Img = { width: 256, height: 256, bits: 8, format: 1 }
  const ci = opts.scale === 'ci'
  /** Side of the square greedy images (16384: 256 MiB of uint8; 4096 in CI: 16 MiB). */
  const SIDE = ci ? 4096 : 16384
  const mbName = (mb: number) => (mb >= 1024 ? `${mb / 1024}gb` : `${mb}mb`)

  // ---- decompression bombs: a small declared image whose one strip inflates to 256 MiB or 1 GiB ----
  const MiB = 1 << 20
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

  // ---- pictures declaring 16000-30000 px, and interlaced PNG ----
  for (const [side, interlaced] of (ci
    ? [
        [16000, false],
        [16000, true],
      ]
    : [
        [16000, false],
        [30000, false],
        [16000, true],
      ]) as [number, boolean][]) {
    const name = `png-${side}px-${interlaced ? 'interlaced-' : ''}zeros.png`
    const idat = await deflateZeros(zeroScanlineBytes(side, side, interlaced), 4 * MiB)
    fs.writeFileSync(file(name), png(side, side, 0, interlaced ? 1 : 0, idat))
    add({
      name,
      family: 'picture bomb',
      kind: 'picture',
      accept: 'values-or-refusal',
      width: side,
      height: side,
      stats: zeros(side * side),
      note: `a ${side} x ${side} grey PNG of zeros in ${idat.length} bytes`,
    })
  }
  {
    const name = 'png-30000px-truncated.png'
    fs.writeFileSync(file(name), png(30000, 30000, 2, 0, zlib.deflateSync(Buffer.alloc(90001 * 4))))
    add({ name, family: 'picture bomb', kind: 'picture', accept: 'refusal', note: 'IHDR declares 30000 x 30000 RGB; the IDAT holds 4 rows' })
  }
  const sharp = (await import('sharp')).default
  {
    const w = 256
    const h = 192
    const grey = Buffer.alloc(w * h)
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = (x + 2 * y) % 256
    const name = 'png-interlaced-grey-256x192.png'
    await sharp(grey, { raw: { width: w, height: h, channels: 1 } })
      .png({ progressive: true })
      .toFile(file(name))
    add({
      name,
      family: 'interlaced png',
      kind: 'picture',
      accept: 'values',
      width: w,
      height: h,
      stats: statsOf(grey),
      note: 'a valid Adam7 PNG with a known gradient',
    })
    const rgb = Buffer.alloc(w * h * 3)
    for (let i = 0; i < w * h; i++) {
      rgb[i * 3] = grey[i]
      rgb[i * 3 + 1] = 255 - grey[i]
      rgb[i * 3 + 2] = 77
    }
    const rname = 'png-interlaced-rgb-256x192.png'
    await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .png({ progressive: true })
      .toFile(file(rname))
    add({
      name: rname,
      family: 'interlaced png',
      kind: 'picture',
      accept: 'values',
      width: w,
      height: h,
      stats: statsOf(grey),
      note: 'a valid Adam7 RGB PNG; band 1 is the known gradient',
    })
    const small = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer()
    for (const side of [16000, 30000]) {
      const jname = `jpeg-${side}px-declared.jpg`
      fs.writeFileSync(file(jname), patchJpegSize(small, side, side))
      add({ name: jname, family: 'picture bomb', kind: 'picture', accept: 'refusal', note: `a 256 x 192 JPEG whose frame header declares ${side} x ${side}` })
    }
    const pname = 'jpeg-progressive-256x192.jpg'
    await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 95, progressive: true })
      .toFile(file(pname))
    add({ name: pname, family: 'interlaced png', kind: 'picture', accept: 'values', width: w, height: h, note: 'a valid progressive JPEG' })
  }

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

  // ---- codecs GDAL writes: JPEG (grey, RGB, YCbCr), WebP, LERC, ZSTD; and big-endian BigTIFF ----
  const codecJobs: { name: string; family: string; bands: number; dtype: string; options: string[]; tol?: number; accept: Accept; note: string }[] = [
    {
      name: 'jpeg-tiff-grey.tif',
      family: 'jpeg in tiff',
      bands: 1,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'JPEG_QUALITY=90'],
      tol: 1,
      accept: 'values-or-refusal',
      note: 'JPEG-compressed grey TIFF',
    },
    {
      name: 'jpeg-tiff-grey-q30-tiled.tif',
      family: 'jpeg in tiff',
      bands: 1,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'JPEG_QUALITY=30', 'TILED=YES'],
      tol: 1,
      accept: 'values-or-refusal',
      note: 'JPEG quality 30, tiled',
    },
    {
      name: 'jpeg-tiff-rgb.tif',
      family: 'jpeg in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'PHOTOMETRIC=RGB', 'JPEG_QUALITY=90'],
      tol: 1,
      accept: 'values-or-refusal',
      note: 'JPEG-compressed RGB (no colour conversion)',
    },
    {
      name: 'jpeg-tiff-ycbcr.tif',
      family: 'jpeg in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'JPEG_QUALITY=90'],
      tol: 1.5,
      accept: 'values-or-refusal',
      note: 'JPEG YCbCr 4:2:0, as GDAL writes it by default for RGB',
    },
    {
      name: 'jpeg-tiff-ycbcr-tiled.tif',
      family: 'jpeg in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'TILED=YES', 'JPEG_QUALITY=75'],
      tol: 1.5,
      accept: 'values-or-refusal',
      note: 'JPEG YCbCr, tiled',
    },
    {
      name: 'webp-tiff-lossless-rgb.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=WEBP', 'WEBP_LOSSLESS=TRUE'],
      accept: 'values-or-refusal',
      note: 'WebP lossless in TIFF',
    },
    {
      name: 'webp-tiff-lossy-rgb.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=WEBP', 'WEBP_LEVEL=80'],
      tol: 2,
      accept: 'values-or-refusal',
      note: 'WebP lossy in TIFF',
    },
    {
      name: 'lerc-tiff-float32.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 1,
      dtype: 'Float32',
      options: ['COMPRESS=LERC', 'MAX_Z_ERROR=0'],
      accept: 'values-or-refusal',
      note: 'LERC (lossless) float32',
    },
    {
      name: 'zstd-tiff-uint16.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 1,
      dtype: 'UInt16',
      options: ['COMPRESS=ZSTD', 'PREDICTOR=2'],
      accept: 'values-or-refusal',
      note: 'ZSTD with horizontal predictor, uint16',
    },
    {
      name: 'bigtiff-be-gdal.tif',
      family: 'bigtiff',
      bands: 1,
      dtype: 'UInt16',
      options: ['BIGTIFF=YES', 'ENDIANNESS=BIG', 'COMPRESS=DEFLATE'],
      accept: 'values',
      note: 'a valid big-endian BigTIFF written by GDAL',
    },
    {
      name: 'bigtiff-le-gdal-tiled.tif',
      family: 'bigtiff',
      bands: 1,
      dtype: 'UInt16',
      options: ['BIGTIFF=YES', 'TILED=YES', 'COMPRESS=LZW'],
      accept: 'values',
      note: 'a valid little-endian tiled BigTIFF written by GDAL',
    },
  ]
  const codecOut = runPython(
    codecJobs.map((j) => ({
      kind: 'codec',
      path: file(j.name),
      width: 200,
      height: 150,
      bands: j.bands,
      dtype: j.dtype,
      options: j.options,
      tol: j.tol ?? null,
    })),
  )
  for (const j of codecJobs) {
    const s = (codecOut[file(j.name)] as (BandStats & { meanTol: number | null })[])[0]
    const stats: BandStats = { mean: s.mean, min: s.min, max: s.max, valid: s.valid, ...(s.meanTol ? { meanTol: s.meanTol } : {}) }
    add({ name: j.name, family: j.family, kind: 'tiff', accept: j.accept, width: 200, height: 150, stats, note: `${j.note}; values decoded by GDAL` })
  }

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

  // ---- nodata strings ----
  {
    const w = 64
    const h = 48
    const data = new Int16Array(w * h)
    for (let i = 0; i < data.length; i++) data[i] = i % 4 === 0 ? -9999 : ((i * 37) % 2000) - 500
    const withFill = statsOf(data)
    const withoutFill = statsOf(data, (v) => v === -9999)
    const img: Img = { width: w, height: h, bits: 16, format: 2 }
    for (const [tag, text, accept, right, alt] of [
      ['valid', '-9999', 'values', withoutFill, []],
      ['spaces', ' -9999 ', 'values-or-refusal', withoutFill, []],
      ['junk', '-9999 junk', 'values-or-refusal', withoutFill, []],
      ['comma', '-9999,5', 'values-or-refusal', withoutFill, []],
      ['empty', '', 'values-or-refusal', withFill, []],
      // nan on integers marks nothing; -9999 may still be recognised as the conventional fill value (both right).
      ['nan-on-int16', 'nan', 'values-or-refusal', withFill, [withoutFill]],
      ['1e999', '1e999', 'values-or-refusal', withFill, []],
      ['hex', '0x10', 'values-or-refusal', withFill, []],
    ] as [string, string, Accept, BandStats, BandStats[]][]) {
      const name = `nodata-${tag}.tif`
      writeTiff(file(name), { entries: baseEntries(img, { extra: [{ tag: 42113, type: T.ASCII, values: text }] }), blocks: [bytesOf(data)] })
      add({
        name,
        family: 'nodata string',
        kind: 'tiff',
        accept,
        width: w,
        height: h,
        stats: right,
        altStats: alt,
        nodata: right === withoutFill ? -9999 : null,
        note: `GDAL_NODATA "${text}" over an int16 image whose every 4th pixel is -9999`,
      })
    }
  }

  // ---- GDAL_METADATA: 400k items, 200k spaces, deep nesting ----
  {
    const { data, stats } = gradient16(64, 48)
    const img: Img = { width: 64, height: 48, bits: 16, format: 1 }
    const items = Array.from({ length: 400_000 }, (_, i) => `<Item name="K${i}">${i}</Item>`).join('')
    for (const [name, xml, note] of [
      ['gdal-metadata-400k-items.tif', `<GDALMetadata>${items}</GDALMetadata>`, 'GDAL_METADATA with 400 000 items (10 MB)'],
      [
        'gdal-metadata-200k-spaces.tif',
        `<GDALMetadata><Item name="scale"${' '.repeat(200_000)}>0.5</Item${' '.repeat(200_000)}></GDALMetadata>`,
        'GDAL_METADATA with 200 000 spaces inside tags',
      ],
      ['gdal-metadata-unclosed-200k.tif', `<GDALMetadata>${'<Item name="x'.repeat(200_000)}`, 'GDAL_METADATA of 200 000 unclosed items'],
      ['gdal-metadata-nested-50k.tif', `<GDALMetadata>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</GDALMetadata>`, 'GDAL_METADATA nested 50 000 deep'],
    ] as [string, string, string][]) {
      writeTiff(file(name), { entries: baseEntries(img, { extra: [{ tag: 42112, type: T.ASCII, values: xml }] }), blocks: [bytesOf(data)] })
      add({ name, family: 'metadata', kind: 'tiff', accept: name.includes('200k-spaces') ? 'values-or-refusal' : 'values', width: 64, height: 48, stats, note })
    }
  }

  // ---- infinite / NaN geotransforms ----
  {
    const { data, stats } = gradient16(64, 48)
    const img: Img = { width: 64, height: 48, bits: 16, format: 1 }
    const geoless = baseEntries(img).filter((e) => e.tag !== 33550 && e.tag !== 33922)
    for (const [name, extra, note] of [
      [
        'geotransform-scale-inf.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [Infinity, 30, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, 500000, 4000000, 0] },
        ],
        'ModelPixelScale x = Infinity',
      ],
      [
        'geotransform-scale-nan.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [NaN, NaN, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, 500000, 4000000, 0] },
        ],
        'ModelPixelScale = NaN',
      ],
      [
        'geotransform-tiepoint-nan.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [30, 30, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, NaN, -Infinity, 0] },
        ],
        'ModelTiepoint = NaN, -Infinity',
      ],
      [
        'geotransform-matrix-inf.tif',
        [{ tag: 34264, type: T.DOUBLE, values: [Infinity, 0, 0, 500000, 0, -30, 0, 4000000, 0, 0, 0, 0, 0, 0, 0, 1] }],
        'ModelTransformation with Infinity',
      ],
      [
        'geotransform-overflow-1e308.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [1e308, 1e308, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, 1.7e308, 1.7e308, 0] },
        ],
        'finite parameters whose far corner overflows to Infinity',
      ],
    ] as [string, Entry[], string][]) {
      writeTiff(file(name), { entries: [...geoless, ...extra], blocks: [bytesOf(data)] })
      add({ name, family: 'geotransform', kind: 'tiff', accept: 'values-or-refusal', width: 64, height: 48, stats, note })
    }
  }

  // ---- MTL: impossible factors, injected groups, a 700 MB sparse file ----
  {
    const mtlName = `${L8_PREFIX}MTL.txt`
    const clean = fs.readFileSync(path.join(opts.landsatDir, mtlName), 'latin1')
    const waterShare = cleanWaterShare(opts.landsatDir)
    const variants: [string, (t: string) => string | null, string][] = [
      [
        'mtl-reflectance-1e308',
        (t) => t.replace(/(REFLECTANCE_MULT_BAND_\d+ = )\S+/g, '$11e308').replace(/(REFLECTANCE_ADD_BAND_\d+ = )\S+/g, '$1-1e308'),
        'reflectance factors 1e308 / -1e308',
      ],
      ['mtl-reflectance-nan', (t) => t.replace(/(REFLECTANCE_MULT_BAND_\d+ = )\S+/g, '$1NaN'), 'reflectance factors NaN'],
      [
        'mtl-injected-groups',
        (t) =>
          t
            .replace(
              /(REFLECTANCE_MULT_BAND_3 = )\S+/,
              '$10.0\nEND_GROUP = RADIOMETRIC_RESCALING\nGROUP = RADIOMETRIC_RESCALING\n    REFLECTANCE_MULT_BAND_3 = 5.0e+3',
            )
            .replace(
              /END = *$/m,
              'GROUP = L1_METADATA_FILE\n  GROUP = RADIOMETRIC_RESCALING\n    REFLECTANCE_ADD_BAND_6 = 1e300\n  END_GROUP = RADIOMETRIC_RESCALING\nEND_GROUP = L1_METADATA_FILE\nEND',
            ),
        'groups closed and reopened with other factors, a second metadata block after END',
      ],
      ['mtl-sun-elevation-inf', (t) => t.replace(/SUN_ELEVATION = \S+/, 'SUN_ELEVATION = 1e309'), 'sun elevation overflows to Infinity'],
      ['mtl-sparse-700mb', () => null, 'a 700 MB MTL (sparse): the real header, then zeros'],
    ]
    for (const [name, edit, note] of variants) {
      const folder = file(name)
      fs.mkdirSync(folder)
      for (const f of fs.readdirSync(opts.landsatDir)) if (f !== mtlName) linkOrCopy(path.join(opts.landsatDir, f), path.join(folder, f))
      const text = edit(clean)
      if (text === null) {
        fs.writeFileSync(path.join(folder, mtlName), clean.replace(/END\s*$/, ''))
        fs.truncateSync(path.join(folder, mtlName), 700 * 1000 * 1000)
      } else fs.writeFileSync(path.join(folder, mtlName), text)
      add({ name, path: folder, family: 'mtl', kind: 'mtl-folder', accept: 'refusal', waterShare, note })
    }
  }

  // ---- symlinks ----
  {
    fs.mkdirSync(file('a-real-folder'))
    fs.symlinkSync(file('a-real-folder'), file('symlink-to-folder.tif'))
    add({ name: 'symlink-to-folder.tif', family: 'symlink', kind: 'special', accept: 'refusal', note: 'a symlink named .tif pointing at a folder' })
    fs.symlinkSync(file('symlink-loop-b.tif'), file('symlink-loop-a.tif'))
    fs.symlinkSync(file('symlink-loop-a.tif'), file('symlink-loop-b.tif'))
    add({ name: 'symlink-loop-a.tif', family: 'symlink', kind: 'special', accept: 'refusal', note: 'two symlinks pointing at each other' })
    fs.symlinkSync(file('does-not-exist.tif'), file('symlink-dangling.tif'))
    add({ name: 'symlink-dangling.tif', family: 'symlink', kind: 'special', accept: 'refusal', note: 'a symlink to nothing' })
    const target = cases.find((c) => c.name === 'predictor-2-uint16-valid.tif') as Hostile2Case
    fs.symlinkSync(target.path, file('symlink-to-valid.tif'))
    add({
      name: 'symlink-to-valid.tif',
      family: 'symlink',
      kind: 'special',
      accept: 'values',
      width: 64,
      height: 48,
      stats: target.stats,
      note: 'a symlink to a valid file',
    })
  }

  fs.rmSync(tmp, { recursive: true, force: true })
  return cases
}

function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to)
  } catch {
    fs.copyFileSync(from, to)
  }
}

/** Share (%) of the clean Landsat scene with MNDWI > 0 on TOA reflectance (B3, B6; DN * 2e-5 - 0.1), by GDAL. */
function cleanWaterShare(landsatDir: string): number {
  const code = String.raw`
import sys, numpy as np
from osgeo import gdal
d, p = sys.argv[1], sys.argv[2]
def r(b):
    ds = gdal.Open('%s/%s%s.TIF' % (d, p, b)); a = ds.ReadAsArray().astype(np.float64); ds = None; return a
g, s = r('B3'), r('B6')
v = (g > 0) & (s > 0)
G, S = g * 2e-5 - 0.1, s * 2e-5 - 0.1
m = (G - S) / (G + S)
print((m[v] > 0).mean() * 100)
`
  return Number(execFileSync(pythonWithGdal(), ['-c', code, landsatDir, L8_PREFIX], { encoding: 'utf8' }).trim())
}

// `node --import tsx scripts/hostile-corpus-2.ts OUT_DIR`
if (process.argv[1] && /hostile-corpus-2\.ts$/.test(process.argv[1])) {
  const out = process.argv[2]
  if (!out) {
    console.error('Usage: node --import tsx scripts/hostile-corpus-2.ts OUT_DIR')
    process.exit(2)
  }
  const landsatDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'fixtures', 'landsat8_L1TP_016037_20170813')
  writeHostileCorpus2(path.resolve(out), { landsatDir }).then(
    (cases) => console.log(JSON.stringify(cases, null, 1)),
    (err) => {
      console.error((err as Error).message)
      process.exit(1)
    },
  )
}
