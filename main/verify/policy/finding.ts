/** One observation about the evidence made by a policy check, and how much it weighs. */
export type Severity = 'reject' | 'request' | 'caveat' | 'pass'

export interface Finding {
  check: string
  severity: Severity
  /** For requests: the evidence wanted, as a short key (becomes `needed` in the verdict). */
  key?: string
  message: string
  /**
   * For rejections: the key of a targeted evidence request (`route:...`, verify/evidence-routes.ts) whose follow-up
   * would settle this finding with new evidence (the same quantity by a route the fault named cannot reach, or with
   * the named part recomputed as the question asks). A first observation whose every rejection has one is sent to
   * that route instead of being rejected; the follow-up is verified again and accepted or rejected on its own.
   */
  route?: string
  /**
   * For a rejection by two disagreeing routes: the earlier call, both values and the prior's words, so a third route
   * can break the tie (tie-break.ts).
   */
  tie?: { call: number; theirs: number; ours: number; low: string }
  /**
   * For a corroboration request with no reference to compare with (the earlier call was in doubt): the prior's
   * words, so the verifier may answer the request itself with the third route (tie-break.ts).
   */
  alone?: { low: string }
}

export const pass = (check: string, message: string): Finding => ({ check, severity: 'pass', message })
