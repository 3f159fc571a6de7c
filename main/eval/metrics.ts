/**
 * Suite metrics for one configuration (DESIGN section 8, paper section 3.1 and tables 6-10):
 *
 * - accuracy over the tasks that ran (an unreadable or missing answer counts as wrong; a `--force-choice` guess counts
 *   as the answer), and `accuracy_without_guesses`, where a guess counts as wrong, so a guess is never a verified
 *   success;
 * - R_dep = |T_dep| / |T|, R_err = |T_err| / |T_dep|, R_prop = |T_prop| / |T_err| (judge.ts defines the sets;
 *   R_err counts only dependent tasks with at least one observation that ground truth covers);
 *   each rate is over the tasks where this configuration produced wrong observations, as in paper table 9;
 * - tool-call ratio = tool calls / reference calls, averaged over the tasks that ran and carry a reference sequence
 *   (paper table 10; verification follow-ups count as calls);
 * - LLM calls, tokens and seconds per task (table 7);
 * - verification statistics of table 8 (tasks with a failed observation; of them with an evidence request; of them
 *   with an accepted observation after the request; of them answered correctly; rejected calls) and, where ground
 *   truth exists, per observation: the share of right observations kept out of the verified history (false
 *   rejection) and of wrong ones let in (missed).
 */
import { EVAL_CONFIGS } from './ask'
import type { TaskOutcome } from './judge'

export interface Rate {
  num: number
  den: number
  /** num / den, or null when den is 0. */
  value: number | null
}

const rate = (num: number, den: number): Rate => ({ num, den, value: den > 0 ? num / den : null })
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)
function median(xs: number[]): number | null {
  if (!xs.length) return null
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export interface VerificationStats {
  tasks_with_failed_observation: Rate
  tasks_with_request: Rate
  tasks_with_accept_after_request: Rate
  answered_correctly: Rate
  rejected_calls: number
  /** Over every verified call that produced an observation. */
  accept_rate: Rate
  request_rate: Rate
  reject_rate: Rate
  rule_fail_rate: Rate
  /** Right observations (by ground truth) of uncorrupted calls kept out of the verified history. */
  false_rejection: Rate
  /** The same over the clean controls only (tasks without an injected fault): must stay 0. */
  false_rejection_clean: Rate
  /** Wrong observations let into the verified history. */
  missed_wrong: Rate
  /**
   * Observations that did not enter the history at once (rejected, a rule failed, evidence requested) and got a
   * targeted evidence request: a named route or a second, independent computation (issue 16).
   */
  targeted_requests: Rate
  /** Of those, the requests a later follow-up settled by an accept or a reject on its own evidence. */
  requests_resolved: Rate
  /**
   * The reliability prior as the verifier saw it: lookups that found a cell (fine or coarse) over every lookup, the
   * range of r̂ found, and the observations sent to a second, independent route because r̂ was low (corroboration).
   */
  prior: { found: Rate; fine: number; r_min: number | null; r_max: number | null; corroboration_requests: number } | null
}

export interface FaultStats {
  kind: string
  tasks: number
  /** Tasks where the fault found something to corrupt. */
  applied: number
  erroneous: number
  propagated: Rate
  correct: Rate
}

export interface ConfigMetrics {
  config: string
  backbone: string
  tasks: number
  ran: number
  unavailable: number
  failed: number
  accuracy: Rate
  accuracy_without_guesses: Rate
  guesses: number
  r_dep: Rate
  r_err: Rate
  r_prop: Rate
  tool_call_ratio: { value: number | null; tasks: number }
  per_task: {
    tool_calls: number | null
    follow_ups: number | null
    llm_calls: number | null
    tokens: number | null
    seconds_mean: number | null
    seconds_median: number | null
  }
  /** null when verification was off in this configuration. */
  verification: VerificationStats | null
  faults: FaultStats[]
}

function verificationStats(ran: TaskOutcome[], priorOn: boolean): VerificationStats {
  const verified = ran.flatMap((t) => t.observations).filter((o) => o.fate !== 'unverified')
  const failedTasks = ran.filter((t) => t.rejections + t.requests + t.rule_failures > 0)
  const requested = failedTasks.filter((t) => t.observations.some((o) => o.fate === 'requested') || t.follow_ups > 0)
  const acceptedAfter = requested.filter((t) => {
    const firstRequest = Math.min(...t.observations.filter((o) => o.fate === 'requested').map((o) => o.call), Number.POSITIVE_INFINITY)
    const firstFollowUp = Math.min(...t.observations.filter((o) => o.followUp).map((o) => o.call), Number.POSITIVE_INFINITY)
    const from = Math.min(firstRequest, firstFollowUp)
    return t.observations.some((o) => o.fate === 'accepted' && o.call > from)
  })
  // Right by the reference and not a corrupted call: a call the fault wrapper changed whose value happens to equal
  // the reference (a unit label changed where the number did not move) is rightly rejected when its evidence shows
  // a run other than the call, so it is no false rejection.
  const right = verified.filter((o) => o.wrong === false && !o.faulted)
  const wrong = verified.filter((o) => o.wrong === true)
  const rightClean = ran
    .filter((t) => t.fault === null)
    .flatMap((t) => t.observations)
    .filter((o) => o.fate !== 'unverified' && o.wrong === false)
  // A right observation the verifier asked corroboration for, answered by an accepted follow-up later in the same
  // run, was kept (its value entered the history with the corroborating call): not a false rejection.
  const kept = new Set(
    ran.flatMap((t) =>
      t.observations.filter(
        (o) => o.fate === 'requested' && t.observations.some((f) => f.followUp && f.call > o.call && f.fate === 'accepted' && f.wrong === false),
      ),
    ),
  )
  const failed = verified.filter((o) => o.fate === 'rejected' || o.fate === 'requested' || o.fate === 'rule_failed')
  const targeted = ran.flatMap((t) => t.observations.filter((o) => o.targeted).map((o) => ({ t, o })))
  const resolved = targeted.filter(({ t, o }) => t.observations.some((f) => f.followUp && f.call > o.call && (f.fate === 'accepted' || f.fate === 'rejected')))
  return {
    tasks_with_failed_observation: rate(failedTasks.length, ran.length),
    tasks_with_request: rate(requested.length, failedTasks.length),
    tasks_with_accept_after_request: rate(acceptedAfter.length, requested.length),
    answered_correctly: rate(acceptedAfter.filter((t) => t.correct === true).length, acceptedAfter.length),
    rejected_calls: ran.reduce((a, t) => a + t.rejections, 0),
    accept_rate: rate(verified.filter((o) => o.fate === 'accepted').length, verified.length),
    request_rate: rate(verified.filter((o) => o.fate === 'requested').length, verified.length),
    reject_rate: rate(verified.filter((o) => o.fate === 'rejected').length, verified.length),
    rule_fail_rate: rate(verified.filter((o) => o.fate === 'rule_failed').length, verified.length),
    false_rejection: rate(right.filter((o) => o.fate !== 'accepted' && !kept.has(o)).length, right.length),
    false_rejection_clean: rate(rightClean.filter((o) => o.fate !== 'accepted' && !kept.has(o)).length, rightClean.length),
    missed_wrong: rate(wrong.filter((o) => o.fate === 'accepted').length, wrong.length),
    targeted_requests: rate(failed.filter((o) => o.targeted).length, failed.length),
    requests_resolved: rate(resolved.length, targeted.length),
    prior: priorOn ? priorStats(ran) : null,
  }
}

function priorStats(ran: TaskOutcome[]): NonNullable<VerificationStats['prior']> {
  const looked = ran.flatMap((t) => t.observations).filter((o) => o.prior !== undefined)
  const found = looked.map((o) => o.prior).filter((p): p is { r_hat: number; level: string } => p !== null && p !== undefined)
  const rs = found.map((p) => p.r_hat)
  return {
    found: rate(found.length, looked.length),
    fine: found.filter((p) => p.level === 'fine').length,
    r_min: rs.length ? Math.min(...rs) : null,
    r_max: rs.length ? Math.max(...rs) : null,
    corroboration_requests: ran.flatMap((t) => t.observations).filter((o) => o.corroboration === true).length,
  }
}

function faultStats(ran: TaskOutcome[]): FaultStats[] {
  const kinds = [...new Set(ran.map((t) => t.fault?.kind).filter((k): k is string => Boolean(k)))].sort()
  return kinds.map((kind) => {
    const ts = ran.filter((t) => t.fault?.kind === kind)
    const err = ts.filter((t) => t.erroneous)
    return {
      kind,
      tasks: ts.length,
      applied: ts.filter((t) => (t.fault?.applied ?? 0) > 0).length,
      erroneous: err.length,
      propagated: rate(err.filter((t) => t.propagated).length, err.length),
      correct: rate(ts.filter((t) => t.correct === true).length, ts.length),
    }
  })
}

/** Metrics of one configuration over its task outcomes. */
export function configMetrics(config: string, backbone: string, verify: boolean, outcomes: readonly TaskOutcome[]): ConfigMetrics {
  const ran = outcomes.filter((t) => t.status === 'done')
  const dep = ran.filter((t) => t.dependent)
  // R_err is over the dependent tasks whose observations could be judged at all (a reference or a gold option).
  const judged = dep.filter((t) => t.judged)
  const err = judged.filter((t) => t.erroneous)
  const withRef = ran.filter((t) => t.reference_calls !== null && t.reference_calls > 0)
  return {
    config,
    backbone,
    tasks: outcomes.length,
    ran: ran.length,
    unavailable: outcomes.filter((t) => t.status === 'unavailable').length,
    failed: outcomes.filter((t) => t.status === 'failed').length,
    accuracy: rate(ran.filter((t) => t.correct === true).length, ran.length),
    accuracy_without_guesses: rate(ran.filter((t) => t.correct === true && !t.guessed).length, ran.length),
    guesses: ran.filter((t) => t.guessed).length,
    r_dep: rate(dep.length, ran.length),
    r_err: rate(err.length, judged.length),
    r_prop: rate(err.filter((t) => t.propagated).length, err.length),
    tool_call_ratio: { value: mean(withRef.map((t) => t.tool_calls / (t.reference_calls as number))), tasks: withRef.length },
    per_task: {
      tool_calls: mean(ran.map((t) => t.tool_calls)),
      follow_ups: mean(ran.map((t) => t.follow_ups)),
      llm_calls: mean(ran.map((t) => t.llm_calls)),
      tokens: mean(ran.map((t) => t.tokens)),
      seconds_mean: mean(ran.map((t) => t.seconds)),
      seconds_median: median(ran.map((t) => t.seconds)),
    },
    verification: verify ? verificationStats(ran, config in EVAL_CONFIGS ? EVAL_CONFIGS[config as keyof typeof EVAL_CONFIGS].prior : true) : null,
    faults: faultStats(ran),
  }
}
