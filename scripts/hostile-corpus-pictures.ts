/** PNG and JPEG makers of the hostile corpus (hostile-corpus.ts): whole or with a header that lies. Split from it. */
import zlib from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}

/** The grey value `png` writes at row r, column c (hostile-corpus.ts hand-counts a readable PNG from it). */
export const pngSample = (r: number, c: number): number => (r * 7 + c) & 0xff

/** A greyscale 8-bit PNG; `declared` overrides the IHDR size (the pixel data stays that of width x height). */
export function png(width: number, height: number, declared?: [number, number], idat?: Buffer): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(declared?.[0] ?? width, 0)
  ihdr.writeUInt32BE(declared?.[1] ?? height, 4)
  ihdr[8] = 8
  ihdr[9] = 0
  const raw = Buffer.alloc(height * (width + 1))
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) raw[r * (width + 1) + 1 + c] = pngSample(r, c)
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([sig, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat ?? zlib.deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))])
}

/** A minimal baseline JPEG header (SOI, SOF0 with the given size, no scan): enough for header readers. */
export function jpegHeader(width: number, height: number, tail = Buffer.alloc(0)): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 0x01, 0x01, 0x11, 0x00])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, tail, Buffer.from([0xff, 0xd9])])
}
