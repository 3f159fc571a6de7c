/**
 * Tiles of a raster for the map and the pixel viewer (issue 9): 256x256 web-mercator tiles (z/x/y, what maplibre
 * asks for) of a georeferenced raster, and windows of a raster's own pixels for images with no georeference.
 *
 * Only what a tile needs is read: the pyramid level whose resolution is the coarsest not coarser than the tile's
 * (an overview when the map is zoomed out), and of it only the window under the tile (the raster source then decodes
 * only the internal tiles or strips it touches, and keeps them for the neighbouring tiles). The tile's extent is taken to the raster's CRS with proj4.
 *
 * Projecting every one of a tile's 65 536 pixel centres through proj4 would cost tens of milliseconds per tile, so
 * (as GDAL's approximate transformer does) a 17 x 17 grid of points is projected exactly and the pixels between
 * them are interpolated bilinearly; across a 256-pixel tile the error stays far below one source pixel for the
 * smooth projections involved (UTM, geographic, mercator).
 *
 * Sampling is nearest neighbour; nodata (source.ts's one rule), NaN and pixels outside the raster are transparent. Colours: tiles-style.ts;
 * per-band stretch ranges: tiles-stats.ts (the same for every tile of a layer).
 */
import proj4 from 'proj4'
import { FileFormatError } from './describe'
import { mapToPixel, pixelToMap } from './georef'
import { lonLatToMercator, tileBox, TILE_SIZE, validTile, zoomForResolution, type MercatorBox } from './tiles-mercator'
import { withTileSource, type TiffSource, type TileSource } from './tiles-source'
import { bandRanges } from './tiles-stats'
import { colourise, encodeRgbaPng, type BandRange, type Ramp, type TileStretch, type TileStyle } from './tiles-style'

export type TileAddress =
  | { kind: 'xyz'; z: number; x: number; y: number }
  /** A window in full-resolution pixels, resampled to outWidth x outHeight. */
  | { kind: 'pixel'; x: number; y: number; width: number; height: number; outWidth: number; outHeight: number }

export interface RenderedTile {
  png: Uint8Array
  width: number
  height: number
  /** No valid pixel fell in the tile. */
  empty: boolean
  /** Pyramid level read (0 = full resolution). */
  level: number
  validPixels: number
}

export interface ResolvedStyle {
  bands: number[]
  stretch: TileStretch
  ramp: Ramp
  /** The nodata override, when the caller set one. */
  nodata?: number
}

export interface LayerGeometry {
  name: string
  width: number
  height: number
  bandCount: number
  /** [west, south, east, north] in degrees, or null when the raster cannot be placed on the map. */
  bounds: [number, number, number, number] | null
  /** Corners top-left, top-right, bottom-right, bottom-left as [lon, lat]. */
  corners: [number, number][] | null
  minZoom: number
  maxZoom: number
  style: ResolvedStyle
  ranges: BandRange[]
}

/** A tile request the raster cannot satisfy (a band it lacks, a tile that does not exist); one sentence. */
export class TileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TileError'
  }
}

/** Points per side of the exactly projected grid (see the module comment). */
const GRID = 16

/** The style used when the caller gives none: RGB for 8-bit pictures, else band 1 with a 2-98 % stretch. */
export function defaultStyle(source: TileSource): ResolvedStyle {
  if (source.kind === 'picture' || (source.dtype === 'uint8' && source.bandCount >= 3)) {
    return { bands: [1, 2, 3], stretch: { kind: 'range', min: 0, max: 255 }, ramp: 'grey' }
  }
  return { bands: source.bandCount >= 3 ? [1, 2, 3] : [1], stretch: { kind: 'percentile', low: 2, high: 98 }, ramp: 'grey' }
}

export function resolveStyle(source: TileSource, style: TileStyle = {}): ResolvedStyle {
  const base = defaultStyle(source)
  const bands = style.bands ?? base.bands
  if (bands.length !== 1 && bands.length !== 3) throw new TileError(`A layer shows one band or three, not ${bands.length}; choose 1 or 3 bands.`)
  for (const b of bands) {
    if (!Number.isInteger(b) || b < 1 || b > source.bandCount) {
      throw new TileError(
        `Band ${b} does not exist in '${source.name}': it has ${source.bandCount} band${source.bandCount === 1 ? '' : 's'} (numbered from 1).`,
      )
    }
  }
  const out: ResolvedStyle = { bands, stretch: style.stretch ?? base.stretch, ramp: style.ramp ?? 'grey' }
  if (typeof style.nodata === 'number' && Number.isFinite(style.nodata)) out.nodata = style.nodata
  return out
}

/** Whether the raster can be placed on the web-mercator map. */
function placeable(s: TileSource): s is TiffSource & { geoTransform: NonNullable<TiffSource['geoTransform']>; proj: string } {
  return s.kind === 'tiff' && s.geoTransform !== null && s.proj !== null
}

const toLonLat = (proj: string) => proj4(proj, 'EPSG:4326')

/** Points along the raster's outline (pixel corners), `per` per side. */
function outline(width: number, height: number, per = GRID): [number, number][] {
  const pts: [number, number][] = []
  for (let i = 0; i <= per; i++) {
    const t = i / per
    pts.push([t * width, 0], [width, t * height], [(1 - t) * width, height], [0, (1 - t) * height])
  }
  return pts
}

const geometryCache = new WeakMap<
  TileSource,
  { lonlat: [number, number, number, number]; merc: MercatorBox; corners: [number, number][]; mercPerPixel: number }
>()

function placement(s: TiffSource & { geoTransform: NonNullable<TiffSource['geoTransform']>; proj: string }) {
  const hit = geometryCache.get(s)
  if (hit) return hit
  const t = toLonLat(s.proj)
  const gt = s.geoTransform
  const ll = (c: number, r: number) => t.forward(pixelToMap(gt, c, r)) as [number, number]
  const pts = outline(s.width, s.height).map(([c, r]) => ll(c, r))
  const lons = pts.map((p) => p[0])
  const lats = pts.map((p) => p[1])
  const lonlat: [number, number, number, number] = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]
  const mercs = pts.map(([lon, lat]) => lonLatToMercator(lon, lat))
  const merc = {
    minX: Math.min(...mercs.map((m) => m[0])),
    minY: Math.min(...mercs.map((m) => m[1])),
    maxX: Math.max(...mercs.map((m) => m[0])),
    maxY: Math.max(...mercs.map((m) => m[1])),
  }
  const corners = [ll(0, 0), ll(s.width, 0), ll(s.width, s.height), ll(0, s.height)]
  const c0 = lonLatToMercator(...ll(s.width / 2, s.height / 2))
  const c1 = lonLatToMercator(...ll(s.width / 2 + 1, s.height / 2))
  const mercPerPixel = Math.hypot(c1[0] - c0[0], c1[1] - c0[1])
  const out = { lonlat, merc, corners, mercPerPixel }
  geometryCache.set(s, out)
  return out
}

/** Size, placement, zoom range, default style and value ranges of a raster (for layers.info). */
export function layerGeometry(file: string, style?: TileStyle): Promise<LayerGeometry> {
  return withTileSource(file, (s) => geometryOf(s, style))
}

async function geometryOf(s: TileSource, style?: TileStyle): Promise<LayerGeometry> {
  const resolved = resolveStyle(s, style)
  const ranges = await bandRanges(s, resolved.bands, resolved.stretch, resolved.nodata)
  const base = { name: s.name, width: s.width, height: s.height, bandCount: s.bandCount, style: resolved, ranges }
  if (!placeable(s)) return { ...base, bounds: null, corners: null, minZoom: 0, maxZoom: 0 }
  const p = placement(s)
  const maxZoom = Math.max(0, Math.min(24, Math.ceil(zoomForResolution(p.mercPerPixel))))
  return { ...base, bounds: p.lonlat, corners: p.corners, minZoom: 0, maxZoom }
}

let emptyPng: Uint8Array | null = null
function emptyTile(width: number, height: number, level: number): RenderedTile {
  const png =
    width === TILE_SIZE && height === TILE_SIZE
      ? (emptyPng ??= encodeRgbaPng(new Uint8Array(TILE_SIZE * TILE_SIZE * 4), TILE_SIZE, TILE_SIZE))
      : encodeRgbaPng(new Uint8Array(width * height * 4), width, height)
  return { png, width, height, empty: true, level, validPixels: 0 }
}

/**
 * Full-resolution pixel positions (col, row; NaN where unknown) of each output pixel centre of an xyz tile, from
 * the exactly projected grid and bilinear interpolation between its points.
 */
function xyzPositions(s: TiffSource & { geoTransform: NonNullable<TiffSource['geoTransform']>; proj: string }, z: number, x: number, y: number) {
  const box = tileBox(z, x, y)
  const fromMerc = s.proj === 'EPSG:3857' ? null : proj4('EPSG:3857', s.proj)
  const n = GRID + 1
  const gc = new Float64Array(n * n)
  const gr = new Float64Array(n * n)
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const mx = box.minX + ((box.maxX - box.minX) * i) / GRID
      const my = box.maxY - ((box.maxY - box.minY) * j) / GRID
      let c = NaN
      let r = NaN
      try {
        const [px, py] = fromMerc ? (fromMerc.forward([mx, my]) as [number, number]) : [mx, my]
        if (Number.isFinite(px) && Number.isFinite(py)) [c, r] = mapToPixel(s.geoTransform, px, py)
      } catch {
        // outside the projection's domain: those pixels stay transparent
      }
      gc[j * n + i] = c
      gr[j * n + i] = r
    }
  }
  const cols = new Float64Array(TILE_SIZE * TILE_SIZE)
  const rows = new Float64Array(TILE_SIZE * TILE_SIZE)
  const cell = TILE_SIZE / GRID
  for (let py = 0; py < TILE_SIZE; py++) {
    const v = (py + 0.5) / cell
    const j = Math.min(GRID - 1, Math.floor(v))
    const fy = v - j
    for (let px = 0; px < TILE_SIZE; px++) {
      const u = (px + 0.5) / cell
      const i = Math.min(GRID - 1, Math.floor(u))
      const fx = u - i
      const a = j * n + i
      const w00 = (1 - fx) * (1 - fy)
      const w10 = fx * (1 - fy)
      const w01 = (1 - fx) * fy
      const w11 = fx * fy
      const o = py * TILE_SIZE + px
      cols[o] = gc[a] * w00 + gc[a + 1] * w10 + gc[a + n] * w01 + gc[a + n + 1] * w11
      rows[o] = gr[a] * w00 + gr[a + 1] * w10 + gr[a + n] * w01 + gr[a + n + 1] * w11
    }
  }
  // Full-resolution pixels per output pixel, from the grid's central cell (the smaller of the two directions).
  const mid = (GRID / 2) * n + GRID / 2
  const perX = Math.hypot(gc[mid + 1] - gc[mid], gr[mid + 1] - gr[mid]) / cell
  const perY = Math.hypot(gc[mid + n] - gc[mid], gr[mid + n] - gr[mid]) / cell
  return { cols, rows, scale: Math.min(perX, perY) }
}

/** Pixel positions of a pixel-space window resampled to outWidth x outHeight. */
function windowPositions(a: Extract<TileAddress, { kind: 'pixel' }>) {
  const cols = new Float64Array(a.outWidth * a.outHeight)
  const rows = new Float64Array(a.outWidth * a.outHeight)
  for (let r = 0; r < a.outHeight; r++) {
    const row = a.y + ((r + 0.5) * a.height) / a.outHeight
    for (let c = 0; c < a.outWidth; c++) {
      cols[r * a.outWidth + c] = a.x + ((c + 0.5) * a.width) / a.outWidth
      rows[r * a.outWidth + c] = row
    }
  }
  return { cols, rows, scale: Math.min(a.width / a.outWidth, a.height / a.outHeight) }
}

/** The coarsest pyramid level that is still at least as fine as `scale` full-resolution pixels per output pixel. */
export function chooseLevel(s: TiffSource, scale: number): number {
  let chosen = 0
  for (let i = 0; i < s.levels.length; i++) if (Math.min(s.levels[i].fx, s.levels[i].fy) <= scale * 1.01) chosen = i
  return chosen
}

/** Sample the chosen bands at the given full-resolution positions; returns planes and the validity mask. */
async function sample(s: TileSource, bands: number[], cols: Float64Array, rows: Float64Array, scale: number) {
  const n = cols.length
  const planes = bands.map(() => new Float64Array(n))
  const valid = new Uint8Array(n)
  if (s.kind === 'picture') {
    for (let i = 0; i < n; i++) {
      const c = Math.floor(cols[i])
      const r = Math.floor(rows[i])
      if (!(c >= 0 && c < s.width && r >= 0 && r < s.height)) continue
      const o = (r * s.width + c) * 4
      if (s.rgba[o + 3] === 0) continue
      valid[i] = 1
      for (let k = 0; k < bands.length; k++) planes[k][i] = s.rgba[o + bands[k] - 1]
    }
    return { planes, valid, level: 0 }
  }
  const level = chooseLevel(s, scale)
  const L = s.levels[level]
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  const lc = new Int32Array(n)
  const lr = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const c = Math.floor(cols[i] / L.fx)
    const r = Math.floor(rows[i] / L.fy)
    if (!(c >= 0 && c < L.width && r >= 0 && r < L.height)) {
      lc[i] = -1
      continue
    }
    lc[i] = c
    lr[i] = r
    if (c < x0) x0 = c
    if (c > x1) x1 = c
    if (r < y0) y0 = r
    if (r > y1) y1 = r
  }
  if (x1 < x0) return { planes, valid, level }
  const ww = x1 - x0 + 1
  const read = await s.raster.readWindow(level, bands, { col: x0, row: y0, width: ww, height: y1 - y0 + 1 })
  for (let i = 0; i < n; i++) {
    if (lc[i] < 0) continue
    const at = (lr[i] - y0) * ww + (lc[i] - x0)
    valid[i] = read.valid[at]
    for (let k = 0; k < bands.length; k++) planes[k][i] = read.planes[k][at]
  }
  return { planes, valid, level }
}

/** Render one tile of `file` as an RGBA PNG (see the module comment). */
export function renderTile(file: string, address: TileAddress, style?: TileStyle): Promise<RenderedTile> {
  return withTileSource(file, (s) => tileOf(s, address, style))
}

async function tileOf(s: TileSource, address: TileAddress, style?: TileStyle): Promise<RenderedTile> {
  const resolved = resolveStyle(s, style)
  let positions: { cols: Float64Array; rows: Float64Array; scale: number }
  let width: number
  let height: number
  if (address.kind === 'xyz') {
    if (!validTile(address.z, address.x, address.y))
      throw new TileError(`Tile ${address.z}/${address.x}/${address.y} does not exist: at zoom ${address.z}, x and y run from 0 to ${2 ** address.z - 1}.`)
    if (!placeable(s)) {
      throw new FileFormatError(`'${s.name}' has no georeference RSure can place on the map; show it in the pixel viewer instead.`)
    }
    width = TILE_SIZE
    height = TILE_SIZE
    const box = tileBox(address.z, address.x, address.y)
    const m = placement(s).merc
    if (box.maxX <= m.minX || box.minX >= m.maxX || box.maxY <= m.minY || box.minY >= m.maxY) return emptyTile(width, height, 0)
    positions = xyzPositions(s, address.z, address.x, address.y)
  } else {
    width = address.outWidth
    height = address.outHeight
    positions = windowPositions(address)
  }
  const { planes, valid, level } = await sample(s, resolved.bands, positions.cols, positions.rows, positions.scale)
  if (resolved.nodata !== undefined) {
    const nd = resolved.nodata
    for (let i = 0; i < valid.length; i++) if (valid[i] && planes.some((p) => p[i] === nd)) valid[i] = 0
  }
  const ranges = await bandRanges(s, resolved.bands, resolved.stretch, resolved.nodata)
  const { rgba, validPixels } = colourise(planes, valid, ranges, resolved.ramp)
  if (validPixels === 0) return emptyTile(width, height, level)
  return { png: encodeRgbaPng(rgba, width, height), width, height, empty: false, level, validPixels }
}
