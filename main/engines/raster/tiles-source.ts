/**
 * A raster opened for tiling: a GeoTIFF/COG with its pyramid (full resolution and overviews), georeferencing,
 * nodata and sample type, or a decoded PNG/JPEG picture (pixel space only). Opened sources are kept in a small
 * cache keyed by path, size and modification time, so consecutive tiles of one layer do not re-read its header;
 * a changed file is opened again.
 */
import fs from 'node:fs'
import path from 'node:path'
import proj4 from 'proj4'
import { FileFormatError, readHead, sniffFormat, type Dtype } from './describe'
import type { GeoTransform } from './georef'
import { decodeImageFile } from './image-file'
import { RasterSource, SOURCE_CHUNK_CACHE_BYTES, type SourceLevel } from './source'
import { readProblem } from './tiff/reader'

export type TiffLevel = SourceLevel

export interface TileSourceBase {
  file: string
  name: string
  width: number
  height: number
  bandCount: number
  dtype: Dtype
}

export interface TiffSource extends TileSourceBase {
  kind: 'tiff'
  /** The pixels (source.ts: one nodata rule, reference-counted). */
  raster: RasterSource
  /** Full resolution first, then overviews from largest to smallest. */
  levels: TiffLevel[]
  nodata: number | null
  geoTransform: GeoTransform | null
  /** proj4 definition of the raster's CRS, or null when it has none or none proj4 knows. */
  proj: string | null
}

export interface PictureSource extends TileSourceBase {
  kind: 'picture'
  /** RGBA, row-major. */
  rgba: Uint8Array
}

export type TileSource = TiffSource | PictureSource

/**
 * Sources kept open while no read holds them; the least recently used is closed first. A source that is being read
 * is never closed: each use holds a reference (withTileSource), and an evicted source closes when its last read ends.
 */
const CACHE_SIZE = 8
interface Entry {
  opening: Promise<TileSource>
  refs: number
  evicted: boolean
}
const cache = new Map<string, Entry>()

/** The proj4 definition for a CRS: proj4's own EPSG list (WGS 84, web mercator, every UTM zone...) or the file's. */
export function projOf(crs: { epsg: number | null; proj4: string | null } | null): string | null {
  if (!crs) return null
  if (crs.epsg !== null) {
    const code = `EPSG:${crs.epsg}`
    if (proj4.defs(code)) return code
  }
  return crs.proj4
}

async function openTiff(file: string): Promise<TiffSource> {
  let raster: RasterSource
  try {
    // Neighbouring map tiles share internal tiles: each level keeps its decoded chunks, so each is inflated once.
    raster = RasterSource.open(file, { cacheBytes: SOURCE_CHUNK_CACHE_BYTES })
  } catch (err) {
    throw new FileFormatError(readProblem(file, err))
  }
  return {
    kind: 'tiff',
    file,
    name: raster.name,
    width: raster.width,
    height: raster.height,
    bandCount: raster.bandCount,
    dtype: raster.sampleType,
    raster,
    levels: raster.levels,
    nodata: raster.nodata,
    geoTransform: raster.georef.geoTransform,
    proj: projOf(raster.georef.crs),
  }
}

async function openPicture(file: string): Promise<PictureSource> {
  const img = await decodeImageFile(file)
  return { kind: 'picture', file, name: path.basename(file), width: img.width, height: img.height, bandCount: 3, dtype: 'uint8', rgba: img.rgba }
}

function entryFor(file: string, key: string): Entry {
  const hit = cache.get(key)
  if (hit) {
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  for (const k of [...cache.keys()]) {
    if (k.startsWith(`${file}\0`)) evict(k)
  }
  const opening = (async () => {
    const { head } = await readHead(file)
    const format = sniffFormat(head)
    if (format === 'tiff') return openTiff(file)
    if (format === 'png' || format === 'jpeg') return openPicture(file)
    throw new FileFormatError(`'${path.basename(file)}' is not a GeoTIFF, PNG or JPEG file, so it cannot be shown as a layer.`)
  })()
  const entry: Entry = { opening, refs: 0, evicted: false }
  cache.set(key, entry)
  opening.catch(() => {
    if (cache.get(key) === entry) cache.delete(key)
  })
  return entry
}

/** Close the least recently used sources beyond CACHE_SIZE, skipping none: a held one closes when released. */
function trim(): void {
  while (cache.size > CACHE_SIZE) evict(cache.keys().next().value as string)
}

/**
 * Open (or reuse) a raster for tiling and run `use` with it; the source stays open until `use` settles, however many
 * other files are opened meanwhile. Throws FileFormatError with one sentence for files it cannot tile.
 */
export async function withTileSource<T>(file: string, use: (s: TileSource) => Promise<T> | T): Promise<T> {
  const stat = await fs.promises.stat(file)
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`
  const entry = entryFor(file, key)
  entry.refs++
  trim()
  try {
    return await use(await entry.opening)
  } finally {
    entry.refs--
    if (entry.evicted && entry.refs === 0) closeEntry(entry)
  }
}

function closeEntry(entry: Entry): void {
  void entry.opening.then((s) => (s.kind === 'tiff' ? s.raster.release() : undefined)).catch(() => undefined)
}

function evict(key: string): void {
  const entry = cache.get(key)
  if (!entry) return
  cache.delete(key)
  entry.evicted = true
  if (entry.refs === 0) closeEntry(entry)
}

/** Close every cached source that no read holds; held ones close when their reads end (tests, shutdown). */
export async function closeTileSources(): Promise<void> {
  for (const key of [...cache.keys()]) evict(key)
}
