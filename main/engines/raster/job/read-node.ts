/**
 * Read nodes of a raster job: resolve a node's file (path or catalog role), nodata, scale and window, open it, and
 * read its rows as rasters on the matching part of the file's grid.
 */
import path from 'node:path'
import type { Grid, Raster } from '../raster'
import { checkPixels } from '../budget'
import type { ContentAccumulator } from '../stats'
import type { SampleStrip } from '../products/product'
import { openRasterFile } from '../picture-raster'
import { readProblem, type TiffFile, type StoredSamples } from '../tiff/reader'
import { nodataCanMatch } from '../tiff/samples'
import type { BufferRecycler } from './recycler'
import type { JobNode, RasterJob } from './types'
import { RasterJobError } from './types'
import { errorMessage } from '../../../domain/errors'

/** An opened read: the file, how its values are decoded, the full window and grid it covers. */
export interface PreparedRead {
  node: JobNode
  tif: TiffFile
  file: string
  band: number
  nodata: number | null
  scale: number
  offset: number
  meta?: Record<string, number>
  /** The window of the file this node reads (the whole image unless params.window). */
  win: { col: number; row: number; width: number; height: number }
  grid: Grid
  bandInfo: Record<string, unknown>
}

/** Resolve a read node (path or catalog role, nodata, scale) and open its file. The caller closes `tif`. */
export function prepareRead(node: JobNode, job: RasterJob): PreparedRead {
  if (node.kind !== 'read') throw new RasterJobError(node.id, `node '${node.id}' is a ${node.kind} node, not a read`)
  const p = node.params
  let file: string
  let band = p.band
  let scale = 1
  let offset = 0
  let nodataDefault: number | undefined
  let meta: Record<string, number> | undefined
  let scaleSource = 'raw DN'
  if (p.role !== undefined) {
    const item = job.item
    if (!item) throw new RasterJobError(node.id, `read node '${node.id}' names role '${p.role}' but is not fed by a catalog`)
    const ref = item.bands[p.role] ?? Object.entries(item.bands).find(([k]) => k.toLowerCase() === p.role!.toLowerCase())?.[1]
    if (!ref)
      throw new RasterJobError(
        node.id,
        `asset ${item.id} has no band with role '${p.role}' (it has ${Object.keys(item.bands).join(', ')}) for node '${node.id}'`,
      )
    file = ref.path
    band = ref.band
    scale = ref.scale
    offset = ref.offset
    nodataDefault = ref.nodata
    meta = ref.meta
    scaleSource = ref.scaleSource
  } else {
    file = path.resolve(job.baseDir, p.path!)
  }
  let tif: TiffFile
  try {
    tif = openRasterFile(file)
  } catch (err) {
    throw new RasterJobError(node.id, `node '${node.id}' cannot read its file: ${readProblem(file, err)}`)
  }
  const fileScale = tif.metadataScale.get(band)
  const fileOffset = tif.metadataOffset.get(band)
  // A scale by convention (params.scales, given by a product's name) never overrides the file's own scale tag: the
  // file says how its values are stored, the name only guesses (issue 16: 0.02 over a correct tag gave a 619 K mean).
  if (
    p.role !== undefined &&
    scaleSource.startsWith('params.scales') &&
    (fileScale !== undefined || fileOffset !== undefined) &&
    (fileScale !== scale || (fileOffset ?? 0) !== offset)
  ) {
    scaleSource = `GDAL metadata scale/offset of the file (overrides the conventional scale ${scale}${offset ? ` offset ${offset}` : ''} given for '${p.role}')`
    scale = fileScale ?? 1
    offset = fileOffset ?? 0
  }
  if (p.scale === 'file') {
    scale = tif.metadataScale.get(band) ?? 1
    offset = tif.metadataOffset.get(band) ?? 0
    scaleSource = 'GDAL metadata'
  } else if (p.scale !== undefined || p.offset !== undefined) {
    scale = p.scale ?? 1
    offset = p.offset ?? 0
    scaleSource = 'node params'
  }
  const nodata = p.nodata === 'none' ? null : p.nodata === 'file' ? (nodataDefault ?? tif.nodata) : p.nodata
  const win = p.window ?? { col: 0, row: 0, width: tif.width, height: tif.height }
  try {
    checkPixels(win.width * win.height, `Node '${node.id}' (${path.basename(file)}, ${win.width} x ${win.height})`)
  } catch (err) {
    tif.close()
    throw new RasterJobError(node.id, errorMessage(err))
  }
  const gt = tif.georef.geoTransform
  const grid: Grid = {
    width: win.width,
    height: win.height,
    geoTransform: gt ? [gt[0] + win.col * gt[1] + win.row * gt[2], gt[1], gt[2], gt[3] + win.col * gt[4] + win.row * gt[5], gt[4], gt[5]] : null,
    crs: tif.georef.crs,
    geoKeyTags: tif.geoKeyTags,
  }
  const bandInfo = {
    path: file,
    band,
    ...(p.role !== undefined ? { role: p.role } : {}),
    nodata: nodata === null ? null : Number.isNaN(nodata) ? 'NaN' : nodata,
    nodata_source:
      p.nodata === 'file'
        ? nodataDefault !== undefined
          ? 'catalog fill value'
          : tif.nodata === null
            ? 'file has no nodata tag'
            : 'file GDAL_NODATA tag'
        : 'node params',
    scale,
    offset,
    scale_source: scaleSource,
    unit: node.unit,
    file_nodata: tif.nodata,
    // The catalog's fill value for the band (a sensor convention such as Landsat Level-1 DN 0), when it has one.
    ...(nodataDefault !== undefined ? { catalog_nodata: nodataDefault } : {}),
    ...(fileScale !== undefined || fileOffset !== undefined ? { file_scale: fileScale ?? 1, file_offset: fileOffset ?? 0 } : {}),
    dtype: tif.sampleType,
    // The file's size and the window read from it: lets a verifier see which part of the image a value covers.
    file_size: { width: tif.width, height: tif.height },
    window: { col: win.col, row: win.row, width: win.width, height: win.height },
  }
  return { node, tif, file, band, nodata, scale, offset, ...(meta ? { meta } : {}), win, grid, bandInfo }
}

/**
 * Read rows [r0, r0 + rows) of a prepared read's window as a raster on the matching strip of its grid; `content`
 * receives the rows for the node's content profile (the reader computes it while converting). `withStats: false`
 * leaves the raster's running statistics out (a sweep that only shows the pixels to a product).
 */
export async function readRows(
  r: PreparedRead,
  r0: number,
  rows: number,
  recycler: BufferRecycler,
  content?: ContentAccumulator,
  withStats: boolean | Float64Array = true,
): Promise<Raster> {
  // A running [count, sum, min, max] is carried on (the raster's stats are then those of every row read so far).
  const running = withStats instanceof Float64Array ? withStats : undefined
  const stats = running ?? (withStats ? new Float64Array(4) : undefined)
  const window = { col: r.win.col, row: r.win.row + r0, width: r.win.width, height: rows }
  let data: Float64Array
  try {
    data = await r.tif.readBand({
      band: r.band,
      window,
      nodata: r.nodata,
      scale: r.scale,
      offset: r.offset,
      into: recycler.take(r.win.width * rows),
      ...(running ? { running } : { stats }),
      content,
    })
  } catch (err) {
    throw new RasterJobError(r.node.id, `node '${r.node.id}' cannot read band ${r.band}: ${readProblem(r.file, err)}`)
  }
  return { grid: stripGrid(r.grid, r0, rows), data, unit: r.node.unit, ...(stats ? { stats } : {}), ...(r.meta ? { meta: r.meta } : {}) }
}

/** Whether readSampleRows gives this read's samples (integers of 16 bits or fewer, one band per chunk sample, no nodata they could equal). */
export function samplesReadable(r: PreparedRead): boolean {
  return r.tif.samplesReadable && !nodataCanMatch(r.tif.sampleType, r.nodata ?? NaN)
}

/**
 * Rows [r0, r0 + rows) of a prepared read as stored samples (SampleStrip), into `into` when it fits; null when the
 * read has nodata its samples could equal or samples readSamples does not give (then read values with readRows).
 * With `profile`, the rows are also added to the read's running statistics and content profile, as readRows adds
 * them (TiffFile.readSamples `profile`: the same figures to the last bit); null then too where the reader cannot
 * profile this read's samples (`samplesProfiled`).
 */
export async function readSampleRows(
  r: PreparedRead,
  r0: number,
  rows: number,
  into?: StoredSamples,
  profile?: { content: ContentAccumulator; running: Float64Array },
): Promise<SampleStrip | null> {
  if (!samplesReadable(r)) return null
  const window = { col: r.win.col, row: r.win.row + r0, width: r.win.width, height: rows }
  let samples: StoredSamples | null
  try {
    const withProfile = profile ? { profile: { scale: r.scale, offset: r.offset, nodata: r.nodata ?? NaN, ...profile } } : {}
    samples = await r.tif.readSamples({ band: r.band, window, into, ...withProfile })
  } catch (err) {
    throw new RasterJobError(r.node.id, `node '${r.node.id}' cannot read band ${r.band}: ${readProblem(r.file, err)}`)
  }
  return samples ? { samples, scale: r.scale, offset: r.offset } : null
}

/** Whether readSampleRows gives this read's rows with a profile (samples it gives, with a scale and offset the profile can take). */
export function samplesProfiled(r: PreparedRead): boolean {
  return r.tif.profilesSamples(r.scale, r.offset, r.nodata ?? NaN)
}

/** The grid of rows [r0, r0 + rows) of `g`. */
export function stripGrid(g: Grid, r0: number, rows: number): Grid {
  if (r0 === 0 && rows === g.height) return g
  const gt = g.geoTransform
  return { ...g, height: rows, geoTransform: gt ? [gt[0] + r0 * gt[2], gt[1], gt[2], gt[3] + r0 * gt[5], gt[4], gt[5]] : null }
}
