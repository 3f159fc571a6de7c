/**
 * The perception skill of the rules backbone: questions answered by seeing and measuring rather than by a product
 * DAG. It reads what is asked (its own narrow reader, beside the task spec's statistic, subjects and unit) and plans
 * one measure call with declared sources and a typed spec, or one perceive call for a scene class:
 * - counting: "How many ships are docked?" -> measure count over an objects source (a detector pack or the VLM);
 * - area: "What is the area of water in km²?" -> measure area over a regions source (spectral indices first);
 * - share: "What share of this scene is water?" -> measure percentage of the class over the valid pixels;
 * - change: "What percentage of the area changed?" with two images -> measure percentage over a change source
 *   (change vector analysis of the co-registered pair), or its area;
 * - scene: "What kind of scene is this?" with options -> perceive scene with the options as label_space.
 * The measure spec is written here from the question; measure itself never reads the question.
 */
import { regionClassOf, type RegionClass } from '../../../engines/classical/spectral-regions'
import type { TaskSpec } from '../../../task/spec'
import type { AnswerOption } from '../../task'
import type { Skill, SkillContext, Workflow } from '../skills'
import type { RecipeInputs } from '../recipe-inputs'

export type PerceptionAsk =
  | { kind: 'count'; target: string }
  | { kind: 'area'; cls: RegionClass; unit: string }
  | { kind: 'share'; cls: RegionClass; unit: '%' | 'fraction' }
  | { kind: 'change_share'; unit: '%' | 'fraction' }
  | { kind: 'change_area'; unit: string }
  | { kind: 'scene'; labels: string[] }

const SHARE = /\b(share|percent(?:age)?|proportion|fraction|how much of|what part of)\b/i
const AS_FRACTION = /\b(fraction|proportion)\b/i
const CHANGE = /\b(chang(?:e|ed|es|ing)|new(?:ly)? built|appeared|disappeared|demolished|transformed)\b/i
const AREA = /\b(area|surface|extent|how (?:large|big)|square (?:kilo)?met(?:re|er)s?|km²|km2|hectares?)\b/i
const SCENE = /\b(scene|land[\s-]?use|land[\s-]?cover type|what (?:kind|type) of (?:area|place|landscape|region)|(?:kind|type) of (?:scene|area))\b/i
const AREA_UNITS: Record<string, string> = { km2: 'km2', ha: 'ha', m2: 'm2' }

/** The land-cover class a question asks about (the first class word found), or null. */
function classOf(question: string): RegionClass | null {
  for (const word of question.split(/[^A-Za-z_-]+/)) {
    const c = word.length > 2 ? regionClassOf(word) : null
    if (c) return c
  }
  return regionClassOf(question)
}

/** What a question asks of perception, or null when it is not a perception question. */
export function readPerceptionAsk(question: string, spec: TaskSpec, view: RecipeInputs, options: AnswerOption[]): PerceptionAsk | null {
  if (view.statistic === 'count_objects') return { kind: 'count', target: (view.objects ?? 'objects').toLowerCase() }
  if (view.product !== null || spec.periods.length > 0 || view.thresholds.length > 0) return null
  const unit =
    AREA_UNITS[spec.unit ?? ''] ??
    (/km²|km2|square kilomet/i.test(question) ? 'km2' : /hectare|\bha\b/i.test(question) ? 'ha' : /m²|m2|square met/i.test(question) ? 'm2' : 'km2')
  const share = SHARE.test(question)
  const pct = AS_FRACTION.test(question) && !/percent/i.test(question) ? 'fraction' : '%'
  if (CHANGE.test(question) && (share || AREA.test(question))) return share ? { kind: 'change_share', unit: pct } : { kind: 'change_area', unit }
  const cls = classOf(question)
  if (cls && share) return { kind: 'share', cls, unit: pct }
  if (cls && (spec.quantity.statistic === 'area' || AREA.test(question))) return { kind: 'area', cls, unit }
  if (SCENE.test(question) && options.length >= 2) return { kind: 'scene', labels: options.map((o) => o.text.trim()) }
  return null
}

/** The image or scene the question is about: the images given, else the folder (one scene's band files). */
function inputsOf(ctx: SkillContext): string[] {
  if (ctx.images.length) return ctx.images
  if (ctx.inputs.dir) return [ctx.inputs.dir]
  return ctx.inputs.files
}

const CLASS_WORDS: Record<RegionClass, string> = { water: 'water', vegetation: 'vegetation', bare_soil: 'bare soil', built_up: 'built-up area' }

function plan(ctx: SkillContext): Workflow {
  const ask = readPerceptionAsk(ctx.question, ctx.spec, ctx.view, ctx.options)
  const id = ask?.kind === 'count' ? 'object-counting' : 'perception'
  if (!ask) return { ok: false, skill: id, missing: 'a perception question this skill can read' }
  const inputs = inputsOf(ctx)
  const measure = (sources: Record<string, unknown>[], spec: Record<string, unknown>, quantity: string, unit: string, describe: string): Workflow => ({
    ok: true,
    skill: id,
    tool: 'measure',
    args: { sources, spec },
    read: { kind: 'scalar', quantity, unit },
    describe,
  })
  switch (ask.kind) {
    case 'count': {
      if (inputs.length === 0) return { ok: false, skill: id, missing: 'an image to count in (pass it with --image)' }
      const target = ask.target.replace(/\s+/g, '_').replace(/[^a-z0-9_-]/g, '') || 'objects'
      return measure(
        [{ id: 'image', mode: 'objects', image_paths: [inputs[0]], target_groups: { [target]: [ask.target] }, backend: 'auto' }],
        { metric: 'count', subject: target, output_unit: 'count' },
        `number of ${ask.target}`,
        'count',
        `count of ${ask.target} detected in the image`,
      )
    }
    case 'area':
    case 'share': {
      if (inputs.length === 0) return { ok: false, skill: id, missing: 'a multispectral image or scene folder (pass it with --files or --image)' }
      const source = { id: 'scene', mode: 'regions', image_paths: inputs, target_groups: { [ask.cls]: [CLASS_WORDS[ask.cls]] }, backend: 'auto' }
      if (ask.kind === 'area')
        return measure(
          [source],
          { metric: 'area', subject: ask.cls, output_unit: ask.unit },
          `area of ${CLASS_WORDS[ask.cls]}`,
          ask.unit,
          `area of ${CLASS_WORDS[ask.cls]} from spectral-index regions`,
        )
      return measure(
        [source],
        { metric: 'percentage', subject: ask.cls, denominator: 'valid_pixels', output_unit: ask.unit },
        `share of ${CLASS_WORDS[ask.cls]} in the valid pixels`,
        ask.unit,
        `share of the scene covered by ${CLASS_WORDS[ask.cls]}`,
      )
    }
    case 'change_share':
    case 'change_area': {
      if (inputs.length !== 2) return { ok: false, skill: id, missing: 'two co-registered images, before then after (pass each with --image)' }
      const source = { id: 'pair', mode: 'change', image_paths: inputs, target_groups: { change: ['changed area'] }, backend: 'auto' }
      if (ask.kind === 'change_area')
        return measure(
          [source],
          { metric: 'area', subject: 'change', output_unit: ask.unit },
          'changed area',
          ask.unit,
          'area that changed between the two images',
        )
      return measure(
        [source],
        { metric: 'percentage', subject: 'change', denominator: 'valid_pixels', output_unit: ask.unit },
        'share of the area that changed',
        ask.unit,
        'share of the area that changed between the two images',
      )
    }
    case 'scene': {
      if (inputs.length === 0) return { ok: false, skill: id, missing: 'an image to classify (pass it with --image)' }
      return {
        ok: true,
        skill: id,
        tool: 'perceive',
        args: { mode: 'scene', image_paths: inputs, label_space: ask.labels, objective: 'the scene class of each image', backend: 'auto' },
        read: { kind: 'choice', quantity: 'scene class', unit: '' },
        describe: 'scene class from the options',
      }
    }
  }
}

/** Counting objects: a detector pack or the vision-language model through measure. */
export const objectCountingSkill: Skill = {
  id: 'object-counting',
  title: 'Counting detected objects through measure (a detector pack or the vision-language model)',
  applies: (view) => view.statistic === 'count_objects',
  plan: (ctx) => plan(ctx),
}

export const perceptionSkill: Skill = {
  id: 'perception',
  title: 'Land-cover area and share, changed share or area of an image pair, and scene class, through perceive and measure',
  applies: (view, ctx) => !!ctx && (readPerceptionAsk(ctx.question, ctx.spec, view, []) !== null || (SCENE.test(ctx.question) && view.product === null)),
  plan: (ctx) => plan(ctx),
}

/**
 * The answer to a scene question from a verified perceive:scene observation: the option whose text is the class
 * the backend gave the (first) image; none when no option carries that class.
 */
export function sceneAnswer(observation: unknown, options: AnswerOption[]): { letter: string | null; className: string | null; confidence: number | null } {
  const preds = observation && typeof observation === 'object' ? (observation as { predictions?: unknown }).predictions : undefined
  const first = Array.isArray(preds) ? (preds[0] as { class_name?: unknown; confidence?: unknown } | undefined) : undefined
  const className = typeof first?.class_name === 'string' ? first.class_name : null
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[.\s]+$/, '')
  const option = className ? options.find((o) => norm(o.text) === norm(className)) : undefined
  return { letter: option?.letter ?? null, className, confidence: typeof first?.confidence === 'number' ? first.confidence : null }
}
