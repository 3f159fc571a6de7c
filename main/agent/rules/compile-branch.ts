/**
 * One side of a compiled spec (DESIGN section 9): the catalog of a period's files, the subject, its pixel conditions
 * and QA masks, the region, and the statistic in its order (per date then over dates, pooled, series for trends,
 * date counts and dates of extremes, areas), as execute nodes with a plain sentence of what they compute.
 */
import type { Condition, Period, Region, TaskSpec } from '../../task/spec'
import { type DagBuilder } from './dag-builder'
import { pickRole, type InputFiles } from './input-files'
import type { Variant } from './products'
import { Refusal, STAT_WORD, isBandKey, lstMethodsOf, tvdiBinningOf, thresholdIn, comparisonExpr, conditionWords, QA_BITS, geometryOf } from './compile-words'
import { SERIES_SCALES, Scope, type Layer } from './compile-scope'
import { NODATA, nodataFlag, qaFlag } from './compile-flags'
import { statedNodata } from './compile-stored'
import { applyTimeOfDay, bandBinding, filesIn, periodWords } from './compile-files'
import { type Reducer, reduceCount, reduceSeries, reduceSteps, reduceValue } from './compile-reduce'

export interface Branch {
  value: string
  unit: string
  describe: string
  /** The per-date series when the quantity is built on one. */
  series?: string
}

/** The catalog of one period's files (calibration, scales, band roles, time of day) and the scope reading from it. */
interface Opened {
  files: string[]
  dates: number
  inputs: InputFiles
  catalog: string
  scope: Scope
  dayNight: string
  boundWords: string
}

function openCatalog(b: DagBuilder, spec: TaskSpec, inputs: InputFiles, periods: Period[], variant: Variant, tag: string): Opened {
  const files = filesIn(inputs, periods)
  // With no period named, every date the files hold is taken (the DAG reads them all).
  const dates = periods.length > 0 ? new Set(files.map((f) => inputs.fileDates.get(f)!)).size : inputs.dates.length
  if (periods.length > 0 && files.length === 0) {
    throw new Refusal(
      `the period "${periodWords(periods)}"`,
      `no input file is dated inside it (the files run from ${inputs.dates[0]} to ${inputs.dates.at(-1)})`,
    )
  }
  // A Landsat scene: its band files with their MTL (or a thermal band, which the catalog reads as brightness temperature).
  const landsat = (inputs.roles.has('TIR1') || inputs.mtl) && !inputs.dateVarSeries && inputs.files.some((f) => /_B\d+\.TIF$/i.test(f))
  // The folder when the period keeps every dated file (the catalog's start/end select the same files, and the
  // listFiles variant then differs by enumerating them); else exactly the files inside the period.
  const everyFile = inputs.files.every((f) => !inputs.fileDates.has(f) || files.includes(f))
  const params: Record<string, unknown> =
    inputs.dir && !variant.listFiles && (periods.length === 0 || everyFile) ? { dir: inputs.dir } : periods.length > 0 ? { files } : { files: inputs.files }
  // Bands named as the variable (and in every condition) with no calibration asked are their stored values: "the
  // minimum value of the red band" is a DN. Anything computed from bands (an index, LST) takes TOA reflectance.
  const read = [
    spec.subjects[0],
    ...spec.conditions.filter((c) => c.variableKind !== 'qa_class' && c.unit !== 'percent').map((c) => c.variable ?? spec.subjects[0]),
  ].map((k) => k.toLowerCase())
  const rawBands = read.every((k) => isBandKey(k)) && !spec.calibration
  if (spec.calibration === 'surface_reflectance' && landsat)
    throw new Refusal(
      'the surface reflectance',
      'the scene is Level-1 (DN with an MTL): only top-of-atmosphere reflectance can be computed from it, and no atmospheric correction is available',
    )
  if (spec.calibration === 'radiance')
    throw new Refusal('the radiance', 'the bands are read as stored (DN) or as TOA reflectance; spectral radiance of a band is not computed')
  // An index "from TOA reflectance" on files with no calibration is refused too: their stored values are no TOA.
  if (spec.calibration === 'toa_reflectance' && !landsat)
    throw new Refusal('the TOA reflectance', 'the files carry no calibration (no Landsat MTL beside them) to turn their values into reflectance')
  if (landsat) {
    // Landsat Level-1 DN are never used as they are for a product or index: TOA reflectance and radiance from the
    // MTL, as the catalog does. The scene folder, so the catalog finds the MTL beside the bands.
    // Files given one by one (no folder) are listed with their MTL: a folder the analyst did not add is no input.
    if (inputs.dir) {
      delete params.files
      params.dir = inputs.dir
    } else {
      delete params.dir
      params.files = inputs.files.filter((f) => periods.length === 0 || files.includes(f) || /_MTL\.txt$/i.test(f))
    }
    params.calibration = rawBands ? 'dn' : 'toa'
  }
  const sunWords = sunCorrection(spec, params, landsat)
  if (inputs.dateVarSeries && variant.scaled) {
    const scales: Record<string, unknown> = {}
    for (const r of inputs.roles) if (SERIES_SCALES[r]) scales[r] = { scale: SERIES_SCALES[r].scale, unit: SERIES_SCALES[r].unit }
    if (Object.keys(scales).length) params.scales = scales
  }
  if (inputs.dateVarSeries && variant.explicitRoles) params.role_bands = Object.fromEntries([...inputs.roles].map((r) => [r, r]))
  // The catalog states the period asked (its evidence reports coverage against it), and lists only the files inside.
  if (periods.length > 0) {
    params.start = periods.map((p) => p.start).sort()[0]
    params.end = periods
      .map((p) => p.end)
      .sort()
      .at(-1)
  }
  const dayNight = applyTimeOfDay(spec, periods.length > 0 ? files : inputs.files, landsat, params)
  const bound = bandBinding(spec, inputs, params)
  if (bound.roles.length) inputs = { ...inputs, roles: new Set([...inputs.roles, ...bound.roles]) }
  const catalog = b.add(tag ? `catalog_${tag}` : 'catalog', 'asset.catalog', params)
  const scope = new Scope(
    b,
    inputs,
    catalog,
    tag,
    landsat,
    lstMethodsOf(spec),
    spec.timeOfDay ?? null,
    landsat && !rawBands,
    spec.constants ?? {},
    tvdiBinningOf(spec),
    spec.formulas ?? {},
    spec.zeroDnExcluded === true,
    statedNodata(spec, inputs, landsat),
  )
  return { files, dates, inputs, catalog, scope, dayNight, boundWords: bound.words + sunWords }
}

/** The subject and the pixels its conditions and QA classes keep (or mark, for shares and counts). */
interface Selection {
  spec: TaskSpec
  subject: string
  subj: Layer
  data: string
  unit: string
  valueConds: Condition[]
  qaConds: Condition[]
  dateCriterion: Condition[]
}

function select(b: DagBuilder, spec: TaskSpec, opened: Opened, tag: string): Selection {
  const { inputs, catalog, scope } = opened
  const statistic = spec.quantity.statistic!
  const subject = spec.subjects[0]
  // A date count whose condition is a share of the area ("this proportion surpassed 40%"): the reader may give it as
  // a percent condition rather than as areaCondition; either way each date's share is compared, as a fraction.
  const percentCond =
    statistic === 'count_dates'
      ? spec.conditions.find((c) => c.unit === 'percent' && c.value !== undefined && c.op !== 'between' && c.op !== 'outside')
      : undefined
  if (!spec.areaCondition && percentCond) spec = { ...spec, areaCondition: { op: percentCond.op as '>' | '>=' | '<' | '<=', value: percentCond.value! / 100 } }
  // A QA class counted itself ("the share of the scene that is cloudy", "the area of cloud-free pixels"): the subject
  // is the class's 0/1 flag from the QA band (fill pixels left out), and its condition a comparison on that flag.
  const qaSubject =
    (QA_BITS[subject.toLowerCase()] !== undefined || subject.toLowerCase() === 'clear' || subject === NODATA) &&
    (statistic === 'fraction' || statistic === 'count_pixels' || statistic === 'area' || statistic === 'count_dates')
  if (qaSubject) {
    const own = (c: Condition) => (c.variable ?? subject).toLowerCase() === subject.toLowerCase()
    spec = {
      ...spec,
      conditions: spec.conditions.map((c) =>
        own(c) ? { ...c, variableKind: undefined, op: '>=' as const, value: 1, low: undefined, high: undefined, unit: null, variable: subject } : c,
      ),
    }
  }
  const subj =
    subject === NODATA && qaSubject
      ? nodataFlag(
          b,
          scope,
          tag,
          spec.subjects.find((s) => s !== NODATA),
        )
      : qaSubject
        ? qaFlag(b, catalog, tag, inputs, subject)
        : scope.variable(subject, `the variable "${subject}"`)

  // Conditions: pixel masks for value statistics, the criterion for shares, counts and areas. Percent conditions are area shares (count_dates).
  const pixelConds = spec.conditions.filter((c) => c.unit !== 'percent' && c.variableKind !== 'qa_class')
  // Each date's count of valid pixels ("the date with the most valid pixels") counts what "valid" selects: no mask.
  const countsValid = spec.series?.perStep === 'count_pixels'
  const qaConds = spec.conditions.filter(
    (c) =>
      (c.variableKind === 'qa_class' || (c.variable !== null && (QA_BITS[c.variable] || c.variable === 'clear' || c.variable === NODATA))) &&
      !(qaSubject && c.variable === subject) &&
      !(countsValid && c.variable === NODATA && c.negated),
  )
  const valueConds = pixelConds.filter((c) => !qaConds.includes(c))
  const criterionStat =
    statistic === 'fraction' || statistic === 'count_pixels' || statistic === 'area' || (statistic === 'count_dates' && spec.areaCondition !== null)
  const names = new Map<string, string>([[subject.toLowerCase(), 'v']])
  const layers: Record<string, string> = { v: subj.node }
  const exprs: string[] = []
  // A share taken among some pixels ("among the pixels with NDVI > 0.3"): those conditions drop the other pixels
  // from the share's denominator instead of being counted.
  const among: string[] = []
  for (const c of valueConds) {
    const variable = (c.variable ?? subject).toLowerCase()
    const part = `the condition "${c.text.trim()}"`
    // A temperature threshold that names no variable is of a temperature layer of the files; where the temperature
    // would have to be derived (a thermal band's brightness temperature or the LST from it) the question must say which.
    if (c.byUnit && !pickRole(inputs, variable.toUpperCase()))
      throw new Refusal(
        part,
        'it names no variable and these files hold no temperature layer: say whether the brightness temperature of a thermal band or the land surface temperature is meant',
      )
    let name = names.get(variable)
    let unit = subj.unit
    if (!name) {
      const l = scope.variable(variable, part)
      name = `m${names.size}`
      names.set(variable, name)
      layers[name] = l.node
      unit = l.unit
    } else if (variable !== subject.toLowerCase()) unit = scope.variable(variable, part).unit
    ;(c.population && statistic === 'fraction' ? among : exprs).push(comparisonExpr(c, name, unit))
  }
  // count_dates without an area share: the dates are counted on their per-date statistic, not masked pixels.
  // A range beside a one-sided threshold ("a scene-mean NDVI (values 0 to 1 only) of 0.25 or more") keeps the pixels
  // each date's statistic is taken over; the threshold is the dates' criterion. Two criteria left are refused: the
  // count compares each date with one.
  const onSubject =
    statistic === 'count_dates' && spec.areaCondition === null ? valueConds.filter((c) => (c.variable ?? subject).toLowerCase() === subject.toLowerCase()) : []
  const oneSided = onSubject.filter((c) => c.op !== 'between' && c.op !== 'outside')
  const dateCriterion = oneSided.length > 0 && oneSided.length < onSubject.length ? oneSided : onSubject
  if (dateCriterion.length > 1)
    throw new Refusal(
      dateCriterion.map((c) => `"${c.text.trim()}"`).join(' and '),
      'a count of dates compares each date with one criterion; say which one the dates must meet',
    )
  const maskExprs = dateCriterion.length ? exprs.filter((_, i) => !dateCriterion.includes(valueConds[i])) : exprs
  const cond = maskExprs.join(' && ')
  const nanGuard = [...Object.keys(layers).map((n) => `isnan(${n})`), ...(among.length ? [`!(${among.join(' && ')})`] : [])].join(' || ')

  let data = subj.node
  let unit = subj.unit
  if (criterionStat) {
    if (!cond) throw new Refusal(`the ${STAT_WORD[statistic]}`, 'the question names no condition whose pixels are counted')
    if (statistic === 'fraction' || statistic === 'count_dates') {
      data = b.add(
        scope.tag ? `selected_${tag}` : 'selected',
        'raster.algebra',
        { expr: `where(${nanGuard}, 0/0, where(${cond}, 1, 0))`, unit: 'dimensionless' },
        layers,
      )
      unit = 'dimensionless'
    } else {
      data = b.add(scope.tag ? `selected_${tag}` : 'selected', 'raster.algebra', { expr: `where(${cond}, 1, 0/0)`, unit: 'dimensionless' }, layers)
      unit = 'count'
    }
  } else if (cond) {
    data = b.add(scope.tag ? `masked_${tag}` : 'masked', 'raster.algebra', { expr: `where(${cond}, v, 0/0)`, unit: subj.unit }, layers)
  }
  data = qaMasked(b, data, unit, qaConds, opened, tag, statistic)
  return { spec, subject, subj, data, unit, valueConds, qaConds, dateCriterion }
}

/**
 * QA classes: pixels flagged (or not) in the QA band, as a condition on the class's 0/1 flag (fill pixels NaN), so
 * the mask states what it tests ("cloud_flag >= 1") and the verifier can read it.
 */
function qaMasked(b: DagBuilder, input: string, unit: string, qaConds: Condition[], opened: Opened, tag: string, statistic: string): string {
  const { inputs, catalog, scope } = opened
  let data = input
  for (const c of qaConds) {
    const cls = (c.variable ?? '').toLowerCase()
    if (cls === NODATA) {
      data = missingMasked(b, data, unit, c, scope, tag, statistic)
      continue
    }
    if (!pickRole(inputs, 'QA', 'BQA', 'QA_PIXEL'))
      throw new Refusal(`the condition "${c.text.trim()}"`, 'the files hold no QA band to tell which pixels are flagged')
    if (!(cls === 'clear' ? QA_BITS.cloud : QA_BITS[cls])) throw new Refusal(`the condition "${c.text.trim()}"`, `no QA bit of these files says "${cls}"`)
    const keepFlagged = (cls === 'clear' ? c.negated : !c.negated) && c.op !== '<'
    const flag = qaFlag(b, catalog, tag, inputs, cls === 'clear' ? 'cloud' : cls).node
    const keep = keepFlagged ? '(f >= 1)' : '(!isnan(f) && !(f >= 1))'
    data = b.add(
      scope.tag ? `qa_mask_${tag}` : 'qa_mask',
      'raster.algebra',
      { expr: `where(${keep}, v, 0/0)`, unit: unit === 'count' ? 'dimensionless' : unit },
      { v: data, f: flag },
    )
  }
  return data
}

/**
 * The pixels where a named layer has a value ("the pixels that have a valid LST"), or has none, as a mask of what is
 * measured or counted: a condition on that layer's 0/1 no-data flag, so the verifier reads which layer it tests. A
 * share whose criterion it would be is refused: the mask would bound the share's denominator instead.
 */
function missingMasked(b: DagBuilder, input: string, unit: string, c: Condition, scope: Opened['scope'], tag: string, statistic: string): string {
  const part = `the condition "${c.text.trim()}"`
  if (!c.layer) throw new Refusal(part, 'it does not say which layer\'s missing pixels are meant (name the layer, e.g. "the pixels that have a valid LST")')
  const which = `the pixels where the ${c.layer.toUpperCase()} has ${c.negated ? 'a' : 'no'} value`
  if (statistic === 'fraction' && !c.population) throw new Refusal(part, `${which} can mask a statistic, a count or an area, but a share of them is not taken`)
  if (statistic === 'count_dates') throw new Refusal(part, `${which} can mask a statistic, a count of pixels or an area, but not a count of dates`)
  const flag = nodataFlag(b, scope, tag ? `${c.layer}_${tag}` : c.layer, c.layer).node
  return b.add(
    scope.tag ? `nodata_mask_${tag}` : 'nodata_mask',
    'raster.algebra',
    { expr: `where(${c.negated ? 'f < 1' : 'f >= 1'}, v, 0/0)`, unit: unit === 'count' ? 'dimensionless' : unit },
    { v: input, f: flag },
  )
}

/**
 * TOA reflectance corrected for the sun's elevation when the question asks it (lexicon CALIBRATION_METHODS): the
 * catalog divides by sin(SUN_ELEVATION) of the scene's MTL. Refused where there is no TOA reflectance to correct.
 */
function sunCorrection(spec: TaskSpec, params: Record<string, unknown>, landsat: boolean): string {
  if (!spec.methods?.includes('sun_corrected')) return ''
  if (!landsat || params.calibration !== 'toa')
    throw new Refusal(
      'the sun-elevation correction',
      landsat
        ? 'it applies to TOA reflectance, and the question asks for the band as stored (DN); ask for the TOA reflectance'
        : 'it divides TOA reflectance by the sine of the sun elevation of a Landsat MTL, and these files have none',
    )
  params.sun_correction = true
  return ", the TOA reflectance divided by the sine of the sun elevation in the scene's MTL"
}

/** The scalar (or series) one period's selection gives. */
export function branch(
  b: DagBuilder,
  spec: TaskSpec,
  inputs: InputFiles,
  periods: Period[],
  variant: Variant,
  tag: string,
  region: Region = spec.region,
): Branch {
  const opened = openCatalog(b, spec, inputs, periods, variant, tag)
  const { files, dates, dayNight } = opened
  const sel = select(b, spec, opened, tag)
  spec = sel.spec
  const { subject, subj, data, unit, valueConds, qaConds } = sel
  const statistic = spec.quantity.statistic!
  const bound = { words: opened.boundWords }
  const { geometry, words: regionWords } = geometryOf(region)
  // A share of one plain comparison on the subject, over the whole image: threshold_fraction states it in one node.
  const single =
    valueConds.length === 1 &&
    !valueConds[0].population &&
    qaConds.length === 0 &&
    !geometry &&
    !valueConds[0].negated &&
    valueConds[0].op !== 'outside' &&
    (valueConds[0].variable ?? subject).toLowerCase() === subject.toLowerCase()
      ? valueConds[0]
      : null
  const shareNode = (name: string): string | null => {
    if (!single) return null
    const t = thresholdIn(single, subj.unit)
    const params = single.op === 'between' ? { op: 'between', low: t.low, high: t.high, as: 'fraction' } : { op: single.op, value: t.value, as: 'fraction' }
    return b.add(`${name}${tag ? `_${tag}` : ''}`, 'threshold_fraction', params, { data: subj.node })
  }
  const perDate = (stat: string, name: string, input: string = data) =>
    geometry
      ? b.add(`${name}${tag ? `_${tag}` : ''}`, 'spatial.query', { geometry, stat }, { data: input })
      : b.add(`${name}${tag ? `_${tag}` : ''}`, 'raster.batch_reduce', { stat }, { data: input })
  const over = (series: string, stat: string, name: string) =>
    b.add(`${name}${tag ? `_${tag}` : ''}`, 'timeseries.aggregate', { by: 'all', stat }, { data: series })

  const counted = valueConds.filter((c) => !(c.population && statistic === 'fraction'))
  const amongWords = valueConds.filter((c) => c.population && statistic === 'fraction').map((c) => conditionWords(c, subject))
  const where = [
    amongWords.length ? `, among those where ${amongWords.join(' and ')},` : '',
    counted.length ? ` where ${counted.map((c) => conditionWords(c, subject)).join(' and ')}` : '',
    qaConds.length ? ` (${qaConds.map((c) => c.text.trim()).join(', ')} by the QA band)` : '',
    regionWords,
    dayNight,
    bound.words,
  ].join('')
  const datesWord =
    periods.length > 0
      ? `the ${dates} date${dates === 1 ? '' : 's'} of ${periodWords(periods)}`
      : dates === 0
        ? 'the undated image'
        : dates === 1
          ? `the one date of the files (${inputs.dates[0]})`
          : `all ${dates} dates of the files`
  const pooled = spec.pooling === 'pooled' && dates > 1
  const across = spec.quantity.acrossDates ?? (statistic === 'min' || statistic === 'max' ? statistic : 'mean')
  const r: Reducer = {
    ...{ b, spec, inputs: opened.inputs, periods, files, tag, statistic, subject, subj, unit, dates, valueConds },
    ...{ dateCriterion: sel.dateCriterion, regionWords, geometry, data, where, datesWord, pooled, across, shareNode, perDate, over },
  }
  if (spec.series?.steps) return reduceSteps(r)
  if (statistic === 'trend' || statistic === 'date_of_max' || statistic === 'date_of_min' || statistic === 'count_dates') return reduceSeries(r)
  if (statistic === 'count_pixels' || statistic === 'area') return reduceCount(r)
  return reduceValue(r)
}
