/**
 * The deterministic planner of the rules backbone: slots -> skill -> one complete workflow, then repair driven by
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
import { BASE_VARIANT, type Variant } from './products'
import { selectSkill, type Skill, type SkillContext, type Workflow } from './skills'
import { needsSpecSkill, SPEC_STATISTICS } from './skills/spec-statistics'
import { extractSlots, type Slots } from './slots'
import { readTask } from '../../task/read-task'
import { refusalOf, type TaskSpec as QuestionSpec } from '../../task/spec'
import type { QuestionPart } from '../../domain/run-events'
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
  slots: Slots
  skill: Skill | null
  /** The base workflow, or why there is none. */
  workflow: Workflow | null
  /** The workflow of a variant (repair or follow-up) of the same skill. */
  variant(v: Variant): Workflow | null
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

/**
 * Why a task is not planned at all: a phrase that could change the result and was not understood; a period the
 * files do not cover; no statistic named where the old reader would have assumed the mean.
 */
function refusalFor(spec: QuestionSpec, slots: Slots, inputs: InputFiles): string | null {
  const unread = refusalOf(spec, COMPILED_FEATURES)
  if (unread) return unread
  const missing = periodsMissing(spec, inputs)
  if (missing) return missing
  if (spec.quantity.statistic === null && slots.statistic === 'mean' && slots.product !== null) {
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
function readingOf(spec: QuestionSpec): { unread?: QuestionPart[]; read?: { text: string; role: string }[] } {
  const unread = new Set<QuestionPart>()
  if (spec.quantity.statistic === null) unread.add('statistic')
  for (const u of spec.used) {
    const part = REFUSED_PART[/^(.*) \(refused\)$/.exec(u.role)?.[1] ?? '']
    if (part) unread.add(part)
  }
  if (unread.size === 0) return {}
  return { unread: [...unread], read: spec.used.filter((u) => !u.role.endsWith('(refused)')).map((u) => ({ text: u.text, role: u.role })) }
}

/** The older slot statistics that compute each statistic of the spec (the recipes the spec-statistics skill leaves to them). */
const LEGACY_FOR: Partial<Record<NonNullable<QuestionSpec['quantity']['statistic']>, readonly Slots['statistic'][]>> = {
  mean: ['mean', 'masked_mean', 'masked_contrast', 'change'],
  max: ['max', 'masked_contrast', 'change'],
  min: ['min', 'masked_contrast', 'change'],
  fraction: ['fraction', 'change'],
  count_dates: ['count_dates'],
  trend: ['trend'],
  date_of_max: ['argmax_date'],
  date_of_min: ['argmin_date'],
  count_objects: ['count_objects'],
}

/**
 * When a slot recipe (not the spec-statistics skill) will plan the task, its statistic must be one that computes
 * what the spec asks; otherwise the run says so rather than answer another quantity (an area asked, a share
 * computed).
 */
function legacyDisagrees(spec: QuestionSpec, slots: Slots, skill: Skill | null): string | null {
  const asked = spec.quantity.statistic
  // The perception skills read the question with their own reader (skills/perception.ts) and plan measure/perceive
  // over the whole image: a half, quadrant or box asked is a region they would drop.
  if (skill && (skill.id === 'perception' || skill.id === 'object-counting') && spec.region.kind !== 'whole') {
    return `The ${skill.id === 'object-counting' ? 'counting' : 'perception'} recipe covers the whole image and cannot keep to ${spec.region.kind === 'part' ? `the ${spec.region.text}` : 'the region asked'}, so nothing was computed.`
  }
  if (!skill || skill.id === 'spec-statistics' || skill.id === 'perception' || skill.id === 'object-counting' || asked === null) return null
  // What only the spec-statistics skill plans (a median, a region, a range mask ...) would be dropped by another recipe.
  if (needsSpecSkill(spec)) {
    const what = [
      SPEC_STATISTICS.has(asked) ? `the ${asked.replace('_', ' ')}` : null,
      spec.region.kind !== 'whole' ? 'the region asked' : null,
      spec.conditions.some((c) => c.op === 'between' || c.op === 'outside') ? 'the range condition' : null,
      spec.pooling === 'pooled' ? 'pooled pixels' : null,
      spec.unit === 'degC' ? 'degrees Celsius' : null,
    ].filter(Boolean)
    return `The recipe for ${spec.subjects[0] ?? 'this variable'} cannot take ${what.join(', ')} into account, so nothing was computed.`
  }
  // The change recipes subtract; a ratio between periods or areas is another quantity.
  if (spec.quantity.combine === 'ratio')
    return `The question asks for a ratio between ${spec.quantity.across ?? 'two quantities'}, which no recipe here computes (they give differences); nothing was computed.`
  // The named-variable recipe reads the statistic itself (the mean over the pixels a condition keeps, a change, a trend).
  if (skill.id === 'named-variable')
    return ['mean', 'max', 'min', 'fraction', 'trend'].includes(asked)
      ? null
      : `The question asks for the ${asked.replace(/_/g, ' ')} of ${spec.subjects[0] ?? 'the variable'}, which no recipe here computes for it; nothing was computed.`
  const allowed = LEGACY_FOR[asked]
  if (allowed?.includes(slots.statistic)) return null
  const words = (s: string) => s.replace(/_/g, ' ').replace('argmax date', 'date of the maximum').replace('argmin date', 'date of the minimum')
  return `The question asks for the ${words(asked)}, but no recipe here computes it from these inputs (the closest recipe would give the ${words(slots.statistic)}); nothing was computed.`
}

/** Slots, skill and base workflow of a task. Planning reads file names only, never pixels. */
export function planTask(task: TaskSpec): RulesPlan {
  const spec = readTask({ question: task.question, options: task.options })
  const slots = extractSlots(task.question)
  const dir = folderOf(task)
  const inputs = describeInputs(dir, dir ? [] : task.files)
  const unread = refusalFor(spec, slots, inputs)
  const ctx: SkillContext = { question: task.question, options: task.options, images: task.images, slots, inputs, spec }
  // The compiler first: any spec whose inputs the files provide compiles to one DAG; what it cannot compile is
  // refused naming the part. Only what lies outside raster statistics (objects, scenes) goes to the older skills.
  // Known reader gap (main/task, not this planner's): a date count over an area share stated after the share
  // ("... this proportion surpassed 40%") comes without its areaCondition; until the reader keeps it, the older
  // recipe plans that one family instead of compiling a count on the wrong quantity.
  const readerGap = spec.quantity.statistic === 'count_dates' && !spec.areaCondition && slots.areaFraction !== null && slots.areaFraction !== undefined
  const compiled = unread || readerGap ? null : compileSpec(spec, inputs, task.options, BASE_VARIANT)
  // A part the compiler hands to the older skills (places split across the files' names, compared; land-cover
  // classes and objects, which are no raster variable): the skill whose statistic agrees with the spec plans it;
  // without one, the compiler's refusal names the part.
  if (compiled && compiled.ok === false && compiled.handOff) {
    const matched = selectSkill(slots, { question: task.question, inputs, spec })
    const disagrees = matched ? legacyDisagrees(spec, slots, matched) : null
    // Perception measures shares, areas and counts of classes; a mean of an unread variable is no class measure.
    const measured = [null, 'fraction', 'area', 'count_pixels', 'count_objects'].includes(spec.quantity.statistic)
    const allowed =
      compiled.handOff === 'perception' ? measured && (matched?.id === 'perception' || matched?.id === 'object-counting') : matched?.id !== 'spec-statistics'
    if (matched && allowed && !disagrees) {
      const variant = (v: Variant) => matched.plan(ctx, v)
      return { spec, refusal: null, inputRoles: [...inputs.roles].sort(), slots, skill: matched, workflow: variant(BASE_VARIANT), variant }
    }
    return { spec, refusal: refusalSentence(compiled), inputRoles: [...inputs.roles].sort(), slots, skill: null, workflow: null, variant: () => null }
  }
  if (compiled && compiled.ok !== 'not_applicable') {
    const refusal = compiled.ok ? null : refusalSentence(compiled)
    const skill: Skill | null = compiled.ok ? COMPILED_SKILL : null
    const variant = (v: Variant): Workflow | null => {
      const c = compileSpec(spec, inputs, task.options, v)
      return c.ok === true ? { ok: true, skill: COMPILED_SKILL.id, tool: 'execute', args: c.dag, read: c.read, describe: c.describe } : null
    }
    return { spec, refusal, inputRoles: [...inputs.roles].sort(), slots, skill, workflow: variant(BASE_VARIANT), variant }
  }
  const matched = unread ? null : selectSkill(slots, { question: task.question, inputs, spec })
  const refusal = unread ?? legacyDisagrees(spec, slots, matched)
  const skill = refusal ? null : matched
  const variant = (v: Variant) => (skill ? skill.plan(ctx, v) : null)
  return { spec, refusal, inputRoles: [...inputs.roles].sort(), slots, skill, workflow: variant(BASE_VARIANT), variant }
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

  /** The plan the planner follows for a task: its slots, skill and base workflow (for the trajectory). */
  describe(task: TaskSpec): RulesPlan {
    return this.context(task)
  }

  async next(view: PlannerView): Promise<PlannerStep> {
    const plan = this.context(view.task)
    const wf = plan.workflow
    if (plan.refusal) return { kind: 'finish', thought: plan.refusal, ...readingOf(plan.spec) }
    if (!plan.skill) {
      const asked = plan.spec.subjects.length ? ` about ${plan.spec.subjects.join(', ')}` : ''
      const held = plan.inputRoles.length ? `: the input files hold ${plan.inputRoles.join(', ')}` : ': no input layers were given'
      return { kind: 'finish', thought: `No recipe answers this question${asked} from these inputs${held}; nothing was computed.` }
    }
    if (!wf || !wf.ok) return { kind: 'finish', thought: `Skill ${plan.skill.id} cannot run: missing ${wf && !wf.ok ? wf.missing : 'inputs'}.` }

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

    // A tool that reports 'insufficient' or 'error' has said the data cannot give the value; rebinding bands or
    // rescaling would not change that, so only rejections and evidence failures are repaired.
    if ((last.kind === 'rule_failed' && (last.rule === 'status' || last.rule === 'arguments')) || last.kind === 'tool_failed') {
      return { kind: 'finish', thought: 'The tool could not compute the workflow from these inputs.' }
    }
    const tried = new Set(events.map((e) => canonicalCall(e.action.tool, e.action.args)))
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
    // A targeted evidence request names the route that answers it (verify/evidence-routes.ts), computed here.
    if (view.request) {
      const origin = events.find((e) => e.call === view.request!.origin)
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
