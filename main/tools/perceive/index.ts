/**
 * The perceive tool (DESIGN section 4; paper appendix A): seven modes over three kinds of backend, chosen in this
 * order when `backend` is 'auto':
 * - regions, change: the weight-free engines (spectral indices; change vector analysis) when the inputs allow;
 * - objects, regions, scene, document: an installed model pack (detector/segmenter, CLIP-style, OCR);
 * - every mode but document-with-OCR: the configured vision-language model, its geometry flagged approximate.
 * No capable backend gives 'insufficient' naming what to install. Geometry layers are saved as artifacts (GeoJSON
 * in pixel and map coordinates, a mask GeoTIFF on the source grid) and referenced by path in the observation.
 * `quality_policy: strict` drops low-confidence or degenerate geometry and retries once when a target group found
 * nothing; a group still empty after the retry marks the layer incomplete.
 */
import { z } from 'zod'
import { InputImageError, loadBandStack, type BandStack } from '../../engines/classical/band-stack'
import { regionClassOf } from '../../engines/classical/spectral-regions'
import type { Tool, ToolContext } from '../tool'
import { PerceiveArgs } from './args'
import { tryClassical } from './attempt-classical'
import { tryPack } from './attempt-pack'
import { tryVlm } from './attempt-vlm'
import type { PerceiveBackends } from './backends'
import { PERCEIVE_EVIDENCE } from './evidence'
import { fail, type Attempt, type PerceiveOutcome } from './outcome'

export { PerceiveArgs } from './args'
export { PERCEIVE_EVIDENCE } from './evidence'
export { RETRY_CONFIDENCE, STRICT_MIN_CONFIDENCE, type PerceiveOutcome } from './outcome'

const DESCRIPTION = `Unified visual evidence for remote-sensing images. Modes: evidence (visible facts for image questions, no answer
chosen), document (literal text, axes, legends), scene (one class per image from label_space), objects (instances with
boxes for target_groups), regions (semantic masks for target_groups: water, vegetation, bare soil, built-up come from
spectral indices of multispectral rasters), change (two images, before then after: changed-pixel mask), measurement
(two landmarks and a visible scale bar). Layers are saved to files (layer_paths): compute areas, distances, fractions and
relations with measure, never from the summary. Geometry from a vision-language model is approximate.`

/** The mode of arguments that failed validation, for the config of the failed call: a lower-case word, or none. */
const LooseMode = z.object({ mode: z.string().regex(/^[a-z]+$/) })

/** Run perceive and keep the in-memory layers (measure uses them). Never throws for bad input. */
export async function perceiveWithLayers(raw: unknown, ctx: ToolContext, backends: PerceiveBackends = {}): Promise<PerceiveOutcome> {
  const parsed = PerceiveArgs.safeParse(raw)
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    const mode = LooseMode.safeParse(raw)
    const args = { mode: mode.success ? mode.data.mode : 'invalid', backend: 'auto', view: 'full' } as PerceiveArgs
    return fail('error', `The perceive arguments are invalid: ${i.path.join('.') || 'arguments'}: ${i.message}.`, args)
  }
  const args = parsed.data
  let cache: BandStack[] | null = null
  const stacks = async () => (cache ??= await Promise.all(args.image_paths.map((p) => loadBandStack(p, { bandRoles: args.band_roles }))))
  const why: string[] = []
  try {
    const attempts: [string, () => Promise<Attempt>][] = [
      ['weight-free engines', () => tryClassical(args, ctx)],
      ['model packs', () => tryPack(args, ctx, backends.vision, stacks)],
      ['vision-language model', () => tryVlm(args, ctx, backends.vlm, stacks)],
    ]
    for (const [i, [name, attempt]] of attempts.entries()) {
      if (ctx.signal?.aborted) return fail('error', 'cancelled', args)
      ctx.onProgress?.({ stage: `perceive ${args.mode}: ${name}`, done: i, total: attempts.length })
      const a = await attempt()
      if (a.kind === 'done') return a.outcome
      why.push(a.why)
    }
  } catch (err) {
    if (err instanceof InputImageError) return fail('insufficient', err.message, args)
    throw err
  }
  const unique = [...new Set(why)].filter((w) => !/not selected/.test(w))
  const hint =
    args.mode === 'regions' && args.target_groups && Object.keys(args.target_groups).every((g) => regionClassOf(g) !== null)
      ? ' For water, vegetation, bare soil or built-up, pass a multispectral image (e.g. a Landsat scene folder).'
      : ''
  return fail(
    'insufficient',
    `No backend can perceive in mode ${args.mode}${args.backend !== 'auto' ? ` with backend '${args.backend}'` : ''}: ${unique.join('; ') || 'the requested backend does not serve this mode'}.${hint}`,
    args,
  )
}

export function createPerceiveTool(backends: PerceiveBackends = {}): Tool<PerceiveArgs, unknown> {
  return {
    name: 'perceive',
    description: DESCRIPTION,
    args: PerceiveArgs,
    evidence: PERCEIVE_EVIDENCE,
    run: async (args, ctx) => (await perceiveWithLayers(args, ctx, backends)).result,
  }
}
