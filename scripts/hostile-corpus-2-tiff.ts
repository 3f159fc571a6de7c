/** A minimal TIFF writer (one IFD, any tags, either byte order, classic or BigTIFF) and the sample helpers of the second hostile corpus (hostile-corpus-2.ts). Split from it. */
import fs from 'node:fs'
import zlib from 'node:zlib'

export interface BandStats {
  mean: number
  min: number
  max: number
  valid: number
  /** Absolute tolerance on the mean (lossy codecs); min and max are then not compared. */
  meanTol?: number
}

// ------------------------------------------------------------------------------------------------------------------
// A minimal TIFF writer: one IFD, any tags, either byte order, classic or BigTIFF
// ------------------------------------------------------------------------------------------------------------------

export const T = { BYTE: 1, ASCII: 2, SHORT: 3, LONG: 4, RATIONAL: 5, SBYTE: 6, UNDEFINED: 7, SSHORT: 8, SLONG: 9, FLOAT: 11, DOUBLE: 12, LONG8: 16 } as const
export const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 11: 4, 12: 8, 16: 8 }

export interface Entry {
  tag: number
  type: number
  values: number[] | string | Buffer
}

export interface TiffSpec {
  big?: boolean
  be?: boolean
  entries: Entry[]
  /** Distinct data blocks; `index` says which block each strip or tile points at (default: one each). */
  blocks: Buffer[]
  index?: number[]
  tiled?: boolean
  /** Where the data starts (a sparse file when it is past the end of the written part). */
  dataAt?: number
}

class W {
  constructor(
    readonly buf: Buffer,
    readonly be: boolean,
  ) {}
  u16(off: number, v: number) {
    if (this.be) this.buf.writeUInt16BE(v, off)
    else this.buf.writeUInt16LE(v, off)
  }
  u32(off: number, v: number) {
    if (this.be) this.buf.writeUInt32BE(v >>> 0, off)
    else this.buf.writeUInt32LE(v >>> 0, off)
  }
  u64(off: number, v: number | bigint) {
    if (this.be) this.buf.writeBigUInt64BE(BigInt(v), off)
    else this.buf.writeBigUInt64LE(BigInt(v), off)
  }
}

export function encodeValues(e: Entry, be: boolean): Buffer {
  if (typeof e.values === 'string') return Buffer.from(`${e.values}\0`, 'latin1')
  if (Buffer.isBuffer(e.values)) return e.values
  const size = TYPE_SIZE[e.type]
  const n = e.type === T.RATIONAL ? e.values.length / 2 : e.values.length
  const out = Buffer.alloc(n * size)
  const w = new W(out, be)
  e.values.forEach((v, i) => {
    switch (e.type) {
      case T.BYTE:
      case T.UNDEFINED:
        out[i] = v
        break
      case T.SBYTE:
        out.writeInt8(v, i)
        break
      case T.SHORT:
        w.u16(i * 2, v)
        break
      case T.SSHORT:
        if (be) out.writeInt16BE(v, i * 2)
        else out.writeInt16LE(v, i * 2)
        break
      case T.LONG:
      case T.RATIONAL:
        w.u32(i * 4, v)
        break
      case T.SLONG:
        if (be) out.writeInt32BE(v, i * 4)
        else out.writeInt32LE(v, i * 4)
        break
      case T.FLOAT:
        if (be) out.writeFloatBE(v, i * 4)
        else out.writeFloatLE(v, i * 4)
        break
      case T.DOUBLE:
        if (be) out.writeDoubleBE(v, i * 8)
        else out.writeDoubleLE(v, i * 8)
        break
      case T.LONG8:
        w.u64(i * 8, v)
        break
      default:
        throw new Error(`type ${e.type}`)
    }
  })
  return out
}

export function countOf(e: Entry): number {
  if (typeof e.values === 'string') return Buffer.byteLength(e.values, 'latin1') + 1
  if (Buffer.isBuffer(e.values)) return e.values.length
  return e.type === T.RATIONAL ? e.values.length / 2 : e.values.length
}

/** Writes `spec` to `file`: header, the data blocks (possibly far out in a sparse file), then the IFD. */
export function writeTiff(file: string, spec: TiffSpec): void {
  const big = !!spec.big
  const be = !!spec.be
  const headerSize = big ? 16 : 8
  const index = spec.index ?? spec.blocks.map((_, i) => i)
  const dataStart = spec.dataAt ?? headerSize
  const blockOffsets: number[] = []
  let pos = dataStart
  for (const b of spec.blocks) {
    blockOffsets.push(pos)
    pos += b.length
    pos += pos % 2
  }
  const offTag = spec.tiled ? 324 : 273
  const cntTag = spec.tiled ? 325 : 279
  const wide = big ? T.LONG8 : T.LONG
  const entries: Entry[] = [
    ...spec.entries,
    { tag: offTag, type: wide, values: index.map((i) => blockOffsets[i]) },
    { tag: cntTag, type: wide, values: index.map((i) => spec.blocks[i].length) },
  ].sort((a, b) => a.tag - b.tag)
  const entrySize = big ? 20 : 12
  const inline = big ? 8 : 4
  const ifdAt = pos
  const ifdSize = (big ? 8 : 2) + entries.length * entrySize + (big ? 8 : 4)
  const extra: Buffer[] = []
  let extraPos = ifdAt + ifdSize
  const ifd = Buffer.alloc(ifdSize)
  const w = new W(ifd, be)
  let p = 0
  if (big) w.u64(p, entries.length)
  else w.u16(p, entries.length)
  p += big ? 8 : 2
  for (const e of entries) {
    const bytes = encodeValues(e, be)
    w.u16(p, e.tag)
    w.u16(p + 2, e.type)
    if (big) w.u64(p + 4, countOf(e))
    else w.u32(p + 4, countOf(e))
    const valAt = p + (big ? 12 : 8)
    if (bytes.length <= inline) bytes.copy(ifd, valAt)
    else {
      if (big) w.u64(valAt, extraPos)
      else w.u32(valAt, extraPos)
      extra.push(bytes)
      extraPos += bytes.length
      if (extraPos % 2) {
        extra.push(Buffer.alloc(1))
        extraPos += 1
      }
    }
    p += entrySize
  }
  const header = Buffer.alloc(headerSize)
  const hw = new W(header, be)
  header.write(be ? 'MM' : 'II', 0, 'latin1')
  hw.u16(2, big ? 43 : 42)
  if (big) {
    hw.u16(4, 8)
    hw.u16(6, 0)
    hw.u64(8, ifdAt)
  } else hw.u32(4, ifdAt)
  const fd = fs.openSync(file, 'w')
  try {
    fs.writeSync(fd, header, 0, header.length, 0)
    spec.blocks.forEach((b, i) => {
      fs.writeSync(fd, b, 0, b.length, blockOffsets[i])
    })
    fs.writeSync(fd, ifd, 0, ifd.length, ifdAt)
    let at = ifdAt + ifdSize
    for (const b of extra) {
      fs.writeSync(fd, b, 0, b.length, at)
      at += b.length
    }
  } finally {
    fs.closeSync(fd)
  }
}

export interface Img {
  width: number
  height: number
  bits: 8 | 16 | 32
  format: 1 | 2 | 3 // unsigned, signed, float
  spp?: number
}

/** The usual tags of a strip or tile image (without offsets and counts). */
export function baseEntries(
  img: Img,
  o: { compression?: number; predictor?: number; rowsPerStrip?: number; tile?: [number, number]; photometric?: number; planar?: number; extra?: Entry[] } = {},
): Entry[] {
  const spp = img.spp ?? 1
  const e: Entry[] = [
    { tag: 256, type: T.LONG, values: [img.width] },
    { tag: 257, type: T.LONG, values: [img.height] },
    { tag: 258, type: T.SHORT, values: Array(spp).fill(img.bits) },
    { tag: 259, type: T.SHORT, values: [o.compression ?? 1] },
    { tag: 262, type: T.SHORT, values: [o.photometric ?? (spp >= 3 ? 2 : 1)] },
    { tag: 277, type: T.SHORT, values: [spp] },
    { tag: 284, type: T.SHORT, values: [o.planar ?? 1] },
    { tag: 339, type: T.SHORT, values: Array(spp).fill(img.format) },
  ]
  if (o.tile) e.push({ tag: 322, type: T.LONG, values: [o.tile[0]] }, { tag: 323, type: T.LONG, values: [o.tile[1]] })
  else e.push({ tag: 278, type: T.LONG, values: [o.rowsPerStrip ?? img.height] })
  if (o.predictor) e.push({ tag: 317, type: T.SHORT, values: [o.predictor] })
  // A simple georeference: EPSG:32617, 30 m pixels (ModelPixelScale, ModelTiepoint, GeoKeys).
  e.push(
    { tag: 33550, type: T.DOUBLE, values: [30, 30, 0] },
    { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, 500000, 4000000, 0] },
    { tag: 34735, type: T.SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32617] },
  )
  return [...e, ...(o.extra ?? [])]
}

/** A uint16 gradient with known statistics. */
export function gradient16(width: number, height: number): { data: Uint16Array; stats: BandStats } {
  const data = new Uint16Array(width * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = ((x * 7 + y * 13) % 1000) + 100
  return { data, stats: statsOf(data) }
}

export function statsOf(data: ArrayLike<number>, skip?: (v: number) => boolean): BandStats {
  let sum = 0
  let n = 0
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < data.length; i++) {
    const v = data[i]
    if (skip?.(v) || Number.isNaN(v)) continue
    sum += v
    n++
    if (v < min) min = v
    if (v > max) max = v
  }
  return { mean: sum / n, min, max, valid: n }
}

export function bytesOf(a: Uint16Array | Int16Array | Float32Array | Uint8Array, be = false): Buffer {
  const b = Buffer.from(a.buffer, a.byteOffset, a.byteLength)
  if (!be || a.BYTES_PER_ELEMENT === 1) return Buffer.from(b)
  const out = Buffer.from(b)
  if (a.BYTES_PER_ELEMENT === 2) out.swap16()
  else out.swap32()
  return out
}

/** Horizontal differencing (TIFF predictor 2) for a uint16 image, row by row. */
export function predict2(data: Uint16Array, width: number): Uint16Array {
  const out = new Uint16Array(data.length)
  for (let i = 0; i < data.length; i++) out[i] = i % width === 0 ? data[i] : (data[i] - data[i - 1]) & 0xffff
  return out
}

/** TIFF floating-point predictor (3) for float32, row by row: bytes split by significance, then differenced. */
export function predict3(data: Float32Array, width: number, height: number): Buffer {
  const raw = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  const out = Buffer.alloc(raw.length)
  const rowBytes = width * 4
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(rowBytes)
    for (let x = 0; x < width; x++) for (let b = 0; b < 4; b++) row[b * width + x] = raw[y * rowBytes + x * 4 + (3 - b)] // big-endian byte order, MSB plane first
    for (let i = rowBytes - 1; i > 0; i--) row[i] = (row[i] - row[i - 1]) & 0xff
    row.copy(out, y * rowBytes)
  }
  return out
}

/**
 * A zlib stream of `total` zero bytes, made in milliseconds: every 1 MiB chunk of zeros compressed on its own with a
 * full flush gives the same bytes, so the stream is that piece repeated, an empty final block and the Adler-32.
 */
export async function deflateZeros(total: number, chunk = 1 << 20): Promise<Buffer> {
  const piece = (n: number) => zlib.deflateRawSync(Buffer.alloc(n), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH })
  const full = piece(chunk)
  const whole = Math.floor(total / chunk)
  const rest = total - whole * chunk
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])]
  for (let i = 0; i < whole; i++) parts.push(full)
  if (rest > 0) parts.push(piece(rest))
  parts.push(Buffer.from([0x03, 0x00]))
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0)
  parts.push(adler)
  return Buffer.concat(parts)
}

/** PackBits of `total` zero bytes: runs of 128 (0x81 0x00). */
export function packbitsZeros(total: number): Buffer {
  const runs = Math.ceil(total / 128)
  const out = Buffer.alloc(runs * 2)
  for (let i = 0; i < runs; i++) out[i * 2] = 0x81
  return out
}
