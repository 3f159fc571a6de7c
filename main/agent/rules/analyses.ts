/**
 * Analysis recipes of the rules backbone: what is computed from a product collection — a period mean, a maximum,
 * a threshold fraction, a threshold-masked mean, a count of dates meeting a condition, a trend, the date of the
 * extreme, a change between two periods — and how the answer template reads the observation that comes back.
 * When the task has numeric options the DAG ends in `decision.select`, so the choice itself is an observation.
 */
import { numericOptions, optionsAreNumeric, sharedKey } from '../../task/options'
import type { DagBuilder } from './dag-builder'
import type { ProductPlan } from './products'
import { productKey, type Comparison, type RecipeInputs, type Threshold } from './recipe-inputs'
import type { AnswerOption } from '../task'

/** How the answer template reads the workflow's observation. */
export type ReadSpec =
  | { kind: 'choice'; quantity: string; unit: string }
  | { kind: 'scalar'; quantity: string; unit: string }
  | { kind: 'trend'; quantity: string; unit: string }
  | { kind: 'series_count'; quantity: string; unit: string; op: Comparison; value: number }
  | { kind: 'series_extreme'; quantity: string; unit: string; which: 'max' | 'min' }

export type AnalysisResult = { ok: true; output: string; read: ReadSpec; describe: string } | { ok: false; missing: string }

const OP_WORD: Record<Comparison, string> = { '>': 'above', '>=': 'at or above', '<': 'below', '<=': 'at or below' }

function valueThreshold(view: RecipeInputs): Threshold | undefined {
  return view.thresholds.find((t) => t.unit !== 'percent')
}

/** End the DAG in decision.select over numeric options, or return the scalar as is. */
export function finish(
  b: DagBuilder,
  scalar: string,
  options: AnswerOption[],
  quantity: string,
  unit: string,
  field?: string,
): { output: string; read: ReadSpec } {
  // Options in degrees Celsius for a temperature computed in kelvin: convert before choosing (a difference of
  // temperatures is the same in both, so only absolute temperatures are shifted).
  if (
    !field &&
    unit === 'K' &&
    !/\b(?:change|difference|standard deviation|variance|range)\b/i.test(quantity) &&
    numericOptions(options).some((o) => o.unit === 'degC')
  ) {
    scalar = b.add('celsius', 'math.expr', { expr: 'x - 273.15', unit: 'degC' }, { x: scalar })
    unit = 'degC'
  }
  if (options.length >= 2 && optionsAreNumeric(options)) {
    const key = sharedKey(options)
    const params: Record<string, unknown> = {
      options: numericOptions(options)
        .filter((o) => o.value !== null)
        .map((o) => ({ label: o.letter, value: o.value })),
    }
    if (field) params.field = field
    const output = b.add('pick', 'decision.select', params, { data: scalar })
    return { output, read: { kind: 'choice', quantity: key ?? quantity, unit } }
  }
  return { output: scalar, read: field ? { kind: 'trend', quantity, unit } : { kind: 'scalar', quantity, unit } }
}

/** Add the analysis nodes after the product; `product.node` holds one raster per date. */
export function addAnalysis(
  b: DagBuilder,
  view: RecipeInputs,
  product: ProductPlan,
  options: AnswerOption[],
  addChangeProduct?: (period: number) => ProductPlan | null,
): AnalysisResult {
  const q = product.label
  const key = productKey(view)
  const percentOptions = numericOptions(options).some((o) => o.unit === 'percent')
  switch (view.statistic) {
    case 'mean':
    case 'max':
    case 'min': {
      const stat = view.statistic
      const daily = b.add('daily', 'raster.batch_reduce', { stat }, { data: product.node })
      const overall = b.add('overall', 'timeseries.aggregate', { by: 'all', stat }, { data: daily })
      const word = stat === 'mean' ? 'mean' : stat === 'max' ? 'maximum' : 'minimum'
      return { ok: true, ...finish(b, overall, options, `${word} ${q}`, product.unit), describe: `${word} of the per-date ${word}s of ${q}` }
    }
    case 'fraction': {
      const t = valueThreshold(view)
      if (!t) return { ok: false, missing: 'a threshold value for the fraction' }
      const as = percentOptions || view.unit === 'percent' || options.length === 0 ? 'percent' : 'fraction'
      if (view.joint) return jointFraction(b, view, product, options, as, key)
      if (view.shareContrast) return shareContrast(b, view, product, options, as)
      const per = b.add('fraction', 'threshold_fraction', { op: t.op, value: t.value, as }, { data: pickSubject(product, t) })
      const overall = b.add('overall', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: per })
      const what = `share of the area with ${t.subject ?? q} ${OP_WORD[t.op]} ${t.value}${t.unit === 'K' ? ' K' : ''}`
      return { ok: true, ...finish(b, overall, options, what, as), describe: `${what}, per date, averaged over the dates` }
    }
    case 'masked_mean': {
      // The averaged layer: the product, or another variable of the same DAG ("mean NDVI of pixels with TVDI > 0.7").
      const measured = view.measured && view.measured !== key ? product.reads[view.measured] : undefined
      if (view.measured && view.measured !== key && !measured) return { ok: false, missing: `the ${view.measured.toUpperCase()} layer to average` }
      const layer = (subject: string) => (subject === key ? product.node : product.reads[subject])
      const masks = view.thresholds.filter((x) => x.unit !== 'percent' && x.subject !== null && layer(x.subject) !== undefined)
      const t = masks.find((x) => x.subject !== view.measured) ?? masks[0]
      if (!t || !t.subject) return { ok: false, missing: 'the variable and threshold that define the masked area' }
      const unit = measured ? unitOfRead(view.measured!) : product.unit
      // where() keeps v where the condition holds; elsewhere 0/0 makes the pixel NaN, i.e. invalid.
      const masked = b.add(
        'masked',
        'raster.algebra',
        { expr: `where(m ${t.op} ${t.value}, v, 0/0)`, unit },
        { v: measured ?? product.node, m: layer(t.subject)! },
      )
      const daily = b.add('daily', 'raster.batch_reduce', { stat: 'mean' }, { data: masked })
      const overall = b.add('overall', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: daily })
      const what = `mean ${measured ? view.measured!.toUpperCase() : q} where ${t.subject} ${OP_WORD[t.op]} ${t.value}${t.unit === 'K' ? ' K' : ''}`
      return { ok: true, ...finish(b, overall, options, what, unit), describe: what }
    }
    case 'count_dates': {
      if (view.areaFraction) {
        const t = valueThreshold(view)
        if (!t) return { ok: false, missing: 'the value threshold of the area condition' }
        const per = b.add('fraction', 'threshold_fraction', { op: t.op, value: t.value, as: 'fraction' }, { data: pickSubject(product, t) })
        const what = `dates on which the share of the area with ${t.subject ?? q} ${OP_WORD[t.op]} ${t.value} is ${OP_WORD[view.areaFraction.op]} ${view.areaFraction.value * 100}%`
        return {
          ok: true,
          output: per,
          read: { kind: 'series_count', quantity: what, unit: 'fraction', op: view.areaFraction.op, value: view.areaFraction.value },
          describe: what,
        }
      }
      const t = valueThreshold(view)
      if (!t) return { ok: false, missing: 'the condition that makes a date count' }
      const daily = b.add('daily', 'raster.batch_reduce', { stat: 'mean' }, { data: product.node })
      const what = `dates whose mean ${q} is ${OP_WORD[t.op]} ${t.value}${t.unit === 'K' ? ' K' : ''}`
      return { ok: true, output: daily, read: { kind: 'series_count', quantity: what, unit: product.unit, op: t.op, value: t.value }, describe: what }
    }
    case 'argmax_date':
    case 'argmin_date': {
      const daily = b.add('daily', 'raster.batch_reduce', { stat: 'mean' }, { data: product.node })
      const which = view.statistic === 'argmax_date' ? 'max' : 'min'
      return {
        ok: true,
        output: daily,
        read: { kind: 'series_extreme', quantity: `mean ${q}`, unit: product.unit, which },
        describe: `the date of the ${which}imum mean ${q}`,
      }
    }
    case 'masked_contrast':
      return maskedContrast(b, view, product, options, key)
    case 'trend': {
      const daily = b.add('daily', 'raster.batch_reduce', { stat: 'mean' }, { data: product.node })
      const span = view.periods.length > 0 ? Number(view.periods.at(-1)!.end.slice(0, 4)) - Number(view.periods[0].start.slice(0, 4)) : 0
      const by = view.aggregation === 'by_month' ? 'month' : span >= 2 || view.aggregation === 'by_year' ? 'year' : null
      const series = by ? b.add('grouped', 'timeseries.aggregate', { by, stat: 'mean' }, { data: daily }) : daily
      const trend = b.add('trend', 'timeseries.trend', { alpha: 0.05, time: 'index' }, { data: series })
      const per = by ?? 'date'
      return {
        ok: true,
        ...finish(b, trend, options, `Sen slope of ${q} per ${per}`, `${product.unit}/${per}`, 'slope'),
        describe: `Theil-Sen slope and Mann-Kendall test of the ${by ?? 'per-date'} mean ${q}`,
      }
    }
    case 'change': {
      if (!addChangeProduct) return { ok: false, missing: 'two periods to compare' }
      const second = addChangeProduct(1)
      if (!second) return { ok: false, missing: 'the second period of the comparison' }
      // The change of the mean value, or of the share of the area beyond the value threshold ("the proportion of
      // pixels with TVDI > 0.7 in June and in August ... their difference"), each averaged over its period's dates.
      // A ratio or percent change is another quantity than the difference these recipes subtract.
      if (view.combine !== 'difference' && view.combine !== 'absolute_difference')
        return { ok: false, missing: `a recipe for the ${(view.combine ?? 'change').replace(/_/g, ' ')} between two periods (the recipes give differences)` }
      const t = view.changeOf === 'fraction' ? valueThreshold(view) : undefined
      const as = percentOptions || options.length === 0 ? 'percent' : 'fraction'
      const meanOf = (p: ProductPlan, tag: string) => {
        const daily = t
          ? b.add(`fraction_${tag}`, 'threshold_fraction', { op: t.op, value: t.value, as }, { data: pickSubject(p, t) })
          : b.add(`daily_${tag}`, 'raster.batch_reduce', { stat: 'mean' }, { data: p.node })
        return b.add(`mean_${tag}`, 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: daily })
      }
      let diff = b.add('change', 'math.subtract', {}, { a: meanOf(second, 'second'), b: meanOf(product, 'first') })
      const magnitude = view.magnitude
      if (magnitude) diff = b.add('abs_change', 'math.abs', {}, { a: diff })
      const base = t ? `share of the area with ${t.subject ?? q} ${OP_WORD[t.op]} ${t.value}` : `mean ${q}`
      const what = `${magnitude ? 'absolute ' : ''}change in ${base} (second minus first period)`
      return {
        ok: true,
        ...finish(b, diff, options, what, t ? as : product.unit),
        describe: `${base} of the second period minus the first${magnitude ? ', without its sign' : ''}`,
      }
    }
    case 'count_objects':
      return { ok: false, missing: 'object counting belongs to the counting skill' }
    case null:
      return { ok: false, missing: 'a recipe for the statistic asked' }
  }
}

/** Layers of the DAG by the name thresholds use: the product under its own key, else a variable read beside it. */
function layerOf(product: ProductPlan, key: string, subject: string | null): string | undefined {
  if (subject === null) return undefined
  return subject === key ? product.node : product.reads[subject]
}

/**
 * The share of the area where every value threshold holds at once. A pixel where any variable is invalid stays
 * invalid (NaN), so it is left out of the denominator rather than counted as failing the condition.
 */
function jointFraction(b: DagBuilder, view: RecipeInputs, product: ProductPlan, options: AnswerOption[], as: string, key: string): AnalysisResult {
  const ts = view.thresholds.filter((t) => t.unit !== 'percent' && t.subject !== null)
  const inputs: Record<string, string> = {}
  const names: string[] = []
  for (const t of ts) {
    const layer = layerOf(product, key, t.subject)
    if (!layer) return { ok: false, missing: `the ${t.subject!.toUpperCase()} layer of the condition ${t.text.trim()}` }
    const name = `v${names.length}`
    inputs[name] = layer
    names.push(name)
  }
  const cond = ts.map((t, i) => `(${names[i]} ${t.op} ${t.value})`).join(' && ')
  const invalid = names.map((n) => `isnan(${n})`).join(' || ')
  const both = b.add('joint', 'raster.algebra', { expr: `where(${invalid}, 0/0, ${cond})`, unit: 'dimensionless' }, inputs)
  const per = b.add('fraction', 'threshold_fraction', { op: '>', value: 0.5, as }, { data: both })
  const overall = b.add('overall', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: per })
  const what = `share of the area with ${ts.map((t) => `${t.subject} ${OP_WORD[t.op]} ${t.value}`).join(' and ')}`
  return { ok: true, ...finish(b, overall, options, what, as), describe: `${what}, per date, averaged over the dates` }
}

/**
 * A statistic of the product inside one masked area minus the same inside another (or the whole image): per date,
 * then averaged over the dates. A difference asked for with only non-negative options, or as "how much cooler",
 * is read as a magnitude.
 */
function maskedContrast(b: DagBuilder, view: RecipeInputs, product: ProductPlan, options: AnswerOption[], key: string): AnalysisResult {
  const ts = view.thresholds.filter((t) => t.unit !== 'percent' && t.subject !== null).slice(0, 2)
  const stat = view.maskStat
  const areaStat = (t: Threshold | null, tag: string) => {
    let data = product.node
    if (t) {
      const mask = layerOf(product, key, t.subject)
      if (!mask) return null
      data = b.add(`masked_${tag}`, 'raster.algebra', { expr: `where(m ${t.op} ${t.value}, v, 0/0)`, unit: product.unit }, { v: product.node, m: mask })
    }
    const daily = b.add(`daily_${tag}`, 'raster.batch_reduce', { stat }, { data })
    return b.add(`${stat}_${tag}`, 'timeseries.aggregate', { by: 'all', stat }, { data: daily })
  }
  const first = areaStat(ts[0] ?? null, 'first')
  const second = areaStat(ts[1] ?? null, ts[1] ? 'second' : 'all')
  if (!first || !second) return { ok: false, missing: `the ${ts.map((t) => t.subject!.toUpperCase()).join(' / ')} layer that defines the areas` }
  let diff = b.add('contrast', 'math.subtract', {}, { a: first, b: second })
  const magnitude = view.magnitude
  if (magnitude) diff = b.add('abs_contrast', 'math.abs', {}, { a: diff })
  const area = (t: Threshold | undefined) => (t ? `where ${t.subject} ${OP_WORD[t.op]} ${t.value}` : 'over the whole image')
  const word = stat === 'mean' ? 'mean' : stat === 'max' ? 'maximum' : 'minimum'
  const what = `${magnitude ? 'absolute ' : ''}difference of the ${word} ${product.label} ${area(ts[0])} and ${area(ts[1])}`
  return { ok: true, ...finish(b, diff, options, what, product.unit), describe: what }
}

/** True when the task has numeric options and none is negative (a difference is then asked as a size). */
export function nonNegativeOptions(options: AnswerOption[]): boolean {
  const nums = numericOptions(options).filter((o) => o.value !== null)
  return nums.length > 0 && nums.every((o) => (o.value as number) >= 0)
}

/** The share of the area beyond the first threshold minus the share beyond the second (e.g. hot minus cool zone). */
function shareContrast(b: DagBuilder, view: RecipeInputs, product: ProductPlan, options: AnswerOption[], as: string): AnalysisResult {
  const [t1, t2] = view.thresholds.filter((t) => t.unit !== 'percent')
  const shareOf = (t: Threshold, tag: string) => {
    const per = b.add(`fraction_${tag}`, 'threshold_fraction', { op: t.op, value: t.value, as }, { data: pickSubject(product, t) })
    return b.add(`share_${tag}`, 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: per })
  }
  let diff = b.add('contrast', 'math.subtract', {}, { a: shareOf(t1, 'first'), b: shareOf(t2, 'second') })
  const magnitude = view.magnitude
  if (magnitude) diff = b.add('abs_contrast', 'math.abs', {}, { a: diff })
  const zone = (t: Threshold) => `${t.subject ?? product.label} ${OP_WORD[t.op]} ${t.value}`
  const what = `${magnitude ? 'absolute ' : ''}difference between the share of the area with ${zone(t1)} and with ${zone(t2)}`
  return { ok: true, ...finish(b, diff, options, what, as), describe: what }
}

/** Unit of a variable read beside the product: temperatures in K, indices dimensionless. */
function unitOfRead(subject: string): string {
  return subject === 'lst' ? 'K' : 'dimensionless'
}

/** The raster a threshold applies to: the product itself, or another variable read in the same DAG. */
function pickSubject(product: ProductPlan, t: Threshold): string {
  return t.subject && product.reads[t.subject] && t.subject !== product.label.toLowerCase() ? product.reads[t.subject] : product.node
}
