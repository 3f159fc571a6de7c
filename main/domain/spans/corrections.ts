/**
 * A refiner before all others: a later chat message (or sentence) that corrects an earlier one ("sorry, 300 K",
 * "no wait, band 11 not 10", "actually the median, not the mean", "oops, 29 aug not 13 aug") is applied to the text
 * it corrects, and the question is read as corrected. A correction is applied only where it names exactly one place:
 * "<meant> not <written>" where <written> occurs once before it (a bare number takes the words around <meant>'s number:
 * "band 11 not 10" looks for "band 10"), or a bare value ("300 K", "the median", "29 Aug", "band 11") where exactly
 * one earlier value is of its kind (a temperature, a date, a band, a statistic ...). A correction that names no such
 * place ("wait no. 29 AUGUST over 9 may") is left in the text and listed as unapplied: the readers block on it, since
 * reading the question without it would answer what was written before it was corrected.
 *
 * Written here rather than with a library: the forms are the lexicon's (CORRECTION_OPENERS, CORRECTION_JOINS) and
 * what a correction may replace is the readers' own notion of a value (dates, bands, units, statistics).
 */
import { CORRECTION_JOINS, CORRECTION_OPENERS } from '../lexicon/context'
import { MONTHS } from '../lexicon/periods'
import { STATISTICS } from '../lexicon/statistics'
import { alternation, escape } from './words'

export interface Correction {
  /** The correcting message or sentence as written. */
  text: string
  /** What it replaced, and with what; null when the reader could not place it. */
  replaced: { written: string; meant: string } | null
}

export interface CorrectedQuestion {
  /** The question with every applied correction made, the correcting words removed. */
  text: string
  corrections: Correction[]
}

const OPENER = alternation([...CORRECTION_OPENERS.strong, ...CORRECTION_OPENERS.weak, ...CORRECTION_OPENERS.interjections])
const OPENER_RE = new RegExp(`^((?:${OPENER})(?:[\\s,.:;!-]+(?:${OPENER}))*)(?![\\w])[\\s,.:;!-]*`, 'i')
const STRONG = new Set(CORRECTION_OPENERS.strong)
const JOIN = alternation(CORRECTION_JOINS)
const LEAD = `(?:it'?s\\s+|it\\s+is\\s+|use\\s+|should\\s+be\\s+|i\\s+meant?\\s+|make\\s+(?:that|it)\\s+)?`
/** A short phrase (at most 60 characters), no clause punctuation. */
const PHRASE = `[^,;:!?]{1,60}?`
const MEANT_NOT_WRITTEN = new RegExp(`^${LEAD}(${PHRASE}),?\\s+(?:${JOIN})\\s+(${PHRASE})$`, 'i')
const NOT_WRITTEN_BUT_MEANT = new RegExp(`^not\\s+(${PHRASE})(?:\\s*,\\s*|\\s+but\\s+)(${PHRASE})$`, 'i')
const BARE = new RegExp(`^${LEAD}(${PHRASE})$`, 'i')

const MONTH = alternation(MONTHS.flatMap((m) => m.names))
const NUMBER = `[+\\-−]?\\d+(?:\\.\\d+)?`
const UNIT = `°\\s?[cf]\\b|℃|℉|kelvin\\b|k\\b|%|km2|km²|ha\\b|m2|m²|acres?\\b|percent\\b`
/** Kinds of value a correction may replace, most specific first. */
const KINDS: readonly { kind: string; re: RegExp }[] = [
  {
    kind: 'date',
    re: new RegExp(
      `\\b(?:\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTH})(?:\\s+\\d{4})?|(?:${MONTH})\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?)(?![\\w])`,
      'gi',
    ),
  },
  { kind: 'band', re: /\b(?:band|b)\s*\d{1,2}\b/gi },
  { kind: 'month', re: new RegExp(`\\b(?:${MONTH})(?![\\w])`, 'gi') },
  { kind: 'statistic', re: /\b\d{1,2}(?:st|nd|rd|th)?[\s-]*(?:percentile|pctl?)\b|\bp\d{1,2}\b/gi },
  { kind: 'statistic', re: new RegExp(`\\b(?:${alternation(STATISTICS.filter((s) => !['fraction', 'area'].includes(s.key)).flatMap((s) => s.names))})`, 'gi') },
  { kind: 'quantity', re: new RegExp(`(?<![\\w.\\-])${NUMBER}\\s*(?:${UNIT})`, 'gi') },
  { kind: 'number', re: new RegExp(`(?<![\\w.\\-/])${NUMBER}(?![\\w]|[.\\-/]\\d)`, 'gi') },
]

interface Token {
  kind: string
  at: number
  end: number
  text: string
}

/** The values of a text, each of the most specific kind that covers it. */
function tokens(text: string): Token[] {
  const out: Token[] = []
  for (const { kind, re } of KINDS)
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0
      const end = at + m[0].length
      if (!out.some((t) => t.at < end && t.end > at)) out.push({ kind: kindOf(kind, m[0]), at, end, text: m[0] })
    }
  return out
}

/** A quantity's kind carries its unit: "300 K" corrects a temperature, not a percentage. */
function kindOf(kind: string, text: string): string {
  if (kind !== 'quantity') return kind
  const unit = text.replace(new RegExp(`^${NUMBER}\\s*`), '').toLowerCase()
  return `quantity:${/°|℃|℉|kelvin|^k$/.test(unit) ? 'temperature' : /%|percent/.test(unit) ? 'share' : 'area'}`
}

/** The single value the phrase is, or null when it is more (or other) than one value. */
function valueOf(phrase: string): Token | null {
  const t = tokens(phrase)
  return t.length === 1 && t[0].at === 0 && t[0].end === phrase.length ? t[0] : null
}

const stripArticle = (s: string) => s.trim().replace(/^(?:the|a|an)\s+/i, '')

/** Where a phrase occurs in the text as a whole value (never inside a longer number or word). */
function occurrences(text: string, phrase: string): { at: number; end: number }[] {
  const body = escape(phrase).replace(/\s+/g, '[ \\t]+')
  const re = new RegExp(`(?<![\\w.\\-/])${body}(?![\\w]|[.\\-/]\\d)`, 'gi')
  return [...text.matchAll(re)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length }))
}

/**
 * "<meant> not <written>": the one place <written> stands in the earlier text. A bare number written beside a meant
 * value with words around its number ("band 11 not 10", "29 aug not 13") is looked for with those words first.
 */
function placeWritten(before: string, meant: string, written: string): { at: number; end: number } | null {
  const candidates = [written]
  if (/^[+\-−]?\d+(?:\.\d+)?$/.test(written)) {
    const m = meant.match(new RegExp(`^(.*?)${NUMBER}(.*)$`))
    if (m && (m[1] || m[2])) candidates.unshift(`${m[1]}${written}${m[2]}`.trim(), `${m[1]}${written}`.trim(), `${written}${m[2]}`.trim())
  }
  for (const c of [...new Set(candidates)].filter((x) => x !== '')) {
    const found = occurrences(before, c)
    if (found.length === 1) return found[0]
    if (found.length > 1) return null
  }
  return null
}

/** A bare value ("300 K", "the median", "band 11"): the one earlier value of its kind. */
function placeBare(before: string, meant: string): { at: number; end: number } | null {
  const v = valueOf(meant)
  if (!v) return null
  const same = tokens(before).filter((t) => t.kind === v.kind)
  return same.length === 1 ? same[0] : null
}

interface Unit {
  /** Whether the opener marks a correction whatever follows. */
  strong: boolean
  /** The words after the opener up to the end of the clause. */
  clause: string
  /** What follows the clause in the same message or sentence. */
  rest: string
}

/** The correcting clause a message or sentence starts with, or null. A line with no opener may still be "<v> not <v>". */
function correctionAt(segment: string): Unit | null {
  const opened = segment.match(OPENER_RE)
  const body = opened ? segment.slice(opened[0].length) : segment
  const words = opened ? opened[1].toLowerCase().split(/[\s,.:;!-]+/) : []
  const strong = words.some((w, i) => STRONG.has(w) || STRONG.has(`${w} ${words[i + 1] ?? ''}`))
  // The clause ends at a sentence mark that is not a decimal point.
  const cut = body.search(/(?<!\d)[.;!?](?!\d)/)
  const clause = (cut < 0 ? body : body.slice(0, cut)).trim()
  const rest = cut < 0 ? '' : body.slice(cut + 1).trim()
  if (!opened) {
    // Without an opener only a value corrected by a value of its kind ("band 11 not 10") is a correction.
    const m = clause.match(MEANT_NOT_WRITTEN)
    if (!m || rest !== '' || !valueOf(stripArticle(m[1])) || !(valueOf(stripArticle(m[2])) || /^\d+(?:\.\d+)?$/.test(m[2].trim()))) return null
    return { strong: false, clause, rest }
  }
  return { strong, clause, rest }
}

/** The meant and written sides of a correcting clause ("<meant> not <written>", "not <written> but <meant>", or a bare <meant>). */
function sidesOf(clause: string): { meant: string; written: string | null } | null {
  const m = clause.match(MEANT_NOT_WRITTEN)
  if (m) return { meant: stripArticle(m[1]), written: stripArticle(m[2]) }
  const n = clause.match(NOT_WRITTEN_BUT_MEANT)
  if (n) return { meant: stripArticle(n[2]), written: stripArticle(n[1]) }
  const b = clause.match(BARE)
  return b ? { meant: stripArticle(b[1]), written: null } : null
}

/** Whether the clause corrects a value (a date, band, unit, statistic ...): what a weak opener needs to be a correction. */
function correctsValue(clause: string): boolean {
  const sides = sidesOf(clause)
  return sides !== null && (valueOf(sides.meant) !== null || (sides.written !== null && valueOf(sides.written) !== null))
}

function apply(before: string, clause: string): { text: string; written: string; meant: string } | null {
  const sides = sidesOf(clause)
  if (!sides) return null
  const at = sides.written === null ? placeBare(before, sides.meant) : placeWritten(before, sides.meant, sides.written)
  if (!at) return null
  const written = before.slice(at.at, at.end)
  // A date corrected by a day and month keeps the year it was written with ("9 May 2019", then "oops, 29 May").
  const year = valueOf(sides.meant)?.kind === 'date' && !/\d{4}/.test(sides.meant) ? written.match(/\d{4}/)?.[0] : undefined
  const meant = year ? `${sides.meant} ${year}` : sides.meant
  return { text: before.slice(0, at.at) + meant + before.slice(at.end), written, meant }
}

/**
 * The question as its own later messages correct it. Messages are lines; within a line a sentence may open with a
 * strong correction word ("Mean NDVI on 9 May. Oops, 29 May."). The first message corrects nothing.
 */
export function applyCorrections(question: string): CorrectedQuestion {
  const corrections: Correction[] = []
  // The lines read so far, corrected; the last is the one being read.
  let out: string[] = []
  for (const [i, line] of question.split(/\r?\n/).entries()) {
    out.push('')
    const keep = (s: string) => {
      if (s.trim() !== '') out[out.length - 1] += (out[out.length - 1] ? ' ' : '') + s.trim()
    }
    const sentences = line.split(/(?<=[.!?])\s+(?=\S)/)
    for (const [j, sentence] of sentences.entries()) {
      const unit = i === 0 && j === 0 ? null : correctionAt(sentence.trim())
      // A weak opener corrects only a value ("sorry, 300 K"; "sorry for the short notice" corrects nothing), and
      // within a line only a strong one starts a correction ("Thanks. Sorry to ask again" does not).
      if (!unit || (!unit.strong && (j > 0 || !correctsValue(unit.clause)))) {
        keep(sentence)
        continue
      }
      const done = unit.clause ? apply(out.join('\n'), unit.clause) : null
      if (done) {
        corrections.push({ text: sentence.trim(), replaced: { written: done.written, meant: done.meant } })
        out = done.text.split('\n')
        keep(unit.rest)
        continue
      }
      // Not placed: the rest of the message stays as written and is listed, so the readers block on it.
      const rest = sentences.slice(j).join(' ').trim()
      corrections.push({ text: rest, replaced: null })
      keep(rest)
      break
    }
  }
  return { text: out.filter((l) => l.trim() !== '').join('\n'), corrections }
}
