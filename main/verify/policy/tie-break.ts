/**
 * Two routes to one quantity that disagree under a low prior (corroboration.ts) say that one of them is wrong, not
 * which. A third route that shares neither's reader nor reductions (third-route.ts: the same files decoded by
 * geotiff.js, reduced by its own loops) decides: the value two independent routes agree on (within ROUTES_AGREE) is
 * kept and the other is rejected, all values shown. When the third route agrees with the earlier call, this call is
 * rejected and the verdict names the earlier call as confirmed (the loop then accepts that observation). When it
 * agrees with neither, or cannot be computed, the disagreement stands and nothing is kept. The same route answers a
 * corroboration request that has no earlier value to compare with (the earlier call's own evidence was in doubt).
 */
import type { VerificationInput } from '../verdict'
import { reportedValue, routesAgree } from './corroboration'
import type { Finding } from './finding'
import { thirdRoute } from './third-route'

export interface TieOutcome {
  findings: Finding[]
  /** The earlier call whose value the third route confirmed, if it did. */
  confirms?: number
}

const fmt = (v: number) => v.toPrecision(6)

/**
 * A corroboration request with nothing to compare with (the earlier call was in doubt) answered by the third route
 * over this call's own quantity: agreement corroborates, disagreement rejects; otherwise the request stands.
 */
async function corroborateAlone(findings: Finding[], input: VerificationInput): Promise<Finding[]> {
  const at = findings.findIndex((f) => f.alone && f.severity === 'request')
  const ours = reportedValue(input.observation)
  if (at < 0 || ours === undefined) return findings
  const { low } = findings[at].alone!
  const third = await thirdRoute(input.action.args, input.evidence)
  if ('unsupported' in third) return findings
  const agree = routesAgree(third.value, ours)
  const f: Finding = agree
    ? {
        check: 'corroboration',
        severity: 'pass',
        message: `${low}; an independent reader (${third.route}) gives ${fmt(third.value)}, agreeing with this call's ${fmt(ours)}`,
      }
    : {
        check: 'corroboration',
        severity: 'reject',
        message: `${low}, and an independent reader (${third.route}) gives ${fmt(third.value)} against ${fmt(ours)} here`,
      }
  return findings.map((x, i) => (i === at ? f : x))
}

/** The findings with a two-route disagreement settled by a third route, where one can be computed. */
export async function breakTie(given: Finding[], input: VerificationInput): Promise<TieOutcome> {
  const findings = await corroborateAlone(given, input)
  const at = findings.findIndex((f) => f.tie && f.severity === 'reject')
  const earlier = input.corroborates
  if (at < 0 || !earlier) return { findings }
  const { call, theirs, ours, low } = findings[at].tie!
  const third = await thirdRoute(earlier.action.args, input.evidence)
  const disagree = `the two routes disagree: ${fmt(ours)} here against ${fmt(theirs)} from call ${call}`
  const replace = (f: Finding) => findings.map((x, i) => (i === at ? f : x))
  if ('unsupported' in third) {
    return {
      findings: replace({
        check: 'corroboration',
        severity: 'reject',
        message: `${low}, and ${disagree}; no third route breaks the tie: ${third.unsupported}`,
      }),
    }
  }
  const c = fmt(third.value)
  const withOurs = routesAgree(third.value, ours)
  const withTheirs = routesAgree(third.value, theirs)
  if (withOurs && !withTheirs) {
    return {
      findings: replace({
        check: 'corroboration',
        severity: 'pass',
        message: `${low}; ${disagree}, and a third, independent route (${third.route}) gives ${c}, which agrees with this call: call ${call}'s ${fmt(theirs)} is rejected`,
      }),
    }
  }
  if (withTheirs && !withOurs) {
    return {
      findings: replace({
        check: 'corroboration',
        severity: 'reject',
        message: `${low}; ${disagree}, and a third, independent route (${third.route}) gives ${c}, which agrees with call ${call}: this call's ${fmt(ours)} is rejected and call ${call}'s ${fmt(theirs)} is kept`,
      }),
      confirms: call,
    }
  }
  return {
    findings: replace({
      check: 'corroboration',
      severity: 'reject',
      message: `${low}, and ${disagree}; a third, independent route (${third.route}) gives ${c}, which settles neither`,
    }),
  }
}
