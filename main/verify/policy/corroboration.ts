/**
 * How the reliability prior changes a decision (DESIGN sections 5-6): with a low r̂ for the task type and the
 * call's configuration, one computation is not enough. The verifier asks for the same quantity by a second,
 * independent route (another operator path over the same data: a region query over the whole image instead of a
 * per-date reduction, a pooled summary beside the per-date one, the statistic recomputed on windows that tile the
 * image), and accepts only when the follow-up agrees with the observation it asked about. With a high r̂, or none,
 * complete evidence is enough.
 */
import type { PriorEstimate } from '../../prior/store'
import { dagOf, isRec, num, upstream } from '../../tools/execute/evidence-reader'
import { LOW_PRIOR } from '../prior-lookup'
import type { ToolAction } from '../verdict'
import type { Finding } from './finding'
import { pass } from './finding'

/** Below this r̂ (the policy's low-prior line) an observation needs a corroborating computation before acceptance. */
const CORROBORATE_BELOW = LOW_PRIOR

/**
 * Largest relative difference between two routes that still counts as agreement (float rounding only): the one
 * tolerance for a second route against the first and for the third route that breaks their tie (tie-break.ts).
 */
export const ROUTES_AGREE = 1e-6

/** Whether two routes' values agree within ROUTES_AGREE. */
export function routesAgree(a: number, b: number): boolean {
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1e-12) <= ROUTES_AGREE
}

/** The observation a follow-up call answers: the one the verifier asked corroborating evidence for. */
export interface Corroborated {
  call: number
  action: ToolAction
  observation: unknown
  /**
   * The verifier asked that call for more than corroboration (its own evidence left its value in doubt: a route
   * request, missing coverage): its value is not a reference a follow-up is compared with.
   */
  inDoubt?: boolean
}

/** The number an observation reports (a scalar, a choice's value, a one-number table), if it reports one. */
export function reportedValue(observation: unknown): number | undefined {
  if (typeof observation === 'number') return Number.isFinite(observation) ? observation : undefined
  if (!isRec(observation)) return undefined
  const direct = num(observation.value)
  if (direct !== undefined) return direct
  const numbers = Object.entries(observation).filter(([k, v]) => k !== 'unit' && num(v) !== undefined)
  return numbers.length === 1 ? num(numbers[0][1]) : undefined
}

/** The operators (with their statistic) between the inputs and the output: what makes one route differ from another. */
function route(action: ToolAction): string {
  const { nodes, output } = dagOf(action.args)
  const feeding = output ? upstream(nodes, output) : new Set<string>()
  return nodes
    .filter((n) => feeding.has(n.id) && !['asset.catalog', 'raster.read', 'decision.select'].includes(n.op))
    .map((n) => `${n.op}${typeof n.params.stat === 'string' ? `:${n.params.stat}` : ''}${Array.isArray(n.params.stats) ? `:${n.params.stats.join('+')}` : ''}`)
    .sort()
    .join(',')
}

export function checkCorroboration(prior: PriorEstimate | null, action: ToolAction, observation: unknown, earlier: Corroborated | null): Finding[] {
  if (prior === null || prior.r_hat >= CORROBORATE_BELOW) return []
  const low = `the prior for this task type and configuration is low (r̂ = ${prior.r_hat.toFixed(2)} < ${CORROBORATE_BELOW})`
  if (earlier?.inDoubt && earlier.action.tool === action.tool) {
    return [
      {
        check: 'corroboration',
        severity: 'request',
        key: 'corroboration',
        message: `${low}: call ${earlier.call}'s own evidence left its value in doubt, so it is not compared with this one; compute this call's quantity a second, independent way before it is accepted`,
        alone: { low },
      },
    ]
  }
  if (!earlier || earlier.action.tool !== action.tool) {
    return [
      {
        check: 'corroboration',
        severity: 'request',
        key: 'corroboration',
        message: `${low}: compute the same quantity a second, independent way before it is accepted (for example a region query over the whole image instead of the per-date reduction, or the statistic recomputed on windows that tile the image)`,
      },
    ]
  }
  const a = reportedValue(earlier.observation)
  const b = reportedValue(observation)
  if (a === undefined || b === undefined) {
    return [
      {
        check: 'corroboration',
        severity: 'request',
        key: 'corroboration',
        message: `${low}, and the values of call ${earlier.call} and this call cannot be compared as numbers`,
      },
    ]
  }
  if (route(earlier.action) === route(action)) {
    return [
      {
        check: 'corroboration',
        severity: 'request',
        key: 'corroboration',
        message: `${low}: this call repeats the route of call ${earlier.call} (${route(action) || 'no operators'}); an independent route is needed`,
      },
    ]
  }
  if (!routesAgree(a, b)) {
    return [
      {
        check: 'corroboration',
        severity: 'reject',
        message: `${low}, and the two routes disagree: ${b.toPrecision(6)} here against ${a.toPrecision(6)} from call ${earlier.call}`,
        tie: { call: earlier.call, theirs: a, ours: b, low },
      },
    ]
  }
  return [pass('corroboration', `${low}; an independent route agrees with call ${earlier.call} (${b.toPrecision(6)} against ${a.toPrecision(6)})`)]
}
