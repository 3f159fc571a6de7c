/** perceive through an installed model pack (engines/vision): detector or segmenter, CLIP-style scene, OCR. */
import type { BandStack } from '../../engines/classical/band-stack'
import { objectClasses, type GeometryLayer, type ObjectInstance } from '../../engines/geometry/layer'
import { describeScale, pixelScale } from '../../engines/geometry/scale'
import type { ToolContext } from '../tool'
import { gsdFor, type PerceiveArgs } from './args'
import type { DetectResultLike, PackSummaryLike, VisionApi } from './backends'
import { classesFor, groupOfClass } from './groups'
import { fail, finishObjects, INSTALL, plain, RETRY_CONFIDENCE, STRICT_MIN_CONFIDENCE, wants, type Attempt, type PerceiveOutcome } from './outcome'
import { errorMessage } from '../../domain/errors'

function visionFailure(err: unknown, args: PerceiveArgs): PerceiveOutcome {
  const msg = errorMessage(err)
  return fail(/no model pack|not installed/i.test(msg) ? 'insufficient' : 'error', /[.!?]$/.test(msg) ? msg : `${msg}.`, args)
}

type PackTask = Parameters<VisionApi['findPack']>[0]

/** The pack `backend` names, or else the first installed pack for `task`. */
async function packFor(vision: VisionApi, explicit: string | null, task: PackTask): Promise<PackSummaryLike | null> {
  return explicit ? ((await vision.listPacks()).find((p) => p.id === explicit) ?? null) : await vision.findPack(task)
}

export async function tryPack(
  args: PerceiveArgs,
  ctx: ToolContext,
  vision: VisionApi | null | undefined,
  stacks: () => Promise<BandStack[]>,
): Promise<Attempt> {
  if (!wants(args.backend, 'pack')) return { kind: 'skip', why: 'model packs not selected' }
  const packKind: Partial<Record<PerceiveArgs['mode'], string>> = { objects: 'detector', regions: 'segmentation', scene: 'CLIP-style scene', document: 'OCR' }
  if (!vision) return { kind: 'skip', why: packKind[args.mode] ? INSTALL.packs(packKind[args.mode]!) : `no model pack serves mode ${args.mode}` }
  const explicit = args.backend !== 'auto' ? args.backend : null
  try {
    if (args.mode === 'objects' || args.mode === 'regions') return await packObjects(args, args.mode, ctx, vision, explicit, stacks)
    if (args.mode === 'scene') return await packScene(args, ctx, vision, explicit)
    if (args.mode === 'document') return await packDocument(args, ctx, vision, explicit)
    return { kind: 'skip', why: `no model pack serves mode ${args.mode}` }
  } catch (err) {
    return { kind: 'done', outcome: visionFailure(err, args) }
  }
}

/** objects (detector, else an OBB detector) or regions (segmenter): one layer of the target groups' instances. */
async function packObjects(
  args: PerceiveArgs,
  mode: 'objects' | 'regions',
  ctx: ToolContext,
  vision: VisionApi,
  explicit: string | null,
  stacks: () => Promise<BandStack[]>,
): Promise<Attempt> {
  const task = args.mode === 'objects' ? 'detect' : 'segment'
  let pack = await packFor(vision, explicit, task)
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
  const packId = pack.id
  const run = (conf?: number) =>
    (task === 'detect' ? vision.detect : vision.segment).call(vision, args.image_paths[0], packId, {
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
  const { layer, dropped } = detectionsLayer(args, mode, res, stack, groups)
  const missingGroups = args.quality_policy === 'strict' ? Object.keys(groups).filter((g) => !layer.objects.some((o) => o.label === g)) : []
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

/** The detections of the target groups as a layer on the image grid (boxes clipped to it; strict drops weak or empty ones). */
function detectionsLayer(
  args: PerceiveArgs,
  mode: 'objects' | 'regions',
  res: DetectResultLike,
  stack: BandStack,
  groups: Record<string, string[]>,
): { layer: GeometryLayer; dropped: number } {
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
    kind: mode,
    grid: stack.grid,
    geometry: 'exact',
    classes: objectClasses(width, height, objects),
    objects,
    valid: null,
  }
  return { layer, dropped }
}

/** scene: one class of label_space per image from a CLIP-style pack. */
async function packScene(args: PerceiveArgs, ctx: ToolContext, vision: VisionApi, explicit: string | null): Promise<Attempt> {
  const pack = await packFor(vision, explicit, 'clip')
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

/** document: the text an OCR pack reads, line by line. */
async function packDocument(args: PerceiveArgs, ctx: ToolContext, vision: VisionApi, explicit: string | null): Promise<Attempt> {
  const pack = await packFor(vision, explicit, 'ocr')
  if (!pack) return { kind: 'skip', why: INSTALL.packs('OCR') }
  const r = await vision.ocr(args.image_paths[0], { packId: pack.id, signal: ctx.signal })
  return {
    kind: 'done',
    outcome: plain(args, `pack:${pack.id}`, { text: r.text, lines: r.lines.map((l) => l.text) }, { model: pack, ocr: r.evidence }, { lines: r.lines }, 'exact'),
  }
}
