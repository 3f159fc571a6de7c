/**
 * Two routes to one quantity that disagree under a low prior (corroboration.ts) say that one of them is wrong, not
 * which. A third route that shares neither's reader nor reductions (third-route.ts: the same files decoded by
 * geotiff.js, reduced by its own loops) decides: the value two independent routes agree on (within ROUTES_AGREE) is
 * kept and the other is rejected, all values shown. When the third route agrees with the earlier call, this call is
 * rejected and the verdict names the earlier call as confirmed (the loop then accepts that observation). When it
 * agrees with neither, or cannot be computed, the disagreement stands and nothing is kept.
 */
import type { VerificationInput } from '../verdict'
import { routesAgree } from './corroboration'
import type { Finding } from './finding'
import { thirdRoute } from './third-route'

export interface TieOutcome {
  findings: Finding[]
  /** The earlier call whose value the third route confirmed, if it did. */
  confirms?: number
}

const fmt = (v: number) => v.toPrecision(6)

/** The findings with a two-route disagreement settled by a third route, where one can be computed. */
export async function breakTie(findings: Finding[], input: VerificationInput): Promise<TieOutcome> {
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
