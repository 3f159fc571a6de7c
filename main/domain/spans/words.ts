/** Building regular expressions from lexicon phrases: escaped, longest first, a space also matching a hyphen. */

export function escape(s: string): string {
  return s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')
}

/** One phrase as a pattern: spaces match runs of spaces or hyphens; word boundaries where the phrase has word edges. */
export function phrasePattern(p: string): string {
  const body = escape(p.toLowerCase()).replace(/\\-/g, '[\\s-]*').replace(/ /g, '[\\s-]+')
  const start = /^\w/.test(p) ? '\\b' : ''
  // A comparison symbol may touch its operands ("LST>310K", "TVDI<0.5"): no boundary after it.
  const end = /\w$/.test(p) ? '\\b' : /^[<>=≤≥]+$/.test(p) ? '' : '(?![\\w])'
  return `${start}${body}${end}`
}

/** An alternation of phrases, longest first (so "maximum" wins over "max"). */
export function alternation(phrases: readonly string[]): string {
  return [...new Set(phrases)]
    .sort((a, b) => b.length - a.length)
    .map(phrasePattern)
    .join('|')
}

export function phraseRegex(phrases: readonly string[], flags = 'gi'): RegExp {
  return new RegExp(`(?:${alternation(phrases)})`, flags)
}

export interface Hit {
  at: number
  end: number
  text: string
  m: RegExpMatchArray
}

export function hits(q: string, re: RegExp): Hit[] {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)
  return [...q.matchAll(g)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, text: m[0], m }))
}

export const overlaps = (a: { at: number; end: number }, b: { at: number; end: number }) => a.at < b.end && a.end > b.at

/** The sentences of a question, with where they are. */
export function sentences(q: string): { at: number; end: number; text: string }[] {
  const out: { at: number; end: number; text: string }[] = []
  const re = /[^.?!;]+(?:[.?!;]+|$)/g
  for (const m of q.matchAll(re)) {
    // A full stop inside a word or number ("0.75", "13.08.2019", "day.month.year") does not end a sentence: glue a
    // piece that follows its full stop with no space to the one before.
    const at = m.index ?? 0
    const last = out.at(-1)
    if (last && /\.$/.test(last.text) && /^[^\s.?!;]/.test(m[0])) {
      last.end = at + m[0].length
      last.text = q.slice(last.at, last.end)
    } else out.push({ at, end: at + m[0].length, text: m[0] })
  }
  return out
}
