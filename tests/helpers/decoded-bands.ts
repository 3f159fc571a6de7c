/**
 * The bands of a GeoTIFF as geotiff.js decodes them (not the project's reader), for tests that compute reference
 * values themselves. Decoding a 2599 x 2573 q46 raster with geotiff.js takes about half a second (its per-sample copy
 * loop and pako's inflate), and the same rasters are decoded by dozens of test files, each in its own process: so the
 * decoded arrays are kept on disk for the test run, under the system's temporary folder, keyed by the file's path,
 * size and modification time and by the geotiff.js version. A hit reads the raw arrays back (a few milliseconds);
 * a miss decodes with geotiff.js and writes the arrays (to a temporary name, then renamed, so two test processes
 * writing the same entry never leave a half-written one). Each call returns fresh arrays: callers may change them.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fromFile } from 'geotiff'

type Band = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array

const BAND_TYPES = { Uint8Array, Int8Array, Uint16Array, Int16Array, Uint32Array, Int32Array, Float32Array, Float64Array } as const
type BandType = keyof typeof BAND_TYPES

export interface DecodedBands {
  /** One array per band, row-major, as geotiff.js's readRasters() returns them (no nodata or scale applied). */
  bands: Band[]
  width: number
  height: number
  /** The GDAL_NODATA tag's value, or null when the file has none. */
  nodata: number | null
}

interface Header {
  width: number
  height: number
  nodata: number | null
  bands: { type: BandType; length: number }[]
}

const GEOTIFF_VERSION = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../node_modules/geotiff/package.json'), 'utf8')) as { version: string }).version
const CACHE_DIR = path.join(os.tmpdir(), `rsure-test-decoded-geotiff-${GEOTIFF_VERSION}`)

function cacheFile(file: string): string {
  const abs = path.resolve(file)
  const st = fs.statSync(abs)
  const key = crypto.createHash('sha1').update(`${abs}|${st.size}|${st.mtimeMs}`).digest('hex')
  return path.join(CACHE_DIR, `${key}.bands`)
}

function typeOf(band: ArrayLike<number>): BandType {
  const name = band.constructor.name
  if (!(name in BAND_TYPES)) throw new Error(`geotiff.js returned a band of type ${name}, which the decoded-band cache does not know`)
  return name as BandType
}

/** Header length (4 bytes, little-endian), the JSON header, then each band's bytes at an 8-byte aligned offset. */
function write(target: string, d: DecodedBands): void {
  const header: Header = { width: d.width, height: d.height, nodata: d.nodata, bands: d.bands.map((b) => ({ type: typeOf(b), length: b.length })) }
  const json = Buffer.from(JSON.stringify(header))
  const parts: Buffer[] = [Buffer.alloc(4), json]
  parts[0].writeUInt32LE(json.length, 0)
  let offset = 4 + json.length
  for (const b of d.bands) {
    const pad = (8 - (offset % 8)) % 8
    parts.push(Buffer.alloc(pad), Buffer.from(b.buffer, b.byteOffset, b.byteLength))
    offset += pad + b.byteLength
  }
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(tmp, Buffer.concat(parts))
  fs.renameSync(tmp, target)
}

function read(target: string): DecodedBands | null {
  let buf: Buffer
  try {
    buf = fs.readFileSync(target)
  } catch {
    return null
  }
  const n = buf.readUInt32LE(0)
  const header = JSON.parse(buf.subarray(4, 4 + n).toString('utf8')) as Header
  let offset = 4 + n
  const bands: Band[] = []
  for (const { type, length } of header.bands) {
    offset += (8 - (offset % 8)) % 8
    const Ctor = BAND_TYPES[type]
    const bytes = length * Ctor.BYTES_PER_ELEMENT
    // A copy into a fresh buffer: the caller owns its arrays.
    const copy = new Uint8Array(bytes)
    copy.set(buf.subarray(offset, offset + bytes))
    bands.push(new Ctor(copy.buffer))
    offset += bytes
  }
  return { bands, width: header.width, height: header.height, nodata: header.nodata }
}

/** Every band of the file's first image, decoded by geotiff.js (cached for the test run, see above). */
export async function readBands(file: string): Promise<DecodedBands> {
  const target = cacheFile(file)
  const hit = read(target)
  if (hit) return hit
  const image = await (await fromFile(file)).getImage()
  const bands = (await image.readRasters()) as unknown as Band[]
  const decoded: DecodedBands = { bands: Array.from(bands), width: image.getWidth(), height: image.getHeight(), nodata: image.getGDALNoData() }
  write(target, decoded)
  return decoded
}
