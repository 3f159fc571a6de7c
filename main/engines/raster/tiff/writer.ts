/**
 * Write a raster as a georeferenced float32 GeoTIFF: little-endian classic TIFF, DEFLATE strips of 64 rows with
 * the floating-point predictor (3), NaN as GDAL_NODATA, the geotransform as tiepoint + pixel scale (or a model
 * transformation when rotated), and the source file's GeoKeys copied verbatim except the raster type, which is
 * set to PixelIsArea because the geotransform written is corner-based (see georef.ts).
 *
 * Hand-written rather than geotiff.js's writeArrayBuffer because that writes one uncompressed strip (a 2599 x
 * 2573 float raster would be 27 MB) and rebuilds GeoKeys from names, which loses user-defined CRSs.
 *
 * Sources: TIFF 6.0 (IFD layout, strips), Adobe TIFF Technical Note 3 (predictor 3), GeoTIFF 1.1 (tags 33550,
 * 33922, 34264, 34735-34737; GTRasterTypeGeoKey 1025), GDAL GTiff (GDAL_NODATA 42113).
 */
import zlib from 'node:zlib'
import type { Grid } from '../raster'

const ROWS_PER_STRIP = 64

interface Entry {
  tag: number
  type: 2 | 3 | 4 | 12
  values: number[] | string
}

/** Apply predictor 3 to one row of float32 values: byte planes (most significant first), then byte differences. */
function predictRow(row: Float32Array, out: Uint8Array): void {
  const n = row.length
  const bytes = new Uint8Array(row.buffer, row.byteOffset, n * 4)
  for (let i = 0; i < n; i++) for (let b = 0; b < 4; b++) out[(3 - b) * n + i] = bytes[i * 4 + b]
  for (let i = out.length - 1; i > 0; i--) out[i] = (out[i] - out[i - 1]) & 0xff
}

/**
 * Writes rows as they come (a band need never be held whole): every 64 rows are predicted, deflated and kept as
 * one compressed strip; `finish()` lays out the header, tags and strips.
 */
export class GeoTiffStripWriter {
  private readonly strips: Buffer[] = []
  private readonly pending: Float32Array
  private pendingRows = 0
  private written = 0
  private readonly rowBytes: Uint8Array

  constructor(
    private readonly grid: Grid,
    private readonly description?: string,
  ) {
    this.pending = new Float32Array(ROWS_PER_STRIP * grid.width)
    this.rowBytes = new Uint8Array(grid.width * 4)
  }

  /** Append whole rows (row-major, `width` values each). */
  addRows(data: Float64Array): void {
    const w = this.grid.width
    if (data.length % w !== 0) throw new RangeError(`rows of a ${w}-pixel-wide raster come in multiples of ${w} values, not ${data.length}`)
    for (let off = 0; off < data.length; off += w) {
      if (this.written + this.pendingRows >= this.grid.height) throw new RangeError(`more than ${this.grid.height} rows were written`)
      this.pending.set(data.subarray(off, off + w), this.pendingRows * w)
      this.pendingRows++
      if (this.pendingRows === ROWS_PER_STRIP) this.flush()
    }
  }

  private flush(): void {
    if (this.pendingRows === 0) return
    const w = this.grid.width
    const raw = new Uint8Array(this.pendingRows * w * 4)
    for (let r = 0; r < this.pendingRows; r++) {
      predictRow(this.pending.subarray(r * w, (r + 1) * w), this.rowBytes)
      raw.set(this.rowBytes, r * w * 4)
    }
    this.strips.push(zlib.deflateSync(raw, { level: 6 }))
    this.written += this.pendingRows
    this.pendingRows = 0
  }

  finish(): Uint8Array {
    this.flush()
    if (this.written !== this.grid.height) throw new RangeError(`${this.written} of ${this.grid.height} rows were written`)
    return layout(this.strips, this.grid, this.description)
  }
}

export function encodeGeoTiff(data: Float64Array, grid: Grid, description?: string): Uint8Array {
  const { width, height } = grid
  if (data.length !== width * height) throw new RangeError(`raster data has ${data.length} values for a ${width}x${height} grid`)
  const w = new GeoTiffStripWriter(grid, description)
  w.addRows(data)
  return w.finish()
}

/**
 * How the samples of a file are stored: float32 with predictor 3 and NaN nodata (the default, for derived layers),
 * or unsigned 8/16-bit integers in separate planes (pictures converted for reading, picture-raster.ts).
 */
interface SampleLayout {
  bits: 8 | 16 | 32
  /** SampleFormat (339): 1 unsigned integer, 3 IEEE float. */
  format: 1 | 3
  bands: number
  /** PhotometricInterpretation (262): 1 min-is-black, 2 RGB. */
  photometric: 1 | 2
  predictor: 1 | 3
  /** ExtraSamples (338) for bands beyond the photometric model (2: unassociated alpha, 0: unspecified). */
  extraSamples?: number[]
  /** GDAL_NODATA text, or null for none. */
  nodata: string | null
}

const FLOAT_LAYOUT: SampleLayout = { bits: 32, format: 3, bands: 1, photometric: 1, predictor: 3, nodata: 'nan' }

/**
 * Encode unsigned 8- or 16-bit bands (one array per band, row-major) as a planar (PlanarConfiguration 2) TIFF of
 * DEFLATE strips of 64 rows, without georeferencing: the pixel grid of a picture, each band readable on its own.
 */
export function encodeSampleTiff(
  bands: readonly (Uint8Array | Uint16Array)[],
  size: { width: number; height: number },
  opts: { photometric: 1 | 2; extraSamples?: number[]; description?: string },
): Uint8Array {
  const { width, height } = size
  const bits = bands[0] instanceof Uint16Array ? 16 : 8
  const strips: Buffer[] = []
  for (const band of bands) {
    if (band.length !== width * height || (band instanceof Uint16Array ? 16 : 8) !== bits)
      throw new RangeError(`every band needs ${width * height} samples of ${bits} bits`)
    const bytes = new Uint8Array(band.buffer, band.byteOffset, band.byteLength)
    const rowBytes = (width * bits) / 8
    for (let r = 0; r < height; r += ROWS_PER_STRIP)
      strips.push(zlib.deflateSync(bytes.subarray(r * rowBytes, Math.min(height, r + ROWS_PER_STRIP) * rowBytes), { level: 6 }))
  }
  const grid: Grid = { width, height, geoTransform: null, crs: null, geoKeyTags: null }
  return layout(strips, grid, opts.description, { bits, format: 1, bands: bands.length, predictor: 1, nodata: null, ...opts })
}

function layout(strips: Buffer[], grid: Grid, description?: string, f: SampleLayout = FLOAT_LAYOUT): Uint8Array {
  const { width, height } = grid
  const entries: Entry[] = [
    { tag: 256, type: 4, values: [width] },
    { tag: 257, type: 4, values: [height] },
    { tag: 258, type: 3, values: Array<number>(f.bands).fill(f.bits) },
    { tag: 259, type: 3, values: [8] },
    { tag: 262, type: 3, values: [f.photometric] },
    { tag: 273, type: 4, values: strips.map(() => 0) }, // patched below
    { tag: 277, type: 3, values: [f.bands] },
    { tag: 278, type: 4, values: [ROWS_PER_STRIP] },
    { tag: 279, type: 4, values: strips.map((s) => s.length) },
    { tag: 284, type: 3, values: [f.bands > 1 ? 2 : 1] },
    { tag: 317, type: 3, values: [f.predictor] },
    { tag: 339, type: 3, values: Array<number>(f.bands).fill(f.format) },
  ]
  if (f.extraSamples?.length) entries.push({ tag: 338, type: 3, values: f.extraSamples })
  if (description) entries.push({ tag: 270, type: 2, values: description })
  const gt = grid.geoTransform
  if (gt) {
    if (gt[2] === 0 && gt[4] === 0) {
      entries.push({ tag: 33550, type: 12, values: [gt[1], -gt[5], 0] })
      entries.push({ tag: 33922, type: 12, values: [0, 0, 0, gt[0], gt[3], 0] })
    } else {
      entries.push({ tag: 34264, type: 12, values: [gt[1], gt[2], 0, gt[0], gt[4], gt[5], 0, gt[3], 0, 0, 0, 0, 0, 0, 0, 1] })
    }
  }
  const keys = grid.geoKeyTags
  if (keys) {
    const dir = [...keys.directory]
    for (let k = 0; k < dir[3]; k++) {
      const at = 4 + k * 4
      if (dir[at] === 1025 && dir[at + 1] === 0) dir[at + 3] = 1 // GTRasterTypeGeoKey -> PixelIsArea
    }
    entries.push({ tag: 34735, type: 3, values: dir })
    if (keys.doubles?.length) entries.push({ tag: 34736, type: 12, values: keys.doubles })
    if (keys.ascii) entries.push({ tag: 34737, type: 2, values: keys.ascii })
  }
  if (f.nodata !== null) entries.push({ tag: 42113, type: 2, values: f.nodata })
  entries.sort((a, b) => a.tag - b.tag)

  const size = (e: Entry) => (typeof e.values === 'string' ? e.values.length + 1 : e.values.length * ({ 3: 2, 4: 4, 12: 8 } as const)[e.type as 3 | 4 | 12])
  const count = (e: Entry) => (typeof e.values === 'string' ? e.values.length + 1 : e.values.length)
  const ifdSize = 2 + entries.length * 12 + 4
  let extra = 0
  for (const e of entries) if (size(e) > 4) extra += size(e) + (size(e) % 2)
  const headerAndIfd = 8 + ifdSize + extra
  let dataOffset = headerAndIfd
  const offsets = strips.map((s) => {
    const o = dataOffset
    dataOffset += s.length
    return o
  })
  entries.find((e) => e.tag === 273)!.values = offsets

  const out = Buffer.alloc(dataOffset)
  out.write('II', 0, 'latin1')
  out.writeUInt16LE(42, 2)
  out.writeUInt32LE(8, 4)
  out.writeUInt16LE(entries.length, 8)
  let extraAt = 8 + ifdSize
  entries.forEach((e, i) => {
    const at = 10 + i * 12
    out.writeUInt16LE(e.tag, at)
    out.writeUInt16LE(e.type, at + 2)
    out.writeUInt32LE(count(e), at + 4)
    const bytes = size(e)
    const target = bytes > 4 ? extraAt : at + 8
    if (bytes > 4) out.writeUInt32LE(extraAt, at + 8)
    if (typeof e.values === 'string') out.write(`${e.values}\0`, target, 'latin1')
    else
      e.values.forEach((v, j) => {
        if (e.type === 3) out.writeUInt16LE(v, target + j * 2)
        else if (e.type === 4) out.writeUInt32LE(v, target + j * 4)
        else out.writeDoubleLE(v, target + j * 8)
      })
    if (bytes > 4) extraAt += bytes + (bytes % 2)
  })
  out.writeUInt32LE(0, 10 + entries.length * 12) // no next IFD
  for (let i = 0; i < strips.length; i++) strips[i].copy(out, offsets[i])
  return out
}
