/**
 * The deterministic planner of the rules backbone: task spec -> compiled DAG (or, for what the compiler hands off,
 * the recipes' view of the spec -> skill) -> one complete workflow, then repair driven by
 * the verifier's decisions (paper 002 IV-D: repair only what the evidence invalidated). It is a pure function of
 * the loop state: after an accepted observation it stops; after a rejection or a rule failure it tries the next
 * repair variant; while an evidence request is open it makes targeted follow-ups; variants already tried are
 * skipped, so it never repeats a call.
 */
import fs from 'node:fs'
import { canonicalCall } from '../../verify/canonical-args'
import { describeRoute, routeFor } from '../../verify/evidence-routes'
import { BIND_ROLES, SCALE_APART } from '../../verify/policy/run-matches-call'
import type { Planner, PlannerStep, PlannerView } from '../loop-events'
import type { TaskSpec } from '../task'
import { secondRoute, targetedRepair } from './follow-ups'
import { describeInputs } from './input-files'
import { planPictures } from './pictures'
import { BASE_VARIANT, type Variant } from './products'
import { selectSkill, type Skill, type SkillContext, type Workflow } from './skills'
import { recipeInputs, type RecipeInputs } from './recipe-inputs'
import { readTask } from '../../task/read-task'
import { refusalOf, type TaskSpec as QuestionSpec } from '../../task/spec'
import { UNPLACED, type QuestionPart } from '../../domain/run-events'
import type { InputFiles } from './input-files'
import { COMPILED_FEATURES, compileSpec, refusalSentence } from './compile-spec'

/** Tried in order after a rejection: bind roles explicitly; treat values as already physical; both. */
const REPAIRS: Variant[] = [
  { explicitRoles: true, scaled: true, listFiles: false },
  { explicitRoles: false, scaled: false, listFiles: false },
  { explicitRoles: true, scaled: false, listFiles: false },
]

/** The variants that answer the scale-apart and bind-roles routes (verify/policy/run-matches-call.ts). */
const SCALE_VARIANT: Variant = { explicitRoles: false, scaled: false, listFiles: false }
const ROLES_VARIANT: Variant = { explicitRoles: true, scaled: true, listFiles: false }

/** Tried in order while evidence is requested: enumerate files one by one; also bind roles; bind roles only. */
const FOLLOW_UPS: Variant[] = [
  { explicitRoles: false, scaled: true, listFiles: true },
  { explicitRoles: true, scaled: true, listFiles: true },
  { explicitRoles: true, scaled: true, listFiles: false },
]

export interface RulesPlan {
  /** What the question asks, read by main/task. */
  spec: QuestionSpec
  /** Why nothing is computed (a phrase not understood, data that cannot answer, no statistic named), else null. */
  refusal: string | null
  /** The layers the input file names offer (upper-cased roles), for saying what is missing. */
  inputRoles: string[]
  /** The recipes' view of the spec (recipe-inputs.ts), for the skills the compiler hands off to. */
  view: RecipeInputs
  skill: Skill | null
  /** The base workflow, or why there is none. */
  workflow: Workflow | null
  /** The workflow of a variant (repair or follow-up) of the same skill. */
  variant(v: Variant): Workflow | null
  /** A refusal's reading for the window (the parts not read, the phrases with their part); empty when planned. */
  reading: Reading
}

type Reading = { unread?: QuestionPart[]; read?: { text: string; role: string }[] }

/** What a refusal could not read besides the spec's own gaps: a period the files do not cover, a phrase not placed. */
interface ReadingGap {
  period?: boolean
  unplaced?: string | null
}

/** The folder given with --files (a single path that is a directory), else null. */
function folderOf(task: TaskSpec): string | null {
  if (task.files.length !== 1) return null
  try {
    return fs.statSync(task.files[0]).isDirectory() ? task.files[0] : null
  } catch {
    return null
  }
}

/** The files hold no date inside any period the question names: say which periods and what the files cover. */
function periodsMissing(spec: QuestionSpec, inputs: InputFiles): string | null {
  const dates = [...new Set(inputs.fileDates.values())].sort()
  if (dates.length === 0 || spec.periods.length === 0) return null
  const empty = spec.periods.filter((p) => !dates.some((d) => p.start <= d && d <= p.end))
  // Some periods without data are for the verifier to flag (it asks for them); none with data is nothing to compute.
  if (empty.length < spec.periods.length) return null
  const named = [...new Set(empty.map((p) => `"${p.text}"`))].join(', ')
  return `The input files hold no date inside ${named} (their dates run from ${dates[0]} to ${dates.at(-1)}), so nothing was computed.`
}

/** Evidence routes that recompute what the question is read to ask, not how the files are read. */
const READING_ROUTES = ['route:statistic', 'route:whole-image', 'route:period']

const DAY_MS = 86_400_000
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS)

/**
 * A period reaching past the files' dates by more than their usual gap between two acquisitions (the median gap),
 * into a year none of the files is from: a whole revisit of it lies outside the files ("winter 2018/19" of files
 * that begin on 2019-01-01 had been answered from its January and February only, even with December 2019 files given
 * beside them). A value over the rest would be of other data than asked. Files of fewer than three dates show no revisit, and are not judged.
 */
function periodsBeyondFiles(spec: QuestionSpec, inputs: InputFiles): string | null {
  const dates = [...new Set(inputs.fileDates.values())].sort()
  if (dates.length < 3) return null
  const gaps = dates
    .slice(1)
    .map((d, i) => daysBetween(dates[i], d))
    .sort((a, b) => a - b)
  const revisit = gaps[Math.floor((gaps.length - 1) / 2)]
  const [first, last] = [dates[0], dates.at(-1)!]
  // Only where the part beyond the files falls in a year none of them is from: a subset of one year's files asked
  // about that year is the caller's selection, and the verifier weighs its coverage.
  const years = new Set(dates.map((d) => d.slice(0, 4)))
  const yearsOf = (a: string, b: string) =>
    Array.from({ length: Number(b.slice(0, 4)) - Number(a.slice(0, 4)) + 1 }, (_, i) => String(Number(a.slice(0, 4)) + i))
  const outside = (p: { start: string; end: string }) =>
    (daysBetween(p.start, first) > revisit && yearsOf(p.start, first).some((y) => !years.has(y))) ||
    (daysBetween(last, p.end) > revisit && yearsOf(last, p.end).some((y) => !years.has(y)))
  const beyond = spec.periods.filter(outside)
  if (beyond.length === 0) return null
  const named = [...new Set(beyond.map((p) => `"${p.text}" (${p.start} to ${p.end})`))].join(', ')
  return `The period ${named} reaches beyond the input files, whose dates run from ${first} to ${last}: part of it has no file, so nothing was computed; ask for the part the files cover.`
}

/**
 * Why a task is not planned at all: a phrase that could change the result and was not understood; a period the
 * files do not cover, or cover only in part; a product (TVDI, LST, an index ...) named with no statistic: there is no default mean.
 */
function refusalFor(spec: QuestionSpec, view: RecipeInputs, inputs: InputFiles): string | null {
  const unread = refusalOf(spec, COMPILED_FEATURES)
  if (unread) return unread
  const missing = periodsMissing(spec, inputs) ?? periodsBeyondFiles(spec, inputs)
  if (missing) return missing
  if (spec.quantity.statistic === null && view.product !== null) {
    return 'The question names no statistic (mean, median, maximum, a percentile, a share ...) and its options name none, so nothing was computed; say which statistic is wanted.'
  }
  return null
}

/** The parts a reader's refused phrase stood for (read-task marks them '<part> (refused)'). */
const REFUSED_PART: Readonly<Record<string, QuestionPart>> = { region: 'region', 'relative threshold': 'mask', series: 'period' }

/**
 * What a refused question was read as, for the window: the phrases read with their part, and the parts not read
 * (no statistic named, a phrase refused); none when the refusal is about something else (the files, a recipe).
 */
function readingOf(spec: QuestionSpec, gap: ReadingGap = {}): Reading {
  const unread = new Set<QuestionPart>()
  if (gap.period) unread.add('period')
  const unplaced = gap.unplaced ? [{ text: gap.unplaced, role: UNPLACED }] : []
  if (spec.quantity.statistic === null) unread.add('statistic')
  for (const u of spec.used) {
    const part = REFUSED_PART[/^(.*) \(refused\)$/.exec(u.role)?.[1] ?? '']
    if (part) unread.add(part)
  }
  if (unread.size === 0 && unplaced.length === 0) return {}
  return { unread: [...unread], read: [...spec.used.filter((u) => !u.role.endsWith('(refused)')).map((u) => ({ text: u.text, role: u.role })), ...unplaced] }
}

/** The phrase a compiler refusal names ('"XYZ wetlands"') when it is one the reader left unread, else null. */
function unplacedPhrase(spec: QuestionSpec, part: string): string | null {
  const text = /^"(.+)"$/.exec(part)?.[1]
  return text && spec.notUnderstood.some((n) => n.text.trim() === text) ? text : null
}

/**
 * Why no recipe plans what the compiler handed off, in the analyst's words: the whole-image perception tools asked
 * for a part of the image, a statistic or composition no recipe computes, or a part of the spec the recipes do not
 * honour (a region, a range mask ...). Null when a skill plans it.
 */
function recipeGap(spec: QuestionSpec, view: RecipeInputs, skill: Skill | null): string | null {
  if (skill && (skill.id === 'perception' || skill.id === 'object-counting')) {
    if (spec.region.kind === 'whole') return null
    return `The ${skill.id === 'object-counting' ? 'counting' : 'perception'} recipe covers the whole image and cannot keep to ${spec.region.kind === 'part' ? `the ${spec.region.text}` : 'the region asked'}, so nothing was computed.`
  }
  if (skill || view.product === null) return null
  const about = spec.subjects[0] ?? 'this variable'
  if (view.unhonoured.length > 0) return `The recipe for ${about} cannot take ${view.unhonoured.join(', ')} into account, so nothing was computed.`
  if (view.statistic === null && view.asked !== null)
    return `The question asks for the ${view.asked} of ${about}, which no recipe here computes from these inputs; nothing was computed.`
  return null
}

/** Spec, skill and base workflow of a task. Planning reads file names only, never pixels. */
export function planTask(task: TaskSpec): RulesPlan {
  const spec = readTask({ question: task.question, options: task.options })
  const view = recipeInputs(spec)
  const dir = folderOf(task)
  const inputs = describeInputs(dir, dir ? [] : task.files)
  const inputRoles = [...inputs.roles].sort()
  // Questions about the pixels of PNG/JPEG pictures (a change label as a mask, a pair differenced): their own reader.
  const pictures = planPictures(task.question, [...task.files, ...task.images.filter((f) => !task.files.includes(f))], spec)
  if (pictures && 'workflow' in pictures) {
    const wf = pictures.workflow
    return { spec, refusal: null, inputRoles, view, skill: PICTURE_SKILL, workflow: wf, variant: (v) => (v === BASE_VARIANT ? wf : null), reading: {} }
  }
  const unread = pictures?.refusal ?? refusalFor(spec, view, inputs)
  const ctx: SkillContext = { question: task.question, options: task.options, images: task.images, view, inputs, spec }
  const planned = (skill: Skill | null, refusal: string | null, gap: ReadingGap = {}): RulesPlan => {
    const variant = (v: Variant) => (skill && !refusal ? skill.plan(ctx, v) : null)
    const reading = refusal ? readingOf(spec, gap) : {}
    return { spec, refusal, inputRoles, view, skill: refusal ? null : skill, workflow: variant(BASE_VARIANT), variant, reading }
  }
  if (unread) return planned(null, unread, { period: periodsMissing(spec, inputs) !== null })
  // The compiler first: any spec whose inputs the files provide compiles to one DAG; what it cannot compile is
  // refused naming the part. Only what lies outside raster statistics (objects, scenes, places compared across the
  // files' names) goes to the skills, which select on the recipes' view of the same spec.
  const compiled = compileSpec(spec, inputs, task.options, BASE_VARIANT)
  if (compiled.ok === true) {
    const variant = (v: Variant): Workflow | null => {
      const c = compileSpec(spec, inputs, task.options, v)
      return c.ok === true ? { ok: true, skill: COMPILED_SKILL.id, tool: 'execute', args: c.dag, read: c.read, describe: c.describe } : null
    }
    return { spec, refusal: null, inputRoles, view, skill: COMPILED_SKILL, workflow: variant(BASE_VARIANT), variant, reading: {} }
  }
  const matched = selectSkill(view, { question: task.question, inputs, spec })
  if (compiled.ok === 'not_applicable') return planned(matched, recipeGap(spec, view, matched))
  // A part the compiler hands off (places split across the files' names; land-cover classes and objects, which are
  // no raster variable): the skill that plans it; without one, the compiler's refusal names the part.
  const perception = matched?.id === 'perception' || matched?.id === 'object-counting'
  const measured = [null, 'fraction', 'area', 'count_pixels', 'count_objects'].includes(spec.quantity.statistic)
  const allowed = compiled.handOff === 'perception' ? perception && measured : compiled.handOff === 'recipes' && matched !== null
  if (allowed && !recipeGap(spec, view, matched)) return planned(matched, null)
  return planned(null, refusalSentence(compiled), { unplaced: unplacedPhrase(spec, compiled.part) })
}

/** A question about picture pixels as a skill, for the trajectory (planned by pictures.ts). */
const PICTURE_SKILL: Skill = {
  id: 'picture-pixels',
  title: 'pixels of PNG/JPEG pictures (a change label as a mask, a pair differenced) as one execute DAG',
  applies: () => true,
  plan: () => ({ ok: false, skill: 'picture-pixels', missing: 'the pictures (planned by planPictures)' }),
}

/** The compiled plan as a skill, for the trajectory (the compiler reads the spec; no recipe is looked up). */
const COMPILED_SKILL: Skill = {
  id: 'compiled-spec',
  title: 'the task spec compiled to one execute DAG',
  applies: () => true,
  plan: () => ({ ok: false, skill: 'compiled-spec', missing: 'the spec (planned by compileSpec)' }),
}

export class RulesPlanner implements Planner {
  private readonly cache = new WeakMap<TaskSpec, RulesPlan>()

  private context(task: TaskSpec): RulesPlan {
    let plan = this.cache.get(task)
    if (!plan) {
      plan = planTask(task)
      this.cache.set(task, plan)
    }
    return plan
  }

  /** The plan the planner follows for a task: its spec, skill and base workflow (for the trajectory). */
  describe(task: TaskSpec): RulesPlan {
    return this.context(task)
  }

  async next(view: PlannerView): Promise<PlannerStep> {
    const plan = this.context(view.task)
    const wf = plan.workflow
    if (!wf || !wf.ok || plan.refusal || !plan.skill) return unplanned(plan)

    const events = view.events
    if (events.length === 0) return call(wf, `skill ${wf.skill}: ${wf.describe}`)
    const last = events[events.length - 1]
    if (last.kind === 'accepted' || last.kind === 'unverified') return { kind: 'finish', thought: 'The workflow result was accepted.' }
    if (last.kind === 'rule_failed' && last.rule === 'unknown_tool') {
      return { kind: 'finish', thought: `The ${last.action.tool} tool is not installed, so skill ${wf.skill} cannot run.` }
    }
    if (view.abandoned.some((r) => r.origin <= last.call) && !view.request && last.kind === 'verdict' && last.decision === 'request_evidence') {
      return { kind: 'finish', thought: 'The evidence request ran out of follow-ups; answering with what is verified.' }
    }

    const tried = new Set(events.map((e) => canonicalCall(e.action.tool, e.action.args)))
    const failed = afterFailure(last, tried)
    if (failed) return failed
    // A follow-up that answered a targeted route or a corroboration request and was rejected settles it: the answer
    // states the diagnosis (both values) instead of cycling through repairs that do not address it, or the same one.
    const lastRequest = [...events].reverse().find((e) => e.kind === 'verdict' && e.decision === 'request_evidence' && e.call < last.call)
    const targetedKeys = (needed: readonly string[]) => needed.some((k) => k.startsWith('route:') || k === 'corroboration')
    if (
      !view.request &&
      last.kind === 'verdict' &&
      last.decision === 'reject' &&
      last.followUp &&
      lastRequest?.kind === 'verdict' &&
      targetedKeys(lastRequest.needed)
    ) {
      return { kind: 'finish', thought: `The follow-up computed for the evidence request (${lastRequest.needed.join(', ')}) was rejected: ${last.feedback}` }
    }
    // A rejection whose diagnosis names a content fault: repair exactly that, or stop (follow-ups.ts).
    if (!view.request && last.kind === 'verdict' && last.decision === 'reject') {
      const targeted = targetedRepair(last.feedback, last.action.args)
      if (targeted?.kind === 'unrepairable') return { kind: 'finish', thought: targeted.reason }
      if (targeted?.kind === 'repair' && !tried.has(canonicalCall(last.action.tool, targeted.args))) {
        return { kind: 'calls', calls: [{ tool: last.action.tool, args: targeted.args, purpose: targeted.purpose }], thought: targeted.purpose }
      }
    }
    // A targeted evidence request names the route that answers it (verify/evidence-routes.ts), computed here. Not a
    // route that changes what the question is read to ask (its statistic, region or period) of the very DAG compiled
    // from the spec: the verifier reads the question otherwise than the planner, and computing its reading would answer
    // another question than the one the plan (and the answer's words) describe (set 14's "the lowest monthly mean" had
    // been answered with the mean of the monthly means, said to be their minimum).
    if (view.request) {
      const origin = events.find((e) => e.call === view.request!.origin)
      const reading = view.request.needed.filter((k) => READING_ROUTES.some((r) => k.startsWith(r)))
      if (origin && reading.length > 0 && canonicalCall(origin.action.tool, origin.action.args) === canonicalCall(wf.tool, wf.args)) {
        return {
          kind: 'finish',
          thought: `The verifier reads the question otherwise than the plan: the plan computes ${wf.describe}, the verifier asks for ${reading.map(describeRoute).join('; ')}. Nothing is answered from either reading; say in the question which is meant.`,
        }
      }
      const routed = origin ? routeFor(view.request.needed, origin.action.args) : null
      if (routed && !tried.has(canonicalCall(origin!.action.tool, routed.args)))
        return { kind: 'calls', calls: [{ tool: origin!.action.tool, args: routed.args, purpose: routed.purpose }], thought: routed.purpose }
    }
    // A route the planner's own variants compute: the scale applied apart from the read; roles bound by name.
    if (view.request) {
      const keys = view.request.needed
      const variant = keys.some((k) => k.startsWith(SCALE_APART)) ? SCALE_VARIANT : keys.some((k) => k.startsWith(BIND_ROLES)) ? ROLES_VARIANT : null
      const next = variant ? plan.variant(variant) : null
      if (next && next.ok && !tried.has(canonicalCall(next.tool, next.args)))
        return call(next, `evidence request answered by a targeted route (${keys.join(', ')}): ${describeVariant(variant!)}`)
      // A targeted route that nothing here computes (or that was already computed) is not replaced by an unrelated variant.
      if (keys.length > 0 && keys.every((k) => k.startsWith('route:'))) {
        return {
          kind: 'finish',
          thought: `The verifier asked for ${keys.map(describeRoute).join('; ')}; no untried call computes it, so the observation stays unverified.`,
        }
      }
    }
    // A request for corroboration is answered by a second route to the same quantity, not the same DAG again.
    if (view.request && view.request.needed.includes('corroboration')) {
      const origin = events.find((e) => e.call === view.request!.origin)
      const route = origin ? secondRoute(origin.action.args) : null
      if (route && !tried.has(canonicalCall(origin!.action.tool, route.args))) {
        return { kind: 'calls', calls: [{ tool: origin!.action.tool, args: route.args, purpose: route.purpose }], thought: route.purpose }
      }
      // A variant of the same workflow (roles bound, values unscaled) runs the same operators, so the verifier would
      // take it as a repeat of the first route: with nothing independent to compute, stop instead of spending calls.
      if (view.request.needed.every((k) => k === 'corroboration'))
        return {
          kind: 'finish',
          thought: `The verifier asked for a second, independent route to call ${view.request.origin} (the prior is low); ${route ? 'it was already computed' : 'no other route to this quantity is known'}, so the observation stays unverified.`,
        }
    }
    const candidates = view.request ? FOLLOW_UPS : REPAIRS
    for (const v of candidates) {
      const next = plan.variant(v)
      if (!next || !next.ok) continue
      if (tried.has(canonicalCall(next.tool, next.args))) continue
      const why = view.request
        ? `follow-up for the evidence request (${view.request.needed.join(', ') || 'more evidence'}): ${describeVariant(v)}`
        : `repair after ${last.kind === 'verdict' ? 'a rejection' : 'a failed check'}: ${describeVariant(v)}`
      return call(next, why)
    }
    return { kind: 'finish', thought: 'Every repair of the workflow has been tried.' }
  }
}

/** Why a plan computes nothing: the question's refusal, no recipe for its subject, or a workflow missing inputs. */
function unplanned(plan: RulesPlan): PlannerStep {
  const wf = plan.workflow
  if (plan.refusal) return { kind: 'finish', thought: plan.refusal, ...plan.reading }
  if (!plan.skill) {
    const asked = plan.spec.subjects.length ? ` about ${plan.spec.subjects.join(', ')}` : ''
    const held = plan.inputRoles.length ? `: the input files hold ${plan.inputRoles.join(', ')}` : ': no input layers were given'
    return { kind: 'finish', thought: `No recipe answers this question${asked} from these inputs${held}; nothing was computed.` }
  }
  return { kind: 'finish', thought: `Skill ${plan.skill.id} cannot run: missing ${wf && !wf.ok ? wf.missing : 'inputs'}.` }
}

/**
 * After a call the tool refused or could not run: a tool that reports 'insufficient' or 'error' has said the data
 * cannot give the value, and rebinding bands or rescaling would not change that, so the plan stops; unless the
 * evidence shows why and a change of the call repairs it (a conventional scale on a float file that left no pixel
 * above a threshold: `cause`). Null for any other event (rejections and evidence failures are repaired).
 */
function afterFailure(last: PlannerView['events'][number], tried: Set<string>): PlannerStep | null {
  if (last.kind === 'rule_failed' && last.rule === 'status' && last.cause) {
    const targeted = targetedRepair(last.cause, last.action.args)
    if (targeted?.kind === 'repair' && !tried.has(canonicalCall(last.action.tool, targeted.args)))
      return { kind: 'calls', calls: [{ tool: last.action.tool, args: targeted.args, purpose: targeted.purpose }], thought: targeted.purpose }
  }
  if ((last.kind === 'rule_failed' && (last.rule === 'status' || last.rule === 'arguments')) || last.kind === 'tool_failed')
    return { kind: 'finish', thought: 'The tool could not compute the workflow from these inputs.' }
  return null
}

function describeVariant(v: Variant): string {
  const parts = [
    v.explicitRoles ? 'bind band roles explicitly' : null,
    v.scaled ? null : 'read values as already physical',
    v.listFiles ? 'enumerate input files one by one' : null,
  ]
  return parts.filter(Boolean).join('; ') || 'the standard workflow'
}

function call(wf: Extract<Workflow, { ok: true }>, purpose: string): PlannerStep {
  return { kind: 'calls', calls: [{ tool: wf.tool, args: wf.args, purpose }], thought: purpose }
}
