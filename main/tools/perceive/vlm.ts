/**
 * The vision-language backend of perceive: one JSON request per call with the image views, a prompt per mode
 * written for this tool, and the answer validated with zod. Boxes and polygons it returns are placed on the source
 * image and flagged `approximate` (a language model's coordinates are not calibrated): measure refuses them for
 * metre-based metrics.
 */
import { z } from 'zod'
import type { PerceiveArgs } from './args'
import type { VisionLanguageModel } from './backends'
import { toSource, type View } from './views'
import { isRecord } from '../../domain/json'

const COMMON = (args: PerceiveArgs, gsd: number | undefined) =>
  `You are the perception step of a remote-sensing analysis tool. Report only what is visible. Answer with one JSON object and nothing else.\n` +
  `Ground sample distance: ${gsd ?? 'unknown'} m per pixel. Objective: ${args.objective || '(none given)'}\n`

const views = (vs: View[]) => `Views, in order: ${vs.map((v) => v.description).join('; ')}.\n`

const geometryItem =
  'Each item has view_index (1-based), target_group_id, label, confidence (0-1) and either bbox_xyxy [x1, y1, x2, y2] or polygon_xy [[x, y], ...], in pixels of that view, origin at its top-left corner.'

export function vlmPrompt(args: PerceiveArgs, vs: View[], gsd: number | undefined, missing: string[] = []): string {
  const groups = JSON.stringify(args.target_groups ?? {})
  const retry = missing.length ? `A previous look found nothing for ${missing.join(', ')}: look again carefully for those groups only.\n` : ''
  switch (args.mode) {
    case 'evidence':
      return `${COMMON(args, gsd)}${views(vs)}Describe the visible evidence the objective depends on without choosing any answer. Return keys evidence_kind (scene, diagram, plot, map, document, geometry or change), observations (a list of {claim, view_index, confidence}), visible_text, measurements, spatial_relations, quality ({visibility: clear|limited|unusable, readability: clear|limited|unreadable, issues}), missing_evidence, uncertainty.`
    case 'document':
      return `${COMMON(args, gsd)}${views(vs)}Copy the visible text, axis labels, legends and panel titles exactly, keeping their layout. Do not interpret them. Return keys text, structure, confidence.`
    case 'scene':
      return `${COMMON(args, gsd)}${views(vs)}Scene classes: ${JSON.stringify(args.label_space)}. Give every source image exactly one of these classes. Return keys predictions (a list of {image_index (1-based), class_name, confidence, evidence}) with one entry per source image, and evidence.`
    case 'objects':
    case 'regions':
      return `${COMMON(args, gsd)}${views(vs)}${retry}Target groups (id -> prompts): ${groups}. When detail tiles are shown, report geometry from the tiles so each target appears once. Return key ${args.mode}, a list. ${geometryItem}`
    case 'change':
      return `${COMMON(args, gsd)}${views(vs)}${retry}The images are in time order (before, then after). Target groups: ${groups}. Report the regions that changed between them, on the view of the later image. Return keys changed_regions (a list; ${geometryItem}), evidence, confidence, uncertainty.`
    case 'measurement':
      return `${COMMON(args, gsd)}${views(vs)}Landmark A: ${args.landmarks![0]}. Landmark B: ${args.landmarks![1]}. Locate only these two landmarks and the scale bar of the same image; do not compute any distance. Give the physical marker, never its label text; give the ends of the bar line, never its caption. Return {measurement: {point_a: {xy, view_index}, point_b: {xy, view_index}, scale_bar: {start_xy, end_xy, view_index, ground_length, unit}, confidence}} with coordinates in pixels of the view named.`
  }
}

const XY = z.tuple([z.number(), z.number()])
export const VlmGeometryItem = z
  .object({
    view_index: z.number().int().min(1),
    target_group_id: z.string().optional(),
    label: z.string().default('object'),
    confidence: z.number().min(0).max(1).nullable().default(null),
    bbox_xyxy: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
    polygon_xy: z.array(XY).min(3).optional(),
  })
  .refine((i) => i.bbox_xyxy || i.polygon_xy, 'each item needs bbox_xyxy or polygon_xy')

export const VlmScene = z.object({
  predictions: z.array(
    z.object({
      image_index: z.number().int().min(1),
      class_name: z.string(),
      confidence: z.number().min(0).max(1).nullable().default(null),
      evidence: z.string().optional(),
    }),
  ),
})
export const VlmDocument = z.object({ text: z.string(), structure: z.unknown().optional(), confidence: z.number().min(0).max(1).nullable().default(null) })
export const VlmMeasurement = z.object({
  measurement: z.object({
    point_a: z.object({ xy: XY, view_index: z.number().int().min(1) }),
    point_b: z.object({ xy: XY, view_index: z.number().int().min(1) }),
    scale_bar: z.object({ start_xy: XY, end_xy: XY, view_index: z.number().int().min(1), ground_length: z.number().positive(), unit: z.string() }),
    confidence: z.number().min(0).max(1).nullable().default(null),
  }),
})

export interface PlacedItem {
  imageIndex: number
  group: string
  label: string
  confidence: number | null
  box?: [number, number, number, number]
  polygon?: [number, number][][]
}

/** Items of an objects/regions/change answer placed on their source images; invalid items are counted, not kept. */
export function placeItems(raw: unknown, key: string, vs: View[], groups: string[]): { items: PlacedItem[]; rejected: { index: number; reason: string }[] } {
  const list = (isRecord(raw) ? raw[key] : undefined) ?? []
  const items: PlacedItem[] = []
  const rejected: { index: number; reason: string }[] = []
  if (!Array.isArray(list)) return { items, rejected: [{ index: -1, reason: `the answer has no list '${key}'` }] }
  list.forEach((x, index) => {
    const p = VlmGeometryItem.safeParse(x)
    if (!p.success) return rejected.push({ index, reason: p.error.issues[0]?.message ?? 'malformed item' })
    const v = vs[p.data.view_index - 1]
    if (!v) return rejected.push({ index, reason: `view ${p.data.view_index} does not exist` })
    const group = p.data.target_group_id && groups.includes(p.data.target_group_id) ? p.data.target_group_id : groups.length === 1 ? groups[0] : null
    if (!group) return rejected.push({ index, reason: `target group '${p.data.target_group_id ?? ''}' was not asked for` })
    const item: PlacedItem = { imageIndex: v.imageIndex, group, label: p.data.label, confidence: p.data.confidence }
    if (p.data.bbox_xyxy) {
      const [x1, y1, x2, y2] = p.data.bbox_xyxy
      if (!(x2 > x1 && y2 > y1)) return rejected.push({ index, reason: 'the box has no area' })
      const a = toSource(v, [x1, y1])
      const b = toSource(v, [x2, y2])
      item.box = [a[0], a[1], b[0], b[1]]
    }
    if (p.data.polygon_xy) item.polygon = [p.data.polygon_xy.map((q) => toSource(v, q))]
    items.push(item)
  })
  return { items, rejected }
}

export async function askVlm(vlm: VisionLanguageModel, prompt: string, vs: View[], signal?: AbortSignal): Promise<unknown> {
  return vlm.askJson(
    prompt,
    vs.map((v) => ({ dataUri: v.dataUri, description: v.description })),
    signal,
  )
}
