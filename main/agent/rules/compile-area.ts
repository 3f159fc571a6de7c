/**
 * The true ground area of pixels on a Web Mercator grid (EPSG:3857). A Mercator pixel of nominal size sx x sy metres
 * covers sx x sy x cos²(latitude) square metres of the sphere it projects (R = 6378137 m, EPSG:3857's sphere): the
 * scale factor is sec(latitude) along both axes. The latitude of row r is that of its centre,
 * lat = 2 atan(exp(y / R)) - pi/2.
 *
 * The engine counts pixels over bands of rows (spatial.query, grid fractions), not row by row; so the rows are cut
 * into strips, each strip's count is weighted by the mean ground area of its rows' pixels, and the weighted counts
 * are added in one math.expr. The error of giving every row of a strip its mean weight is at most the spread of the
 * weights inside a strip relative to the smallest weight; it is computed for the file and stated, and a grid whose
 * latitudes spread too far for the bound to stay under MAX_ERROR is refused. Counting through a 0/1 layer (1 where
 * the selection keeps the pixel, 0 elsewhere) gives every strip a value, also where no pixel is kept.
 */
import { geoKeys, numbers, readFirstIfd, Tag } from '../../engines/raster/tiff/ifd'
import { readGeoref, type ModelTag } from '../../engines/raster/georef'
import fs from 'node:fs'
import type { Branch } from './compile-branch'
import { Refusal, convertUnit } from './compile-words'
import type { Reducer } from './compile-reduce'

/** EPSG:3857's sphere radius (WGS 84 semi-major axis), metres. */
const R = 6378137
/** Strips of rows the image is cut into (fewer on a short image: one row each). */
const STRIPS = 48
/** The largest relative error of the strip weighting a stated area may carry. */
const MAX_ERROR = 1e-3

export interface MercatorRows {
  height: number
  /** Ground area of one pixel of each row, m². */
  rowArea: Float64Array
  /** Nominal pixel width and height, metres. */
  sx: number
  sy: number
}

/** Height and per-row ground pixel area of a north-up Web Mercator GeoTIFF; null when its georeferencing cannot be read. */
export function mercatorRows(file: string): MercatorRows | null {
  let fd: number | null = null
  try {
    fd = fs.openSync(file, 'r')
    const ifd = readFirstIfd({ fd, size: fs.fstatSync(fd).size })
    const tags: Record<ModelTag, number> = {
      ModelTransformation: Tag.ModelTransformation,
      ModelTiepoint: Tag.ModelTiepoint,
      ModelPixelScale: Tag.ModelPixelScale,
    }
    const g = readGeoref({ geoKeys: () => geoKeys(ifd), modelTag: (name) => numbers(ifd, tags[name]) })
    const height = numbers(ifd, Tag.ImageLength)?.[0]
    const gt = g.geoTransform
    // A rotated grid's rows are not lines of latitude.
    if (!gt || !height || gt[2] !== 0 || gt[4] !== 0) return null
    const rowArea = new Float64Array(height)
    for (let r = 0; r < height; r++) {
      const lat = 2 * Math.atan(Math.exp((gt[3] + (r + 0.5) * gt[5]) / R)) - Math.PI / 2
      rowArea[r] = Math.abs(gt[1] * gt[5]) * Math.cos(lat) ** 2
    }
    return { height, rowArea, sx: Math.abs(gt[1]), sy: Math.abs(gt[5]) }
  } catch {
    return null
  } finally {
    if (fd !== null) fs.closeSync(fd)
  }
}

/** Rows and columns (fractions of the grid, centre in [from, to)) a region keeps, or null for a region strips cannot follow. */
function regionBand(geometry: Record<string, unknown> | null, height: number): { rows: [number, number]; cols: [number, number] } | null {
  if (!geometry) return { rows: [0, 1], cols: [0, 1] }
  if (geometry.type === 'grid') return { rows: geometry.rows as [number, number], cols: geometry.cols as [number, number] }
  if (geometry.type !== 'part') return null
  // A half or quadrant: the pixels whose centre lies in it, so an odd middle row or column belongs to neither.
  const part = String(geometry.part)
  const lowEnd = (n: number) => Math.floor(n / 2) / n
  const highStart = (n: number) => Math.ceil(n / 2) / n
  const rows: [number, number] = part.startsWith('north') ? [0, lowEnd(height)] : part.startsWith('south') ? [highStart(height), 1] : [0, 1]
  // Columns depend on the width, which a fraction of 0.5 states for an even width only; an odd width's middle
  // column is left out by the same rule through the width read at run time, so east/west halves are refused here.
  if (/(east|west)$/.test(part)) return null
  return { rows, cols: [0, 1] }
}

/** The strips of rows inside [from, to): their bounds as fractions and their rows' mean pixel area. */
function strips(m: MercatorRows, rows: [number, number]): { from: number; to: number; weight: number; spread: number }[] {
  const inBand = (r: number) => (r + 0.5) / m.height >= rows[0] && (r + 0.5) / m.height < rows[1]
  const first = [...Array(m.height).keys()].find(inBand)
  if (first === undefined) return []
  let last = first
  while (last + 1 < m.height && inBand(last + 1)) last++
  const n = Math.min(STRIPS, last - first + 1)
  const out: { from: number; to: number; weight: number; spread: number }[] = []
  for (let k = 0; k < n; k++) {
    // Strip bounds on row edges, so each row's centre falls in exactly one strip.
    const r0 = first + Math.round((k * (last - first + 1)) / n)
    const r1 = first + Math.round(((k + 1) * (last - first + 1)) / n)
    let [sum, lo, hi] = [0, Infinity, -Infinity]
    for (let i = r0; i < r1; i++) {
      sum += m.rowArea[i]
      lo = Math.min(lo, m.rowArea[i])
      hi = Math.max(hi, m.rowArea[i])
    }
    out.push({ from: k === 0 ? rows[0] : r0 / m.height, to: k === n - 1 ? rows[1] : r1 / m.height, weight: sum / (r1 - r0), spread: hi - lo })
  }
  return out
}

/** The true ground area of the selection on a Web Mercator grid, in the unit asked (see the module comment). */
export function mercatorArea(r: Reducer, geometry: Record<string, unknown> | null): Branch {
  const { b, spec, tag, dates, where, datesWord, pooled, across, inputs } = r
  const m = mercatorRows(inputs.files[0])
  if (!m) throw new Refusal('the area', "the Web Mercator grid's rows and latitudes cannot be read from the file (rotated or without georeferencing)")
  const band = regionBand(geometry, m.height)
  if (!band)
    throw new Refusal(
      'the area',
      'on a Web Mercator grid the true ground area is computed for the whole image, its northern or southern half or a band of rows and columns, not for this region',
    )
  if (dates > 1 && !pooled && across !== 'mean' && across !== 'sum')
    throw new Refusal('the area', `the ${across} over dates of a true Web Mercator area is not computed (the mean or the sum over the dates is)`)
  const cut = strips(m, band.rows)
  if (cut.length === 0) throw new Refusal('the area', 'the region holds no row of the image')
  const error = cut.reduce((e, s) => Math.max(e, s.spread), 0) / m.rowArea.reduce((a, x) => Math.min(a, x), Infinity)
  if (error > MAX_ERROR) throw new Refusal('the area', `the image spans too many latitudes for its true area to be summed in ${cut.length} strips within 0.1%`)
  const kept = b.add(`kept${tag ? `_${tag}` : ''}`, 'raster.algebra', { expr: 'where(isnan(s), 0, 1)', unit: 'dimensionless' }, { s: r.data })
  const to = spec.unit && ['km2', 'ha', 'm2', 'acre'].includes(spec.unit) ? spec.unit : 'km2'
  const perM2 = convertUnit(1, 'm2', to)!
  const terms: Record<string, string> = {}
  cut.forEach((s, k) => {
    const q = b.add(
      `strip_${k}${tag ? `_${tag}` : ''}`,
      'spatial.query',
      { geometry: { type: 'grid', rows: [s.from, s.to], cols: band.cols }, stat: 'sum' },
      { data: kept },
    )
    terms[`x${k}`] = r.over(q, pooled ? 'sum' : across, `strip_${k}_over_dates`)
  })
  const expr = cut.map((s, k) => `${s.weight * perM2} * x${k}`).join(' + ')
  const v = b.add(`area${tag ? `_${tag}` : ''}`, 'math.expr', { expr, unit: to }, terms)
  const bound = Math.max(error, 1e-6)
  return {
    value: v,
    unit: to,
    describe:
      `true ground area${where} in ${to}, ${pooled ? 'summed over' : dates > 1 ? `${across} over` : 'on'} ${datesWord}: ` +
      `each ${m.sx} x ${m.sy} m Web Mercator pixel counts ${m.sx * m.sy} m² x cos²(latitude) of its row's centre on the sphere ` +
      `(R = 6378137 m), rows taken in ${cut.length} strips (within ${(bound * 100).toPrecision(1)}%)`,
  }
}
