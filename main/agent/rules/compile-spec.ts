/**
 * The compiler of the rules backbone (DESIGN section 9): a TaskSpec (main/task/spec.ts) and the input files become
 * one execute DAG, without a table of recipes. Each part of the spec maps to nodes:
 *
 * - subject and condition variables -> reads of file layers, products (TVDI from LST + a vegetation index, LST or
 *   brightness temperature from Landsat band 10 through the MTL) or spyndex indices evaluated from band roles
 *   (Landsat bands are calibrated to TOA reflectance from the MTL, never used as raw DN);
 * - conditions (a conjunction, each possibly negated) -> one mask expression, every threshold converted from the
 *   unit it is written in to the data's unit (°C / °F against kelvin); QA classes (cloud, clear) -> QA-bit masks;
 * - the region -> a spatial.query geometry (halves, quadrants, grid bands such as thirds, pixel boxes, boxes in the
 *   file's CRS or any other CRS through proj4);
 * - the statistic and its order -> per date then across dates (acrossDates), or pooled (sum of sums / counts);
 * - series granularity -> timeseries.aggregate by month/season/year; a trend's slope is per year (time: 'years');
 * - several periods with a combination -> one branch per period and math.subtract / divide / percent change;
 * - the answer unit -> a conversion node (degC, degF; share as percent).
 *
 * What cannot compile is `{ ok: false, part, why }`: the part of the question and the reason, in the analyst's words.
 *
 * Modules: this file (the entry: combinations across periods, regions and selections, the answer unit, the choice);
 * compile-branch.ts (one side: catalog, subject, conditions, region, statistic); compile-scope.ts (variables: layers,
 * products, indices, QA flags); compile-files.ts (what the files say beyond their names); compile-words.ts (refusals,
 * units, condition and region words).
 */
import path from 'node:path'
import { VARIABLES as LEX_VARIABLES } from '../../domain/lexicon'
import { SpecFeature, type Condition, type Period, type TaskSpec } from '../../task/spec'
import type { AnswerOption } from '../task'
import { finish } from './analyses'
import { DagBuilder } from './dag-builder'
import type { InputFiles } from './input-files'
import { unsurePhrase } from './unsure'
import type { Variant } from './products'
import { type Compiled, Refusal, STAT_WORD, isBandKey, bandWord, QA_BITS, optionsAreSizes } from './compile-words'
import { WEB_MERCATOR, bandFileOf, gridEpsg, ownPeriodWords, placeScope } from './compile-files'
import { type Branch, branch } from './compile-branch'
export { refusalSentence, type Compiled } from './compile-words'
export { spyndexIndex } from './compile-scope'
export { pixelAreaM2, projectedEpsg } from './compile-files'

/**
 * The composed parts of a spec the compiler carries out: every one the spec's schema names (SpecFeature in
 * main/task/spec.ts owns the list, written once); a part is added there together with the compiler code for it.
 */
export const COMPILED_FEATURES: readonly SpecFeature[] = SpecFeature.options

const ABSOLUTE = new Set(['mean', 'median', 'percentile', 'min', 'max'])
/** Statistics stated in the unit of the values (a count, a share or an area has its own). */
const VALUE_STATISTIC = (s: string | null) => s !== null && !['count_dates', 'count_pixels', 'count_objects', 'fraction', 'area'].includes(s)
/** Whether the unit asked is one a layer is kept in as stored (the lexicon's `storedUnit`: mm, nW/cm2/sr, MW, m3). */
const storedUnitAsked = (u: string | null) => u !== null && LEX_VARIABLES.some((v) => v.storedUnit === u)

/** Whether the answer wants a share as percent (asked, in the options, or a bare number). */
function percentWanted(spec: TaskSpec, options: AnswerOption[]): boolean {
  return spec.unit === 'percent' || spec.answer.options.some((o) => o.unit === 'percent') || (options.length === 0 && spec.unit !== 'fraction')
}

/** One side of a difference of shares, in percent when percent is wanted (so the difference is in points). */
function percentSide(b: DagBuilder, side: Branch, spec: TaskSpec, options: AnswerOption[]): Branch {
  if (side.unit !== 'fraction' || !percentWanted(spec, options)) return side
  return { ...side, value: b.add(`percent_${side.value.slice(1)}`, 'math.expr', { expr: 'x * 100', unit: 'percent' }, { x: side.value }), unit: 'percent' }
}

/** Compile a spec over the input files into one execute DAG, or say which part cannot compile and why. */
export function compileSpec(spec: TaskSpec, inputs: InputFiles, options: AnswerOption[], variant: Variant): Compiled {
  const statistic = spec.quantity.statistic
  if (statistic === 'count_objects' || (spec.subjects.length === 0 && (inputs.files.length === 0 || statistic === null))) return { ok: 'not_applicable' }
  if (spec.subjects.length === 0) return noVariable(spec)
  if (inputs.files.length === 0) return { ok: false, part: 'the input rasters', why: 'no raster files were given (pass a folder with --files)' }
  if (statistic === null)
    return { ok: false, part: 'the statistic', why: 'the question names none (mean, median, maximum, a percentile, a share ...) and its options name none' }
  const unclear = unclearSelection(spec, statistic) ?? unnamedTemperature(spec, inputs) ?? filesNotGiven(spec, inputs) ?? gridNotStated(spec, inputs)
  if (unclear) return unclear
  spec = oneNamePerBand(spec, inputs)
  const bands = severalBands(spec)
  if (bands) return bands
  try {
    return compileDag(spec, placeScope(spec, inputs), options, variant, statistic)
  } catch (err) {
    if (err instanceof Refusal)
      return err.handOff ? { ok: false, part: err.part, why: err.why, handOff: err.handOff } : { ok: false, part: err.part, why: err.why }
    throw err
  }
}

/** The refusal for a spec that names no variable, quoting the words the reader did not read as one. */
function noVariable(spec: TaskSpec): Compiled {
  const unread = spec.notUnderstood.map((n) => `"${n.text}"`)
  return {
    ok: false,
    handOff: 'perception',
    part: 'the variable',
    why: `the question names no variable the reader could place${unread.length ? ` (${unread.join(', ')} ${unread.length === 1 ? 'was' : 'were'} not read as one)` : ''}; name a layer of the files, a product such as TVDI or LST, or a spectral index`,
  }
}

/**
 * A temperature asked with no variable named ("the middle value of those scene means, in K") is read as the land
 * surface temperature (domain/spans/refiners.ts); that holds where the files hold an LST layer. Elsewhere (a
 * Landsat scene: brightness temperature, or an LST computed by a method) which temperature is meant is not said.
 */
function unnamedTemperature(spec: TaskSpec, inputs: InputFiles): Compiled | null {
  if (spec.subjects[0] !== 'lst' || spec.used.some((u) => u.role === 'subject') || inputs.roles.has('LST')) return null
  return {
    ok: false,
    part: 'the variable',
    why: 'the question names no variable, and a temperature over these files could be the brightness temperature or a land surface temperature computed by one of several methods; name the one wanted',
  }
}

/** A file the question names that no input file is: the answer would come from other data than the one asked. */
function filesNotGiven(spec: TaskSpec, inputs: InputFiles): Compiled | null {
  const given = new Set(inputs.files.map((f) => path.basename(f).toLowerCase()))
  const missing = (spec.filesNamed ?? []).filter((n) => !given.has(path.basename(n).toLowerCase()))
  if (missing.length === 0) return null
  return {
    ok: false,
    part: missing.map((n) => `"${n}"`).join(', '),
    why: `the question names ${missing.length === 1 ? 'a file that is' : 'files that are'} not among the files given (${[...given].sort().join(', ') || 'none'}); add ${missing.length === 1 ? 'it' : 'them'}, or ask about the files given`,
  }
}

/** A grid the question says the files are on ("a Web Mercator grid") that a file is not on: other data than described. */
function gridNotStated(spec: TaskSpec, inputs: InputFiles): Compiled | null {
  if (!spec.gridCrs) return null
  const stated = Number(spec.gridCrs.srs.slice('EPSG:'.length))
  const same = (code: number | null) => code === stated || (WEB_MERCATOR.has(stated) && code !== null && WEB_MERCATOR.has(code))
  const other = inputs.files.filter((f) => /\.tiff?$/i.test(f)).find((f) => !same(gridEpsg(f)))
  if (other === undefined) return null
  const code = gridEpsg(other)
  return {
    ok: false,
    part: `the grid "${spec.gridCrs.text}"`,
    why: `${path.basename(other)} is ${code === null ? 'on a grid that names no EPSG code' : `on EPSG:${code}`}, not ${spec.gridCrs.srs}: the files are not the data described; check the files or the question`,
  }
}

/**
 * The refusal for a selection the spec leaves unclear: a share of the area with a statistic other than a count of
 * dates, or two periods not compared where one lies inside the other. Null when neither is the case.
 */
function unclearSelection(spec: TaskSpec, statistic: string): Compiled | null {
  // A share of the area is a criterion on dates only; with another statistic it would be dropped, so say so.
  if (spec.areaCondition && statistic !== 'count_dates') {
    const text = spec.used.find((u) => u.role === 'area condition')?.text ?? `${spec.areaCondition.op} ${spec.areaCondition.value * 100}% of the area`
    return {
      ok: false,
      part: `"${text}"`,
      why: `it was read as a share of the area, which only a count of dates uses, and the question asks for the ${STAT_WORD[statistic] ?? statistic}; a threshold relative to a statistic of the image is not computed`,
    }
  }
  // Several periods that are not compared are one selection, their union; a period inside another ("late July" and
  // "2019-07-28") is then no union anyone asks for: one of them is context or a comparison the spec missed.
  if (!spec.quantity.combine && spec.periods.length >= 2) {
    const inner = spec.periods.find((p, i) =>
      spec.periods.some((o, j) => j !== i && o.start <= p.start && p.end <= o.end && !(o.start === p.start && o.end === p.end)),
    )
    const outer = inner && spec.periods.find((o) => o !== inner && o.start <= inner.start && inner.end <= o.end)
    if (inner && outer)
      return {
        ok: false,
        part: `the periods "${outer.text}" and "${inner.text}"`,
        why: 'one lies inside the other and the question does not compare them, so it is not clear which dates are asked',
      }
  }
  return null
}

/**
 * The spec with later names of the first subject's band dropped: two names of one band ("the spread of SWIR1 ...
 * band 6" of a Landsat 8 scene) are one subject.
 */
function oneNamePerBand(spec: TaskSpec, inputs: InputFiles): TaskSpec {
  const firstFile = isBandKey(spec.subjects[0] ?? '') ? bandFileOf(spec.subjects[0], inputs.files) : null
  if (firstFile) return { ...spec, subjects: spec.subjects.filter((k, i) => i === 0 || !isBandKey(k) || bandFileOf(k, inputs.files) !== firstFile) }
  return spec
}

/**
 * The refusal for two bands named with one statistic and nothing computed from them ("the median of bands 4 and
 * 5"): one value cannot answer for both, and taking the first would answer another question. Null otherwise.
 */
function severalBands(spec: TaskSpec): Compiled | null {
  // A band named only in a condition ("median green where NIR > 150") selects pixels: it is no second subject.
  const bandSubjects = spec.subjects.filter((k, i) => isBandKey(k) && (i === 0 || !spec.conditions.some((c) => c.variable === k)))
  if (isBandKey(spec.subjects[0] ?? '') && bandSubjects.length >= 2)
    return {
      ok: false,
      part: `the bands ${bandSubjects.map(bandWord).join(' and ')}`,
      why: 'the question names several bands and one statistic; ask about one band, or name the index computed from them',
    }
  return null
}

/**
 * The DAG of a spec that passed the checks above, over the files placed in its scope: the value (one selection or a
 * combination of two), converted to the answer's unit, then read as the statistic asks. Throws a Refusal for a part
 * that cannot compile.
 */
function compileDag(spec: TaskSpec, inputs: InputFiles, options: AnswerOption[], variant: Variant, statistic: string): Compiled {
  const b = new DagBuilder()
  const value = compiledValue(b, spec, inputs, options, variant)
  const answer = inAnswerUnit(b, spec, options, value, statistic)
  refuseUnplacedWords(spec, inputs, answer.unit)
  return readAnswer(b, spec, options, statistic, answer)
}

/** The value the spec asks for: one selection, or two periods, regions or selections combined. */
function compiledValue(b: DagBuilder, spec: TaskSpec, inputs: InputFiles, options: AnswerOption[], variant: Variant): Branch {
  const combine = spec.quantity.combine
  if (combine && (spec.quantity.across === 'periods' || spec.quantity.across === 'regions'))
    return acrossPeriodsOrRegions(b, spec, inputs, options, variant, combine)
  if (combine && spec.quantity.across === 'masks') return acrossSelections(b, spec, inputs, options, variant, combine)
  if (combine)
    throw new Refusal(
      `the ${combine.replace('_', ' ')} across ${spec.quantity.across ?? 'two quantities'}`,
      'only comparisons between periods or between regions are compiled so far',
    )
  return branch(b, spec, inputs, spec.periods, variant, '')
}

/** How two sides are combined: a difference, its size, a ratio or a percent change. */
type Combine = NonNullable<TaskSpec['quantity']['combine']>

/** Two periods or two regions, each compiled as one side, combined by a difference, a ratio or a percent change. */
function acrossPeriodsOrRegions(b: DagBuilder, spec: TaskSpec, inputs: InputFiles, options: AnswerOption[], variant: Variant, combine: Combine): Branch {
  const byRegion = spec.quantity.across === 'regions'
  if (byRegion ? (spec.regions?.length ?? 0) < 2 : spec.periods.length < 2)
    throw new Refusal(`the ${combine.replace('_', ' ')}`, `it needs two ${byRegion ? 'regions' : 'periods'} and the question names fewer`)
  // Three or more sides ("the difference between April, May and June"): which two are combined is not said.
  const sides = byRegion ? (spec.regions?.length ?? 0) : spec.periods.length
  if (sides > 2) throw new Refusal(`the ${combine.replace('_', ' ')}`, `it combines two ${byRegion ? 'regions' : 'periods'} and the question names ${sides}`)
  // Two periods read from one phrase ("from April to August 2019") are each said in words of their own dates.
  const [p1, p2] = spec.periods
  const own = (p: Period) => (!byRegion && p1.text === p2.text ? { ...p, text: ownPeriodWords(p) } : p)
  const one = byRegion ? branch(b, spec, inputs, spec.periods, variant, 'first', spec.regions![0]) : branch(b, spec, inputs, [own(p1)], variant, 'first')
  const two = byRegion ? branch(b, spec, inputs, spec.periods, variant, 'second', spec.regions![1]) : branch(b, spec, inputs, [own(p2)], variant, 'second')
  // The spec's convention (main/task/spec.ts): across periods a difference and a percent change run from the
  // earlier period to the later whichever is named first; a ratio is the first named over the second. Regions have
  // no earlier and later: a difference is the first named minus the second ("west minus east", "the difference
  // between the north and the south half"), a ratio the first over the second, a percent change from the first to
  // the second.
  // "June minus September" written so: the first named minus the second (spec.quantity.order).
  const asWritten = !byRegion && spec.quantity.order === 'as_written' && combine === 'difference'
  const swap = byRegion ? combine === 'difference' || combine === 'absolute_difference' : asWritten || spec.periods[1]!.start < spec.periods[0]!.start
  const [earlier, later] = (swap ? [two, one] : [one, two]).map((side) =>
    combine === 'difference' || combine === 'absolute_difference' ? percentSide(b, side, spec, options) : side,
  )
  const node =
    combine === 'difference'
      ? b.add('difference', 'math.subtract', {}, { a: later.value, b: earlier.value })
      : combine === 'absolute_difference'
        ? b.add('abs_difference', 'math.abs', {}, { a: b.add('difference', 'math.subtract', {}, { a: later.value, b: earlier.value }) })
        : combine === 'ratio'
          ? b.add('ratio', 'math.divide', { unit: 'dimensionless' }, { a: one.value, b: two.value })
          : b.add('percent_change', 'math.expr', { expr: '100 * (b - a) / a', unit: 'percent' }, { a: earlier.value, b: later.value })
  const word = byRegion
    ? {
        difference: 'difference (first region minus second)',
        absolute_difference: 'absolute difference',
        ratio: 'ratio (first region / second)',
        percent_change: 'percent change from the first region to the second',
      }[combine]
    : {
        difference: asWritten ? 'difference (first named period minus second, as written)' : 'difference (later period minus earlier)',
        absolute_difference: 'absolute difference',
        ratio: 'ratio (first named period / second)',
        percent_change: 'percent change from the earlier period to the later',
      }[combine]
  const unitOut = combine === 'ratio' ? 'dimensionless' : combine === 'percent_change' ? 'percent' : later.unit
  return { value: node, unit: unitOut, describe: `${word} of: ${one.describe}; and ${two.describe}` }
}

/**
 * Two selections of one image compared ("the mean LST where NDVI > 0.7 minus the mean LST where NDVI < 0.2"):
 * each side keeps one of the two pixel conditions (QA conditions apply to both); one condition alone is compared
 * with the whole image. First named minus (or over) second; with one condition the order is not in the spec, so
 * only a magnitude is compiled.
 */
function acrossSelections(b: DagBuilder, spec: TaskSpec, inputs: InputFiles, options: AnswerOption[], variant: Variant, combine: Combine): Branch {
  const isQa = (c: Condition) => c.variableKind === 'qa_class' || (c.variable !== null && (QA_BITS[c.variable] !== undefined || c.variable === 'clear'))
  const sides = spec.conditions.filter((c) => !isQa(c) && c.unit !== 'percent')
  const shared = spec.conditions.filter((c) => isQa(c))
  if (sides.length === 0 || sides.length > 2)
    throw new Refusal(
      `the ${combine.replace('_', ' ')} between selections`,
      `it needs one or two pixel conditions to compare and the question names ${sides.length}`,
    )
  if (sides.length === 1 && combine !== 'absolute_difference')
    throw new Refusal(
      `the ${combine.replace('_', ' ')} between the whole image and the pixels where ${sides[0].text.trim()}`,
      'the spec does not say which of the two comes first; ask for the absolute difference, or name both selections',
    )
  const one = branch(
    b,
    { ...spec, conditions: [...(sides.length === 2 ? [sides[0]] : []), ...shared] },
    inputs,
    spec.periods,
    variant,
    sides.length === 2 ? 'first' : 'all',
  )
  const two = branch(b, { ...spec, conditions: [sides.at(-1)!, ...shared] }, inputs, spec.periods, variant, 'second')
  const [p1, p2] = [percentSide(b, one, spec, options), percentSide(b, two, spec, options)]
  const node =
    combine === 'difference'
      ? b.add('difference', 'math.subtract', {}, { a: p1.value, b: p2.value })
      : combine === 'absolute_difference'
        ? b.add('abs_difference', 'math.abs', {}, { a: b.add('difference', 'math.subtract', {}, { a: p1.value, b: p2.value }) })
        : combine === 'ratio'
          ? b.add('ratio', 'math.divide', { unit: 'dimensionless' }, { a: p1.value, b: p2.value })
          : b.add('percent_change', 'math.expr', { expr: '100 * (b - a) / a', unit: 'percent' }, { a: p1.value, b: p2.value })
  const word = {
    difference: 'difference (first selection minus second)',
    absolute_difference: 'absolute difference',
    ratio: 'ratio (first selection / second)',
    percent_change: 'percent change from the first selection to the second',
  }[combine]
  const unitOut = combine === 'ratio' ? 'dimensionless' : combine === 'percent_change' ? 'percent' : p1.unit
  return { value: node, unit: unitOut, describe: `${word} of: ${one.describe}; and ${two.describe}` }
}

/** The answer's node, unit and description after the conversions the answer unit asks for. */
interface Answered {
  out: string
  unit: string
  describe: string
}

/**
 * The value in the answer's unit: a signed difference as a size when the options state sizes, shares as percent
 * when asked (or when the options or a bare number call for it), temperatures in °C/°F; a unit the value cannot be
 * converted to is refused.
 */
function inAnswerUnit(b: DagBuilder, spec: TaskSpec, options: AnswerOption[], value: Branch, statistic: string): Answered {
  const combine = spec.quantity.combine
  let out = value.value
  let unit = value.unit
  let describe = value.describe
  // A signed difference answered from options that are all sizes: the magnitude.
  if (combine === 'difference' && optionsAreSizes(spec)) {
    out = b.add('abs_difference', 'math.abs', {}, { a: out })
    describe = `size of the ${describe}, as the options state sizes`
  }
  if (unit === 'fraction') {
    if (percentWanted(spec, options)) {
      out = b.add('percent', 'math.expr', { expr: 'x * 100', unit: 'percent' }, { x: out })
      unit = 'percent'
    } else unit = 'dimensionless'
  }
  // A change of temperature (a combination, or steps from one date to the next) converts without the offset.
  const tempAbsolute = ABSOLUTE.has(statistic) && !combine && !spec.series?.steps
  if (unit === 'K' && (spec.unit === 'degC' || spec.unit === 'degF')) {
    const expr = spec.unit === 'degC' ? (tempAbsolute ? 'x - 273.15' : 'x') : tempAbsolute ? '(x - 273.15) * 9 / 5 + 32' : 'x * 9 / 5'
    out = b.add(spec.unit === 'degC' ? 'celsius' : 'fahrenheit', 'math.expr', { expr, unit: spec.unit === 'degC' ? 'degC' : 'degF' }, { x: out })
    unit = spec.unit
    describe += `, in ${spec.unit === 'degC' ? '°C' : '°F'}`
  } else if (spec.unit === 'degC' || spec.unit === 'degF') {
    if (unit !== 'K' && unit !== spec.unit && statistic !== 'count_dates' && statistic !== 'trend')
      throw new Refusal(`the unit ${spec.unit === 'degC' ? '°C' : '°F'}`, `the value computed is in ${unit}, not a temperature`)
  } else if (storedUnitAsked(spec.unit) && VALUE_STATISTIC(statistic)) {
    // A layer's own unit asked ("in mm", "nW/cm2/sr per year"): the value must be in it, or be that layer's stored
    // values (`dn`, which the answer states in the layer's unit); another unit has no conversion, so it is refused.
    const base = unit?.replace(/\/year$/, '') ?? null
    const stored = LEX_VARIABLES.find((v) => v.key === spec.subjects[0])?.storedUnit
    if (base !== spec.unit && !(base === 'dn' && stored === spec.unit))
      throw new Refusal(`the unit ${spec.unit}`, `the value computed is in ${unit ?? 'no unit'}`)
  }
  return { out, unit, describe }
}

/** Refuses by name what the reader left unread and called context, but which carries a value-bearing word. */
function refuseUnplacedWords(spec: TaskSpec, inputs: InputFiles, unit: string): void {
  const times = new Set(
    inputs.files.flatMap((f) =>
      [...path.basename(f).matchAll(/\d[_-](\d{2})(\d{2})[_-]/g)].flatMap((m) => [m[1], m[2], String(Number(m[1])), String(Number(m[2]))]),
    ),
  )
  const unsure = unsurePhrase(spec, unit, false, times)
  if (unsure)
    throw new Refusal(
      `"${unsure.text}"`,
      `it may change the value (${unsure.bearing}: ${/^[\d.,]+$/.test(unsure.word) ? unsure.word : `"${unsure.word}"`}) and the question reader did not place it; rephrase that part with the statistics, regions, periods and units the README describes`,
    )
}

/** The finished DAG with how its output is read: a trend's slope, the date of a series' extreme, or a value or choice. */
function readAnswer(b: DagBuilder, spec: TaskSpec, options: AnswerOption[], statistic: string, answer: Answered): Compiled {
  const { out, unit, describe } = answer
  if (statistic === 'trend') {
    const done = finish(
      b,
      out,
      options,
      `Sen slope of ${spec.subjects[0].toUpperCase()} per ${unit.split('/').at(1) ?? 'year'}`,
      unit,
      spec.quantity.significance ? 'trend' : 'slope',
    )
    return { ok: true, dag: b.build(done.output), read: done.read, describe }
  }
  if (statistic === 'date_of_max' || statistic === 'date_of_min') {
    return {
      ok: true,
      dag: b.build(out),
      read: { kind: 'series_extreme', quantity: spec.subjects[0], unit, which: statistic === 'date_of_max' ? 'max' : 'min' },
      describe,
    }
  }
  const done = finish(b, out, options, describe, unit)
  return { ok: true, dag: b.build(done.output), read: done.read, describe }
}
