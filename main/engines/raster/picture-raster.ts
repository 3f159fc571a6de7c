/**
 * PNG and JPEG pictures as rasters: an ungeoreferenced pixel grid (no CRS, no geotransform), one band per channel of
 * the picture's colour model (red, green, blue, alpha, grey; a palette PNG as its index values, never expanded,
 * since a label or class picture stores its classes as indices), the samples as stored (a 16-bit PNG stays 16-bit,
 * a 1-bit mask holds 0 and 1). The analysis engine reads every layer through TiffFile, so `openRasterFile` is the one
 * door: a GeoTIFF opens as itself, a picture opens as its converted copy.
 *
 * Why a converted copy on disk, not a decoded picture kept in memory: raster jobs run in worker threads and in
 * separate processes (CLI, server, the desk), each with its own heap, and read windows of a layer strip by strip.
 * A picture decoded once into a planar 8/16-bit TIFF (the project's own writer, tiff/writer.ts encodeSampleTiff)
 * serves every thread, process and later run from one decode, is read window by window through the same bounded
 * reader as any GeoTIFF (chunk budget, nodata and the exact statistics fast paths for integers), and holds no memory
 * between reads. The cache is keyed by the picture's real path, size, modification time and inode, so an edited
 * picture is converted again; it lives in a folder only this user may write (RSURE_PICTURE_CACHE, else the system
 * temporary folder), is written to a temporary name and renamed, so two threads never see half a file, and is
 * pruned oldest first above RSURE_PICTURE_CACHE_MB (default 2048).
 *
 * Hostile files: the header is checked against the file's size before any buffer is allocated (plausibleSize: a
 * decompression bomb claims more pixels than its bytes can hold), the pixel count against MAX_DECODE_PIXELS and the
 * memory budget (budget.ts), the PNG image data must inflate to exactly the bytes its header implies (capped at that
 * size, so a bomb stops there), every scanline filter must be one of the five PNG defines, and a picture that changes
 * while it is read is refused.
 *
 * Sources: PNG (W3C PNG 2nd ed.) sections 7.2 (scanlines, samples MSB first, 16-bit big-endian), 8.2 (Adam7
 * interlace), 9 (filter types 0-4, Paeth); JPEG decoded by jpeg-js (baseline and progressive, 8-bit).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { threadId } from 'node:worker_threads'
import jpeg from 'jpeg-js'
import { checkMemory } from './budget'
import { ImageFileError, isJpeg, isPng, MAX_DECODE_PIXELS, parseJpegHeader, parsePngHeader, readPictureBytes, type ImageFileInfo } from './image-file'
import { openRegularFile } from './regular-file'
import { TiffFile } from './tiff/reader'
import { encodeSampleTiff } from './tiff/writer'
import { errorMessage } from '../../domain/errors'

/** File names that are pictures (the catalog and planner look no further than the name). */
export const PICTURE_EXT = /\.(?:png|jpe?g)$/i

/** Whether a path names a PNG or JPEG picture. */
export const isPicturePath = (file: string): boolean => PICTURE_EXT.test(file)

/** A picture decoded to one plane of samples per band. */
export interface PicturePlanes {
  info: ImageFileInfo
  /** One entry per band, in the picture's channel order. */
  bands: { name: string; data: Uint8Array | Uint16Array }[]
}

/** The bands a picture's colour model gives, in order (band 1 first): what the catalog calls them. */
export function pictureBandNames(info: ImageFileInfo): string[] {
  if (info.format === 'JPEG') return info.channels === 1 ? ['grey'] : ['red', 'green', 'blue']
  switch (info.colorModel) {
    case 'grey':
      return ['grey']
    case 'grey+alpha':
      return ['grey', 'alpha']
    case 'palette':
      return ['index']
    case 'RGBA':
      return ['red', 'green', 'blue', 'alpha']
    default:
      return ['red', 'green', 'blue']
  }
}

/** A picture's header facts, read from its first bytes (a JPEG's frame header may follow EXIF: up to 1 MiB). */
export function pictureHeader(file: string): ImageFileInfo {
  const name = `'${path.basename(file)}'`
  const { fd, size } = openRegularFile(file)
  try {
    const head = Buffer.alloc(Math.min(size, 1 << 20))
    const got = fs.readSync(fd, head, 0, head.length, 0)
    const bytes = head.subarray(0, got)
    if (isPng(bytes)) return parsePngHeader(bytes, name)
    if (isJpeg(bytes)) return parseJpegHeader(bytes, name)
    throw new ImageFileError(`${name} is neither a PNG nor a JPEG file.`)
  } finally {
    fs.closeSync(fd)
  }
}

const PNG_SAMPLES: Record<string, number> = { grey: 1, RGB: 3, palette: 1, 'grey+alpha': 2, RGBA: 4 }
/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

/** The (sub)images a PNG's data holds in order: the whole image, or the seven Adam7 passes that are not empty. */
function pngPasses(info: ImageFileInfo, interlaced: boolean): { x0: number; y0: number; dx: number; dy: number; w: number; h: number }[] {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const)
  return passes
    .map(([x0, y0, dx, dy]) => ({ x0, y0, dx, dy, w: Math.ceil((info.width - x0) / dx), h: Math.ceil((info.height - y0) / dy) }))
    .filter((p) => p.w > 0 && p.h > 0)
}

/** Undo one scanline's filter in place (`prev` is the unfiltered previous line, zeros for the first). */
function unfilter(type: number, line: Uint8Array, prev: Uint8Array, bpp: number): boolean {
  const n = line.length
  switch (type) {
    case 0:
      return true
    case 1:
      for (let i = bpp; i < n; i++) line[i] = (line[i] + line[i - bpp]) & 0xff
      return true
    case 2:
      for (let i = 0; i < n; i++) line[i] = (line[i] + prev[i]) & 0xff
      return true
    case 3:
      for (let i = 0; i < n; i++) line[i] = (line[i] + (((i >= bpp ? line[i - bpp] : 0) + prev[i]) >> 1)) & 0xff
      return true
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? line[i - bpp] : 0
        const b = prev[i]
        const c = i >= bpp ? prev[i - bpp] : 0
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        line[i] = (line[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff
      }
      return true
    default:
      return false
  }
}

/** Decode a PNG's samples as stored (no palette lookup, no rescaling, no transparency applied). */
function decodePng(bytes: Buffer, info: ImageFileInfo, name: string): PicturePlanes {
  const spp = PNG_SAMPLES[info.colorModel]
  const depth = info.bitDepth
  if (!spp || ![1, 2, 4, 8, 16].includes(depth)) throw new ImageFileError(`${name} is a corrupt PNG file: bit depth ${depth} is not one PNG allows.`)
  const interlaced = bytes[28] === 1
  const passes = pngPasses(info, interlaced)
  const rowBytes = (w: number) => Math.ceil((w * spp * depth) / 8)
  const rawSize = passes.reduce((s, p) => s + p.h * (1 + rowBytes(p.w)), 0)
  const pixels = info.width * info.height
  checkMemory(bytes.byteLength + rawSize + pixels * spp * (depth === 16 ? 2 : 1) * 2, `Reading ${name}`)
  const idat: Buffer[] = []
  for (let p = 8; p + 12 <= bytes.length;) {
    const len = bytes.readUInt32BE(p)
    const type = bytes.toString('latin1', p + 4, p + 8)
    if (p + 12 + len > bytes.length) break
    if (type === 'IDAT') idat.push(bytes.subarray(p + 8, p + 8 + len))
    if (type === 'IEND') break
    p += 12 + len
  }
  let raw: Buffer
  try {
    raw = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: rawSize })
  } catch {
    throw new ImageFileError(
      `${name} is a corrupt PNG file: its image data does not decompress to the ${rawSize} bytes its header implies; copy or export it again.`,
    )
  }
  if (raw.byteLength !== rawSize)
    throw new ImageFileError(
      `${name} is a corrupt PNG file: its image data holds ${raw.byteLength} of the ${rawSize} bytes its ${info.width} x ${info.height} pixels need.`,
    )
  const Kind = depth === 16 ? Uint16Array : Uint8Array
  const planes = Array.from({ length: spp }, () => new Kind(pixels))
  const bpp = Math.max(1, (spp * depth) / 8)
  let at = 0
  for (const p of passes) {
    const n = rowBytes(p.w)
    let prev: Uint8Array = new Uint8Array(n)
    for (let r = 0; r < p.h; r++) {
      const filter = raw[at]
      const line = raw.subarray(at + 1, at + 1 + n)
      at += 1 + n
      if (!unfilter(filter, line, prev, bpp))
        throw new ImageFileError(`${name} is a corrupt PNG file: scanline ${r + 1} has filter type ${filter}, which PNG does not define.`)
      prev = line
      const rowStart = (p.y0 + r * p.dy) * info.width
      for (let c = 0; c < p.w; c++) {
        const px = rowStart + p.x0 + c * p.dx
        for (let s = 0; s < spp; s++) {
          const k = c * spp + s
          let v: number
          if (depth === 8) v = line[k]
          else if (depth === 16) v = (line[2 * k] << 8) | line[2 * k + 1]
          else v = (line[(k * depth) >> 3] >> (8 - depth - ((k * depth) & 7))) & ((1 << depth) - 1)
          planes[s][px] = v
        }
      }
    }
  }
  const names = pictureBandNames(info)
  return { info, bands: planes.map((data, i) => ({ name: names[i], data })) }
}

/** Decode a JPEG to its grey band or its red, green and blue bands (8-bit, as jpeg-js converts YCbCr or CMYK). */
function decodeJpeg(bytes: Buffer, info: ImageFileInfo, name: string): PicturePlanes {
  const pixels = info.width * info.height
  checkMemory(bytes.byteLength + pixels * 3 * 2 + pixels * info.channels * 2, `Reading ${name}`)
  let img: { width: number; height: number; data: ArrayLike<number> }
  try {
    const maxMemoryUsageInMB = Math.ceil((pixels * 8) / (1 << 20)) + 64
    img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxMemoryUsageInMB, maxResolutionInMP: Math.ceil(MAX_DECODE_PIXELS / 1e6) })
  } catch {
    throw new ImageFileError(`${name} is a corrupt JPEG file: its pixel data could not be decoded; copy or export it again.`)
  }
  if (img.width !== info.width || img.height !== info.height || img.data.length !== pixels * 3)
    throw new ImageFileError(`${name} is a corrupt JPEG file: it decodes to another size than its header declares.`)
  const names = pictureBandNames(info)
  const bands = names.map((band, b) => {
    const data = new Uint8Array(pixels)
    for (let i = 0; i < pixels; i++) data[i] = img.data[i * 3 + b]
    return { name: band, data }
  })
  return { info, bands }
}

/** Decode a picture once to its bands as stored; refuses damaged, hostile and over-budget files with one sentence. */
export function decodePicturePlanes(file: string): PicturePlanes {
  const { bytes, info, name } = readPictureBytes(file)
  if (info.width * info.height > MAX_DECODE_PIXELS)
    throw new ImageFileError(`${name} is too large to read as a picture (${info.width} x ${info.height} pixels); convert it to a tiled GeoTIFF.`)
  try {
    return info.format === 'PNG' ? decodePng(bytes, info, name) : decodeJpeg(bytes, info, name)
  } catch (err) {
    if (err instanceof ImageFileError) throw err
    throw new ImageFileError(errorMessage(err))
  }
}

/** Bump when the converted file's layout changes, so older copies are not reused. */
const CACHE_VERSION = 1

/** The cache folder: created private to this user; one that another user could write is never trusted. */
function cacheDir(): string {
  const dir = process.env.RSURE_PICTURE_CACHE || path.join(os.tmpdir(), `rsure-pictures-${process.getuid?.() ?? 'user'}`)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const st = fs.lstatSync(dir)
  const uid = process.getuid?.()
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (process.platform !== 'win32' && (st.mode & 0o022) !== 0))
    throw new ImageFileError(`the picture cache folder ${dir} is not a private folder of this user; set RSURE_PICTURE_CACHE to one.`)
  return dir
}

/** Remove the oldest converted pictures while the cache holds more than its limit. */
function pruneCache(dir: string, keep: string): void {
  const limit = (Number(process.env.RSURE_PICTURE_CACHE_MB) || 2048) * 2 ** 20
  const entries = fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.tif'))
    .flatMap((n) => {
      try {
        const st = fs.statSync(path.join(dir, n))
        return [{ file: path.join(dir, n), size: st.size, mtime: st.mtimeMs }]
      } catch {
        return []
      }
    })
    .sort((a, b) => a.mtime - b.mtime)
  let total = entries.reduce((s, e) => s + e.size, 0)
  for (const e of entries) {
    if (total <= limit) break
    if (e.file === keep) continue
    fs.rmSync(e.file, { force: true })
    total -= e.size
  }
}

/**
 * The converted copy of a picture (see the module comment): made on first use, reused while the picture's path,
 * size, modification time and inode are unchanged.
 */
export function pictureTiffPath(file: string): string {
  const real = fs.realpathSync(file)
  const before = fs.statSync(real)
  const key = crypto.createHash('sha256').update(`${CACHE_VERSION}\0${real}\0${before.size}\0${before.mtimeMs}\0${before.ino}`).digest('hex').slice(0, 24)
  const stem = path
    .basename(real)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 80)
  const dir = cacheDir()
  const out = path.join(dir, `${stem}-${key}.tif`)
  if (fs.existsSync(out)) {
    const now = new Date()
    fs.utimesSync(out, now, now)
    return out
  }
  const planes = decodePicturePlanes(real)
  const after = fs.statSync(real)
  if (after.size !== before.size || after.mtimeMs !== before.mtimeMs)
    throw new ImageFileError(`'${path.basename(file)}' changed while it was being read; read it again once it is completely written.`)
  const names = planes.bands.map((b) => b.name)
  const rgb = names[0] === 'red'
  const extra = names.length - (rgb ? 3 : 1)
  const bytes = encodeSampleTiff(
    planes.bands.map((b) => b.data),
    planes.info,
    {
      photometric: rgb ? 2 : 1,
      ...(extra > 0 ? { extraSamples: names.slice(rgb ? 3 : 1).map((n) => (n === 'alpha' ? 2 : 0)) } : {}),
      description: `rsure picture ${path.basename(real)}: ${planes.info.format} ${planes.info.colorModel}, bands ${names.join(', ')}`,
    },
  )
  const tmp = `${out}.${process.pid}.${threadId}.${crypto.randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(tmp, bytes, { mode: 0o600 })
  fs.renameSync(tmp, out)
  pruneCache(dir, out)
  return out
}

/**
 * Open a raster layer for reading: a GeoTIFF as itself, a PNG or JPEG picture (by its signature, whatever its name)
 * as its converted copy. Throws what TiffFile.open throws, or an ImageFileError for a picture it cannot read.
 */
export function openRasterFile(file: string): TiffFile {
  if (!isPictureFile(file)) return TiffFile.open(file)
  return TiffFile.open(pictureTiffPath(file))
}

/** Whether a file starts with the PNG or JPEG signature (false for anything unreadable: TiffFile.open reports it). */
export function isPictureFile(file: string): boolean {
  let fd: number | null = null
  try {
    fd = openRegularFile(file).fd
    const head = Buffer.alloc(8)
    const got = fs.readSync(fd, head, 0, 8, 0)
    return isPng(head.subarray(0, got)) || isJpeg(head.subarray(0, got))
  } catch {
    return false
  } finally {
    if (fd !== null) fs.closeSync(fd)
  }
}
