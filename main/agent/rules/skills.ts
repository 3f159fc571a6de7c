/**
 * The expert skills of the rules backbone (in the spirit of Earth-Agent-Pro's skills, paper 002 IV-B): each names
 * the questions it covers and turns slots into one complete execute workflow (a DAG), or into a measure call for
 * counting. A skill that cannot be carried out with the inputs at hand says what is missing instead of guessing.
 */
import { daysBetween, spanOf } from '../../task/periods'
import type { AnswerOption } from '../task'
import { addAnalysis, type ReadSpec } from './analyses'
import { DagBuilder, type Dag } from './dag-builder'
import type { InputFiles } from './input-files'
import { addCatalog, addProduct, rolesFor, type Variant } from './products'
import type { Slots } from './slots'
import { namedVariableSkill } from './skills/named-variable'
import { objectCountingSkill, perceptionSkill } from './skills/perception'
import { addSpecStatistic, needsSpecSkill } from './skills/spec-statistics'
import type { TaskSpec } from '../../task/spec'

export interface SkillContext {
  question: string
  options: AnswerOption[]
  images: string[]
  slots: Slots
  inputs: InputFiles
  /** The task spec read from the question (main/task); the spec-statistics skill plans from it. */
  spec: TaskSpec
}

/** A planned workflow: the tool call that carries it out and how its observation will be read. */
export type Workflow =
  | { ok: true; skill: string; tool: 'execute'; args: Dag; read: ReadSpec; describe: string }
  | { ok: true; skill: string; tool: 'measure' | 'perceive'; args: Record<string, unknown>; read: ReadSpec; describe: string }
  | { ok: false; skill: string; missing: string }

export interface Skill {
  id: string
  /** What the skill covers, for the trajectory and the docs. */
  title: string
  /** Whether the skill plans these slots; `ctx` (question and input file names), when given, may narrow the claim. */
  applies(slots: Slots, ctx?: Pick<SkillContext, 'question' | 'inputs'> & { spec?: TaskSpec }): boolean
  plan(ctx: SkillContext, variant: Variant): Workflow
}

/** Product -> analysis over a dated collection: the shared core of the raster skills. */
function rasterWorkflow(id: string, ctx: SkillContext, variant: Variant): Workflow {
  const { slots, inputs } = ctx
  if (inputs.files.length === 0) return { ok: false, skill: id, missing: 'input rasters (pass a folder with --files)' }
  // A workflow that ignored "above 115% of the mean" would answer another question; say so instead.
  if (slots.relative) return { ok: false, skill: id, missing: `a recipe for a threshold relative to a statistic ("${slots.relative}")` }
  const b = new DagBuilder()
  const roles = rolesFor(slots, inputs)
  const change = slots.statistic === 'change'
  const periods = change ? twoPeriods(slots) : null
  const first = change && periods ? periods[0] : spanOf(slots.periods)
  const catalog = addCatalog(b, inputs, first, variant, roles, 'catalog', change ? [] : disjoint(slots))
  const product = addProduct(b, slots, inputs, catalog)
  if (!product.ok) return { ok: false, skill: id, missing: product.missing }
  const analysis = addAnalysis(b, slots, product.plan, ctx.options, () => {
    if (!periods) return null
    const second = addCatalog(b, inputs, periods[1], variant, roles, 'catalog_second')
    const p = addProduct(b, slots, inputs, second)
    return p.ok ? p.plan : null
  })
  if (!analysis.ok) return { ok: false, skill: id, missing: analysis.missing }
  // The product raster of a few scenes is kept as a layer, so the analyst sees what was averaged (a long series is
  // not written date by date: that would fill the artifact store with layers nobody asked for).
  const save = inputs.dates.length <= SAVED_PRODUCT_DATES ? [product.plan.node] : []
  return { ok: true, skill: id, tool: 'execute', args: b.build(analysis.output, undefined, save), read: analysis.read, describe: analysis.describe }
}

/** At most this many dates of a product are saved as layers. */
const SAVED_PRODUCT_DATES = 3

/** The periods of a question when they leave gaps between them (else none: one span covers them exactly). */
function disjoint(slots: Slots): { start: string; end: string }[] {
  const ps = [...slots.periods].sort((a, b) => a.start.localeCompare(b.start))
  const gap = ps.some(
    (p, i) =>
      i > 0 &&
      daysBetween(
        ps
          .slice(0, i)
          .map((q) => q.end)
          .sort()
          .at(-1)!,
        p.start,
      ) > 1,
  )
  return gap ? ps : []
}

/**
 * The two periods of a change question, earlier first (a change is the later minus the earlier, in whatever order
 * the question names them: "between October and April 2020" is April to October): two named periods, or the two
 * ends of one day range.
 */
function twoPeriods(slots: Slots): [{ start: string; end: string }, { start: string; end: string }] | null {
  if (slots.periods.length >= 2) {
    const [a, b] = [slots.periods[0], slots.periods[slots.periods.length - 1]]
    return a.start <= b.start ? [a, b] : [b, a]
  }
  const p = slots.periods[0]
  if (p && p.granularity === 'day' && p.start !== p.end)
    return [
      { start: p.start, end: p.start },
      { start: p.end, end: p.end },
    ]
  return null
}

/** The input files dated inside the spec's periods (all files when it names none). */
function datesIn(spec: TaskSpec, inputs: InputFiles): number {
  const dates = new Set<string>()
  for (const d of inputs.fileDates.values()) if (spec.periods.length === 0 || spec.periods.some((p) => p.start <= d && d <= p.end)) dates.add(d)
  return dates.size
}

/** The subject key a product answers to in a spec ('lst' for day/night pairs, the index's own name). */
function productKey(slots: Slots): string {
  if (slots.product === 'index') return slots.index ?? 'ndvi'
  return slots.product === 'day_night' ? 'lst' : (slots.product ?? '')
}

/** Product -> selection (masks, region) -> statistic, planned from the task spec. */
function specWorkflow(ctx: SkillContext, variant: Variant): Workflow {
  const id = 'spec-statistics'
  const { slots, inputs, spec } = ctx
  if (inputs.files.length === 0) return { ok: false, skill: id, missing: 'input rasters (pass a folder with --files)' }
  const b = new DagBuilder()
  const roles = rolesFor(slots, inputs)
  const catalog = addCatalog(b, inputs, spanOf(spec.periods), variant, roles, 'catalog', disjoint(slots))
  const product = addProduct(b, slots, inputs, catalog)
  if (!product.ok) return { ok: false, skill: id, missing: product.missing }
  const step = addSpecStatistic(b, spec, product.plan, productKey(slots), ctx.options, datesIn(spec, inputs), (v) => (v === 'lst' ? 'K' : 'dimensionless'))
  if (!step.ok) return { ok: false, skill: id, missing: step.missing }
  return { ok: true, skill: id, tool: 'execute', args: b.build(step.output), read: step.read, describe: step.describe }
}

const raster = (id: string, title: string, applies: (s: Slots) => boolean): Skill => ({
  id,
  title,
  applies,
  plan: (ctx, variant) => rasterWorkflow(id, ctx, variant),
})

/** Skills in routing order: the first that applies plans the task. */
export const SKILLS: readonly Skill[] = [
  // First: counting, land-cover areas and shares, change of a pair and scene classes go through perceive/measure.
  objectCountingSkill,
  perceptionSkill,
  {
    id: 'spec-statistics',
    title: 'Median, percentiles, standard deviation, sums, ranges and pixel counts over range masks, image halves, quadrants and boxes',
    applies: (s, ctx) => s.product !== null && ctx?.spec !== undefined && needsSpecSkill(ctx.spec),
    plan: (ctx, variant) => specWorkflow(ctx, variant),
  },
  raster('change-between-dates', 'Change of a product between two dates or periods', (s) => s.statistic === 'change' && s.product !== null),
  raster('temporal-trend', 'Temporal trend of a product: Theil-Sen slope and Mann-Kendall test', (s) => s.statistic === 'trend' && s.product !== null),
  raster('tvdi', 'TVDI: period mean, threshold fraction, threshold-masked mean, dates over a threshold', (s) => s.product === 'tvdi'),
  raster('lst-products', 'Land surface temperature products and their statistics', (s) => s.product === 'lst' || s.product === 'day_night'),
  raster(
    'thresholds-and-areas',
    'Share of the area beyond a threshold, and dates meeting an area condition',
    (s) => s.product !== null && (s.statistic === 'fraction' || s.statistic === 'count_dates'),
  ),
  raster('spectral-index-statistics', 'Statistics of spectral indices (NDVI, NDWI, EVI...) over dates and periods', (s) => s.product === 'index'),
  raster('physical-products', 'Water vapour and apparent thermal inertia products and their statistics', (s) => s.product === 'pwv' || s.product === 'ati'),
  // Last: a variable named in the question that is none of the products above, read as stored from the inputs.
  namedVariableSkill,
]

export function selectSkill(slots: Slots, ctx?: Pick<SkillContext, 'question' | 'inputs'> & { spec?: TaskSpec }): Skill | null {
  return SKILLS.find((s) => s.applies(slots, ctx)) ?? null
}
