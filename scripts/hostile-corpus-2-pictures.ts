/** PNG and JPEG pictures of the second hostile corpus (hostile-corpus-2.ts): hand-made PNG chunks and patched JPEG frame sizes. Split from it. */

// ------------------------------------------------------------------------------------------------------------------
// Pictures
// ------------------------------------------------------------------------------------------------------------------

export const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

export function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}

export function png(width: number, height: number, colorType: number, interlace: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = colorType
  ihdr[12] = interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** Bytes of the filtered (filter 0) scanlines of an all-zero grey image, Adam7 passes when interlaced. */
export function zeroScanlineBytes(width: number, height: number, interlaced: boolean): number {
  if (!interlaced) return height * (width + 1)
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ]
  let total = 0
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx)
    const h = Math.ceil((height - y0) / dy)
    if (w > 0 && h > 0) total += h * (w + 1)
  }
  return total
}

/** Patches the frame size of a baseline or progressive JPEG (SOF0/SOF2) to declare `w x h`. */
export function patchJpegSize(jpeg: Buffer, w: number, h: number): Buffer {
  const out = Buffer.from(jpeg)
  for (let i = 2; i < out.length - 9;) {
    if (out[i] !== 0xff) break
    const marker = out[i + 1]
    const len = out.readUInt16BE(i + 2)
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(h, i + 5)
      out.writeUInt16BE(w, i + 7)
      return out
    }
    i += 2 + len
  }
  throw new Error('no SOF marker')
}
