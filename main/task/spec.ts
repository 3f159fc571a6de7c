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
 * - a region `part` is a half or quadrant of the image grid (north = the top rows of a north-up grid); a `grid`
 *   region is any band of rows and columns given as fractions of the grid (thirds, the centre): a pixel belongs to it
 *   when its centre lies in [row0, row1) x [col0, col1) of the unit square (top-left origin).
 * - conditions are a conjunction: a pixel is selected when it meets every one; a `negated` condition selects the
 *   pixels that do NOT meet its comparison ("excluding pixels with NDVI > 0.5" = NDVI > 0.5, negated). A condition's
 *   variable may be a file layer, a product (tvdi, lst ...), a spectral index (spyndex short name) or a QA class;
 *   a QA-class condition is written `{ variable: 'cloud', variableKind: 'qa_class', op: '>=', value: 1 }`: the
 *   class flag (0/1) is set.
 * - a condition value is compared in its own `unit`; the compiler converts it to the data's unit (degC/degF -> K ...).
 * - several `periods` with `quantity.across === 'periods'` are the sides of a comparison: a difference is the later
 *   period minus the earlier whichever is named first (the house convention), a percent_change is
 *   100 * (later - earlier) / earlier, and a ratio is the first named over the second ("the ratio of A to B" = A / B);
 *   otherwise they are one selection (their union). A period with `months` keeps only the dates of those months inside [start, end]
 *   ("the winters of 2018-2020": start 2017-12-01 ... with months [12, 1, 2]).
 * - `series` says how a trend or a "date of" is sampled: one value per acquisition, per month, per season or per
 *   year (each the `perStep` statistic of the step's pixels, averaged over the step's dates); a slope is per year
 *   whatever the step.
 * - `quantity.acrossDates`: with `pooling: 'per_date'`, the statistic taken over the per-date values when it is not
 *   their mean ("the median of the per-date means": statistic mean, acrossDates median).
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

/** What a condition's or subject's variable is: a layer of the files, a product computed from them, a spectral index, a QA class. */
export const VariableKind = z.enum(['layer', 'product', 'index', 'qa_class'])
export type VariableKind = z.infer<typeof VariableKind>

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
    /** True: the pixels that do NOT meet the comparison ("excluding", "other than"). Absent = false. */
    negated: z.boolean().optional(),
    /** What the variable is; absent = decided by the catalog from the files. */
    variableKind: VariableKind.optional(),
    /**
     * True: the pixels a share is taken among ("among the pixels with NDVI > 0.3, the share with TVDI > 0.8"): they
     * bound the denominator; the other conditions are what is counted. Absent = false (counted, or a mask).
     */
    population: z.boolean().optional(),
    /**
     * True: no variable was named and a temperature threshold is read as of the temperature ("px hotter than 310
     * K"); the compiler binds it only to a temperature layer the files hold. Absent = the variable was named.
     */
    byUnit: z.boolean().optional(),
    /**
     * The 'nodata' class only: the layer whose missing pixels are meant ("the pixels that have a valid LST": 'lst'),
     * which may be another than the one measured. Absent = the layer measured.
     */
    layer: z.string().optional(),
  })
  .refine((c) => (c.op === 'between' || c.op === 'outside' ? c.low !== undefined && c.high !== undefined && c.low <= c.high : c.value !== undefined), {
    message: 'a comparison needs a value; a range needs low <= high',
  })
export type Condition = z.infer<typeof Condition>

export const Part = z.enum(['north', 'south', 'east', 'west', 'northeast', 'northwest', 'southeast', 'southwest'])
export type Part = z.infer<typeof Part>

/**
 * True: the value is over the pixels outside the part, box or band ("everything but the NW quadrant", "outside the box
 * ..."). Absent = inside. The complement of a half or an outer third is the opposite band, written as that band.
 */
const Outside = z.literal(true).optional()

export const Region = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('whole') }),
  /** A half or quadrant of the image grid. */
  z.strictObject({ kind: z.literal('part'), part: Part, outside: Outside, text: z.string() }),
  /**
   * [minx, miny, maxx, maxy] in map units or pixel coordinates (column, row; max exclusive). With crs 'map',
   * `srs` names the CRS the corners are written in when it is not the file's own: 'EPSG:4326' for lon/lat, any
   * 'EPSG:n' code or a proj4 string; absent = the file's CRS.
   */
  z.strictObject({
    kind: z.literal('bbox'),
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    crs: z.enum(['map', 'pixel']),
    srs: z.string().min(1).optional(),
    outside: Outside,
    text: z.string(),
  }),
  /** A band of the grid as fractions (thirds, the centre ...): rows [row0, row1) and columns [col0, col1) of the unit square, top-left origin. */
  z.strictObject({
    kind: z.literal('grid'),
    name: z.string(),
    rows: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
    cols: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
    outside: Outside,
    text: z.string(),
  }),
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
  /** Only the dates of these months (1..12) inside [start, end]: recurring seasons or months over several years. */
  months: z.array(z.number().int().min(1).max(12)).min(1).optional(),
  /** The convention a named span was placed with ("growing season": April to October), said in the answer. */
  convention: z.string().optional(),
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

/** How a trend or a "date of" is sampled over the period. */
export const SeriesGranularity = z.enum(['acquisition', 'monthly', 'seasonal', 'annual'])
export type SeriesGranularity = z.infer<typeof SeriesGranularity>

export const Series = z.strictObject({
  granularity: SeriesGranularity,
  /** The statistic of each step's pixels (mean unless the question says). */
  perStep: Statistic,
  /** For perStep 'percentile': which one (0..100). */
  percentile: z.number().min(0).max(100).optional(),
  text: z.string(),
  /**
   * The changes from one step to the next are what the statistic is taken over ("the largest drop between consecutive
   * acquisitions"): `rise` later minus earlier (drops negative), `drop` earlier minus later. Absent = the values.
   */
  steps: z.enum(['rise', 'drop']).optional(),
})
export type Series = z.infer<typeof Series>

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
    /** Two periods or regions combined: difference (periods: later minus earlier; regions: first named minus second), ratio (first named / second) or percent change; null for one quantity. */
    combine: z.enum(['difference', 'ratio', 'absolute_difference', 'percent_change']).nullable(),
    /** What the combination compares. */
    across: z.enum(['periods', 'regions', 'masks']).nullable(),
    /** For a trend: whether significance is asked. */
    significance: z.boolean(),
    /** With pooling 'per_date': the statistic over the per-date values when it is not their mean. */
    acrossDates: Statistic.optional(),
    /**
     * 'as_written': a difference of two periods written "A minus B" ("June minus September"): the first named minus
     * the second, whichever is later. Absent = the convention (later minus earlier).
     */
    order: z.literal('as_written').optional(),
  }),
  /** Variables ('tvdi', 'lst', 'ndvi', ...) or object classes ('ships') the quantity is about, main one first. */
  subjects: z.array(z.string()),
  /** What each subject is, where the reader knows (a spyndex index, a product, a layer, a QA class). */
  subjectKinds: z.record(z.string(), VariableKind).optional(),
  conditions: z.array(Condition),
  /** For count_dates: a condition on each date's share of the area ("more than 40% of the area"), as a fraction. */
  areaCondition: z.strictObject({ op: z.enum(['>', '>=', '<', '<=']), value: z.number() }).nullable(),
  region: Region,
  /** Several regions to compare (quantity.across === 'regions'), in the order written; `region` is the first. */
  regions: z.array(Region).optional(),
  periods: z.array(Period),
  /**
   * For a trend or a "date of": one value per acquisition, month, season or year (absent = per acquisition); for a
   * value statistic ("the highest monthly mean"): the monthly or seasonal series it is taken over.
   */
  series: Series.nullable().optional(),
  /**
   * The unit of time a slope is asked per ("kelvin per month", "K/day", "per 16 days", "per quarter"), with how many of
   * them (`every`, 16 for "per 16 days"); absent = per year, the house convention.
   */
  slopePer: z.enum(['day', 'week', 'month', 'quarter']).optional(),
  slopeEvery: z.number().int().min(2).optional(),
  pooling: z.enum(['per_date', 'pooled']),
  /**
   * The band order the question states for an unlabelled multi-band file ("bands are R,G,B,NIR"): spyndex band roles
   * (B blue, G green, R red, RE1 red edge, N near infrared, S1/S2 shortwave infrared, T thermal) in file order, band 1
   * first. Absent = the files' own labels decide.
   */
  bands: z.strictObject({ roles: z.array(z.string().min(1)).min(2), text: z.string() }).optional(),
  /**
   * One band's place in an unlabelled multi-band file, restated beside it ("the red band (band 1)"): its spyndex role
   * and 1-based band number. Absent = the files' own labels or `bands` decide.
   */
  /**
   * Constants of a spectral index the question states ("SAVI (L = 0.5)"), by their spyndex letter; absent = the
   * catalogue's defaults (spyndex L = 1).
   */
  constants: z.record(z.string(), z.number()).optional(),
  /**
   * Variables the question defines by a band formula ("MSI = SWIR1 / NIR", "green > red" as green - red): by the key
   * the subjects and conditions use, the expression in raster.algebra syntax over band keys ('nir', 'b5' ...) and the
   * words it was read from. A formula stated for a catalogue index is computed as stated.
   */
  /**
   * How the question says a layer is stored ("LST = DN × 0.02 K", "NDVI nodata -32768"): its variable (null: the one
   * the files hold), the scale (value = DN × factor), the fill value (raw DN), and the words. The compiler checks them
   * against the files' convention and reads the fill as missing.
   */
  stored: z
    .array(
      z.strictObject({
        variable: z.string().nullable(),
        factor: z.number().positive().optional(),
        unit: z.string().nullable().optional(),
        nodata: z.number().optional(),
        text: z.string(),
      }),
    )
    .optional(),
  /** The question sets aside pixels where a band's DN is 0 ("excluding pixels where either band is 0"): bands are read with 0 as missing. */
  zeroDnExcluded: z.literal(true).optional(),
  formulas: z.record(z.string(), z.strictObject({ expr: z.string().min(1), text: z.string() })).optional(),
  bandAt: z.strictObject({ role: z.string().min(1), band: z.number().int().min(1), text: z.string() }).optional(),
  /**
   * Raster files the question names ("red.tif", "riotiler/red.tif"), as written: the answer must come from them, so
   * a name no input file has is refused. Absent = none named.
   */
  filesNamed: z.array(z.string().min(1)).optional(),
  /**
   * The ground size of a pixel the question states ("a 5 m scene", "counting each pixel as 900 m²"), in metres; the
   * files must agree where it matters (areas). `perPixel`: stated as the area each pixel counts for, which on a grid
   * whose pixels differ in ground area (Web Mercator, longitude/latitude) is not the true area.
   */
  pixelSize: z.strictObject({ metres: z.number().positive(), text: z.string(), perPixel: z.literal(true).optional() }).optional(),
  /** "the true ground area (not 900 m² per pixel)": the area is to be counted on the ground; absent = not said (the same by default). */
  areaBasis: z.literal('ground').optional(),
  /** The CRS the question says the files are on ("a Web Mercator grid", "UTM zone 45N"): the files must be on it. */
  gridCrs: z.strictObject({ srs: z.string().regex(/^EPSG:\d{4,6}$/), text: z.string() }).optional(),
  /**
   * The time of day the subject is taken at when the question names one ("night-time LST": the night layer or
   * overpass); absent = not said, or both said ("daytime and nighttime brightness temperature").
   */
  timeOfDay: z.enum(['day', 'night']).optional(),
  /**
   * A calibration asked of a band named as the subject ("the TOA reflectance of the red band"): absent = the band's
   * stored values (DN), which is what "the value of the red band" asks.
   */
  calibration: z.enum(['toa_reflectance', 'surface_reflectance', 'radiance']).optional(),
  /** Retrieval methods and trend estimators the question names (lexicon methods.ts keys: 'split_window', 'tes', 'ols' ...). */
  methods: z.array(z.string().min(1)).optional(),
  /** Unit the answer is wanted in, when the question says ('K', 'degC', 'degF', 'percent', 'fraction', 'km2', 'ha', 'm2'; the lexicon's unit keys). */
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

/**
 * The words of the question the reading did not use, in one plain sentence for the answer ("Words not used in
 * reading the question: "rgbn.tif", "for the memo"."), or null when every content word was used. Blocking phrases
 * are not listed here: they stop the run and `refusalOf` names them.
 */
export function unreadSentence(spec: TaskSpec): string | null {
  const words = [
    ...new Set(
      spec.notUnderstood
        .filter((n) => !n.blocking)
        .map((n) => n.text.trim())
        .filter(Boolean),
    ),
  ]
  return words.length === 0 ? null : `Words not used in reading the question: ${words.map((w) => `"${w}"`).join(', ')}.`
}

/**
 * Parts of a composed spec a planner must carry out rather than drop. A planner states which it carries out (the
 * compiler passes its list to `refusalOf`); a spec using one it does not is refused with the part named, so a
 * planner that predates a part never answers as if the part were not asked.
 */
export const SpecFeature = z.enum([
  'negated_condition',
  'qa_class_condition',
  'grid_region',
  'crs_box',
  'several_regions',
  'month_filter',
  'series_granularity',
  'across_dates',
  'percent_change',
  'unit_degF',
  'unit_acre',
  /** A band order stated in the question, which the catalog must apply to the file's bands. */
  'band_order',
])
export type SpecFeature = z.infer<typeof SpecFeature>

/** The composed parts a spec uses, each with the words it was read from. */
export function featuresOf(spec: TaskSpec): { feature: SpecFeature; text: string }[] {
  const out: { feature: SpecFeature; text: string }[] = []
  for (const c of spec.conditions) {
    if (c.variableKind === 'qa_class') out.push({ feature: 'qa_class_condition', text: c.text })
    else if (c.negated) out.push({ feature: 'negated_condition', text: c.text })
    if (c.unit === 'degF') out.push({ feature: 'unit_degF', text: c.text })
  }
  for (const r of spec.regions ?? [spec.region]) {
    if (r.kind === 'grid') out.push({ feature: 'grid_region', text: r.text })
    if (r.kind === 'bbox' && r.srs) out.push({ feature: 'crs_box', text: r.text })
  }
  if ((spec.regions?.length ?? 0) > 1)
    out.push({ feature: 'several_regions', text: spec.regions!.map((r) => ('text' in r ? r.text : 'the whole image')).join(' / ') })
  for (const p of spec.periods) if (p.months) out.push({ feature: 'month_filter', text: p.text })
  if (spec.series && spec.series.granularity !== 'acquisition') out.push({ feature: 'series_granularity', text: spec.series.text })
  if (spec.quantity.acrossDates) out.push({ feature: 'across_dates', text: `${spec.quantity.acrossDates} of the per-date ${spec.quantity.statistic}` })
  if (spec.quantity.combine === 'percent_change') out.push({ feature: 'percent_change', text: 'percent change' })
  if (spec.unit === 'degF') out.push({ feature: 'unit_degF', text: 'Fahrenheit' })
  if (spec.unit === 'acre') out.push({ feature: 'unit_acre', text: 'acres' })
  if (spec.bands) out.push({ feature: 'band_order', text: spec.bands.text })
  if (spec.bandAt) out.push({ feature: 'band_order', text: spec.bandAt.text })
  return out
}

const FEATURE_WORDS: Record<SpecFeature, string> = {
  negated_condition: 'a negated selection',
  qa_class_condition: 'a QA-class mask',
  grid_region: 'a part of the image other than a half or quadrant',
  crs_box: 'a box in another coordinate system',
  several_regions: 'a comparison of regions',
  month_filter: 'the same months over several years',
  series_granularity: 'a series sampled per month, season or year',
  across_dates: 'a statistic other than the mean taken over per-date values',
  percent_change: 'a percent change',
  unit_degF: 'Fahrenheit',
  unit_acre: 'acres',
  band_order: 'a band order stated for the file',
}

/**
 * One plain sentence saying what could not be read, or what was read but the planner does not carry out
 * (`supported`: the composed parts it does; none by default), for the answer and the trajectory.
 */
export function refusalOf(spec: TaskSpec, supported: readonly SpecFeature[] = []): string | null {
  const blocking = blockingPhrases(spec)
  if (blocking.length > 0) {
    const list = blocking.map((n) => `"${n.text}" (${n.why})`).join('; ')
    return `The question could not be read completely, so nothing was computed: ${list}. Rephrase these parts with the statistics, regions, periods and units described in the agent README.`
  }
  const missing = featuresOf(spec).filter((f) => !supported.includes(f.feature))
  if (missing.length === 0) return null
  const list = [...new Map(missing.map((f) => [`${f.feature}:${f.text}`, f])).values()].map((f) => `"${f.text}" (${FEATURE_WORDS[f.feature]})`).join('; ')
  return `The question was read, but this planner does not compute every part of it, so nothing was computed: ${list}.`
}
