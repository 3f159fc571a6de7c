/**
 * The task classifier z = f(q) that keys the reliability prior (paper section 4.3): deterministic keyword rules
 * first (`classifier-rules.ts`), the configured backbone as fallback when no rule fires, and a documented default
 * when neither decides. Offline calibration and online verification call this same function, so a calibration
 * record and a live lookup of the same question land on the same row of the prior.
 *
 * Earth-Bench style data-analysis questions map as follows (the agent keys the prior by it):
 * - spectral indices, land surface temperature, TVDI/drought, turbidity, snow, fire, emissions, rainfall
 *   -> `environmental_assessment` (the type whose calibrated rows cover execute:asset.catalog, raster.product and
 *   raster.summarize in the published matrix);
 * - population, night-time lights, built volume, economic activity -> `resource_assessment`;
 * - counting objects in images -> `object_counting`; counting images of one scene kind -> `scene_classification`;
 * - areas, lengths, heights of detected objects -> `physical_property`; distances between objects ->
 *   `spatial_relationship`; changes of objects between dates -> `change_detection`.
 */
import { CLASSIFIER_RULES, type ClassifierRule } from './classifier-rules'
import { parseQuestion } from './question-text'
import { isTaskType, TASK_TYPES, taskTypeList, type TaskType } from './task-types'

/**
 * The type used when no rule fires and no backbone decides (the rules backbone). A question that names no
 * object, quantity, place, time, quality or sensor is open reasoning about what the scene means for people,
 * which is what situation inference covers; its published prior rows are the evidence-mode perception ones,
 * the generic observation every question can use.
 */
export const DEFAULT_TASK_TYPE: TaskType = 'situation_inference'

export type ClassifiedBy = 'rule' | 'model' | 'default'

export interface Classification {
  taskType: TaskType
  by: ClassifiedBy
}

export interface ClassifyOptions {
  /** The backbone, asked only when no rule fires; returning null (or an unknown type) leads to the default. */
  fallback?: (question: string) => Promise<TaskType | null>
  /** Candidate options given apart from the question text (suite `options`, Earth-Bench `choices`). */
  options?: string | readonly string[] | null
}

/** The rule that fires first for a question, or null. */
export function matchRule(question: string, options?: string | readonly string[] | null): ClassifierRule | null {
  const parsed = parseQuestion(question, options)
  if (!parsed.stem) return null
  return CLASSIFIER_RULES.find((rule) => rule.test(parsed)) ?? null
}

/** The task type by rules alone, or null when no rule fires. Synchronous and deterministic. */
export function classifyByRules(question: string, options?: string | readonly string[] | null): TaskType | null {
  return matchRule(question, options)?.type ?? null
}

/**
 * Classify a question: rules, then the backbone (if given), then `DEFAULT_TASK_TYPE`. A fallback that throws is
 * treated as undecided, so a broken backbone never blocks a run; the error is not swallowed silently but left to
 * the backbone's own logging.
 */
export async function classifyTask(question: string, opts: ClassifyOptions = {}): Promise<Classification> {
  const byRule = classifyByRules(question, opts.options)
  if (byRule) return { taskType: byRule, by: 'rule' }
  if (opts.fallback) {
    let answer: TaskType | null
    try {
      answer = await opts.fallback(question)
    } catch {
      answer = null
    }
    if (isTaskType(answer)) return { taskType: answer, by: 'model' }
  }
  return { taskType: DEFAULT_TASK_TYPE, by: 'default' }
}

/**
 * Read a task type out of a backbone's free-text reply (for fallbacks built on a chat model): the first of the 21
 * ids that appears, also accepting spaces for underscores; null when none does.
 */
export function taskTypeFromText(reply: string): TaskType | null {
  const text = reply.toLowerCase().replace(/[\s-]+/g, '_')
  let best: { type: TaskType; at: number } | null = null
  for (const type of TASK_TYPES) {
    const at = text.indexOf(type)
    if (at >= 0 && (!best || at < best.at)) best = { type, at }
  }
  return best?.type ?? null
}

/**
 * The instruction a chat backbone gets when asked to type a question no rule matched: the 21 definitions and a
 * request to answer with one id only. Parse its reply with `taskTypeFromText`.
 */
export function classifierPrompt(question: string): string {
  const defs = taskTypeList()
    .map((t) => `- ${t.id}: ${t.definition}`)
    .join('\n')
  return [
    'Assign the remote-sensing question below to exactly one task type. Task types:',
    defs,
    '',
    `Question: ${question.trim()}`,
    '',
    'Reply with the task type id only.',
  ].join('\n')
}

/**
 * The smallest slice of a chat backbone the classifier needs (the agent's `Model` satisfies it structurally; the
 * prior layer cannot import the agent layer).
 */
export interface ChatBackbone {
  chat(
    request: {
      messages: { role: 'system' | 'user'; content: string }[]
      temperature?: number
      maxTokens?: number
    },
    signal?: AbortSignal,
  ): Promise<{ text: string }>
}

/** A `classifyTask` fallback that asks a chat backbone with `classifierPrompt` and reads its reply. */
export function backboneFallback(model: ChatBackbone, signal?: AbortSignal): (question: string) => Promise<TaskType | null> {
  return async (question) => {
    const reply = await model.chat({ messages: [{ role: 'user', content: classifierPrompt(question) }], temperature: 0, maxTokens: 16 }, signal)
    return taskTypeFromText(reply.text)
  }
}
