/**
 * Skill "named-variable": a statistic of a layer variable the task spec names that is no physical product of the
 * rules backbone (night-time lights, precipitation, fire radiative power, built volume), read as stored from the input
 * series. The compiler plans these itself; this skill plans what it hands off, places compared across the files'
 * names: the difference between two places (files split by the place in their names), and, with the files of one
 * place, the period mean (optionally over the pixels meeting the spec's own condition, "areas with MaxFRP > 0"), the
 * change or percent change between the spec's two periods, and the trend of per-date or annual means (Theil-Sen, or a
 * least-squares line when the spec names that method). It plans from the recipes' view of the spec, never the text.
 */
import { spanOf, type Period } from '../../../task/periods'
import { VARIABLES } from '../../../domain/lexicon/variables'
import type { TaskSpec } from '../../../task/spec'
import { finish, nonNegativeOptions } from '../analyses'
import { numericOptions, percentIn } from '../../../task/options'
import { filePlacesOf, joinedPlace, placesNamed } from '../compile-files'
import { DagBuilder } from '../dag-builder'
import { pickRole, type InputFiles } from '../input-files'
import { addCatalog, type Variant } from '../products'
import type { Threshold } from '../recipe-inputs'
import type { Skill, SkillContext, Workflow } from '../skills'

const ID = 'named-variable'
type Span = { start: string; end: string }

/** Asks the skill has no recipe for, found among the phrases the reader left unplaced (the spec's ledger). */
const UNSUPPORTED: [RegExp, string][] = [
  [/hot\s*spot|anomal/i, 'a recipe for hotspot or anomaly analysis'],
  [/\b(?:identify|map)\b.{0,30}\b(?:regions|areas|zones)\b/i, 'a recipe that maps regions (the skill computes statistics)'],
  [
    /\b(?:maximum|greatest|largest|highest|biggest|strongest)\s+(?:percentage\s+)?(?:increase|decrease|rise|drop|loss|gain)\b|between consecutive/i,
    'a recipe for the change between consecutive dates (no execute operator differences a series)',
  ],
]

/** A layer of the files the spec names as its subject: the series role, its physical unit for answers, a label. */
export interface NamedLayer {
  role: string
  unit: string | null
  label: string
}

const roleWord = (w: string) => w.toUpperCase().replace(/[\s-]+/g, '_')

/** The lexicon variable a file role carries (its key or one of its names written with underscores), kept as stored. */
function storedVariableOf(role: string) {
  const r = role.toUpperCase()
  return VARIABLES.find((v) => v.storedUnit !== undefined && (roleWord(v.key) === r || v.names.some((n) => roleWord(n) === r)))
}

/** Physical unit of a role read as stored (for answers): e.g. AVG_RAD -> nW/cm2/sr; null when none is known. */
export function storedUnitOf(role: string): string | null {
  return storedVariableOf(role)?.storedUnit ?? null
}

/** Sensor bands (reflectance, radiance) are never the layer: a question naming one asks for a quantity derived from it. */
const isBand = (role: string, inputs: InputFiles) => !inputs.temperatures.has(role) && /^(?:SUR_REFL|REFLECTANCE|SR_B|MODIS_B|B\d|BAND)/i.test(role)

/** The file layer of the spec's first subject that is a layer variable the inputs carry, or null. */
export function namedLayer(spec: TaskSpec, inputs: InputFiles): NamedLayer | null {
  for (const key of spec.subjects) {
    const v = VARIABLES.find((x) => x.key === key)
    if (!v || v.kind !== 'layer') continue
    const role = pickRole(inputs, ...[v.key, ...v.names].map(roleWord))
    if (role && !isBand(role, inputs)) return { role, unit: v.storedUnit ?? null, label: v.names[0] }
  }
  return null
}

/** Options whose numbers repeat ("6.18 mm ... increasing" / "6.18 mm ... decreasing") differ in words a number cannot pick. */
function repeatedNumbers(options: SkillContext['options']): boolean {
  const values = numericOptions(options)
    .map((o) => o.value)
    .filter((v): v is number => v !== null)
  return new Set(values).size < values.length
}

/** The pixels the spec restricts the variable to: a value condition on the variable itself ("MaxFRP > 0"), unless a share is asked. */
function domainOf(ctx: SkillContext, key: string | undefined): Threshold | null {
  if (ctx.view.statistic === 'fraction') return null
  return ctx.view.thresholds.find((t) => t.unit !== 'percent' && (t.subject === null || t.subject === key)) ?? null
}

/** The two periods a change compares, earlier first (the spec's convention for a difference or a percent change). */
function changePeriods(periods: Period[]): [Span, Span] | null {
  if (periods.length !== 2) return null
  return periods[0].start <= periods[1].start ? [periods[0], periods[1]] : [periods[1], periods[0]]
}

/** Inputs restricted to one place's files (the catalog has no place filter, so the planner lists them). */
function onlyPlace(inputs: InputFiles, place: string): InputFiles {
  return { ...inputs, dir: null, files: inputs.files.filter((f) => inputs.filePlaces.get(f) === place) }
}

/** Catalog -> read -> optional domain mask: the node holding one raster of the variable per date. */
function layer(b: DagBuilder, inputs: InputFiles, period: Span | null, variant: Variant, v: NamedLayer, domain: Threshold | null, tag: string): string {
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

/** Why the skill cannot plan this spec, or null: an unplaced ask it has no recipe for, two layers, repeated option numbers. */
function gapOf(ctx: SkillContext): string | null {
  const { spec, options, inputs } = ctx
  const unread = spec.notUnderstood.map((n) => n.text).join(' | ')
  const gap = UNSUPPORTED.find(([re]) => re.test(unread))
  if (gap) return gap[1]
  // Two layers named together ("built_volume_total and precipitation"): a quantity combining them is asked.
  const layers = spec.subjects.filter((k) => VARIABLES.find((v) => v.key === k)?.kind === 'layer')
  if (layers.length >= 2) return `a recipe combining ${layers.slice(0, 2).join(' and ')}`
  if (repeatedNumbers(options))
    return 'a recipe that answers both parts of these options (their numbers repeat; they differ in a direction or a second quantity)'
  if (inputs.files.length === 0) return 'input rasters (pass a folder with --files)'
  return null
}

function plan(ctx: SkillContext, variant: Variant): Workflow {
  const { view, inputs, spec, options } = ctx
  const gap = gapOf(ctx)
  if (gap) return { ok: false, skill: ID, missing: gap }
  const v = namedLayer(spec, inputs)
  if (!v) {
    const roles = [...inputs.roles].slice(0, 8).join(', ') || 'none'
    return { ok: false, skill: ID, missing: `an input layer of the variable the question names (layers found: ${roles})` }
  }
  const domain = domainOf(ctx, spec.subjects[0])
  const where = domain ? ` where ${v.role} ${domain.op} ${domain.value}` : ''
  const label = `${v.label}${where}`
  const unit = v.unit ? ` (${v.unit})` : ''
  const b = new DagBuilder()
  const done = (scalar: string, what: string, u: string, field?: string): Workflow => {
    const f = finish(b, scalar, options, what, u, field)
    return { ok: true, skill: ID, tool: 'execute', args: b.build(f.output), read: f.read, describe: what }
  }
  const span = view.periods.length > 0 ? spanOf(view.periods) : null
  const named = placesNamed(spec, inputs)

  // Two places: each place's period mean, first named minus second (its size when only sizes are offered).
  if (named.length >= 2) {
    const means = named.slice(0, 2).map((p, i) => periodMean(b, layer(b, onlyPlace(inputs, p), span, variant, v, domain, `_${i + 1}`), `_${i + 1}`))
    let diff = b.add('difference', 'math.subtract', {}, { a: means[0], b: means[1] })
    const size = view.magnitude || nonNegativeOptions(options)
    if (size) diff = b.add('abs_difference', 'math.abs', {}, { a: diff })
    return done(diff, `${size ? 'absolute ' : ''}difference of the mean ${label} of ${named[0]} and ${named[1]}${unit}`, 'dn')
  }
  const places = filePlacesOf(inputs)
  if (places.length <= 1 && joinedPlace(spec, places[0] ?? '') && view.statistic !== 'trend') {
    return {
      ok: false,
      skill: ID,
      missing: `the files of the second place to compare (the inputs hold only ${places[0] ?? 'one place'}; the planner splits files by the place in their names)`,
    }
  }

  if (view.statistic === 'trend') {
    const series = b.add('daily', 'raster.batch_reduce', { stat: 'mean' }, { data: layer(b, inputs, span, variant, v, domain, '') })
    const years = span ? Number(span.end.slice(0, 4)) - Number(span.start.slice(0, 4)) : 0
    const by = view.aggregation === 'by_month' ? 'month' : years >= 2 || view.aggregation === 'by_year' ? 'year' : null
    const data = by ? b.add('grouped', 'timeseries.aggregate', { by, stat: 'mean' }, { data: series }) : series
    const params: Record<string, unknown> = { alpha: 0.05, time: 'index' }
    if (view.ols) params.method = 'ols'
    const trend = b.add('trend', 'timeseries.trend', params, { data })
    const what = `${view.ols ? 'least-squares' : 'Sen'} slope of the ${by ?? 'per-date'} mean ${label} per ${by ?? 'date'}${unit}`
    return done(trend, what, 'dn', 'slope')
  }

  if (view.statistic === 'change') return change(ctx, b, variant, v, domain, label, unit, done)

  const share = view.statistic === 'fraction' && !domain ? view.thresholds.find((t) => t.unit !== 'percent') : undefined
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
  const stat = view.statistic === 'max' || view.statistic === 'min' ? view.statistic : 'mean'
  const daily = b.add('daily', 'raster.batch_reduce', { stat }, { data: layer(b, inputs, span, variant, v, domain, '') })
  const overall = b.add('overall', 'timeseries.aggregate', { by: 'all', stat }, { data: daily })
  return done(overall, `${stat} of the per-date ${stat}s of ${label}${unit}`, 'dn')
}

/** The change of the variable's mean between the spec's two periods: a difference (later minus earlier) or a percent change. */
function change(
  ctx: SkillContext,
  b: DagBuilder,
  variant: Variant,
  v: NamedLayer,
  domain: Threshold | null,
  label: string,
  unit: string,
  done: (scalar: string, what: string, u: string) => Workflow,
): Workflow {
  const { view, inputs, options } = ctx
  const two = changePeriods(view.periods)
  if (!two) return { ok: false, skill: ID, missing: 'the two periods or years to compare' }
  if (view.combine === 'ratio')
    return { ok: false, skill: ID, missing: 'a recipe for the ratio between two periods (it gives differences and percent changes)' }
  const first = periodMean(b, layer(b, inputs, two[0], variant, v, domain, '_first'), '_first')
  const second = periodMean(b, layer(b, inputs, two[1], variant, v, domain, '_second'), '_second')
  if (view.combine === 'percent_change') {
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
  if (view.magnitude) diff = b.add('abs_change', 'math.abs', {}, { a: diff })
  return done(diff, `${view.magnitude ? 'absolute ' : ''}change of the mean ${label} (second period minus first)${unit}`, 'dn')
}

/** Statistics the skill answers; others (shares, date counts, spikes, objects) belong to other skills. */
const COVERED = new Set(['mean', 'max', 'min', 'masked_mean', 'fraction', 'change', 'trend'])

export const namedVariableSkill: Skill = {
  id: ID,
  title: 'Statistics, changes, place differences and trends of a variable the question names (lights, rain, FRP, built volume)',
  // Claimed only when the input names carry a variable the question names: an image question, or one about a
  // quantity derived from sensor bands, stays with no skill rather than being told it lacks rasters.
  applies: (view, ctx) =>
    view.product === null &&
    view.statistic !== null &&
    COVERED.has(view.statistic) &&
    view.unhonoured.length === 0 &&
    ctx !== undefined &&
    namedLayer(ctx.spec, ctx.inputs) !== null,
  plan,
}
