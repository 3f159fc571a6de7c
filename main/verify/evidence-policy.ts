/**
 * The deterministic semantic verifier of the rules backbone (DESIGN section 5): the provenance of the observation
 * against the question (statistic, masks, region, unit, pooling, read by the verifier's own question reader),
 * quality and coverage checks over the evidence, tightened by a low reliability prior (a high prior never waives a
 * check), and with a low prior a second, independent computation of the same quantity before acceptance
 * (policy/corroboration.ts). Like the LLM verifier it sees only the question, task type, action, observation,
 * evidence and prior (and, for a follow-up, the observation it follows up), never the backbone's history.
 *
 * Any finding that shows the observation wrong rejects it; any that shows evidence missing requests it (with the
 * keys of what is needed); otherwise it is accepted, carrying the caveats the answer must state.
 */
import { checkBandBinding } from './policy/band-binding'
import { checkBoxContent } from './policy/box-content'
import { checkCatalogSkipped } from './policy/catalog-skipped'
import { checkContent, MASK_FILL } from './policy/content'
import { datesIn, isRec } from '../tools/execute/evidence-reader'
import { checkDecisionMargin, checkLeftOut, checkNodes, checkOutputRange, checkValidPixels } from './policy/execute-quality'
import { pass, type Finding } from './policy/finding'
import { answersMaskRoute, describeRoute, replacesCall } from './evidence-routes'
import { checkPerception } from './policy/perception-quality'
import { checkTemporalCoverage } from './policy/temporal-coverage'
import { checkCorroboration, reportedValue } from './policy/corroboration'
import { breakTie } from './policy/tie-break'
import { checkTvdiEdges } from './policy/tvdi-edges'
import { strictnessFor } from './prior-lookup'
import { checkProvenance } from './provenance/check-provenance'
import { checkRunMatchesCall, MASK_NODATA } from './policy/run-matches-call'
import type { SemanticVerifier, VerificationInput, Verdict } from './verdict'

export function policyFindings(input: VerificationInput): Finding[] {
  const strictness = strictnessFor(input.prior)
  const { source, intermediate, validity } = input.evidence
  if (input.config.tool === 'execute') {
    const coverage = checkTemporalCoverage(input.question, input.action.args, validity, strictness)
    const dates = isRec(validity.temporal_coverage) || Array.isArray(validity.temporal_coverage) ? datesIn(validity.temporal_coverage).length : 0
    const run = checkRunMatchesCall(input.action.args, source)
    const findings = [
      ...run,
      ...checkProvenance(input.question, input.action.args, input.evidence, input.observation, input.options),
      ...checkNodes(validity),
      ...coverage,
      ...checkCatalogSkipped(intermediate),
      ...checkBandBinding(input.action.args, source, intermediate),
      ...checkContent(input.question, input.action.args, source, intermediate, validity),
      ...checkValidPixels(input.action.args, intermediate, strictness),
      ...checkTvdiEdges(intermediate, strictness),
      ...checkLeftOut(validity, dates, strictness),
      ...checkOutputRange(input.action.args, input.observation),
      ...checkDecisionMargin(input.observation),
      // A follow-up that answers a targeted route request replaces the observation it follows (shown wrong by its
      // own evidence): it is the second computation, not one to compare with the first.
      ...(input.corroborates &&
      (answersMaskRoute(input.corroborates.action.args, input.action.args) || replacesCall(input.corroborates.action.args, input.action.args))
        ? [
            pass(
              'corroboration',
              `a second route (fill masked apart from the read) replaces call ${input.corroborates.call}, whose run did not honour the nodata asked`,
            ),
          ]
        : checkCorroboration(input.prior, input.action, input.observation, input.corroborates ?? null)),
    ]
    // Rejections a targeted route can settle (the statistic, region or period recomputed as asked; a scale, band or
    // file list the run did not honour taken by another path): a first observation whose every rejection has one is
    // sent to those routes (issue 16: the request names what to compute differently). A follow-up is judged on its
    // own evidence, and a rejection then shows both values.
    const rejects = findings.filter((f) => f.severity === 'reject')
    if (
      !input.corroborates &&
      rejects.length > 0 &&
      rejects.every((f) => f.route) &&
      !findings.some((f) => f.severity === 'request' && f.key?.startsWith('route:mask'))
    ) {
      return findings.map((f) =>
        f.severity === 'reject'
          ? { check: f.check, severity: 'request' as const, key: f.route, message: `${f.message}; needed: ${describeRoute(f.route!)}` }
          : f,
      )
    }
    // Both values are stated once: a disagreement of two routes already names them.
    if (input.corroborates && rejects.length > 0 && !rejects.some((f) => f.check === 'corroboration')) {
      const a = reportedValue(input.corroborates.observation)
      const b = reportedValue(input.observation)
      if (a !== undefined && b !== undefined)
        findings.push({
          check: 'route',
          severity: 'reject',
          message: `the follow-up gives ${b.toPrecision(6)} against ${a.toPrecision(6)} from call ${input.corroborates.call}, and still fails`,
        })
    }
    const route = findings.find((f) => f.severity === 'request' && (f.key?.startsWith(MASK_NODATA) || f.key?.startsWith(MASK_FILL)))
    if (!route) return findings
    // A follow-up that still ran otherwise than its call settles nothing new: reject. A first observation gets
    // the targeted request; what else its evidence shows (values out of range from the fill) is said beside it.
    if (input.corroborates) return [{ check: route.check, severity: 'reject', message: route.message }]
    const other = findings.filter((f) => f !== route && (f.severity === 'reject' || f.severity === 'request'))
    // Only what a fill leaking in explains (content, ranges, valid pixels) waits for the route; a misreading does not.
    if (other.some((f) => f.severity === 'reject' && !/^(content_|valid|output|decision_margin)/.test(f.check)))
      return findings.map((f) => (f === route ? { check: f.check, severity: 'reject' as const, message: f.message } : f))
    // Every fill request goes with the route (one per read or date); what else the run shows is said beside it.
    const routes = findings.filter((f) => f.severity === 'request' && (f.key?.startsWith(MASK_NODATA) || f.key?.startsWith(MASK_FILL)))
    const rest = other.filter((f) => !routes.includes(f))
    return [
      ...routes.slice(0, -1),
      {
        ...routes.at(-1)!,
        message: rest.length ? `${routes.at(-1)!.message} (the run as it is shows: ${rest.map((f) => f.message).join('; ')})` : routes.at(-1)!.message,
      },
    ]
  }
  return checkPerception(input.config.coarse, intermediate, validity, strictness, source, input.observation)
}

/** Combine findings into one verdict: reject beats request, request beats accept. */
export function decide(findings: Finding[], priorNote: string): Verdict {
  const rejects = findings.filter((f) => f.severity === 'reject')
  const requests = findings.filter((f) => f.severity === 'request')
  const caveats = findings.filter((f) => f.severity === 'caveat').map((f) => f.message)
  if (rejects.length > 0) {
    return {
      decision: 'reject',
      feedback: `${rejects.map((f) => f.message).join('; ')}.`,
      needed: [],
      caveats: [],
      checks: [...new Set(rejects.map((f) => f.check))],
    }
  }
  if (requests.length > 0) {
    return {
      decision: 'request_evidence',
      feedback: `${requests.map((f) => f.message).join('; ')}${priorNote}.`,
      needed: [...new Set(requests.map((f) => f.key ?? f.check))],
      caveats: [],
    }
  }
  const passed = findings.filter((f) => f.severity === 'pass').map((f) => f.message)
  return { decision: 'accept', feedback: `${passed.join('; ') || 'the evidence supports the observation'}${priorNote}.`, needed: [], caveats }
}

export class EvidencePolicyVerifier implements SemanticVerifier {
  readonly name = 'rules-policy'

  async verify(input: VerificationInput): Promise<Verdict> {
    const strict = strictnessFor(input.prior) === 'strict'
    const priorNote = input.prior
      ? ` (prior r̂ = ${input.prior.r_hat.toFixed(2)} at ${input.prior.level} level${strict ? ': strict thresholds applied' : ''})`
      : ''
    const findings = policyFindings(input)
    // Perception: the image under the boxes is looked at too (model-free; policy/box-content.ts).
    if (input.config.tool !== 'execute') findings.push(...(await checkBoxContent(input.action.tool, input.action.args, input.evidence.intermediate)))
    // Two routes that disagree: a third, independent route decides which value is kept (policy/tie-break.ts).
    const tie = await breakTie(findings, input)
    const verdict = decide(tie.findings, priorNote)
    return tie.confirms !== undefined && verdict.decision === 'reject' ? { ...verdict, confirms: tie.confirms } : verdict
  }
}
