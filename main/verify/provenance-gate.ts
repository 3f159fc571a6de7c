/**
 * The deterministic checks every semantic verifier gets, whatever it is (the LLM verifier here; the rules policy
 * runs the same checks among its own): an execute observation whose provenance does not match the question, or
 * that a low prior leaves uncorroborated, is decided here before the wrapped verifier is asked. A model that would
 * accept the mean for a median, or one computation under a low r̂, is not given the chance.
 */
import { decide } from './evidence-policy'
import { checkCorroboration } from './policy/corroboration'
import { breakTie } from './policy/tie-break'
import { checkProvenance } from './provenance/check-provenance'
import type { SemanticVerifier, VerificationInput, Verdict } from './verdict'

export class ProvenanceGate implements SemanticVerifier {
  readonly name: string

  constructor(private readonly inner: SemanticVerifier) {
    this.name = inner.name
  }

  async verify(input: VerificationInput, signal?: AbortSignal): Promise<Verdict> {
    if (input.config.tool !== 'execute') return this.inner.verify(input, signal)
    const tie = await breakTie(
      [
        ...checkProvenance(input.question, input.action.args, input.evidence, input.observation, input.options),
        ...checkCorroboration(input.prior, input.action, input.observation, input.corroborates ?? null),
      ],
      input,
    )
    const findings = tie.findings.filter((f) => f.severity === 'reject' || f.severity === 'request')
    if (findings.length > 0) {
      const verdict = decide(findings, '')
      return tie.confirms !== undefined && verdict.decision === 'reject' ? { ...verdict, confirms: tie.confirms } : verdict
    }
    return this.inner.verify(input, signal)
  }
}
