/**
 * Data faults made as files (issue 16): the fault lives in the rasters, not in a call, so no call/echo comparison
 * can see it and a repair that re-runs the call meets it again. For a question over Earth-Bench task 46's series the
 * period's files of its variable are copied into a folder of their own and one date is spoiled:
 *
 * - `fill-untagged`: every fifth pixel of the first date of the period holds -9999 (a usual fill) and the file tags
 *   no nodata for it (its own nodata pixels become NaN, the tag it carries). Right: the value with the fill left out.
 * - `stale-date`: the second date of the period is a byte copy of the first under its own date. Right: a refusal
 *   naming the copy (identical pixels); no value can be trusted for that date.
 * - `constant-rows`: 60 % of the rows of the first date hold one constant value (a corrupt block). Right: a refusal
 *   naming the constant block.
 *
 * The spoiled files are float32 GeoTIFFs with the source's georeferencing (the engine's writer) and no scale tag, so
 * the product's naming convention scales them as it scales the originals. References are computed here with
 * geotiff.js from the files as written, never by the engine. Folders are written once under `dir` and reused while
 * their marker matches (the eval's results resume on an unchanged task).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { TiffFile } from '../../engines/raster/tiff/reader'
import { encodeGeoTiff } from '../../engines/raster/tiff/writer'

export type FileFaultKind = 'fill-untagged' | 'stale-date' | 'constant-rows'

export const FILE_FAULTS: readonly { id: FileFaultKind; title: string; visibleIn: string; minDates: number; refusal: string | null }[] = [
  {
    id: 'fill-untagged',
    title: 'fill value without a nodata tag (file)',
    visibleIn: 'content profile: many pixels at -9999 at the minimum, out of the physical range',
    minDates: 1,
    refusal: null,
  },
  {
    id: 'stale-date',
    title: 'a date that is a byte copy of another (file)',
    visibleIn: 'content fingerprints: two dates with identical pixels',
    minDates: 2,
    refusal: 'identical|duplicate|copy',
  },
  { id: 'constant-rows', title: 'a block of constant rows in one date (file)', visibleIn: 'content profile: constant rows', minDates: 1, refusal: 'constant' },
]

const FILL = -9999
const MARKER = '.rsure-fault-v1'

async function readDn(file: string): Promise<{ data: Float64Array; nodata: number | null; width: number; height: number }> {
  const tiff = await fromFile(file)
  try {
    const image = await tiff.getImage()
    const [band] = await image.readRasters({ interleave: false })
    const tag = image.getGDALNoData()
    return { data: Float64Array.from(band), nodata: tag === null || tag === undefined ? null : Number(tag), width: image.getWidth(), height: image.getHeight() }
  } finally {
    await tiff.close()
  }
}

/** Write DN values (NaN where the source had its nodata) as a float32 GeoTIFF on the source's grid. */
function writeLike(source: string, data: Float64Array, out: string): void {
  const tif = TiffFile.open(source)
  try {
    const grid = { width: tif.width, height: tif.height, geoTransform: tif.georef.geoTransform, crs: tif.georef.crs, geoKeyTags: tif.geoKeyTags }
    fs.writeFileSync(out, encodeGeoTiff(data, grid))
  } finally {
    tif.close()
  }
}

/** Spoil `files` (sorted by date, one variable) into `folder` by `kind`. Returns the folder. */
export async function writeFileFault(kind: FileFaultKind, files: string[], folder: string, constant: number): Promise<string> {
  const marker = path.join(folder, MARKER)
  const want = JSON.stringify({ kind, files: files.map((f) => path.basename(f)), constant })
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) return folder
  fs.rmSync(folder, { recursive: true, force: true })
  fs.mkdirSync(folder, { recursive: true })
  for (const f of files) fs.copyFileSync(f, path.join(folder, path.basename(f)))
  const first = files[0]
  const target = path.join(folder, path.basename(first))
  if (kind === 'stale-date') {
    fs.copyFileSync(first, path.join(folder, path.basename(files[1])))
  } else {
    const { data, nodata, width, height } = await readDn(first)
    for (let i = 0; i < data.length; i++) if (nodata !== null && data[i] === nodata) data[i] = NaN
    if (kind === 'fill-untagged') {
      for (let i = 0; i < data.length; i += 5) data[i] = FILL
    } else {
      const rows = Math.floor(height * 0.6)
      data.fill(constant, 0, rows * width)
    }
    fs.rmSync(target)
    writeLike(first, data, target)
  }
  fs.writeFileSync(marker, want)
  return folder
}

/** Each stored value of a file that is not NaN, not the file's nodata tag and (when given) not `fill`. */
async function eachValid(file: string, fill: number | null, use: (dn: number) => void): Promise<void> {
  const { data, nodata } = await readDn(file)
  for (let i = 0; i < data.length; i++) {
    const v = data[i]
    if (!Number.isNaN(v) && v !== nodata && v !== fill) use(v)
  }
}

/** Mean of DN * scale over the valid pixels (eachValid), null when there is none. */
async function meanOf(file: string, scale: number, fill: number | null): Promise<number | null> {
  let sum = 0
  let n = 0
  await eachValid(file, fill, (v) => {
    sum += v * scale
    n++
  })
  return n ? sum / n : null
}

/**
 * The right period mean over a folder written by writeFileFault with `fill-untagged`: the mean of the per-date means
 * with the fill left out (dates with no valid pixel left out, as Earth-Bench does).
 */
export async function fillFreeMeanOfMeans(files: string[], scale: number): Promise<number> {
  const means: number[] = []
  for (const f of files) {
    const m = await meanOf(f, scale, FILL)
    if (m !== null) means.push(m)
  }
  if (!means.length) throw new Error(`No valid pixel in any of ${files.length} files.`)
  return means.reduce((a, b) => a + b, 0) / means.length
}

/** Share (percent) of valid pixels above `threshold` with the fill left out. */
export async function fillFreeShareAbove(file: string, scale: number, threshold: number): Promise<number> {
  let n = 0
  let above = 0
  await eachValid(file, FILL, (v) => {
    n++
    if (v * scale > threshold) above++
  })
  if (n === 0) throw new Error(`No valid pixel in ${file}.`)
  return (100 * above) / n
}
