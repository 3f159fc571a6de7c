/**
 * Bounded decoders for the TIFF compressions the lean reader does not hand to zlib: each writes into an output of
 * exactly the bytes the tile or strip's header declares and stops with a DecodeLimitError the moment the stream
 * would produce more, so a few KB of LZW, PackBits or ZSTD that inflate to gigabytes cost at most one chunk's size
 * (decompression bombs, issue 20). geotiff.js's own LZW and PackBits decoders grow a JavaScript array without
 * bound (an LZW bomb ends the process with "Fatal JavaScript invalid size error").
 *
 * Sources: TIFF 6.0 section 13 (LZW: MSB-first codes of 9-12 bits, ClearCode 256, EndOfInformation 257, the code
 * width grows one code early) and section 9 (PackBits); RFC 8878 (Zstandard frames) through the zstddec wasm
 * build of the reference decoder; ITU-T T.81 (JPEG frame header SOFn: height and width) and JFIF 1.02 (YCbCr to RGB).
 */

/** A chunk whose compressed stream decodes to more (or other) bytes than its declared pixels hold. */
export class DecodeLimitError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DecodeLimitError'
  }
}

/**
 * TIFF LZW (compression 5) into at most `expected` bytes. Throws DecodeLimitError when the stream would write
 * more, Error on a code that cannot occur in a valid stream.
 */
export function lzwDecode(src: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected)
  const prefix = new Int32Array(4096)
  const suffix = new Uint8Array(4096)
  const first = new Uint8Array(4096)
  const length = new Int32Array(4096)
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1
    suffix[i] = i
    first[i] = i
    length[i] = 1
  }
  let next = 258
  let width = 9
  let prev = -1
  let pos = 0
  let bit = 0
  const totalBits = src.length * 8
  const emit = (code: number) => {
    const n = length[code]
    if (pos + n > expected) throw new DecodeLimitError(`decodes to more than the ${expected} bytes its pixels need`)
    let c = code
    for (let i = n - 1; i >= 0; i--) {
      out[pos + i] = suffix[c]
      c = prefix[c]
    }
    pos += n
  }
  const add = (p: number, ch: number) => {
    if (next >= 4096) return
    prefix[next] = p
    suffix[next] = ch
    first[next] = first[p]
    length[next] = length[p] + 1
    next++
    // Early change: the width grows when the next free code needs one more bit (511, 1023, 2047).
    if (next + 1 >= 1 << width && width < 12) width++
  }
  while (bit + width <= totalBits) {
    // `width` bits, most significant first, from up to three bytes.
    const byte = bit >> 3
    const word = (src[byte] << 16) | ((src[byte + 1] ?? 0) << 8) | (src[byte + 2] ?? 0)
    const code = (word >> (24 - (bit & 7) - width)) & ((1 << width) - 1)
    bit += width
    if (code === 257) break
    if (code === 256) {
      next = 258
      width = 9
      prev = -1
      continue
    }
    if (prev === -1) {
      if (code > 255) throw new Error('LZW stream starts with a table code')
      emit(code)
      prev = code
      continue
    }
    if (code < next) {
      emit(code)
      add(prev, first[code])
    } else if (code === next) {
      add(prev, first[prev])
      emit(code)
    } else throw new Error('LZW code past the table')
    prev = code
  }
  return pos === expected ? out : out.subarray(0, pos)
}

/** PackBits (compression 32773) into at most `expected` bytes; DecodeLimitError past that. */
export function packbitsDecode(src: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected)
  let pos = 0
  let i = 0
  const over = () => new DecodeLimitError(`decodes to more than the ${expected} bytes its pixels need`)
  while (i < src.length) {
    const h = (src[i++] << 24) >> 24
    if (h >= 0) {
      const n = h + 1
      if (pos + n > expected) throw over()
      if (i + n > src.length) throw new Error('PackBits literal past the end')
      out.set(src.subarray(i, i + n), pos)
      pos += n
      i += n
    } else if (h !== -128) {
      const n = 1 - h
      if (pos + n > expected) throw over()
      if (i >= src.length) throw new Error('PackBits run past the end')
      out.fill(src[i++], pos, pos + n)
      pos += n
    }
    if (pos === expected) break
  }
  return pos === expected ? out : out.subarray(0, pos)
}

/**
 * The content size a Zstandard frame header declares (RFC 8878 section 3.1.1.1), or null when the frame does not
 * say (or the bytes are not a frame). Read before decoding so a frame declaring gigabytes is refused unread.
 */
export function zstdFrameContentSize(src: Uint8Array): number | null {
  if (src.length < 6 || src[0] !== 0x28 || src[1] !== 0xb5 || src[2] !== 0x2f || src[3] !== 0xfd) return null
  const fhd = src[4]
  const fcsFlag = fhd >> 6
  const single = (fhd >> 5) & 1
  const didFlag = fhd & 3
  const at = 5 + (single ? 0 : 1) + [0, 1, 2, 4][didFlag]
  const size = fcsFlag === 0 ? (single ? 1 : 0) : [1, 2, 4, 8][fcsFlag]
  if (size === 0 || at + size > src.length) return null
  let v = 0
  for (let k = size - 1; k >= 0; k--) v = v * 256 + src[at + k]
  if (size === 2) v += 256
  return v
}

let zstd: { decode(a: Uint8Array, size?: number): Uint8Array } | null = null

/** ZSTD (compression 50000) into exactly `expected` bytes, through the reference decoder (wasm). */
export async function zstdDecode(src: Uint8Array, expected: number): Promise<Uint8Array> {
  const declared = zstdFrameContentSize(src)
  if (declared !== null && declared > expected) throw new DecodeLimitError(`declares ${declared} decompressed bytes, more than the ${expected} its pixels need`)
  if (!zstd) {
    const { ZSTDDecoder } = await import('zstddec')
    const d = new ZSTDDecoder()
    await d.init()
    zstd = d
  }
  // With an explicit size the decoder writes into a buffer of that size and fails (an empty result) past it.
  return zstd.decode(src, Math.max(expected, 1))
}

/** Height and width a JPEG stream's frame header (SOF0-SOF15 but DHT/JPG/DAC) declares, or null when none. */
export function jpegFrameSize(src: Uint8Array): { width: number; height: number; components: number } | null {
  let i = 2
  if (src[0] !== 0xff || src[1] !== 0xd8) return null
  while (i + 9 < src.length) {
    if (src[i] !== 0xff) return null
    const marker = src[i + 1]
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2
      continue
    }
    const len = (src[i + 2] << 8) | src[i + 3]
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (src[i + 5] << 8) | src[i + 6], width: (src[i + 7] << 8) | src[i + 8], components: src[i + 9] }
    }
    if (marker === 0xda) return null
    i += 2 + len
  }
  return null
}

/**
 * JFIF YCbCr to RGB in place on pixel-interleaved 8-bit triples (as libjpeg converts for TIFF photometric 6):
 * R = Y + 1.402 (Cr - 128), G = Y - 0.344136 (Cb - 128) - 0.714136 (Cr - 128), B = Y + 1.772 (Cb - 128), rounded
 * and clamped to 0-255.
 */
export function ycbcrToRgb(bytes: Uint8Array): void {
  for (let i = 0; i + 2 < bytes.length; i += 3) {
    const y = bytes[i]
    const cb = bytes[i + 1] - 128
    const cr = bytes[i + 2] - 128
    const r = Math.round(y + 1.402 * cr)
    const g = Math.round(y - 0.344136 * cb - 0.714136 * cr)
    const b = Math.round(y + 1.772 * cb)
    bytes[i] = r < 0 ? 0 : r > 255 ? 255 : r
    bytes[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g
    bytes[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b
  }
}
