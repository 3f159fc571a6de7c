/**
 * What kind of observation a call produced and what of it can be drawn over its source image: boxes, polygons,
 * points, text lines, masks and changed regions. Tools are still growing, so shapes are read leniently from the
 * observation and from `evidence.intermediate` (DESIGN section 3 puts boxes/polygons there): a box is
 * `[x0, y0, x1, y1]` in pixels of the source image (or {x, y, w, h}), a polygon a ring of `[x, y]` points or a
 * GeoJSON Polygon, a point `[x, y]` or {x, y}. Geometry whose coordinates say `crs`/`lonlat` goes on the map
 * instead of the pixel viewer.
 */
import { countNoun as countNounOf, nounFor } from '../../../main/domain/count-noun'
import { UNIT_WRITTEN } from '../../../main/domain/lexicon/units'
import { asRecord } from '../../../main/domain/json'
import { num } from './format'
import type { CallView, ToolResultView } from './run-model'

export type ObservationKind = 'execute' | 'objects' | 'regions' | 'change' | 'measurement' | 'document' | 'scene' | 'evidence' | 'retrieve' | 'other'

export const KIND_LABEL: Record<ObservationKind, string> = {
  execute: 'Raster workflow (execute)',
  objects: 'Objects',
  regions: 'Regions',
  change: 'Change',
  measurement: 'Measurement',
  document: 'Document text',
  scene: 'Scene class',
  evidence: 'Visual evidence',
  retrieve: 'Knowledge cards',
  other: 'Observation',
}

const obj = asRecord

export function observationKind(tool: string, args: unknown): ObservationKind {
  if (tool === 'execute') return 'execute'
  if (tool === 'measure') return 'measurement'
  if (tool === 'retrieve') return 'retrieve'
  const mode = obj(args).mode
  if (tool === 'perceive' && typeof mode === 'string' && ['objects', 'regions', 'change', 'measurement', 'document', 'scene', 'evidence'].includes(mode)) {
    return mode as ObservationKind
  }
  return 'other'
}

export type Pt = [number, number]

export interface Drawables {
  boxes: { box: [number, number, number, number]; label: string; score: number | null; angle: number | null }[]
  polygons: { ring: Pt[]; label: string; changed: boolean }[]
  points: { at: Pt; label: string }[]
  lines: { from: Pt; to: Pt; label: string }[]
  texts: { box: [number, number, number, number]; text: string }[]
}

export function emptyDrawables(): Drawables {
  return { boxes: [], polygons: [], points: [], lines: [], texts: [] }
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isPt = (v: unknown): v is Pt => Array.isArray(v) && v.length >= 2 && isNum(v[0]) && isNum(v[1])

function readBox(v: unknown): [number, number, number, number] | null {
  if (Array.isArray(v) && v.length === 4 && v.every(isNum)) return [v[0], v[1], v[2], v[3]] as [number, number, number, number]
  const r = obj(v)
  if (isNum(r.x) && isNum(r.y) && isNum(r.w) && isNum(r.h)) return [r.x, r.y, r.x + r.w, r.y + r.h]
  if (isNum(r.x0) && isNum(r.y0) && isNum(r.x1) && isNum(r.y1)) return [r.x0, r.y0, r.x1, r.y1]
  // A quadrilateral of corner points (an OCR line's box: four [x, y] corners) is drawn as the box around it.
  if (Array.isArray(v) && v.length === 4 && v.every(isPt)) {
    const xs = (v as Pt[]).map((p) => p[0])
    const ys = (v as Pt[]).map((p) => p[1])
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
  }
  return null
}

function readRing(v: unknown): Pt[] | null {
  if (Array.isArray(v) && v.length >= 3 && v.every(isPt)) return (v as Pt[]).map((p) => [p[0], p[1]])
  const r = obj(v)
  if (r.type === 'Polygon' && Array.isArray(r.coordinates)) return readRing(r.coordinates[0])
  if (r.type === 'Feature') return readRing(r.geometry)
  return null
}

function readPoint(v: unknown): Pt | null {
  if (isPt(v)) return [v[0], v[1]]
  const r = obj(v)
  if (isNum(r.x) && isNum(r.y)) return [r.x, r.y]
  if (r.type === 'Point' && isPt(r.coordinates)) return [r.coordinates[0], r.coordinates[1]]
  return null
}

const labelOf = (r: Record<string, unknown>, fallback: string) =>
  typeof r.label === 'string' ? r.label : typeof r.class === 'string' ? r.class : typeof r.name === 'string' ? r.name : fallback

/** Walk a value (observation or intermediate evidence) and collect everything drawable, to a bounded depth. */
function collect(v: unknown, out: Drawables, ctx: { changed: boolean; depth: number; key: string }): void {
  if (ctx.depth > 6 || v === null || typeof v !== 'object') return
  if (Array.isArray(v)) {
    // A list named boxes of bare [x0, y0, x1, y1] arrays (measure's evidence of the instances it counted).
    if (/boxes$/i.test(ctx.key) && v.length > 0 && v.every((b) => Array.isArray(b) && b.length === 4 && b.every(isNum))) {
      for (const b of v.slice(0, 5000) as number[][]) out.boxes.push({ box: [b[0], b[1], b[2], b[3]], label: '', score: null, angle: null })
      return
    }
    for (const item of v.slice(0, 5000)) collect(item, out, { ...ctx, depth: ctx.depth + 1 })
    return
  }
  const r = asRecord(v)
  if (r.type === 'FeatureCollection' && Array.isArray(r.features)) {
    for (const f of r.features) collect(f, out, { ...ctx, depth: ctx.depth + 1 })
    return
  }
  if (r.type === 'Feature') {
    const props = obj(r.properties)
    const g = obj(r.geometry)
    if (g.type === 'MultiPolygon' && Array.isArray(g.coordinates)) {
      // Each part's outer ring (a changed area split in pieces, a class in several blobs).
      for (const part of g.coordinates.slice(0, 5000)) {
        const ring = Array.isArray(part) ? readRing(part[0]) : null
        if (ring) out.polygons.push({ ring, label: labelOf(props, ''), changed: ctx.changed || props.changed === true })
      }
      return
    }
    const ring = readRing(r.geometry)
    if (ring) out.polygons.push({ ring, label: labelOf(props, ''), changed: ctx.changed || props.changed === true })
    const p = readPoint(r.geometry)
    if (p) out.points.push({ at: p, label: labelOf(props, '') })
    return
  }
  const box = readBox(r.box ?? r.bbox)
  const score = isNum(r.score) ? r.score : isNum(r.confidence) ? r.confidence : null
  if (box && typeof r.text === 'string') out.texts.push({ box, text: r.text })
  else if (box) out.boxes.push({ box, label: labelOf(r, ''), score, angle: isNum(r.angle) ? r.angle : null })
  const ring = readRing(r.polygon ?? r.ring)
  if (ring) out.polygons.push({ ring, label: labelOf(r, ''), changed: ctx.changed || r.changed === true })
  const pt = readPoint(r.point ?? r.center)
  if (pt && !box) out.points.push({ at: pt, label: labelOf(r, '') })
  if (Array.isArray(r.landmarks) && r.landmarks.length === 2) {
    const a = readPoint(obj(r.landmarks[0]).point ?? r.landmarks[0])
    const b = readPoint(obj(r.landmarks[1]).point ?? r.landmarks[1])
    if (a && b) {
      out.points.push({ at: a, label: labelOf(obj(r.landmarks[0]), 'A') }, { at: b, label: labelOf(obj(r.landmarks[1]), 'B') })
      out.lines.push({ from: a, to: b, label: typeof r.distance === 'number' ? String(r.distance) : '' })
    }
  }
  for (const [k, child] of Object.entries(r)) {
    if (['box', 'bbox', 'polygon', 'ring', 'point', 'center', 'landmarks', 'geometry', 'properties'].includes(k)) continue
    if (child && typeof child === 'object') collect(child, out, { changed: ctx.changed || /chang/i.test(k), depth: ctx.depth + 1, key: k })
  }
}

/** The polygons of a GeoJSON layer in pixel coordinates (a saved change or class layer), marked changed or not. */
export function drawablesOfGeoJson(fc: unknown, changed: boolean): Drawables {
  const out = emptyDrawables()
  collect(fc, out, { changed, depth: 0, key: '' })
  return out
}

/** Everything drawable of an observation, de-duplicated (the same box often appears in observation and evidence). */
export function drawablesOf(result: ToolResultView | null): Drawables {
  const out = emptyDrawables()
  if (!result) return out
  collect(result.observation, out, { changed: false, depth: 0, key: '' })
  if (out.boxes.length + out.polygons.length + out.points.length + out.texts.length === 0) {
    collect(result.evidence?.intermediate, out, { changed: false, depth: 0, key: '' })
  }
  const seen = new Set<string>()
  out.boxes = out.boxes.filter((b) => {
    const k = b.box.join(',')
    return seen.has(k) ? false : (seen.add(k), true)
  })
  return out
}

/** The source images of a call, in the order given (perceive: image_paths; measure: each source's image). */
export function sourceImages(call: Pick<CallView, 'tool' | 'args'>): string[] {
  const a = obj(call.args)
  const paths: string[] = []
  const add = (v: unknown) => {
    if (typeof v === 'string') paths.push(v)
    else if (Array.isArray(v)) v.forEach(add)
  }
  add(a.image_paths)
  add(a.image)
  add(a.images)
  // measure's sources name their images as `image` or, like perceive, `image_paths`.
  if (Array.isArray(a.sources)) {
    for (const s of a.sources) {
      add(obj(s).image)
      add(obj(s).image_paths)
    }
  }
  return [...new Set(paths)]
}

/** Ground sampling distance in metres per pixel, where the call or its evidence states one. */
export function gsdOf(call: Pick<CallView, 'args'>, result: ToolResultView | null): number | null {
  const candidates = [obj(call.args).gsd, result?.evidence?.source?.gsd, result?.evidence?.source?.gsd_m]
  for (const c of candidates) {
    if (isNum(c) && c > 0) return c
    if (Array.isArray(c) && isNum(c[0]) && c[0] > 0) return c[0]
    const r = obj(c)
    if (isNum(r.x) && r.x > 0) return Math.abs(r.x)
  }
  return null
}

/** What a count counts: the one owner is main/domain/count-noun.ts (the command line's answer uses it too). */
export function countNoun(call: Pick<CallView, 'tool' | 'args'> | null | undefined, nodeId?: string): string | null {
  return call ? countNounOf(call.tool, call.args, nodeId) : null
}

/** A value with its unit as the window writes it: a count with what it counts (pixels, dates, ships), never "count". */
export function valueText(value: number, unit: unknown, noun: string | null): string {
  if (unit === 'count') return noun ? `${num(value)} ${nounFor(value, noun)}` : num(value)
  const written = typeof unit === 'string' ? (UNIT_WRITTEN[unit] ?? unit) : ''
  const u = written === '' ? '' : written === '%' ? '%' : ` ${written}`
  return `${Number(value.toPrecision(6))}${u}`
}

/** The headline of an observation: the value with its unit, a class, a count, or the length of a text. */
export function headline(result: ToolResultView | null, call?: Pick<CallView, 'tool' | 'args'>): string {
  if (!result) return 'no result'
  if (result.status !== 'ok') return `${result.status}: ${result.reason ?? ''}`
  const o = obj(result.observation)
  if (isNum(o.value)) return valueText(o.value, o.unit, o.unit === 'count' ? countNoun(call) : null)
  if (isNum(o.count)) return `${o.count} ${typeof o.label === 'string' ? o.label : 'objects'}`
  // A scene class per image: the first image's class with its confidence (and how many images more).
  if (Array.isArray(o.predictions) && o.predictions.length > 0) {
    const p = obj(o.predictions[0])
    const conf = isNum(p.confidence) ? ` (${Number(p.confidence.toPrecision(3))})` : ''
    const more = o.predictions.length > 1 ? `, and ${o.predictions.length - 1} more image${o.predictions.length > 2 ? 's' : ''}` : ''
    if (typeof p.class_name === 'string') return `${p.class_name}${conf}${more}`
  }
  if (typeof o.label === 'string') return isNum(o.score) ? `${o.label} (${Number(o.score.toPrecision(3))})` : o.label
  if (typeof o.text === 'string') return o.text.length > 80 ? `${o.text.slice(0, 79)}…` : o.text
  if (typeof o.choice === 'string') return `option ${o.choice}`
  if (typeof result.observation === 'string') return result.observation
  return JSON.stringify(result.observation).slice(0, 80)
}
