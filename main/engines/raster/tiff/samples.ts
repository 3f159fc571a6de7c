/**
 * Sample types of the lean reader and the conversion of decoded tile/strip samples into float64 pixels.
 * Split from reader.ts: this is the per-pixel hot path, the reader is the file and layout logic.
 */
import { TiffFormatError } from './ifd'

export type SampleType = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'float64'

export function sampleType(bits: number, format: number): SampleType {
  if (format === 3) {
    if (bits === 32) return 'float32'
    if (bits === 64) return 'float64'
  } else if (format === 2) {
    if (bits === 8) return 'int8'
    if (bits === 16) return 'int16'
    if (bits === 32) return 'int32'
  } else if (format === 1 || format === 4) {
    if (bits === 8) return 'uint8'
    if (bits === 16) return 'uint16'
    if (bits === 32) return 'uint32'
  }
  const kind =
    format === 3
      ? bits === 16
        ? 'float16'
        : `${bits}-bit floating-point`
      : format === 5 || format === 6
        ? `${bits}-bit complex`
        : bits === 1
          ? '1-bit (bilevel)'
          : format === 2
            ? `${bits}-bit signed integer`
            : format === 1 || format === 4
              ? `${bits}-bit integer`
              : `SampleFormat ${format}`
  throw new TiffFormatError(`uses ${kind} samples, which RSure cannot read; convert it to 8/16/32-bit integers or 32/64-bit floats`, 'unsupported')
}

export type Typed = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array

export function typedView(bytes: Uint8Array, type: SampleType): Typed {
  const size = BYTES[type]
  let b = bytes
  if (b.byteOffset % size !== 0) b = new Uint8Array(b) // typed views need aligned offsets
  const n = Math.floor(b.byteLength / size)
  switch (type) {
    case 'uint8':
      return b
    case 'int8':
      return new Int8Array(b.buffer, b.byteOffset, n)
    case 'uint16':
      return new Uint16Array(b.buffer, b.byteOffset, n)
    case 'int16':
      return new Int16Array(b.buffer, b.byteOffset, n)
    case 'uint32':
      return new Uint32Array(b.buffer, b.byteOffset, n)
    case 'int32':
      return new Int32Array(b.buffer, b.byteOffset, n)
    case 'float32':
      return new Float32Array(b.buffer, b.byteOffset, n)
    case 'float64':
      return new Float64Array(b.buffer, b.byteOffset, n)
  }
}

export const BYTES: Record<SampleType, number> = { uint8: 1, int8: 1, uint16: 2, int16: 2, uint32: 4, int32: 4, float32: 4, float64: 8 }

/**
 * Convert the rows `g` of one chunk (per row `n` samples from `src`, every `stride`-th, into `out`; see ChunkRows):
 * `nodata` (and NaN) -> NaN, else
 * v*scale+offset, accumulating [count, sum, min, max] of the written valid values into `acc` on the way (the
 * values are in registers already; a separate statistics pass over a 50 MB band would cost as much again).
 * The caller guarantees every index read lies inside `src` (the reader refuses chunks that decode short).
 *
 * This is the reader's hot loop (~300 M samples for the Earth-Bench set). The loop over a chunk's rows is in here
 * too, not in the async readBand: there it ran about three times slower once files of two sample types had been
 * read (the caller's polymorphic call then inlined or not, per chunk, not per row).
 */
export type RowConverter<T> = (src: T, g: ChunkRows, out: Float64Array, nodata: number, scale: number, offset: number, acc: Float64Array) => void

/**
 * One compiled function per array type, from one source (`perTypeKernel`): a loop fed several typed-array kinds is
 * polymorphic and compiles several times slower, and closures of one literal (a factory) share V8's type feedback,
 * so each type gets a function literal of its own, named after it (the name also keeps each source distinct, so no
 * compilation cache can hand two types the same function). The source is a constant of this module, never data.
 */
export function perTypeKernel<F>(name: string, params: readonly string[], body: string): F {
  return new Function(`return function ${name}(${params.join(', ')}) {\n${body}\n}`)() as F
}

const ROW_PARAMS = ['src', 'g', 'out', 'nodata', 'scale', 'offset', 'acc'] as const

/** How a kernel tells an invalid sample: floats (NaN, nodata, a non-finite result), integers (nodata), or none at all. */
type Validity = 'float' | 'integer' | 'none'

/** The per-sample test of a kernel that skips invalid samples (`skip` runs for them); empty when none can be invalid. */
function validityTest(validity: Validity, skip: string): string {
  if (validity === 'float') return `const x = v * scale + offset\n      if (v !== v || v === nodata || !Number.isFinite(x)) {\n        ${skip}\n      }`
  if (validity === 'integer') return `if (v === nodata) {\n        ${skip}\n      }\n      const x = v * scale + offset`
  return 'const x = v * scale + offset'
}

/**
 * The row loop, once. Integer copies skip the NaN test; float copies also refuse a non-finite v * scale + offset;
 * unmasked copies (integers no nodata value can equal) test nothing, and count a row's samples at once.
 */
function rowConverter(name: string, validity: Validity): RowConverter<Typed> {
  return perTypeKernel(
    name,
    ROW_PARAMS,
    `let count = acc[0]
  let sum = acc[1]
  let min = acc[2]
  let max = acc[3]
  const { stride, n } = g
  for (let r = 0; r < g.rows; r++) {
    const d = g.d + r * g.outRow
    for (let k = 0, s = g.s + r * g.srcRow; k < n; k++, s += stride) {
      const v = src[s]
      ${validityTest(validity, 'out[d + k] = NaN\n        continue')}
      out[d + k] = x
      ${validity === 'none' ? '' : 'count++'}
      sum += x
      if (x < min) min = x
      if (x > max) max = x
    }
    ${validity === 'none' ? 'count += n' : ''}
  }
  acc[0] = count
  acc[1] = sum
  acc[2] = min
  acc[3] = max`,
  )
}

/**
 * The values-only twin: the same values written, no accumulators (`acc` is left alone). For reads nobody takes
 * statistics of (the sweeps that only fit TVDI's edges): without the running sum, whose every addition waits for the
 * previous one, the loop is bound by loads and stores instead.
 */
function valueConverter(name: string, validity: Validity): RowConverter<Typed> {
  return perTypeKernel(
    name,
    ROW_PARAMS,
    `const { stride, n } = g
  for (let r = 0; r < g.rows; r++) {
    const d = g.d + r * g.outRow
    for (let k = 0, s = g.s + r * g.srcRow; k < n; k++, s += stride) {
      const v = src[s]
      ${validityTest(validity, 'out[d + k] = NaN\n        continue')}
      out[d + k] = x
    }
  }`,
  )
}

export const VALUE_CONVERTERS: Record<SampleType, RowConverter<Typed>> = {
  uint8: valueConverter('valuesU8', 'integer'),
  int8: valueConverter('valuesI8', 'integer'),
  uint16: valueConverter('valuesU16', 'integer'),
  int16: valueConverter('valuesI16', 'integer'),
  uint32: valueConverter('valuesU32', 'integer'),
  int32: valueConverter('valuesI32', 'integer'),
  float32: valueConverter('valuesF32', 'float'),
  float64: valueConverter('valuesF64', 'float'),
}

export const CONVERTERS: Record<SampleType, RowConverter<Typed>> = {
  uint8: rowConverter('rowU8', 'integer'),
  int8: rowConverter('rowI8', 'integer'),
  uint16: rowConverter('rowU16', 'integer'),
  int16: rowConverter('rowI16', 'integer'),
  uint32: rowConverter('rowU32', 'integer'),
  int32: rowConverter('rowI32', 'integer'),
  float32: rowConverter('rowF32', 'float'),
  float64: rowConverter('rowF64', 'float'),
}

/**
 * CONVERTERS and VALUE_CONVERTERS for integer samples when no sample can equal the nodata value (none given, or not
 * an integer of the type's range: `nodataCanMatch`). The test per sample is what made the loop slow: with nodata
 * NaN (no nodata, task 46), 3.4 ns per int16 sample against 1.2 without it (one thread, a 256-row strip).
 */
export const UNMASKED_CONVERTERS: Partial<Record<SampleType, RowConverter<Typed>>> = {
  uint8: rowConverter('allU8', 'none'),
  int8: rowConverter('allI8', 'none'),
  uint16: rowConverter('allU16', 'none'),
  int16: rowConverter('allI16', 'none'),
  uint32: rowConverter('allU32', 'none'),
  int32: rowConverter('allI32', 'none'),
}

export const UNMASKED_VALUE_CONVERTERS: Partial<Record<SampleType, RowConverter<Typed>>> = {
  uint8: valueConverter('allValuesU8', 'none'),
  int8: valueConverter('allValuesI8', 'none'),
  uint16: valueConverter('allValuesU16', 'none'),
  int16: valueConverter('allValuesI16', 'none'),
  uint32: valueConverter('allValuesU32', 'none'),
  int32: valueConverter('allValuesI32', 'none'),
}

/** The range of each integer sample type. */
const INTEGER_RANGE: Partial<Record<SampleType, [number, number]>> = {
  uint8: [0, 255],
  int8: [-128, 127],
  uint16: [0, 65535],
  int16: [-32768, 32767],
  uint32: [0, 2 ** 32 - 1],
  int32: [-(2 ** 31), 2 ** 31 - 1],
}

/** Whether a sample of `type` can equal `nodata` (always for floats; for integers only an integer in the type's range). */
export function nodataCanMatch(type: SampleType, nodata: number): boolean {
  const range = INTEGER_RANGE[type]
  if (!range) return true
  return Number.isInteger(nodata) && nodata >= range[0] && nodata <= range[1]
}

/** Rows of one chunk inside a read window: row k starts at s + k * srcRow in the chunk, at d + k * outRow in the output. */
export interface ChunkRows {
  s: number
  srcRow: number
  stride: number
  d: number
  outRow: number
  /** Samples per row. */
  n: number
  rows: number
}
