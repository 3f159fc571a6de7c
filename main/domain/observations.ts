/**
 * Each tool's observation, per mode (keyed like the evidence declarations, by coarse configuration id): the shape
 * the app keeps in full (the ToolResult in the run's events, shown by the window), and next to it the compact form
 * the model is given (vercel/ai's split of a tool's result from its model output). The schemas name the fields
 * every result of that mode carries and stay loose: a tool may add fields without breaking a reader.
 *
 * The tools build their observations themselves (main/tools/*); these schemas are how readers outside the tool
 * (the window, the report, the model prompts) read one without casting.
 */
import { z } from 'zod'
import { compactJson } from './compact-json'
import { GeometryFlag } from './tool-result'

const num = z.number()
const count = z.number().int().nonnegative()

/** What every perceive observation states: its mode, the backend that made it and how exact its geometry is. */
const perceiveBase = z.looseObject({ mode: z.string(), backend: z.string(), geometry: GeometryFlag.optional() })

/** A detected object: label, pixel box [x0, y0, x1, y1] (or a rotated box), score. */
const DetectedObject = z.looseObject({ label: z.string().optional(), box: z.array(num).optional(), score: num.optional() })

export const ObservationSchemas = {
  'perceive:objects': perceiveBase.extend({
    counts_by_group: z.record(z.string(), count),
    objects: z.array(DetectedObject).default([]),
    layer_paths: z.unknown().optional(),
  }),
  'perceive:regions': perceiveBase.extend({ layer_paths: z.unknown().optional() }),
  'perceive:change': perceiveBase.extend({ layer_paths: z.unknown().optional() }),
  'perceive:scene': perceiveBase.extend({ label: z.string().optional(), score: num.optional() }),
  'perceive:document': perceiveBase.extend({ text: z.string().optional() }),
  'perceive:evidence': perceiveBase,
  'perceive:measurement': perceiveBase,
  'perceive:*': perceiveBase,
  /** One number (or a yes/no) with its unit, for a metric over declared sources. */
  'measure:*': z.looseObject({
    metric: z.string(),
    value: z.union([num, z.boolean()]).nullable(),
    unit: z.string().nullable().optional(),
    subject: z.unknown().optional(),
  }),
  /** The output node's value: a raster summary, a per-item series, or a scalar/series value with its unit. */
  'execute:*': z.union([
    z.looseObject({
      unit: z.string().optional(),
      valid: count.optional(),
      total: count.optional(),
      mean: num.nullable().optional(),
      artifact: z.string().optional(),
    }),
    z.looseObject({ unit: z.string().optional(), items: z.array(z.looseObject({ id: z.string(), status: z.string() })) }),
    z.unknown(),
  ]),
  /** Retrieve returns context cards, not observations. */
  'retrieve:*': z.unknown(),
} as const satisfies Record<string, z.ZodType>

export type ObservationKey = keyof typeof ObservationSchemas

/** The schema for a coarse configuration id (`perceive:objects`), falling back to the tool's `<tool>:*`. */
export function observationSchemaFor(coarse: string): z.ZodType | null {
  const exact = Object.entries(ObservationSchemas).find(([k]) => k === coarse)
  if (exact) return exact[1]
  const tool = Object.entries(ObservationSchemas).find(([k]) => k === `${coarse.split(':')[0]}:*`)
  return tool ? tool[1] : null
}

/** Fields the app keeps and the model does not need: file locations it cannot open, fixed reminders. */
const APP_ONLY = new Set(['layer_paths', 'geometry_contract', 'artifact'])

/** How many detected objects the model sees before the rest are counted, not listed. */
export const MODEL_OBJECTS = 12

/**
 * The compact form of an observation for the model: the mode's stated fields, app-only fields left out, long lists
 * cut with a count of what was left, the whole capped at `maxChars`. An observation that does not fit its mode's
 * schema is still shown (compacted as is): the verifier, not the prompt, decides what it is worth.
 */
export function compactObservation(coarse: string, observation: unknown, maxChars = 3000): string {
  const schema = observationSchemaFor(coarse)
  const parsed = schema ? schema.safeParse(observation) : null
  const value = parsed?.success ? parsed.data : observation
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return compactJson(value, { maxChars })
  const kept = Object.fromEntries(Object.entries(value).filter(([k]) => !APP_ONLY.has(k)))
  return compactJson(kept, { maxChars, maxArray: MODEL_OBJECTS })
}
