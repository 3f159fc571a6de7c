/**
 * The spec-statistics skill: a statistic of a product over the pixels the task spec selects — median, percentiles,
 * standard deviation, variance, sum, range, pixel counts, shares and means — with range masks, threshold masks on
 * any variable the DAG reads, and image halves, quadrants or pixel/map boxes. It plans from the TaskSpec
 * (main/task), never from a guess: what it cannot compute (a pooled median over several dates, a polygon file, a
 * count of pixels over several dates without saying how they combine) is returned as missing, not substituted.
 *
 * Per date, then over dates (the spec's `pooling: 'per_date'`): the statistic of each date's selected pixels, then
 * the mean of those values over the period's dates (min/max: the min/max over dates, which equals the pooled
 * extreme). `pooled` means are weighted by each date's valid pixels (sum of sums / sum of counts).
 */
import type { Condition, TaskSpec } from '../../../task/spec'
import { finish } from '../analyses'
import { OP_WORD } from '../compile-words'
import type { DagBuilder } from '../dag-builder'
import type { ProductPlan } from '../products'

type Step = { ok: true; output: string; read: { kind: 'choice' | 'scalar'; quantity: string; unit: string }; describe: string } | { ok: false; missing: string }

/** Statistics this skill plans (with any region, range mask or pooling) and the legacy recipes do not. */
export const SPEC_STATISTICS = new Set(['median', 'percentile', 'std', 'variance', 'sum', 'range', 'count_pixels'])

/** True when the spec asks for something only this skill plans. */
export function needsSpecSkill(spec: TaskSpec): boolean {
  const s = spec.quantity.statistic
  if (s !== null && SPEC_STATISTICS.has(s)) return true
  if (spec.region.kind !== 'whole') return true
  if (spec.conditions.some((c) => c.op === 'between' || c.op === 'outside')) return true
  // An absolute temperature wanted in °C: the legacy recipes convert only for options written in °C.
  if (spec.unit === 'degC' && s !== null && ['mean', 'median', 'percentile', 'min', 'max'].includes(s) && spec.conditions.every((c) => c.unit !== 'percent'))
    return true
  return spec.pooling === 'pooled'
}

export function conditionWords(c: Condition): string {
  const u = c.unit === 'K' ? ' K' : c.unit === 'degC' ? ' °C' : ''
  return c.op === 'between' || c.op === 'outside'
    ? `${c.variable} ${OP_WORD[c.op]} ${c.low}${u} and ${c.high}${u}`
    : `${c.variable} ${OP_WORD[c.op]} ${c.value}${u}`
}

/** The condition as an expression over the variable `name`, in the layer's unit (°C thresholds on kelvin layers shift). */
function conditionExpr(c: Condition, name: string, layerUnit: string): string {
  const shift = (v: number) => (c.unit === 'degC' && layerUnit === 'K' ? v + 273.15 : v)
  switch (c.op) {
    case 'between':
      return `(${name} >= ${shift(c.low!)} && ${name} <= ${shift(c.high!)})`
    case 'outside':
      return `(${name} < ${shift(c.low!)} || ${name} > ${shift(c.high!)})`
    default:
      return `(${name} ${c.op} ${shift(c.value!)})`
  }
}

const WORD: Record<string, string> = {
  mean: 'mean',
  median: 'median',
  std: 'standard deviation',
  variance: 'variance',
  min: 'minimum',
  max: 'maximum',
  sum: 'sum',
  range: 'range (maximum minus minimum)',
  count_pixels: 'number of pixels',
  fraction: 'share of the valid pixels',
}

/**
 * Add the selection and the statistic after the product. `key` is the product's subject key ('tvdi', 'lst', ...);
 * `unitOf` gives the unit of another variable's layer; `dates` is how many input files the period holds.
 */
export function addSpecStatistic(
  b: DagBuilder,
  spec: TaskSpec,
  product: ProductPlan,
  key: string,
  options: { letter: string; text: string }[],
  dates: number,
  unitOf: (variable: string) => string,
): Step {
  const statistic = spec.quantity.statistic
  if (statistic === null) return { ok: false, missing: 'the statistic asked (mean, median, a percentile, the standard deviation ...): the question names none' }
  if (!['mean', 'median', 'percentile', 'std', 'variance', 'min', 'max', 'sum', 'range', 'count_pixels', 'fraction'].includes(statistic)) {
    return {
      ok: false,
      missing: `a recipe for the ${statistic.replace('_', ' ')} over ${spec.region.kind === 'whole' ? 'a masked selection' : 'a part of the image'}`,
    }
  }
  if (spec.quantity.combine)
    return {
      ok: false,
      missing: `a recipe for the ${spec.quantity.combine.replace('_', ' ')} of ${WORD[statistic] ?? statistic}s across ${spec.quantity.across}`,
    }
  if (spec.region.kind === 'polygon_file')
    return { ok: false, missing: `a reader for the polygon file "${spec.region.file}" (pass the region as a bbox or a half/quadrant)` }
  if (spec.region.kind === 'place') return { ok: false, missing: `a geometry for the place "${spec.region.name}"` }
  if (statistic === 'variance' && product.unit !== 'dimensionless')
    return { ok: false, missing: `a unit for the variance of ${product.label} (${product.unit} squared); the standard deviation can be asked instead` }
  const pooled = spec.pooling === 'pooled' && dates > 1
  if (pooled && ['median', 'percentile', 'std', 'variance'].includes(statistic)) {
    return { ok: false, missing: `a pooled ${WORD[statistic] ?? statistic} over the pixels of ${dates} dates together (the engine takes it per date)` }
  }
  const perDateSaid = spec.used.some((u) => u.role === 'pooling')
  if (statistic === 'count_pixels' && dates > 1 && !perDateSaid) {
    return { ok: false, missing: `which date to count pixels on: the period holds ${dates} dates (name one date, or ask for the count per date on average)` }
  }

  // The selection: conditions on the product or another layer the DAG reads.
  const layers: Record<string, string> = { v: product.node }
  const names = new Map<string, string>([[key, 'v']])
  const values = spec.conditions.filter((c) => c.unit !== 'percent')
  for (const c of values) {
    const variable = c.variable ?? key
    if (names.has(variable)) continue
    const layer = product.reads[variable]
    if (!layer) return { ok: false, missing: `the ${variable.toUpperCase()} layer of the condition "${c.text.trim()}"` }
    const name = `m${names.size}`
    names.set(variable, name)
    layers[name] = layer
  }
  const cond = values
    .map((c) => conditionExpr(c, names.get(c.variable ?? key)!, c.variable && c.variable !== key ? unitOf(c.variable) : product.unit))
    .join(' && ')
  const anyNaN = [...names.values()].map((n) => `isnan(${n})`).join(' || ')
  let data = product.node
  let unit = product.unit
  let engineStat: string
  if (statistic === 'fraction') {
    if (!cond) return { ok: false, missing: 'the condition whose share of the pixels is asked' }
    data = b.add('selected', 'raster.algebra', { expr: `where(${anyNaN}, 0/0, where(${cond}, 1, 0))`, unit: 'dimensionless' }, layers)
    unit = 'dimensionless'
    engineStat = 'mean'
  } else if (statistic === 'count_pixels') {
    data = b.add('selected', 'raster.algebra', { expr: cond ? `where(${cond}, 1, 0/0)` : `where(isnan(v), 0/0, 1)`, unit: 'dimensionless' }, layers)
    unit = 'count'
    engineStat = 'count'
  } else {
    if (cond) data = b.add('masked', 'raster.algebra', { expr: `where(${cond}, v, 0/0)`, unit: product.unit }, layers)
    engineStat = statistic === 'percentile' ? `p${spec.quantity.percentile}` : statistic === 'variance' ? 'std' : statistic === 'range' ? 'max' : statistic
  }

  const region = spec.region
  const geometry =
    region.kind === 'part' ? { type: 'part', part: region.part } : region.kind === 'bbox' ? { type: 'bbox', bbox: region.bbox, crs: region.crs } : null
  const perDate = (stat: string, tag: string) =>
    geometry ? b.add(`${tag}_per_date`, 'spatial.query', { geometry, stat }, { data }) : b.add(`${tag}_per_date`, 'raster.batch_reduce', { stat }, { data })
  const overDates = (series: string, stat: string, tag: string) => b.add(tag, 'timeseries.aggregate', { by: 'all', stat }, { data: series })

  let value: string
  if (statistic === 'range') {
    const hi = overDates(perDate('max', 'max'), 'max', 'max_over_dates')
    const lo = overDates(perDate('min', 'min'), 'min', 'min_over_dates')
    value = b.add('range', 'math.subtract', {}, { a: hi, b: lo })
  } else if (pooled && statistic === 'mean') {
    const sums = overDates(perDate('sum', 'sum'), 'sum', 'sum_over_dates')
    const counts = overDates(perDate('count', 'count'), 'sum', 'count_over_dates')
    value = b.add('pooled_mean', 'math.divide', { unit: product.unit }, { a: sums, b: counts })
  } else {
    const across = statistic === 'min' || statistic === 'max' ? statistic : statistic === 'sum' && pooled ? 'sum' : 'mean'
    value = overDates(perDate(engineStat, engineStat.replace('.', '_')), across, 'over_dates')
    if (statistic === 'variance') value = b.add('variance', 'math.expr', { expr: 'x * x', unit: 'dimensionless' }, { x: value })
  }

  // Units: a share as percent when asked or when options are in percent; temperatures in °C when asked.
  let outUnit = statistic === 'count_pixels' ? 'count' : statistic === 'fraction' ? 'fraction' : unit
  const percentWanted = spec.unit === 'percent' || spec.answer.options.some((o) => o.unit === 'percent') || (options.length === 0 && spec.unit !== 'fraction')
  if (statistic === 'fraction' && percentWanted) {
    value = b.add('percent', 'math.expr', { expr: 'x * 100', unit: 'percent' }, { x: value })
    outUnit = 'percent'
  }
  const absolute = ['mean', 'median', 'percentile', 'min', 'max'].includes(statistic)
  if (spec.unit === 'degC' && unit === 'K' && absolute) {
    value = b.add('celsius', 'math.expr', { expr: 'x - 273.15', unit: 'degC' }, { x: value })
    outUnit = 'degC'
  }
  const where = [
    values.length ? `where ${values.map(conditionWords).join(' and ')}` : null,
    region.kind === 'part'
      ? `in the ${region.part} ${/^(?:north|south)(?:east|west)$/.test(region.part) ? 'quadrant' : 'half'} of the image`
      : region.kind === 'bbox'
        ? `inside the ${region.crs} box [${region.bbox.join(', ')}]`
        : null,
  ]
    .filter(Boolean)
    .join(' ')
  const statWord = statistic === 'percentile' ? `${spec.quantity.percentile}th percentile` : (WORD[statistic] ?? statistic)
  const label = `${statWord} of ${product.label}${where ? ` ${where}` : ''}`
  const over = pooled
    ? 'over the pixels of all dates together'
    : dates > 1
      ? statistic === 'min' || statistic === 'max'
        ? `over the ${dates} dates`
        : `per date, averaged over the ${dates} dates`
      : 'on the one date'
  const done = finish(b, value, options, label, outUnit === 'fraction' ? 'fraction' : outUnit)
  return { ok: true, ...done, read: done.read as Extract<Step, { ok: true }>['read'], describe: `${label}, ${over}` }
}
