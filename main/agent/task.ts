/**
 * The task the agent answers: the question, its inputs, its answer options, and the answer requirement that follows
 * from them (paper B.3: option letter, number with unit, or short text).
 */
import { z } from 'zod'
import { parseOptions, type AnswerOption } from '../domain/options'
import { applyCorrections } from '../domain/spans/corrections'

export type { AnswerOption }

export type AnswerFormat = 'choice' | 'number' | 'text'

export interface TaskSpec {
  /** The question as read: as typed, with the corrections its later messages make applied ("sorry, 300 K"). */
  question: string
  /** The question as typed, where corrections changed it. */
  asked?: string
  /** The corrections applied: what was written and what was meant instead. */
  corrections?: { written: string; meant: string }[]
  options: AnswerOption[]
  /** Images the question is about (PNG/JPEG/GeoTIFF), in semantic order. */
  images: string[]
  /** Data files (e.g. a folder's GeoTIFF time series), absolute paths. */
  files: string[]
  format: AnswerFormat
}

/** Lettered options are read by the one option reader (main/domain/options.ts). */
export { parseOptions }

/** The answer requirement that fits a question: a letter when there are options, a number when it asks for one. */
export function answerFormatFor(question: string, options: AnswerOption[]): AnswerFormat {
  if (options.length > 0) return 'choice'
  return /\b(how many|how much|calculate|compute|estimate|what (?:is|was) the (?:mean|average|total|percentage|proportion|area|number|value))\b/i.test(question)
    ? 'number'
    : 'text'
}

export const TaskInput = z.object({
  question: z.string().trim().min(3, 'the question is empty'),
  options: z.array(z.object({ letter: z.string().regex(/^[A-Z]$/), text: z.string() })).default([]),
  images: z.array(z.string().min(1)).default([]),
  files: z.array(z.string().min(1)).default([]),
})

export function makeTask(input: z.input<typeof TaskInput>): TaskSpec {
  const parsed = TaskInput.parse(input)
  const read = applyCorrections(parsed.question)
  const corrections = read.corrections.flatMap((c) => (c.replaced ? [c.replaced] : []))
  const question = corrections.length ? read.text : parsed.question
  return {
    ...parsed,
    question,
    ...(corrections.length ? { asked: parsed.question, corrections } : {}),
    format: answerFormatFor(question, parsed.options),
  }
}

/** The requirement text handed to an answer writer (paper B.3 "ANSWER REQUIREMENT"). */
export function answerRequirement(task: TaskSpec): string {
  switch (task.format) {
    case 'choice':
      return `Name one option letter (${task.options.map((o) => o.letter).join(', ')}) only if a verified observation supports it, then one short sentence of support; state any gap in the evidence beside it. If none supports an option, name no letter and say what is missing.`
    case 'number':
      return 'Give one number with its unit, then one short sentence of support; if the verified observations cannot give it, say what is missing instead of a number.'
    case 'text':
      return 'Answer in one or two short sentences grounded in the verified observations; say what is missing where they fall short.'
  }
}
