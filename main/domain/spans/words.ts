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

/**
 * An alternation of words as written, longest first, with no case folding and no word boundaries of its own: for
 * words matched in capitals only ("IV", "SON"), or bounded by the pattern around them (inflected or accented words).
 */
export function literalAlternation(words: readonly string[]): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(escape)
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

/**
 * Hits of `re` with each of `spans` standing as one character ("§"), positions in `q`: a pattern that bounds how far
 * apart two words may be ("which date ... lowest") is not stretched by a long period written between them, nor
 * stopped by the full stops inside one ("31.10.2019").
 */
export function hitsOver(q: string, re: RegExp, spans: readonly { at: number; end: number }[]): Hit[] {
  const sorted = [...spans].sort((a, b) => a.at - b.at)
  let text = ''
  const origin: number[] = []
  let from = 0
  for (const s of sorted) {
    if (s.at < from) continue
    for (let i = from; i < s.at; i++) origin.push(i)
    text += q.slice(from, s.at) + '§'
    origin.push(s.at)
    from = s.end
  }
  for (let i = from; i < q.length; i++) origin.push(i)
  text += q.slice(from)
  origin.push(q.length)
  // A span's one character stands for all of it: a hit ending on it ends where the span ends.
  const endOf = (i: number) => (text[i - 1] === '§' ? (sorted.find((s) => s.at === origin[i - 1])?.end ?? origin[i]) : origin[i])
  return hits(text, re).map((h) => {
    const at = origin[h.at]
    const end = endOf(h.end)
    return { at, end, text: q.slice(at, end), m: h.m }
  })
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
