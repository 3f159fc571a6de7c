/**
 * The final answer from a language model, in a fresh context (paper B.3): the prompt holds the task, the answer
 * requirement, the verified history and the list of what could not be verified — nothing else. For a
 * multiple-choice task a reply that names no offered letter is reported as no choice; a letter it names is still
 * checked against the verified observations by the run (answer-grounding.ts), which overrules an unsupported one.
 */
import { z } from 'zod'
import { compactJson } from '../../verify/compact-json'
import { fillPrompt } from '../../verify/prompt-template'
import type { AnswerInput, AnswerWriter, FinalAnswer } from '../answer'
import type { Model } from '../model'
import { answerRequirement } from '../task'
import { jsonSchemaOf } from '../tool-registry'
import type { HistoryEntry } from '../verified-history'

const AnswerReply = z.object({
  answer: z.string().min(1),
  explanation: z.string().default(''),
  choice: z.string().nullable().optional(),
})

/** The reply's JSON schema for the model, derived from the zod schema that checks the reply. */
const ANSWER_SCHEMA = jsonSchemaOf(AnswerReply.strict())

/** One verified history entry as the writer reads it. */
export function renderHistoryEntry(e: HistoryEntry): string {
  if (e.kind === 'card') return `[call ${e.call}] CARDS from retrieve: ${compactJson(e.cards, { maxChars: 3000 })}`
  return [
    `[call ${e.call}] ${e.status.toUpperCase()} ${e.action.tool} ${e.config.fine}`,
    `  ACTION: ${compactJson(e.action.args, { maxChars: 2000 })}`,
    `  OBSERVATION: ${compactJson(e.observation, { maxChars: 2000 })}`,
    `  EVIDENCE: ${compactJson(e.evidence, { maxChars: 3000 })}`,
    ...(e.caveats.length ? [`  CAVEATS: ${e.caveats.join('; ')}`] : []),
  ].join('\n')
}

export function answerPrompt(input: AnswerInput): string {
  const { task, history, gaps } = input
  return fillPrompt('answer', {
    question: task.question,
    options: task.options.length ? `OPTIONS:\n${task.options.map((o) => `${o.letter}. ${o.text}`).join('\n')}` : '',
    requirement: answerRequirement(task),
    history: history.size ? history.entries.map(renderHistoryEntry).join('\n') : '(none)',
    gaps: gaps.length ? gaps.map((g) => `- ${g}`).join('\n') : '(nothing)',
  })
}

export class LlmAnswerWriter implements AnswerWriter {
  constructor(private readonly model: Model) {}

  async write(input: AnswerInput, signal?: AbortSignal): Promise<FinalAnswer> {
    const response = await this.model.chat(
      { messages: [{ role: 'user', content: answerPrompt(input) }], responseSchema: { name: 'final_answer', schema: ANSWER_SCHEMA }, temperature: 0 },
      signal,
    )
    const parsed = AnswerReply.safeParse(response.json)
    if (!parsed.success) throw new Error(`the answer writer's reply is not an answer (${parsed.error.issues[0].message}).`)
    const { task, history, gaps } = input
    const letters = task.options.map((o) => o.letter)
    const claimed = (parsed.data.choice ?? parsed.data.answer).trim().match(/^\(?([A-Z])\b/)?.[1] ?? null
    const choice = task.format === 'choice' && claimed && letters.includes(claimed) ? claimed : null
    const number = parsed.data.answer.match(/[+-]?\d+(?:\.\d+)?/)
    return {
      answer: choice ?? parsed.data.answer,
      explanation: parsed.data.explanation,
      choice,
      value: task.format === 'number' && number ? Number(number[0]) : null,
      unit: null,
      basis: history.observations().map((e) => e.call),
      missing: [...gaps, ...history.observations().flatMap((e) => e.caveats)],
    }
  }
}
