/**
 * What the stages of the task reader (read-task.ts, read-quantity.ts, read-subjects.ts) share while they read one
 * question: its text as parsed, its spans and answer options, and the two records every stage writes to, the words
 * read (each with the part of the spec it fills) and the words refused.
 */
import { parseQuestion, type ParsedQuestion, type Span as LexSpan } from '../domain/spans'
import type { AnswerOption } from './options'
import type { NotUnderstood } from './spec'

/** Words of the question that have been read, and the part of the spec they fill. */
export interface Span {
  at: number
  end: number
  role: string
}

export interface Reading {
  parsed: ParsedQuestion
  /** The question as the span parser wrote it out: every position refers to this text. */
  q: string
  /** The span parser's spans over `q`. */
  lex: readonly LexSpan[]
  options: readonly AnswerOption[]
  /** The words read so far, in the order the stages read them (later stages skip words already read). */
  spans: Span[]
  use: (at: number, end: number, role: string) => void
  /** The words refused so far, in the order they were refused. */
  notUnderstood: NotUnderstood[]
  refuse: (text: string, why: string) => void
}

/** Parse a question and start its reading with nothing read and nothing refused. */
export function startReading(question: string, options: readonly AnswerOption[]): Reading {
  const parsed = parseQuestion(question)
  const spans: Span[] = []
  const notUnderstood: NotUnderstood[] = []
  return {
    parsed,
    q: parsed.text,
    lex: parsed.spans,
    options,
    spans,
    use: (at, end, role) => spans.push({ at, end, role }),
    notUnderstood,
    refuse: (text, why) => notUnderstood.push({ text, blocking: true, why }),
  }
}
