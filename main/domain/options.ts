/**
 * Answer options and option letters: the one reader of a lettered options text ("A. 0.71  B. 0.69"), of the
 * letter an answer names ("B", "(B) ...", "The answer is B"), and of what counts as an option letter at all.
 * The question reader, the agent, calibration, evaluation and the window all use these.
 */

import { z } from 'zod'

/** An answer option as given: its letter ('A', 'B', ...) and its text. */
export interface AnswerOption {
  letter: string
  text: string
}

export const AnswerOptionSchema = z.object({ letter: z.string().regex(/^[A-Z]$/, 'an option letter is one capital letter'), text: z.string() })

/** Option letters run A..H (the suites and the paper never use more). */
export const OPTION_LETTERS = 'ABCDEFGH'

/** Whether a string is exactly one option letter (case-insensitive). */
export function isOptionLetter(s: unknown): s is string {
  return typeof s === 'string' && s.length === 1 && OPTION_LETTERS.includes(s.toUpperCase())
}

/** The letter of the i-th option (0-based): A, B, C... */
export const letterAt = (i: number): string => String.fromCharCode(65 + i)

const optionStart = /(?:^|\n|\s{2,}|;\s*|\s)\(?([A-H])(?:[.):：]|\s-)\s*/g

/** Whether a line starts with an option mark ("A.", "(B)", "C)", "D:"). */
export const startsWithOption = (line: string): boolean => /^\s*\(?[A-H]\s*[.):]/.test(line)

/**
 * Split an options text into lettered options. Accepts one option per line ("A. ..."), "A) ...", "(A) ..." and
 * several on one line ("A. x B. y"); the letters must run A, B, C... in order.
 */
export function parseOptions(text: string): AnswerOption[] {
  const trimmed = text.trim()
  if (trimmed === '') return []
  const marks: { letter: string; start: number; end: number }[] = []
  for (const m of trimmed.matchAll(optionStart)) {
    if (m[1] !== letterAt(marks.length)) continue
    marks.push({ letter: m[1], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length })
  }
  if (marks.length < 2) {
    throw new Error(`The options text must list at least two lettered options such as "A. 0.71\\nB. 0.69"; got "${trimmed.slice(0, 80)}".`)
  }
  return marks.map((mark, i) => ({
    letter: mark.letter,
    text: trimmed
      .slice(mark.end, i + 1 < marks.length ? marks[i + 1].start : undefined)
      .trim()
      .replace(/[;,]$/, ''),
  }))
}

const LEADING_LETTER = /^\s*[([]?\s*([A-H])\s*(?:[.):\]]|$|[-–—,;])/
const NAMED_LETTER = /\b(?:answer|option|choice)\s*(?:is|:|=)?\s*[([]?([A-H])\b/i

/** The option letter an answer names, read from its start ("B", "B.", "(B) ...") or "answer is B"; or null. */
export function answerLetter(answer: string): string | null {
  answer = answer.replace(/[*_`]/g, '')
  const lead = LEADING_LETTER.exec(answer)
  if (lead) return lead[1].toUpperCase()
  const named = NAMED_LETTER.exec(answer)
  return named ? named[1].toUpperCase() : null
}
