/**
 * The reductions of one branch of a compiled spec (DESIGN section 9), after its catalog and selection
 * (compile-branch.ts): a series for trends, dates of extremes and date counts; counts of pixels and areas; shares,
 * ranges and value statistics per date then over dates, or pooled. Each returns its node and a plain sentence.
 */
import type { Condition, Period, TaskSpec } from '../../task/spec'
import type { Branch } from './compile-branch'
import type { Layer } from './compile-scope'
import { type DagBuilder } from './dag-builder'
import { type InputFiles } from './input-files'
import { Refusal, areaUnitOf, OP_WORD, STAT_WORD, convertUnit, trendMethodOf, thresholdIn, r6, conditionWords } from './compile-words'
import { groundArea } from './compile-area'
import { WEB_MERCATOR, geographic, periodWords, pixelAreaM2, projectedEpsg } from './compile-files'

/** What the reductions of one branch share: the builder, the selection, and how a node is named, reduced and described. */
export interface Reducer {
  b: DagBuilder
  spec: TaskSpec
  inputs: InputFiles
  periods: Period[]
  files: string[]
  tag: string
  statistic: NonNullable<TaskSpec['quantity']['statistic']>
  subject: string
  subj: Layer
  /** The unit of the selected data. */
  unit: string
  dates: number
  valueConds: Condition[]
  /** For a count of dates on a per-date statistic: the conditions a date's value must meet. */
  dateCriterion: Condition[]
  regionWords: string
  /** The region as a spatial.query geometry, or null for the whole image. */
  geometry: Record<string, unknown> | null
  /** The selected layer (a collection, NaN where the selection drops a pixel). */
  data: string
  /** The selection in words (" where LST above 305 K", " in the north half" ...). */
  where: string
  datesWord: string
  pooled: boolean
  across: string
  /** A share of one plain comparison in one node, or null when the selection is not one. */
  shareNode(name: string): string | null
  /** A statistic per date of the selected layer (or of `input`), in the region asked. */
  perDate(stat: string, name: string, input?: string): string
  over(series: string, stat: string, name: string): string
}

/** Trends, dates of extremes and counts of dates: a series per acquisition, month, season or year. */
export function reduceSeries(r: Reducer): Branch {
  const {
    b,
    spec,
    inputs,
    periods,
    files,
    tag,
    statistic,
    subject,
    subj,
    unit,
    dates,
    valueConds,
    dateCriterion,
    regionWords,
    where,
    datesWord,
    shareNode,
    perDate,
  } = r
  // A per-step statistic the engine does not reduce dates by is refused, naming it: taking the mean instead would
  // answer another question ("the date of the smallest range" answered with the date of the smallest mean).
  const perStep = spec.series?.perStep
  if (perStep === 'count_pixels' || perStep === 'fraction') return dateOfCounted(r, perStep)
  const pStep = perStep === 'percentile' && spec.series?.percentile !== undefined ? `p${spec.series.percentile}` : null
  if (perStep && !pStep && !['mean', 'median', 'min', 'max', 'std', 'sum'].includes(perStep))
    throw new Refusal(
      `the ${STAT_WORD[perStep] ?? perStep} of each date`,
      'a series of that statistic per date is not computed (only means, medians, minima, maxima, standard deviations and sums)',
    )
  const step = pStep ?? perStep ?? 'mean'
  let series = statistic === 'count_dates' && spec.areaCondition ? (shareNode('per_date') ?? perDate('mean', 'per_date')) : perDate(step, 'per_date')
  const g = spec.series?.granularity ?? 'acquisition'
  const by = g === 'monthly' ? 'month' : g === 'seasonal' ? 'season' : g === 'annual' ? 'year' : null
  if (by) series = b.add(`by_${by}${tag ? `_${tag}` : ''}`, 'timeseries.aggregate', { by, stat: 'mean' }, { data: series })
  const stepWords = by ? `${step} per ${by} (mean of the dates in each)` : `${step} per acquisition`
  if (statistic === 'trend') {
    const method = trendMethodOf(spec)
    // One value per year of consecutive years: time is the year count from the first (slope per year, intercept
    // at the first year); otherwise decimal years.
    const fileYears = [...new Set(files.map((f) => inputs.fileDates.get(f)!.slice(0, 4)))].map(Number).sort((x, y) => x - y)
    const yearly = (by === 'year' || (by === null && fileYears.length === dates)) && fileYears.every((y, i) => i === 0 || y === fileYears[i - 1] + 1)
    const { time, per, perWords, perUnit } = slopeTime(spec, yearly)
    const trend = b.add(
      `trend${tag ? `_${tag}` : ''}`,
      'timeseries.trend',
      { alpha: 0.05, time, ...(per !== 1 ? { per } : {}), ...(method === 'ols' ? { method: 'ols' } : {}) },
      {
        data: series,
      },
    )
    return {
      value: trend,
      unit: `${unit}/${perUnit}`,
      series,
      describe: `${method === 'ols' ? 'least-squares' : 'Theil-Sen'} slope per ${perWords} and Mann-Kendall test of the ${stepWords} of ${subj.label}${where}, over ${datesWord}`,
    }
  }
  if (statistic === 'count_dates') {
    const crit = spec.areaCondition ?? (dateCriterion[0] ? { op: dateCriterion[0].op, ...thresholdIn(dateCriterion[0], subj.unit) } : null)
    if (!crit) throw new Refusal('the number of dates', 'the question names no condition a date must meet')
    const params = 'low' in crit && crit.low !== undefined ? { op: crit.op, low: crit.low, high: crit.high } : { op: crit.op, value: crit.value }
    const count = b.add(`dates_meeting${tag ? `_${tag}` : ''}`, 'timeseries.count', params, { data: series })
    const what = spec.areaCondition
      ? `share of the pixels with ${valueConds.map((c) => conditionWords(c, subject)).join(' and ')} ${OP_WORD[spec.areaCondition.op]} ${spec.areaCondition.value * 100}%`
      : `${stepWords.split(' ')[0]} ${conditionWords(dateCriterion[0], subject)}`
    return {
      value: count,
      unit: 'count',
      series,
      describe: `number of ${by ?? 'date'}s of ${periodWords(periods)} (${dates} dates) whose ${what}${regionWords}`,
    }
  }
  return {
    value: series,
    unit,
    series,
    describe: `the ${by ?? 'date'} whose ${stepWords} of ${subj.label}${where} is ${statistic === 'date_of_max' ? 'highest' : 'lowest'}, over ${datesWord}`,
  }
}

/**
 * Changes from one date (or month) to the next of a per-date statistic: their largest, their mean, or the date (the
 * later of the two) of the largest. A rise is later minus earlier; a drop earlier minus later, so the largest drop is
 * a positive number.
 */
export function reduceSteps(r: Reducer): Branch {
  const { b, spec, tag, statistic, subj, unit, where, datesWord, perDate } = r
  const s = spec.series!
  const t = tag ? `_${tag}` : ''
  const stat = s.perStep === 'percentile' && s.percentile !== undefined ? `p${s.percentile}` : s.perStep
  if (!/^(?:mean|median|min|max|std|p\d+(?:\.\d+)?)$/.test(stat))
    throw new Refusal(
      `the ${STAT_WORD[stat] ?? stat} of each date`,
      'changes from one date to the next are taken of a mean, median, minimum, maximum, standard deviation or percentile of each date',
    )
  let series = perDate(stat, 'per_date')
  const monthly = s.granularity === 'monthly'
  if (monthly) series = b.add(`by_month${t}`, 'timeseries.aggregate', { by: 'month', stat: 'mean' }, { data: series })
  const sign = s.steps === 'drop' ? 'drop' : 'rise'
  const steps = b.add(`steps${t}`, 'timeseries.steps', { sign }, { data: series })
  const step = monthly ? 'month' : 'acquisition'
  const what = `${sign === 'drop' ? 'drop' : 'change'} of the ${stat} of ${subj.label}${where} per ${monthly ? 'month (mean of the dates in each)' : 'acquisition'} from one ${step} to the next (${sign === 'drop' ? 'earlier minus later' : 'later minus earlier'}; dates without a value skipped)`
  if (statistic === 'date_of_max')
    return {
      value: steps,
      unit,
      series: steps,
      describe: `the ${monthly ? 'month' : 'date'} (the later of the two) with the largest ${what}, over ${datesWord}`,
    }
  if (statistic !== 'max' && statistic !== 'mean')
    throw new Refusal(
      `the ${STAT_WORD[statistic] ?? statistic} of the changes`,
      'of the changes from one date to the next, the largest, their mean or the date of the largest is computed',
    )
  const v = b.add(`steps_${statistic}${t}`, 'timeseries.aggregate', { by: 'all', stat: statistic }, { data: steps })
  return { value: v, unit, series: steps, describe: `${statistic === 'max' ? 'largest' : 'mean'} ${what}, over ${datesWord}` }
}

/**
 * The date whose count of valid pixels, or whose share of pixels meeting the condition, is highest or lowest: one
 * count or share per date. Dates with no valid pixel give no value (the reader asks that they be left aside in
 * words before it takes the fewest).
 */
function dateOfCounted(r: Reducer, perStep: 'count_pixels' | 'fraction'): Branch {
  const { statistic, subj, where, datesWord, shareNode, perDate } = r
  const series = perStep === 'count_pixels' ? perDate('count', 'per_date') : shareNode('per_date')
  if (!series) throw new Refusal('the share of each date', 'it is computed for one condition on the variable asked')
  const what = perStep === 'count_pixels' ? `number of valid pixels of ${subj.label}` : `share of the valid pixels of ${subj.label}${where}`
  return {
    value: series,
    unit: perStep === 'count_pixels' ? 'count' : 'dimensionless',
    series,
    describe: `the date whose ${what} is ${statistic === 'date_of_max' ? 'highest' : 'lowest'}, over ${datesWord}`,
  }
}

/**
 * On a grid whose pixels differ in ground area, a pixel size stated must be the grid's nominal one (Web Mercator's
 * metres), and an area per pixel asked ("counting each pixel as 900 m²") is not the true area unless the question
 * also asks for the ground area: refused, naming it.
 */
function nominalOnTrueGrid(spec: TaskSpec, grid: 'mercator' | 'geographic', nominal: number | null): void {
  const stated = spec.pixelSize
  if (!stated) return
  const name = grid === 'mercator' ? 'Web Mercator' : 'longitude/latitude'
  if (stated.perPixel && spec.areaBasis !== 'ground')
    throw new Refusal(
      `the pixel area "${stated.text}"`,
      `on this ${name} grid a pixel's ground area is not one fixed size (it changes with the latitude), so counting every pixel as the same area is not the area on the ground; ask for the true ground area, or for the number of pixels`,
    )
  if (grid === 'mercator' && nominal !== null && Math.abs(stated.metres * stated.metres - nominal) > 0.01 * nominal)
    throw new Refusal(`the pixel size "${stated.text}"`, `the files' nominal Web Mercator pixels are ${r6(Math.sqrt(nominal))} m, not ${r6(stated.metres)} m`)
}

/** Counts of pixels and areas (pixels times the ground area of one). */
export function reduceCount(r: Reducer): Branch {
  const { b, spec, inputs, tag, statistic, dates, where, datesWord, pooled, across, perDate, over } = r
  if (dates > 1 && spec.pooling !== 'pooled' && !spec.used.some((u) => u.role === 'pooling') && !spec.quantity.acrossDates) {
    throw new Refusal(
      `the ${STAT_WORD[statistic]}`,
      `the question does not say which date to count pixels on: the period holds ${dates} dates (name one date, or ask for the count per date on average or over all dates together)`,
    )
  }
  // Web Mercator's nominal pixel is not ground area (it shrinks with cos^2 of the latitude), nor is a degree cell
  // of one size: the true area, pixel by pixel.
  const grid =
    statistic !== 'area' ? null : WEB_MERCATOR.has(projectedEpsg(inputs.files[0]) ?? -1) ? 'mercator' : geographic(inputs.files[0]) ? 'geographic' : null
  if (grid) {
    nominalOnTrueGrid(spec, grid, pixelAreaM2(inputs.files[0]))
    return groundArea(r, grid)
  }
  let v = over(perDate('count', 'per_date'), pooled ? 'sum' : across, 'over_dates')
  if (statistic === 'area') {
    const px = pixelAreaM2(inputs.files[0])
    if (px === null) throw new Refusal('the area', 'the pixel size of the files cannot be read (no georeferencing in metres)')
    // A pixel size the question states must be the files' own: an area from another size answers another question.
    const stated = spec.pixelSize
    if (stated && Math.abs(stated.metres * stated.metres - px) > 0.01 * px)
      throw new Refusal(`the pixel size "${stated.text}"`, `the files' pixels are ${r6(Math.sqrt(px))} m, not ${r6(stated.metres)} m`)
    const to = areaUnitOf(spec.unit)
    const factor = convertUnit(px, 'm2', to)!
    v = b.add(`area${tag ? `_${tag}` : ''}`, 'math.multiply', { unit: to }, { a: v, b: factor })
    return {
      value: v,
      unit: to,
      describe: `area${where} (pixels times ${r6(px)} m² per pixel, in ${to}), ${pooled ? 'summed over' : dates > 1 ? `${across} over` : 'on'} ${datesWord}`,
    }
  }
  return { value: v, unit: 'count', describe: `number of pixels${where}, ${pooled ? 'summed over' : dates > 1 ? `${across} over` : 'on'} ${datesWord}` }
}

/** Shares, ranges and value statistics: per date then over dates, or pooled. */
/**
 * A dated series of several dates and no date, period or combination named ("the median NDVI of the image" over 23
 * dates): the pooled value, the mean of the per-date values and their median all differ, and none was asked. (The
 * extremes are the same whichever way the dates are taken. Files that are no dated series, a scene's bands beside
 * another file, keep their own causes.)
 */
function refuseUnnamedDates({ spec, statistic, subj, dates, pooled, periods, inputs }: Reducer): void {
  const combined = pooled || spec.quantity.acrossDates !== undefined || spec.used.some((u) => u.role === 'pooling') || Boolean(spec.series)
  if (inputs.dateVarSeries && periods.length === 0 && dates > 1 && !combined && !['min', 'max', 'range'].includes(statistic))
    throw new Refusal(
      `the ${STAT_WORD[statistic] ?? statistic} of ${subj.label}`,
      `the files hold ${dates} dates and the question names no date or period, nor how the dates are taken together (pooled, or the mean of the per-date values)`,
    )
}

export function reduceValue(r: Reducer): Branch {
  const { b, spec, tag, statistic, subj, unit, dates, where, datesWord, pooled, across, shareNode, perDate, over } = r
  refuseUnnamedDates(r)
  if (statistic === 'fraction' && pooled) {
    // Every valid pixel of every date in one sample: the pixels meeting the condition (the 0/1 layer's sums) over
    // the valid pixels (its counts), summed over the dates. The mean of the per-date shares weighs dates alike.
    const sums = over(perDate('sum', 'sum_per_date'), 'sum', 'sum_over_dates')
    const counts = over(perDate('count', 'count_per_date'), 'sum', 'count_over_dates')
    return {
      value: b.add(`pooled_share${tag ? `_${tag}` : ''}`, 'math.divide', { unit: 'dimensionless' }, { a: sums, b: counts }),
      unit: 'fraction',
      describe: `share of the valid pixels${where}, over all valid pixels of ${datesWord}, pooled`,
    }
  }
  if (statistic === 'fraction') {
    const v = over(shareNode('per_date') ?? perDate('mean', 'per_date'), pooled ? 'mean' : across, 'over_dates')
    return { value: v, unit: 'fraction', describe: `share of the valid pixels${where}, ${pooled ? 'pooled over' : `per date, ${across} over`} ${datesWord}` }
  }
  if (spec.series && spec.series.granularity !== 'acquisition' && ['mean', 'median', 'min', 'max', 'std', 'range'].includes(statistic))
    return reduceOverSteps(r)
  if (statistic === 'range') {
    const hi = over(perDate('max', 'max_per_date'), 'max', 'max_over_dates')
    const lo = over(perDate('min', 'min_per_date'), 'min', 'min_over_dates')
    return {
      value: b.add(`range${tag ? `_${tag}` : ''}`, 'math.subtract', {}, { a: hi, b: lo }),
      unit,
      describe: `range (maximum minus minimum) of ${subj.label}${where} over all pixels of ${datesWord}`,
    }
  }
  if (statistic === 'count_objects') throw new Refusal('the number of objects', 'objects are counted by the perception tools, not from raster layers')
  if (statistic === 'variance' && unit !== 'dimensionless')
    throw new Refusal('the variance', `its unit would be ${unit} squared; the standard deviation can be asked instead`)
  const engine = statistic === 'percentile' ? `p${spec.quantity.percentile}` : statistic === 'variance' ? 'std' : statistic
  if (pooled && statistic === 'mean') {
    const sums = over(perDate('sum', 'sum_per_date'), 'sum', 'sum_over_dates')
    const counts = over(perDate('count', 'count_per_date'), 'sum', 'count_over_dates')
    return {
      value: b.add(`pooled_mean${tag ? `_${tag}` : ''}`, 'math.divide', { unit }, { a: sums, b: counts }),
      unit,
      describe: `mean of ${subj.label}${where} over all valid pixels of ${datesWord}, pooled`,
    }
  }
  if (pooled && ['median', 'percentile', 'std', 'variance'].includes(statistic)) {
    // ONE statistic over every valid pixel of every date together (within the region's pixels of each date): exact
    // order statistics by histogram passes, the population std from the dates' moments (engines/raster/pooled.ts);
    // not a mean of per-date values.
    const stat = statistic === 'percentile' ? `p${spec.quantity.percentile}` : statistic
    const params = r.geometry ? { stat, geometry: r.geometry } : { stat }
    const value = b.add(`pooled_${statistic}${tag ? `_${tag}` : ''}`, 'raster.pooled_reduce', params, { data: r.data })
    const statWord = statistic === 'percentile' ? `${spec.quantity.percentile}th percentile` : STAT_WORD[statistic]
    return { value, unit, describe: `${statWord} of ${subj.label}${where} over all valid pixels of ${datesWord}, pooled` }
  }
  if (across === 'range' && !pooled && dates > 1) {
    // "The range of the per-date means": the highest per-date value minus the lowest.
    const per = perDate(engine, 'per_date')
    const value = b.add(
      `range_over_dates${tag ? `_${tag}` : ''}`,
      'math.subtract',
      {},
      { a: over(per, 'max', 'max_over_dates'), b: over(per, 'min', 'min_over_dates') },
    )
    const statWord = statistic === 'percentile' ? `${spec.quantity.percentile}th percentile` : STAT_WORD[statistic]
    return {
      value,
      unit,
      describe: `${statWord} of ${subj.label}${where}, per date, then the range (highest minus lowest) of the per-date values over ${datesWord}`,
    }
  }
  let v = over(perDate(engine, 'per_date'), pooled && statistic === 'sum' ? 'sum' : across, 'over_dates')
  if (statistic === 'variance') v = b.add(`variance${tag ? `_${tag}` : ''}`, 'math.expr', { expr: 'x * x', unit: 'dimensionless' }, { x: v })
  const statWord = statistic === 'percentile' ? `${spec.quantity.percentile}th percentile` : STAT_WORD[statistic]
  const order =
    dates <= 1
      ? `on ${datesWord}`
      : pooled
        ? `over all pixels of ${datesWord}, pooled`
        : `per date, then the ${across} of the per-date values over ${datesWord}`
  return { value: v, unit, describe: `${statWord} of ${subj.label}${where}, ${order}` }
}

/**
 * A value statistic over a series of monthly or seasonal values ("the highest monthly mean"): each step is the mean
 * of its dates' per-date statistic (the series convention of trends), and the asked statistic is taken over the steps.
 */
function reduceOverSteps(r: Reducer): Branch {
  const { b, spec, tag, statistic, subj, unit, where, datesWord, perDate, over } = r
  const step = spec.series!.perStep
  const by = spec.series!.granularity === 'monthly' ? 'month' : 'season'
  const series = b.add(`by_${by}${tag ? `_${tag}` : ''}`, 'timeseries.aggregate', { by, stat: 'mean' }, { data: perDate(step, 'per_date') })
  if (statistic === 'range') {
    const hi = over(series, 'max', 'max_over_steps')
    const lo = over(series, 'min', 'min_over_steps')
    return {
      value: b.add(`range${tag ? `_${tag}` : ''}`, 'math.subtract', {}, { a: hi, b: lo }),
      unit,
      series,
      describe: `highest minus lowest of the ${step} per ${by} (mean of the dates in each) of ${subj.label}${where}, over ${datesWord}`,
    }
  }
  return {
    value: over(series, statistic, 'over_steps'),
    unit,
    series,
    describe: `${STAT_WORD[statistic]} over the ${by}s of the ${step} per ${by} (mean of the dates in each) of ${subj.label}${where}, over ${datesWord}`,
  }
}

/**
 * The time axis of a slope and its unit of time: per year by default (the year count for one value per consecutive
 * year, else decimal years); per month in twelfths of a year; per day or week in days since the first point; per
 * quarter in quarters of a year; "per 16 days" in 16-day units.
 */
function slopeTime(spec: TaskSpec, yearly: boolean): { time: 'index' | 'years' | 'months' | 'days'; per: number; perWords: string; perUnit: string } {
  const every = spec.slopeEvery ?? 1
  const n = (word: string) => (every > 1 ? `${every} ${word}s` : word)
  switch (spec.slopePer) {
    case 'month':
      return { time: 'months', per: every, perWords: `${n('month')} (a month being a twelfth of a year)`, perUnit: n('month') }
    case 'day':
      return { time: 'days', per: every, perWords: n('day'), perUnit: n('day') }
    case 'week':
      return { time: 'days', per: 7 * every, perWords: `${n('week')} (7 days each)`, perUnit: n('week') }
    case 'quarter':
      return { time: 'years', per: 0.25 * every, perWords: `${n('quarter')} (a quarter of a year)`, perUnit: n('quarter') }
    default:
      return { time: yearly ? 'index' : 'years', per: 1, perWords: 'year', perUnit: 'year' }
  }
}
