/** perceive through the weight-free engines (engines/classical): regions from spectral indices, change by CVA. */
import { InputImageError } from '../../engines/classical/band-stack'
import { ChangeInputError } from '../../engines/classical/change'
import type { Evidence } from '../protocol'
import type { ToolContext } from '../tool'
import type { PerceiveArgs } from './args'
import { classicalChange, classicalRegions, regionGroups } from './classical'
import { saveLayer } from './layers'
import { config, fail, layerObservation, wants, type Attempt, type PerceiveOutcome } from './outcome'

export async function tryClassical(args: PerceiveArgs, ctx: ToolContext): Promise<Attempt> {
  if (!wants(args.backend, 'classical')) return { kind: 'skip', why: 'classical engines not selected' }
  try {
    if (args.mode === 'regions') {
      const groups = regionGroups(args.target_groups ?? {})
      if (!groups) return { kind: 'skip', why: 'spectral indices give only water, vegetation, bare soil and built-up regions' }
      let out = await classicalRegions(args, groups)
      if (Object.keys(out.unavailable).length > 0) {
        return {
          kind: 'skip',
          why: `the image lacks the bands for ${Object.entries(out.unavailable)
            .map(([g, need]) => `${g} (${need})`)
            .join(', ')}`,
        }
      }
      const retried: string[] = []
      if (args.quality_policy === 'strict' && out.empty.length > 0) {
        // One retry: Otsu's threshold for each empty group instead of the declared one.
        const thresholds = { ...(args.thresholds ?? {}) }
        for (const g of out.empty) thresholds[g] = 'otsu'
        retried.push(...out.empty)
        out = await classicalRegions({ ...args, thresholds }, groups)
      }
      return { kind: 'done', outcome: finishClassical(args, ctx, out, retried) }
    }
    if (args.mode === 'change') {
      const out = await classicalChange(args)
      return { kind: 'done', outcome: finishClassical(args, ctx, out, []) }
    }
    return { kind: 'skip', why: `no weight-free engine for mode ${args.mode}` }
  } catch (err) {
    if (err instanceof InputImageError || err instanceof ChangeInputError) {
      if (args.backend === 'classical' || err instanceof ChangeInputError) return { kind: 'done', outcome: fail('insufficient', err.message, args) }
      return { kind: 'skip', why: err.message.replace(/\.$/, '') }
    }
    throw err
  }
}

function finishClassical(args: PerceiveArgs, ctx: ToolContext, out: Awaited<ReturnType<typeof classicalRegions>>, retried: string[]): PerceiveOutcome {
  const saved = saveLayer(out.layer, ctx, args.mode)
  const strictMissing = args.quality_policy === 'strict' ? out.empty : []
  const evidence: Evidence = {
    source: { ...out.source, quality_policy: args.quality_policy },
    intermediate: out.intermediate,
    validity: {
      ...out.validity,
      layer_status: strictMissing.length ? 'incomplete' : 'ok',
      geometry: 'exact',
      layer_paths: saved.paths,
      ...(args.quality_policy === 'strict' ? { strict: { retried_groups: retried, missing_groups: strictMissing } } : {}),
    },
  }
  const observation = layerObservation(args, String(out.source.backend), [out.layer], [saved.paths], {
    classes: out.intermediate.classes,
    valid_pixels: out.intermediate.valid_pixels,
    total_pixels: out.intermediate.total_pixels,
  })
  return { result: { status: 'ok', observation, evidence, artifacts: saved.artifacts, config: config(args) }, layers: [out.layer] }
}
