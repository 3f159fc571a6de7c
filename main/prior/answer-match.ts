/**
 * Judging a run's final answer against a labelled task's gold answer, for calibration (the prior learns from
 * task feedback: an observation that fed a correct answer counts as valid).
 *
 * - choice: the gold is an option letter; the answer's letter is read from its start ("B", "B.", "(B) ...") or
 *   from "answer: B" / "option B".
 * - number: the first number in the answer is compared with the gold within `tolerance` (absolute, in the task's
 *   unit); without a tolerance, within a relative 1e-6 (a printed rounding of the same value).
 * - text: case- and space-insensitive equality, or the gold phrase contained in the answer.
 * Returns null when the answer is missing or has no readable letter/number: such a run is not judged at all.
 */
import { answerLetter } from '../domain/options'

export type AnswerType = 'choice' | 'number' | 'text'

export interface GoldAnswer {
  answer: string | number
  answer_type?: AnswerType
  /** Absolute tolerance for numeric answers, in the answer's unit. */
  tolerance?: number
}

const NUMBER = /[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?|[-+]?\.\d+/i

/** The option letter an answer names, or null (the one reader: main/domain/options.ts). */
export { answerLetter }

/** The first number written in a text (thousands separators allowed), or null. */
export function firstNumber(text: string): number | null {
  const m = NUMBER.exec(text)
  if (!m) return null
  const value = Number(m[0].replace(/,/g, ''))
  return Number.isFinite(value) ? value : null
}

/** The answer type a gold answer implies when the task does not say. */
export function inferAnswerType(gold: GoldAnswer): AnswerType {
  if (gold.answer_type) return gold.answer_type
  if (typeof gold.answer === 'number') return 'number'
  if (/^[A-H]$/.test(gold.answer.trim())) return 'choice'
  return firstNumber(gold.answer) !== null && /^[\s\d.,eE+\-%]+$/.test(gold.answer) ? 'number' : 'text'
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()

/** true/false when the answer can be judged against the gold, null when it cannot be read. */
export function answerIsCorrect(answer: string | null | undefined, gold: GoldAnswer): boolean | null {
  if (answer === null || answer === undefined || answer.trim() === '') return null
  switch (inferAnswerType(gold)) {
    case 'choice': {
      const letter = answerLetter(answer)
      return letter === null ? null : letter === String(gold.answer).trim().toUpperCase()
    }
    case 'number': {
      const got = firstNumber(answer)
      const want = typeof gold.answer === 'number' ? gold.answer : firstNumber(gold.answer)
      if (got === null || want === null) return null
      const tol = gold.tolerance ?? Math.abs(want) * 1e-6
      return Math.abs(got - want) <= tol
    }
    case 'text': {
      const want = squash(String(gold.answer))
      const got = squash(answer)
      return got === want || (want.length > 0 && got.includes(want))
    }
  }
}
