/**
 * Bounded decoders for the TIFF compressions the lean reader does not hand to zlib: each writes into an output of
 * exactly the bytes the tile or strip's header declares and stops with a DecodeLimitError the moment the stream
 * would produce more, so a few KB of LZW, PackBits or ZSTD that inflate to gigabytes cost at most one chunk's size
 * (decompression bombs, issue 20). geotiff.js's own LZW and PackBits decoders grow a JavaScript array without
 * bound (an LZW bomb ends the process with "Fatal JavaScript invalid size error").
 *
 * Sources: TIFF 6.0 section 13 (LZW: MSB-first codes of 9-12 bits, ClearCode 256, EndOfInformation 257, the code
 * width grows one code early) and section 9 (PackBits); RFC 8878 (Zstandard frames) through the zstddec wasm
 * build of the reference decoder; ITU-T T.81 (JPEG frame header SOFn: height and width) and TIFF Technical Note 2 (JPEGTables);
 * the WebP container (RFC 9649).
 */

import type * as GeotiffNs from 'geotiff'
import { TiffFormatError } from './ifd'

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
 * A JPEG tile or strip (compression 7) decoded as GDAL decodes it: by libjpeg(-turbo), here through sharp, with the
 * file's JPEGTables (quantisation and Huffman tables GDAL writes once, TIFF Technical Note 2) spliced in front of
 * the chunk's abbreviated stream. libjpeg upsamples subsampled chroma with its smoothing ("fancy") filter and
 * converts YCbCr to RGB itself, so colour files read as GDAL reads them, sample for sample; a replicating
 * upsampler followed by the JFIF formula (geotiff.js's decoder, the former path) differs from GDAL by up to 90 levels at colour edges. 8-bit grey (1 sample) or
 * colour (3 samples) only; the frame must be `width` wide and at least `rows` tall (checked before decoding, and sharp
 * may read no more pixels than the frame declares). Returns exactly `width` x `rows` x `samples` bytes.
 */
export async function jpegChunkDecode(src: Uint8Array, tables: ArrayLike<number> | null, width: number, rows: number, samples: number): Promise<Uint8Array> {
  const frame = jpegFrameSize(src)
  if (!frame) throw new Error('no JPEG frame header')
  if (frame.width !== width || frame.height < rows || frame.components !== samples || (samples !== 1 && samples !== 3)) {
    throw new DecodeLimitError(
      `holds a JPEG frame of ${frame.width} x ${frame.height} pixels and ${frame.components} components where its header declares ${width} x ${rows} and ${samples}`,
    )
  }
  let stream: Uint8Array = src
  // JPEGTables is a stream of its own (SOI, tables, EOI): its tables go after the chunk's SOI.
  if (tables && tables.length > 4 && tables[0] === 0xff && tables[1] === 0xd8) {
    const t = Uint8Array.from(tables)
    const end = t[t.length - 2] === 0xff && t[t.length - 1] === 0xd9 ? t.length - 2 : t.length
    stream = new Uint8Array(end + src.length - 2)
    stream.set(t.subarray(0, end), 0)
    stream.set(src.subarray(2), end)
  }
  const { default: sharp } = await import('sharp')
  const img = sharp(stream, { limitInputPixels: frame.width * frame.height, sequentialRead: true, failOn: 'error' })
  const { data, info } = await (samples === 1 ? img.toColourspace('b-w') : img.toColourspace('srgb')).raw().toBuffer({ resolveWithObject: true })
  const expected = width * rows * samples
  if (info.width !== width || info.height < rows || info.channels !== samples) {
    throw new DecodeLimitError(`decodes to ${info.width} x ${info.height} x ${info.channels} samples where its header declares ${width} x ${rows} x ${samples}`)
  }
  return new Uint8Array(data.buffer, data.byteOffset, expected)
}

/**
 * Width and height a WebP file (RIFF 'WEBP') declares, and whether it is lossless, from its first chunk (WebP
 * container specification, RFC 9649): VP8X the canvas (24-bit width-1, height-1), VP8L the 14-bit width-1 and
 * height-1 after its 0x2f signature, VP8 the 14-bit width and height after the key frame's start code 9d 01 2a.
 * Null when the bytes are not such a file.
 */
export function webpFrameSize(src: Uint8Array): { width: number; height: number; lossless: boolean } | null {
  const ascii = (at: number, s: string) => s.split('').every((ch, k) => src[at + k] === ch.charCodeAt(0))
  if (src.length < 30 || !ascii(0, 'RIFF') || !ascii(8, 'WEBP')) return null
  const d = 20
  if (ascii(12, 'VP8X')) {
    const w = 1 + (src[d + 4] | (src[d + 5] << 8) | (src[d + 6] << 16))
    const h = 1 + (src[d + 7] | (src[d + 8] << 8) | (src[d + 9] << 16))
    // The image chunk after the extended header says whether it is lossless.
    let at = 12 + 8 + ((src[16] | (src[17] << 8) | (src[18] << 16) | (src[19] << 24)) >>> 0)
    let lossless = false
    for (let n = 0; n < 64 && at + 8 <= src.length; n++) {
      if (ascii(at, 'VP8L')) lossless = true
      if (ascii(at, 'VP8L') || ascii(at, 'VP8 ')) break
      const size = (src[at + 4] | (src[at + 5] << 8) | (src[at + 6] << 16) | (src[at + 7] << 24)) >>> 0
      at += 8 + size + (size & 1)
    }
    return { width: w, height: h, lossless }
  }
  if (ascii(12, 'VP8L')) {
    if (src[d] !== 0x2f) return null
    const bits = (src[d + 1] | (src[d + 2] << 8) | (src[d + 3] << 16) | (src[d + 4] << 24)) >>> 0
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, lossless: true }
  }
  if (ascii(12, 'VP8 ')) {
    if (src[d + 3] !== 0x9d || src[d + 4] !== 0x01 || src[d + 5] !== 0x2a) return null
    return { width: (src[d + 6] | (src[d + 7] << 8)) & 0x3fff, height: (src[d + 8] | (src[d + 9] << 8)) & 0x3fff, lossless: false }
  }
  return null
}

/**
 * WebP-in-TIFF (compression 50001, as GDAL writes it: every tile or strip one WebP file of 8-bit RGB or RGBA,
 * pixel-interleaved) into exactly the `width` x `rows` x `samples` bytes the chunk declares, with sharp (libvips'
 * libwebp, the library GDAL decodes with). The WebP header's size is checked before anything is decoded (a tile
 * declaring a larger picture is refused unread: DecodeLimitError), and sharp may read no more pixels than that.
 * Three samples take the picture's RGB (an alpha plane it may carry is dropped); four take RGBA, alpha 255 where the
 * picture has none (libwebp drops a fully opaque alpha plane).
 */
export async function webpDecode(src: Uint8Array, width: number, rows: number, samples: number, bitsPerSample: number, planar: number): Promise<Uint8Array> {
  if (bitsPerSample !== 8) throw new TiffFormatError(`declares WebP compression on ${bitsPerSample}-bit samples, which WebP cannot hold`)
  if (planar !== 1 || (samples !== 3 && samples !== 4)) {
    throw new TiffFormatError(
      `uses WebP compression with ${planar !== 1 ? 'band-separate planes' : `${samples} band(s) per pixel`}, which RSure cannot decode (GDAL writes WebP as 3 or 4 interleaved bands); convert it with DEFLATE or LZW`,
      'unsupported',
    )
  }
  const frame = webpFrameSize(src)
  if (!frame) throw new Error('not a WebP stream')
  // GDAL encodes each chunk at its own size: full tiles (edge tiles padded), the last strip with its remaining rows.
  if (frame.width !== width || frame.height !== rows) {
    throw new DecodeLimitError(`holds a WebP picture of ${frame.width} x ${frame.height} pixels where its header declares ${width} x ${rows}`)
  }
  const { default: sharp } = await import('sharp')
  let img = sharp(src, { limitInputPixels: width * rows, sequentialRead: true, failOn: 'error' })
  img = samples === 3 ? img.removeAlpha() : img.ensureAlpha(1)
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true })
  const expected = width * rows * samples
  if (info.width !== width || info.height !== rows || info.channels !== samples || data.byteLength !== expected) {
    throw new DecodeLimitError(`decodes to ${info.width} x ${info.height} x ${info.channels} samples where its header declares ${width} x ${rows} x ${samples}`)
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}

type GeotiffModule = typeof GeotiffNs

let webpRegistered = false

/**
 * Makes geotiff.js decode compression 50001 with webpDecode (its own WebP decoder needs a browser's
 * createImageBitmap and fails in Node), for every reader that hands chunks to geotiff.js: the lean reader's foreign
 * codecs and geotiff.js's own readRasters. Registered once, when geotiff.js is first loaded by anyone.
 */
export function registerWebpDecoder(geotiff: GeotiffModule): void {
  if (webpRegistered) return
  webpRegistered = true
  const Base = geotiff.BaseDecoder
  class WebpDecoder extends Base {
    override async decodeBlock(buffer: ArrayBuffer): Promise<ArrayBuffer> {
      const p = this.parameters as {
        tileWidth: number
        tileHeight: number
        samplesPerPixel?: number
        bitsPerSample?: number | number[]
        planarConfiguration?: number
      }
      const bits = Array.isArray(p.bitsPerSample) ? p.bitsPerSample[0] : (p.bitsPerSample ?? 8)
      const src = new Uint8Array(buffer)
      // geotiff.js passes the full strip height for every strip; the last one holds only the rows left.
      const frame = webpFrameSize(src)
      const rows = frame && frame.width === p.tileWidth && frame.height < p.tileHeight ? frame.height : p.tileHeight
      const out = await webpDecode(src, p.tileWidth, rows, p.samplesPerPixel ?? 4, bits, p.planarConfiguration ?? 1)
      return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer
    }
  }
  geotiff.addDecoder(
    50001,
    async () => WebpDecoder as never,
    async (fileDirectory: GeotiffNs.ImageFileDirectory) => {
      const tiled = !fileDirectory.hasTag('StripOffsets')
      return {
        tileWidth: Number(await fileDirectory.loadValue(tiled ? 'TileWidth' : 'ImageWidth')),
        tileHeight: Number(
          tiled
            ? await fileDirectory.loadValue('TileLength')
            : (await fileDirectory.loadValue('RowsPerStrip')) || (await fileDirectory.loadValue('ImageLength')),
        ),
        planarConfiguration: Number(await fileDirectory.loadValue('PlanarConfiguration')) || 1,
        bitsPerSample: await fileDirectory.loadValue('BitsPerSample'),
        predictor: Number(await fileDirectory.loadValue('Predictor')) || 1,
        samplesPerPixel: Number(await fileDirectory.loadValue('SamplesPerPixel')) || 4,
      } as never
    },
    false,
  )
}

// Registered as soon as geotiff.js is loaded, in the background (describe.ts loads it in every process that
// describes a raster anyway), before any chunk can reach geotiff.js's decoder registry.
void import('geotiff').then(registerWebpDecoder, () => undefined)
