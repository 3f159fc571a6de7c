/**
 * Splitting a task's text into its question stem and its candidate options, and normalising both for the keyword
 * rules of the task classifier.
 *
 * CHOICE writes the options under the stem, one a line, as `A.text`, `B) text`...; Earth-Bench and the suite
 * format carry them separately (`options` / `choices`). Both shapes end up here as a stem plus a list of option
 * texts (letters stripped).
 */

export interface QuestionText {
  /** The question without its options, normalised (lower case, single spaces, `_` read as a space). */
  stem: string
  /** Option texts without their letters, normalised the same way. */
  options: string[]
}

/** `A.text`, `(b) text`, `C) text`, `D: text`, `E、text` at the start of a line. */
const OPTION_LINE = /^\s*\(?([A-Ha-h])\s*[.)．:、]\s*(.+)$/

/** Lower case, `a/an` read as `a`, underscores and runs of white space read as one space, curly quotes made plain. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\ba\/an\b/g, 'a')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Option texts from a string (one per line or `A. .. B. ..` on one line) or a list. */
export function splitOptions(options: string | readonly string[] | undefined | null): string[] {
  if (!options) return []
  if (Array.isArray(options)) return options.map((o) => normaliseText(String(o).replace(OPTION_LINE, '$2'))).filter(Boolean)
  const text = options as string
  const lines = text.split(/\r?\n/).filter((l) => l.trim().length > 0)
  if (lines.length > 1) return lines.map((l) => normaliseText(l.replace(OPTION_LINE, '$2')))
  // All options on one line: split before each ` B.`, ` C)`... marker.
  return text
    .split(/\s(?=\(?[B-H][.)]\s*)/)
    .map((part) => normaliseText(part.replace(OPTION_LINE, '$2')))
    .filter(Boolean)
}

/**
 * Parse a task text. Lines after the first that look like lettered options become options; everything else is the
 * stem. Options passed separately are appended.
 */
export function parseQuestion(question: string, options?: string | readonly string[] | null): QuestionText {
  const lines = question.split(/\r?\n/)
  const stemLines: string[] = []
  const inline: string[] = []
  lines.forEach((line, i) => {
    const m = i > 0 ? OPTION_LINE.exec(line) : null
    if (m) inline.push(normaliseText(m[2]))
    else if (inline.length === 0) stemLines.push(line)
    else inline[inline.length - 1] = normaliseText(`${inline[inline.length - 1]} ${line}`)
  })
  return { stem: normaliseText(stemLines.join(' ')), options: [...inline, ...splitOptions(options)] }
}
