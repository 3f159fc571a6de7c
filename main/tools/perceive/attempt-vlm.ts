/** perceive through the configured vision-language model: its JSON checked per mode, its geometry approximate. */
import type { z } from 'zod'
import { isRecord } from '../../domain/json'
import type { BandStack } from '../../engines/classical/band-stack'
import { objectClasses, type GeometryLayer, type LayerKind, type ObjectInstance } from '../../engines/geometry/layer'
import { describeScale, pixelScale } from '../../engines/geometry/scale'
import type { ToolContext } from '../tool'
import { gsdFor, type PerceiveArgs } from './args'
import type { VisionLanguageModel } from './backends'
import { fail, finishObjects, INSTALL, plain, STRICT_MIN_CONFIDENCE, wants, type Attempt } from './outcome'
import { buildViews, toSource, type View } from './views'
import { askVlm, placeItems, VlmDocument, VlmMeasurement, VlmScene, vlmPrompt, type PlacedItem } from './vlm'
import { errorMessage } from '../../domain/errors'

/** What every mode's reading of the model's answer gets: the call, the views shown, the stacks, the answer. */
interface VlmReply {
  args: PerceiveArgs
  ctx: ToolContext
  vlm: VisionLanguageModel
  all: BandStack[]
  views: View[]
  gsd: number | undefined
  source: { backend: string; model: string; views: string[]; prompt_mode: string }
  raw: unknown
}

export async function tryVlm(
  args: PerceiveArgs,
  ctx: ToolContext,
  vlm: VisionLanguageModel | null | undefined,
  stacks: () => Promise<BandStack[]>,
): Promise<Attempt> {
  if (!vlm || !wants(args.backend, 'vlm')) return { kind: 'skip', why: vlm ? 'the vision-language model was not selected' : INSTALL.vlm }
  const all = await stacks()
  const views = await buildViews(all, args.view === 'tiles')
  const gsd = gsdFor(args, 0)
  const source = { backend: 'vlm', model: vlm.id, views: views.map((v) => v.description), prompt_mode: args.mode }
  let raw: unknown
  try {
    raw = await askVlm(vlm, vlmPrompt(args, views, gsd), views, ctx.signal)
  } catch (err) {
    return {
      kind: 'done',
      outcome: fail('error', `The vision-language model could not be asked: ${errorMessage(err).replace(/\.$/, '')}.`, args),
    }
  }
  const reply: VlmReply = { args, ctx, vlm, all, views, gsd, source, raw }
  switch (args.mode) {
    case 'evidence':
      return vlmEvidence(reply)
    case 'document':
      return vlmDocument(reply)
    case 'scene':
      return vlmScene(reply)
    case 'measurement':
      return vlmMeasurement(reply)
    case 'objects':
    case 'regions':
    case 'change':
      return vlmGeometry(reply, args.mode)
  }
}

/** The model's answer did not have the shape its mode asks for. */
function malformed(args: PerceiveArgs, what: string, issues: z.core.$ZodIssue[] | string): Attempt {
  const detail =
    typeof issues === 'string'
      ? issues
      : issues
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .slice(0, 3)
          .join('; ')
  return {
    kind: 'done',
    outcome: fail('error', `The vision-language model's ${what} answer is malformed (${detail}); ask again or use a local backend.`, args),
  }
}

function vlmEvidence({ args, source, raw }: VlmReply): Attempt {
  if (!isRecord(raw)) return malformed(args, 'evidence', 'not a JSON object')
  // The model's own answer fields are dropped: perceive reports evidence, the agent answers.
  const { answer: _a, answer_label: _l, preferred_option: _p, ...evidence } = raw
  return { kind: 'done', outcome: plain(args, 'vlm', { evidence }, source, { answer: evidence }, 'approximate') }
}

function vlmDocument({ args, source, raw }: VlmReply): Attempt {
  const p = VlmDocument.safeParse(raw)
  if (!p.success) return malformed(args, 'document', p.error.issues)
  return {
    kind: 'done',
    outcome: plain(
      args,
      'vlm',
      { text: p.data.text, structure: p.data.structure ?? null },
      source,
      { lines: p.data.text.split('\n'), confidence: p.data.confidence },
      'approximate',
    ),
  }
}

function vlmScene({ args, source, raw }: VlmReply): Attempt {
  const p = VlmScene.safeParse(raw)
  if (!p.success) return malformed(args, 'scene', p.error.issues)
  const n = args.image_paths.length
  const byImage = new Map(p.data.predictions.map((x) => [x.image_index, x]))
  const outside = p.data.predictions.filter((x) => !args.label_space!.includes(x.class_name))
  if (byImage.size !== n || [...byImage.keys()].some((k) => k > n) || outside.length) {
    return {
      kind: 'done',
      outcome: fail(
        'insufficient',
        `The vision-language model did not give one class from label_space for each of the ${n} image(s)${outside.length ? ` (it answered '${outside[0].class_name}')` : ''}.`,
        args,
      ),
    }
  }
  const predictions = [...byImage.values()].sort((a, b) => a.image_index - b.image_index)
  return { kind: 'done', outcome: plain(args, 'vlm', { predictions }, { ...source, label_space: args.label_space }, { predictions }, 'approximate') }
}

function vlmMeasurement({ args, source, raw, views }: VlmReply): Attempt {
  const p = VlmMeasurement.safeParse(raw)
  if (!p.success) return malformed(args, 'measurement', p.error.issues)
  const m = p.data.measurement
  const at = (xy: [number, number], vi: number) => (views[vi - 1] ? { image: views[vi - 1].imageIndex, xy: toSource(views[vi - 1], xy) } : null)
  const a = at(m.point_a.xy, m.point_a.view_index)
  const b = at(m.point_b.xy, m.point_b.view_index)
  const s0 = at(m.scale_bar.start_xy, m.scale_bar.view_index)
  const s1 = at(m.scale_bar.end_xy, m.scale_bar.view_index)
  if (!a || !b || !s0 || !s1 || new Set([a.image, b.image, s0.image]).size !== 1)
    return malformed(args, 'measurement', 'points and scale bar must lie on views of one image')
  const barPx = Math.hypot(s1.xy[0] - s0.xy[0], s1.xy[1] - s0.xy[1])
  if (!(barPx > 0)) return malformed(args, 'measurement', 'the scale bar has no length')
  const abPx = Math.hypot(a.xy[0] - b.xy[0], a.xy[1] - b.xy[1])
  const distance = (abPx / barPx) * m.scale_bar.ground_length
  const obs = { distance, unit: m.scale_bar.unit, distance_px: abPx, scale_bar_px: barPx, geometry: 'approximate' }
  return {
    kind: 'done',
    outcome: plain(
      args,
      'vlm',
      obs,
      source,
      {
        points: { a: a.xy, b: b.xy },
        scale_bar: { start: s0.xy, end: s1.xy, ground_length: m.scale_bar.ground_length, unit: m.scale_bar.unit },
        confidence: m.confidence,
      },
      'approximate',
    ),
  }
}

/** objects, regions, change: the model's boxes and polygons placed on the source grid as one approximate layer. */
async function vlmGeometry({ args, ctx, vlm, all, views, gsd, source, raw }: VlmReply, mode: LayerKind): Promise<Attempt> {
  const key = args.mode === 'change' ? 'changed_regions' : args.mode
  const groups = Object.keys(args.target_groups ?? { change: ['change'] })
  let placed = placeItems(raw, key, views, groups)
  const retried: string[] = []
  const gate = (items: PlacedItem[]) => (args.quality_policy === 'strict' ? items.filter((i) => (i.confidence ?? 0) >= STRICT_MIN_CONFIDENCE) : items)
  if (args.quality_policy === 'strict') {
    const missing = groups.filter((g) => !gate(placed.items).some((i) => i.group === g))
    if (missing.length) {
      retried.push(...missing)
      const again = placeItems(await askVlm(vlm, vlmPrompt(args, views, gsd, missing), views, ctx.signal), key, views, groups)
      placed = { items: [...placed.items, ...again.items.filter((i) => missing.includes(i.group))], rejected: [...placed.rejected, ...again.rejected] }
    }
  }
  const kept = gate(placed.items)
  const target = args.mode === 'change' ? all.length - 1 : 0
  const stack = all[target]
  const objects: ObjectInstance[] = kept
    .filter((i) => i.imageIndex === target || args.mode !== 'change')
    .map((i) => ({ label: i.group, confidence: i.confidence, ...(i.box ? { box: i.box } : {}), ...(i.polygon ? { polygon: i.polygon } : {}) }))
  const { width, height } = stack.grid
  const layer: GeometryLayer = {
    kind: mode,
    grid: stack.grid,
    geometry: 'approximate',
    classes: objectClasses(width, height, objects),
    objects,
    valid: null,
  }
  const missingGroups = args.quality_policy === 'strict' ? groups.filter((g) => !objects.some((o) => o.label === g)) : []
  return {
    kind: 'done',
    outcome: finishObjects(args, ctx, layer, 'vlm', {
      source: {
        ...source,
        thresholds: { strict_min_confidence: args.quality_policy === 'strict' ? STRICT_MIN_CONFIDENCE : null },
        ...describeScale(pixelScale(stack.grid, gsd)),
      },
      intermediate: {
        filtered: { malformed: placed.rejected.length, strict_gate: placed.items.length - kept.length },
        rejected_items: placed.rejected,
        pixel_counts: Object.fromEntries([...layer.classes].map(([k, m]) => [k, m.data.reduce((s, v) => s + v, 0)])),
        valid_pixels: width * height,
      },
      validity: { tile_coverage: 1, ...(args.quality_policy === 'strict' ? { strict: { retried_groups: retried, missing_groups: missingGroups } } : {}) },
      missing: missingGroups,
    }),
  }
}
