/**
 * Overlap and spatial relations between a subject mask and a reference mask on one grid. Topological relations
 * are decided on pixels (a shared pixel intersects; sharing only an edge touches); directions compare centroids on
 * the grid as drawn (north is up when the grid has no geotransform or a north-up one).
 */
import { andMask, countOn, type Mask } from './mask'
import type { Shape } from './shapes'
import { shapeDistance } from './shapes'
import type { PixelScale } from './scale'

export const RELATIONS = [
  'intersects',
  'disjoint',
  'within',
  'contains',
  'touches',
  'within_distance',
  'beyond_distance',
  'north_of',
  'south_of',
  'east_of',
  'west_of',
] as const
export type Relation = (typeof RELATIONS)[number]

export interface Overlap {
  subject_pixels: number
  reference_pixels: number
  intersection_pixels: number
  union_pixels: number
  /** intersection / subject. */
  fraction_of_subject: number | null
  /** intersection / union. */
  iou: number | null
}

export function overlap(subject: Mask, reference: Mask): Overlap {
  const s = countOn(subject)
  const r = countOn(reference)
  const i = countOn(andMask(subject, reference))
  const u = s + r - i
  return { subject_pixels: s, reference_pixels: r, intersection_pixels: i, union_pixels: u, fraction_of_subject: s ? i / s : null, iou: u ? i / u : null }
}

function centroid(m: Mask): [number, number] | null {
  let n = 0
  let sx = 0
  let sy = 0
  for (let y = 0; y < m.height; y++)
    for (let x = 0; x < m.width; x++)
      if (m.data[y * m.width + x]) {
        n++
        sx += x + 0.5
        sy += y + 0.5
      }
  return n ? [sx / n, sy / n] : null
}

export interface RelationResult {
  relation: Relation
  holds: boolean
  /** The overlap counts of the two masks, and what else the relation was decided on. */
  detail: { overlap: Overlap; [key: string]: unknown }
}

/**
 * Whether `relation` holds between the subject and the reference. Distance relations need `distanceM` (metres)
 * and the shapes of both sides; `northUp` is false for a grid whose rows run south to north.
 */
export function relate(
  relation: Relation,
  subject: Mask,
  reference: Mask,
  opts: { subjectShapes?: Shape[]; referenceShapes?: Shape[]; scale?: PixelScale; distanceM?: number; northUp?: boolean } = {},
): RelationResult {
  const ov = overlap(subject, reference)
  if (ov.subject_pixels === 0 || ov.reference_pixels === 0) {
    throw new Error(`The ${ov.subject_pixels === 0 ? 'subject' : 'reference'} layer is empty, so no relation can be decided.`)
  }
  const base = { overlap: ov }
  switch (relation) {
    case 'intersects':
      return { relation, holds: ov.intersection_pixels > 0, detail: base }
    case 'disjoint':
      return { relation, holds: ov.intersection_pixels === 0, detail: base }
    case 'within':
      return { relation, holds: ov.intersection_pixels === ov.subject_pixels, detail: base }
    case 'contains':
      return { relation, holds: ov.intersection_pixels === ov.reference_pixels, detail: base }
    case 'touches':
    case 'within_distance':
    case 'beyond_distance': {
      const { subjectShapes: ss, referenceShapes: rs, scale } = opts
      if (!ss || !rs || !scale) throw new Error(`The relation '${relation}' needs the shapes of both layers.`)
      let best = { pixels: Infinity, metres: null as number | null }
      for (const a of ss)
        for (const b of rs) {
          const d = shapeDistance(a, b, scale)
          if (d.pixels < best.pixels) best = d
        }
      if (relation === 'touches')
        return { relation, holds: ov.intersection_pixels === 0 && best.pixels === 0, detail: { ...base, min_distance_px: best.pixels } }
      if (opts.distanceM === undefined) throw new Error(`The relation '${relation}' needs a distance.`)
      if (best.metres === null) throw new Error(`The relation '${relation}' needs a ground sample distance or a georeferenced image.`)
      const within = best.metres <= opts.distanceM
      return {
        relation,
        holds: relation === 'within_distance' ? within : !within,
        detail: { ...base, min_distance_m: best.metres, distance_m: opts.distanceM },
      }
    }
    case 'north_of':
    case 'south_of':
    case 'east_of':
    case 'west_of': {
      const a = centroid(subject)!
      const b = centroid(reference)!
      const up = opts.northUp === false ? -1 : 1
      const holds =
        relation === 'north_of' ? (b[1] - a[1]) * up > 0 : relation === 'south_of' ? (a[1] - b[1]) * up > 0 : relation === 'east_of' ? a[0] > b[0] : a[0] < b[0]
      return { relation, holds, detail: { ...base, subject_centroid_px: a, reference_centroid_px: b } }
    }
  }
}
