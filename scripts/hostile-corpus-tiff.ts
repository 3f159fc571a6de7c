/**
 * The small TIFF writer of the hostile corpus (hostile-corpus.ts) that can also write wrong files. Split from it.
 *
 * TIFF layout written here (TIFF 6.0 section 2; BigTIFF: magic 43, 8-byte offsets, 20-byte entries): header, pixel
 * chunks, then one directory per image with its out-of-line values after it. Hostile variants are made by changing
 * tags or patching bytes after the fact.
 */

export type TagValues = { type: number; values: number[] | string }

/** Field types: 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 11 FLOAT, 12 DOUBLE, 16 LONG8. */
const SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 11: 4, 12: 8, 16: 8 }

export interface TiffSpec {
  width: number
  height: number
  /** Pixel chunks (strips or tiles) in table order; their offsets and byte counts are filled in. */
  chunks: Uint8Array[]
  bits?: number | number[]
  format?: number | number[]
  spp?: number
  compression?: number
  planar?: number
  predictor?: number
  rowsPerStrip?: number
  tile?: [number, number]
  big?: boolean
  bigEndian?: boolean
  /** Extra or overriding tags (a value of null removes a tag). */
  tags?: Record<number, TagValues | null>
  /** Chunks with byte count 0 (never written). */
  sparse?: boolean
  /** Byte counts to write instead of the chunks' lengths. */
  byteCounts?: number[]
}

function put(buf: Buffer, at: number, type: number, v: number, le: boolean): void {
  switch (type) {
    case 1:
    case 2:
      buf.writeUInt8(v & 0xff, at)
      break
    case 3:
      le ? buf.writeUInt16LE(v & 0xffff, at) : buf.writeUInt16BE(v & 0xffff, at)
      break
    case 4:
      le ? buf.writeUInt32LE(v >>> 0, at) : buf.writeUInt32BE(v >>> 0, at)
      break
    case 11:
      le ? buf.writeFloatLE(v, at) : buf.writeFloatBE(v, at)
      break
    case 12:
      le ? buf.writeDoubleLE(v, at) : buf.writeDoubleBE(v, at)
      break
    case 16:
      le ? buf.writeBigUInt64LE(BigInt(v), at) : buf.writeBigUInt64BE(BigInt(v), at)
      break
  }
}

/** Write a TIFF (or BigTIFF) from a spec; returns the bytes and where its directory and first chunk are. */
export function buildTiff(s: TiffSpec): { bytes: Buffer; ifdAt: number; dataAt: number } {
  const le = !s.bigEndian
  const big = !!s.big
  const spp = s.spp ?? 1
  const arr = (v: number | number[] | undefined, d: number) => (Array.isArray(v) ? v : Array(spp).fill(v ?? d))
  const headerSize = big ? 16 : 8
  const dataAt = headerSize
  const offsets: number[] = []
  let at = dataAt
  for (const c of s.chunks) {
    offsets.push(s.sparse ? 0 : at)
    if (!s.sparse) at += c.length
  }
  const counts = s.byteCounts ?? s.chunks.map((c) => (s.sparse ? 0 : c.length))
  const offType = big ? 16 : 4
  const tags: Record<number, TagValues | null> = {
    256: { type: 4, values: [s.width] },
    257: { type: 4, values: [s.height] },
    258: { type: 3, values: arr(s.bits, 8) },
    259: { type: 3, values: [s.compression ?? 1] },
    262: { type: 3, values: [spp >= 3 ? 2 : 1] },
    277: { type: 3, values: [spp] },
    284: { type: 3, values: [s.planar ?? 1] },
    339: { type: 3, values: arr(s.format, 1) },
  }
  if (s.predictor) tags[317] = { type: 3, values: [s.predictor] }
  if (s.tile) {
    tags[322] = { type: 4, values: [s.tile[0]] }
    tags[323] = { type: 4, values: [s.tile[1]] }
    tags[324] = { type: offType, values: offsets }
    tags[325] = { type: offType, values: counts }
  } else {
    tags[273] = { type: offType, values: offsets }
    tags[278] = { type: 4, values: [s.rowsPerStrip ?? s.height] }
    tags[279] = { type: offType, values: counts }
  }
  for (const [k, v] of Object.entries(s.tags ?? {})) tags[Number(k)] = v
  const entries = Object.entries(tags)
    .filter((e): e is [string, TagValues] => e[1] !== null)
    .map(([k, v]) => [Number(k), v] as const)
    .sort((a, b) => a[0] - b[0])
  const ifdAt = at + (at % 2)
  const entrySize = big ? 20 : 12
  const inline = big ? 8 : 4
  const ifdSize = (big ? 8 : 2) + entries.length * entrySize + (big ? 8 : 4)
  let extraAt = ifdAt + ifdSize
  const extras: { at: number; bytes: Buffer }[] = []
  const ifd = Buffer.alloc(ifdSize)
  if (big) le ? ifd.writeBigUInt64LE(BigInt(entries.length), 0) : ifd.writeBigUInt64BE(BigInt(entries.length), 0)
  else le ? ifd.writeUInt16LE(entries.length, 0) : ifd.writeUInt16BE(entries.length, 0)
  entries.forEach(([tag, v], i) => {
    const o = (big ? 8 : 2) + i * entrySize
    const values = typeof v.values === 'string' ? [...Buffer.from(`${v.values}\0`, 'latin1')] : v.values
    const n = values.length
    le ? ifd.writeUInt16LE(tag, o) : ifd.writeUInt16BE(tag, o)
    le ? ifd.writeUInt16LE(v.type, o + 2) : ifd.writeUInt16BE(v.type, o + 2)
    if (big) le ? ifd.writeBigUInt64LE(BigInt(n), o + 4) : ifd.writeBigUInt64BE(BigInt(n), o + 4)
    else le ? ifd.writeUInt32LE(n, o + 4) : ifd.writeUInt32BE(n, o + 4)
    const size = SIZE[v.type] * n
    const valueAt = o + (big ? 12 : 8)
    const target = size <= inline ? ifd : Buffer.alloc(size)
    const base = size <= inline ? valueAt : 0
    values.forEach((x, j) => put(target, base + j * SIZE[v.type], v.type, x, le))
    if (size > inline) {
      if (big) le ? ifd.writeBigUInt64LE(BigInt(extraAt), valueAt) : ifd.writeBigUInt64BE(BigInt(extraAt), valueAt)
      else le ? ifd.writeUInt32LE(extraAt, valueAt) : ifd.writeUInt32BE(extraAt, valueAt)
      extras.push({ at: extraAt, bytes: target })
      extraAt += size + (size % 2)
    }
  })
  const out = Buffer.alloc(extraAt)
  out.write(le ? 'II' : 'MM', 0, 'latin1')
  if (big) {
    le ? out.writeUInt16LE(43, 2) : out.writeUInt16BE(43, 2)
    le ? out.writeUInt16LE(8, 4) : out.writeUInt16BE(8, 4)
    le ? out.writeBigUInt64LE(BigInt(ifdAt), 8) : out.writeBigUInt64BE(BigInt(ifdAt), 8)
  } else {
    le ? out.writeUInt16LE(42, 2) : out.writeUInt16BE(42, 2)
    le ? out.writeUInt32LE(ifdAt, 4) : out.writeUInt32BE(ifdAt, 4)
  }
  let p = dataAt
  if (!s.sparse)
    for (const c of s.chunks) {
      Buffer.from(c.buffer, c.byteOffset, c.byteLength).copy(out, p)
      p += c.length
    }
  ifd.copy(out, ifdAt)
  for (const e of extras) e.bytes.copy(out, e.at)
  return { bytes: out, ifdAt, dataAt }
}

/** Offset of the next-IFD pointer of the directory at `ifdAt` (classic TIFF, little-endian). */
export function nextPointerAt(bytes: Buffer, ifdAt: number): number {
  return ifdAt + 2 + bytes.readUInt16LE(ifdAt) * 12
}
