/**
 * The evidence drawn on the image, for the LLM verifier (DESIGN section 5, step 3): boxes, polygons, points and a
 * scale bar from a result's intermediate evidence, in pixel coordinates, drawn over a PNG or JPEG and returned as a
 * PNG data URI. Other formats (GeoTIFF) and images over the size cap get no overlay; the verifier is told so.
 * Masks arrive as layers on disk and are not drawn here; their outlines do when a tool reports them as polygons.
 */
import fs from 'node:fs'
import path from 'node:path'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { isRec, num, type Rec } from '../tools/execute/evidence-reader'

/** Largest image drawn on (pixels); bigger ones are sent plain or not at all. */
const MAX_PIXELS = 4096 * 4096

type Rgba = [number, number, number, number]
const BOX: Rgba = [255, 64, 32, 255]
const POLY: Rgba = [32, 200, 255, 255]
const POINT: Rgba = [255, 230, 0, 255]
const SCALE: Rgba = [0, 255, 96, 255]

interface Raster {
  width: number
  height: number
  data: Uint8Array
}

function decode(file: string): Raster | null {
  const ext = path.extname(file).toLowerCase()
  try {
    const bytes = fs.readFileSync(file)
    if (ext === '.png') {
      const png = PNG.sync.read(bytes)
      return { width: png.width, height: png.height, data: new Uint8Array(png.data) }
    }
    if (ext === '.jpg' || ext === '.jpeg') {
      const img = jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 512 })
      return { width: img.width, height: img.height, data: new Uint8Array(img.data) }
    }
  } catch {
    return null
  }
  return null
}

function plot(r: Raster, x: number, y: number, c: Rgba, thick = 1): void {
  for (let dy = -thick + 1; dy < thick; dy++)
    for (let dx = -thick + 1; dx < thick; dx++) {
      const px = Math.round(x) + dx
      const py = Math.round(y) + dy
      if (px < 0 || py < 0 || px >= r.width || py >= r.height) continue
      r.data.set(c, (py * r.width + px) * 4)
    }
}

function line(r: Raster, x0: number, y0: number, x1: number, y1: number, c: Rgba, thick = 2): void {
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))))
  for (let i = 0; i <= steps; i++) plot(r, x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, c, thick)
}

/** A box as [x1, y1, x2, y2] from `[..]`, `{bbox: [..]}` or `{x1, y1, x2, y2}` / `{x, y, w, h}`. */
function boxOf(v: unknown): [number, number, number, number] | null {
  const arr = Array.isArray(v) ? v : isRec(v) && Array.isArray(v.bbox) ? v.bbox : isRec(v) && Array.isArray(v.box) ? v.box : null
  if (arr && arr.length === 4 && arr.every((n) => num(n) !== undefined)) return arr as [number, number, number, number]
  if (isRec(v)) {
    const [x1, y1, x2, y2] = [num(v.x1), num(v.y1), num(v.x2), num(v.y2)]
    if (x1 !== undefined && y1 !== undefined && x2 !== undefined && y2 !== undefined) return [x1, y1, x2, y2]
    const [x, y, w, h] = [num(v.x), num(v.y), num(v.w ?? v.width), num(v.h ?? v.height)]
    if (x !== undefined && y !== undefined && w !== undefined && h !== undefined) return [x, y, x + w, y + h]
  }
  return null
}

function pointsOf(v: unknown): [number, number][] {
  const arr = Array.isArray(v) ? v : isRec(v) && Array.isArray(v.points) ? v.points : isRec(v) && Array.isArray(v.coordinates) ? v.coordinates : []
  return arr
    .map((p: unknown) =>
      Array.isArray(p) && num(p[0]) !== undefined && num(p[1]) !== undefined
        ? [p[0], p[1]]
        : isRec(p) && num(p.x) !== undefined && num(p.y) !== undefined
          ? [p.x, p.y]
          : null,
    )
    .filter((p: unknown): p is [number, number] => p !== null)
}

/** Draw the geometry found in `intermediate`; returns how many shapes were drawn. */
export function drawEvidence(r: Raster, intermediate: Rec): number {
  let drawn = 0
  for (const key of ['boxes', 'detections', 'objects']) {
    const list = intermediate[key]
    if (!Array.isArray(list)) continue
    for (const item of list) {
      const b = boxOf(item)
      if (!b) continue
      const [x1, y1, x2, y2] = b
      line(r, x1, y1, x2, y1, BOX)
      line(r, x2, y1, x2, y2, BOX)
      line(r, x2, y2, x1, y2, BOX)
      line(r, x1, y2, x1, y1, BOX)
      drawn++
    }
  }
  for (const key of ['polygons', 'regions', 'outlines']) {
    const list = intermediate[key]
    if (!Array.isArray(list)) continue
    for (const item of list) {
      const pts = pointsOf(item)
      if (pts.length < 2) continue
      pts.forEach(([x, y], i) => {
        const [nx, ny] = pts[(i + 1) % pts.length]
        line(r, x, y, nx, ny, POLY)
      })
      drawn++
    }
  }
  for (const key of ['points', 'landmarks']) {
    for (const [x, y] of pointsOf(intermediate[key])) {
      line(r, x - 6, y, x + 6, y, POINT)
      line(r, x, y - 6, x, y + 6, POINT)
      drawn++
    }
  }
  const bar = intermediate.scale_bar
  const ends = pointsOf(isRec(bar) && Array.isArray(bar.endpoints) ? bar.endpoints : bar)
  if (ends.length >= 2) {
    line(r, ends[0][0], ends[0][1], ends[1][0], ends[1][1], SCALE, 3)
    drawn++
  }
  return drawn
}

/** The image with the evidence drawn on it as a PNG data URI, or null when nothing could be drawn. */
export function overlayDataUri(imagePath: string, intermediate: Rec): string | null {
  const raster = decode(imagePath)
  if (!raster || raster.width * raster.height > MAX_PIXELS) return null
  if (drawEvidence(raster, intermediate) === 0) return null
  const png = new PNG({ width: raster.width, height: raster.height })
  png.data = Buffer.from(raster.data)
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`
}
