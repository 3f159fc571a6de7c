/**
 * Skill "named-variable": a statistic of a variable the question names that is no physical product of the rules
 * backbone (night-time lights, precipitation, fire radiative power, built volume, a vegetation-cover layer), read
 * as stored from the input series. It covers: the period mean (optionally over the pixels meeting the question's own
 * condition, "areas with MaxFRP > 0 are considered fire-prone"), the change or percentage change between two
 * periods or two years, the difference between two places (files split by the place in their names), and the
 * trend of per-date or annual means (Theil-Sen, or an ordinary least-squares line when a linear regression is asked).
 */
import { spanOf, type Period } from '../../../task/periods'
import { finish, nonNegativeOptions } from '../analyses'
import { numericOptions, percentIn } from '../../../task/options'
import { DagBuilder } from '../dag-builder'
import type { InputFiles } from '../input-files'
import { addCatalog, type Variant } from '../products'
import type { Skill, SkillContext, Workflow } from '../skills'
import type { Threshold } from '../slots'
import { placesNamed, placesOf, resolveVariable, rolesNamed, type NamedVariable } from '../variables'

const ID = 'named-variable'
const SHARE = /percentage of (?:the )?(?:area|pixels)|proportion|fraction|share/i
const PERCENT_CHANGE = /percent(?:age)?\s+(?:of\s+)?(?:change|increase|decrease|growth)|%\s*change|relative change/i
const OLS = /linear regression|least[\s-]squares|\bols\b|linear (?:trend|fit)/i
const TWO_PLACES =
  /\bbetween the two\b(?!\s+(?:periods|dates|years|months|quarters|seasons|times|images))|\bboth (?:regions|cities|places|areas|sites)\b|\bof the two (?:regions|cities|places|areas|sites)\b/i
type Span = { start: string; end: string }

/** Asks the skill has no recipe for: higher moments, hotspot or anomaly analyses, mapping regions, derived indices. */
const UNSUPPORTED: [RegExp, string][] = [
  [/kurtosis|skewness/i, 'a recipe for higher moments (kurtosis, skewness) of the series'],
  [/hot\s*spot|anomal/i, 'a recipe for hotspot or anomaly analysis'],
  [/\b(?:identify|map)\b.{0,30}\b(?:regions|areas|zones)\b/i, 'a recipe that maps regions (the skill computes statistics)'],
  [
    /\b(?:which|what|the) (?:day|date|time|period)\b.{0,80}\b(?:highest|most|maximum|peak|lowest|minimum|greatest)\b/i,
    'a recipe for the date of an extreme of this variable',
  ],
  [/turbidity|\bndti\b/i, 'a turbidity (NDTI) recipe'],
  [
    /\b(?:maximum|greatest|largest|highest|biggest|strongest)\s+(?:percentage\s+)?(?:increase|decrease|rise|drop|loss|gain)\b|between consecutive/i,
    'a recipe for the change between consecutive dates (no execute operator differences a series)',
  ],
]

/** Options whose numbers repeat ("6.18 mm ... increasing" / "6.18 mm ... decreasing") differ in words a number cannot pick. */
function repeatedNumbers(options: SkillContext['options']): boolean {
  const values = numericOptions(options)
    .map((o) => o.value)
    .filter((v): v is number => v !== null)
  return new Set(values).size < values.length
}

/** The pixels a question restricts the variable to: a value threshold with no other subject ("MaxFRP > 0"). */
function domainOf(ctx: SkillContext): Threshold | null {
  if (SHARE.test(ctx.question)) return null
  return ctx.slots.thresholds.find((t) => t.unit !== 'percent' && t.subject === null) ?? null
}

/** The two times a change compares: two disjoint periods as named, or the two ends of one multi-year range. */
function changePeriods(periods: Period[]): [Span, Span] | null {
  const ps = [...periods]
  const disjoint = ps.length >= 2 && (ps[1].start > ps[0].end || ps[0].start > ps[1].end)
  if (disjoint) return [ps[0], ps[1]]
  // "from 1980 to 2025 ... between 1985 and 2020": the innermost range; its first and last years are compared.
  const inner = ps.filter((p) => p.start.slice(0, 4) !== p.end.slice(0, 4)).sort((a, b) => b.start.localeCompare(a.start))[0]
  if (!inner) return null
  const y1 = inner.start.slice(0, 4)
  const y2 = inner.end.slice(0, 4)
  return [
    { start: `${y1}-01-01`, end: `${y1}-12-31` },
    { start: `${y2}-01-01`, end: `${y2}-12-31` },
  ]
}

/** Inputs restricted to one place's files (the catalog has no place filter, so the planner lists them). */
function onlyPlace(inputs: InputFiles, place: string): InputFiles {
  return { ...inputs, dir: null, files: inputs.files.filter((f) => inputs.filePlaces.get(f) === place) }
}

/** Catalog -> read -> optional domain mask: the node holding one raster of the variable per date. */
function layer(b: DagBuilder, inputs: InputFiles, period: Span | null, variant: Variant, v: NamedVariable, domain: Threshold | null, tag: string): string {
  const catalog = addCatalog(b, inputs, period, variant, [v.role], `catalog${tag}`)
  const read = b.add(`${v.role.toLowerCase()}${tag}`, 'raster.read', { role: v.role }, { data: catalog })
  if (!domain) return read
  return b.add(`domain${tag}`, 'raster.algebra', { expr: `where(v ${domain.op} ${domain.value}, v, 0/0)` }, { v: read })
}

/** Mean of the per-date means of a collection. */
function periodMean(b: DagBuilder, rasters: string, tag: string): string {
  const daily = b.add(`daily${tag}`, 'raster.batch_reduce', { stat: 'mean' }, { data: rasters })
  return b.add(`mean${tag}`, 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: daily })
}

function plan(ctx: SkillContext, variant: Variant): Workflow {
  const { slots, inputs, question, options } = ctx
  if (inputs.files.length === 0) return { ok: false, skill: ID, missing: 'input rasters (pass a folder with --files)' }
  if (slots.relative) return { ok: false, skill: ID, missing: `a recipe for a threshold relative to a statistic ("${slots.relative}")` }
  const gap = UNSUPPORTED.find(([re]) => re.test(question))
  if (gap) return { ok: false, skill: ID, missing: gap[1] }
  // Two layers named together ("built_volume_total and built_volume_nres"): a quantity combining them is asked.
  const several = rolesNamed(question, inputs).filter((r) => !/^(?:B\d|BAND)/i.test(r))
  if (several.length >= 2) return { ok: false, skill: ID, missing: `a recipe combining ${several.slice(0, 2).join(' and ')}` }
  if (repeatedNumbers(options))
    return {
      ok: false,
      skill: ID,
      missing: 'a recipe that answers both parts of these options (their numbers repeat; they differ in a direction or a second quantity)',
    }
  const v = resolveVariable(question, inputs)
  if (!v) {
    const roles = [...inputs.roles].slice(0, 8).join(', ') || 'none'
    return { ok: false, skill: ID, missing: `an input layer of the variable the question names (layers found: ${roles})` }
  }
  const domain = domainOf(ctx)
  const where = domain ? ` where ${v.role} ${domain.op} ${domain.value}` : ''
  const label = `${v.label}${where}`
  const unit = v.unit ? ` (${v.unit})` : ''
  const b = new DagBuilder()
  const done = (scalar: string, what: string, u: string, field?: string): Workflow => {
    const f = finish(b, scalar, options, what, u, field)
    return { ok: true, skill: ID, tool: 'execute', args: b.build(f.output), read: f.read, describe: what }
  }
  const span = slots.periods.length > 0 ? spanOf(slots.periods) : null
  const named = placesNamed(question, inputs)

  // Two places: each place's period mean, first named minus second (its size when only sizes are offered).
  if (named.length >= 2) {
    const means = named.slice(0, 2).map((p, i) => periodMean(b, layer(b, onlyPlace(inputs, p), span, variant, v, domain, `_${i + 1}`), `_${i + 1}`))
    let diff = b.add('difference', 'math.subtract', {}, { a: means[0], b: means[1] })
    const size = slots.absolute || nonNegativeOptions(options)
    if (size) diff = b.add('abs_difference', 'math.abs', {}, { a: diff })
    return done(diff, `${size ? 'absolute ' : ''}difference of the mean ${label} of ${named[0]} and ${named[1]}${unit}`, 'dn')
  }
  if (TWO_PLACES.test(question) && placesOf(inputs).length <= 1 && slots.statistic !== 'trend') {
    const have = placesOf(inputs)[0] ?? 'one place'
    return {
      ok: false,
      skill: ID,
      missing: `the files of the second place to compare (the inputs hold only ${have}; the planner splits files by the place in their names)`,
    }
  }

  if (slots.statistic === 'trend') {
    const series = b.add('daily', 'raster.batch_reduce', { stat: 'mean' }, { data: layer(b, inputs, span, variant, v, domain, '') })
    const years = span ? Number(span.end.slice(0, 4)) - Number(span.start.slice(0, 4)) : 0
    const by = slots.aggregation === 'by_month' ? 'month' : years >= 2 || slots.aggregation === 'by_year' ? 'year' : null
    const data = by ? b.add('grouped', 'timeseries.aggregate', { by, stat: 'mean' }, { data: series }) : series
    const ols = OLS.test(question)
    const params: Record<string, unknown> = { alpha: 0.05, time: 'index' }
    if (ols) params.method = 'ols'
    const trend = b.add('trend', 'timeseries.trend', params, { data })
    const what = `${ols ? 'least-squares' : 'Sen'} slope of the ${by ?? 'per-date'} mean ${label} per ${by ?? 'date'}${unit}`
    return done(trend, what, 'dn', 'slope')
  }

  // "changes between 2014 and 2019": one multi-year range read as two years to compare.
  const statistic = slots.statistic === 'mean' && /\bchang|\bdifference|\bcompare/i.test(question) && changePeriods(slots.periods) ? 'change' : slots.statistic
  if (statistic === 'change') {
    const two = changePeriods(slots.periods)
    if (!two) return { ok: false, skill: ID, missing: 'the two periods or years to compare' }
    const first = periodMean(b, layer(b, inputs, two[0], variant, v, domain, '_first'), '_first')
    const second = periodMean(b, layer(b, inputs, two[1], variant, v, domain, '_second'), '_second')
    if (PERCENT_CHANGE.test(question)) {
      const pct = b.add('percent_change', 'math.expr', { expr: '(b - a) / a * 100', unit: 'percent' }, { a: first, b: second })
      const what = `percentage change of the mean ${label} from ${two[0].start.slice(0, 7)} to ${two[1].start.slice(0, 7)}`
      // Options stating an absolute change and a percentage ("10,392.58 and 179.96%"): choose by the percentage.
      const pcts = options.map((o) => ({ label: o.letter, value: percentIn(o.text) }))
      if (pcts.length >= 2 && pcts.every((o) => o.value !== null)) {
        const pick = b.add('pick', 'decision.select', { options: pcts }, { data: pct })
        return { ok: true, skill: ID, tool: 'execute', args: b.build(pick), read: { kind: 'choice', quantity: what, unit: 'percent' }, describe: what }
      }
      return done(pct, what, 'percent')
    }
    let diff = b.add('change', 'math.subtract', {}, { a: second, b: first })
    const size = slots.absolute || (slots.unsigned && nonNegativeOptions(options))
    if (size) diff = b.add('abs_change', 'math.abs', {}, { a: diff })
    return done(diff, `${size ? 'absolute ' : ''}change of the mean ${label} (second period minus first)${unit}`, 'dn')
  }

  const share = slots.statistic === 'fraction' && !domain ? slots.thresholds.find((t) => t.unit !== 'percent') : undefined
  if (share) {
    const per = b.add(
      'fraction',
      'threshold_fraction',
      { op: share.op, value: share.value, as: 'percent' },
      { data: layer(b, inputs, span, variant, v, null, '') },
    )
    const overall = b.add('overall', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: per })
    return done(overall, `share of the area with ${v.label} ${share.op} ${share.value}, per date, averaged over the dates`, 'percent')
  }
  const stat = slots.statistic === 'max' || slots.statistic === 'min' ? slots.statistic : 'mean'
  const daily = b.add('daily', 'raster.batch_reduce', { stat }, { data: layer(b, inputs, span, variant, v, domain, '') })
  const overall = b.add('overall', 'timeseries.aggregate', { by: 'all', stat }, { data: daily })
  return done(overall, `${stat} of the per-date ${stat}s of ${label}${unit}`, 'dn')
}

/** Statistics the skill answers; others (shares, date counts, spikes, objects) belong to other skills. */
const COVERED = new Set(['mean', 'max', 'min', 'masked_mean', 'fraction', 'change', 'trend'])

export const namedVariableSkill: Skill = {
  id: ID,
  title: 'Statistics, changes, place differences and trends of a variable the question names (lights, rain, FRP, built volume)',
  // Claimed only when the input names carry a variable the question names: an image question, or one about a
  // quantity derived from sensor bands, stays with no skill rather than being told it lacks rasters.
  applies: (s, ctx) => s.product === null && COVERED.has(s.statistic) && ctx !== undefined && resolveVariable(ctx.question, ctx.inputs) !== null,
  plan,
}
