/**
 * Test helper: write tiny GeoTIFFs with exactly the layout a test needs (strips or tiles, none/DEFLATE,
 * predictor 1/2/3, chunky or planar bands, little- or big-endian, GDAL nodata and metadata tags, georeferencing),
 * so the reader is checked against files whose every pixel the test knows. Independent of the product code.
 */
import fs from 'node:fs'
import zlib from 'node:zlib'

export type TinyDtype = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'float64'

export interface TinyTiffOptions {
  width: number
  height: number
  /** One array per band, row-major, width*height values each. */
  bands: number[][]
  dtype: TinyDtype
  tile?: { width: number; height: number }
  rowsPerStrip?: number
  compression?: 1 | 8
  predictor?: 1 | 2 | 3
  planar?: 1 | 2
  bigEndian?: boolean
  nodata?: string
  gdalMetadata?: string
  /** North-up: corner origin and positive pixel sizes in CRS units; PixelIsArea unless pixelIsPoint. */
  geo?: { originX: number; originY: number; sizeX: number; sizeY: number; epsg: number; pixelIsPoint?: boolean }
}

const INFO: Record<TinyDtype, { bytes: number; format: number }> = {
  uint8: { bytes: 1, format: 1 }, int8: { bytes: 1, format: 2 }, uint16: { bytes: 2, format: 1 }, int16: { bytes: 2, format: 2 },
  uint32: { bytes: 4, format: 1 }, int32: { bytes: 4, format: 2 }, float32: { bytes: 4, format: 3 }, float64: { bytes: 8, format: 3 },
}

function writeSample(buf: Buffer, at: number, v: number, dtype: TinyDtype, be: boolean) {
  switch (dtype) {
    case 'uint8': buf.writeUInt8(v, at); break
    case 'int8': buf.writeInt8(v, at); break
    case 'uint16': be ? buf.writeUInt16BE(v, at) : buf.writeUInt16LE(v, at); break
    case 'int16': be ? buf.writeInt16BE(v, at) : buf.writeInt16LE(v, at); break
    case 'uint32': be ? buf.writeUInt32BE(v, at) : buf.writeUInt32LE(v, at); break
    case 'int32': be ? buf.writeInt32BE(v, at) : buf.writeInt32LE(v, at); break
    case 'float32': be ? buf.writeFloatBE(v, at) : buf.writeFloatLE(v, at); break
    case 'float64': be ? buf.writeDoubleBE(v, at) : buf.writeDoubleLE(v, at); break
  }
}

/** Encode one chunk (cw x ch pixels, `spp` interleaved samples) with the predictor, in the file's byte order. */
function encodeChunk(values: number[][], cw: number, ch: number, o: TinyTiffOptions): Buffer {
  const { bytes } = INFO[o.dtype]
  const spp = values.length
  const be = !!o.bigEndian
  const pred = o.predictor ?? 1
  const rowSamples = cw * spp
  const out = Buffer.alloc(ch * rowSamples * bytes)
  for (let r = 0; r < ch; r++) {
    const row: number[] = []
    for (let c = 0; c < cw; c++) for (let s = 0; s < spp; s++) row.push(values[s][r * cw + c])
    if (pred === 2) {
      // Horizontal differencing on integer samples, wrapping at the sample width.
      const mod = 2 ** (bytes * 8)
      const diffs = row.map((v, i) => (i < spp ? v : v - row[i - spp]))
      const signed = INFO[o.dtype].format === 2
      for (let i = 0; i < diffs.length; i++) {
        let d = ((diffs[i] % mod) + mod) % mod
        if (signed && d >= mod / 2) d -= mod
        writeSample(out, (r * rowSamples + i) * bytes, d, o.dtype, be)
      }
    } else if (pred === 3) {
      const tmp = Buffer.alloc(rowSamples * bytes)
      row.forEach((v, i) => writeSample(tmp, i * bytes, v, o.dtype, true)) // big-endian bytes: MSB first
      const planes = Buffer.alloc(rowSamples * bytes)
      for (let i = 0; i < rowSamples; i++) for (let b = 0; b < bytes; b++) planes[b * rowSamples + i] = tmp[i * bytes + b]
      for (let i = planes.length - 1; i >= spp; i--) planes[i] = (planes[i] - planes[i - spp]) & 0xff
      planes.copy(out, r * rowSamples * bytes)
    } else {
      row.forEach((v, i) => writeSample(out, (r * rowSamples + i) * bytes, v, o.dtype, be))
    }
  }
  return o.compression === 8 ? zlib.deflateSync(out) : out
}

export function tinyTiff(o: TinyTiffOptions): Buffer {
  const { width, height } = o
  const bandCount = o.bands.length
  const planar = o.planar ?? 1
  const cw = o.tile?.width ?? width
  const ch = o.tile?.height ?? o.rowsPerStrip ?? height
  const across = Math.ceil(width / cw)
  const down = Math.ceil(height / ch)
  const chunks: Buffer[] = []
  const planes = planar === 2 ? o.bands.map((b) => [b]) : [o.bands]
  for (const group of planes) {
    for (let ty = 0; ty < down; ty++) {
      for (let tx = 0; tx < across; tx++) {
        const rows = o.tile ? ch : Math.min(ch, height - ty * ch)
        const vals = group.map((band) => {
          const v: number[] = []
          for (let r = 0; r < rows; r++) for (let c = 0; c < cw; c++) {
            const x = tx * cw + c
            const y = ty * ch + r
            v.push(x < width && y < height ? band[y * width + x] : 0)
          }
          return v
        })
        chunks.push(encodeChunk(vals, cw, rows, o))
      }
    }
  }
  const { bytes, format } = INFO[o.dtype]
  type E = { tag: number; type: number; values: number[] | string }
  const entries: E[] = [
    { tag: 256, type: 4, values: [width] },
    { tag: 257, type: 4, values: [height] },
    { tag: 258, type: 3, values: Array(bandCount).fill(bytes * 8) },
    { tag: 259, type: 3, values: [o.compression ?? 1] },
    { tag: 262, type: 3, values: [1] },
    { tag: 277, type: 3, values: [bandCount] },
    { tag: 284, type: 3, values: [planar] },
    { tag: 317, type: 3, values: [o.predictor ?? 1] },
    { tag: 339, type: 3, values: Array(bandCount).fill(format) },
  ]
  if (o.tile) {
    entries.push({ tag: 322, type: 3, values: [cw] }, { tag: 323, type: 3, values: [ch] }, { tag: 324, type: 4, values: chunks.map(() => 0) }, { tag: 325, type: 4, values: chunks.map((c) => c.length) })
  } else {
    entries.push({ tag: 273, type: 4, values: chunks.map(() => 0) }, { tag: 278, type: 4, values: [ch] }, { tag: 279, type: 4, values: chunks.map((c) => c.length) })
  }
  if (o.geo) {
    const g = o.geo
    const tieX = g.pixelIsPoint ? g.originX + g.sizeX / 2 : g.originX
    const tieY = g.pixelIsPoint ? g.originY - g.sizeY / 2 : g.originY
    entries.push({ tag: 33550, type: 12, values: [g.sizeX, g.sizeY, 0] })
    entries.push({ tag: 33922, type: 12, values: [0, 0, 0, tieX, tieY, 0] })
    entries.push({ tag: 34735, type: 3, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, g.pixelIsPoint ? 2 : 1, 3072, 0, 1, g.epsg] })
  }
  if (o.gdalMetadata) entries.push({ tag: 42112, type: 2, values: o.gdalMetadata })
  if (o.nodata !== undefined) entries.push({ tag: 42113, type: 2, values: o.nodata })
  entries.sort((a, b) => a.tag - b.tag)

  const be = !!o.bigEndian
  const size = (e: E) => (typeof e.values === 'string' ? e.values.length + 1 : e.values.length * ({ 3: 2, 4: 4, 12: 8 } as Record<number, number>)[e.type])
  const ifdSize = 2 + entries.length * 12 + 4
  let extra = 0
  for (const e of entries) if (size(e) > 4) extra += size(e) + (size(e) % 2)
  let dataAt = 8 + ifdSize + extra
  const offsets = chunks.map((c) => {
    const at = dataAt
    dataAt += c.length
    return at
  })
  for (const e of entries) if (e.tag === 273 || e.tag === 324) e.values = offsets
  const out = Buffer.alloc(dataAt)
  const u16 = (v: number, at: number) => (be ? out.writeUInt16BE(v, at) : out.writeUInt16LE(v, at))
  const u32 = (v: number, at: number) => (be ? out.writeUInt32BE(v, at) : out.writeUInt32LE(v, at))
  out.write(be ? 'MM' : 'II', 0, 'latin1')
  u16(42, 2)
  u32(8, 4)
  u16(entries.length, 8)
  let extraAt = 8 + ifdSize
  entries.forEach((e, i) => {
    const at = 10 + i * 12
    u16(e.tag, at)
    u16(e.type, at + 2)
    u32(typeof e.values === 'string' ? e.values.length + 1 : e.values.length, at + 4)
    const n = size(e)
    let target = at + 8
    if (n > 4) {
      u32(extraAt, at + 8)
      target = extraAt
      extraAt += n + (n % 2)
    }
    if (typeof e.values === 'string') out.write(`${e.values}\0`, target, 'latin1')
    else e.values.forEach((v, j) => {
      if (e.type === 3) u16(v, target + j * 2)
      else if (e.type === 4) u32(v, target + j * 4)
      else be ? out.writeDoubleBE(v, target + j * 8) : out.writeDoubleLE(v, target + j * 8)
    })
  })
  chunks.forEach((c, i) => c.copy(out, offsets[i]))
  return out
}

export function writeTinyTiff(file: string, o: TinyTiffOptions): string {
  fs.writeFileSync(file, tinyTiff(o))
  return file
}

/** Row-major values 0..n-1 transformed by f. */
export function ramp(n: number, f: (i: number) => number = (i) => i): number[] {
  return Array.from({ length: n }, (_, i) => f(i))
}
