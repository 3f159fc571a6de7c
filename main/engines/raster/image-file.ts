/**
 * PNG and JPEG files (aerial photos, chips): their header facts without decoding, and a full decode to RGBA for
 * previews. Headers are parsed by hand so `rsure info` reads a few kilobytes, never the whole picture.
 *
 * Sources: PNG (ISO/IEC 15948, W3C PNG 2nd ed.) section 11.2.2 IHDR: width, height (4 bytes each, big-endian), bit
 * depth, colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA). JPEG (ITU-T T.81) annex B: the frame header
 * SOFn (0xFFC0-0xFFCF except C4, C8, CC) holds precision, height, width and the component count.
 */
import path from 'node:path'
import fs from 'node:fs'
import zlib from 'node:zlib'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { budget, checkMemory } from './budget'
import { readRegularFile } from './regular-file'
import { errorMessage } from '../../domain/errors'

export type ImageFormat = 'PNG' | 'JPEG'

export interface ImageFileInfo {
  format: ImageFormat
  width: number
  height: number
  /** Colour channels as stored: 1 grey, 2 grey+alpha, 3 RGB (or palette / YCbCr), 4 RGBA or CMYK. */
  channels: number
  /** Bits per channel sample (PNG 1-16, JPEG 8 or 12). */
  bitDepth: number
  /** Human name of the colour model, e.g. 'RGB', 'grey', 'palette', 'YCbCr'. */
  colorModel: string
}

/** A file whose format or content we cannot read; the message is one sentence for the user. */
export class ImageFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImageFileError'
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export function isPng(head: Uint8Array): boolean {
  return head.length >= 8 && PNG_SIGNATURE.every((b, i) => head[i] === b)
}

export function isJpeg(head: Uint8Array): boolean {
  return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff
}

const PNG_COLOR: Record<number, { channels: number; model: string }> = {
  0: { channels: 1, model: 'grey' },
  2: { channels: 3, model: 'RGB' },
  3: { channels: 3, model: 'palette' },
  4: { channels: 2, model: 'grey+alpha' },
  6: { channels: 4, model: 'RGBA' },
}

/** Header facts of a PNG from its first 33 bytes (signature + IHDR chunk). */
export function parsePngHeader(bytes: Uint8Array, name = 'the file'): ImageFileInfo {
  if (!isPng(bytes)) throw new ImageFileError(`${name} is not a PNG file: its signature is wrong.`)
  if (bytes.length < 33) throw new ImageFileError(`${name} is a truncated PNG file: its IHDR header is incomplete.`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const type = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15])
  if (type !== 'IHDR') throw new ImageFileError(`${name} is a corrupt PNG file: its first chunk is '${type}', not IHDR.`)
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  const bitDepth = bytes[24]
  const color = PNG_COLOR[bytes[25]]
  if (!color || width === 0 || height === 0) throw new ImageFileError(`${name} is a corrupt PNG file: its IHDR header has impossible values.`)
  return { format: 'PNG', width, height, channels: color.channels, bitDepth, colorModel: color.model }
}

const JPEG_MODELS: Record<number, string> = { 1: 'grey', 3: 'YCbCr', 4: 'CMYK' }

/** Header facts of a JPEG: walks the marker segments up to the first SOFn frame header. */
export function parseJpegHeader(bytes: Uint8Array, name = 'the file'): ImageFileInfo {
  if (!isJpeg(bytes)) throw new ImageFileError(`${name} is not a JPEG file: it does not start with the SOI marker.`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let p = 2
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) throw new ImageFileError(`${name} is a corrupt JPEG file: a marker is missing at byte ${p}.`)
    const marker = bytes[p + 1]
    if (marker === 0xff) {
      p += 1 // fill byte
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2 // markers without a length
      continue
    }
    if (marker === 0xd9 || marker === 0xda) break // end of image / start of scan before any frame header
    const length = view.getUint16(p + 2)
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isSof) {
      if (p + 10 > bytes.length) break
      const bitDepth = bytes[p + 4]
      const height = view.getUint16(p + 5)
      const width = view.getUint16(p + 7)
      const channels = bytes[p + 9]
      if (width === 0 || height === 0 || channels === 0) {
        throw new ImageFileError(`${name} is a corrupt JPEG file: its frame header has impossible values.`)
      }
      return { format: 'JPEG', width, height, channels, bitDepth, colorModel: JPEG_MODELS[channels] ?? `${channels} components` }
    }
    p += 2 + length
  }
  throw new ImageFileError(`${name} is a truncated or corrupt JPEG file: no frame header was found.`)
}

/** Read enough of a PNG/JPEG to describe it; JPEG frame headers may follow large EXIF blocks, so read up to 1 MiB. */
export async function describeImageFile(file: string, head: Uint8Array): Promise<ImageFileInfo> {
  const name = `'${path.basename(file)}'`
  if (isPng(head)) return parsePngHeader(head, name)
  if (isJpeg(head)) {
    try {
      return parseJpegHeader(head, name)
    } catch (err) {
      if (head.length >= 1 << 20) throw err
      const fh = await fs.promises.open(file, 'r')
      try {
        const buf = new Uint8Array(1 << 20)
        const { bytesRead } = await fh.read(buf, 0, buf.length, 0)
        return parseJpegHeader(buf.subarray(0, bytesRead), name)
      } finally {
        await fh.close()
      }
    }
  }
  throw new ImageFileError(`${name} is neither a PNG nor a JPEG file.`)
}

export interface DecodedImage {
  width: number
  height: number
  /** RGBA, 8 bits per channel, row-major. */
  rgba: Uint8Array
}

/** Largest picture decoded for a preview, in pixels (about 1 GiB of RGBA); larger photos are refused. */
export const MAX_DECODE_PIXELS = 256 * 1024 * 1024

/** Bytes of a PNG's filtered scanlines: one filter byte per row, then the samples (a palette index is one sample). */
function pngRawBytes(info: ImageFileInfo): number {
  const samples = info.colorModel === 'palette' ? 1 : info.channels
  return info.height * (1 + Math.ceil((info.width * samples * info.bitDepth) / 8))
}

/**
 * Whether a header's declared size could come from the bytes the file has: DEFLATE expands at most ~1032:1 (PNG),
 * and a JPEG needs at least about 2 bits per 8 x 8 block and component (under 512 pixels per byte). A header that
 * claims more is damaged or hostile, and is refused before any pixel buffer is allocated.
 */
export function plausibleSize(info: ImageFileInfo, fileSize: number): boolean {
  const pixels = info.width * info.height
  if (info.format === 'PNG') {
    const raw = pngRawBytes(info)
    return raw <= fileSize * 1100 + 65536
  }
  return pixels <= fileSize * 512 + 65536
}

/**
 * Check a PNG's image data before decoding: the IDAT chunks must inflate (zlib) to exactly the filtered scanlines
 * the header implies. pngjs fills what it cannot inflate with zeros; this makes a damaged PNG an error instead of a
 * black picture. Interlaced (Adam7) files have a different raw size; for them only the inflate itself is checked.
 */
function checkPngData(bytes: Buffer, info: ImageFileInfo, name: string): void {
  const idat: Buffer[] = []
  let p = 8
  while (p + 12 <= bytes.length) {
    const len = bytes.readUInt32BE(p)
    const type = bytes.toString('latin1', p + 4, p + 8)
    if (p + 12 + len > bytes.length) break
    if (type === 'IDAT') idat.push(bytes.subarray(p + 8, p + 8 + len))
    if (type === 'IEND') break
    p += 12 + len
  }
  const interlaced = bytes[28] === 1
  const raw = pngRawBytes(info)
  let got: number
  try {
    got = zlib.inflateSync(Buffer.concat(idat), interlaced ? {} : { maxOutputLength: raw }).byteLength
  } catch {
    throw new ImageFileError(`${name} is a corrupt PNG file: its image data does not decompress; copy or export it again.`)
  }
  if (!interlaced && got !== raw) {
    throw new ImageFileError(`${name} is a corrupt PNG file: its image data holds ${got} of the ${raw} bytes its ${info.width} x ${info.height} pixels need.`)
  }
}

/**
 * A picture's bytes (read within the memory budget) and its header facts, for a full decode: refuses a file that is
 * no PNG or JPEG, or whose header declares more pixels than its bytes can hold, with one sentence naming it.
 */
export function readPictureBytes(file: string): { bytes: Buffer; info: ImageFileInfo; name: string } {
  const name = `'${path.basename(file)}'`
  let bytes: Buffer
  try {
    bytes = readRegularFile(file, budget().maxMemoryBytes)
  } catch (err) {
    throw new ImageFileError(errorMessage(err))
  }
  const info = isPng(bytes) ? parsePngHeader(bytes, name) : isJpeg(bytes) ? parseJpegHeader(bytes, name) : null
  if (!info) throw new ImageFileError(`${name} is neither a PNG nor a JPEG file.`)
  if (!plausibleSize(info, bytes.byteLength))
    throw new ImageFileError(
      `${name} is a corrupt ${info.format} file: its header declares ${info.width} x ${info.height} pixels, more than its ${bytes.byteLength} bytes can hold.`,
    )
  return { bytes, info, name }
}

/** Decode a whole PNG or JPEG to 8-bit RGBA (16-bit PNG is scaled down to 8 bits by pngjs). */
export async function decodeImageFile(file: string): Promise<DecodedImage> {
  const { bytes, info, name } = readPictureBytes(file)
  const b = budget()
  if (info.width * info.height > MAX_DECODE_PIXELS) {
    throw new ImageFileError(`${name} is too large to preview (${info.width} x ${info.height} pixels); convert it to a tiled GeoTIFF with overviews.`)
  }
  try {
    checkMemory(info.width * info.height * 4 * 2, `Decoding ${name}`, b)
  } catch (err) {
    throw new ImageFileError(errorMessage(err))
  }
  if (info.format === 'PNG') checkPngData(bytes, info, name)
  try {
    if (info.format === 'PNG') {
      const png = PNG.sync.read(bytes, { skipRescale: false })
      return { width: png.width, height: png.height, rgba: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) }
    }
    const maxMemoryUsageInMB = Math.ceil((info.width * info.height * 4 * 2) / (1 << 20)) + 64
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB, maxResolutionInMP: Math.ceil(MAX_DECODE_PIXELS / 1e6) })
    return { width: img.width, height: img.height, rgba: img.data }
  } catch {
    // Decoder messages are internal text (offsets, marker codes); the analyst needs the file named and what to do.
    throw new ImageFileError(`${name} is a corrupt ${info.format} file: its pixel data could not be decoded; copy or export it again.`)
  }
}
