/**
 * What the older recipes of the rules backbone plan from (skills.ts, analyses.ts, products.ts, skills/*): a typed
 * view of the task spec (main/task/spec.ts), a pure function of it. The spec is the only reading of the question;
 * this view renames its parts in the recipes' terms (which product to build, which recipe statistic, which value
 * thresholds) and lists the parts no recipe honours, so a recipe never answers as if a part were not asked.
 */
import { VARIABLES } from '../../domain/lexicon/variables'
import type { Period, Statistic, TaskSpec } from '../../task/spec'
import type { TvdiBinningKey } from '../../domain/lexicon/methods'
import { askedTimeOfDay } from './compile-files'
import { lstMethodsOf, optionsAreSizes, trendMethodOf, tvdiBinningsNamed } from './compile-words'

/** Products the recipes build (products.ts); 'index' is a spectral index read or computed from two bands. */
export type Product = 'tvdi' | 'lst' | 'index' | 'pwv' | 'ati'
export type LstMethod = 'provided' | 'single_channel' | 'multi_channel' | 'split_window' | 'ttm' | 'tes'
/** The statistics the recipes compute (analyses.ts), each one a spec statistic in a given composition. */
export type RecipeStatistic =
  | 'mean'
  | 'max'
  | 'min'
  | 'fraction'
  /** A mean over the pixels a value condition keeps (spec: mean with conditions). */
  | 'masked_mean'
  /** A statistic inside one selection minus the same inside another or the whole image (spec: combine across masks). */
  | 'masked_contrast'
  | 'count_dates'
  | 'trend'
  | 'argmax_date'
  | 'argmin_date'
  /** A statistic of one period combined with the same of another (spec: combine across periods). */
  | 'change'
  | 'count_objects'
export type Comparison = '>' | '>=' | '<' | '<='

/** A value condition of the spec as the recipes apply it: a plain comparison of one variable. */
export interface Threshold {
  /** The variable compared ('tvdi', 'lst', 'ndvi', ...), or null when the spec leaves it to the subject. */
  subject: string | null
  op: Comparison
  value: number
  unit: string | null
  text: string
}

export interface RecipeInputs {
  product: Product | null
  /** For product 'index': which one (the spec's subject key: 'ndvi', 'ndsi', ...). */
  index: string | null
  /** For product 'lst': the retrieval method named, 'provided' when none. */
  lstMethod: LstMethod | null
  /** Where TVDI's last NDVI bin ends (compile-words tvdiBinningOf). */
  tvdiBinning: TvdiBinningKey
  /** The recipe statistic computing what the spec asks; null when no recipe computes it (see `asked`). */
  statistic: RecipeStatistic | null
  /** The spec's statistic (and combination) in words, for saying what no recipe computes. */
  asked: string | null
  /** A trend's series: per month or year when the spec says so, else chosen by the recipe from the period's length. */
  aggregation: 'by_month' | 'by_year' | 'per_date'
  /** The spec's value conditions (plain comparisons), in order; the area condition apart. */
  thresholds: Threshold[]
  /** For count_dates: the condition on each date's share of the area, as a fraction of one. */
  areaFraction: { op: Comparison; value: number } | null
  periods: Period[]
  /** For a masked mean: the variable averaged (the spec's first subject); the product when it is that. */
  measured: string | null
  /** For a change: of the mean value or of the share beyond the threshold, and how the two periods combine. */
  changeOf: 'mean' | 'fraction'
  combine: TaskSpec['quantity']['combine']
  /** The value conditions hold together on different variables (the spec's conditions are a conjunction). */
  joint: boolean
  /** Two shares of one variable compared (spec: fraction combined across masks). */
  shareContrast: boolean
  /** For a masked contrast: the statistic taken inside each selection. */
  maskStat: 'mean' | 'max' | 'min'
  /** For count_objects: the objects counted (the spec's subject). */
  objects: string | null
  /** The time of day the spec asks its subject at. */
  timeOfDay: 'day' | 'night' | null
  /** A least-squares line asked instead of the Theil-Sen slope. */
  ols: boolean
  /** A difference is answered as a size: asked as absolute, or every option states a size (compile-words optionsAreSizes). */
  magnitude: boolean
  /** The answer unit the spec asks for (lexicon unit keys), or null. */
  unit: string | null
  /** Parts of the spec no recipe honours, in words; with any, the recipes plan nothing. */
  unhonoured: string[]
}

/** Products in the order the recipes prefer them when the spec names several (TVDI needs LST and NDVI anyway). */
const PRODUCT_ORDER: readonly Product[] = ['tvdi', 'ati', 'pwv', 'lst']
const LST_METHODS: readonly string[] = ['single_channel', 'multi_channel', 'split_window', 'ttm', 'tes']

const isIndex = (spec: TaskSpec, key: string) => (spec.subjectKinds?.[key] ?? VARIABLES.find((v) => v.key === key)?.kind) === 'index'

/** The product the recipes build: the first of the spec's subjects and condition variables in the recipes' order. */
function productOf(spec: TaskSpec): { product: Product | null; index: string | null } {
  const named = [...spec.subjects, ...spec.conditions.map((c) => c.variable).filter((v): v is string => v !== null)]
  const index = named.find((k) => isIndex(spec, k)) ?? null
  const product = PRODUCT_ORDER.find((p) => named.includes(p)) ?? (index ? 'index' : null)
  return { product, index }
}

/** The key thresholds and masks use for the product itself ('lst', 'tvdi', the index's own name). */
export function productKey(view: Pick<RecipeInputs, 'product' | 'index'>): string {
  return view.product === 'index' ? (view.index ?? 'ndvi') : (view.product ?? '')
}

const RECIPE_FOR: Partial<Record<Statistic, RecipeStatistic>> = {
  mean: 'mean',
  max: 'max',
  min: 'min',
  fraction: 'fraction',
  count_dates: 'count_dates',
  trend: 'trend',
  date_of_max: 'argmax_date',
  date_of_min: 'argmin_date',
  count_objects: 'count_objects',
}

/** The recipe statistic of the spec's quantity, or null when no recipe computes it. */
function statisticOf(spec: TaskSpec, thresholds: Threshold[]): RecipeStatistic | null {
  const { statistic, combine, across } = spec.quantity
  if (statistic === null) return null
  if (combine) {
    const sized = combine === 'difference' || combine === 'absolute_difference'
    if (across === 'periods') return statistic === 'mean' || (statistic === 'fraction' && sized) ? 'change' : null
    if (across === 'masks' && sized) return statistic === 'fraction' ? 'fraction' : ['mean', 'max', 'min'].includes(statistic) ? 'masked_contrast' : null
    return null
  }
  const recipe = RECIPE_FOR[statistic] ?? null
  // A mean over the pixels a value condition keeps; a maximum or minimum over them has no recipe.
  if (thresholds.length > 0 && (recipe === 'mean' || recipe === 'max' || recipe === 'min')) return recipe === 'mean' ? 'masked_mean' : null
  return recipe
}

/** The parts of the spec the recipes do not carry out (a region, a range or negated mask, pooling ...). */
function unhonouredOf(spec: TaskSpec): string[] {
  const out: string[] = []
  // A place is the files' place (their names say it); any other region is a window the recipes do not take.
  if (spec.region.kind !== 'whole' && spec.region.kind !== 'place') out.push(`the region "${spec.region.text}"`)
  for (const c of spec.conditions) {
    if (c.op === 'between' || c.op === 'outside') out.push(`the range condition "${c.text.trim()}"`)
    else if (c.negated) out.push(`the negated condition "${c.text.trim()}"`)
    else if (c.variableKind === 'qa_class') out.push(`the QA mask "${c.text.trim()}"`)
  }
  if (spec.pooling === 'pooled') out.push('pooled pixels')
  if (spec.quantity.acrossDates) out.push(`the ${spec.quantity.acrossDates} of the per-date values`)
  if (spec.series && spec.series.granularity === 'seasonal') out.push(`the series "${spec.series.text}"`)
  if (spec.series && spec.quantity.statistic !== 'trend' && spec.series.granularity !== 'acquisition') out.push(`the series "${spec.series.text}"`)
  if (spec.periods.some((p) => p.months)) out.push('the same months over several years')
  if (spec.unit && !['percent', 'fraction', 'K'].includes(spec.unit)) out.push(`answers in ${spec.unit}`)
  if (spec.bands) out.push(`the band order "${spec.bands.text}"`)
  if (spec.calibration) out.push(`the calibration (${spec.calibration.replace('_', ' ')})`)
  // A time of day asked of the subject (not the one in its own name, "night-time lights"): the recipes read any LST layer.
  if (spec.timeOfDay && (spec.subjects[0] === 'lst' || askedTimeOfDay(spec))) out.push(`the ${spec.timeOfDay === 'night' ? 'night-time' : 'daytime'} overpass`)
  return [...new Set(out)]
}

function lstMethodOf(spec: TaskSpec): LstMethod | null {
  const named = lstMethodsOf(spec).filter((m) => LST_METHODS.includes(m))
  return (named[0] as LstMethod | undefined) ?? null
}

function olsAsked(spec: TaskSpec): boolean {
  try {
    return trendMethodOf(spec) === 'ols'
  } catch {
    return false
  }
}

/** The recipes' view of a spec. */
export function recipeInputs(spec: TaskSpec): RecipeInputs {
  const { product, index } = productOf(spec)
  const thresholds: Threshold[] = spec.conditions
    .filter((c) => c.op !== 'between' && c.op !== 'outside' && !c.negated && c.variableKind !== 'qa_class' && c.value !== undefined)
    .map((c) => ({ subject: c.variable, op: c.op as Comparison, value: c.value!, unit: c.unit, text: c.text }))
  const statistic = statisticOf(spec, thresholds)
  const asked = spec.quantity.statistic
  const key = productKey({ product, index })
  const variables = new Set(thresholds.map((t) => t.subject ?? key))
  const granularity = spec.series?.granularity
  const method = product === 'lst' ? (lstMethodOf(spec) ?? 'provided') : lstMethodOf(spec)
  return {
    product,
    index,
    lstMethod: method,
    // Both conventions named is refused by the compiler, which plans first (compile-words tvdiBinningOf).
    tvdiBinning: tvdiBinningsNamed(spec)[0] ?? 'tvdi_closed',
    statistic,
    asked:
      asked === null
        ? null
        : `${asked.replace(/_/g, ' ')}${spec.quantity.combine ? ` (${spec.quantity.combine.replace(/_/g, ' ')} across ${spec.quantity.across})` : ''}`,
    aggregation: granularity === 'monthly' ? 'by_month' : granularity === 'annual' ? 'by_year' : 'per_date',
    thresholds,
    areaFraction: spec.areaCondition,
    periods: spec.periods,
    measured: statistic === 'masked_mean' ? (spec.subjects[0] ?? null) : null,
    changeOf: asked === 'fraction' ? 'fraction' : 'mean',
    combine: spec.quantity.combine,
    joint: statistic === 'fraction' && spec.quantity.combine === null && variables.size >= 2,
    shareContrast: statistic === 'fraction' && spec.quantity.across === 'masks',
    maskStat: asked === 'max' || asked === 'min' ? asked : 'mean',
    objects: asked === 'count_objects' ? (spec.subjects[0] ?? null) : null,
    timeOfDay: spec.timeOfDay ?? null,
    ols: olsAsked(spec),
    magnitude: spec.quantity.combine === 'absolute_difference' || (spec.quantity.combine === 'difference' && optionsAreSizes(spec)),
    unit: spec.unit,
    unhonoured: unhonouredOf(spec),
  }
}
