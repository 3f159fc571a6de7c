/**
 * The arguments of perceive (DESIGN section 4; paper appendix A.1), validated with zod. Classical options
 * (`thresholds`, `band_roles`) are explicit: the tool never reads them from the objective's wording.
 */
import { z } from 'zod'

export const PERCEIVE_MODES = ['evidence', 'document', 'scene', 'objects', 'regions', 'change', 'measurement'] as const
export const PerceiveMode = z.enum(PERCEIVE_MODES)
export type PerceiveMode = z.infer<typeof PerceiveMode>

export const PerceiveArgs = z
  .object({
    image_paths: z
      .array(z.string().min(1))
      .min(1)
      .describe('Input images in their semantic order (before, after for change). A folder holds the band files of one scene.'),
    objective: z.string().default('').describe('The exact visual fact or layer the task needs.'),
    mode: PerceiveMode,
    label_space: z.array(z.string().min(1)).min(2).optional().describe('Scene classes for mode=scene (never answer letters).'),
    target_groups: z
      .record(z.string().min(1), z.array(z.string().min(1)).min(1))
      .optional()
      .describe('Target id -> prompts; prompts of one group form one class.'),
    landmarks: z
      .tuple([z.string().min(1), z.string().min(1)])
      .optional()
      .describe('Exactly two visible landmarks, mode=measurement only.'),
    view: z.enum(['full', 'tiles']).default('full'),
    gsd: z
      .union([z.number().positive(), z.array(z.number().positive()).min(1)])
      .optional()
      .describe('Metres per pixel: one for all images or one per image.'),
    quality_policy: z.enum(['default', 'strict']).default('default'),
    backend: z.string().min(1).default('auto').describe("'auto', 'classical', 'vlm', or an installed model pack id."),
    thresholds: z
      .record(z.string(), z.union([z.number(), z.literal('otsu')]))
      .optional()
      .describe("Classical thresholds per class (water, vegetation, bare_soil, built_up) or 'change'; a number or 'otsu'."),
    band_roles: z
      .record(z.string(), z.number().int().positive())
      .optional()
      .describe('1-based band of each role (red, green, blue, nir, swir1...) for a multi-band GeoTIFF.'),
  })
  .superRefine((a, ctx) => {
    if (a.mode === 'scene' && !a.label_space)
      ctx.addIssue({ code: 'custom', path: ['label_space'], message: 'mode scene needs label_space, the exact classes to choose from' })
    if (a.mode === 'measurement' && !a.landmarks) ctx.addIssue({ code: 'custom', path: ['landmarks'], message: 'mode measurement needs exactly two landmarks' })
    if (a.mode !== 'measurement' && a.landmarks) ctx.addIssue({ code: 'custom', path: ['landmarks'], message: 'landmarks belong to mode measurement only' })
    if ((a.mode === 'objects' || a.mode === 'regions') && !a.target_groups)
      ctx.addIssue({ code: 'custom', path: ['target_groups'], message: `mode ${a.mode} needs target_groups (target id -> prompts)` })
    if (a.mode === 'change' && a.image_paths.length !== 2)
      ctx.addIssue({ code: 'custom', path: ['image_paths'], message: 'mode change needs exactly two images, before then after' })
    if (Array.isArray(a.gsd) && a.gsd.length !== a.image_paths.length)
      ctx.addIssue({ code: 'custom', path: ['gsd'], message: 'give one gsd for all images or one per image' })
  })
export type PerceiveArgs = z.infer<typeof PerceiveArgs>

/** The GSD argument for image i (metres per pixel), if any. */
export function gsdFor(args: Pick<PerceiveArgs, 'gsd'>, i: number): number | undefined {
  return Array.isArray(args.gsd) ? args.gsd[i] : args.gsd
}
