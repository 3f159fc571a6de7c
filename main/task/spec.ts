/**
 * The task spec: what a question asks, as typed data (DESIGN section 5, "task understanding comes first"). The
 * planner plans from it and nothing else; whatever of the question it does not hold is listed in `notUnderstood`.
 *
 * Conventions a spec states rather than leaves implicit:
 * - `pooling: 'per_date'`: the statistic is taken over each date's pixels, then the per-date values are averaged
 *   over the dates of the period (the house convention of "the annual mean TVDI"); `'pooled'`: one statistic over
 *   the pixels of every date together.
 * - conditions select pixels: for a value statistic (mean, median, ...) they are masks (the statistic is taken over
 *   the pixels that meet all of them); for `fraction`, `count_pixels`, `area` and `count_dates` they are the
 *   criterion counted.
 * - a region `part` is a half or quadrant of the image grid (north = the top rows of a north-up grid).
 */
import { z } from 'zod'

export const Statistic = z.enum([
  'mean',
  'median',
  'percentile',
  'std',
  'variance',
  'min',
  'max',
  'sum',
  'range',
  /** Pixels meeting the conditions (a count, not a share). */
  'count_pixels',
  /** Dates of the period meeting the conditions (on their per-date mean, or on their area share). */
  'count_dates',
  'count_objects',
  /** Share of the valid pixels meeting the conditions. */
  'fraction',
  /** Area meeting the conditions (pixel count times pixel area). */
  'area',
  'trend',
  'date_of_max',
  'date_of_min',
])
export type Statistic = z.infer<typeof Statistic>

export const Comparison = z.enum(['>', '>=', '<', '<=', 'between', 'outside'])
export type Comparison = z.infer<typeof Comparison>

export const Condition = z
  .strictObject({
    /** The variable compared ('tvdi', 'lst', 'ndvi', ...), or null when the question leaves it to the subject. */
    variable: z.string().nullable(),
    op: Comparison,
    /** For > >= < <=. */
    value: z.number().optional(),
    /** For between / outside (inclusive bounds). */
    low: z.number().optional(),
    high: z.number().optional(),
    /** The unit the value is written in ('K', 'degC', 'percent', null when none). */
    unit: z.string().nullable(),
    /** The words it was read from. */
    text: z.string(),
  })
  .refine((c) => (c.op === 'between' || c.op === 'outside' ? c.low !== undefined && c.high !== undefined && c.low <= c.high : c.value !== undefined), {
    message: 'a comparison needs a value; a range needs low <= high',
  })
export type Condition = z.infer<typeof Condition>

export const Part = z.enum(['north', 'south', 'east', 'west', 'northeast', 'northwest', 'southeast', 'southwest'])
export type Part = z.infer<typeof Part>

export const Region = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('whole') }),
  /** A half or quadrant of the image grid. */
  z.strictObject({ kind: z.literal('part'), part: Part, text: z.string() }),
  /** [minx, miny, maxx, maxy] in map units or pixel coordinates (column, row). */
  z.strictObject({ kind: z.literal('bbox'), bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]), crs: z.enum(['map', 'pixel']), text: z.string() }),
  /** A polygon file named in the question (GeoJSON). */
  z.strictObject({ kind: z.literal('polygon_file'), file: z.string(), text: z.string() }),
  /** A place named in the question that no file or geometry locates (kept so the planner can say so). */
  z.strictObject({ kind: z.literal('place'), name: z.string(), text: z.string() }),
])
export type Region = z.infer<typeof Region>

export const Period = z.strictObject({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  granularity: z.enum(['day', 'month', 'season', 'quarter', 'half', 'year', 'years']),
  text: z.string(),
})
export type Period = z.infer<typeof Period>

/** An answer option read semantically (see options.ts). */
export const OptionValue = z.strictObject({
  letter: z.string(),
  text: z.string(),
  /** The number the option states (signed by its direction words), or null. */
  value: z.number().nullable(),
  /** A range the option states ("between 0.2 and 0.3", "0.2-0.3"), else null. */
  range: z.tuple([z.number(), z.number()]).nullable(),
  /** 'percent', 'K', 'degC', 'K/year', 'km2', 'days', ... or null. */
  unit: z.string().nullable(),
  /** The option states a significance outcome: 'none' for "no significant trend", else null. */
  significance: z.enum(['none', 'significant']).nullable(),
  /** The direction the option names, when it names one ("increasing" -> up). */
  direction: z.enum(['up', 'down', 'none']).nullable(),
  /** Labelled numbers when the option combines several ("Mean: 0.69, Min: 0.00"). */
  fields: z.record(z.string(), z.number()),
})
export type OptionValue = z.infer<typeof OptionValue>

export const NotUnderstood = z.strictObject({
  text: z.string(),
  /** True when the phrase could change the value asked (a statistic, region, period part or unit word). */
  blocking: z.boolean(),
  why: z.string(),
})
export type NotUnderstood = z.infer<typeof NotUnderstood>

export const TaskSpec = z.strictObject({
  quantity: z.strictObject({
    /** Null when the question names no statistic and its options do not either. */
    statistic: Statistic.nullable(),
    /** For 'percentile': 0..100. */
    percentile: z.number().min(0).max(100).optional(),
    /** Two periods or regions combined: their difference (second minus first) or ratio; null for one quantity. */
    combine: z.enum(['difference', 'ratio', 'absolute_difference']).nullable(),
    /** What the combination compares. */
    across: z.enum(['periods', 'regions', 'masks']).nullable(),
    /** For a trend: whether significance is asked. */
    significance: z.boolean(),
  }),
  /** Variables ('tvdi', 'lst', 'ndvi', ...) or object classes ('ships') the quantity is about, main one first. */
  subjects: z.array(z.string()),
  conditions: z.array(Condition),
  /** For count_dates: a condition on each date's share of the area ("more than 40% of the area"), as a fraction. */
  areaCondition: z.strictObject({ op: z.enum(['>', '>=', '<', '<=']), value: z.number() }).nullable(),
  region: Region,
  periods: z.array(Period),
  pooling: z.enum(['per_date', 'pooled']),
  /** Unit the answer is wanted in, when the question says ('K', 'degC', 'percent', 'km2', ...). */
  unit: z.string().nullable(),
  answer: z.strictObject({
    form: z.enum(['choice', 'number', 'date', 'text']),
    options: z.array(OptionValue),
  }),
  /** Phrases read into the spec, with the part they fill. */
  used: z.array(z.strictObject({ text: z.string(), role: z.string() })),
  notUnderstood: z.array(NotUnderstood),
})
export type TaskSpec = z.infer<typeof TaskSpec>

/** The phrases of a spec that stop a run: not understood and able to change the result. */
export function blockingPhrases(spec: TaskSpec): NotUnderstood[] {
  return spec.notUnderstood.filter((n) => n.blocking)
}

/** One plain sentence saying what could not be read, for the answer and the trajectory. */
export function refusalOf(spec: TaskSpec): string | null {
  const blocking = blockingPhrases(spec)
  if (blocking.length === 0) return null
  const list = blocking.map((n) => `"${n.text}" (${n.why})`).join('; ')
  return `The question could not be read completely, so nothing was computed: ${list}. Rephrase these parts with the statistics, regions, periods and units described in the agent README.`
}
