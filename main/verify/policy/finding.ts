/** One observation about the evidence made by a policy check, and how much it weighs. */
export type Severity = 'reject' | 'request' | 'caveat' | 'pass'

export interface Finding {
  check: string
  severity: Severity
  /** For requests: the evidence wanted, as a short key (becomes `needed` in the verdict). */
  key?: string
  message: string
}

export const pass = (check: string, message: string): Finding => ({ check, severity: 'pass', message })
