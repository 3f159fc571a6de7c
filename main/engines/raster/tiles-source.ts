/**
 * A raster opened for tiling: a GeoTIFF/COG with its pyramid (full resolution and overviews), georeferencing,
 * nodata and sample type, or a decoded PNG/JPEG picture (pixel space only). Opened sources are kept in a small
 * cache keyed by path, size and modification time, so consecutive tiles of one layer do not re-read its header;
 * a changed file is opened again.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff'
import proj4 from 'proj4'
import { closeQuietly, dtypeOf, FileFormatError, openPyramid, readHead, sniffFormat, validateTiff, type Dtype } from './describe'
import { readGeoref, type GeoTransform } from './georef'
import { decodeImageFile } from './image-file'

export interface TiffLevel {
  image: GeoTIFFImage
  width: number
  height: number
  /** Full-resolution pixels per pixel of this level, along x and y (1 for the full resolution). */
  fx: number
  fy: number
}

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
  tiff: GeoTIFF
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

/** Decoded internal tiles or strips kept per pyramid level (a 256 x 256 uint16 tile is 128 KiB). */
export const MAX_CACHED_BLOCKS = 512

/** Forget a level's decoded blocks once there are more than MAX_CACHED_BLOCKS of them. */
export function keepCacheBounded(level: TiffLevel): void {
  const holder = level.image as unknown as { tiles: unknown[] | null }
  if (holder.tiles && Object.keys(holder.tiles).length > MAX_CACHED_BLOCKS) holder.tiles = []
}

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
  const name = path.basename(file)
  validateTiff(file)
  let tiff: GeoTIFF
  try {
    tiff = await fromFile(file)
  } catch (err) {
    throw new FileFormatError(`'${name}' is a corrupt TIFF file: ${String((err as Error)?.message ?? err).replace(/[.\s]+$/, '')}.`)
  }
  try {
    const { main, overviews } = await openPyramid(tiff)
    const width = main.getWidth()
    const height = main.getHeight()
    const fd = main.getFileDirectory()
    const formats = fd.getValue('SampleFormat') as ArrayLike<number> | undefined
    const bits = fd.getValue('BitsPerSample') as ArrayLike<number> | undefined
    const dtype = dtypeOf(Number(formats?.[0] ?? 1), Number(bits?.[0] ?? 8), `'${name}'`)
    const georef = readGeoref(main)
    // geotiff.js keeps decoded tiles of an image when its `tiles` list exists (the `cache` option, which fromFile
    // does not offer): neighbouring map tiles share internal tiles, so each is inflated once. keepCacheBounded()
    // empties a level's list when it grows past MAX_CACHED_BLOCKS.
    for (const image of [main, ...overviews]) (image as unknown as { tiles: unknown[] | null }).tiles = []
    const levels = [main, ...overviews].map((image) => ({
      image,
      width: image.getWidth(),
      height: image.getHeight(),
      fx: width / image.getWidth(),
      fy: height / image.getHeight(),
    }))
    return {
      kind: 'tiff', file, name, width, height, bandCount: main.getSamplesPerPixel(), dtype, tiff, levels,
      nodata: main.getGDALNoData(), geoTransform: georef.geoTransform, proj: projOf(georef.crs),
    }
  } catch (err) {
    await closeQuietly(tiff)
    throw err
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
  void entry.opening.then((s) => (s.kind === 'tiff' ? closeQuietly(s.tiff) : undefined)).catch(() => undefined)
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
