/**
 * Decoding of one tile or strip of the lean reader: read its compressed bytes with one positioned read, decompress
 * them (DEFLATE with Node's native zlib, inflate.ts; LZW, PackBits and ZSTD with the bounded decoders of codecs.ts; LERC; JPEG
 * and WebP with geotiff.js's decoders), undo the predictor and return little-endian sample bytes. Every decoder
 * writes at most the chunk's declared size. Split from reader.ts: this is the codec layer, the reader the layout.
 */
import fs from 'node:fs'
import nodePath from 'node:path'
import { numbers, Tag, TiffFormatError, type Ifd } from './ifd'
import { DecodeLimitError, jpegChunkDecode, jpegFrameSize, lzwDecode, packbitsDecode, zstdDecode } from './codecs'
import { inflateChunk } from './inflate'
import { decodeLerc } from './lerc'
import { swapBytes, undoFloatingPoint, undoHorizontal } from './predictor'
import { BYTES, typedView, type SampleType } from './samples'
import { errorCode } from '../../../domain/errors'

const DEFLATE = new Set([8, 32946])
const LERC = 34887

/** TIFF compression codes by name (TIFF 6.0 and the registered extensions GDAL writes), for describe and messages. */
export const COMPRESSION_NAMES: Record<number, string> = {
  1: 'none',
  2: 'CCITT RLE',
  3: 'CCITT G3',
  4: 'CCITT G4',
  5: 'LZW',
  6: 'JPEG (old)',
  7: 'JPEG',
  8: 'DEFLATE',
  32773: 'PackBits',
  32946: 'DEFLATE',
  34712: 'JPEG 2000',
  34887: 'LERC',
  34925: 'LZMA',
  50000: 'ZSTD',
  50001: 'WEBP',
  50002: 'JPEG XL',
}
/**
 * Compressions this reader decodes (none and DEFLATE itself, the others through codecs.ts and geotiff.js's decoders);
 * any other is refused by name before a byte of pixel data is read.
 */
export const READABLE_COMPRESSIONS = new Set([1, 5, 7, 8, 32773, 32946, 34887, 50000, 50001])

/** What decoding a chunk needs to know of its image (the TiffFile's checked header fields). */
export interface ChunkLayout {
  readonly path: string
  readonly ifd: Ifd
  readonly littleEndian: boolean
  readonly compression: number
  readonly predictor: number
  readonly sampleType: SampleType
  readonly planar: number
  readonly photometric: number
  readonly tiled: boolean
  readonly chunkWidth: number
  readonly chunkHeight: number
  readonly nodata: number | null
  readonly offsets: readonly number[]
  readonly byteCounts: readonly number[]
}

/** Decodes the chunks of one image (one per TiffFile; holds the reused buffer for compressed bytes). */
export class ChunkDecoder {
  constructor(private readonly f: ChunkLayout) {}

  private rawBuffer: Buffer | null = null

  /** A reused buffer of `count` bytes for compressed chunk bytes that are decoded synchronously. */
  private readBuffer(count: number): Buffer {
    if (!this.rawBuffer || this.rawBuffer.length < count) this.rawBuffer = Buffer.allocUnsafe(Math.max(count, 1 << 16))
    return this.rawBuffer.subarray(0, count)
  }

  /** Decode chunk `index`; `reuse`, a buffer its caller no longer reads, may receive DEFLATE output (see inflate.ts). */
  async decode(fd: number, index: number, rows: number, stride: number, reuse?: Uint8Array): Promise<Uint8Array> {
    const offset = this.f.offsets[index]
    const count = this.f.byteCounts[index]
    if (offset === undefined) throw new TiffFormatError(`tile/strip ${index} is missing from the offset table`)
    const bytesPerSample = BYTES[this.f.sampleType]
    const expected = this.f.chunkWidth * rows * stride * bytesPerSample
    const what = `${this.f.tiled ? 'tile' : 'strip'} ${index}`
    const file = nodePath.basename(this.f.path)
    if (count === 0) return this.sparseChunk(expected)
    // DEFLATE chunks are read into one reused buffer (inflate copies out of it at once); the others' raw bytes may
    // be kept (uncompressed chunks are returned as they are), so each gets its own.
    const deflate = DEFLATE.has(this.f.compression)
    const raw = deflate ? this.readBuffer(count) : Buffer.allocUnsafe(count)
    const got = fs.readSync(fd, raw, 0, count, offset)
    if (got !== count) throw new TiffFormatError(`${what} of ${file} is truncated: ${got} of ${count} bytes present`)
    let bytes: Uint8Array
    const cname = COMPRESSION_NAMES[this.f.compression] ?? `compression ${this.f.compression}`
    try {
      // Every decoder writes at most the chunk's declared size (a decompression bomb stops there, it never fills
      // memory): zlib's maxOutputLength, and the bounded LZW, PackBits and ZSTD decoders of codecs.ts.
      if (this.f.compression === 1) bytes = raw
      // One zlib stream reused for every chunk (inflate.ts); its failures are zlib.inflateSync's.
      else if (deflate) bytes = inflateChunk(raw, expected, reuse)
      else if (this.f.compression === 5) bytes = lzwDecode(raw, expected)
      else if (this.f.compression === 32773) bytes = packbitsDecode(raw, expected)
      else if (this.f.compression === 50000) bytes = await zstdDecode(raw, expected)
      else if (this.f.compression === 7) bytes = await this.jpegDecode(raw, rows, stride, what, file)
      else bytes = await this.foreignDecode(raw, rows, stride)
    } catch (err) {
      if (err instanceof TiffFormatError) throw err
      if (err instanceof DecodeLimitError || errorCode(err) === 'ERR_BUFFER_TOO_LARGE') {
        throw new TiffFormatError(
          `${what} of ${file} ${err instanceof DecodeLimitError ? err.message : `inflates to more than the ${expected} bytes its pixels need`} (${cname}; a decompression bomb or a damaged file), so RSure stopped decoding it`,
        )
      }
      throw new TiffFormatError(`${what} of ${file} cannot be decompressed (${cname}); the file is damaged, so copy or download it again`)
    }
    // A chunk that decodes short would leave pixels unread: an error naming the chunk, never a mean over fewer pixels.
    if (bytes.byteLength < expected) {
      throw new TiffFormatError(`${what} of ${file} decodes to ${bytes.byteLength} bytes, but its ${this.f.chunkWidth} x ${rows} pixels need ${expected}`)
    }
    if (!this.f.littleEndian && bytesPerSample > 1 && this.f.predictor !== 3) {
      if (bytes === raw) bytes = new Uint8Array(raw)
      swapBytes(bytes, bytesPerSample)
    }
    if (this.f.predictor === 2) undoHorizontal(bytes, bytesPerSample * 8, this.f.chunkWidth, rows, stride)
    else if (this.f.predictor === 3) undoFloatingPoint(bytes, bytesPerSample, this.f.chunkWidth, rows, stride)
    return bytes
  }

  /**
   * A tile or strip that was never written (byte count 0, GDAL's SPARSE_OK): GDAL reads it as the file's nodata
   * value when the file has one, else as zeros (GTiff driver, "sparse files"); so do we, before any nodata test.
   */
  private sparseChunk(bytes: number): Uint8Array {
    const out = new Uint8Array(bytes)
    const nd = this.f.nodata
    if (nd === null || nd === 0) return out
    const view = typedView(out, this.f.sampleType)
    const isFloat = this.f.sampleType === 'float32' || this.f.sampleType === 'float64'
    // An integer band cannot hold NaN, a fraction or an out-of-range value: then the zeros stay.
    if (isFloat || Number.isInteger(nd)) {
      view.fill(nd)
      if (!isFloat && view[0] !== nd) out.fill(0)
    }
    return out
  }

  /**
   * A JPEG tile or strip (compression 7): its frame header must declare the chunk's own size and sample count before
   * anything is decoded (a 256-pixel tile declaring 30000 x 30000 is refused unread); YCbCr data (photometric 6, as
   * GDAL writes RGB by default) is converted to RGB as libjpeg does, so band 1 is red, not luma.
   */
  private async jpegDecode(raw: Buffer, rows: number, stride: number, what: string, file: string): Promise<Uint8Array> {
    if (this.f.sampleType !== 'uint8')
      throw new TiffFormatError(
        `uses JPEG compression on ${this.f.sampleType} samples (12-bit or wider JPEG), which RSure cannot decode; convert it with DEFLATE or LZW`,
        'unsupported',
      )
    const frame = jpegFrameSize(raw)
    if (!frame) throw new TiffFormatError(`${what} of ${file} holds no JPEG frame header`)
    if (frame.width > this.f.chunkWidth || frame.height > Math.max(rows, this.f.chunkHeight) || frame.components !== stride) {
      throw new TiffFormatError(
        `${what} of ${file} holds a JPEG frame of ${frame.width} x ${frame.height} pixels and ${frame.components} components where its header declares ${this.f.chunkWidth} x ${rows} and ${stride}`,
      )
    }
    if (this.f.photometric === 6 && stride !== 3)
      throw new TiffFormatError(
        `uses JPEG with YCbCr colour in band-interleaved planes, which RSure cannot decode; convert it with gdal_translate -co PHOTOMETRIC=RGB`,
        'unsupported',
      )
    // Grey and colour through libjpeg as GDAL decodes them (codecs.ts), YCbCr upsampled and converted by libjpeg.
    if (stride === 1 || stride === 3) return jpegChunkDecode(raw, numbers(this.f.ifd, Tag.JPEGTables) ?? null, this.f.chunkWidth, rows, stride)
    return this.foreignDecode(raw, rows, stride)
  }

  private async foreignDecode(raw: Buffer, rows: number, stride: number): Promise<Uint8Array> {
    if (this.f.compression === LERC) {
      const bytes = this.f.chunkWidth * rows * stride * BYTES[this.f.sampleType]
      return decodeLerc(raw, numbers(this.f.ifd, Tag.LercParameters), this.f.sampleType, this.f.chunkWidth * rows, stride, this.f.planar === 1, bytes)
    }
    let decoder
    try {
      // geotiff.js is loaded only for these compressions, so workers reading DEFLATE files never pay for it.
      const { getDecoder } = await import('geotiff')
      decoder = await getDecoder(this.f.compression, {
        tileWidth: this.f.chunkWidth,
        tileHeight: rows,
        predictor: 1,
        bitsPerSample: BYTES[this.f.sampleType] * 8,
        planarConfiguration: this.f.planar,
        samplesPerPixel: stride,
        ...(this.f.compression === 7 ? { JPEGTables: numbers(this.f.ifd, Tag.JPEGTables) } : {}),
      } as Parameters<typeof getDecoder>[1])
    } catch {
      throw new TiffFormatError(
        `uses ${COMPRESSION_NAMES[this.f.compression] ?? `compression ${this.f.compression}`}, which RSure cannot decode`,
        'unsupported',
      )
    }
    const ab = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)
    return new Uint8Array(await decoder.decodeBlock(ab))
  }
}
