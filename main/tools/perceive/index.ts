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
import type { z } from 'zod'
import { isRecord } from '../../domain/json'
import { InputImageError, loadBandStack, type BandStack } from '../../engines/classical/band-stack'
import { ChangeInputError } from '../../engines/classical/change'
import { regionClassOf } from '../../engines/classical/spectral-regions'
import type { GeometryLayer, ObjectInstance } from '../../engines/geometry/layer'
import { objectClasses } from '../../engines/geometry/layer'
import { pixelScale, describeScale } from '../../engines/geometry/scale'
import { emptyEvidence, type Evidence, type ToolConfig, type ToolResult } from '../protocol'
import type { Tool, ToolContext } from '../tool'
import { PerceiveArgs, gsdFor } from './args'
import type { PerceiveBackends, VisionApi, VisionLanguageModel } from './backends'
import { classicalChange, classicalRegions, regionGroups } from './classical'
import { PERCEIVE_EVIDENCE } from './evidence'
import { classesFor, groupOfClass } from './groups'
import { saveLayer, type LayerPaths } from './layers'
import { buildViews, toSource } from './views'
import { askVlm, placeItems, VlmDocument, VlmMeasurement, VlmScene, vlmPrompt, type PlacedItem } from './vlm'

export { PerceiveArgs } from './args'
export { PERCEIVE_EVIDENCE } from './evidence'

const DESCRIPTION = `Unified visual evidence for remote-sensing images. Modes: evidence (visible facts for image questions, no answer
chosen), document (literal text, axes, legends), scene (one class per image from label_space), objects (instances with
boxes for target_groups), regions (semantic masks for target_groups: water, vegetation, bare soil, built-up come from
spectral indices of multispectral rasters), change (two images, before then after: changed-pixel mask), measurement
(two landmarks and a visible scale bar). Layers are saved to files (layer_paths): compute areas, distances, fractions and
relations with measure, never from the summary. Geometry from a vision-language model is approximate.`

const INSTALL = {
  packs: (task: string) => `no ${task} model pack is installed (add one with 'rsure models add DIR')`,
  vlm: 'no vision-language model is configured (set RSURE_VLM=openai:URL#MODEL for a server with image input)',
}

/** Confidence below which strict quality drops a detection. */
export const STRICT_MIN_CONFIDENCE = 0.5
/** Detector confidence of the single strict retry for a missing group. */
export const RETRY_CONFIDENCE = 0.1

export interface PerceiveOutcome {
  result: ToolResult
  /** The geometry layers made (one per image for objects/regions; one for change), for measure. */
  layers: GeometryLayer[]
}

type Attempt = { kind: 'done'; outcome: PerceiveOutcome } | { kind: 'skip'; why: string }

function config(args: Pick<PerceiveArgs, 'mode' | 'backend' | 'view'>): ToolConfig {
  const backend = args.backend.toLowerCase().replace(/[\s|]+/g, '-')
  return { tool: 'perceive', coarse: `perceive:${args.mode}`, fine: `perceive:${args.mode}|${backend}|${args.view}` }
}

function fail(status: 'insufficient' | 'error', reason: string, args: PerceiveArgs, evidence: Evidence = emptyEvidence()): PerceiveOutcome {
  return { result: { status, reason, observation: null, evidence, artifacts: [], config: config(args) }, layers: [] }
}

const GEOMETRY_CONTRACT =
  'Exact geometry is stored in layer_paths. Compute areas, distances, fractions and relations with measure; do not estimate them from this summary.'

function wants(backend: string, kind: 'classical' | 'vlm' | 'pack'): boolean {
  if (backend === 'auto') return true
  if (kind === 'classical') return backend === 'classical'
  if (kind === 'vlm') return backend === 'vlm'
  return backend !== 'classical' && backend !== 'vlm'
}

function layerObservation(args: PerceiveArgs, backend: string, layers: GeometryLayer[], paths: LayerPaths[], summary: Record<string, unknown>) {
  return {
    mode: args.mode,
    backend,
    geometry: layers[0]?.geometry ?? 'exact',
    ...summary,
    layer_paths: paths.length === 1 ? paths[0] : paths,
    geometry_contract: GEOMETRY_CONTRACT,
  }
}

// ---------------------------------------------------------------- classical (regions, change)

async function tryClassical(args: PerceiveArgs, ctx: ToolContext): Promise<Attempt> {
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

// ---------------------------------------------------------------- model packs

function visionFailure(err: unknown, args: PerceiveArgs): PerceiveOutcome {
  const msg = (err as Error)?.message ?? String(err)
  return fail(/no model pack|not installed/i.test(msg) ? 'insufficient' : 'error', /[.!?]$/.test(msg) ? msg : `${msg}.`, args)
}

async function tryPack(args: PerceiveArgs, ctx: ToolContext, vision: VisionApi | null | undefined, stacks: () => Promise<BandStack[]>): Promise<Attempt> {
  if (!wants(args.backend, 'pack')) return { kind: 'skip', why: 'model packs not selected' }
  const packKind: Partial<Record<PerceiveArgs['mode'], string>> = { objects: 'detector', regions: 'segmentation', scene: 'CLIP-style scene', document: 'OCR' }
  if (!vision) return { kind: 'skip', why: packKind[args.mode] ? INSTALL.packs(packKind[args.mode]!) : `no model pack serves mode ${args.mode}` }
  const explicit = args.backend !== 'auto' ? args.backend : null
  try {
    if (args.mode === 'objects' || args.mode === 'regions') {
      const task = args.mode === 'objects' ? 'detect' : 'segment'
      let pack = explicit ? ((await vision.listPacks()).find((p) => p.id === explicit) ?? null) : await vision.findPack(task)
      if (!pack && args.mode === 'objects' && !explicit) pack = await vision.findPack('obb')
      if (!pack)
        return explicit
          ? {
              kind: 'done',
              outcome: fail('insufficient', `No model pack '${explicit}' is installed; run 'rsure models list' to see the installed packs.`, args),
            }
          : { kind: 'skip', why: INSTALL.packs(task === 'detect' ? 'detector' : 'segmentation') }
      const groups = args.target_groups ?? {}
      const classes = classesFor(pack.classNames ?? [], groups)
      if (classes.length === 0) return { kind: 'skip', why: `the ${pack.id} pack has no class for ${Object.keys(groups).join(', ')}` }
      const run = (conf?: number) =>
        (task === 'detect' ? vision.detect : vision.segment).call(vision, args.image_paths[0], pack!.id, {
          view: args.view,
          classes,
          signal: ctx.signal,
          ...(conf !== undefined ? { conf } : {}),
        })
      let res = await run()
      const retried: string[] = []
      const found = (r: typeof res) => new Set(r.detections.map((d) => groupOfClass(d.label, groups)))
      if (args.quality_policy === 'strict') {
        const missing = Object.keys(groups).filter((g) => !found(res).has(g))
        if (missing.length) {
          retried.push(...missing)
          res = await run(RETRY_CONFIDENCE)
        }
      }
      const stack = (await stacks())[0]
      const { width, height } = stack.grid
      let dropped = 0
      const objects: ObjectInstance[] = []
      for (const d of res.detections) {
        const g = groupOfClass(d.label, groups)
        if (!g) continue
        const box: [number, number, number, number] = [Math.max(0, d.box[0]), Math.max(0, d.box[1]), Math.min(width, d.box[2]), Math.min(height, d.box[3])]
        if (args.quality_policy === 'strict' && (d.score < STRICT_MIN_CONFIDENCE || !(box[2] > box[0] && box[3] > box[1]))) {
          dropped++
          continue
        }
        objects.push({ label: g, confidence: d.score, box, ...(d.polygon && args.mode === 'regions' ? { polygon: [d.polygon] } : {}) })
      }
      const layer: GeometryLayer = {
        kind: args.mode,
        grid: stack.grid,
        geometry: 'exact',
        classes: objectClasses(width, height, objects),
        objects,
        valid: null,
      }
      const missingGroups = args.quality_policy === 'strict' ? Object.keys(groups).filter((g) => !objects.some((o) => o.label === g)) : []
      const ev = res.evidence
      return {
        kind: 'done',
        outcome: finishObjects(args, ctx, layer, `pack:${pack.id}`, {
          source: {
            backend: `pack:${pack.id}`,
            model: ev.pack ?? { id: pack.id, version: pack.version, family: pack.family },
            provider: ev.provider,
            thresholds: ev.thresholds ?? {},
            class_filter: classes,
            input_size: ev.inputSize,
            ...describeScale(pixelScale(stack.grid, gsdFor(args, 0))),
          },
          intermediate: {
            candidates: ev.candidates,
            filtered: { below_threshold_or_nms: typeof ev.candidates === 'number' ? ev.candidates - res.detections.length : null, strict_gate: dropped },
            tiles: ev.tiles,
          },
          validity: {
            tile_coverage: ev.tiles?.coverage ?? 1,
            ...(args.quality_policy === 'strict' ? { strict: { retried_groups: retried, missing_groups: missingGroups } } : {}),
          },
          missing: missingGroups,
        }),
      }
    }
    if (args.mode === 'scene') {
      const pack = explicit ? ((await vision.listPacks()).find((p) => p.id === explicit) ?? null) : await vision.findPack('clip')
      if (!pack) return { kind: 'skip', why: INSTALL.packs('CLIP-style scene') }
      const predictions = []
      const scores = []
      for (const [i, img] of args.image_paths.entries()) {
        const r = await vision.classifyScene(img, pack.id, args.label_space!, { signal: ctx.signal })
        predictions.push({ image_index: i + 1, class_name: r.label, confidence: r.score })
        scores.push(r.scores)
      }
      return {
        kind: 'done',
        outcome: plain(args, `pack:${pack.id}`, { predictions }, { model: pack, label_space: args.label_space }, { predictions, scores }, 'exact'),
      }
    }
    if (args.mode === 'document') {
      const pack = explicit ? ((await vision.listPacks()).find((p) => p.id === explicit) ?? null) : await vision.findPack('ocr')
      if (!pack) return { kind: 'skip', why: INSTALL.packs('OCR') }
      const r = await vision.ocr(args.image_paths[0], { packId: pack.id, signal: ctx.signal })
      return {
        kind: 'done',
        outcome: plain(
          args,
          `pack:${pack.id}`,
          { text: r.text, lines: r.lines.map((l) => l.text) },
          { model: pack, ocr: r.evidence },
          { lines: r.lines },
          'exact',
        ),
      }
    }
    return { kind: 'skip', why: `no model pack serves mode ${args.mode}` }
  } catch (err) {
    return { kind: 'done', outcome: visionFailure(err, args) }
  }
}

function finishObjects(
  args: PerceiveArgs,
  ctx: ToolContext,
  layer: GeometryLayer,
  backend: string,
  ev: { source: Record<string, unknown>; intermediate: Record<string, unknown>; validity: Record<string, unknown>; missing: string[] },
): PerceiveOutcome {
  const saved = saveLayer(layer, ctx, args.mode)
  const counts: Record<string, number> = {}
  for (const g of Object.keys(args.target_groups ?? {})) counts[g] = layer.objects.filter((o) => o.label === g).length
  const boxes = layer.objects.map((o, i) => ({ id: i + 1, label: o.label, confidence: o.confidence, box: o.box ?? null, polygon: o.polygon ?? null }))
  const evidence: Evidence = {
    source: { ...ev.source, quality_policy: args.quality_policy },
    intermediate: { ...ev.intermediate, boxes, confidences: layer.objects.map((o) => o.confidence), count: layer.objects.length, counts_by_group: counts },
    validity: { ...ev.validity, layer_status: ev.missing.length ? 'incomplete' : 'ok', geometry: layer.geometry, layer_paths: saved.paths },
  }
  const observation = layerObservation(args, backend, [layer], [saved.paths], { counts_by_group: counts, objects: boxes })
  return { result: { status: 'ok', observation, evidence, artifacts: saved.artifacts, config: config(args) }, layers: [layer] }
}

function plain(
  args: PerceiveArgs,
  backend: string,
  observation: Record<string, unknown>,
  source: Record<string, unknown>,
  intermediate: Record<string, unknown>,
  geometry: 'exact' | 'approximate',
): PerceiveOutcome {
  const evidence: Evidence = { source: { backend, ...source, quality_policy: args.quality_policy }, intermediate, validity: { layer_status: 'ok', geometry } }
  return { result: { status: 'ok', observation: { mode: args.mode, backend, ...observation }, evidence, artifacts: [], config: config(args) }, layers: [] }
}

// ---------------------------------------------------------------- vision-language model

async function tryVlm(args: PerceiveArgs, ctx: ToolContext, vlm: VisionLanguageModel | null | undefined, stacks: () => Promise<BandStack[]>): Promise<Attempt> {
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
      outcome: fail('error', `The vision-language model could not be asked: ${((err as Error).message ?? String(err)).replace(/\.$/, '')}.`, args),
    }
  }
  const bad = (what: string, issues: z.core.$ZodIssue[] | string) =>
    ({
      kind: 'done',
      outcome: fail(
        'error',
        `The vision-language model's ${what} answer is malformed (${
          typeof issues === 'string'
            ? issues
            : issues
                .map((i) => `${i.path.join('.')}: ${i.message}`)
                .slice(0, 3)
                .join('; ')
        }); ask again or use a local backend.`,
        args,
      ),
    }) as Attempt
  switch (args.mode) {
    case 'evidence': {
      if (!isRecord(raw)) return bad('evidence', 'not a JSON object')
      // The model's own answer fields are dropped: perceive reports evidence, the agent answers.
      const { answer: _a, answer_label: _l, preferred_option: _p, ...evidence } = raw
      return { kind: 'done', outcome: plain(args, 'vlm', { evidence }, source, { answer: evidence }, 'approximate') }
    }
    case 'document': {
      const p = VlmDocument.safeParse(raw)
      if (!p.success) return bad('document', p.error.issues)
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
    case 'scene': {
      const p = VlmScene.safeParse(raw)
      if (!p.success) return bad('scene', p.error.issues)
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
    case 'measurement': {
      const p = VlmMeasurement.safeParse(raw)
      if (!p.success) return bad('measurement', p.error.issues)
      const m = p.data.measurement
      const at = (xy: [number, number], vi: number) => (views[vi - 1] ? { image: views[vi - 1].imageIndex, xy: toSource(views[vi - 1], xy) } : null)
      const a = at(m.point_a.xy, m.point_a.view_index)
      const b = at(m.point_b.xy, m.point_b.view_index)
      const s0 = at(m.scale_bar.start_xy, m.scale_bar.view_index)
      const s1 = at(m.scale_bar.end_xy, m.scale_bar.view_index)
      if (!a || !b || !s0 || !s1 || new Set([a.image, b.image, s0.image]).size !== 1)
        return bad('measurement', 'points and scale bar must lie on views of one image')
      const barPx = Math.hypot(s1.xy[0] - s0.xy[0], s1.xy[1] - s0.xy[1])
      if (!(barPx > 0)) return bad('measurement', 'the scale bar has no length')
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
    case 'objects':
    case 'regions':
    case 'change': {
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
        kind: args.mode,
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
  }
}

// ---------------------------------------------------------------- the tool

/** Run perceive and keep the in-memory layers (measure uses them). Never throws for bad input. */
export async function perceiveWithLayers(raw: unknown, ctx: ToolContext, backends: PerceiveBackends = {}): Promise<PerceiveOutcome> {
  const parsed = PerceiveArgs.safeParse(raw)
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    const mode = (raw as { mode?: unknown })?.mode
    const args = { mode: typeof mode === 'string' && /^[a-z]+$/.test(mode) ? mode : 'invalid', backend: 'auto', view: 'full' } as PerceiveArgs
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
