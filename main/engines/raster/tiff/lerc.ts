/**
 * LERC tiles and strips (TIFF compression 34887, as GDAL writes them): the LercParameters tag (50674) holds the
 * LERC version and an additional compression (0 none, 1 DEFLATE, 2 ZSTD) applied over the LERC blob.
 *
 * Decoded here rather than by geotiff.js's LercDecoder, which returns the whole ArrayBuffer behind the decoded
 * pixels (wrong offset and length for some blocks) and drops LERC's validity mask. GDAL (libtiff tif_lerc.c) stores
 * NaN samples of float bands as masked pixels and restores them as NaN on read; so do we. Integer bands carry
 * nodata as an ordinary value, unmasked.
 */
import zlib from 'node:zlib'
import Lerc from 'lerc'
import { TiffFormatError } from './ifd'
import { BYTES, typedView, type SampleType } from './samples'

let zstd: Promise<{ decode(a: Uint8Array, size?: number): Uint8Array }> | null = null

async function unzstd(bytes: Uint8Array): Promise<Uint8Array> {
  zstd ??= (async () => {
    const { ZSTDDecoder } = await import('zstddec')
    const d = new ZSTDDecoder()
    await d.init()
    return d
  })()
  return (await zstd).decode(bytes)
}

/** Decode one LERC chunk of `pixels` pixels x `stride` samples into little-endian sample bytes of `type`. */
export async function decodeLerc(
  raw: Uint8Array,
  params: number[] | undefined,
  type: SampleType,
  pixels: number,
  stride: number,
  pixelInterleaved: boolean,
  maxBytes: number,
): Promise<Uint8Array> {
  const extra = params?.[1] ?? 0
  let blob: Uint8Array
  if (extra === 0) blob = raw
  else if (extra === 1) blob = zlib.inflateSync(raw, { maxOutputLength: Math.max(1, maxBytes * 2 + 4096) })
  else if (extra === 2) blob = await unzstd(raw)
  else throw new TiffFormatError(`uses LERC with the unknown additional compression ${extra}`, 'unsupported')
  const block = Lerc.decode(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength) as ArrayBuffer, {
    returnPixelInterleavedDims: pixelInterleaved,
  })
  const out = new Uint8Array(pixels * stride * BYTES[type])
  const view = typedView(out, type)
  if (block.pixels.length === 1) view.set(block.pixels[0] as ArrayLike<number>)
  else {
    // One plane per sample: interleave them as the TIFF's pixel-interleaved chunk expects.
    block.pixels.forEach((plane, s) => {
      const p = plane as ArrayLike<number>
      for (let i = 0; i < pixels; i++) view[i * stride + s] = p[i]
    })
  }
  const mask = block.mask
  if (mask && (type === 'float32' || type === 'float64')) {
    for (let i = 0; i < pixels; i++) if (mask[i] === 0) for (let s = 0; s < stride; s++) view[i * stride + s] = NaN
  }
  return out
}
