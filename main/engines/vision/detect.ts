/**
 * Object detection with a YOLO pack (detect, obb or segment; raw or end-to-end layout) over the full image or over
 * tiles: each tile is letterboxed to the model input, run in the inference worker, decoded, suppressed (class-aware
 * NMS, ProbIoU NMS for OBB, none for the end-to-end layout), mapped back to source pixels, and the tiles' results are
 * merged with one more NMS pass so an object cut by a seam is counted once. Map coordinates are added when the image
 * is georeferenced.
 */
import { packEvidence, type PackRunEvidence } from './manifest'
import { pixelToMap } from '../raster/georef'
import { end2endColumns } from './contracts'
import { float32Output, VisionError } from './errors'
import { cropImage, toChw, type Georeferencing, type LoadedImage } from './image'
import { letterbox, type LetterboxGeometry } from './letterbox'
import { nmsXyxy, type Xyxy } from './nms'
import { corners, nmsRotated, type RBox } from './rbox'
import { openPackModel, type PreparedPack } from './registry'
import type { Provider } from './providers'
import type { VisionRuntime } from './runtime/host'
import { tileCoverage, tileGrid, type Tile } from './tiling'
import { decodeEnd2end, decodeRaw, rboxBounds, type Candidate } from './yolo-decode'
import { assembleMask, type InstanceMask } from './yolo-masks'

export interface DetectOptions {
  /** 'tiles' tiles the image; 'full' letterboxes it whole; default: tiles when the image exceeds twice the model input. */
  view?: 'full' | 'tiles'
  /** Tile side in source pixels (default: the model input's larger side, at least 1024 is not forced). */
  tile?: number
  /** Pixels shared by neighbouring tiles (default 200, or a fifth of the tile when tiles are small). */
  overlap?: number
  conf?: number
  iou?: number
  maxDet?: number
  /** Keep only these class names. */
  classes?: string[]
  georef?: Georeferencing | null
  providers?: Provider[]
  signal?: AbortSignal
}

export interface Detection {
  classId: number
  label: string
  score: number
  box: Xyxy
  obb?: RBox & { corners: [number, number][] }
  mask?: InstanceMask
  /** Outline in source pixels: the box corners or the OBB corners, clockwise on screen from top-left. */
  polygon: [number, number][]
  map?: { polygon: [number, number][] }
  tile: number
}

export interface DetectEvidence extends PackRunEvidence {
  inputSize: [number, number]
  letterbox: LetterboxGeometry
  tiles: { count: number; size: number; overlap: number; grid: [number, number]; coverage: number; view: 'full' | 'tiles' }
  thresholds: { conf: number; iou: number; maxDet: number }
  nms: 'xyxy-class-aware' | 'probiou-class-aware' | 'none (end-to-end)'
  candidates: number
  keptPerTile: number[]
  mergedAcrossTiles: number
  /** Kept boxes that fell wholly in the letterbox padding, dropped. */
  outsideImage: number
  filteredByClass: number
  timingsMs: { preprocess: number; inference: number; postprocess: number }
}

export interface DetectResult {
  detections: Detection[]
  image: { width: number; height: number }
  georef: Georeferencing | null
  evidence: DetectEvidence
}

function boxPolygon(b: Xyxy): [number, number][] {
  return [
    [b[0], b[1]],
    [b[2], b[1]],
    [b[2], b[3]],
    [b[0], b[3]],
  ]
}

/** Default tiling: tiles of the model input size with a 200 px overlap (a fifth of the tile when smaller). */
export function planTiles(width: number, height: number, inputW: number, inputH: number, opts: Pick<DetectOptions, 'view' | 'tile' | 'overlap'>) {
  const size = opts.tile ?? Math.max(inputW, inputH)
  const view = opts.view ?? (Math.max(width, height) > 2 * size ? 'tiles' : 'full')
  if (view === 'full') return { view, grid: { tiles: [{ index: 0, x: 0, y: 0, width, height }], cols: 1, rows: 1, size: Math.max(width, height), overlap: 0 } }
  const overlap = opts.overlap ?? Math.min(200, Math.floor(size / 5))
  return { view, grid: tileGrid(width, height, size, overlap) }
}

export async function runDetector(pack: PreparedPack, image: LoadedImage, runtime: VisionRuntime, opts: DetectOptions = {}): Promise<DetectResult> {
  const m = pack.manifest
  if (m.family !== 'yolo')
    throw new VisionError(`Pack '${m.id}' is a ${m.family} pack, not an object detector; choose a YOLO detect, obb or segment pack.`, 'invalid')
  const conf = opts.conf ?? 0.25
  const iou = opts.iou ?? 0.7
  const maxDet = opts.maxDet ?? 300
  const { width: W, height: H } = m.input
  const handle = await openPackModel(pack, 'model', runtime, opts.providers)
  const { view, grid } = planTiles(image.width, image.height, W, H, opts)
  const georef = opts.georef ?? image.georef
  const timings = { preprocess: 0, inference: 0, postprocess: 0 }
  const all: (Detection & { rbox?: RBox })[] = []
  const keptPerTile: number[] = []
  let candidates = 0
  let outside = 0
  let firstGeometry: LetterboxGeometry | null = null
  const outName0 = handle.io.outputs[0].name
  const outName1 = handle.io.outputs[1]?.name
  const inName = handle.io.inputs[0].name

  for (const tile of grid.tiles) {
    if (opts.signal?.aborted) throw new VisionError('cancelled')
    let t0 = performance.now()
    const crop = await cropImage(image, tile.x, tile.y, tile.width, tile.height)
    const { image: boxed, geometry } = await letterbox(crop, W, H)
    firstGeometry ??= geometry
    const tensor = toChw(boxed, m.input.normalisation)
    timings.preprocess += performance.now() - t0
    t0 = performance.now()
    const out = await runtime.run(handle, { [inName]: { type: 'float32', dims: [1, 3, H, W], data: tensor } }, { signal: opts.signal })
    timings.inference += performance.now() - t0
    t0 = performance.now()
    const { cands, kept } = decodeTile(m, out[outName0], conf, iou, maxDet)
    candidates += cands.length
    keptPerTile.push(kept.length)
    const protos = m.task === 'segment' ? out[outName1!] : null
    for (const i of kept) {
      const d = toSource(cands[i], geometry, tile, m.classNames, protos, W, H)
      if (d) all.push(d)
      else outside++
    }
    timings.postprocess += performance.now() - t0
  }

  const t0 = performance.now()
  const { merged, mergedAcrossTiles, filteredByClass } = mergeTiles(m, all, grid.tiles.length, iou, opts.classes)
  const detections: Detection[] = merged.map(({ rbox: _r, ...d }) => {
    if (!georef) return d
    return { ...d, map: { polygon: d.polygon.map(([x, y]) => pixelToMap(georef.geoTransform, x, y)) } }
  })
  timings.postprocess += performance.now() - t0

  return {
    detections,
    image: { width: image.width, height: image.height },
    georef: georef ?? null,
    evidence: {
      pack: packEvidence(m),
      provider: handle.provider,
      providerAttempts: handle.attempts,
      inputSize: [W, H],
      letterbox: firstGeometry!,
      tiles: {
        count: grid.tiles.length,
        size: grid.size,
        overlap: grid.overlap,
        grid: [grid.cols, grid.rows],
        coverage: tileCoverage(grid.tiles, image.width, image.height),
        view,
      },
      thresholds: { conf, iou, maxDet },
      nms: m.layout === 'end2end' ? 'none (end-to-end)' : m.task === 'obb' ? 'probiou-class-aware' : 'xyxy-class-aware',
      candidates,
      keptPerTile,
      mergedAcrossTiles,
      outsideImage: outside,
      filteredByClass,
      timingsMs: { preprocess: Math.round(timings.preprocess), inference: Math.round(timings.inference), postprocess: Math.round(timings.postprocess) },
    },
  }
}

/** One tile's output decoded (raw: thresholded and NMS-suppressed; end-to-end: as the model kept them, capped at maxDet). */
function decodeTile(
  m: PreparedPack['manifest'],
  o0: { dims: number[]; data: unknown },
  conf: number,
  iou: number,
  maxDet: number,
): { cands: Candidate[]; kept: number[] } {
  const data = float32Output(o0, 'detection')
  const nc = m.classNames.length
  if (m.layout === 'raw') {
    const cands = decodeRaw(data, o0.dims, nc, m.task, conf)
    return { cands, kept: suppress(m.task === 'obb', cands, iou, maxDet) }
  }
  if (o0.dims[2] !== end2endColumns(m.task))
    throw new VisionError(`Pack '${m.id}' returned ${o0.dims[2]} values per detection, not ${end2endColumns(m.task)}.`, 'invalid')
  const cands = decodeEnd2end(data, o0.dims, nc, m.task, conf)
  return { cands, kept: cands.map((_, i) => i).slice(0, maxDet) }
}

/** The detections of all tiles: suppressed across tiles (when there are several), best first, kept to `classes` when given. */
function mergeTiles(
  m: PreparedPack['manifest'],
  all: (Detection & { rbox?: RBox })[],
  tiles: number,
  iou: number,
  classes: string[] | undefined,
): { merged: (Detection & { rbox?: RBox })[]; mergedAcrossTiles: number; filteredByClass: number } {
  let merged = all
  let mergedAcrossTiles = 0
  if (tiles > 1 && all.length > 1) {
    const keep = suppress(m.task === 'obb', all, iou, Infinity)
    merged = keep.map((i) => all[i])
    mergedAcrossTiles = all.length - merged.length
  }
  merged.sort((a, b) => b.score - a.score)
  const before = merged.length
  if (classes?.length) {
    const unknown = classes.filter((c) => !m.classNames.includes(c))
    if (unknown.length === classes.length) {
      throw new VisionError(
        `Pack '${m.id}' does not know the class${unknown.length > 1 ? 'es' : ''} ${unknown.map((c) => `'${c}'`).join(', ')}; its classes are ${m.classNames.join(', ')}.`,
        'invalid',
      )
    }
    merged = merged.filter((d) => classes!.includes(d.label))
  }
  return { merged, mergedAcrossTiles, filteredByClass: before - merged.length }
}

/** One candidate from model pixels of a tile to source pixels of the image. */
function toSource(
  c: Candidate,
  g: LetterboxGeometry,
  tile: Tile,
  names: string[],
  protos: { dims: number[]; data: unknown } | null,
  W: number,
  H: number,
): (Detection & { rbox?: RBox }) | null {
  const ux = (x: number) => (x - g.left) / g.scale
  const uy = (y: number) => (y - g.top) / g.scale
  const clampX = (x: number) => Math.min(tile.width, Math.max(0, x))
  const clampY = (y: number) => Math.min(tile.height, Math.max(0, y))
  const base = { classId: c.classId, label: names[c.classId] ?? `class ${c.classId}`, score: c.score, tile: tile.index }
  if (c.rbox) {
    const local: RBox = { cx: ux(c.rbox.cx), cy: uy(c.rbox.cy), w: c.rbox.w / g.scale, h: c.rbox.h / g.scale, angle: c.rbox.angle }
    const rbox: RBox = { ...local, cx: local.cx + tile.x, cy: local.cy + tile.y }
    const pts = corners(rbox)
    return { ...base, box: rboxBounds(rbox), rbox, obb: { ...rbox, corners: pts }, polygon: pts }
  }
  // Boxes are clipped to the tile (Ultralytics clip_boxes) before moving to source pixels.
  const local: Xyxy = [clampX(ux(c.box[0])), clampY(uy(c.box[1])), clampX(ux(c.box[2])), clampY(uy(c.box[3]))]
  if (local[2] <= local[0] || local[3] <= local[1]) return null // wholly in the letterbox band
  const box: Xyxy = [local[0] + tile.x, local[1] + tile.y, local[2] + tile.x, local[3] + tile.y]
  const det: Detection = { ...base, box, polygon: boxPolygon(box) }
  if (c.coeffs && protos) {
    const [, , mh, mw] = protos.dims
    const mask = assembleMask(c.coeffs, float32Output(protos, 'mask prototype'), mh, mw, local, g, W, H, tile.width, tile.height)
    det.mask = { ...mask, x: mask.x + tile.x, y: mask.y + tile.y }
  }
  return det
}

/** Class-aware non-maximum suppression: on the rotated boxes for an OBB pack, else on the axis-aligned ones; the indices kept. */
function suppress(rotated: boolean, items: { box: Xyxy; rbox?: RBox; score: number; classId: number }[], iou: number, maxDet: number): number[] {
  const scores = items.map((c) => c.score)
  const classes = items.map((c) => c.classId)
  return rotated
    ? nmsRotated(
        items.map((c) => c.rbox!),
        scores,
        classes,
        iou,
        maxDet,
      )
    : nmsXyxy(
        items.map((c) => c.box),
        scores,
        classes,
        iou,
        maxDet,
      )
}
