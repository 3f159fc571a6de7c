/**
 * The arguments of measure (DESIGN section 4; paper appendix A.2): declared sources and a typed spec. Nothing is
 * read from a question's wording: the metric, labels, relation, distance, statistic, denominator and unit are all
 * fields here.
 */
import { z } from 'zod'
import { RELATIONS } from '../../engines/geometry/relations'

export const METRICS = ['count', 'area', 'length', 'distance', 'fraction', 'percentage', 'overlap', 'relation'] as const
export const Metric = z.enum(METRICS)
export type Metric = z.infer<typeof Metric>

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, _ and -')

export const MeasureSource = z
  .object({
    id: Id,
    mode: z.enum(['objects', 'regions', 'change', 'extent']),
    image_paths: z.array(z.string().min(1)).min(1).optional().describe('Raw imagery; perceive runs on it (two images, before then after, for change).'),
    layer: z.string().min(1).optional().describe('A mask GeoTIFF written by perceive (its layer_paths.mask_tiff), for regions or change.'),
    target_groups: z.record(Id, z.array(z.string().min(1)).min(1)).optional(),
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional().describe('mode extent: [x1, y1, x2, y2] in pixels of the image.'),
    gsd: z.number().positive().optional().describe('Metres per pixel; used only when the image has no georeferencing.'),
    backend: z.string().min(1).default('auto'),
    view: z.enum(['full', 'tiles']).default('full'),
    thresholds: z.record(z.string(), z.union([z.number(), z.literal('otsu')])).optional(),
    band_roles: z.record(z.string(), z.number().int().positive()).optional(),
  })
  .superRefine((s, ctx) => {
    if (!s.image_paths && !s.layer) ctx.addIssue({ code: 'custom', path: ['image_paths'], message: `source '${s.id}' needs image_paths or a layer` })
    if (s.layer && (s.mode === 'objects' || s.mode === 'extent'))
      ctx.addIssue({ code: 'custom', path: ['layer'], message: `a ${s.mode} source is read from image_paths, not from a layer file` })
    if (s.mode === 'extent' && !s.bbox) ctx.addIssue({ code: 'custom', path: ['bbox'], message: 'an extent source needs bbox [x1, y1, x2, y2]' })
    if ((s.mode === 'objects' || s.mode === 'regions') && !s.layer && !s.target_groups)
      ctx.addIssue({ code: 'custom', path: ['target_groups'], message: `a ${s.mode} source needs target_groups` })
  })
export type MeasureSource = z.infer<typeof MeasureSource>

export const MeasureSpec = z
  .object({
    metric: Metric,
    subject: z.string().min(1).describe("A class label (target group id or class in a layer), or 'source.label'."),
    reference: z.string().min(1).optional(),
    relation: z.enum(RELATIONS).optional(),
    distance: z.object({ value: z.number().nonnegative(), unit: z.string().min(1) }).optional(),
    distance_statistic: z.enum(['minimum', 'mean', 'maximum']).default('minimum'),
    denominator: z.string().min(1).default('valid_pixels').describe("'valid_pixels', 'image', or a label (the fraction of the subject inside it)."),
    output_unit: z.string().min(1).optional(),
  })
  .superRefine((s, ctx) => {
    if ((s.metric === 'distance' || s.metric === 'overlap' || s.metric === 'relation') && !s.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: `metric ${s.metric} needs a reference` })
    if (s.metric === 'relation' && !s.relation) ctx.addIssue({ code: 'custom', path: ['relation'], message: 'metric relation needs a relation' })
    if (s.relation && (s.relation === 'within_distance' || s.relation === 'beyond_distance') && !s.distance)
      ctx.addIssue({ code: 'custom', path: ['distance'], message: `relation ${s.relation} needs a distance {value, unit}` })
  })
export type MeasureSpec = z.infer<typeof MeasureSpec>

/**
 * The spec as it shaped the value, for the evidence and the window: what was asked, with a default echoed only
 * where the metric reads it (the statistic of a distance or length, the denominator of a share). A count echoing
 * `distance_statistic: minimum` said a parameter that played no part.
 */
export function specEcho(spec: MeasureSpec): Partial<MeasureSpec> {
  const { distance_statistic, denominator, ...asked } = spec
  return {
    ...asked,
    ...(spec.metric === 'distance' || spec.metric === 'length' ? { distance_statistic } : {}),
    ...(spec.metric === 'fraction' || spec.metric === 'percentage' ? { denominator } : {}),
  }
}

export const MeasureArgs = z.object({ sources: z.array(MeasureSource).min(1), spec: MeasureSpec }).superRefine((a, ctx) => {
  const ids = a.sources.map((s) => s.id)
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['sources'], message: 'source ids must be unique' })
})
export type MeasureArgs = z.infer<typeof MeasureArgs>
