/**
 * A corpus of hostile image files, written into a folder at test time (never committed as binaries): TIFFs with
 * looping or absurd directory chains, impossible sizes, tables that disagree with the layout, strips cut short,
 * unsupported compressions and sample types, broken GeoKeys; corrupt PNG/JPEG headers; and special files named like
 * images (FIFOs, folders, a link to a device). Each entry says what a correct reader must do with it, with the
 * statistics of its pixels counted by hand where the file is readable, so a test can tell a clear refusal or a right
 * answer from a silent wrong one.
 *
 * Run directly to write the corpus into a folder: `npx tsx scripts/hostile-corpus.ts OUT_DIR`.
 *
 * The TIFF writer is hostile-corpus-tiff.ts (buildTiff, re-exported here), the PNG/JPEG makers hostile-corpus-pictures.ts.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { jpegHeader, png, pngSample } from './hostile-corpus-pictures'
import { type TagValues, type TiffSpec, buildTiff, nextPointerAt } from './hostile-corpus-tiff'

export { buildTiff, type TiffSpec } from './hostile-corpus-tiff'

/** What a reader must do with a file. */
export type Expect =
  /** Readable: an exec DAG must give exactly these statistics of band 1 (valid pixels, their mean). */
  | { kind: 'value'; count: number; mean: number }
  /** Either these statistics or one clear sentence refusing it (never another number). */
  | { kind: 'value-or-refuse'; count: number; mean: number }
  /** Damaged, unsupported or beyond the budget: every numeric run must end with one clear sentence. */
  | { kind: 'refuse' }

export interface CorpusEntry {
  name: string
  file: string
  why: string
  expect: Expect
}

// ---- pixel data with hand-counted statistics --------------------------------------------------------------------

/** Band-1 statistics of a list of values: valid = finite and not nodata. */
function stats(values: number[], nodata?: number): { count: number; mean: number } {
  let count = 0
  let sum = 0
  for (const v of values) {
    if (!Number.isFinite(v) || v === nodata) continue
    count++
    sum += v
  }
  return { count, mean: count ? sum / count : NaN }
}

function ramp(n: number, f: (i: number) => number): number[] {
  return Array.from({ length: n }, (_, i) => f(i))
}

function bytesOf(values: number[], type: 'u8' | 'u16' | 'i16' | 'f32' | 'f64', le = true): Uint8Array {
  const size = { u8: 1, u16: 2, i16: 2, f32: 4, f64: 8 }[type]
  const b = Buffer.alloc(values.length * size)
  values.forEach((v, i) => {
    const o = i * size
    if (type === 'u8') b.writeUInt8(v, o)
    else if (type === 'u16') le ? b.writeUInt16LE(v, o) : b.writeUInt16BE(v, o)
    else if (type === 'i16') le ? b.writeInt16LE(v, o) : b.writeInt16BE(v, o)
    else if (type === 'f32') le ? b.writeFloatLE(v, o) : b.writeFloatBE(v, o)
    else le ? b.writeDoubleLE(v, o) : b.writeDoubleBE(v, o)
  })
  return new Uint8Array(b)
}

/** Split row-major bytes of a width x height image (bytesPerPixel each) into strips of `rows` rows. */
function strips(data: Uint8Array, width: number, height: number, rows: number, bpp: number): Uint8Array[] {
  const out: Uint8Array[] = []
  for (let r = 0; r < height; r += rows) out.push(data.subarray(r * width * bpp, Math.min(height, r + rows) * width * bpp))
  return out
}

// GeoKeys for EPSG:32617 (UTM 17N) with a 30 m grid: the georeferenced baseline.
const GEO_32617: Record<number, TagValues> = {
  33550: { type: 12, values: [30, 30, 0] },
  33922: { type: 12, values: [0, 0, 0, 500000, 4000000, 0] },
  34735: { type: 3, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32617] },
}

// ---- the corpus ----------------------------------------------------------------------------------------------------

/** Write every corpus file into `dir` (created if needed); special files are skipped where the OS cannot make them. */
export function writeCorpus(dir: string): CorpusEntry[] {
  fs.mkdirSync(dir, { recursive: true })
  const out: CorpusEntry[] = []
  const add = (name: string, bytes: Uint8Array, why: string, expect: Expect) => {
    const file = path.join(dir, name)
    fs.writeFileSync(file, bytes)
    out.push({ name, file, why, expect })
  }
  const W = 64
  const H = 64
  const N = W * H
  const u8 = ramp(N, (i) => (i * 7) % 251)
  const u8Bytes = bytesOf(u8, 'u8')
  const base: TiffSpec = { width: W, height: H, chunks: strips(u8Bytes, W, H, 16, 1), rowsPerStrip: 16 }
  const tiff = (s: Partial<TiffSpec>) => buildTiff({ ...base, ...s }).bytes
  const value = (values: number[], nodata?: number): Expect => ({ kind: 'value', ...stats(values, nodata) })

  // Readable baselines: the answers must match the hand count.
  add('ok-u8-strips.tif', tiff({}), 'a plain 8-bit striped file', value(u8))
  add('ok-u8-georef.tif', tiff({ tags: GEO_32617 }), 'georeferenced EPSG:32617', value(u8))
  const u16 = ramp(N, (i) => (i * 131) % 60000)
  add('ok-u16-bigendian.tif', tiff({ bits: 16, bigEndian: true, chunks: strips(bytesOf(u16, 'u16', false), W, H, 16, 2) }), 'big-endian 16-bit', value(u16))
  const i16 = ramp(N, (i) => (i % 200) - 100)
  add('ok-i16-negative.tif', tiff({ bits: 16, format: 2, chunks: strips(bytesOf(i16, 'i16'), W, H, 16, 2) }), 'signed 16-bit with negatives', value(i16))
  const tiles: Uint8Array[] = []
  for (let ty = 0; ty < 4; ty++)
    for (let tx = 0; tx < 4; tx++) {
      const t = new Uint8Array(16 * 16)
      for (let r = 0; r < 16; r++) for (let c = 0; c < 16; c++) t[r * 16 + c] = u8[(ty * 16 + r) * W + tx * 16 + c]
      tiles.push(t)
    }
  add('ok-u8-tiled.tif', tiff({ tile: [16, 16], chunks: tiles }), '16 x 16 tiles', value(u8))
  add('ok-u8-deflate.tif', tiff({ compression: 8, chunks: strips(u8Bytes, W, H, 16, 1).map((c) => zlib.deflateSync(c)) }), 'DEFLATE strips', value(u8))
  add('ok-u8-bigtiff.tif', tiff({ big: true }), 'a small BigTIFF', value(u8))
  const f32 = ramp(N, (i) => (i % 97 === 0 ? NaN : i % 89 === 0 ? Infinity : i % 83 === 0 ? -Infinity : i / 8))
  add(
    'ok-f32-nan-inf.tif',
    tiff({ bits: 32, format: 3, chunks: strips(bytesOf(f32, 'f32'), W, H, 16, 4) }),
    'float32 with NaN and +-Inf pixels (invalid, left out)',
    value(f32),
  )
  add('ok-u8-nodata.tif', tiff({ tags: { 42113: { type: 2, values: '0' } } }), 'GDAL_NODATA 0', value(u8, 0))
  add('ok-u8-sparse.tif', tiff({ sparse: true }), 'every strip sparse (read as zeros)', value(Array(N).fill(0)))
  const rgb = ramp(N * 3, (i) => (i * 5) % 256)
  add(
    'ok-rgb-chunky.tif',
    tiff({ spp: 3, chunks: strips(bytesOf(rgb, 'u8'), W, H, 16, 3) }),
    'three bands, pixel interleaved',
    value(rgb.filter((_, i) => i % 3 === 0)),
  )
  const planes = [0, 1, 2].map((b) => ramp(N, (i) => (i * (b + 3)) % 256))
  add(
    'ok-rgb-planar.tif',
    tiff({ spp: 3, planar: 2, chunks: planes.flatMap((p) => strips(bytesOf(p, 'u8'), W, H, 16, 1)) }),
    'three bands, band interleaved',
    value(planes[0]),
  )
  add('ok-unknown-tag-type.tif', tiff({ tags: { 50123: { type: 3, values: [1] }, 65000: { type: 3, values: [7] } } }), 'extra private tags', value(u8))
  add(
    'geo-broken-geokeys.tif',
    tiff({ tags: { 33550: GEO_32617[33550], 33922: GEO_32617[33922], 34735: { type: 3, values: [1, 1, 0, 500, 1024, 0, 1, 1] } } }),
    'a GeoKey directory claiming 500 keys in 8 values',
    { kind: 'value-or-refuse', ...stats(u8) },
  )
  add(
    'geo-unknown-epsg.tif',
    tiff({ tags: { ...GEO_32617, 34735: { type: 3, values: [1, 1, 0, 2, 1024, 0, 1, 1, 3072, 0, 1, 59999] } } }),
    'an EPSG code no registry has',
    { kind: 'value-or-refuse', ...stats(u8) },
  )
  add('geo-zero-pixel-size.tif', tiff({ tags: { ...GEO_32617, 33550: { type: 12, values: [0, 0, 0] } } }), 'ModelPixelScale 0 x 0', {
    kind: 'value-or-refuse',
    ...stats(u8),
  })
  add(
    'geo-nan-transform.tif',
    tiff({ tags: { 34264: { type: 12, values: [NaN, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] } } }),
    'a ModelTransformation holding NaN',
    { kind: 'value-or-refuse', ...stats(u8) },
  )
  const f64 = ramp(N, (i) => 1.7e308 - i * 1e300)
  add(
    'f64-near-max.tif',
    tiff({ bits: 64, format: 3, chunks: strips(bytesOf(f64, 'f64'), W, H, 16, 8) }),
    'float64 values near 1.7e308 (their sum overflows)',
    { kind: 'value-or-refuse', ...stats(f64) },
  )

  // Directory chains.
  const loop = buildTiff(base)
  loop.bytes.writeUInt32LE(loop.ifdAt, nextPointerAt(loop.bytes, loop.ifdAt))
  add('ifd-self-loop.tif', loop.bytes, 'next-IFD pointer back to itself', { kind: 'refuse' })
  {
    // Two directories pointing at each other: the second is a copy of the first placed after it.
    const a = buildTiff(base)
    const ifdLen = nextPointerAt(a.bytes, a.ifdAt) + 4 - a.ifdAt
    const b = Buffer.concat([a.bytes, a.bytes.subarray(a.ifdAt, a.ifdAt + ifdLen)])
    const second = a.bytes.length
    b.writeUInt32LE(second, nextPointerAt(b, a.ifdAt))
    b.writeUInt32LE(a.ifdAt, second + ifdLen - 4)
    add('ifd-two-cycle.tif', b, 'two directories pointing at each other', { kind: 'refuse' })
    const parts = [a.bytes]
    let at = a.bytes.length
    const ptrs: number[] = [nextPointerAt(a.bytes, a.ifdAt)]
    for (let k = 0; k < 300; k++) {
      parts.push(Buffer.from(a.bytes.subarray(a.ifdAt, a.ifdAt + ifdLen)))
      ptrs.push(at + ifdLen - 4)
      at += ifdLen
    }
    const long = Buffer.concat(parts)
    for (let k = 0; k < ptrs.length; k++) long.writeUInt32LE(k + 1 < ptrs.length ? a.bytes.length + k * ifdLen : 0, ptrs[k])
    add('ifd-chain-301.tif', long, 'a chain of 301 directories', { kind: 'refuse' })
  }
  const far = buildTiff(base)
  far.bytes.writeUInt32LE(0x7ffffff0, 4)
  add('ifd-offset-past-eof.tif', far.bytes, 'first directory beyond the end of the file', { kind: 'refuse' })
  const many = buildTiff(base)
  many.bytes.writeUInt16LE(65535, many.ifdAt)
  add('ifd-65535-entries.tif', many.bytes, 'a directory claiming 65535 entries', { kind: 'refuse' })
  const zeroEntries = buildTiff(base)
  zeroEntries.bytes.writeUInt16LE(0, zeroEntries.ifdAt)
  add('ifd-zero-entries.tif', zeroEntries.bytes, 'a directory with no entries', { kind: 'refuse' })
  {
    const b = buildTiff({ ...base, big: true })
    b.bytes.writeBigUInt64LE(2n ** 40n, b.ifdAt)
    add('bigtiff-absurd-entry-count.tif', b.bytes, 'BigTIFF directory claiming 2^40 entries', { kind: 'refuse' })
    const c = buildTiff({ ...base, big: true })
    c.bytes.writeBigUInt64LE(2n ** 60n, 8)
    add('bigtiff-absurd-first-offset.tif', c.bytes, 'BigTIFF first directory at 2^60', { kind: 'refuse' })
    const d = buildTiff({ ...base, big: true })
    // Entry 0's value count (ImageWidth) set to 2^50: a tag far larger than the file.
    d.bytes.writeBigUInt64LE(2n ** 50n, d.ifdAt + 8 + 4)
    add('bigtiff-absurd-tag-count.tif', d.bytes, 'BigTIFF tag claiming 2^50 values', { kind: 'refuse' })
    const e = buildTiff({
      ...base,
      big: true,
      tags: {
        324: { type: 16, values: [16] },
        325: { type: 16, values: [2 ** 52] },
        322: { type: 4, values: [16] },
        323: { type: 4, values: [16] },
        273: null,
        279: null,
        278: null,
      },
    })
    add('bigtiff-absurd-tile-count.tif', e.bytes, 'BigTIFF tile of 2^52 bytes, one tile for a 4 x 4 grid', { kind: 'refuse' })
  }
  const valueFar = buildTiff({ ...base, tags: { 305: { type: 2, values: 'RSure hostile corpus software tag' } } })
  {
    // Point the Software tag's value (out of line) past the end of the file.
    const b = valueFar.bytes
    const n = b.readUInt16LE(valueFar.ifdAt)
    for (let i = 0; i < n; i++) {
      const o = valueFar.ifdAt + 2 + i * 12
      if (b.readUInt16LE(o) === 305) b.writeUInt32LE(0x7fff0000, o + 8)
    }
    add('tag-value-past-eof.tif', b, 'a tag value beyond the end of the file', { kind: 'refuse' })
  }

  // Declared sizes.
  add('size-width-zero.tif', tiff({ width: 0 }), 'ImageWidth 0', { kind: 'refuse' })
  add('size-height-zero.tif', tiff({ height: 0 }), 'ImageLength 0', { kind: 'refuse' })
  add('size-2e9-wide.tif', tiff({ width: 2_000_000_000 }), 'ImageWidth 2e9 with 64 x 64 pixels of data', { kind: 'refuse' })
  add('size-1e6-patched-header.tif', tiff({ width: 1_000_000, height: 1_000_000 }), '1e6 x 1e6 declared over a 64 x 64 strip table', { kind: 'refuse' })
  {
    const tw = 16384
    const across = Math.ceil(1_000_000 / tw)
    const chunks = Array.from({ length: across * across }, () => new Uint8Array(0))
    add(
      'size-1e6-sparse-tiled.tif',
      buildTiff({ width: 1_000_000, height: 1_000_000, tile: [tw, tw], chunks, sparse: true }).bytes,
      '1e6 x 1e6 sparse tiled (valid layout, 10^12 pixels)',
      { kind: 'refuse' },
    )
    const chunks2 = Array.from({ length: 4 }, () => new Uint8Array(0))
    add(
      'size-huge-tile.tif',
      buildTiff({ width: 100_000, height: 100_000, tile: [65536, 65536], chunks: chunks2, sparse: true }).bytes,
      'tiles of 65536 x 65536 (4 GiB each)',
      { kind: 'refuse' },
    )
  }

  // Layout tables.
  const half = strips(u8Bytes, W, H, 16, 1)
  add('strip-half-length.tif', tiff({ chunks: [half[0], half[1].subarray(0, 512), half[2], half[3]] }), 'strip 1 holds half its bytes', { kind: 'refuse' })
  add(
    'strip-deflate-short.tif',
    tiff({ compression: 8, chunks: [half[0], half[1].subarray(0, 300), half[2], half[3]].map((c) => zlib.deflateSync(c)) }),
    'a DEFLATE strip that decodes to 300 of 1024 bytes',
    { kind: 'refuse' },
  )
  add('strip-deflate-garbage.tif', tiff({ compression: 8, chunks: half.map(() => new Uint8Array(200).fill(0xab)) }), 'DEFLATE strips of garbage', {
    kind: 'refuse',
  })
  add('strip-lzw-garbage.tif', tiff({ compression: 5, chunks: half.map(() => new Uint8Array(200).fill(0xff)) }), 'LZW strips of garbage', { kind: 'refuse' })
  add('strip-count-past-eof.tif', tiff({ byteCounts: [1024, 1024, 1024, 1_000_000] }), 'a byte count past the end of the file', { kind: 'refuse' })
  add('strip-tables-disagree.tif', tiff({ byteCounts: [1024, 1024] }), 'offset and byte-count tables of different lengths', { kind: 'refuse' })
  add('strip-offsets-missing.tif', tiff({ tags: { 273: null } }), 'no StripOffsets', { kind: 'refuse' })
  add('rows-per-strip-zero.tif', tiff({ rowsPerStrip: 0 }), 'RowsPerStrip 0', { kind: 'refuse' })
  add('tile-width-zero.tif', tiff({ tile: [0, 16], chunks: tiles }), 'TileWidth 0', { kind: 'refuse' })
  add('tile-length-zero.tif', tiff({ tile: [16, 0], chunks: tiles }), 'TileLength 0', { kind: 'refuse' })
  add('planar-2-one-plane.tif', tiff({ spp: 3, planar: 2, chunks: strips(u8Bytes, W, H, 16, 1) }), 'PlanarConfiguration 2 with strips for one plane only', {
    kind: 'refuse',
  })
  add(
    'planar-1-three-planes.tif',
    tiff({ spp: 3, planar: 1, chunks: planes.flatMap((p) => strips(bytesOf(p, 'u8'), W, H, 16, 1)) }),
    'PlanarConfiguration 1 with three planes of strips',
    { kind: 'refuse' },
  )
  add('planar-3.tif', tiff({ planar: 3 }), 'PlanarConfiguration 3', { kind: 'refuse' })
  add('spp-65535.tif', tiff({ spp: 65535, bits: [8], format: [1] }), 'SamplesPerPixel 65535 over one band of data', { kind: 'refuse' })
  add('spp-zero.tif', tiff({ spp: 0, bits: [8], format: [1] }), 'SamplesPerPixel 0', { kind: 'refuse' })
  add('bits-table-mismatch.tif', tiff({ bits: [8, 8, 8], format: [1] }), 'three BitsPerSample values for one band', { kind: 'refuse' })
  add('image-width-missing.tif', tiff({ tags: { 256: null } }), 'no ImageWidth tag', { kind: 'refuse' })
  add('predictor-7.tif', tiff({ predictor: 7 }), 'Predictor 7', { kind: 'refuse' })

  // Sample types and compressions RSure does not read.
  add('bits-1.tif', tiff({ bits: 1, chunks: strips(new Uint8Array(8 * H), 8, H, 16, 1) }), '1-bit samples', { kind: 'refuse' })
  add('bits-12.tif', tiff({ bits: 12, chunks: strips(new Uint8Array(96 * H), 96, H, 16, 1) }), '12-bit samples', { kind: 'refuse' })
  add('float16.tif', tiff({ bits: 16, format: 3, chunks: strips(new Uint8Array(N * 2), W, H, 16, 2) }), 'float16 samples', { kind: 'refuse' })
  add('complex-int16.tif', tiff({ bits: 32, format: 5, chunks: strips(new Uint8Array(N * 4), W, H, 16, 4) }), 'complex int16 samples', { kind: 'refuse' })
  add('complex-float32.tif', tiff({ bits: 64, format: 6, chunks: strips(new Uint8Array(N * 8), W, H, 16, 8) }), 'complex float32 samples', { kind: 'refuse' })
  add('int64.tif', tiff({ bits: 64, format: 2, chunks: strips(new Uint8Array(N * 8), W, H, 16, 8) }), '64-bit integers', { kind: 'refuse' })
  add('mixed-types.tif', tiff({ spp: 2, bits: [8, 16], format: [1, 1], chunks: strips(new Uint8Array(N * 3), W, H, 16, 3) }), 'bands of different types', {
    kind: 'refuse',
  })
  add('compression-ccitt.tif', tiff({ compression: 3 }), 'CCITT G3 compression', { kind: 'refuse' })
  add('compression-jpeg2000.tif', tiff({ compression: 34712 }), 'JPEG 2000 compression', { kind: 'refuse' })
  add('compression-unknown.tif', tiff({ compression: 12345 }), 'an unknown compression code', { kind: 'refuse' })

  // Not TIFFs at all, or cut short.
  add('empty.tif', new Uint8Array(0), 'an empty file', { kind: 'refuse' })
  add('header-only.tif', buildTiff(base).bytes.subarray(0, 8), 'a TIFF header and nothing else', { kind: 'refuse' })
  add('truncated-mid-data.tif', buildTiff(base).bytes.subarray(0, 2000), 'cut off in the pixel data', { kind: 'refuse' })
  add('text-named.tif', Buffer.from('this is not an image\n'), 'a text file named .tif', { kind: 'refuse' })

  // PNG and JPEG.
  // A valid picture is read by the raster engine (an ungeoreferenced grey band), so its band 1 has a hand count too:
  // the samples png() writes, row by row.
  add('ok-small.png', png(32, 24), 'a small PNG', { kind: 'value', ...stats(ramp(32 * 24, (i) => pngSample(Math.floor(i / 32), i % 32))) })
  add('png-absurd-size.png', png(32, 24, [100_000, 100_000]), 'a PNG header claiming 100000 x 100000', { kind: 'refuse' })
  add('png-65535-square.png', png(32, 24, [65535, 65535]), 'a PNG header claiming 65535 x 65535', { kind: 'refuse' })
  add('png-truncated.png', png(32, 24).subarray(0, 60), 'a PNG cut in its data', { kind: 'refuse' })
  add('png-garbage-idat.png', png(32, 24, undefined, Buffer.alloc(100, 0x5a)), 'a PNG whose data is not DEFLATE', { kind: 'refuse' })
  add('jpeg-absurd-size.jpg', jpegHeader(65535, 65535), 'a JPEG frame header claiming 65535 x 65535 and no scan', { kind: 'refuse' })
  add('jpeg-zero-size.jpg', jpegHeader(0, 0), 'a JPEG frame of 0 x 0', { kind: 'refuse' })
  add('jpeg-garbage.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 0x11)]), 'a JPEG signature followed by garbage', { kind: 'refuse' })

  // Special files named like images.
  const special = (name: string, make: (file: string) => void, why: string) => {
    const file = path.join(dir, name)
    try {
      make(file)
      out.push({ name, file, why, expect: { kind: 'refuse' } })
    } catch {
      // the OS cannot make it here (e.g. no mkfifo): the entry is left out, never faked
    }
  }
  special('fifo.tif', (f) => execFileSync('mkfifo', [f]), 'a FIFO named .tif')
  special('fifo.png', (f) => execFileSync('mkfifo', [f]), 'a FIFO named .png')
  special('folder.tif', (f) => fs.mkdirSync(f), 'a folder named .tif')
  special('dev-zero.tif', (f) => fs.symlinkSync('/dev/zero', f), 'a link to /dev/zero named .tif')
  special('dev-urandom.jpg', (f) => fs.symlinkSync('/dev/urandom', f), 'a link to /dev/urandom named .jpg')
  return out
}

if (process.argv[1] && /hostile-corpus\.ts$/.test(process.argv[1])) {
  const dir = process.argv[2]
  if (!dir) {
    process.stderr.write('usage: npx tsx scripts/hostile-corpus.ts OUT_DIR\n')
    process.exit(2)
  }
  const list = writeCorpus(path.resolve(dir))
  process.stdout.write(`${list.length} files written to ${path.resolve(dir)}\n`)
}
