/**
 * The expert skills of the rules backbone (in the spirit of Earth-Agent-Pro's skills, paper 002 IV-B): each names
 * the questions it covers and turns the recipes' view of the task spec (recipe-inputs.ts) into one complete execute
 * workflow (a DAG), or into a measure call for counting. A skill that cannot be carried out with the inputs at hand
 * says what is missing instead of guessing. The compiler (compile-spec.ts) plans every raster spec it can; these
 * skills plan what it hands off (places compared across file names, objects, land-cover classes and scenes).
 */
import { daysBetween, spanOf } from '../../task/periods'
import type { AnswerOption } from '../task'
import { addAnalysis, type ReadSpec } from './analyses'
import { DagBuilder, type Dag } from './dag-builder'
import type { InputFiles } from './input-files'
import { addCatalog, addProduct, rolesFor, type Variant } from './products'
import type { RecipeInputs } from './recipe-inputs'
import { namedVariableSkill } from './skills/named-variable'
import { objectCountingSkill, perceptionSkill } from './skills/perception'
import type { TaskSpec } from '../../task/spec'

export interface SkillContext {
  question: string
  options: AnswerOption[]
  images: string[]
  /** The recipes' view of the spec: what every skill selects and plans on. */
  view: RecipeInputs
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
  /** Whether the skill plans this view of the spec; `ctx` (the spec and input file names), when given, may narrow the claim. */
  applies(view: RecipeInputs, ctx?: Pick<SkillContext, 'question' | 'inputs' | 'spec'>): boolean
  plan(ctx: SkillContext, variant: Variant): Workflow
}

/** Product -> analysis over a dated collection: the shared core of the raster skills. */
function rasterWorkflow(id: string, ctx: SkillContext, variant: Variant): Workflow {
  const { view, inputs } = ctx
  if (inputs.files.length === 0) return { ok: false, skill: id, missing: 'input rasters (pass a folder with --files)' }
  const b = new DagBuilder()
  const roles = rolesFor(view, inputs)
  const change = view.statistic === 'change'
  const periods = change ? twoPeriods(view) : null
  const first = change && periods ? periods[0] : spanOf(view.periods)
  const catalog = addCatalog(b, inputs, first, variant, roles, 'catalog', change ? [] : disjoint(view))
  const product = addProduct(b, view, inputs, catalog)
  if (!product.ok) return { ok: false, skill: id, missing: product.missing }
  const analysis = addAnalysis(b, view, product.plan, ctx.options, () => {
    if (!periods) return null
    const second = addCatalog(b, inputs, periods[1], variant, roles, 'catalog_second')
    const p = addProduct(b, view, inputs, second)
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
function disjoint(view: RecipeInputs): { start: string; end: string }[] {
  const ps = [...view.periods].sort((a, b) => a.start.localeCompare(b.start))
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
function twoPeriods(view: RecipeInputs): [{ start: string; end: string }, { start: string; end: string }] | null {
  if (view.periods.length >= 2) {
    const [a, b] = [view.periods[0], view.periods[view.periods.length - 1]]
    return a.start <= b.start ? [a, b] : [b, a]
  }
  const p = view.periods[0]
  if (p && p.granularity === 'day' && p.start !== p.end)
    return [
      { start: p.start, end: p.start },
      { start: p.end, end: p.end },
    ]
  return null
}

/** A raster recipe: claimed when its own test holds and the view has no part the recipes cannot honour. */
const raster = (id: string, title: string, applies: (v: RecipeInputs) => boolean): Skill => ({
  id,
  title,
  applies: (v) => v.statistic !== null && v.unhonoured.length === 0 && applies(v),
  plan: (ctx, variant) => rasterWorkflow(id, ctx, variant),
})

/** Skills in routing order: the first that applies plans the task. */
export const SKILLS: readonly Skill[] = [
  // First: counting, land-cover areas and shares, change of a pair and scene classes go through perceive/measure.
  objectCountingSkill,
  perceptionSkill,
  raster('change-between-dates', 'Change of a product between two dates or periods', (s) => s.statistic === 'change' && s.product !== null),
  raster('temporal-trend', 'Temporal trend of a product: Theil-Sen slope and Mann-Kendall test', (s) => s.statistic === 'trend' && s.product !== null),
  raster('tvdi', 'TVDI: period mean, threshold fraction, threshold-masked mean, dates over a threshold', (s) => s.product === 'tvdi'),
  raster('lst-products', 'Land surface temperature products and their statistics', (s) => s.product === 'lst'),
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

export function selectSkill(view: RecipeInputs, ctx?: Pick<SkillContext, 'question' | 'inputs' | 'spec'>): Skill | null {
  return SKILLS.find((s) => s.applies(view, ctx)) ?? null
}
