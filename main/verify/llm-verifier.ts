/**
 * The LLM verifier (DESIGN section 5, step 3; paper B.2): a separate model context that sees only the images (with
 * the evidence drawn on them where it could be), the question, the task type, the action, the observation, the
 * evidence and the prior, and answers accept | request_evidence | reject as JSON. It never sees the backbone's
 * history. An answer that is not a valid verdict is an error, which the loop turns into a rejection.
 */
import { z } from 'zod'
import { compactJson } from './compact-json'
import { fillPrompt } from './prompt-template'
import { Verdict, type SemanticVerifier, type VerificationInput } from './verdict'

/** The one thing the LLM verifier needs from a model: a JSON answer to a prompt with images. */
export interface JsonChat {
  completeJson(request: { prompt: string; images: string[]; schemaName: string; schema: Record<string, unknown> }, signal?: AbortSignal): Promise<unknown>
}

/** The verdict's JSON schema for the model, derived from the zod schema that checks the answer (input side: the
 * lists may be left out, as their defaults fill them). */
export const VERDICT_JSON_SCHEMA: Record<string, unknown> = (() => {
  const json: Record<string, unknown> = { ...z.toJSONSchema(Verdict.strict(), { io: 'input' }) }
  delete json.$schema
  return json
})()

/** The prompt text of one verification (exported so tests can check what the verifier is, and is not, shown). */
export function verifierPrompt(input: VerificationInput): string {
  const prior = input.prior
    ? `r̂ = ${input.prior.r_hat.toFixed(3)} (${input.prior.level} level, ${input.prior.n_valid} valid of ${input.prior.n} past calls; ${input.prior.source})`
    : 'None'
  return fillPrompt('verifier', {
    task_type: input.taskType,
    question: input.question,
    options: input.options.length ? `OPTIONS: ${input.options.join(' | ')}` : '',
    action: compactJson(input.action, { maxChars: 4000 }),
    observation: compactJson(input.observation, { maxChars: 2000 }),
    evidence: compactJson(input.evidence, { maxChars: 8000 }),
    prior,
    earlier: input.corroborates
      ? `call ${input.corroborates.call}, for which evidence was requested: ACTION ${compactJson(input.corroborates.action, { maxChars: 2000 })} OBSERVATION ${compactJson(input.corroborates.observation, { maxChars: 1000 })}`
      : 'nothing (this is not a follow-up call)',
    images: input.images.length
      ? input.images
          .map(
            (im, i) =>
              `#${i + 1} ${im.path}${im.overlay ? ' (evidence drawn on it)' : ''}${im.overlay || im.dataUri ? '' : ' (not attached: format not readable)'}`,
          )
          .join('; ')
      : 'none',
  })
}

export class LlmVerifier implements SemanticVerifier {
  readonly name = 'llm-verifier'

  constructor(private readonly chat: JsonChat) {}

  async verify(input: VerificationInput, signal?: AbortSignal): Promise<Verdict> {
    const images = input.images.map((im) => im.overlay ?? im.dataUri).filter((u): u is string => typeof u === 'string')
    const raw = await this.chat.completeJson({ prompt: verifierPrompt(input), images, schemaName: 'verdict', schema: VERDICT_JSON_SCHEMA }, signal)
    const parsed = Verdict.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new Error(`the verifier's answer is not a verdict (${issue.path.join('.') || 'top level'}: ${issue.message})`)
    }
    return parsed.data
  }
}
