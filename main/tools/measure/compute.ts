/**
 * The metrics of measure over resolved layers. Labels name a class of one source ('water' or 'src.water');
 * instances are objects (boxes/polygons) or the 8-connected components of a class mask. Areas and fractions use
 * ground areas when the layer has a scale (geodesic rows on a geographic grid), pixel counts otherwise; the evidence
 * always carries both.
 */
import { maskArea } from '../../engines/geometry/area'
import { componentShapes, boxShape, shapeDistance, shapeLength, type Shape } from '../../engines/geometry/shapes'
import { andMask, countOn, emptyMask, fillPolygon, type Mask } from '../../engines/geometry/mask'
import { connectedComponents } from '../../engines/geometry/components'
import { overlap, relate } from '../../engines/geometry/relations'
import { sameGrid } from '../../engines/raster/raster'
import { fromMetres, fromSquareMetres, normaliseUnit, toMetres, AREA_UNITS, LENGTH_UNITS } from '../../engines/geometry/units'
import type { ResolvedSource } from './sources'
import type { MeasureSpec } from './spec'
import { errorMessage } from '../../domain/errors'

export class MeasureError extends Error {
  constructor(
    message: string,
    readonly status: 'insufficient' | 'error' = 'error',
  ) {
    super(message)
  }
}

export interface Picked {
  source: ResolvedSource
  label: string
  mask: Mask
}

/** Find a label among the sources: 'src.label', or a label that exactly one source has. */
export function pick(sources: ResolvedSource[], name: string, role: string): Picked {
  const dot = name.indexOf('.')
  if (dot > 0) {
    const src = sources.find((s) => s.id === name.slice(0, dot))
    const label = name.slice(dot + 1)
    const mask = src?.layer.classes.get(label)
    if (!src || !mask) throw new MeasureError(`The ${role} '${name}' names no class of a declared source.`)
    return { source: src, label, mask }
  }
  const hits = sources.filter((s) => s.layer.classes.has(name) || (s.mode === 'extent' && s.id === name))
  if (hits.length === 0) {
    const known = sources.flatMap((s) => [...s.layer.classes.keys()].map((l) => `${s.id}.${l}`))
    throw new MeasureError(`The ${role} '${name}' is not a class of any declared source (known: ${known.join(', ') || 'none'}).`)
  }
  if (hits.length > 1)
    throw new MeasureError(`The ${role} '${name}' is a class of several sources (${hits.map((h) => h.id).join(', ')}); write it as 'source.${name}'.`)
  const src = hits[0]
  const label = src.layer.classes.has(name) ? name : [...src.layer.classes.keys()][0]
  return { source: src, label, mask: src.layer.classes.get(label)! }
}

function shapesOf(p: Picked): Shape[] {
  if (p.source.layer.kind === 'objects')
    return p.source.layer.objects
      .filter((o) => o.label === p.label)
      .map((o) => (o.box ? boxShape(o.box) : componentShapes(maskOfPolygon(p, o))[0]))
      .filter(Boolean)
  return componentShapes(p.mask, 8)
}

function maskOfPolygon(p: Picked, o: { polygon?: [number, number][][] }): Mask {
  const m = emptyMask(p.mask.width, p.mask.height)
  if (o.polygon) fillPolygon(m, o.polygon)
  return m
}

function sameLayerGrid(a: Picked, b: Picked): void {
  const ga = a.source.layer.grid
  const gb = b.source.layer.grid
  if (ga.width !== gb.width || ga.height !== gb.height || (ga.geoTransform && gb.geoTransform && !sameGrid(ga, gb))) {
    throw new MeasureError(
      `'${a.label}' (${ga.width}x${ga.height} px) and '${b.label}' (${gb.width}x${gb.height} px) are not on one grid, so they cannot be compared pixel by pixel.`,
    )
  }
}

function refuseApproximate(p: Picked[], metric: string, unit: string): void {
  const approx = p.filter((x) => x.source.layer.geometry === 'approximate')
  if (approx.length) {
    throw new MeasureError(
      `A ${metric} in ${unit} cannot come from approximate geometry (source '${approx[0].source.id}' is from a vision-language model); measure from an exact layer (spectral indices, a detector or a segmenter) or ask in pixels.`,
      'insufficient',
    )
  }
}

function needScale(p: Picked, metric: string): void {
  if (p.source.scale.kind === 'none') {
    throw new MeasureError(
      `A ${metric} in ground units needs a ground sample distance: source '${p.source.id}' has no georeferencing, so give its gsd in metres per pixel.`,
      'insufficient',
    )
  }
}

export interface MetricOutcome {
  value: number | boolean
  unit: string
  numerator: number | null
  denominator: number | null
  pixelCounts: Record<string, number>
  detail: Record<string, unknown>
  formula: string
  used: Picked[]
}

const isLength = (u: string) => normaliseUnit(u) in LENGTH_UNITS
const isArea = (u: string) => normaliseUnit(u) in AREA_UNITS

/**
 * The output unit of a length-valued metric (a length, a distance): px or pixels gives pixels; a known length unit
 * gives ground units, which need exact geometry in every source used and a ground scale on the first.
 */
function lengthOutput(unit: string, used: Picked[], metric: string): { unit: string; of: (l: { pixels: number; metres: number | null }) => number } {
  if (unit === 'px' || unit === 'pixels') return { unit: 'px', of: (l) => l.pixels }
  if (!isLength(unit)) throw new MeasureError(`The length unit '${unit}' is not known; use m, km, cm, mm, mi, ft, nmi or px.`)
  refuseApproximate(used, metric, unit)
  needScale(used[0], metric)
  return { unit: normaliseUnit(unit), of: (l) => fromMetres(l.metres!, unit) }
}

function validOf(p: Picked): Mask | null {
  return p.source.layer.valid
}

export function computeMetric(spec: MeasureSpec, sources: ResolvedSource[]): MetricOutcome {
  const s = pick(sources, spec.subject, 'subject')
  const valid = validOf(s)
  switch (spec.metric) {
    case 'count': {
      const n =
        s.source.layer.kind === 'objects' ? s.source.layer.objects.filter((o) => o.label === s.label).length : connectedComponents(s.mask, 8).components.length
      if (spec.output_unit && !['count', 'objects', 'instances'].includes(spec.output_unit))
        throw new MeasureError(`A count has no unit '${spec.output_unit}'; use 'count'.`)
      const objects = s.source.layer.kind === 'objects' ? s.source.layer.objects.filter((o) => o.label === s.label) : null
      const detail = objects
        ? { instances: 'objects', confidences: objects.map((o) => o.confidence), boxes: objects.map((o) => o.box ?? null) }
        : { instances: '8-connected components' }
      return {
        value: n,
        unit: 'count',
        numerator: n,
        denominator: null,
        pixelCounts: { [s.label]: countOn(s.mask, valid) },
        detail,
        formula: `number of ${s.label} instances`,
        used: [s],
      }
    }
    case 'area': {
      const unit = spec.output_unit ?? 'm2'
      if (unit === 'px' || unit === 'pixels') {
        const px = countOn(s.mask, valid)
        return {
          value: px,
          unit: 'px',
          numerator: px,
          denominator: null,
          pixelCounts: { [s.label]: px },
          detail: {},
          formula: `pixels of ${s.label}`,
          used: [s],
        }
      }
      if (!isArea(unit)) throw new MeasureError(`The area unit '${unit}' is not known; use m2, km2, ha, mi2, ft2, acre or px.`)
      refuseApproximate([s], 'area', unit)
      needScale(s, 'area')
      const a = maskArea(s.mask, s.source.scale, valid)
      return {
        value: fromSquareMetres(a.m2!, unit),
        unit: normaliseUnit(unit),
        numerator: a.m2,
        denominator: null,
        pixelCounts: { [s.label]: a.pixels },
        detail: { area_m2: a.m2 },
        formula: s.source.scale.kind === 'geographic' ? 'sum of geodesic pixel areas per row' : 'pixels x pixel area',
        used: [s],
      }
    }
    case 'length': {
      const shapes = shapesOf(s)
      if (shapes.length === 0) throw new MeasureError(`There is no ${s.label} instance to measure.`, 'insufficient')
      const out = lengthOutput(spec.output_unit ?? 'm', [s], 'length')
      const each = shapes.map((sh) => out.of(shapeLength(sh, s.source.scale)))
      const v = aggregate(each, spec.distance_statistic)
      return {
        value: v,
        unit: out.unit,
        numerator: v,
        denominator: null,
        pixelCounts: { [s.label]: countOn(s.mask, valid) },
        detail: {
          instances: each.length,
          lengths: each,
          statistic: spec.distance_statistic,
          definition: 'longest extent (maximum Feret diameter) of each instance',
        },
        formula: `${spec.distance_statistic} of instance lengths`,
        used: [s],
      }
    }
    case 'distance': {
      const r = pick(sources, spec.reference!, 'reference')
      sameLayerGrid(s, r)
      const out = lengthOutput(spec.output_unit ?? 'm', [s, r], 'distance')
      const ss = shapesOf(s)
      const rs = shapesOf(r)
      // The same class on both sides ("how far apart are the ships"): each instance's nearest *other* instance.
      const self = s.source === r.source && s.label === r.label
      if (!ss.length || !rs.length || (self && ss.length < 2))
        throw new MeasureError(
          self
            ? `There are fewer than two ${s.label} instances, so no distance between them exists.`
            : `There is no ${ss.length ? r.label : s.label} instance to measure a distance to.`,
          'insufficient',
        )
      // One value per subject instance: the distance to its nearest reference instance (edge to edge).
      const key = (d: { pixels: number; metres: number | null }) => d.metres ?? d.pixels
      const nearest = ss.map((a, i) =>
        rs
          .filter((_, j) => !self || j !== i)
          .map((b) => shapeDistance(a, b, s.source.scale))
          .reduce((m, d) => (key(d) < key(m) ? d : m)),
      )
      const each = nearest.map(out.of)
      const v = aggregate(each, spec.distance_statistic)
      return {
        value: v,
        unit: out.unit,
        numerator: v,
        denominator: null,
        pixelCounts: { [s.label]: countOn(s.mask, valid), [r.label]: countOn(r.mask, validOf(r)) },
        detail: {
          statistic: spec.distance_statistic,
          per_subject_instance: each,
          subject_instances: ss.length,
          reference_instances: rs.length,
          closest_points_px: nearest.map((d) => d.points),
        },
        formula:
          spec.distance_statistic === 'minimum'
            ? 'closest pair, edge to edge'
            : `${spec.distance_statistic} over subject instances of the distance to the nearest reference instance`,
        used: [s, r],
      }
    }
    case 'fraction':
    case 'percentage': {
      let num = s.mask
      let den: Mask
      let denName = spec.denominator
      const used = [s]
      if (spec.denominator === 'valid_pixels') den = valid ?? allOn(s.mask)
      else if (spec.denominator === 'image') den = allOn(s.mask)
      else {
        const d = pick(sources, spec.denominator, 'denominator')
        sameLayerGrid(s, d)
        den = d.mask
        num = andMask(s.mask, d.mask)
        denName = d.label
        used.push(d)
      }
      const np = countOn(num, valid)
      const dp = countOn(den, valid)
      if (dp === 0) throw new MeasureError(`The denominator '${denName}' has no pixel, so no fraction exists.`, 'insufficient')
      // Ground areas when there is a scale (identical to pixel ratios on planar grids; exact on geographic ones).
      const na = maskArea(num, s.source.scale, valid).m2
      const da = maskArea(den, s.source.scale, valid).m2
      const byArea = na !== null && da !== null && s.source.scale.kind === 'geographic'
      const f = byArea ? na! / da! : np / dp
      const pct = spec.metric === 'percentage' || spec.output_unit === '%' || spec.output_unit === 'percent'
      if (spec.output_unit && !['%', 'percent', 'fraction', 'ratio'].includes(spec.output_unit))
        throw new MeasureError(`A ${spec.metric} has no unit '${spec.output_unit}'; use 'fraction' or '%'.`)
      return {
        value: pct ? f * 100 : f,
        unit: pct ? '%' : 'fraction',
        numerator: byArea ? na : np,
        denominator: byArea ? da : dp,
        pixelCounts: { numerator: np, denominator: dp },
        detail: { basis: byArea ? 'geodesic ground area' : 'pixel count', numerator_area_m2: na, denominator_area_m2: da, denominator_layer: denName },
        formula: `${s.label}${num !== s.mask ? ` within ${denName}` : ''} / ${denName}`,
        used,
      }
    }
    case 'overlap': {
      const r = pick(sources, spec.reference!, 'reference')
      sameLayerGrid(s, r)
      const o = overlap(s.mask, r.mask)
      const unit = spec.output_unit ?? 'fraction'
      if (isArea(unit)) {
        refuseApproximate([s, r], 'overlap area', unit)
        needScale(s, 'overlap area')
        const a = maskArea(andMask(s.mask, r.mask), s.source.scale).m2!
        return {
          value: fromSquareMetres(a, unit),
          unit: normaliseUnit(unit),
          numerator: a,
          denominator: null,
          pixelCounts: { intersection: o.intersection_pixels, [s.label]: o.subject_pixels, [r.label]: o.reference_pixels },
          detail: { ...o },
          formula: `area of ${s.label} ∩ ${r.label}`,
          used: [s, r],
        }
      }
      if (!['fraction', '%', 'percent'].includes(unit)) throw new MeasureError(`An overlap is given as a fraction, '%' or an area unit, not '${unit}'.`)
      if (o.subject_pixels === 0) throw new MeasureError(`The subject '${s.label}' has no pixel, so its overlap is undefined.`, 'insufficient')
      const f = o.intersection_pixels / o.subject_pixels
      return {
        value: unit === 'fraction' ? f : f * 100,
        unit: unit === 'fraction' ? 'fraction' : '%',
        numerator: o.intersection_pixels,
        denominator: o.subject_pixels,
        pixelCounts: { intersection: o.intersection_pixels, [s.label]: o.subject_pixels, [r.label]: o.reference_pixels },
        detail: { ...o },
        formula: `|${s.label} ∩ ${r.label}| / |${s.label}|`,
        used: [s, r],
      }
    }
    case 'relation': {
      const r = pick(sources, spec.reference!, 'reference')
      sameLayerGrid(s, r)
      const distanceM = spec.distance ? toMetres(spec.distance.value, spec.distance.unit) : undefined
      if (distanceM !== undefined) {
        refuseApproximate([s, r], 'distance relation', spec.distance!.unit)
        needScale(s, 'distance relation')
      }
      const gt = s.source.layer.grid.geoTransform
      let res
      try {
        res = relate(spec.relation!, s.mask, r.mask, {
          subjectShapes: shapesOf(s),
          referenceShapes: shapesOf(r),
          scale: s.source.scale,
          distanceM,
          northUp: !gt || gt[5] < 0,
        })
      } catch (err) {
        throw new MeasureError(errorMessage(err), 'insufficient')
      }
      const o = res.detail.overlap
      return {
        value: res.holds,
        unit: 'boolean',
        numerator: o.intersection_pixels,
        denominator: o.subject_pixels,
        pixelCounts: { intersection: o.intersection_pixels, [s.label]: o.subject_pixels, [r.label]: o.reference_pixels },
        detail: res.detail,
        formula: `${s.label} ${spec.relation} ${r.label}`,
        used: [s, r],
      }
    }
  }
}

function allOn(m: Mask): Mask {
  const out = emptyMask(m.width, m.height)
  out.data.fill(1)
  return out
}

function aggregate(values: number[], stat: 'minimum' | 'mean' | 'maximum'): number {
  if (stat === 'minimum') return Math.min(...values)
  if (stat === 'maximum') return Math.max(...values)
  return values.reduce((a, b) => a + b, 0) / values.length
}
