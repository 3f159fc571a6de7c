/**
 * Word matching for the planner's reader (read-task.ts): regex hits with positions, the value statistic a question
 * names with the lexicon's words (vocabulary.ts), and object classes.
 */
import { OBJECT_CLASSES as LEX_OBJECT_CLASSES } from '../domain/lexicon'
import { NOT_STATISTICS } from '../domain/lexicon/statistics'
import { everyMatch, phraseRegex } from '../domain/spans/words'
import type { Statistic } from './spec'
import { VALUE_STATISTICS } from './vocabulary'

export function firstMatch(q: string, re: RegExp): { at: number; end: number; m: RegExpMatchArray } | null {
  const m = q.match(re)
  if (!m || m.index === undefined) return null
  return { at: m.index, end: m.index + m[0].length, m }
}

/** Every occurrence of a regex, with positions. */
export function allMatches(q: string, re: RegExp): { at: number; end: number; m: RegExpMatchArray }[] {
  return everyMatch(q, re).map((m) => ({ at: m.index, end: m.index + m[0].length, m }))
}

/** "The date range", "in the range 0.2 to 0.5": a statistic word that names none (the lexicon's). */
const NOT_STAT_RE = phraseRegex(NOT_STATISTICS)

/**
 * The value statistic a question names ("median", "standard deviation", "mean"...). Two different ones nested
 * ("the maximum of the daily mean") give the outer one; two listed side by side give the first, and the others are
 * recorded as used words too (the answer reports the first).
 */
export function readValueStatistic(
  q: string,
  spans: readonly { at: number; end: number }[],
): { statistic: Statistic; hits: { at: number; end: number; statistic: Statistic }[] } | null {
  const notStat = allMatches(q, NOT_STAT_RE)
  const hits = VALUE_STATISTICS.flatMap((s) => allMatches(q, s.words).map((h) => ({ ...h, statistic: s.statistic })))
    .filter((h) => ![...spans, ...notStat].some((s) => h.at < s.end && h.end > s.at))
    .sort((a, b) => a.at - b.at)
  // Overlapping words ("max" inside "maximum - minimum" for range): keep the longest at each place.
  const kept = hits.filter((h) => !hits.some((o) => o !== h && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at))
  if (kept.length === 0) return null
  return { statistic: kept[0].statistic, hits: kept }
}

/** The lexicon's object class a word names ("airplanes", "aircraft" -> airplane). */
export function objectClass(word: string): string {
  const w = word.toLowerCase().replace(/\s+/g, ' ')
  return Object.entries(LEX_OBJECT_CLASSES).find(([, words]) => words.includes(w))?.[0] ?? w
}
