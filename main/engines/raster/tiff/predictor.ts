/**
 * Undo the TIFF predictors on one decompressed tile or strip, in place.
 *
 * - Predictor 2 (horizontal differencing, TIFF 6.0 section 14): each sample stores the difference to the sample
 *   `stride` positions to its left in the same row; summing restores it (integer wrap-around is intended).
 * - Predictor 3 (floating point, Adobe Photoshop TIFF Technical Note 3): each row's bytes were split into byte
 *   planes (most significant byte first, independent of the file's byte order) and byte-differenced with stride
 *   `samplesPerPixel`; we re-sum the bytes and re-interleave them into little-endian values.
 *
 * Hand-written (rather than calling geotiff.js's predictor) so it runs on Node Buffers straight out of zlib
 * without extra copies, and handles big-endian files by swapping before the integer sums.
 */

/** Swap the bytes of every `bytesPerSample`-byte value in place (big-endian file data to little-endian). */
export function swapBytes(bytes: Uint8Array, bytesPerSample: number): void {
  if (bytesPerSample === 1) return
  for (let i = 0; i + bytesPerSample <= bytes.length; i += bytesPerSample) {
    for (let a = i, b = i + bytesPerSample - 1; a < b; a++, b--) {
      const t = bytes[a]
      bytes[a] = bytes[b]
      bytes[b] = t
    }
  }
}

/**
 * Undo predictor 2 on little-endian sample data. `width` is the chunk width in pixels, `stride` the samples per
 * pixel stored interleaved in this chunk (1 for planar configuration 2), `rows` the rows present in the chunk.
 */
export function undoHorizontal(bytes: Uint8Array, bitsPerSample: number, width: number, rows: number, stride: number): void {
  const rowLen = width * stride
  let view: Uint8Array | Uint16Array | Uint32Array
  if (bitsPerSample === 8) view = bytes
  else if (bitsPerSample === 16) view = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1)
  else if (bitsPerSample === 32) view = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)
  else throw new Error(`Predictor 2 is defined for 8, 16 or 32 bits per sample, not ${bitsPerSample}.`)
  for (let r = 0; r < rows; r++) {
    const start = r * rowLen
    const end = Math.min(start + rowLen, view.length)
    for (let i = start + stride; i < end; i++) view[i] += view[i - stride]
  }
}

/** Undo predictor 3 (floating point) row by row; the result is little-endian IEEE values. */
export function undoFloatingPoint(bytes: Uint8Array, bytesPerSample: number, width: number, rows: number, stride: number): void {
  const rowBytes = width * stride * bytesPerSample
  const values = width * stride
  const copy = new Uint8Array(rowBytes)
  for (let r = 0; r < rows; r++) {
    const start = r * rowBytes
    if (start + rowBytes > bytes.length) break
    const row = bytes.subarray(start, start + rowBytes)
    for (let i = stride; i < rowBytes; i++) row[i] = (row[i] + row[i - stride]) & 0xff
    copy.set(row)
    for (let i = 0; i < values; i++) {
      for (let b = 0; b < bytesPerSample; b++) row[bytesPerSample * i + b] = copy[(bytesPerSample - b - 1) * values + i]
    }
  }
}
