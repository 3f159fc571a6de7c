/**
 * Test and bench helper: write a single-band tiled GeoTIFF with internal overviews (a COG-like pyramid) whose
 * every pixel is given by a function, streaming tile by tile so a 10000 x 10000 raster never sits in memory.
 * Overview k (factor 2^k) takes the full-resolution pixel at (col * 2^k, row * 2^k), nearest-neighbour
 * decimation as GDAL's 'nearest' resampling does, so a test knows every pixel of every level.
 *
 * Layout: classic little-endian TIFF; tiles (DEFLATE or none) written first, then one IFD per level (full
 * resolution first, NewSubfileType 1 for overviews), chained. GeoKeys: projected or geographic EPSG code,
 * PixelIsArea, tiepoint at the top-left corner and pixel scale. GDAL_NODATA when given.
 * Sources: TIFF 6.0 (tiles, IFDs), GeoTIFF 1.1 (tags 33550, 33922, 34735), GDAL (42113).
 */
import fs from 'node:fs'
import zlib from 'node:zlib'

export interface PyramidOptions {
  width: number
  height: number
  /** Tile side in pixels (a multiple of 16). */
  tile: number
  dtype: 'uint8' | 'uint16' | 'float32'
  /** Overviews to write, each half the size of the previous (factors 2, 4, 8...). */
  overviews: number
  /** Value of full-resolution pixel (col, row). */
  value: (col: number, row: number) => number
  /** Corner origin and pixel size in CRS units; epsg 4326 is written as geographic, others as projected. */
  geo?: { originX: number; originY: number; sizeX: number; sizeY: number; epsg: number }
  nodata?: number
  deflate?: boolean
}

const BYTES = { uint8: 1, uint16: 2, float32: 4 } as const
const FORMAT = { uint8: 1, uint16: 1, float32: 3 } as const

interface Entry {
  tag: number
  type: 2 | 3 | 4 | 12
  values: number[] | string
}

function tileBytes(o: PyramidOptions, factor: number, lw: number, lh: number, tx: number, ty: number): Buffer {
  const b = BYTES[o.dtype]
  const buf = Buffer.alloc(o.tile * o.tile * b)
  for (let r = 0; r < o.tile; r++) {
    const row = ty * o.tile + r
    for (let c = 0; c < o.tile; c++) {
      const col = tx * o.tile + c
      // Padding beyond the level's edge stays 0, as TIFF readers ignore it.
      if (row >= lh || col >= lw) continue
      const v = o.value(col * factor, row * factor)
      const at = (r * o.tile + c) * b
      if (o.dtype === 'uint8') buf.writeUInt8(v, at)
      else if (o.dtype === 'uint16') buf.writeUInt16LE(v, at)
      else buf.writeFloatLE(v, at)
    }
  }
  return o.deflate ? zlib.deflateSync(buf, { level: 1 }) : buf
}

/** Write the pyramid to `file`; returns the sizes of the levels written. */
export function writePyramidTiff(file: string, o: PyramidOptions): { width: number; height: number }[] {
  const fd = fs.openSync(file, 'w')
  let pos = 8
  const write = (buf: Buffer) => {
    fs.writeSync(fd, buf, 0, buf.length, pos)
    pos += buf.length
  }
  const levels: { width: number; height: number; offsets: number[]; counts: number[] }[] = []
  try {
    for (let k = 0; k <= o.overviews; k++) {
      const factor = 2 ** k
      const lw = Math.ceil(o.width / factor)
      const lh = Math.ceil(o.height / factor)
      const offsets: number[] = []
      const counts: number[] = []
      for (let ty = 0; ty < Math.ceil(lh / o.tile); ty++) {
        for (let tx = 0; tx < Math.ceil(lw / o.tile); tx++) {
          const t = tileBytes(o, factor, lw, lh, tx, ty)
          offsets.push(pos)
          counts.push(t.length)
          write(t)
        }
      }
      levels.push({ width: lw, height: lh, offsets, counts })
    }
    if (pos % 2) write(Buffer.alloc(1))
    const first = pos
    levels.forEach((l, k) => {
      const entries: Entry[] = [
        { tag: 254, type: 4, values: [k === 0 ? 0 : 1] },
        { tag: 256, type: 4, values: [l.width] },
        { tag: 257, type: 4, values: [l.height] },
        { tag: 258, type: 3, values: [BYTES[o.dtype] * 8] },
        { tag: 259, type: 3, values: [o.deflate ? 8 : 1] },
        { tag: 262, type: 3, values: [1] },
        { tag: 277, type: 3, values: [1] },
        { tag: 284, type: 3, values: [1] },
        { tag: 322, type: 3, values: [o.tile] },
        { tag: 323, type: 3, values: [o.tile] },
        { tag: 324, type: 4, values: l.offsets },
        { tag: 325, type: 4, values: l.counts },
        { tag: 339, type: 3, values: [FORMAT[o.dtype]] },
      ]
      if (k === 0 && o.geo) {
        const g = o.geo
        const geographic = g.epsg === 4326
        entries.push({ tag: 33550, type: 12, values: [g.sizeX, g.sizeY, 0] })
        entries.push({ tag: 33922, type: 12, values: [0, 0, 0, g.originX, g.originY, 0] })
        entries.push({ tag: 34735, type: 3, values: [1, 1, 0, 3, 1024, 0, 1, geographic ? 2 : 1, 1025, 0, 1, 1, geographic ? 2048 : 3072, 0, 1, g.epsg] })
      }
      if (o.nodata !== undefined) entries.push({ tag: 42113, type: 2, values: String(o.nodata) })
      entries.sort((a, b) => a.tag - b.tag)
      const size = (e: Entry) => (typeof e.values === 'string' ? e.values.length + 1 : e.values.length * { 2: 1, 3: 2, 4: 4, 12: 8 }[e.type])
      const ifdLen = 2 + entries.length * 12 + 4
      let extraAt = pos + ifdLen
      const ifd = Buffer.alloc(ifdLen)
      const extras: Buffer[] = []
      ifd.writeUInt16LE(entries.length, 0)
      entries.forEach((e, i) => {
        const at = 2 + i * 12
        ifd.writeUInt16LE(e.tag, at)
        ifd.writeUInt16LE(e.type, at + 2)
        ifd.writeUInt32LE(typeof e.values === 'string' ? e.values.length + 1 : e.values.length, at + 4)
        const bytes = Buffer.alloc(size(e))
        if (typeof e.values === 'string') bytes.write(e.values, 'latin1')
        else e.values.forEach((v, j) => (e.type === 3 ? bytes.writeUInt16LE(v, j * 2) : e.type === 4 ? bytes.writeUInt32LE(v, j * 4) : bytes.writeDoubleLE(v, j * 8)))
        if (bytes.length <= 4) bytes.copy(ifd, at + 8)
        else {
          ifd.writeUInt32LE(extraAt, at + 8)
          const padded = bytes.length % 2 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes
          extras.push(padded)
          extraAt += padded.length
        }
      })
      const next = k < levels.length - 1 ? extraAt : 0
      ifd.writeUInt32LE(next, ifdLen - 4)
      write(ifd)
      for (const x of extras) write(x)
    })
    const header = Buffer.alloc(8)
    header.write('II', 0, 'latin1')
    header.writeUInt16LE(42, 2)
    header.writeUInt32LE(first, 4)
    fs.writeSync(fd, header, 0, 8, 0)
  } finally {
    fs.closeSync(fd)
  }
  return levels.map((l) => ({ width: l.width, height: l.height }))
}
